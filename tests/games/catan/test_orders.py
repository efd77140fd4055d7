"""A round's orders read from plain data [K 3.1]-[K 3.5]: every kind of step, the phase each belongs to,
conditions and labels, standing answers, and every problem of a file at once."""

from __future__ import annotations

import pytest

from pipeline.errors import DataError
from pipeline.games.catan.orders import (
    Acceptance,
    Attack,
    BankTrade,
    CityRef,
    GuardRef,
    Move,
    Offer,
    Place,
    RaiseUnit,
    ShipRef,
    When,
    orders_from_data,
)
from pipeline.games.catan.outcome import Action, Section
from pipeline.games.catan.resources import Hand, Resource
from pipeline.games.catan.units import UnitKind

from .helpers import SEATS, E, S, V, board


def read(data):
    return orders_from_data(data, board(), "a", SEATS)


def problems(data) -> list[tuple[str, str]]:
    with pytest.raises(DataError) as err:
        read(data)
    return [(p.where, p.message) for p in err.value.problems]


def test_every_kind_of_step_reads() -> None:
    """[K 3.2] the script's steps under trade, build and act, numbered through the script."""
    orders = read(
        {
            "script": {
                "trade": [
                    {"offer": {"to": "b", "give": {"wood": 1}, "get": {"minerai": 1}}},
                    {"bank": {"give": "sheep", "get": "wheat", "times": 2}},
                    {"play": {"card": "monopoly", "take": "ore"}},
                ],
                "build": [
                    {"road": "c3/c4"},
                    {"ship": "a1/b2"},
                    {"settlement": {"at": "c3/c4/d4", "discount": ["brick", "lumber"]}},
                    {"city": "c3/c4/d4"},
                    {"status": "c3/c4/d4"},
                    {"walls": "c3/c4/d4"},
                    {"card": "buy"},
                    {"unit": {"kind": "military", "from": "c3/c4/d4", "at": "c3>c4"}},
                    {"unit": {"kind": "explorer", "from": "c3/c4/d4"}},
                    {"unit": {"kind": "guard", "city": "c3/c4/d4", "marker": "c3"}},
                    {"reactivate": "c3>c4"},
                    {"reactivate": {"guard": "c3/c4/d4"}},
                    {"play": {"card": "road_building", "roads": ["c3/d4"], "ships": ["a1/a2"]}},
                ],
                "act": [
                    {"move": {"unit": "c3>c4", "to": ["c3>b3", "c3>b2"]}},
                    {"ship": {"from": "a1/b2", "to": "a1/a2"}},
                    {"explorer": {"from": "c3/c4/d4", "to": "b3/c3/c4"}},
                    {"attack": {"unit": "c3>c4", "target": "c4>c3"}},
                    {"attack": {"unit": "c3>c4", "city": "c3/c4/d4", "then": "corrupt"}},
                    {"attack": {"unit": "a1>a2", "ship": "a2/b2"}},
                    {"attack": {"unit": "c3>c4", "guard": "c3/c4/d4", "marker": "c3"}},
                    {"knight": {"target": "c4>c3"}},
                    {"knight": {"guard": "c3/c4/d4"}},
                    {"swap": ["c3>c4", "e5>e4"]},
                ],
            },
        }
    )
    steps = orders.steps
    assert [s.index for s in steps] == list(range(1, 27))
    assert [s.section for s in steps[:3]] == [Section.TRADE] * 3 and steps[3].section is Section.BUILD
    assert steps[0].order == Offer(("b",), Hand.of(lumber=1), Hand.of(ore=1))
    assert steps[1].order == BankTrade(Resource.WOOL, Resource.GRAIN, 2)
    assert steps[5].order == Place(Action.SETTLEMENT, V("c3/c4/d4"), (Resource.BRICK, Resource.LUMBER))
    assert steps[10].order == RaiseUnit(UnitKind.MILITARY, V("c3/c4/d4"), S("c3>c4"))
    assert steps[12].order == RaiseUnit(UnitKind.GUARD, city=V("c3/c4/d4"), marker="c3")
    assert steps[16].order == Move(S("c3>c4"), (S("c3>b3"), S("c3>b2")))
    assert steps[17].action is Action.MOVE_SHIP and steps[4].action is Action.SHIP
    assert steps[20].order == Attack(S("c3>c4"), CityRef(V("c3/c4/d4")), "corrupt")
    assert steps[21].order == Attack(S("a1>a2"), ShipRef(E("a2/b2")))
    assert steps[22].order == Attack(S("c3>c4"), GuardRef(V("c3/c4/d4"), "c3"))


