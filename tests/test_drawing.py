"""The drawn boards (pipeline/maps/drawing/) agree with the rules of their maps.

Two spaces "share a border" when the boundary of one runs along the other for more than MIN_BORDER units
(about one cell of the drawing; a corner where four spaces meet is not a border). The rules' neighbours
come from the map files, read by the project's own loader.
"""

from __future__ import annotations

from itertools import combinations

import pytest
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon

from pipeline.board.board import Board
from pipeline.board.presentation.geometry import DRAWING_DIR, BoardDrawing, load_drawing, parse_path
from pipeline.storage.maps import shipped_board

BOARDS = ["machiavelli-classic", "machiavelli-1995", "machiavelli-objectif", "standard"]
TOLERANCE = 0.25  # coordinates are rounded to 0.1 unit
MIN_BORDER = 3.0  # units of shared boundary that make a border (a cell of the drawing is about 3 units)


@pytest.fixture(scope="module", params=BOARDS)
def case(request: pytest.FixtureRequest) -> tuple[Board, BoardDrawing, dict[str, MultiPolygon]]:
    board = shipped_board(request.param)
    drawing = load_drawing(request.param)
    shapes = {
        sid: MultiPolygon([Polygon(p[0], p[1:]) for p in shape.polygons]) for sid, shape in drawing.spaces.items()
    }
    return board, drawing, shapes


def borders(shapes: dict[str, MultiPolygon]) -> dict[frozenset[str], float]:
    """Length of shared boundary for every pair of spaces that come near each other."""
    ids = sorted(shapes)
    tree = shapely.STRtree([shapes[s] for s in ids])
    grown = {s: shapes[s].buffer(TOLERANCE) for s in ids}
    out = {}
    for a in ids:
        for j in tree.query(grown[a]):
            b = ids[int(j)]
            if b <= a:
                continue
            length = shapes[a].boundary.intersection(grown[b]).length
            if length > 0:
                out[frozenset((a, b))] = length
    return out


def touching(shapes: dict[str, MultiPolygon]) -> set[frozenset[str]]:
    return {pair for pair, length in borders(shapes).items() if length > MIN_BORDER}


def test_every_space_has_exactly_one_shape(case) -> None:
    """Rule: the drawing has a shape for every space of the board and for nothing else."""
    board, drawing, shapes = case
    assert set(drawing.spaces) == set(board.spaces)
    for sid, shape in shapes.items():
        assert shape.is_valid, sid
        assert shape.area > 20, sid
        assert drawing.spaces[sid].kind == board.spaces[sid].kind, sid


def test_shapes_do_not_overlap(case) -> None:
    """Rule: a point of the board lies in one space only (pairwise intersection area about 0)."""
    _, _, shapes = case
    for a, b in combinations(sorted(shapes), 2):
        if shapes[a].envelope.intersects(shapes[b].envelope):
            assert shapes[a].intersection(shapes[b]).area < 0.5, (a, b)


def test_label_and_city_lie_inside_their_space(case) -> None:
    """Rule: the name and unit of a space are drawn inside it, and its city too (on the standard board, which
    has no cities, the supply centre's city)."""
    board, drawing, shapes = case
    for sid, shape in drawing.spaces.items():
        assert shapes[sid].contains(Point(shape.label)), sid
        space = board.spaces[sid]
        has_point = space.city is not None or (
            space.supply_center and not any(s.city is not None for s in board.spaces.values())
        )
        assert (shape.city is not None) == has_point, sid
        if shape.city is not None:
            assert shapes[sid].buffer(TOLERANCE).contains(Point(shape.city)), sid


def test_split_coasts_have_a_point_on_their_own_coast(case) -> None:
    """Rule: each coast of a split-coast space (Spain, St Petersburg, Bulgaria) has its fleet point inside the
    space, nearer a sea that coast reaches than any sea only the other coasts reach."""
    board, drawing, shapes = case
    for sid, shape in drawing.spaces.items():
        coasts = board.spaces[sid].coasts
        if not any(
            s.city is not None for s in board.spaces.values()
        ):  # the standard board draws every split coast (the Machiavelli ones: not yet)
            assert sorted(shape.coasts) == sorted(coasts), sid
        for coast, at in shape.coasts.items():
            assert coast in coasts and shapes[sid].contains(Point(at)), (sid, coast)
            reach = {d for d in board.fleet_adjacency[f"{sid}/{coast}"] if board.spaces[d].is_sea}
            others = {
                d for c in coasts if c != coast for d in board.fleet_adjacency[f"{sid}/{c}"] if board.spaces[d].is_sea
            } - reach
            if others:
                near = min(shapes[d].distance(Point(at)) for d in reach)
                assert near < min(shapes[d].distance(Point(at)) for d in others), (sid, coast)


