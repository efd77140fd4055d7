"""The state of a Symmachia game between two years, as frozen values, in three parts [S 1.4]:

- public: who holds what, capitals and main trading posts, protectors, units with their commanders,
  glory and fleet age, embarked armies, hordes and pirates, ravaged provinces and why, blockades, the
  year's published balances and revenues, prestige, last year's fights;
- private to each power: its treasury and last year's ledger, line by line;
- the game master's: every leader's secret competence.

`state_to_data` and `state_from_data` are its plain-data codec (what a state file holds), whose three
top-level keys say which part is which: ``public``, ``private`` (by power), ``game_master``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .checking import Checker
from .model import Good, Title, UnitKind


class Ravage(enum.Enum):
    """Why a province is ravaged [S 2.4]: it yields nothing the next year."""

    OCCUPATION = "occupation"  # an army not of its side ended a season in it
    PILLAGE = "pillage"  # the winner of a battle in a province it does not control
    RAID = "raid"  # a fleet's successful raid
    PIRATES = "pirates"
    BARBARIANS = "barbarians"
    EPIDEMIC = "epidemic"
    WAR = "war"  # a scenario's start: ravaged before the game


@dataclass(frozen=True)
class Leader:
    id: str
    name: Title
    power: str | None  # None: a barbarian or pirate chief
    glorious: bool = False  # has won a total victory: +1 to any unit he commands [S 5.6]


@dataclass(frozen=True)
class Unit:
    id: str
    power: str
    kind: UnitKind
    place: str  # a province (army) or a sea zone (fleet, or an army aboard its fleet)
    leader: str
    age: int = 0  # fleets: years maintained without wood, -2 then -4 [S 3.7]
    aboard: str | None = None  # an army embarked: the fleet carrying it
    pacify_attempts: int = 0  # consecutive attempts to pacify `place` [S 6.5]
    desert_since: int | None = None  # the season number it entered a desert [S 8.5]
    wages_from: int | None = None  # a usurper's troops ask no wages before this year's winter [S 7.6]
    passage: int = 0  # seasons spent on a long passage [S 8.2]


@dataclass(frozen=True)
class Horde:
    id: str
    name: Title
    place: str
    leader: str
    since: int  # the year it appeared: it stays put that year [S 8.8]


@dataclass(frozen=True)
class Pirates:
    id: str
    name: Title
    province: str  # the coast they harry
    zone: str  # the sea zone they infest
    leader: str
    since: int  # the season number they appeared: they raid from the next season [S 8.9]


@dataclass(frozen=True)
class Forecast:
    """What the year to come holds for a power, published with last year's report [S 2.2] [S 3.1]."""

    local: int = 0  # provinces, capital and mines
    provincial: int = 0  # the tax on surpluses sold inside the kingdom
    exports: Mapping[Good, int] = field(default_factory=dict)  # what it may sell abroad
    imports: Mapping[Good, int] = field(default_factory=dict)  # what it must buy to cover its needs


@dataclass(frozen=True)
class PowerPublic:
    id: str
    name: Title
    major: bool
    king: str  # the leader id of its head
    capital: str  # where the court sits (a temporary capital after a loss [S 2.3])
    original_capital: str
    protector: str | None = None  # minors: the king who writes its orders this year
    main_trading_post: str | None = None  # for this year's trade, unless its orders change it
    prestige: int = 0
    last_gain: int = 0  # the change of the last year's end, for the tie-break of victory [S 9.4]
    eliminated: bool = False
    fought: tuple[str, ...] = ()  # powers it fought last year: their trading posts are closed to it [S 3.6]
    aggressors: tuple[str, ...] = ()  # powers that attacked it last year: a usurper's first protectors [S 7.6]
    usurper_of: str | None = None  # a usurper: the king he rose against


@dataclass(frozen=True)
class LedgerLine:
    """One line of a treasury: the step of the year (1-26), what it was for, the amount (+ income,
    - spending) and who or what it concerned."""

    step: int
    entry: str  # an `outcome.Entry` value
    amount: int
    ref: str = ""


@dataclass(frozen=True)
class PrivateState:
    treasury: int = 0
    ledger: tuple[LedgerLine, ...] = ()


@dataclass(frozen=True)
class MasterState:
    competence: Mapping[str, int] = field(default_factory=dict)  # every leader's, secret [S 5.1]


