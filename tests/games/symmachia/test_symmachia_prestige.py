"""Prestige and the end of the game [S 9] (§1.1, §1.4): the end's ties (S-28), the conquest cap (S-29),
the goods brought to every province, and the winner recorded."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.symmachia.options import Options
from pipeline.games.symmachia.outcome import Code
from pipeline.games.symmachia.prestige import winners

from .conftest import ScriptDice, found, play, start, world


@pytest.mark.parametrize(
    ("prestige", "gains", "expected"),
    [
        ({"a": 31, "b": 33}, {"a": 4, "b": 3}, ("b",)),
        ({"a": 32, "b": 32}, {"a": 5, "b": 3}, ("a",)),
        ({"a": 32, "b": 32}, {"a": 3, "b": 3}, ("a", "b")),
        ({"a": 29, "b": 28}, {"a": 9, "b": 9}, ()),
    ],
)
def test_s28_the_end_of_the_game(prestige: dict[str, int], gains: dict[str, int], expected: tuple[str, ...]) -> None:
    """S-28 [S 9.4] (§1.4): at 30, the highest prestige; then the largest gain of the year; then co-winners."""
    assert winners(prestige, gains, 30) == expected


def conquest_world() -> tuple[Any, dict[str, Any], ScriptDice]:
    """Three armies each pacify a province of J's in spring, one of them J's capital; a fourth crushes a
    horde."""
    units = {
        f"k_a{i}": {"kind": "army", "at": p, "leader": f"g{i}"} for i, p in enumerate(("jcap", "j1", "j2", "home"), 1)
    }
    scenario = world(
        ("home-lair", "jcap-j1", "j1-j2", "j2-j3", "home-jcap"),
        {
            "k": {
                "capital": "home",
                "provinces": ["home", "lair"],
                "units": units,
                "leaders": {f"g{i}": {"competence": 2} for i in range(1, 5)},
            },
            "j": {"capital": "jcap", "provinces": ["jcap", "j1", "j2", "j3"]},
        },
        hordes=[{"id": "raiders", "at": "lair", "since": -230, "leader": {"id": "chief", "competence": -1}}],
    )
    plans = {f"k_a{i}": {"plan": [{"order": "P", "defence": "DN"}, "D0", "D0"]} for i in range(1, 4)}
    plans["k_a4"] = {"plan": [{"order": "M lair", "defence": "DN"}, "D0", "D0"]}
    dice = ScriptDice({f"229bc spring pacify {p} k_a{i}": 6 for i, p in enumerate(("jcap", "j1", "j2"), 1)})
    dice.values = {**dice.values, "229bc spring battle lair k_a4": 6, "229bc spring battle lair raiders": 1}
    return scenario, {"k": {"military": plans}}, dice


def test_s29_the_conquest_gain_is_capped_and_the_capital_counts_outside() -> None:
    """S-29 [S 9.1] [S 9.2] (§1.1): three provinces taken, one of them a major power's capital, and a total
    victory: +2 for conquest (capped), +1 for the capital, +1 for the victory; J loses 1 a province and 1 for
    its capital."""
    scenario, files, dice = conquest_world()
    result = play(scenario, start(scenario), files, dice)
    causes = {r.get("cause"): r.get("delta") for r in found(result, Code.PRESTIGE, "k")}
    assert causes == {"conquest": 2, "capital_taken": 1, "total_victory": 1}
    assert result.state.public.powers["k"].prestige == 4 and result.state.public.powers["k"].last_gain == 4
    lost = {r.get("cause"): r.get("delta") for r in found(result, Code.PRESTIGE, "j")}
    assert lost == {"province_lost": -3, "capital_lost": -1}


def test_s29_the_capital_inside_the_cap() -> None:
    """S-29 [S 9.2] (option `capital_bonus_in_cap`): the capital's point shares the +2."""
    scenario, files, dice = conquest_world()
    result = play(scenario, start(scenario), files, dice, Options(capital_bonus_in_cap=True))
    causes = {r.get("cause"): r.get("delta") for r in found(result, Code.PRESTIGE, "k")}
    assert causes == {"conquest": 2, "capital_taken": 0, "total_victory": 1}


def wine_world() -> Any:
    return world(
        ("a-b",),
        {"k": {"capital": "a", "provinces": ["a"]}, "j": {"capital": "b", "provinces": ["b"]}},
        {
            "a": {"resources": {"wine": -1}, "trading_post": {"id": "pa"}},
            "b": {"resources": {"wine": 1}, "trading_post": {"id": "pb"}},
        },
        routes=[{"between": ["pa", "pb"]}],
    )


def test_a_good_brought_to_every_province_is_worth_a_point() -> None:
    """[S 9.1] (§1.1, §2.2.3): K lacked wine and bought all it lacked: +1; a famine would cost 1."""
    scenario = wine_world()
    files = {
        "k": {"trade": [{"buy": "wine", "quantity": 1, "from": "j"}]},
        "j": {"trade": [{"sell": "wine", "quantity": 1, "to": "k"}]},
    }
    result = play(scenario, start(scenario), files)
    assert found(result, Code.PRESTIGE, "k", cause="euergetes", delta=1, about=("wine",))
    assert not found(result, Code.PRESTIGE, "j", cause="euergetes")  # it lacked nothing (A7)
    short = play(scenario, start(scenario))
    assert not found(short, Code.PRESTIGE, "k", cause="euergetes")
    assert found(short, Code.SHORTAGE, "k", good="wine")


def test_the_other_reading_of_sufficiency() -> None:
    """[S 9.1] (option `euergetes_needs_deficit` off): a kingdom that lacks nothing is supplied in every good."""
    scenario = wine_world()
    result = play(scenario, start(scenario), options=Options(euergetes_needs_deficit=False))
    assert found(result, Code.PRESTIGE, "j", cause="euergetes", delta=3, about=("wine", "crafts", "incense"))


def test_the_threshold_ends_the_game() -> None:
    """[S 9.4] (§1.4): a power at the scenario's threshold wins; the state says so."""
    scenario = world(
        (),
        {"k": {"capital": "a", "provinces": ["a"], "prestige": 5}, "j": {"capital": "b", "provinces": ["b"]}},
        prestige_threshold=5,
    )
    result = play(scenario, start(scenario))
    assert result.state.public.winners == ("k",)
    assert found(result, Code.WINNER, "k", prestige=5)


def test_minor_powers_do_not_compete() -> None:
    """[S 9.1] (§3.3.4): a minor power's deeds change no prestige."""
    scenario = world(
        ("a-m",),
        {
            "k": {"capital": "a", "provinces": ["a"]},
            "m": {"capital": "m", "provinces": ["m"], "major": False, "protector": "k"},
        },
        {"m": {"resources": {"grain": -1}}},
    )
    result = play(scenario, start(scenario))
    assert found(result, Code.SHORTAGE, "m", good="grain")
    assert not found(result, Code.PRESTIGE, "m")
