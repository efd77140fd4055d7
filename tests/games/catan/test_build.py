"""The construction phase [K 6] [K 7] [K 8]: the base game's pieces, city status and walls, where each
unit is raised, explorers' reservations and guards; the worked cases C-01, C-08, C-14, C-19 and C-20."""

from __future__ import annotations

import dataclasses

from pipeline.games.catan.options import DEFAULT_OPTIONS, PirateReactivation
from pipeline.games.catan.outcome import Built, ExplorerBoughtOut, Piece, Reason
from pipeline.games.catan.resources import Hand
from pipeline.games.catan.state import BuildingKind, Card, Corruption, Guard, Ship
from pipeline.games.catan.units import UnitKind

from .helpers import E, S, V, city, of, play, reasons, settlement, state, unit

INLAND = "c3/c4/d4"  # hills c3, pasture c4, the desert d4
COAST = "a1/b1/b2"  # sea a1 and b1, mountains b2
PLENTY = Hand.of(brick=9, lumber=9, wool=9, grain=9, ore=9)


def build(st, *steps, player="a", **kw):
    return play(st, player, {"build": list(steps)}, **kw)


def test_a_settlement_keeps_the_distance_rule_and_needs_a_road() -> None:
    """[K 6.2] empty corner, no building one side away, reached by the player's road; its cost paid."""
    st = state(buildings={INLAND: settlement("a")}, roads={"c3/c4": "a", "b3/c3": "a"}, hands={"a": PLENTY})
    after, events, _ = build(st, {"settlement": "b3/c3/c4"}, {"settlement": "b2/b3/c3"}, {"settlement": INLAND},
                             {"settlement": "d4/d5/e4"})  # fmt: skip
    assert reasons(events) == [Reason.DISTANCE_RULE, None, Reason.OCCUPIED, Reason.NOT_CONNECTED]
    assert after.buildings[V("b2/b3/c3")].owner == "a"
    assert after.players["a"].hand == PLENTY - Hand.of(brick=1, lumber=1, wool=1, grain=1)


def test_a_road_touches_a_building_or_a_road_not_through_anothers_building() -> None:
    """[K 6.4] on land, free, from the player's building or his road at a corner without another's
    building."""
    st = state(
        buildings={INLAND: settlement("a"), "b3/c3/c4": settlement("b")},
        roads={"c3/c4": "a"},
        hands={"a": PLENTY},
    )
    after, events, _ = build(st, {"road": "b3/c3"}, {"road": "c3/d4"}, {"road": "c3/c4"}, {"road": "a1/a2"})
    assert reasons(events) == [Reason.NOT_CONNECTED, None, Reason.OCCUPIED, Reason.NOT_LAND]
    assert after.roads[E("c3/d4")] == "a"
    assert after.players["a"].hand == PLENTY - Hand.of(brick=1, lumber=1)


def test_ships_go_at_sea_and_join_roads_only_at_a_building() -> None:
    """[K 6.5] a ship from a coastal settlement; a ship from the end of a road with no building there is
    not connected; a side of coast takes a road or a ship, not both."""
    st = state(buildings={COAST: settlement("a")}, roads={"b1/b2": "a"}, hands={"a": PLENTY})
    after, events, _ = build(st, {"ship": "a1/b1"}, {"ship": "b1/b2"}, {"ship": "b1/c1"}, {"ship": "a1/b2"},
                             {"ship": "b2/c3"})  # fmt: skip
    assert reasons(events) == [None, Reason.OCCUPIED, Reason.NOT_CONNECTED, None, Reason.NOT_SEA]
    assert after.ships[E("a1/b1")] == Ship("a", 1)
    assert of(events, Built)[0].paid == Hand.of(lumber=1, wool=1)


def test_pieces_run_out() -> None:
    """[K 6.7] five settlements, four cities, three walls."""
    corners = ["a2/a3/b3", "c4/c5/d5", "d2/d3/e2", "e4/e5/f4", "d5/d6/e5"]
    st = state(buildings={c: settlement("a") for c in corners}, roads={"c3/c4": "a"}, hands={"a": PLENTY})
    _, events, _ = build(st, {"settlement": "b3/c3/c4"})
    assert reasons(events) == [Reason.NO_PIECE_LEFT]
    cities = {c: city("a", walls=i < 3) for i, c in enumerate(corners[:4])}
    four = state(buildings={**cities, corners[4]: settlement("a")}, hands={"a": PLENTY})
    _, events, _ = build(four, {"city": corners[4]}, {"walls": corners[3]})
    assert reasons(events) == [Reason.NO_PIECE_LEFT, Reason.NO_PIECE_LEFT]


