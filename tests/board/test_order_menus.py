"""The orders an order form offers first (`first` of a unit's legal orders, pipeline.board.legal_orders): those
that can succeed, the full list (`orders`) one step away (docs/legal-orders.md, docs/order-form.md).

- In every movement phase of the demo games, `first` is a part of `orders`, in the same order, and holds the
  hold and every move; the longest `first` of each demo game's current turn, as the site publishes it, is within
  the bound set from the measurement below.
- On the standard board: a support of a move the supported unit cannot make ("F bre S A bud-eng") is one step
  away, a support of a move it can make is first; a convoy by one fleet to a coast the army cannot walk to is
  first, a convoy along a longer route or to a neighbour one step away; the full list keeps them all.

Measured on the demo games' current turns (the longest menu of a unit, full list → first): Diplomacy (`demo`,
fall 1902) 367 → 34; Machiavelli (`machiavelli`, spring 1455) 584 → 57; Objectif (`machiavelli-objectif`,
spring 1455) 626 → 61. Machiavelli's boards are denser (fleets in coastal provinces, more units next to each
sea), hence their higher bound.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.board.board import Board
from pipeline.board.position import PhaseKind
from pipeline.board.rules import Rules
from pipeline.games import family_of
from pipeline.publish.turns import legal_orders_data
from pipeline.storage.gamedir import load_game
from tests.conftest import position as make

GAMES = Path(__file__).resolve().parents[2] / "games"
# the longest first menu of a unit the tests allow, per demo game of the board families
BOUND = {"demo": 40, "machiavelli": 64, "machiavelli-objectif": 64}


def _units(name: str, turn: str) -> list[dict[str, Any]]:
    data = legal_orders_data(load_game(GAMES / name), turn, public=True)
    return [u for orders in data["powers"].values() for u in orders["units"]]


@pytest.mark.parametrize("name", sorted(BOUND))
def test_the_longest_first_menu_of_each_demo_game_is_bounded(name: str) -> None:
    """The order page's data (`orders.json`) of the game's current turn: no unit is offered more than the bound
    first, while the full lists are far longer."""
    game = load_game(GAMES / name)
    units = _units(name, game.current_turn())
    longest = max(len(u["first"]) for u in units)
    assert 0 < longest <= BOUND[name], (name, longest)
    assert max(len(u["orders"]) for u in units) > 4 * BOUND[name]


def _movement_turns() -> list[tuple[str, str]]:
    cases = []
    for name in sorted(BOUND):
        game = load_game(GAMES / name)
        cases += [(name, t) for t in game.turns() if t.endswith("-movement")]
    return cases


@pytest.mark.parametrize(("name", "turn"), _movement_turns())
def test_first_is_part_of_every_order_with_every_move(name: str, turn: str) -> None:
    """Every order stays reachable: `first` is `orders` with some left out, in the same order; no hold nor move is
    left out (a unit's own orders are always first)."""
    for unit in _units(name, turn):
        first, orders = unit["first"], unit["orders"]
        assert isinstance(first, list) and isinstance(orders, list)
        assert first == [o for o in orders if o in set(first)], unit["unit"]
        own = [o for o in orders if " S " not in o and " C " not in o]
        assert set(own) <= set(first), unit["unit"]


def _menus(board: Board, *units: str, power: str) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    legal = family_of(Rules()).legal_orders(board, make(*units), Rules(), power)
    return {u.unit: (u.first or (), u.orders) for u in legal.units}


def test_a_support_of_a_move_the_unit_cannot_make_is_one_step_away(board: Board) -> None:
    """[D 2.6] a unit supports a move into a space it could move to itself: the check accepts "F bre S A bud-eng"
    (the Channel is the fleet's), but the army in Budapest can never get there, so the form does not offer it
    first; "F bre S A par-pic", a move the army can make, is first (a support to hold of Paris, out of the
    fleet's reach, is no legal order at all)."""
    menus = _menus(board, "france: F bre", "france: A par", "austria: A bud", power="france")
    first, orders = menus["F bre"]
    assert "F bre S A bud-eng" in orders and "F bre S A bud-eng" not in first
    assert "F bre S A par-pic" in first and "F bre S A par-gas" in first
    assert "F bre S A par" not in orders


def test_a_convoy_is_first_by_one_fleet_overseas(board: Board) -> None:
    """[D 4.1] an army goes by convoy along a route of fleets: the Channel's convoy of London to Brest (no land
    route) is first, London to Belgium by the Channel and the North Sea, or to Wales (a neighbour over land),
    one step away; the army's own moves by convoy are first wherever a route stands, its support of the North
    Sea's fleet to Yorkshire too, not to Wales (which the fleet cannot reach)."""
    menus = _menus(board, "england: A lon", "england: F eng", "england: F nth", power="england")
    first, orders = menus["F eng"]
    assert "F eng C A lon-bre" in first
    assert "F eng C A lon-wal" in orders and "F eng C A lon-wal" not in first
    assert "F eng C A lon-hol" in orders and "F eng C A lon-hol" not in first  # by the North Sea too
    army_first, army_orders = menus["A lon"]
    assert "A lon-bre via convoy" in army_first and "A lon-hol via convoy" in army_first
    assert {o for o in army_orders if " S " not in o} <= set(army_first)
    assert "A lon S F nth-yor" in army_first and "A lon S F nth-wal" not in army_first  # no sea route to Wales


def test_no_first_menu_outside_movement(board: Board) -> None:
    """Retreats and adjustments are short lists: they have no `first`, the form shows them whole."""
    pos = make("france: A par", season="winter", kind=PhaseKind.ADJUSTMENT)
    legal = family_of(Rules()).legal_orders(board, pos, Rules(), "france")
    assert all(u.first is None for u in legal.units)