def test_land_borders_are_the_army_moves(case) -> None:
    """Rule: two land spaces share a border if and only if an army can move between them, except:
    a crossing (an army move over water, drawn as a line) shares no border, and a listed exception (a
    space no army may enter, whose land borders are its fleet moves) shares a border without an army move."""
    board, drawing, shapes = case
    land = {s for s in board.spaces if not board.spaces[s].is_sea}
    crossings = {frozenset(c.spaces) for c in drawing.crossings}
    exceptions = {frozenset(e.spaces) for e in drawing.exceptions}
    drawn = {pair for pair in touching(shapes) if pair <= land}
    moves = {frozenset((a, b)) for a in land for b in board.army_adjacency.get(a, ()) if b in land}
    assert sorted(map(sorted, drawn - moves - exceptions)) == [], "borders without an army move"
    assert sorted(map(sorted, moves - drawn - crossings)) == [], "army moves without a border or a crossing"
    assert crossings <= moves and not crossings & drawn, "a crossing must be an army move drawn as a line"
    assert exceptions <= drawn and not exceptions & moves, "an exception must be a border with no army move"


def test_crossings_are_army_moves_over_water(case) -> None:
    """Rule: a crossing joins two land spaces an army may move between (a strait or the Istria-Dalmatia land
    bridge); its line runs from one space to the other, and the straits of the map file are fleet moves
    past a controlling province, drawn as sea borders (tested below), not as crossings."""
    board, drawing, shapes = case
    for c in drawing.crossings:
        a, b = c.spaces
        assert b in board.army_adjacency[a], c
        (x1, y1), (x2, y2) = c.line
        assert shapes[a].distance(Point(x1, y1)) <= 1.0 and shapes[b].distance(Point(x2, y2)) <= 1.0, c
        assert c.why
    for strait in board.straits:
        for a, b in strait.moves:
            assert b in board.fleet_neighbours(a)


def test_exceptions_are_the_spaces_armies_may_not_enter(case) -> None:
    """Rule: the only land borders without an army move are those of a space no army enters (Venice on the
    1995 board), and they are exactly its fleet moves to land spaces."""
    board, drawing, _ = case
    expected = {
        frozenset((s, n))
        for s, space in board.spaces.items()
        if space.no_armies
        for n in board.fleet_neighbours(s)
        if not board.spaces[n].is_sea
    }
    assert {frozenset(e.spaces) for e in drawing.exceptions} == expected
    assert all(e.why for e in drawing.exceptions)


def test_sea_borders_are_the_fleet_moves(case) -> None:
    """Rule: a sea borders every sea and every coastal space a fleet can reach from it, and no other space
    (a land-locked space touches no sea). No exceptions."""
    board, _, shapes = case
    drawn = touching(shapes)
    for sea in sorted(s for s in board.spaces if board.spaces[s].is_sea):
        near = {next(iter(pair - {sea})) for pair in drawn if sea in pair}
        assert sorted(near) == sorted(board.fleet_neighbours(sea)), sea


def test_drawing_files_are_small() -> None:
    """Rule: each drawing stays compact, so a rendered map stays well under 300 KB."""
    files = sorted(DRAWING_DIR.glob("*.json"))
    assert files
    for path in files:
        assert path.stat().st_size < 150_000, path.name


def test_path_parsing_keeps_holes_with_their_ring() -> None:
    """The loader reads an outer ring (counter-clockwise) and a hole (clockwise) as one polygon."""
    d = "M0,0 10,0 10,10 0,10ZM2,2 2,8 8,8 8,2ZM20,0 30,0 30,10Z"
    polys = parse_path(d)
    assert len(polys) == 2
    assert len(polys[0]) == 2 and len(polys[1]) == 1
