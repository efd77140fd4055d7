"""The income phase [K 4] with workers [K 12.2], barbarians [K 12.4] and corruption [K 13.4]; the worked
cases C-09 (its income), C-12 and C-13."""

from __future__ import annotations

import dataclasses

from pipeline.games.catan.board import YIELDS
from pipeline.games.catan.options import DEFAULT_OPTIONS, BarbarianIncome, Rounding
from pipeline.games.catan.outcome import BankShort, Discarded, Produced, Rolled, Source
from pipeline.games.catan.production import discards
from pipeline.games.catan.resources import Hand, Resource
from pipeline.games.catan.state import Corruption
from pipeline.games.catan.units import UnitKind

from .helpers import V, board, city, of, play, settlement, state, unit

SEATS4 = ("a", "b", "c", "d")


def hand(st, player):
    return st.players[player].hand


def test_the_dice_are_rolled_and_each_building_produces() -> None:
    """[K 4.1] [K 4.2] a settlement takes one card of a hex of the roll, a city two; c3 is hills 9."""
    st = state(buildings={"c3/c4/d4": settlement("a"), "c2/c3/d3": city("b")})
    after, events, dice = play(st, "a", roll=(4, 5))
    assert of(events, Rolled) == [Rolled("a", (4, 5))]
    assert [d.purpose for d in dice.draws] == ["round 1 a roll 1", "round 1 a roll 2"]
    assert hand(after, "a") == Hand.of(brick=1) and hand(after, "b") == Hand.of(brick=2)
    assert {(p.player, p.source) for p in of(events, Produced)} == {("a", Source.SETTLEMENT), ("b", Source.CITY)}


def test_the_tokens_are_the_states() -> None:
    """[K 4.2] a token a reformer moved produces where it lies now."""
    st = state(buildings={"c3/c4/d4": settlement("a")})
    moved = dataclasses.replace(st, tokens={**st.tokens, "c3": 5, "c4": 9})
    after, _, _ = play(moved, "a", roll=(4, 5))
    assert hand(after, "a") == Hand.of(wool=1)


def test_workers_add_a_card_each_when_active_and_beside_their_owners_building() -> None:
    """[K 12.2] C-12: a city on the mountains e3 (token 3) and three workers on it, one inactive: 2 + 2
    ore; without a building on the hex, a worker gives nothing."""
    st = state(
        buildings={"e3/e4/f3": city("a")},
        units={
            "e3>d3": unit("a", UnitKind.WORKER, home="e3/e4/f3"),
            "e3>e2": unit("a", UnitKind.WORKER, home="e3/e4/f3"),
            "e3>f2": unit("a", UnitKind.WORKER, active=False, home="e3/e4/f3"),
        },
    )
    after, events, _ = play(st, "a", roll=(1, 2))
    assert hand(after, "a") == Hand.of(ore=4)
    assert [p.at for p in of(events, Produced) if p.source is Source.WORKER] == ["e3>d3", "e3>e2"]
    alone = state(units={"e3>d3": unit("a", UnitKind.WORKER, home="e3/e4/f3")})
    assert hand(play(alone, "a", roll=(1, 2))[0], "a") == Hand()


def _barbarian_hex():
    corners = board().hex_vertices("e4")  # fields, token 6
    return corners[0], corners[2]


def test_barbarians_take_one_card_each_and_the_hex_gives_its_buildings_nothing() -> None:
    """[K 12.4] C-13: on the fields e4 (token 6) a settlement of A, a city of D, one barbarian of B and two
    of C: A and D get nothing, B 1 grain, C 2 (option barbarian_income: each)."""
    one, two = _barbarian_hex()
    st = state(
        seats=SEATS4,
        buildings={str(one): settlement("a"), str(two): city("d")},
        units={
            "e4>d4": unit("b", UnitKind.BARBARIAN),
            "e4>e3": unit("c", UnitKind.BARBARIAN),
            "e4>e5": unit("c", UnitKind.BARBARIAN),
            "e4>f3": unit("a", UnitKind.WORKER, home=str(one)),
        },
    )
    after, events, _ = play(st, "a", roll=(3, 3))
    assert [hand(after, p) for p in SEATS4] == [Hand(), Hand.of(grain=1), Hand.of(grain=2), Hand()]
    assert all(p.source is Source.BARBARIAN for p in of(events, Produced))


def test_under_the_hex_reading_barbarians_share_what_the_buildings_would_have_had() -> None:
    """[K 12.4] (option barbarian_income: hex) a settlement and a city would have had 3 grain; B's one
    barbarian takes them."""
    one, two = _barbarian_hex()
    st = state(
        seats=SEATS4,
        buildings={str(one): settlement("a"), str(two): city("d")},
        units={"e4>d4": unit("b", UnitKind.BARBARIAN)},
    )
    options = dataclasses.replace(DEFAULT_OPTIONS, barbarian_income=BarbarianIncome.HEX)
    after, _, _ = play(st, "a", roll=(3, 3), options=options)
    assert hand(after, "b") == Hand.of(grain=3) and hand(after, "a") == hand(after, "d") == Hand()


