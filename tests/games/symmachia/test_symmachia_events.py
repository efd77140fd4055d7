"""The season's events [S 8.6] ... [S 8.12] (§5.2): each drawn by a d100 and the province's own list;
S-32's epidemic and palace plot."""

from __future__ import annotations

from typing import Any

from pipeline.games.symmachia.model import Good
from pipeline.games.symmachia.outcome import Code, Entry
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.state import Ravage

from .conftest import ScriptDice, found, kingdom, play, start, world


def event_world(**extra: Any) -> Scenario:
    """Two kingdoms; the province `x` (number 5) may have any event."""
    return world(
        ("k1-x", "x-j1"),
        {"k": kingdom("k1", "x", units={"k_a1": "army k1 kg"}), "j": kingdom("j1", units={"j_a1": "army j1 jg"})},
        {
            "x": {
                "number": 5,
                "resources": {"grain": 2, "wine": 1},
                "events": ["favourable", "storm", "barbarians", "pirates", "bad_harvest", "epidemic"],
            }
        },
        seas={"bay": "med"},
        coasts={"x": ("bay",)},
        **extra,
    )


def event(kind: str, season: str = "spring") -> dict[str, int]:
    kinds = ["favourable", "storm", "barbarians", "pirates", "bad_harvest", "epidemic"]
    return {f"229bc {season} event": 5, f"229bc {season} event kind x": kinds.index(kind) + 1}


def test_a_quiet_season_when_no_province_has_the_number() -> None:
    """[S 8.6] (§5.2): 1-97 names a province by its number; a number nobody has is a quiet season."""
    scenario = event_world()
    result = play(scenario, start(scenario), dice=ScriptDice({"229bc spring event": 40}))
    assert found(result, Code.EVENT, roll=40, kind="quiet")


def test_a_favourable_event_pays_100_at_once() -> None:
    """[S 8.6] (§5.2): 100 talents to the province's master."""
    scenario = event_world()
    result = play(scenario, start(scenario), dice=ScriptDice(event("favourable")))
    assert found(result, Code.FAVOURABLE, "k", province="x", amount=100)
    assert [line.amount for line in result.state.private["k"].ledger if line.entry == Entry.FAVOURABLE_EVENT.value] == [
        100
    ]


def test_barbarians_stay_the_year_they_come_and_ravage() -> None:
    """[S 8.8] (§5.2.2): a horde appears with a chief drawn at random; it stays put that year, ravaging
    where it stands; the defenders may go and fight it."""
    scenario = event_world()
    files = {"k": {"military": {"k_a1": {"plan": [{"order": "D0", "defence": "D0"}] * 3}}}}
    result = play(scenario, start(scenario), files, ScriptDice(event("barbarians")))
    (horde,) = result.state.public.hordes
    assert horde.place == "x" and horde.since == -229
    assert horde.leader in result.state.master.competence  # the chief's competence is the game master's
    assert not found(result, Code.HORDE_MOVES)
    assert Ravage.BARBARIANS in result.state.public.ravaged["x"]


def test_barbarians_move_at_random_in_the_summers_after() -> None:
    """[S 8.8] (§5.2.2): every later year the horde pillages its spring province, then in summer moves to a
    neighbour that is not a desert and holds no troops."""
    scenario = world(
        ("lair-a", "lair-b", "lair-c"),
        {"k": kingdom("home", "a", "b", units={"k_a1": "army b kg"})},
        {"c": {"kind": "desert"}},
        hordes=[{"id": "raiders", "at": "lair", "since": -230, "leader": {"id": "chief", "competence": 0}}],
    )
    files = {"k": {"military": {"k_a1": {"plan": [{"order": "D0", "defence": "D0"}] * 3}}}}
    result = play(scenario, start(scenario), files)
    assert found(result, Code.HORDE_MOVES, horde="raiders", to="a")  # neither the desert nor the garrisoned b
    assert {"lair", "a"} <= set(result.state.public.ravaged)


