"""The map format and its loader: the standard map's facts, and every kind of bad map file."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.board.board import Board, fold_accents, normalise_name
from pipeline.board.units import UnitKind
from pipeline.errors import DataError, MapError
from pipeline.storage.maps import load_board, shipped_board


def test_standard_map_has_the_standard_facts(board: Board) -> None:
    assert len(board.spaces) == 75  # 75 provinces and seas (Switzerland left out: impassable)
    assert sum(s.supply_center for s in board.spaces.values()) == 34
    homes = {p: sorted(s.id for s in board.spaces.values() if s.home == p) for p in board.powers}
    assert homes["russia"] == ["mos", "sev", "stp", "war"]
    assert board.spaces["stp"].coasts == ("nc", "sc")
    assert board.start is not None and len(board.start.units) == 22


def test_adjacency_is_symmetric(board: Board) -> None:
    for src, targets in board.army_adjacency.items():
        assert all(src in board.army_adjacency[t] for t in targets)
    for src, targets in board.fleet_adjacency.items():
        assert all(src in board.fleet_adjacency[t] for t in targets)


@pytest.mark.parametrize(
    ("name", "location"),
    [
        ("mid", "mao"),
        ("MAO", "mao"),
        ("Mid-Atlantic Ocean", "mao"),
        ("nrg", "nwg"),
        ("gol", "lyo"),
        ("spa(nc)", "spa/nc"),
        ("stp/sc", "stp/sc"),
        ("St Petersburg", "stp"),
        ("nat", "nao"),
    ],
)
def test_aliases(board: Board, name: str, location: str) -> None:
    assert board.location(name) == location


def test_split_coasts_and_adjacency(board: Board) -> None:
    assert board.adjacent(UnitKind.FLEET, "stp/nc", "bar")
    assert not board.adjacent(UnitKind.FLEET, "stp/sc", "bar")
    assert board.fleet_destinations("mao", "spa") == ["spa/nc", "spa/sc"]
    assert board.adjacent(UnitKind.ARMY, "nwy", "stp")
    assert not board.adjacent(UnitKind.FLEET, "kie", "mun")


MINIMAL = """\
name: Tiny
powers:
  red: {name: Red}
spaces:
  aaa:
    name: Alpha
    kind: coast
    army: [bbb]
    fleet: [sea]
  bbb:
    name: Beta
    kind: land
    army: [aaa]
  sea:
    name: Sea
    kind: sea
    fleet: [aaa]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "map.yaml"
    path.write_text(text)
    return path


def test_a_minimal_map_loads(tmp_path: Path) -> None:
    board = load_board(write(tmp_path, MINIMAL))
    assert sorted(board.spaces) == ["aaa", "bbb", "sea"]


def test_asymmetric_adjacency_is_reported_with_file_and_line(tmp_path: Path) -> None:
    text = MINIMAL.replace("    army: [aaa]\n", "    army: []\n")
    with pytest.raises(MapError) as err:
        load_board(write(tmp_path, text))
    (problem,) = err.value.problems
    assert problem.line == 13 and problem.file and problem.file.endswith("map.yaml")
    assert "asymmetric army adjacency: aaa lists bbb, but bbb does not list aaa" in str(err.value)


def test_unknown_ids_and_duplicate_aliases_are_all_reported(tmp_path: Path) -> None:
    text = MINIMAL.replace("army: [bbb]", "army: [bbb, zzz]").replace(
        "    name: Sea\n", "    name: Sea\n    aliases: [alpha]\n"
    )
    with pytest.raises(MapError) as err:
        load_board(write(tmp_path, text))
    messages = [p.message for p in err.value.problems]
    assert "unknown space 'zzz'" in messages
    assert any(m.startswith("alias 'alpha' already names 'aaa'") for m in messages)
    assert all(p.line is not None for p in err.value.problems)


def test_bad_kind_and_missing_keys(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="kind: expected one of land, coast, sea, got 'swamp'"):
        load_board(write(tmp_path, MINIMAL.replace("kind: land", "kind: swamp")))
    with pytest.raises(MapError, match="spaces: missing"):
        load_board(write(tmp_path, "name: x\npowers: {}\n"))


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        load_board(write(tmp_path, MINIMAL + "  bad: [unclosed\n"))
    assert err.value.problems[0].line is not None
    assert "not valid YAML" in str(err.value)


def test_from_dict_rejects_a_fleet_edge_to_an_unnamed_coast() -> None:
    data = {
        "name": "x",
        "powers": {"red": {}},
        "spaces": {
            "ccc": {"kind": "coast", "coasts": {"nc": ["sea"], "sc": []}},
            "sea": {"kind": "sea", "fleet": ["ccc"]},
        },
    }
    with pytest.raises(MapError, match="'ccc' is not a place a fleet can be"):
        Board.from_dict(data)


MACHIAVELLI = """\
name: Tiny Italy
coastal_convoys: true
powers:
  milan: {name: Milan}
spaces:
  mil:
    name: Milan
    kind: coast
    names: {fr: Milan, fr_in: à Milan}
    home: milan
    city: {value: 3, fortified: true, port: true}
    army: [pav]
    fleet: [sea, pav]
  pav:
    name: Pavia
    kind: coast
    city: {value: 1, fortified: false}
    army: [mil]
    fleet: [sea, mil]
  sea:
    name: Sea
    kind: sea
    fleet: [mil, pav]
straits:
  - {controller: pav, moves: [[sea, mil]]}
start:
  season: spring
  year: 1454
  units: {milan: [A mil, G mil]}
  autonomous: [G mil]
  control: {milan: [mil]}
  treasury: {milan: 6}
"""


