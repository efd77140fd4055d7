"""The season's event [S 8.6]: a d100 names a province by its number and a die picks one of the events
its description lists (98-100: a palace plot); a number no province has is a quiet season.

- favourable: 100 talents to the province's master, at once;
- storm (sand, snow, sea, earthquake): nobody moves in the place or into it next season [S 8.7];
- barbarians: a horde appears, with a chief drawn at random; it stays that year [S 8.8];
- pirates: they infest the sea off a coastal province and raid it from the next season [S 8.9];
- bad harvest: no food surplus next year and a grain deficit of 1; not ravaged [S 8.10];
- epidemic: the province is ravaged; the king and any general there this season die 60 times in 100
  (once a year) [S 8.11];
- palace plot: a king in his capital, drawn at random, faces an assassin [S 8.12].
"""

from __future__ import annotations

from .battles import fight_place
from .model import Title
from .outcome import Code, Entry, Step
from .politics import plot_result
from .state import Horde, Pirates, Ravage
from .succession import leader_dies
from .work import Work

FAVOURABLE = 100
EPIDEMIC_DEATH = 60
PALACE_PLOT_FROM = 98


def season_event(w: Work) -> None:
    roll = w.roll(100, "event")
    if roll >= PALACE_PLOT_FROM:
        palace_plot(w, roll)
        return
    province = w.s.by_number.get(roll)
    if province is None or not w.s.provinces[province].events:
        w.rec(Step.CAMPAIGN, Code.EVENT, None, roll=roll, province=province or "", kind="quiet")
        return
    kinds = w.s.provinces[province].events
    kind = kinds[w.roll(len(kinds), "event kind", province) - 1] if len(kinds) > 1 else kinds[0]
    w.rec(Step.CAMPAIGN, Code.EVENT, w.owners.get(province), roll=roll, province=province, kind=kind)
    apply_event(w, province, kind)


def apply_event(w: Work, province: str, kind: str) -> None:
    owner = w.owners.get(province)
    if kind == "favourable":
        if owner is not None:
            w.credit(owner, FAVOURABLE, Step.CAMPAIGN, Entry.FAVOURABLE_EVENT, province)
        w.rec(Step.CAMPAIGN, Code.FAVOURABLE, owner, province=province, amount=FAVOURABLE if owner else 0)
    elif kind == "storm":
        w.storms[province] = w.season_index + 1
        w.rec(Step.CAMPAIGN, Code.STORM, owner, place=province)
    elif kind == "barbarians":
        hid = f"horde_{province}_{w.year}_{w.season_index}"
        name = w.s.provinces[province].name
        raiders = Title(f"raiders of {name.en}", f"les pillards {w.french_of(province)}")
        chief = w.new_leader(None, Title(f"chief of the {name.en} raiders", f"le chef des {raiders.fr[4:]}"), hid)
        w.hordes.append(Horde(hid, raiders, province, chief, w.year))
        w.rec(Step.CAMPAIGN, Code.HORDE, owner, horde=hid, province=province)
        # the event "is resolved by a battle" where it brings one: the troops there fight it now [S 8.8]
        fight_place(w, province)
    elif kind == "pirates":
        prov = w.s.provinces[province]
        zone = prov.pirate_zone or (prov.coasts[0] if prov.coasts else "")
        if not zone:
            return
        pid = f"pirates_{province}_{w.year}_{w.season_index}"
        band = Title(f"pirates of the {w.s.seas[zone].name.en}", f"les pirates {w.french_of(zone)}")
        chief = w.new_leader(None, Title(f"pirate chief off {prov.name.en}", f"le chef des {band.fr[4:]}"), pid)
        w.pirates.append(
            Pirates(
                pid,
                band,
                province,
                zone,
                chief,
                w.season_number(),
            )
        )
        w.rec(Step.CAMPAIGN, Code.PIRATES, owner, pirates=pid, province=province, zone=zone)
    elif kind == "bad_harvest":
        w.bad_harvest.add(province)
        w.rec(Step.CAMPAIGN, Code.BAD_HARVEST, owner, province=province)
    elif kind == "epidemic":
        w.epidemics.add(province)
        w.ravage(province, Ravage.EPIDEMIC)
        w.rec(Step.CAMPAIGN, Code.EPIDEMIC, owner, province=province)
        stricken = []
        for info in w.powers.values():
            king_unit = w.commander_of(info.king)
            if (king_unit is None and info.capital == province) or (
                king_unit is not None and king_unit.place == province
            ):
                stricken.append(info.king)
        stricken += [u.leader for u in w.unit_at(province) if u.leader not in stricken]
        for leader in stricken:
            if leader in w.plague_tested or leader not in w.leaders:
                continue
            w.plague_tested.add(leader)  # one test a year [S 8.11]
            dies, _ = w.percent(EPIDEMIC_DEATH, "epidemic", leader)
            if dies:
                leader_dies(w, leader, "epidemic", Step.CAMPAIGN)


def palace_plot(w: Work, roll: int) -> None:
    """A plot at court [S 8.12]: among the kings in their capital (not leading troops), one drawn at
    random faces the assassination table; nobody knows who was behind it."""
    kings = [
        info.king for p, info in sorted(w.powers.items()) if not info.eliminated and w.commander_of(info.king) is None
    ]
    if not kings:
        w.rec(Step.CAMPAIGN, Code.EVENT, None, roll=roll, province="", kind="palace_plot")
        return
    victim = w.pick(kings, "palace plot")
    power = next(p for p, info in w.powers.items() if info.king == victim)
    killed, found, table = plot_result(w, "palace plot", victim)
    # the court's assassins have no master to name: "found" only says the culprits were caught [S 8.12]
    w.rec(Step.CAMPAIGN, Code.PALACE_PLOT, power, king=victim, roll=table, killed=killed, found=found)
    if killed:
        leader_dies(w, victim, "palace plot", Step.CAMPAIGN)
