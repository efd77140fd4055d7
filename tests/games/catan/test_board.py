"""The board [K 1] [K 2]: places named by their hexes, slots and their neighbours (the figures C-01 and
C-02 of the examples), the board files, and a board drawn by lot."""

from __future__ import annotations

from collections import Counter

import pytest

from pipeline.errors import DataError
from pipeline.games.catan.board import Slot, Terrain
from pipeline.games.catan.layout import board_from_data, board_to_data, draw_board, layout_from_data
from pipeline.games.catan.resources import Resource
from pipeline.shared.dice import FixedDice, HashDice

from .helpers import S, V, board, board_data

BASE_TOKENS = Counter([2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12])


def test_the_six_slots_round_a_building_are_both_faces_of_its_three_sides() -> None:
    """[K 2.5] C-01: hexes H1 c3, H2 c4, H3 d4 meet at V; the slots A-F are (H1,e12) (H2,e12) (H2,e23)
    (H3,e23) (H3,e31) (H1,e31)."""
    slots = board().vertex_slots(V("c3/c4/d4"))
    assert sorted(map(str, slots)) == sorted(["c3>c4", "c4>c3", "c4>d4", "d4>c4", "d4>c3", "c3>d4"])


def test_a_slot_has_three_neighbours_left_right_and_across() -> None:
    """[K 2.4] C-02: from (H, s) a unit moves to (H, s-1), (H, s+1) or the same side from the other hex."""
    assert board().slot_neighbours(S("c3>c4")) == sorted([S("c3>b3"), S("c3>d4"), S("c4>c3")])
    b = board()
    inner = [s for h in b.hexes if b.is_land(h) for s in b.hex_slots(h)]
    assert inner and all(len(b.slot_neighbours(s)) == 3 for s in inner)


def test_neighbouring_slots_are_mutual() -> None:
    """[K 2.4] a move can always be made back."""
    b = board()
    for h in b.hexes:
        for s in b.hex_slots(h):
            assert all(s in b.slot_neighbours(n) for n in b.slot_neighbours(s))


def test_places_are_written_by_their_hexes_in_any_order() -> None:
    """[K 2.2] [K 2.3] a corner by its three hexes, a side by two, a slot by its hex and the one it faces."""
    b = board()
    assert b.vertex_named("d4/c3/c4") == b.vertex_named("c3/c4/d4") == V("c3/c4/d4")
    assert b.edge_named("c4/c3") == b.edge_named("c3/c4")
    assert b.slot_named("c3>c4") == Slot("c3", "c4") != b.slot_named("c4>c3")
    assert b.vertex_named("c3/c4/c5") is None  # not three hexes round one corner
    assert b.edge_named("c3/c5") is None and b.slot_named("c3>c5") is None and b.slot_named("c3") is None


def test_the_base_board_has_the_base_games_pieces() -> None:
    """[K 1.5] 19 land hexes (3 hills, 4 forests, 4 pastures, 4 fields, 3 mountains, a desert), the 18
    tokens, 54 corners and 72 sides of land, 9 harbours (4 of them 3:1)."""
    b = board()
    land = [h for h in b.hexes.values() if h.terrain.is_land]
    assert Counter(h.terrain for h in land) == {
        Terrain.HILLS: 3, Terrain.FOREST: 4, Terrain.PASTURE: 4, Terrain.FIELDS: 4, Terrain.MOUNTAINS: 3,
        Terrain.DESERT: 1,
    }  # fmt: skip
    assert Counter(h.token for h in land if h.token) == BASE_TOKENS
    assert sum(1 for v in b.vertices if b.vertex_is_land(v)) == 54
    assert sum(1 for e in b.edges if b.edge_is_land(e)) == 72
    assert len(b.harbours) == 9 and sum(1 for h in b.harbours if h.resource is None) == 4
    assert {h.resource for h in b.harbours} == {None, *Resource}


def test_the_seafarers_board_has_two_islands_and_gold() -> None:
    """[K 1.5] the base island and a long island across a strait, two gold fields on it."""
    b = board("seafarers-4")
    land = {h for h in b.hexes if b.is_land(h)}
    islands: list[set[str]] = []
    for h in sorted(land):
        if any(h in i for i in islands):
            continue
        island, todo = set(), [h]
        while todo:
            x = todo.pop()
            if x not in island:
                island.add(x)
                todo += [n for n in b.neighbours(x) if n in land]
        islands.append(island)
    assert sorted(len(i) for i in islands) == [7, 19]
    assert sum(1 for h in land if b.hexes[h].terrain is Terrain.GOLD) == 2
    assert all(b.hexes[h].token for h in land if b.hexes[h].terrain.produces)


def test_a_board_file_with_problems_names_them_all() -> None:
    """[K 1.5] every problem at once, each at its key."""
    data = board_data("base")
    data["hexes"]["c3"]["token"] = 7
    data["hexes"]["c4"]["terrain"] = "swamp"
    data["hexes"]["d4"]["token"] = 5  # a desert takes no token
    del data["hexes"]["a4"]  # b4 is land and loses a neighbour
    data["harbours"].append({"edge": "c3/c4", "trade": "any"})  # not a coast
    data["colour"] = "blue"
    with pytest.raises(DataError) as err:
        board_from_data(data)
    wheres = [p.where for p in err.value.problems]
    assert wheres == [
        "hexes.c3.token", "hexes.c4.terrain", "hexes.d4.token", "harbours[9].edge", "hexes.b4", "colour",
    ]  # fmt: skip
    assert "put sea at [3, -3]" in str(err.value)


def test_a_drawn_board_lays_the_pool_by_the_dice() -> None:
    """[K 1.6] the pool's terrains and tokens on the drawn hexes, the same seed laying the same board;
    each shuffle a roll by purpose."""
    layout = layout_from_data(board_data("base-drawn"))
    assert not layout.fixed and len(layout.drawn_terrain) == 19
    one, two = draw_board(layout, HashDice("s1")), draw_board(layout, HashDice("s1"))
    assert one == two
    assert draw_board(layout, HashDice("s2")) != one
    land = [h for h in one.hexes.values() if h.terrain.is_land]
    assert Counter(h.terrain for h in land) == Counter(h.terrain for h in board().hexes.values() if h.terrain.is_land)
    assert Counter(h.token for h in land if h.token) == BASE_TOKENS
    assert all((h.token is None) == (h.terrain is Terrain.DESERT) for h in land)
    dice = HashDice("s1")
    draw_board(layout, dice)
    assert [d.purpose for d in dice.draws[:2]] == ["board terrain 18", "board terrain 17"]
    assert len(dice.draws) == 18 + 17


def test_dice_that_never_swap_keep_the_pool_in_the_files_order() -> None:
    """[K 1.6] a Fisher-Yates shuffle: a roll of i+1 at step i leaves the pool as it stands."""
    layout = layout_from_data(board_data("base-drawn"))
    dice = FixedDice({f"board terrain {i}": i + 1 for i in range(19)} | {f"board token {i}": i + 1 for i in range(18)})
    b = draw_board(layout, dice)
    first = b.hexes[layout.drawn_terrain[0]]
    assert first.terrain is Terrain.HILLS and first.token == 2


def test_a_drawn_board_is_kept_as_a_board_file() -> None:
    """[K 1.5] [K 1.6] the board drawn once, written with every hex fixed, reads back the same."""
    drawn = draw_board(layout_from_data(board_data("base-drawn")), HashDice("s1"))
    assert board_from_data(board_to_data(drawn)) == drawn
    assert board_from_data(board_to_data(board("seafarers-4"))) == board("seafarers-4")