def test_machiavelli_cities_garrisons_straits_and_start(tmp_path: Path) -> None:
    text = MACHIAVELLI.replace("  autonomous: [G mil]\n", "")
    board = load_board(write(tmp_path, text))
    assert board.spaces["mil"].city is not None and board.spaces["mil"].city.value == 3
    assert board.spaces["mil"].names["fr_in"] == "à Milan"
    assert board.can_hold(UnitKind.GARRISON, "mil") and not board.can_hold(UnitKind.GARRISON, "pav")
    assert board.straits[0].controller == "pav" and ("sea", "mil") in board.straits[0].moves
    assert board.start is not None and board.start.treasury == (("milan", 6),)
    assert board.start.owners == (("mil", "milan"),)
    from pipeline.games import board_rules, start_position

    pos = start_position(board, board_rules("judge"))
    assert sorted(pos.units) == ["mil", "mil.city"]  # an army in the province, a garrison in its city


def test_machiavelli_map_problems(tmp_path: Path) -> None:
    text = (
        MACHIAVELLI.replace("city: {value: 1, fortified: false}", "city: {value: 5, fortified: false, port: true}")
        .replace("[[sea, mil]]", "[[sea, zzz]]")
        .replace("  autonomous: [G mil]\n", "  autonomous: [G pav]\n")
    )
    with pytest.raises(MapError) as err:
        load_board(write(tmp_path, text))
    messages = {p.where: p.message for p in err.value.problems}
    assert messages["spaces.pav.city.value"] == "expected 0 to 3 ducats, got 5"
    assert messages["straits[0].moves[0]"] == "['sea', 'zzz'] is not a fleet move of the map"
    assert messages["start.autonomous[0]"] == "a garrison cannot stand at 'pav'"


@pytest.mark.parametrize(
    ("name", "form"),
    [
        ("lvp", "lvp"),
        ("England", "england"),
        ("STP/SC", "stp/sc"),
        ("Mid-Atlantic Ocean", "mid-atlantic ocean"),
        ("  St.  Petersburg ", "st. petersburg"),
        ("stp (nc)", "stp/nc"),
        ("Spa( SC )", "spa/sc"),
        ("stp / nc", "stp/nc"),
        ("gulf_of_lyon", "gulf of lyon"),
        ("Gênes", "genes"),
        ("Côte\td'Azur", "cote d'azur"),
    ],
)
def test_names_are_looked_up_in_one_form(name: str, form: str) -> None:
    assert normalise_name(name) == form


@given(st.text(alphabet="aZ9 _/().-'\t\néÊİK", max_size=12))
def test_a_plain_name_and_any_other_take_the_same_steps(name: str) -> None:
    """Plain names (letters, digits, ``./'-``) skip the regular expressions; any name comes out as the full
    steps make it."""
    text = fold_accents(name.strip().lower()).replace("_", " ")
    text = re.sub(r"\s*\(\s*([a-z]{1,3})\s*\)\s*$", r"/\1", text)
    text = re.sub(r"\s*/\s*", "/", text)
    assert normalise_name(name) == re.sub(r"\s+", " ", text)


# ---- convoy routes ------------------------------------------------------------------------------------


def _routes(board: Board, src: str, dst: str, usable: frozenset[str]) -> list[list[str]]:
    """Every route of `usable` spaces from `src` to `dst` passing no space twice, found by trying them all."""
    near, found = board.fleet_neighbours, []

    def extend(route: list[str]) -> None:
        if dst in near(route[-1]):
            found.append(route)
        for n in sorted(near(route[-1])):
            if n in usable and n not in route and n not in (src, dst):
                extend([*route, n])

    for s in sorted(near(src)):
        if s in usable and s not in (src, dst):
            extend([s])
    return found


def _touching(board: Board, rng: random.Random, spaces: list[str], size: int) -> frozenset[str]:
    """Up to `size` convoying spaces, each touching one before it (the Black Sea touches none)."""
    chosen = [rng.choice(spaces)]
    while len(chosen) < size:
        near = sorted({n for s in chosen for n in board.fleet_neighbours(s)} & set(spaces) - set(chosen))
        if not near:
            break
        chosen.append(rng.choice(near))
    return frozenset(chosen)


@pytest.mark.parametrize("name", ["standard", "machiavelli-classic"])
def test_convoy_routes_are_those_a_search_of_every_route_finds(name: str) -> None:
    """[D 4.1]: a convoy is legal for a fleet on some route from the army to its destination passing no
    space twice; `on_convoy_route` (a chain to each end, else a flow of two from the fleet) and `convoy_chain`
    agree with trying every route, on seeded random sets of touching convoying spaces (coastal ones too on a
    Machiavelli board)."""
    board = shipped_board(name)
    rng = random.Random(20261201)
    spaces = sorted(board.convoying_spaces())
    coastal = sorted(s for s, sp in board.spaces.items() if sp.kind == "coast")
    checked = through = 0
    for _ in range(60):
        usable = _touching(board, rng, spaces, 9)
        src, dst = rng.sample(sorted({n for s in usable for n in board.fleet_neighbours(s)} & set(coastal)), 2)
        routes = _routes(board, src, dst, usable)
        assert board.convoy_chain(src, dst, usable) == bool(routes)
        for via in sorted(usable | {src, dst}):
            expected = any(via in route for route in routes)
            assert board.on_convoy_route(src, dst, via, usable) == expected, (src, dst, via, sorted(usable))
            checked += 1
            through += expected
    assert checked > 500 and 50 < through < checked  # routes found and refused alike
