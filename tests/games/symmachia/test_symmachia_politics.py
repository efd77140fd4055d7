"""Politics and intrigue [S 7] (§3): patronage (S-11), Aratos's reshuffle (S-12), plots (S-14), tribute
(S-26), elimination (S-27), protectors (S-33), secession (S-35), treaties, gifts, territorial treaties and
usurpation."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.symmachia.outcome import Code, Entry, Seen, Step, Why
from pipeline.games.symmachia.politics import patronage_share
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state

from .conftest import ScriptDice, found, kingdom, play, start, world


def two_kings(**extra: Any) -> Scenario:
    return world(
        ("a-b",),
        {"k": kingdom("a", units={"k_a1": "army a kg"}), "j": kingdom("b", units={"j_a1": "army b jg"})},
        **extra,
    )


# ---- S-11 patronage ---------------------------------------------------------------------------


@pytest.mark.parametrize(("revenue", "share"), [(1400, 200), (800, 100), (1000, 100), (2350, 300), (0, 100)])
def test_s11_the_patrons_share(revenue: int, share: int) -> None:
    """S-11 [S 7.1] (§3.1): a tenth of the year's revenue but gifts, rounded up to the hundred, never less
    than 100."""
    assert patronage_share(revenue) == share


def test_s11_one_patron_drawn_among_those_who_paid_gains_a_point() -> None:
    """S-11 [S 7.1] [S 9.1] (§3.1): the patrons' number and names are published; the die picks the patron
    of the year (here the second of three)."""
    scenario = world(
        (), {p: {"capital": p + "land", "provinces": [p + "land"]} for p in ("antigonids", "ptolemaic", "seleucids")}
    )
    files = {p: {"politics": {"patronage": True}} for p in ("antigonids", "ptolemaic", "seleucids")}
    result = play(scenario, start(scenario), files, ScriptDice({"229bc patron": 2}))
    (public,) = found(result, Code.PATRONAGE, None, count=3)
    assert public.get("patrons") == ("antigonids", "ptolemaic", "seleucids")
    assert found(result, Code.PATRON_OF_THE_YEAR, "ptolemaic")
    assert found(result, Code.PRESTIGE, "ptolemaic", cause="patron", delta=1)
    paid = [line for line in result.state.private["ptolemaic"].ledger if line.entry == Entry.PATRONAGE.value]
    assert [(line.step, line.amount) for line in paid] == [(Step.PATRONAGE, -100)]  # 300 of income: 100


# ---- S-12 Aratos's reshuffle ------------------------------------------------------------------

ARATOS = {
    "achaeans": {
        "military": {
            "achaeans_a2": {"status": "disband"},
            "achaeans_a1": {"commander": "king"},
            "achaeans_f1": {"commander": "zopyrion"},
        }
    }
}


def test_s12_case_a_mousaios_turns_pirate_and_zopyrion_stays_without_a_post(demo: Scenario) -> None:
    """S-12 [S 4.1] [S 4.3] [S 7.6] (§3.2.4, §3.4.1): Aratos takes the Achaean army himself; Zopyrion is
    sent to the fleet; Mousaios, left without a post, is disgraced and leads the fleet into revolt (20, the
    die 15): a pirate flotilla in the Cyclades; Philotas, glorious, stays loyal (50, the die 73) and his
    army is disbanded."""
    state = start_state(demo, ScriptDice())
    dice = ScriptDice({"229bc loyalty mousaios disgrace": 15, "229bc loyalty philotas disbanded": 73})
    result = play(demo, state, ARATOS, dice)
    assert found(result, Code.DISGRACE, "achaeans", leader="mousaios")
    assert found(result, Code.LOYALTY, leader="mousaios", chance=20, loyal=False)
    assert found(result, Code.LOYALTY, leader="philotas", chance=50, loyal=True)
    assert found(result, Code.PIRATE_ADMIRAL, "achaeans", leader="mousaios", zone="cyclades")
    assert found(result, Code.DISBANDED, "achaeans", unit="achaeans_a2")
    units = result.state.public.units
    assert units["achaeans_a1"].leader == "aratus"
    assert "achaeans_f1" not in units and "achaeans_a2" not in units
    assert not any(u.leader == "zopyrion" for u in units.values())
    assert any(p.leader == "mousaios" and p.zone == "cyclades" for p in result.state.public.pirates)


def test_s12_case_b_philotas_rises_and_takes_argolis(demo: Scenario) -> None:
    """S-12 [S 7.6] (§3.4.1): Mousaios stays loyal and Zopyrion takes the fleet; Philotas accepts the
    mercenaries' offer (the die 50): Argolis goes over to him unravaged, he holds it for the campaign, a new
    minor power whose wages Aratos does not pay."""
    state = start_state(demo, ScriptDice())
    dice = ScriptDice({"229bc loyalty mousaios disgrace": 55, "229bc loyalty philotas disbanded": 50})
    result = play(
        demo,
        state,
        ARATOS,
        dice,
        ruling={"usurpers": {"philotas": {"name": "Philotas's Argolid kingdom", "treasury": 300}}},
    )
    (rising,) = found(result, Code.USURPATION, "achaeans", leader="philotas")
    new = str(rising.get("new_power"))
    pub = result.state.public
    assert pub.units["achaeans_f1"].leader == "zopyrion"
    assert pub.owners["argolis"] == new and pub.powers[new].major is False and pub.powers[new].capital == "argolis"
    assert "argolis" not in pub.ravaged
    assert pub.units["achaeans_a2"].power == new and pub.units["achaeans_a2"].place == "argolis"
    assert result.state.treasury(new) == 300
    upkeep = {
        line.ref
        for p in ("achaeans", new)
        for line in result.state.private[p].ledger
        if line.entry == Entry.ARMY_UPKEEP.value
    }
    assert "achaeans_a2" not in upkeep  # no wages before the winter of the next year
    assert found(result, Code.PRESTIGE, "achaeans", cause="province_lost", delta=-1)


# ---- S-14 plots -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "killed", "identified"),
    [(7, True, False), (25, True, True), (45, False, False), (90, False, True)],
)
def test_s14_the_assassination_table(roll: int, killed: bool, identified: bool) -> None:
    """S-14 [S 7.8] (§3.3.7): 500 for a general, at the start of spring; 1-10 dies unseen, 11-30 dies and
    the assassin names his master, 31-60 fails unseen, 61-100 fails and he talks; the sponsor alone learns
    of a plot that went unseen; an identified one counts as a fight."""
    scenario = two_kings()
    result = play(
        scenario, start(scenario), {"k": {"politics": {"plot_generals": ["jg"]}}}, ScriptDice({"229bc plot jg": roll})
    )
    private = found(result, Code.PLOT, "k", victim="jg", seen=None)
    assert [(r.get("killed"), r.get("identified"), r.seen) for r in private if r.seen is Seen.PRIVATE] == [
        (killed, identified, Seen.PRIVATE)
    ]
    public = [r for r in found(result, Code.PLOT, victim="jg") if r.seen is Seen.PUBLIC]
    assert bool(public) == (killed or identified)
    assert ("j" in result.state.public.powers["k"].fought) == identified
    assert ("jg" not in result.state.public.leaders) == killed
    cost = [line for line in result.state.private["k"].ledger if line.entry == Entry.PLOT_GENERAL.value]
    assert [(line.step, line.amount) for line in cost] == [(Step.SPRING_PAYMENTS, -500)]


def test_s14_a_plot_on_a_king_costs_1000_at_the_years_end() -> None:
    """S-14 [S 7.8] (§3.3.7, §2.3 step 21): the king's assassination is paid and tried at the year's end."""
    scenario = two_kings()
    result = play(
        scenario, start(scenario), {"k": {"politics": {"plot_kings": ["j"]}}}, ScriptDice({"229bc plot j_king": 5})
    )
    assert found(result, Code.KING_DIED, "j", king="j_king", cause="assassination")
    assert result.state.public.powers["j"].king != "j_king"
    cost = [line for line in result.state.private["k"].ledger if line.entry == Entry.PLOT_KING.value]
    assert [(line.step, line.amount) for line in cost] == [(Step.KING_PLOTS, -1000)]


def test_s14_one_plot_per_victim_a_year() -> None:
    """S-14 [S 7.8] (§3.3.7): each king organises one plot per victim and turn."""
    from pipeline.errors import DataError
    from pipeline.games.symmachia.orders import read_orders

    scenario = two_kings()
    with pytest.raises(DataError, match="named twice"):
        read_orders(
            {"power": "k", "year": "229bc", "politics": {"plot_generals": ["jg", "jg"]}}, scenario, start(scenario), "k"
        )


# ---- S-26 tribute, and hordes beaten ----------------------------------------------------------


def test_s26_tribute_sends_the_horde_away(demo: Scenario) -> None:
    """S-26 [S 7.7] (§3.3.5): 700 for the province the Dardanians occupy; they withdraw at the start of
    spring."""
    state = start_state(demo, ScriptDice())
    result = play(demo, state, {"antigonids": {"politics": {"tribute": ["paeonia"]}}})
    assert found(result, Code.TRIBUTE, "antigonids", horde="dardanians", amount=700)
    assert found(result, Code.HORDE_GONE, horde="dardanians", why="tribute")
    assert not any(h.id == "dardanians" for h in result.state.public.hordes)


@pytest.mark.parametrize(("army_die", "total"), [(1, False), (6, True)])
def test_s26_a_horde_beaten_vanishes_and_only_a_total_victory_counts(army_die: int, total: bool) -> None:
    """S-26 [S 5.4] [S 8.8] [S 9.1] (§4.3.2, §5.2.2): beaten narrowly or crushingly, the horde is gone; only
    a difference of 6 or more is a total victory, worth a point."""
    scenario = world(
        ("home-raided",),
        {
            "k": {
                "capital": "home",
                "provinces": ["home", "raided"],
                "leaders": {"g": {"competence": 2}},
                "units": {"k_a1": {"kind": "army", "at": "home", "leader": "g"}},
            }
        },
        hordes=[{"id": "raiders", "at": "raided", "since": -229, "leader": {"id": "chief", "competence": -1}}],
    )
    dice = ScriptDice({"229bc spring battle raided k_a1": army_die, "229bc spring battle raided raiders": 1})
    result = play(scenario, start(scenario), {"k": {"military": {"k_a1": {"plan": ["M raided"]}}}}, dice)
    assert found(result, Code.HORDE_GONE, horde="raiders", why="beaten")
    assert bool(found(result, Code.PRESTIGE, "k", cause="total_victory")) == total


# ---- S-27 elimination -------------------------------------------------------------------------


@pytest.mark.parametrize(("treasury", "taken"), [(1450, 1000), (300, 600)])
def test_s27_the_conqueror_of_the_last_province_takes_the_treasury(treasury: int, taken: int) -> None:
    """S-27 [S 9.3] (§1.3): the pacifier of a power's last province takes what is left of its treasury, 1,000
    at most (what it had, and the 300 of income its capital paid at step 3); a power with no province at the
    year's end is out of the game."""
    able = kingdom("home", units={"k_a1": "army last g"}, leaders={"g": {"competence": 2}})
    scenario = world(("home-last",), {"k": able, "j": kingdom("last", treasury=treasury)})
    result = play(
        scenario,
        start(scenario),
        {"k": {"military": {"k_a1": {"plan": ["P"]}}}},
        ScriptDice({"229bc spring pacify last k_a1": 6}),
    )
    assert found(result, Code.TREASURY_TAKEN, "k", frm="j", amount=taken)
    assert result.state.public.powers["j"].eliminated
    assert result.state.treasury("j") == treasury + 300 - taken
    assert found(result, Code.PRESTIGE, "k", cause="capital_taken", delta=1)