def test_a_city_starts_at_status_1_and_raises_its_status_to_4() -> None:
    """[K 6.3] [K 7.1] [K 7.2] C-08: the city at status 1, its counter active; +1 for 1 ore, 1 lumber and
    1 wool; never above 4."""
    st = state(buildings={INLAND: settlement("a")}, hands={"a": PLENTY})
    after, events, _ = build(st, {"city": INLAND}, {"status": INLAND}, {"status": INLAND}, {"status": INLAND},
                             {"status": INLAND}, {"status": "c2/c3/d3"})  # fmt: skip
    assert reasons(events) == [None, None, None, None, Reason.STATUS_MAX, Reason.NOT_OWN_CITY]
    b = after.buildings[V(INLAND)]
    assert b.kind is BuildingKind.CITY and b.status == 4 and not b.sabotaged
    assert [e.status for e in of(events, Built)] == [1, 2, 3, 4]
    assert PLENTY - after.players["a"].hand == Hand.of(ore=3, grain=2) + Hand.of(ore=3, lumber=3, wool=3)


def test_a_citys_quota_is_its_status_in_living_land_units() -> None:
    """[K 7.3] [K 8.2] C-08: status 2 raises a military unit and a worker, then nothing until one of them
    leaves the board."""
    st = state(buildings={INLAND: city("a", status=2)}, hands={"a": PLENTY})
    first = [
        {"unit": {"kind": "military", "from": INLAND, "at": "c3>c4"}},
        {"unit": {"kind": "worker", "from": INLAND, "at": "c4>c3"}},
        {"unit": {"kind": "military", "from": INLAND, "at": "c4>d4"}},
    ]
    after, events, _ = build(st, *first)
    assert reasons(events) == [None, None, Reason.QUOTA_FULL]
    assert after.units[S("c3>c4")].home == V(INLAND)
    lost = dataclasses.replace(after, units={s: u for s, u in after.units.items() if s != S("c4>c3")})
    _, events, _ = build(lost, first[2])
    assert reasons(events) == [None]


def test_walls_cost_two_brick_once_a_city() -> None:
    """[K 7.5] C-08: walls round the player's city, not a settlement's, not twice."""
    st = state(buildings={INLAND: city("a"), "e3/e4/f3": settlement("a")}, hands={"a": PLENTY})
    after, events, _ = build(st, {"walls": INLAND}, {"walls": INLAND}, {"walls": "e3/e4/f3"})
    assert reasons(events) == [None, Reason.HAS_WALLS, Reason.NOT_OWN_CITY]
    assert after.buildings[V(INLAND)].walls and of(events, Built)[0].paid == Hand.of(brick=2)


def test_new_units_stand_on_the_six_slots_of_their_building() -> None:
    """[K 2.5] [K 8.2] [K 9.5] C-01: one of the six slots, empty, in a hex with fewer than five units."""
    others = {"c3>b3": "b", "c3>c2": "b", "c3>d3": "b", "c3>b2": "b"}
    st = state(
        buildings={INLAND: city("a", status=4)},
        units={"c4>c3": unit("b", UnitKind.MILITARY), **{k: unit(v, UnitKind.WORKER) for k, v in others.items()}},
        hands={"a": PLENTY},
    )
    raise_at = [{"unit": {"kind": "military", "from": INLAND, "at": at}} for at in ("c4>c3", "c3>c4", "c5>c4", "c4>d4")]
    after, events, _ = build(st, *raise_at)
    assert reasons(events) == [Reason.OCCUPIED, None, Reason.NOT_AROUND, None]
    _, events, _ = build(after, {"unit": {"kind": "military", "from": INLAND, "at": "c3>d4"}})
    assert reasons(events) == [Reason.HEX_FULL]  # c3 holds five: four workers and the new unit


