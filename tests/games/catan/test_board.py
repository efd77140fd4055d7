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


BASE_56 = Counter({"hills": 5, "forest": 6, "pasture": 6, "fields": 6, "mountains": 5, "desert": 2})


def test_the_boards_for_five_and_six_hold_their_games_pieces() -> None:
    """[K 1.5] base-56: the 5-6 extension's 30 land hexes in rows of 3 to 6, its 28 tokens and 11 harbours;
    seafarers-56: that island, where the placement goes, and three isles with a gold field each; the large
    board: every hex of both games, 80 in a frame of 8 rows of 10, 46 tokens, 22 harbours."""
    base = layout_from_data(board_data("base-56"))
    assert base.board.players == (5, 6) and Counter(t.value for t in base.terrains) == BASE_56
    rows = Counter(base.board.hexes[h].r for h in base.drawn_terrain)
    assert [rows[r] for r in sorted(rows)] == [3, 4, 5, 6, 5, 4, 3]
    assert len(base.tokens) == 28 and len(base.board.harbours) == 11
    isles = board("seafarers-56")
    islands = {isles.island(h) for h, x in isles.hexes.items() if x.terrain.is_land}
    assert len(islands) == 4 and isles.start_islands() == {isles.island("f5")}
    for island in islands - isles.start_islands():
        assert any(
            x.terrain is Terrain.GOLD for h, x in isles.hexes.items() if x.terrain.is_land and isles.island(h) == island
        )
    large = layout_from_data(board_data("large"))
    assert len(large.drawn_terrain) == len(large.terrains) == 80 and len(large.tokens) == 46
    assert Counter(t for t in large.terrains)[Terrain.SEA] == 30 and len(large.harbours) == 22


def test_a_board_in_a_frame_lays_its_harbours_on_the_coast() -> None:
    """[K 1.8] the large board by lot: its tokens on every producing hex, its 22 harbours each on a side
    between sea and land, no two on one corner, each drawn by one die."""
    layout = layout_from_data(board_data("large"))
    dice = HashDice("h")
    b = draw_board(layout, dice)
    assert sorted(t for h in b.hexes.values() if (t := h.token)) == sorted(layout.tokens)
    corners = [v for h in b.harbours for v in b.edge_vertices(h.edge)]
    assert len(b.harbours) == 22 and len(corners) == len(set(corners))
    assert all(sum(b.is_land(x) for x in h.edge.hexes) == 1 for h in b.harbours)
    assert sum(1 for d in dice.draws if d.purpose.startswith("board harbour")) == 22
    assert Counter(h.resource for h in b.harbours)[None] == 10


def test_a_board_without_a_frame_is_laid_where_its_drafters_like() -> None:
    """[K 1.6] large-open: the first hex on the table's centre, each next one on a cell beside those laid
    (the drafter's choice, else the open cell nearest the centre); after the last, the land closed by the
    sea, every land hex with six neighbours, the tokens and harbours laid; lot is refused."""
    from pipeline.games.catan import draft

    layout = layout_from_data(board_data("large-open"))
    assert layout.drafts and layout.to_lay == 80 and not layout.board.hexes
    with pytest.raises(DataError, match="laid by its players"):
        draw_board(layout, HashDice("x"))
    dice = HashDice("open")
    state = draft.start(layout, dice)
    assert draft.empty(layout, state) == [layout.centre()] == ["m19"]
    ranked = ("m20", "zz")
    turns = 0
    while isinstance(state, draft.Draft):
        open_cells = draft.empty(layout, state)
        seat = state.drafter(("a", "b", "c"))
        state, _ = draft.place(layout, state, seat, ranked if turns == 1 else (), dice)
        if turns == 1:
            assert isinstance(state, draft.Draft) and "m20" in state.laid and "m20" in open_cells
        turns += 1
    board_ = state
    assert turns == 80
    land = [h for h in board_.hexes.values() if h.terrain.is_land]
    assert len(land) == 50 and all(len(board_.neighbours(h.id)) == 6 for h in land)
    assert sorted(t for h in land if (t := h.token)) == sorted(layout.tokens)
    assert len(board_.harbours) >= 15