# ---- S-33 protectors ------------------------------------------------------------------------


def minor_world() -> Scenario:
    return world(
        (),
        {
            "a": {"capital": "aland", "provinces": ["aland"]},
            "b": {"capital": "bland", "provinces": ["bland"]},
            "c": {"capital": "cland", "provinces": ["cland"]},
            "m": {
                "capital": "mland",
                "provinces": ["mland"],
                "major": False,
                "protector": "c",
                "leaders": {"mg": {}},
                "units": {"m_a1": {"kind": "army", "at": "mland", "leader": "mg"}},
            },
        },
    )


def gifts(**amounts: int) -> dict[str, Any]:
    return {p: {"politics": {"gifts": {"m": a}}} for p, a in amounts.items()}


def test_s33_the_largest_donor_protects_the_minor_next_year() -> None:
    """S-33 [S 7.4] (§3.3.4): the largest gift wins the protection; only its amount is published, the other
    donors stay secret though their money is paid in."""
    scenario = minor_world()
    result = play(scenario, start(scenario), gifts(a=300, b=200))
    (chosen,) = found(result, Code.PROTECTOR, "m")
    assert (chosen.get("protector"), chosen.get("amount"), chosen.seen) == ("a", 300, Seen.PUBLIC)
    assert all(r.seen is Seen.PRIVATE for r in found(result, Code.GIFT, to="m"))
    assert result.state.public.powers["m"].protector == "a"
    assert result.state.treasury("m") > 5000