def test_a_settlement_raises_one_assault_troop_and_no_military() -> None:
    """[K 8.2] [K 11.2] C-19: an assault troop for 1 ore and 1 brick; a military unit or a second troop
    refused."""
    st = state(buildings={INLAND: settlement("a")}, hands={"a": PLENTY})
    after, events, _ = build(
        st,
        {"unit": {"kind": "military", "from": INLAND, "at": "c3>c4"}},
        {"unit": {"kind": "assault", "from": INLAND, "at": "c3>c4"}},
        {"unit": {"kind": "assault_troop", "from": INLAND, "at": "c4>c3"}},
    )
    assert reasons(events) == [Reason.CITY_ONLY, None, Reason.SETTLEMENT_UNIT]
    assert after.units[S("c3>c4")].kind is UnitKind.ASSAULT
    assert of(events, Built)[0].paid == Hand.of(ore=1, brick=1)


def test_naval_units_come_from_coastal_buildings_whatever_their_status() -> None:
    """[K 8.2] [K 15.1] C-20: a protection ship from a coastal settlement for 1 lumber, 1 wool and 1 ore; a
    pirate from an inland city of status 4 refused; a sabotaged coastal city still raises one; two naval
    units a player."""
    st = state(buildings={COAST: settlement("a"), INLAND: city("a", status=4), "a3/a4/b4": city("a", sabotaged=True)},
               hands={"a": PLENTY})  # fmt: skip
    after, events, _ = build(
        st,
        {"unit": {"kind": "protection", "from": COAST, "at": "a1>b1"}},
        {"unit": {"kind": "pirate", "from": INLAND, "at": "c3>c4"}},
        {"unit": {"kind": "pirate", "from": "a3/a4/b4", "at": "a3>a4"}},
        {"unit": {"kind": "pirate", "from": COAST, "at": "b1>a1"}},
        {"unit": {"kind": "military", "from": "a3/a4/b4", "at": "b4>a4"}},
    )
    assert reasons(events) == [None, Reason.NOT_COASTAL, None, Reason.NO_COUNTER_LEFT, Reason.SABOTAGED]
    assert sorted(u.kind.value for u in after.units.values()) == ["pirate", "protection"]
    assert of(events, Built)[0].paid == Hand.of(lumber=1, wool=1, ore=1)
    _, events, _ = build(st, {"unit": {"kind": "pirate", "from": COAST, "at": "b2>a1"}})
    assert reasons(events) == [Reason.NOT_SEA]


def test_an_explorer_starts_on_its_citys_corner() -> None:
    """[K 14.3] raised on a city, standing on its corner; one explorer a corner."""
    st = state(buildings={INLAND: city("a", status=2)}, hands={"a": PLENTY})
    after, events, _ = build(
        st, {"unit": {"kind": "explorer", "from": INLAND}}, {"unit": {"kind": "explorer", "from": INLAND}}
    )
    assert reasons(events) == [None, Reason.EXPLORER_THERE]
    assert after.explorers[V(INLAND)].owner == "a"
    assert of(events, Built)[0].paid == Hand.of(wool=1, lumber=1, ore=1, grain=1)


def test_an_explorers_corner_is_bought_out_by_another_and_cheaper_for_its_owner() -> None:
    """[K 14.2] C-14: B pays the settlement to the bank and 2 ore to A, the explorer goes; A pays two cards
    less, those he names; B without the 2 ore cannot build."""
    explorer = {V("b3/c3/c4"): unit("a", UnitKind.EXPLORER, home="c4/c5/d5")}
    base = state(buildings={"c4/c5/d5": city("a")}, roads={"c3/c4": "b", "b3/c4": "a"}, explorers=explorer,
                 hands={"a": PLENTY, "b": Hand.of(brick=1, lumber=1, wool=1, grain=1, ore=2)})  # fmt: skip
    after, events, _ = build(base, {"settlement": "b3/c3/c4"}, player="b")
    assert reasons(events) == [None]
    assert of(events, ExplorerBoughtOut) == [ExplorerBoughtOut("b", "a", "b3/c3/c4", Hand.of(ore=2))]
    assert after.players["b"].hand == Hand() and after.players["a"].hand == PLENTY + Hand.of(ore=2)
    assert after.explorers == {} and after.buildings[V("b3/c3/c4")].owner == "b"
    poor = dataclasses.replace(
        base,
        players={
            **base.players,
            "b": dataclasses.replace(base.players["b"], hand=Hand.of(brick=1, lumber=1, wool=1, grain=1)),
        },
    )
    _, events, _ = build(poor, {"settlement": "b3/c3/c4"}, player="b")
    assert reasons(events) == [Reason.CANNOT_AFFORD]
    after, events, _ = build(base, {"settlement": {"at": "b3/c3/c4", "discount": ["brick", "lumber"]}})
    assert of(events, Built)[0].paid == Hand.of(wool=1, grain=1) and after.explorers == {}