@dataclass(frozen=True)
class PublicState:
    scenario: str
    year: int  # the year whose orders are awaited
    owners: Mapping[str, str]  # province -> power; a province absent is independent
    powers: Mapping[str, PowerPublic]
    leaders: Mapping[str, Leader]
    units: Mapping[str, Unit]
    hordes: tuple[Horde, ...] = ()
    pirates: tuple[Pirates, ...] = ()
    ravaged: Mapping[str, tuple[Ravage, ...]] = field(default_factory=dict)  # by the last campaign
    blockades: tuple[str, ...] = ()  # sea zones blockaded in the last campaign: closed to this year's trade
    balances: Mapping[str, Mapping[Good, int]] = field(default_factory=dict)  # this year's, by province
    forecasts: Mapping[str, Forecast] = field(default_factory=dict)
    winners: tuple[str, ...] = ()  # the game is over when some power has won [S 9.4]


PUBLIC_KEYS = tuple(f.name for f in fields(PublicState))  # the public part's keys in a state file


@dataclass(frozen=True)
class State:
    public: PublicState
    private: Mapping[str, PrivateState]
    master: MasterState

    # ---- convenient reads ------------------------------------------------------------------------

    def owner(self, province: str) -> str | None:
        return self.public.owners.get(province)

    def provinces_of(self, power: str) -> list[str]:
        return sorted(p for p, o in self.public.owners.items() if o == power)

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.public.units.values() if u.power == power]

    def treasury(self, power: str) -> int:
        return self.private.get(power, PrivateState()).treasury

    def controller(self, power: str) -> str:
        """The player's power that writes `power`'s orders: a minor's protector, else itself."""
        info = self.public.powers.get(power)
        return info.protector if info is not None and info.protector else power

    def commanded_by(self, leader: str) -> Unit | None:
        return next((u for u in self.public.units.values() if u.leader == leader), None)

    def with_treasury(self, power: str, amount: int) -> State:
        private = dict(self.private)
        private[power] = replace(private.get(power, PrivateState()), treasury=amount)
        return replace(self, private=private)


# ---- the codec ---------------------------------------------------------------------------------------


def _title_data(t: Title) -> Any:
    return t.en if t.en == t.fr else {"en": t.en, "fr": t.fr}


def _goods_data(m: Mapping[Good, int]) -> dict[str, int]:
    return {g.value: m[g] for g in Good if m.get(g)}


def state_to_data(state: State) -> dict[str, Any]:
    """The state as plain data, sorted, for a state file: the same state gives the same data."""
    pub = state.public
    public: dict[str, Any] = {
        "scenario": pub.scenario,
        "year": pub.year,
        "owners": {p: pub.owners[p] for p in sorted(pub.owners)},
        "powers": {pid: _power_data(pub.powers[pid]) for pid in sorted(pub.powers)},
        "leaders": {lid: _leader_data(pub.leaders[lid]) for lid in sorted(pub.leaders)},
        "units": {uid: _unit_data(pub.units[uid]) for uid in sorted(pub.units)},
        "hordes": [
            {"id": h.id, "name": _title_data(h.name), "place": h.place, "leader": h.leader, "since": h.since}
            for h in sorted(pub.hordes, key=lambda h: h.id)
        ],
        "pirates": [
            {
                "id": p.id,
                "name": _title_data(p.name),
                "province": p.province,
                "zone": p.zone,
                "leader": p.leader,
                "since": p.since,
            }
            for p in sorted(pub.pirates, key=lambda p: p.id)
        ],
        "ravaged": {p: [r.value for r in pub.ravaged[p]] for p in sorted(pub.ravaged)},
        "blockades": sorted(pub.blockades),
        "balances": {p: _goods_data(pub.balances[p]) for p in sorted(pub.balances) if _goods_data(pub.balances[p])},
        "forecasts": {pid: _forecast_data(pub.forecasts[pid]) for pid in sorted(pub.forecasts)},
        "winners": sorted(pub.winners),
    }
    private = {
        pid: {
            "treasury": state.private[pid].treasury,
            "ledger": [[line.step, line.entry, line.amount, line.ref] for line in state.private[pid].ledger],
        }
        for pid in sorted(state.private)
    }
    master = {"competence": {lid: state.master.competence[lid] for lid in sorted(state.master.competence)}}
    return {"public": public, "private": private, "game_master": master}


def _power_data(p: PowerPublic) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": _title_data(p.name),
        "major": p.major,
        "king": p.king,
        "capital": p.capital,
        "original_capital": p.original_capital,
    }
    if p.protector:
        out["protector"] = p.protector
    if p.main_trading_post:
        out["main_trading_post"] = p.main_trading_post
    out["prestige"] = p.prestige
    out["last_gain"] = p.last_gain
    if p.eliminated:
        out["eliminated"] = True
    if p.fought:
        out["fought"] = sorted(p.fought)
    if p.aggressors:
        out["aggressors"] = sorted(p.aggressors)
    if p.usurper_of:
        out["usurper_of"] = p.usurper_of
    return out


def _leader_data(leader: Leader) -> dict[str, Any]:
    out: dict[str, Any] = {"name": _title_data(leader.name)}
    if leader.power is not None:
        out["power"] = leader.power
    if leader.glorious:
        out["glorious"] = True
    return out