def test_s33_no_gift_the_protector_stays() -> None:
    """S-33 [S 7.4] (§3.3.4)."""
    scenario = minor_world()
    assert play(scenario, start(scenario)).state.public.powers["m"].protector == "c"


def test_s33_an_aggressor_cannot_become_protector() -> None:
    """S-33 [S 7.4] (§3.3.4): A attacked the minor this year (a plot whose assassin talked): B's 10 talents
    win over A's 900; had nobody else given, the protector is drawn among the other kings."""
    scenario = minor_world()
    files = gifts(a=900, b=10)
    files["a"]["politics"]["plot_generals"] = ["mg"]
    dice = ScriptDice({"229bc plot mg": 90})
    assert play(scenario, start(scenario), files, dice).state.public.powers["m"].protector == "b"
    alone = gifts(a=900)
    alone["a"]["politics"]["plot_generals"] = ["mg"]
    result = play(scenario, start(scenario), alone, ScriptDice({"229bc plot mg": 90, "229bc protector m": 2}))
    assert result.state.public.powers["m"].protector == "c"  # drawn among b and c


# ---- S-35 secession ----------------------------------------------------------------------


def test_s35_after_a_disaster_the_provinces_in_want_may_secede() -> None:
    """S-35 [S 7.9] (§3.4.2): after a disaster, one 30% test for each province short of a civil good (one,
    whatever the goods), none where the king leads an army; a province that revolts is independent, -1."""
    scenario = world(
        ("p-q", "p-r", "c-hub", "a-hub", "b-hub", "hub-p"),
        {
            "k": {
                "capital": "hub",
                "provinces": ["hub", "p", "a", "b", "c"],
                "leaders": {"kg": {}},
                "units": {
                    "k_a1": {"kind": "army", "at": "p", "leader": "kg"},
                    "k_a2": {"kind": "army", "at": "c", "leader": "k_king"},
                },
            },
            "e": {
                "capital": "q",
                "provinces": ["q", "r"],
                "leaders": {"e1": {"competence": 2}, "e2": {}},
                "units": {
                    "e_a1": {"kind": "army", "at": "q", "leader": "e1"},
                    "e_a2": {"kind": "army", "at": "r", "leader": "e2"},
                },
            },
        },
        {"a": {"resources": {"crafts": -1, "incense": -1}}, "c": {"resources": {"grain": -1}}, "b": {}},
    )
    files = {
        "e": {"military": {"e_a1": {"plan": ["M p"]}, "e_a2": {"plan": ["D0"]}}},
        "k": {
            "military": {
                "k_a1": {"plan": [{"order": "D0", "defence": "D0"}]},
                "k_a2": {"plan": [{"order": "D0", "defence": "D0"}] * 3},
            }
        },
    }
    dice = ScriptDice({"229bc spring battle p e_a1": 6, "229bc spring battle p k_a1": 1, "229bc secession a": 25})
    result = play(scenario, start(scenario), files, dice)
    assert found(result, Code.DESTROYED, "k", unit="k_a1", why="disaster")
    assert [r.get("province") for r in found(result, Code.SECESSION_TEST, "k")] == ["a"]
    assert found(result, Code.SECESSION, "k", province="a")
    assert result.state.owner("a") is None
    assert found(result, Code.PRESTIGE, "k", cause="province_lost", delta=-1)


