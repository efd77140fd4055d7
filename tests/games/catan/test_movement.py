"""Movement [K 9], explorers [K 14.3], reformers [K 14.5] and ships [K 15.9]; the worked cases C-02, C-15
and C-21."""

from __future__ import annotations

from pipeline.games.catan.outcome import Moved, Reason, Swapped
from pipeline.games.catan.state import Ship
from pipeline.games.catan.units import UnitKind

from .helpers import E, S, V, of, play, reasons, settlement, state, unit


def move(st, *orders, player="a"):
    return play(st, player, {"act": [{"move": o} for o in orders]})


def test_a_unit_moves_one_step_left_right_or_across() -> None:
    """[K 9.1] C-02: from c3>c4 to c3>b3, c3>d4 or c4>c3, not two steps, not after moving once."""
    for to in ("c3>b3", "c3>d4", "c4>c3"):
        after, events, _ = move(state(units={"c3>c4": unit("a", UnitKind.MILITARY)}), {"unit": "c3>c4", "to": to})
        assert list(after.units) == [S(to)] and of(events, Moved)[0].path == ("c3>c4", to)
    st = state(units={"c3>c4": unit("a", UnitKind.MILITARY)})
    _, events, _ = move(st, {"unit": "c3>c4", "to": ["c3>b3", "b3>c3"]}, {"unit": "c3>c4", "to": "c3>c2"})
    assert reasons(events) == [Reason.TOO_FAR, Reason.NOT_NEXT]
    _, events, _ = move(st, {"unit": "c3>c4", "to": "c3>b3"}, {"unit": "c3>b3", "to": "b3>c3"})
    assert reasons(events) == [None, Reason.ALREADY_MOVED]


def test_assault_troops_move_two_steps_through_a_friend_but_never_onto_one() -> None:
    """[K 9.1] [K 9.4] C-02, C-21: two steps; through the slot of a friend, not onto it; never through an
    enemy."""
    st = state(
        units={
            "c3>c4": unit("a", UnitKind.ASSAULT),
            "c3>b3": unit("a", UnitKind.WORKER),
            "c3>d4": unit("b", UnitKind.WORKER),
        }
    )
    after, events, _ = move(st, {"unit": "c3>c4", "to": ["c3>b3", "c3>b2"]})
    assert reasons(events) == [None] and after.units[S("c3>b2")].kind is UnitKind.ASSAULT
    _, events, _ = move(st, {"unit": "c3>c4", "to": "c3>b3"})
    assert reasons(events) == [Reason.OCCUPIED]
    _, events, _ = move(st, {"unit": "c3>c4", "to": ["c3>d4", "c3>d3"]})
    assert reasons(events) == [Reason.ENEMY_IN_WAY]


def test_an_inactive_unit_and_a_guard_do_not_move() -> None:
    """[K 9.2] [K 9.6] C-02"""
    st = state(units={"c3>c4": unit("a", UnitKind.MILITARY, active=False)})
    _, events, _ = move(st, {"unit": "c3>c4", "to": "c3>b3"})
    assert reasons(events) == [Reason.INACTIVE]


def test_a_hex_holds_five_units() -> None:
    """[K 9.5] C-21: into a hex of five, refused; within it, allowed."""
    full = {f"c3>{n}": unit("b", UnitKind.WORKER) for n in ("b2", "b3", "c2", "d3", "d4")}
    st = state(units={"c4>c3": unit("a", UnitKind.MILITARY), **full})
    _, events, _ = move(st, {"unit": "c4>c3", "to": "c3>c4"})
    assert reasons(events) == [Reason.HEX_FULL]
    own = {f"c3>{n}": unit("a", UnitKind.WORKER) for n in ("b2", "b3", "c2", "d3")}
    inside = state(units={"c3>c4": unit("a", UnitKind.MILITARY), **own})
    _, events, _ = move(inside, {"unit": "c3>c4", "to": "c3>d4"})
    assert reasons(events) == [None]