def _unit_data(u: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {"power": u.power, "kind": u.kind.value, "place": u.place, "leader": u.leader}
    for key, value, empty in (
        ("age", u.age, 0),
        ("aboard", u.aboard, None),
        ("pacify_attempts", u.pacify_attempts, 0),
        ("desert_since", u.desert_since, None),
        ("wages_from", u.wages_from, None),
        ("passage", u.passage, 0),
    ):
        if value != empty:
            out[key] = value
    return out


def _forecast_data(f: Forecast) -> dict[str, Any]:
    return {
        "local": f.local,
        "provincial": f.provincial,
        "exports": _goods_data(f.exports),
        "imports": _goods_data(f.imports),
    }


def state_from_data(data: Any) -> State:
    """A state file's content back as a `State`; every problem at once (`DataError`)."""
    c = Checker()
    top = c.mapping(data, "")
    c.unknown_keys(top, "", ("public", "private", "game_master"))
    public = _public_from(c, top.get("public"))
    private = _private_from(c, top.get("private"))
    gm = c.mapping(top.get("game_master"), "game_master")
    competence = {
        lid: c.integer(v, f"game_master.competence.{lid}", -1, 3)
        for lid, v in c.mapping(gm.get("competence"), "game_master.competence", required=False).items()
    }
    c.done()
    return State(public, private, MasterState(competence))


def _public_from(c: Checker, data: Any) -> PublicState:
    pub = c.mapping(data, "public")
    c.unknown_keys(pub, "public", PUBLIC_KEYS)
    powers = {pid: _power_from(c, pid, raw) for pid, raw in c.mapping(pub.get("powers"), "public.powers").items()}
    leaders: dict[str, Leader] = {}
    for lid, raw in c.mapping(pub.get("leaders"), "public.leaders").items():
        m = c.mapping(raw, f"public.leaders.{lid}")
        power = m.get("power")
        leaders[lid] = Leader(
            lid,
            _title_from(c, m.get("name"), f"public.leaders.{lid}.name"),
            power if isinstance(power, str) else None,
            c.flag(m.get("glorious"), f"public.leaders.{lid}.glorious"),
        )
    units = {uid: _unit_from(c, uid, raw, leaders) for uid, raw in c.mapping(pub.get("units"), "public.units").items()}
    hordes, pirates = _bands_from(c, pub)
    ravaged: dict[str, tuple[Ravage, ...]] = {}
    for p, causes in c.mapping(pub.get("ravaged"), "public.ravaged", required=False).items():
        found = [c.choice(x, f"public.ravaged.{p}", Ravage) for x in c.sequence(causes, f"public.ravaged.{p}")]
        ravaged[p] = tuple(r for r in found if r is not None)
    balances = {
        p: _goods_from(c, v, f"public.balances.{p}")
        for p, v in c.mapping(pub.get("balances"), "public.balances", required=False).items()
    }
    forecasts = {}
    for pid, raw in c.mapping(pub.get("forecasts"), "public.forecasts", required=False).items():
        w = f"public.forecasts.{pid}"
        m = c.mapping(raw, w)
        forecasts[pid] = Forecast(
            c.integer(m.get("local", 0), f"{w}.local"),
            c.integer(m.get("provincial", 0), f"{w}.provincial"),
            _goods_from(c, m.get("exports"), f"{w}.exports"),
            _goods_from(c, m.get("imports"), f"{w}.imports"),
        )
    owners = {p: str(o) for p, o in c.mapping(pub.get("owners"), "public.owners").items()}
    for p, o in owners.items():
        if o not in powers:
            c.add(f"public.owners.{p}", f"unknown power {o!r}")
    return PublicState(
        c.text(pub.get("scenario"), "public.scenario"),
        c.integer(pub.get("year"), "public.year"),
        owners,
        powers,
        leaders,
        units,
        hordes,
        pirates,
        ravaged,
        tuple(str(z) for z in c.sequence(pub.get("blockades"), "public.blockades")),
        balances,
        forecasts,
        tuple(str(w) for w in c.sequence(pub.get("winners"), "public.winners")),
    )


def _power_from(c: Checker, pid: str, raw: Any) -> PowerPublic:
    w = f"public.powers.{pid}"
    m = c.mapping(raw, w)
    return PowerPublic(
        pid,
        _title_from(c, m.get("name"), f"{w}.name"),
        c.flag(m.get("major"), f"{w}.major", True),
        c.text(m.get("king"), f"{w}.king"),
        c.text(m.get("capital"), f"{w}.capital"),
        c.text(m.get("original_capital"), f"{w}.original_capital"),
        m.get("protector") if isinstance(m.get("protector"), str) else None,
        m.get("main_trading_post") if isinstance(m.get("main_trading_post"), str) else None,
        c.integer(m.get("prestige", 0), f"{w}.prestige"),
        c.integer(m.get("last_gain", 0), f"{w}.last_gain"),
        c.flag(m.get("eliminated"), f"{w}.eliminated"),
        tuple(str(x) for x in c.sequence(m.get("fought"), f"{w}.fought")),
        tuple(str(x) for x in c.sequence(m.get("aggressors"), f"{w}.aggressors")),
        m.get("usurper_of") if isinstance(m.get("usurper_of"), str) else None,
    )


def _unit_from(c: Checker, uid: str, raw: Any, leaders: Mapping[str, Leader]) -> Unit:
    w = f"public.units.{uid}"
    m = c.mapping(raw, w)
    kind = c.choice(m.get("kind"), f"{w}.kind", UnitKind, UnitKind.ARMY) or UnitKind.ARMY
    leader = c.text(m.get("leader"), f"{w}.leader")
    if leader and leader not in leaders:
        c.add(f"{w}.leader", f"unknown leader {leader!r}")
    return Unit(
        uid,
        c.text(m.get("power"), f"{w}.power"),
        kind,
        c.text(m.get("place"), f"{w}.place"),
        leader,
        c.integer(m.get("age", 0), f"{w}.age", 0, 2),
        m.get("aboard") if isinstance(m.get("aboard"), str) else None,
        c.integer(m.get("pacify_attempts", 0), f"{w}.pacify_attempts", 0),
        None if m.get("desert_since") is None else c.integer(m.get("desert_since"), f"{w}.desert_since"),
        None if m.get("wages_from") is None else c.integer(m.get("wages_from"), f"{w}.wages_from"),
        c.integer(m.get("passage", 0), f"{w}.passage", 0),
    )


def _bands_from(c: Checker, pub: Mapping[str, Any]) -> tuple[tuple[Horde, ...], tuple[Pirates, ...]]:
    """The hordes and the pirates on the map."""
    hordes = []
    for i, raw in enumerate(c.sequence(pub.get("hordes"), "public.hordes")):
        w = f"public.hordes[{i}]"
        m = c.mapping(raw, w)
        hordes.append(
            Horde(
                c.text(m.get("id"), f"{w}.id"),
                _title_from(c, m.get("name"), f"{w}.name"),
                c.text(m.get("place"), f"{w}.place"),
                c.text(m.get("leader"), f"{w}.leader"),
                c.integer(m.get("since"), f"{w}.since"),
            )
        )
    pirates = []
    for i, raw in enumerate(c.sequence(pub.get("pirates"), "public.pirates")):
        w = f"public.pirates[{i}]"
        m = c.mapping(raw, w)
        pirates.append(
            Pirates(
                c.text(m.get("id"), f"{w}.id"),
                _title_from(c, m.get("name"), f"{w}.name"),
                c.text(m.get("province"), f"{w}.province"),
                c.text(m.get("zone"), f"{w}.zone"),
                c.text(m.get("leader"), f"{w}.leader"),
                c.integer(m.get("since"), f"{w}.since"),
            )
        )
    return tuple(hordes), tuple(pirates)


def _private_from(c: Checker, data: Any) -> dict[str, PrivateState]:
    """Each power's treasury and its ledger of the year."""
    private = {}
    for pid, raw in c.mapping(data, "private").items():
        m = c.mapping(raw, f"private.{pid}")
        lines = []
        for i, row in enumerate(c.sequence(m.get("ledger"), f"private.{pid}.ledger")):
            items = c.sequence(row, f"private.{pid}.ledger[{i}]")
            if len(items) != 4:
                c.add(f"private.{pid}.ledger[{i}]", "expected [step, entry, amount, about]")
                continue
            lines.append(
                LedgerLine(
                    c.integer(items[0], f"private.{pid}.ledger[{i}][0]", 1, 26),
                    str(items[1]),
                    c.integer(items[2], f"private.{pid}.ledger[{i}][2]"),
                    str(items[3]),
                )
            )
        private[pid] = PrivateState(c.integer(m.get("treasury", 0), f"private.{pid}.treasury", 0), tuple(lines))
    return private


def _title_from(c: Checker, data: Any, where: str) -> Title:
    if isinstance(data, str):
        return Title(data, data)
    m = c.mapping(data, where)
    en = c.text(m.get("en"), f"{where}.en")
    return Title(en, c.text(m.get("fr"), f"{where}.fr", required=False, default=en))


def _goods_from(c: Checker, data: Any, where: str) -> dict[Good, int]:
    out: dict[Good, int] = {}
    for key, value in c.mapping(data, where, required=False).items():
        good = c.choice(key, f"{where}.{key}", Good)
        if good is not None:
            out[good] = c.integer(value, f"{where}.{key}")
    return out