# ---- treaties, gifts, territorial treaties --------------------------------------------------------


def test_friendship_treaties_need_both_signatures_and_keep_friends_from_fighting() -> None:
    """[S 7.2] (§3.3.2): signed by both, the treaty binds from the spring; friends' armies in one province do
    not fight, nor does a friend's army ravage the province it stays in."""
    scenario = two_kings()
    files = {
        "k": {"politics": {"friendship": ["j"]}, "military": {"k_a1": {"plan": [{"order": "M b", "defence": "DN"}]}}},
        "j": {"politics": {"friendship": ["k"]}},
    }
    result = play(scenario, start(scenario), files)
    assert found(result, Code.TREATY, powers=("j", "k"))
    assert not found(result, Code.BATTLE)
    assert "b" not in result.state.public.ravaged
    one_sided = play(scenario, start(scenario), {"k": files["k"]})
    assert found(one_sided, Code.TREATY_UNSIGNED, "k", partner="j")
    assert found(one_sided, Code.BATTLE, place="b")


def test_a_gift_received_may_be_passed_on() -> None:
    """[S 7.3] (§2.1.1, §2.3 steps 12-13): gifts between majors are received as they are paid, so a treasury
    may give what it has just been given: J, with 300, gives 500 once K's 200 are in."""
    scenario = world(
        (),
        {
            "k": {"capital": "a", "provinces": ["a"], "treasury": 0},
            "j": {"capital": "b", "provinces": ["b"], "treasury": 0},
        },
    )
    files = {"k": {"politics": {"gifts": {"j": 200}}}, "j": {"politics": {"gifts": {"k": 500}}}}
    result = play(scenario, start(scenario), files)
    assert [(r.power, r.get("to"), r.get("amount")) for r in found(result, Code.GIFT)] == [
        ("k", "j", 200),
        ("j", "k", 500),
    ]
    assert (result.state.treasury("j"), result.state.treasury("k")) == (0, 600)