def test_a_guard_stands_on_a_marker_or_a_sabotaged_city_for_three_ore() -> None:
    """[K 13.6] C-09, C-10: on B's marker against A's city, or on A's sabotaged city; not on a city that is
    neither; one a post; no quota used."""
    st = state(
        buildings={INLAND: city("a", status=1, sabotaged=True), "e3/e4/f3": city("a")},
        corruption=(Corruption("c3", V(INLAND), "b"),),
        hands={"a": PLENTY},
    )
    after, events, _ = build(
        st,
        {"unit": {"kind": "guard", "city": INLAND, "marker": "c3"}},
        {"unit": {"kind": "guard", "city": INLAND}},
        {"unit": {"kind": "guard", "city": INLAND}},
        {"unit": {"kind": "guard", "city": "e3/e4/f3"}},
        {"unit": {"kind": "guard", "city": INLAND, "marker": "c4"}},
    )
    assert reasons(events) == [None, None, Reason.POST_TAKEN, Reason.NO_POST, Reason.NO_POST]
    assert after.guards == (Guard("a", V(INLAND)), Guard("a", V(INLAND), "c3"))
    assert of(events, Built)[0].paid == Hand.of(ore=3)
    assert after.buildings[V(INLAND)].sabotaged  # the counter stays as it is


def test_reactivation_pays_the_units_cost() -> None:
    """[K 10.6] [K 15.6] a military unit for 1 lumber, a worker for 1 grain; an active unit needs none; a
    pirate that reactivates by itself cannot be paid for."""
    st = state(
        units={"c3>c4": unit("a", UnitKind.MILITARY, False), "c4>c3": unit("a", UnitKind.WORKER, False),
               "d4>c3": unit("a", UnitKind.MILITARY), "a1>b1": unit("a", UnitKind.PIRATE, False)},
        hands={"a": PLENTY},
    )  # fmt: skip
    steps = [{"reactivate": s} for s in ("c3>c4", "c4>c3", "d4>c3", "a1>b1", "b1>a1")]
    after, events, _ = build(st, *steps)
    assert reasons(events) == [None, None, Reason.ALREADY_ACTIVE, None, Reason.NO_UNIT]
    assert PLENTY - after.players["a"].hand == Hand.of(lumber=2, grain=1)
    free = dataclasses.replace(DEFAULT_OPTIONS, pirate_reactivation=PirateReactivation.FREE)
    _, events, _ = build(st, {"reactivate": "a1>b1"}, options=free)
    assert reasons(events) == [Reason.ALREADY_ACTIVE]  # it turned active at the start of the turn
    _, events, _ = build(
        dataclasses.replace(st, units={S("a1>b1"): unit("a", UnitKind.PIRATE, False)}), {"reactivate": "a1>b1"}
    )
    assert reasons(events) == [None]


def test_a_development_card_is_drawn_by_a_die_of_the_decks_size() -> None:
    """[K 16.1] 1 ore, 1 wool, 1 grain; the card drawn by a d34 from the 5-6 deck (knights first)."""
    st = state(hands={"a": PLENTY})
    after, events, dice = build(st, {"card": "buy"}, {"card": "buy"}, dice={"step 1 card": 1, "step 2 card": 33})
    assert [d.sides for d in dice.draws[2:]] == [34, 33]
    assert [c.card for c in after.players["a"].cards] == [Card.KNIGHT, Card.MONOPOLY]
    assert after.deck[Card.KNIGHT] == 19 and after.deck[Card.MONOPOLY] == 2
    assert of(events, Built)[0].piece is Piece.CARD and of(events, Built)[0].card is Card.KNIGHT