def test_pirates_raid_from_the_season_after_they_come() -> None:
    """[S 8.9] [S 6.6] (§5.2.3, §4.2.2): pirates appear in spring off the province; they raid it from the
    summer; the routes through their zone are closed."""
    scenario = event_world()
    result = play(scenario, start(scenario), dice=ScriptDice(event("pirates")))
    (pirates,) = result.state.public.pirates
    assert (pirates.province, pirates.zone) == ("x", "bay")
    raids = found(result, Code.RAID, province="x")
    assert [r.season.value for r in raids if r.season] == ["summer", "autumn"]


def test_a_bad_harvest_tells_on_next_years_balance() -> None:
    """[S 8.10] (§5.2.4): no food surplus and a grain deficit of 1 the next year; not ravaged."""
    scenario = event_world()
    result = play(scenario, start(scenario), dice=ScriptDice(event("bad_harvest")))
    assert result.state.public.balances["x"] == {Good.GRAIN: -1}
    assert "x" not in result.state.public.ravaged
    assert result.state.public.forecasts["k"].local == 400  # its income is untouched


def test_s32_an_epidemic_ravages_the_province_and_may_kill_the_king_in_his_capital() -> None:
    """S-32 [S 8.11] (§5.2.5): the province is ravaged; the king in his stricken capital dies 60 times in 100
    (the die 55); one test a year."""
    scenario = world(("cap-y",), {"k": kingdom("cap", "y")}, {"cap": {"number": 7, "events": ["epidemic"]}})
    dice = ScriptDice({"229bc spring event": 7, "229bc spring epidemic k_king": 55})
    result = play(scenario, start(scenario), dice=dice)
    assert found(result, Code.KING_DIED, "k", king="k_king", cause="epidemic")
    assert result.state.public.ravaged["cap"] == (Ravage.EPIDEMIC,)
    survives = ScriptDice({"229bc spring event": 7, "229bc summer event": 7, "229bc spring epidemic k_king": 80})
    play(scenario, start(scenario), dice=survives)
    assert [d.purpose for d in survives.draws if d.purpose.endswith("epidemic k_king")] == [
        "229bc spring epidemic k_king"
    ]


def test_s32_a_palace_plot_strikes_a_king_in_his_capital() -> None:
    """S-32 [S 8.12] (§5.2.6): 98-100; among the kings in their capital (not K2, who leads an army) the die
    picks K3; the assassin's 12 kills him; nobody is named."""
    scenario = world(
        (),
        {"k1": kingdom("a"), "k2": kingdom("b", units={"k2_a1": "army b k2_king"}), "k3": kingdom("c")},
    )
    dice = ScriptDice({"229bc spring event": 99, "229bc spring palace plot": 2, "229bc spring palace plot k3_king": 12})
    result = play(scenario, start(scenario), dice=dice)
    (plot,) = found(result, Code.PALACE_PLOT)
    assert (plot.get("king"), plot.get("killed"), plot.power) == ("k3_king", True, "k3")
    assert dice.rolled("palace plot")[0].sides == 2  # k1 and k3
    assert found(result, Code.NEW_KING, "k3")


def test_a_horde_that_appears_among_troops_fights_them_at_once() -> None:
    """[S 8.8] (§4.4: the season's event "is resolved by a battle" where it brings one; §5.2.2): the autumn's
    horde appears where an army stands: they fight before the campaign ends."""
    scenario = event_world()
    files = {"k": {"military": {"k_a1": {"plan": ["M x", "D0", "D0"]}}}}
    dice = ScriptDice(
        {**event("barbarians", "autumn"), "229bc autumn battle x k_a1": 6, "229bc autumn battle x horde_x_-229_2": 1}
    )
    result = play(scenario, start(scenario), files, dice)
    (battle,) = [r for r in found(result, Code.BATTLE, place="x") if r.season and r.season.value == "autumn"]
    assert battle.get("winner") == "k_a1" and result.state.public.hordes == ()