def test_territorial_treaties_apply_when_both_terms_match() -> None:
    """[S 7.10] (§3.3.3): matching terms change the provinces without ravage or prestige; terms that differ
    change nothing."""
    scenario = world(
        ("a-x", "x-b"), {"k": {"capital": "a", "provinces": ["a", "x"]}, "j": {"capital": "b", "provinces": ["b"]}}
    )
    deal = {
        "k": {"politics": {"dorea": [{"with": "j", "give": {"provinces": ["x"]}, "get": {"talents": 500}}]}},
        "j": {"politics": {"dorea": [{"with": "k", "give": {"talents": 500}, "get": {"provinces": ["x"]}}]}},
    }
    result = play(scenario, start(scenario), deal)
    (deal_record,) = found(result, Code.DOREA)
    assert result.state.owner("x") == "j" and {deal_record.power, deal_record.get("partner")} == {"j", "k"}
    assert not found(result, Code.PRESTIGE, cause="conquest")
    haggled = {
        **deal,
        "j": {"politics": {"dorea": [{"with": "k", "give": {"talents": 400}, "get": {"provinces": ["x"]}}]}},
    }
    failed = play(scenario, start(scenario), haggled)
    assert failed.state.owner("x") == "k" and found(failed, Code.DOREA_FAILED, "k", why=Why.NOT_MATCHED.value)
    talents = [line.amount for line in result.state.private["k"].ledger if line.entry == Entry.DOREA_RECEIVED.value]
    assert talents == [500]


def test_a_protector_who_attacks_his_minor_loses_it() -> None:
    """[S 7.4] (§3.3.4): the protector's army tries to pacify its minor's province: the minor breaks with
    him, defends itself alone for the rest of the campaign, and he cannot protect it next year."""
    scenario = world(
        ("home-mland", "mland-mhome"),
        {
            "k": kingdom("home", units={"k_a1": "army mland kg"}),
            "j": kingdom("far"),
            "m": kingdom("mhome", "mland", major=False, protector="k", units={"m_a1": "army mhome mg"}),
        },
    )
    files = {
        "k": {"military": {"k_a1": {"plan": [{"order": "P", "defence": "DN"}]}}},
        "m": {"military": {"m_a1": {"plan": ["D0", "D0", "D0"]}}},
    }
    result = play(scenario, start(scenario), files, ScriptDice({"229bc spring pacify mland k_a1": 1}))
    assert found(result, Code.AUTONOMY, "m", minor="m", aggressor="k")
    # the minor's army, D0 by its orders, now defends D3: it goes for the invader in summer
    assert found(result, Code.DEFENCE, "m", unit="m_a1", threat="mland")
    assert result.state.public.powers["m"].protector == "j"