def test_land_units_keep_to_land_and_naval_units_to_the_sea() -> None:
    """[K 9.3] [K 15.2]"""
    st = state(units={"b2>b3": unit("a", UnitKind.MILITARY), "a1>a2": unit("a", UnitKind.PIRATE)})
    _, events, _ = move(st, {"unit": "b2>b3", "to": "b2>a2"}, {"unit": "a1>a2", "to": "a2>a1"})
    assert reasons(events) == [None, None]
    land = state(units={"a1>b2": unit("a", UnitKind.PIRATE), "b2>a1": unit("b", UnitKind.MILITARY)})
    _, events, _ = move(land, {"unit": "a1>b2", "to": "b2>a1"})
    assert reasons(events) == [Reason.NOT_SEA]
    _, events, _ = move(land, {"unit": "b2>a1", "to": "a1>b2"}, player="b")
    assert reasons(events) == [Reason.NOT_LAND]


def test_an_explorer_goes_one_corner_along_a_side() -> None:
    """[K 14.3] one corner a turn, onto land, not onto another explorer."""
    explorers = {V("c3/c4/d4"): unit("a", UnitKind.EXPLORER), V("c4/d4/d5"): unit("b", UnitKind.EXPLORER)}
    st = state(explorers=explorers)
    after, events, _ = play(st, "a", {"act": [{"explorer": {"from": "c3/c4/d4", "to": "b3/c3/c4"}}]})
    assert reasons(events) == [None] and V("b3/c3/c4") in after.explorers
    script = {
        "act": [
            {"explorer": {"from": "c3/c4/d4", "to": ["b3/c3/c4", "b3/b4/c4"]}},
            {"explorer": {"from": "c3/c4/d4", "to": "d4/d5/c4"}},
            {"explorer": {"from": "c3/c4/d4", "to": "d4/d5/e4"}},
        ]
    }
    _, events, _ = play(st, "a", script)
    assert reasons(events) == [Reason.TOO_FAR, Reason.EXPLORER_THERE, Reason.NOT_NEXT]


def test_two_reformers_swap_the_tokens_of_their_hexes() -> None:
    """[K 14.5] C-15: reformers of A on c4 (token 4) and e5 (token 9): the tokens swap, both reformers go;
    on one hex, refused; the desert has no token."""
    st = state(
        units={
            "c4>c3": unit("a", UnitKind.REFORMER),
            "e5>e4": unit("a", UnitKind.REFORMER),
            "c4>c5": unit("a", UnitKind.REFORMER),
            "d4>c3": unit("a", UnitKind.REFORMER),
        }
    )
    after, events, _ = play(
        st, "a", {"act": [{"swap": ["c4>c3", "c4>c5"]}, {"swap": ["c4>c3", "d4>c3"]}, {"swap": ["c4>c3", "e5>e4"]}]}
    )
    assert reasons(events) == [Reason.SAME_HEX, Reason.NO_TOKEN, None]
    assert after.tokens["c4"] == 9 and after.tokens["e5"] == 4
    assert set(after.units) == {S("c4>c5"), S("d4>c3")}
    assert of(events, Swapped) == [Swapped("a", ("c4", "e5"), (9, 4))]


def test_the_ship_at_the_open_end_of_a_route_moves_once_a_turn() -> None:
    """[K 15.9] not a ship built this turn, not one inside the route; to a side that touches the
    shipping without it."""
    st = state(buildings={"a1/b1/b2": settlement("a")}, ships={E("a1/b2"): Ship("a", 0), E("a2/b2"): Ship("a", 0)})
    script = {
        "act": [
            {"ship": {"from": "a1/b2", "to": "a1/b1"}},
            {"ship": {"from": "a2/b2", "to": "a3/b3"}},
            {"ship": {"from": "a2/b2", "to": "a1/a2"}},
            {"ship": {"from": "a1/a2", "to": "a2/b2"}},
        ]
    }
    after, events, _ = play(st, "a", script)
    assert reasons(events) == [Reason.NOT_END_SHIP, Reason.NOT_CONNECTED, None, Reason.SHIP_MOVED]
    assert set(after.ships) == {E("a1/b2"), E("a1/a2")}
    new = state(buildings={"a1/b1/b2": settlement("a")}, ships={E("a1/b2"): Ship("a", 1)})
    _, events, _ = play(new, "a", {"act": [{"ship": {"from": "a1/b2", "to": "a1/b1"}}]})
    assert reasons(events) == [Reason.SHIP_BUILT_THIS_TURN]
