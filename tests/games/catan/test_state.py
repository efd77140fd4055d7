"""The state as plain data and back [K 3.3]: every field round trips, the same state writes the same
data, a bad state file names every problem, and the public view hides hands and cards."""

from __future__ import annotations

import dataclasses

import pytest

from pipeline.errors import DataError
from pipeline.games.catan.answers import Acceptance, Answers
from pipeline.games.catan.codec import event_to_data, state_from_data, state_to_data
from pipeline.games.catan.options import DEFAULT_OPTIONS
from pipeline.games.catan.outcome import Combat, Die, Effect, EffectKind, Side
from pipeline.games.catan.resources import Hand, Resource
from pipeline.games.catan.setup import play_setup
from pipeline.games.catan.state import Card, Corruption, Guard, HeldCard, Player, Ship
from pipeline.games.catan.units import UnitKind
from pipeline.shared.dice import HashDice

from .helpers import E, V, board, city, settlement, state, unit


def full_state():
    v = V("c3/c4/d4")
    st = state(
        buildings={"c3/c4/d4": city("a", 3, walls=True, sabotaged=True), "e3/e4/f3": settlement("b")},
        roads={"c3/c4": "a"},
        units={"c3>b3": unit("a", UnitKind.MILITARY, False, "c3/c4/d4"), "a1>a2": unit("b", UnitKind.PIRATE)},
        hands={"a": Hand.of(ore=2, wool=1)},
        ships={E("a1/b2"): Ship("b", 2)},
        explorers={V("d4/d5/e4"): unit("a", UnitKind.EXPLORER, home="c3/c4/d4")},
        guards=(Guard("a", v, None, 1), Guard("a", v, "c3", 0, False)),
        corruption=(Corruption("c3", v, "b"),),
        longest_route="a",
        round=4,
        answers={"b": Answers((Acceptance(("a",), Hand.of(ore=1), Hand.of(wool=2), 2),), (Resource.ORE,))},
    )
    players = {**st.players, "a": Player(st.players["a"].hand, (HeldCard(Card.KNIGHT, 2),), 1, 4)}
    return dataclasses.replace(st, players=players, tokens={**st.tokens, "c3": 4, "c4": 9})


def test_a_state_round_trips_through_plain_data() -> None:
    st = full_state()
    data = state_to_data(st)
    assert state_from_data(data, board()) == st
    assert state_to_data(state_from_data(data, board())) == data
    assert data["units"]["c3>b3"] == {"owner": "a", "kind": "military", "home": "c3/c4/d4", "active": False}
    assert data["buildings"]["c3/c4/d4"] == {
        "owner": "a",
        "kind": "city",
        "status": 3,
        "walls": True,
        "sabotaged": True,
    }


def test_the_standing_answers_are_kept_in_the_secret_part() -> None:
    """[K 3.1] a player's standing answers stand in the state until his file changes them, beside his hand in
    the encrypted part: the public state file holds none."""
    from pipeline.games.catan.family import FAMILY, CatanGame
    from pipeline.games.catan.layout import layout_from_data

    from .helpers import board_data

    layout = layout_from_data(board_data("base"))
    game = CatanGame(board(), full_state(), placed=True)
    data = FAMILY.rules.state_to_data(layout, game, secret=True)
    assert "answers" not in str(data.public)
    assert data.secret is not None and data.secret["players"]["b"]["answers"] == {
        "accept": [{"from": ["a"], "give": {"ore": 1}, "get": {"wool": 2}, "times": 2}],
        "discard": ["ore"],
    }
    back = FAMILY.rules.state_from_data(layout, data.public, data.secret, "state/r05.yaml")
    assert back.state.answers == full_state().answers
    assert FAMILY.rules.state_from_data(layout, data.public, None, "state/r05.yaml").state.answers == {}


def test_the_state_after_the_setup_round_trips() -> None:
    b = board()
    st = play_setup(b, state(), {}, DEFAULT_OPTIONS, HashDice("x")).state
    assert state_from_data(state_to_data(st), b) == st


def test_the_public_view_shows_counts_of_hands_and_cards() -> None:
    """[K 3.3] hands and development cards are each player's own."""
    data = state_to_data(full_state(), hidden=True)
    assert data["players"]["a"] == {"cards_in_hand": 3, "development_cards": 1, "knights": 1, "turns": 4}
    assert data["deck"] == {"cards": 34}
    mine = state_to_data(full_state(), hidden=True, viewer="a")
    assert mine["players"]["a"]["hand"] == {"wool": 1, "ore": 2} and "hand" not in mine["players"]["b"]


def test_a_bad_state_names_every_problem() -> None:
    data = state_to_data(full_state())
    data["buildings"]["c3/c4/d9"] = {"owner": "a"}
    data["roads"]["c3/c4"] = "zed"
    data["units"]["c3>b3"]["kind"] = "dragon"
    data["players"]["a"]["hand"] = {"ore": -1}
    data["tokens"]["d4"] = 5
    data["mood"] = "grim"
    with pytest.raises(DataError) as err:
        state_from_data(data, board())
    assert [p.where for p in err.value.problems] == [
        "players.a.hand.ore",
        "tokens.d4",
        "buildings.c3/c4/d9",
        "roads.c3/c4",
        "units.c3>b3.kind",
        "mood",
    ]


def test_a_record_is_plain_data_with_its_kind() -> None:
    combat = Combat(
        "a",
        UnitKind.MILITARY,
        "c3>c4",
        "b",
        UnitKind.WORKER,
        "c4>c3",
        Die(20, 14),
        Die(10, 9),
        Side.ATTACKER,
        (Effect(EffectKind.REMOVED, "b", "c4>c3", UnitKind.WORKER),),
    )
    assert event_to_data(combat) == {
        "event": "combat",
        "attacker": "a",
        "unit": "military",
        "at": "c3>c4",
        "defender": "b",
        "target": "worker",
        "target_at": "c4>c3",
        "attack": {"sides": 20, "value": 14, "bonus": 0},
        "defence": {"sides": 10, "value": 9, "bonus": 0},
        "winner": "attacker",
        "effects": [{"kind": "removed", "player": "b", "at": "c4>c3", "unit": "worker"}],
    }


def test_every_record_of_the_demo_reads_back_from_its_data() -> None:
    """The results hold the records as data; the reports and the map read them back, the same values."""
    from pipeline.games.catan.codec import event_from_data

    from .test_demo import _played

    events = [e for *_, played in _played() for e in played]
    assert len({type(e) for e in events}) >= 12
    assert [event_from_data(event_to_data(e)) for e in events] == events