def test_a_corruption_marker_takes_half_the_citys_cards_of_its_hex() -> None:
    """[K 13.4] C-09: B's marker on c3 (hills 9) against A's city at c3/c4/d4: of its 2 brick, 1 goes to
    B; the city's other hexes are not touched."""
    st = state(
        buildings={"c3/c4/d4": city("a")},
        corruption=(Corruption("c3", V("c3/c4/d4"), "b"),),
    )
    after, events, _ = play(st, "a", roll=(4, 5))
    assert hand(after, "a") == Hand.of(brick=1) and hand(after, "b") == Hand.of(brick=1)
    assert [p.source for p in of(events, Produced)] == [Source.CITY, Source.CORRUPTION]


def test_the_half_is_rounded_down_or_up_as_the_game_says() -> None:
    """[K 13.4] (option corruption_rounding) a city beaten back to a settlement yields 1: down, the
    corrupter gets nothing; up, he gets it."""
    st = state(buildings={"c3/c4/d4": settlement("a")}, corruption=(Corruption("c3", V("c3/c4/d4"), "b"),))
    down, _, _ = play(st, "a", roll=(4, 5))
    assert hand(down, "a") == Hand.of(brick=1) and hand(down, "b") == Hand()
    up, _, _ = play(st, "a", roll=(4, 5), options=dataclasses.replace(DEFAULT_OPTIONS, corruption_rounding=Rounding.UP))
    assert hand(up, "a") == Hand() and hand(up, "b") == Hand.of(brick=1)


def test_a_gold_field_gives_the_resource_the_player_chose() -> None:
    """[K 4.4] Seafarers' gold (c6, token 4): the `gold` answers in turn; without them the resource held
    fewest of."""
    from .helpers import board as get_board

    sea = get_board("seafarers-4")
    corner = str(sea.hex_vertices("c6")[0])
    st = state(sea, buildings={corner: city("a")}, hands={"a": Hand.of(brick=1, lumber=1, grain=1, ore=1)})
    after, _, _ = play(st, "a", b=sea, roll=(1, 3), answers={"a": {"gold": ["ore", "wool"]}})
    assert hand(after, "a") - hand(st, "a") == Hand.of(ore=1, wool=1)
    after, _, _ = play(st, "a", b=sea, roll=(1, 3))
    assert hand(after, "a") - hand(st, "a") == Hand.of(wool=2)


def test_a_seven_produces_nothing_and_halves_the_hands_over_the_limit() -> None:
    """[K 4.6] 9 cards: 4 given back, first those of the discard answer, then the most held; 7 cards:
    none; a wall raises the limit by 2."""
    big = Hand.of(ore=5, wool=3, grain=1)
    st = state(
        buildings={"c3/c4/d4": settlement("a"), "e3/e4/f3": city("c", walls=True)},
        hands={"a": big, "b": Hand.of(ore=7), "c": big},
    )
    after, events, _ = play(st, "a", roll=(3, 4), answers={"a": {"discard": ["grain", "grain", "wool"]}})
    assert of(events, Discarded) == [Discarded("a", Hand.of(grain=1, wool=1, ore=2))]
    assert hand(after, "a") == Hand.of(ore=3, wool=2)
    assert hand(after, "b") == Hand.of(ore=7) and hand(after, "c") == big
    assert after.bank == st.bank + Hand.of(grain=1, wool=1, ore=2)
    no_walls = dataclasses.replace(DEFAULT_OPTIONS, walls_raise_hand_limit=False, discard_on_seven=True)
    _, events, _ = play(st, "a", roll=(3, 4), options=no_walls)
    assert [d.player for d in of(events, Discarded)] == ["a", "c"]
    _, events, _ = play(st, "a", roll=(3, 4), options=dataclasses.replace(DEFAULT_OPTIONS, discard_on_seven=False))
    assert of(events, Discarded) == []


def test_discards_follow_the_answer_then_the_most_held() -> None:
    """[K 4.6] the order of the answer while the hand holds it; then the resource held most of."""
    assert discards(Hand.of(ore=3, wool=3, brick=1), 3, (Resource.BRICK, Resource.BRICK)) == Hand.of(
        brick=1, wool=1, ore=1
    )


def test_the_bank_short_of_a_resource_gives_it_to_nobody_unless_one_player_is_owed() -> None:
    """[K 4.7] 2 brick left: two players owed 3 get none; one player owed 2 of 3 gets the 2."""
    two = Hand.of(brick=2, lumber=19, wool=19, grain=19, ore=19)
    st = state(buildings={"c3/c4/d4": city("a"), "c2/c3/d3": settlement("b")}, bank=two)
    after, events, _ = play(st, "a", roll=(4, 5))
    assert of(events, BankShort) == [BankShort(Resource.BRICK, 3)]
    assert hand(after, "a") == hand(after, "b") == Hand() and after.bank == two
    alone = state(buildings={"c3/c4/d4": city("a"), "c2/c3/d3": city("a")}, bank=two)
    after, _, _ = play(alone, "a", roll=(4, 5))
    assert hand(after, "a") == Hand.of(brick=2) and after.bank is not None and after.bank[Resource.BRICK] == 0


def test_desert_and_sea_produce_nothing() -> None:
    """[K 4.5] the desert has no token; the terrains that produce each have their resource."""
    b = board()
    assert all(h.token is None for h in b.hexes.values() if not h.terrain.produces)
    assert set(YIELDS) == {h.terrain for h in b.hexes.values() if h.terrain.produces}