def test_a_step_out_of_its_phase_is_refused() -> None:
    """[K 3.2] a road is built in the construction phase, a unit moves in the last one."""
    assert problems(
        {"script": {"trade": [{"road": "c3/c4"}], "build": [{"move": {"unit": "c3>c4", "to": "c3>b3"}}]}}
    ) == [
        ("script.trade[0].road", "road is not a step of the trade phase [K 3.2]"),
        ("script.build[0].move", "move is not a step of the build phase [K 3.2]"),
    ]
    assert problems({"script": {"trade": [{"play": {"card": "road_building", "roads": ["c3/c4"]}}]}}) == [
        ("script.trade[0].play", "a road building card lays its roads in the build phase [K 3.2]")
    ]


def test_conditions_and_labels_read_and_refer_back() -> None:
    """[K 3.5] a condition names earlier labels; won and lost follow an attack."""
    orders = read(
        {
            "script": {
                "trade": [
                    {"bank": {"give": "ore", "get": "wool"}, "label": "sold", "if": {"roll": [6, 8], "has": {"ore": 4}}}
                ],
                "act": [
                    {"attack": {"unit": "c3>c4", "target": "c4>c3"}, "label": "hit", "if": {"after": "sold"}},
                    {"move": {"unit": "c3>c4", "to": "c3>b3"}, "if": {"won": "hit", "unless": "sold"}},
                ],
            }
        }
    )
    assert orders.steps[0].when == When(frozenset({6, 8}), Hand.of(ore=4))
    assert orders.steps[2].when == When(won="hit", unless="sold")
    assert [
        w
        for w, _ in problems(
            {
                "script": {
                    "trade": [
                        {"bank": {"give": "ore", "get": "wool"}, "if": {"after": "later", "won": "x"}, "label": "x"},
                        {"bank": {"give": "ore", "get": "wool"}, "label": "x", "if": {"won": "x", "roll": 7.5}},
                    ]
                }
            }
        )
    ] == [
        "script.trade[1].if.roll",
        "script.trade[0].if",
        "script.trade[0].if",
        "script.trade[0].if",
        "script.trade[1].if",
        "script.trade[1].label",
    ]


def test_standing_answers_read() -> None:
    """[K 4.4] [K 4.6] [K 5.2]"""
    answers = read(
        {
            "answers": {
                "accept": [{"from": ["b", "c"], "give": {"ore": 1}, "get": {"wool": 2}, "times": 2}],
                "discard": ["wool", "ore"],
                "gold": "ore",
            }
        }
    ).answers
    assert answers.accept == (Acceptance(("b", "c"), Hand.of(ore=1), Hand.of(wool=2), 2),)
    assert answers.discard == (Resource.WOOL, Resource.ORE) and answers.gold == (Resource.ORE,)
    accept = answers.accept[0]
    assert accept.takes("b", Hand.of(wool=3), Hand.of(ore=1)) and not accept.takes("b", Hand.of(wool=1), Hand.of(ore=1))
    assert not accept.takes("b", Hand.of(wool=2), Hand.of(ore=2)) and not accept.takes(
        "d", Hand.of(wool=2), Hand.of(ore=1)
    )


def test_every_problem_of_a_file_is_given_at_once() -> None:
    """[K 3.4] a file that cannot be read is refused with all its problems, each at its key."""
    found = problems(
        {
            "script": {
                "trade": [
                    {"offer": {"to": "zed", "give": {"ore": 1}, "get": {"ore": 1}}},
                    {"bank": {"give": "gold", "get": "ore"}},
                ],
                "build": [
                    {"road": "c3/c9"},
                    {"unit": {"kind": "dragon", "from": "c3/c4/d4", "at": "c3>c4"}},
                    {"settlement": "c3/c4/d4", "city": "c3/c4/d4"},
                ],
                "act": [{"attack": {"unit": "c3>c4", "target": "c4>c3", "city": "c3/c4/d4"}}, {"swap": ["c3>c4"]}],
                "later": [],
            },
            "answers": {"discard": ["gems"], "accept": [{"give": {"ore": "two"}, "get": {"wool": 1}}]},
            "extra": 1,
        }
    )
    assert [w for w, _ in found] == [
        "extra",
        "script.later",
        "script.trade[0].offer",
        "script.trade[0].offer.to",
        "script.trade[1].bank.give",
        "script.build[0].road",
        "script.build[1].unit.kind",
        "script.build[2]",
        "script.act[0].attack",
        "script.act[1].swap",
        "answers.accept[0].give.ore",
        "answers.discard[0]",
    ]
    assert ("script.build[0].road", "'c3/c9' is not a side two hexes of the board share (such as c3/d3)") in found


def test_no_file_is_no_orders() -> None:
    """[K 3.1] a player who sends nothing plays his turn with an empty script."""
    assert read(None).steps == () and read({}).steps == ()
