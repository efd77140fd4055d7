"""The SVG map (pipeline/board/presentation/render.py, `judge render`): well-formed, complete, localised, small.

Most checks run on every turn of the three demo games (games/machiavelli on the classic board,
games/machiavelli-objectif on the 1995 board, games/demo on the standard Diplomacy board), each with its
orders drawn from its committed results file.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
import svgwrite
from click.testing import CliRunner

from pipeline.board.orders import Move
from pipeline.board.outcome import Outcome, Reason
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.presentation import geometry, render
from pipeline.board.presentation.geometry import load_drawing
from pipeline.board.presentation.render import render_map
from pipeline.board.presentation.turn_map import turn_outcomes
from pipeline.board.rules import Rules
from pipeline.board.units import Unit, UnitKind
from pipeline.cli import cli
from pipeline.games import board_rules, family_of, start_position
from pipeline.shared import map_text
from pipeline.storage.gamedir import Game, load_game
from pipeline.storage.maps import shipped_board
from tests.board_support import load_phase, render_turn

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["machiavelli", "machiavelli-objectif", "demo"]
SVG = "{http://www.w3.org/2000/svg}"
MAX_BYTES = 300 * 1024


@cache
def game(name: str) -> Game:
    return load_game(ROOT / "games" / name)


TURNS = [(name, turn) for name in GAMES for turn in game(name).turns()]


@cache
def svg(name: str, turn: str, lang: str = "en") -> str:
    text = render_turn(game(name), turn, lang)
    assert text is not None
    return text


def parse(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def name_of(text: ET.Element) -> str:
    """A place name as drawn, its lines joined."""
    return " ".join(part.strip() for part in text.itertext() if part.strip())


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


@pytest.mark.parametrize(("name", "turn"), TURNS)
def test_every_turn_parses_and_is_small(name: str, turn: str) -> None:
    """Each turn's map, in both languages, is well-formed XML with a title and a description, and stays
    under 300 KB (the budget for phones)."""
    for lang in ("en", "fr"):
        text = svg(name, turn, lang)
        root = parse(text)
        assert root.tag == SVG + "svg"
        assert root.find(SVG + "title").text
        assert root.find(SVG + "desc").text
        assert len(text.encode("utf-8")) < MAX_BYTES, f"{name} {turn} {lang}: {len(text.encode())} bytes"


@pytest.mark.parametrize(("name", "turn"), TURNS)
def test_every_space_is_one_path_with_its_id(name: str, turn: str) -> None:
    """Every space of the board is drawn as exactly one <path id="s-<space>">, and nothing else has such an id."""
    root = parse(svg(name, turn))
    drawn = [e.get("id")[2:] for e in root.iter(SVG + "path") if (e.get("id") or "").startswith("s-")]
    assert sorted(drawn) == sorted(game(name).setup.spaces)


@pytest.mark.parametrize(("name", "turn"), TURNS)
def test_every_unit_is_drawn_with_its_owner_and_kind(name: str, turn: str) -> None:
    """Every unit of the position (dislodged ones too) is a <use> with its owner's class and its kind, and
    there is no other unit."""
    position = game(name).state(turn)
    ids = by_id(parse(svg(name, turn)))
    expected = {"u-" + space.replace(".", "-"): unit for space, unit in position.units.items()}
    expected |= {"d-" + d.unit.space.replace(".", "-"): d.unit for d in position.dislodged}
    for ident, unit in expected.items():
        element = ids.get(ident)
        assert element is not None, f"{unit} of {unit.power} is not drawn"
        assert {"unit", f"pw-{unit.power}", unit.kind.noun} <= classes(element)
        assert element.get("data-unit") == str(unit)
    drawn = {i for i, e in ids.items() if "unit" in classes(e)}
    assert drawn == set(expected)
    for d in position.dislodged:
        assert "dislodged" in classes(ids["d-" + d.unit.space.replace(".", "-")])


def test_a_failed_move_is_marked_failed_and_a_successful_one_is_not() -> None:
    """From the demo's results (Fall 1454: A sla-cro bounced, A tyr-swi succeeded): the failed move's arrow is
    in class `failed` and carries the red cross; the successful one has neither."""
    outcomes, _ = turn_outcomes(load_phase(game("machiavelli"), "1454-fall-movement"))
    root = parse(svg("machiavelli", "1454-fall-movement"))
    orders = {e.get("data-order"): e for e in root.iter(SVG + "g") if e.get("data-order")}
    assert {str(o.order) for o in outcomes if isinstance(o.order, Move)} <= set(orders)
    failed, moved = orders["A sla-cro"], orders["A tyr-swi"]
    assert {"order", "move", "failed", "pw-austria"} <= classes(failed)
    assert any("x" in classes(e) for e in failed.iter(SVG + "path"))
    assert "failed" not in classes(moved)
    assert not any("x" in classes(e) for e in moved.iter(SVG + "path"))
    # the unit the winning move dislodged is ringed
    assert "dislodged" in classes(by_id(root)["u-mil"])


def test_a_failed_move_built_by_hand_is_marked() -> None:
    """render_map itself, with an outcome made by hand: a bounced move is drawn dashed with a cross."""
    board = shipped_board("machiavelli-classic")
    position = start_position(board, board_rules("judge"))
    unit = position.units["ven"] if "ven" in position.units else next(iter(position.units.values()))
    order = Move(unit.kind, unit.location, sorted(board.neighbours(unit.space))[0])
    outcome = Outcome(unit.power, order, False, Reason.BOUNCED, {}, unit)
    root = parse(
        render_map(board, position, [outcome], "en", "machiavelli-classic", family=family_of(board_rules("judge")))
    )
    arrows = [e for e in root.iter(SVG + "g") if e.get("data-order") == str(order)]
    assert len(arrows) == 1 and "failed" in classes(arrows[0])


def test_names_follow_the_language() -> None:
    """Place names are the map's English names in English and its French names (`names.fr`) in French, in
    full everywhere (one naming style, never the id); places whose names differ are written differently."""
    board = game("machiavelli").setup
    turn = game("machiavelli").turns()[0]
    labels = {}
    for lang in ("en", "fr"):
        names = parse(svg("machiavelli", turn, lang)).find(f"{SVG}g[@id='names']")
        labels[lang] = [name_of(e) for e in names.iter(SVG + "text")]
        assert len(labels[lang]) == len(board.spaces)
    differ = 0
    for sid, en, fr in zip(sorted(board.spaces), labels["en"], labels["fr"], strict=True):
        space = board.spaces[sid]
        assert en == space.name
        assert fr == space.names.get("fr", space.name)
        if en != fr:
            differ += 1
            assert space.name != space.names["fr"]
    assert differ >= 10
    assert "Venise" in labels["fr"]
    assert "Ionian Sea" in labels["en"] and "mer Ionienne" in labels["fr"]


POWER_NAMES = {
    "machiavelli": ("Venice", "Venise"),
    "machiavelli-objectif": ("Venice", "Venise"),
    "demo": ("Germany", "Allemagne"),
}


@pytest.mark.parametrize("name", GAMES)
def test_the_description_lists_every_unit(name: str) -> None:
    """<desc> names every unit of the position (``A mil``) with its power's name, and the control of provinces."""
    turn = game(name).turns()[-2]
    position = game(name).state(turn)
    for lang, power_name in zip(("en", "fr"), POWER_NAMES[name], strict=True):
        desc = parse(svg(name, turn, lang)).find(SVG + "desc").text
        for unit in position.units.values():
            assert str(unit) in desc
        assert power_name in desc


BOTH = ("en", "fr")


def _without_language(element: ET.Element) -> bytes:
    """An element as text, without the mark of its language (`data-map-lang`) anywhere in it."""
    copy = ET.fromstring(ET.tostring(element))
    for node in copy.iter():
        node.attrib.pop("data-map-lang", None)
    return ET.tostring(copy)


def _legend_texts(legend: ET.Element, lang: str | None) -> list[str]:
    """The legend's texts (in a map of both languages: those of `lang`'s group), in order."""
    groups = [g for g in legend if g.get("data-map-lang") == lang] if lang else [legend]
    return [t.text or "" for g in groups for t in g.iter(SVG + "text") if (t.get("class") or "") in ("lg", "lgh")]


@pytest.mark.parametrize("name", GAMES)
def test_one_map_for_both_languages_shows_each_language_s_map(name: str) -> None:
    """The site's map of a turn for both languages (docs/site.md, "Maps") draws what does not depend on the
    language once, as the map of one language draws it, and each language's words as that language's map
    writes and places them: the names, the legend's words, the title and the description; the first
    language's are shown, another's only at the file's `#<lang>` (its stylesheet), and the file is smaller
    than the two by at least the outlines of the spaces."""
    turn = game(name).adjudicated()[-1]
    both = render_turn(game(name), turn, BOTH)
    assert both is not None
    root = parse(both)
    assert root.get("data-map-languages") == "en fr"
    one = {lang: parse(svg(name, turn, lang)) for lang in BOTH}
    ids = by_id(root)
    for group in ("spaces", "cities" if name != "demo" else "centres", "markers", "units", "orders"):
        assert ET.tostring(ids[group]) == ET.tostring(by_id(one["en"])[group]) == ET.tostring(by_id(one["fr"])[group])
    assert ids["names"].get("data-map-lang") == "en" and ids["names-fr"].get("data-map-lang") == "fr"
    assert _without_language(ids["names"]) == ET.tostring(by_id(one["en"])["names"])
    assert _without_language(ids["names-fr"]).replace(b'id="names-fr"', b'id="names"') == ET.tostring(
        by_id(one["fr"])["names"]
    )
    for lang in BOTH:
        assert _legend_texts(ids["legend"], lang) == _legend_texts(by_id(one[lang])["legend"], None)
        for tag in ("title", "desc"):
            found = [e.text for e in root.findall(SVG + tag) if e.get("lang") == lang]
            assert found == [one[lang].find(SVG + tag).text]
    assert "fr" in ids and not list(ids["fr"])  # the target of `#fr`, empty, before all it shows
    style = root.find(f"{SVG}defs/{SVG}style").text or ""
    assert "svg [data-map-lang]:not([data-map-lang=en]){display:none}" in style
    assert "#fr:target~[data-map-lang=fr],#fr:target~* [data-map-lang=fr]{display:inline}" in style
    assert "#fr:target~[data-map-lang=en],#fr:target~* [data-map-lang=en]{display:none}" in style
    outlines = len(ET.tostring(ids["spaces"]))
    assert len(both) < len(svg(name, turn, "en")) + len(svg(name, turn, "fr")) - outlines


def test_the_same_inputs_give_the_same_bytes() -> None:
    """Rendering twice, with another map drawn in between, and in a fresh process with another hash seed,
    gives byte-identical documents (no random ids, no set order)."""
    name, turn = "machiavelli", "1454-fall-movement"
    first = render_turn(game(name), turn, "fr")
    render_turn(game("machiavelli-objectif"), game("machiavelli-objectif").turns()[0], "en")
    assert render_turn(game(name), turn, "fr") == first
    code = (
        "import sys; from pathlib import Path; from tests.board_support import render_turn;"
        "from pipeline.storage.gamedir import load_game;"
        f"sys.stdout.write(render_turn(load_game(Path('games/{name}')), '{turn}', 'fr'))"
    )
    env = {"PYTHONHASHSEED": "12345", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, check=True)
    assert out.stdout.decode("utf-8") == first


@pytest.mark.parametrize("name", GAMES)
def test_the_map_is_written_as_svgwrite_writes_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`render.svg_text` writes the drawing straight from its elements (`render._Element`s and svgwrite's),
    with ElementTree's escapes: its bytes are those of svgwrite's own `tostring` (a new svgwrite or Python
    that changed either shows here). The game's last turn, with its orders, arrows and legend."""
    turn = game(name).turns()[-1]
    ours = render_turn(game(name), turn, "fr")
    monkeypatch.setattr(render, "svg_text", lambda drawing: drawing.tostring())
    assert ours is not None and "<text" in ours
    assert render_turn(game(name), turn, "fr") == ours


def test_the_map_s_own_elements_are_those_svgwrite_makes() -> None:
    """Each kind of element the map makes without svgwrite (`render._Drawing`'s `_Element`s), given the
    arguments svgwrite takes, is written (by `svg_text`'s writer, and through ElementTree as svgwrite's
    `tostring` writes a drawing) as svgwrite writes its own made from them: the same attributes by the same
    names (a keyword's ``_`` a ``-``, a trailing one dropped), values, escapes and text."""
    ours, theirs = render._Drawing(debug=False), svgwrite.Drawing(debug=False)
    made = [
        ("g", (), {"id": "names", "class_": "order move", "stroke_width": 0.9, "fill": None}),
        ("text", ("Firenze & <Pisa>",), {"insert": ("12.5", 3), "class_": "nm z7"}),
        ("tspan", ("Ducato di",), {"insert": (4, "-1.5")}),
        ("use", ("#army-venice",), {"insert": (1.5, 2), "id": "u-ven", "opacity": 0.6}),
        ("path", (), {"d": "M0,0l4.5,4.5z", "class_": "ct"}),
        ("circle", ((3, "4.2"), 2.2), {"stroke": "#222", "stroke_width": 0.7}),
        ("ellipse", ((-1.3, 2), (1.3, 0.8)), {"fill": "#C98A00"}),
        ("rect", ((0, 0), (6, 1.6)), {"fill": "#fff", "stroke": ""}),
    ]
    for kind, args, keywords in made:
        element = getattr(ours, kind)(*args, **keywords)
        element["data-order"] = "A ven-tri"
        reference = getattr(theirs, kind)(*args, **keywords)
        reference["data-order"] = "A ven-tri"
        written: list[str] = []
        render._write_element(element, written)
        assert "".join(written) == reference.tostring() == ET.tostring(element.get_xml(), encoding="unicode"), kind


def test_a_board_without_drawing_gives_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A map with no drawing file gives None, and `judge render` says so (here: the drawings folder emptied)."""
    board = shipped_board("standard")
    position = Position.build(Phase("spring", 1901, PhaseKind.MOVEMENT), [Unit("france", UnitKind.ARMY, "par")])
    assert render_map(board, position, map_name="no-such-map", family=family_of(Rules())) is None
    monkeypatch.setattr(geometry, "DRAWING_DIR", tmp_path)
    monkeypatch.setattr(render, "DRAWING_DIR", tmp_path)
    assert render_map(board, position, family=family_of(Rules())) is None
    result = CliRunner().invoke(cli, ["render", str(ROOT / "games" / "demo"), "1901-spring-movement"])
    assert result.exit_code == 1 and "no drawing" in result.output


def test_standard_failed_move_dislodged_unit_and_split_coast() -> None:
    """The demo Diplomacy game, Spring 1902 (from its results): A par-bur bounced (class `failed`, red cross),
    A por-spa succeeded (neither); A nwy, dislodged by F swe-nwy, is ringed; the Russian fleet on St
    Petersburg's north coast stands on that coast's point of the drawing, not at the province's label."""
    root = parse(svg("demo", "1902-spring-movement"))
    orders = {e.get("data-order"): e for e in root.iter(SVG + "g") if e.get("data-order")}
    failed, moved = orders["A par-bur"], orders["A por-spa"]
    assert {"order", "move", "failed", "pw-france"} <= classes(failed)
    assert any("x" in classes(e) for e in failed.iter(SVG + "path"))
    assert "failed" not in classes(moved) and not any("x" in classes(e) for e in moved.iter(SVG + "path"))
    ids = by_id(root)
    assert "dislodged" in classes(ids["u-nwy"])
    stp = load_drawing("standard").spaces["stp"]
    fleet = ids["u-stp"]
    assert fleet.get("data-unit") == "F stp/nc"
    assert (float(fleet.get("x")), float(fleet.get("y"))) == stp.coasts["nc"] != stp.label


@pytest.mark.parametrize("turn", game("demo").turns())
def test_standard_supply_centres_show_their_controller(turn: str) -> None:
    """Every supply centre of the standard map is a dot ``c-<space>``, with its controller's colour class and
    ``data-controller`` when someone controls it; no other space has one."""
    position = game("demo").state(turn)
    board = game("demo").setup
    ids = by_id(parse(svg("demo", turn)))
    dots = {i[2:] for i in ids if i.startswith("c-")}
    assert dots == {s for s, space in board.spaces.items() if space.supply_center}
    for sid in dots:
        owner = position.owners.get(sid)
        assert ids["c-" + sid].get("data-controller") == owner
        assert (f"f-{owner}" in classes(ids["c-" + sid])) == (owner is not None)


def test_standard_names_follow_the_language() -> None:
    """On the standard map too, names are the map's English names, or its French names in French, in full."""
    board = game("demo").setup
    turn = game("demo").turns()[0]
    for lang in ("en", "fr"):
        names = parse(svg("demo", turn, lang)).find(f"{SVG}g[@id='names']")
        labels = [name_of(e) for e in names.iter(SVG + "text")]
        assert len(labels) == len(board.spaces)
        for sid, text in zip(sorted(board.spaces), labels, strict=True):
            space = board.spaces[sid]
            name = space.name if lang == "en" else space.names.get("fr", space.name)
            assert text == name, (lang, sid, text)
    assert "Mer du Nord" in labels or "mer du Nord" in labels


def test_the_standard_map_is_deterministic() -> None:
    """The demo Diplomacy game's map is byte-identical in a fresh process with another hash seed."""
    turn = "1902-spring-movement"
    first = render_turn(game("demo"), turn, "en")
    code = (
        "import sys; from pathlib import Path; from tests.board_support import render_turn;"
        "from pipeline.storage.gamedir import load_game;"
        f"sys.stdout.write(render_turn(load_game(Path('games/demo')), '{turn}', 'en'))"
    )
    env = {"PYTHONHASHSEED": "999", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, check=True)
    assert out.stdout.decode("utf-8") == first


def test_the_command_writes_the_file(tmp_path: Path) -> None:
    """`judge render FOLDER TURN --lang fr --out FILE` writes the same document as render_turn."""
    out = tmp_path / "map.svg"
    folder = ROOT / "games" / "machiavelli-objectif"
    turn = game("machiavelli-objectif").turns()[0]
    result = CliRunner().invoke(cli, ["render", str(folder), turn, "--lang", "fr", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == svg("machiavelli-objectif", turn, "fr")


# ---- readability: colours, unit shapes, names clear of the orders ------------------------------------------
# the powers' colours, for everyone, and the letters on them: tests/test_map_colours.py


def _shape(icon: ET.Element) -> tuple[tuple[str, str], ...]:
    """An icon's outline: its elements and their geometry, without colour or text."""
    out = []
    for e in icon.iter():
        if e.tag in (SVG + "circle", SVG + "path", SVG + "rect"):
            out.append((e.tag, " ".join(f"{k}={e.get(k)}" for k in ("r", "d", "width", "height") if e.get(k))))
    return tuple(out)


def test_every_unit_kind_has_a_shape_and_letter_of_its_own() -> None:
    """An army, a fleet and a garrison of every power, and the three elite badges: each kind one outline
    whatever its power, no two kinds alike, and the letter in a unit is its kind's (A, F, G), never its
    power's."""
    board = shipped_board("machiavelli-classic")
    units = []
    for i, power in enumerate(sorted(board.powers)):
        army, fleet = sorted(s for s in board.spaces if board.spaces[s].kind != "sea")[i * 3 : i * 3 + 2]
        units += [Unit(power, UnitKind.ARMY, army, special="mercenaries" if i == 0 else None)]
        units += [Unit(power, UnitKind.FLEET, fleet, special="professionals" if i == 0 else None)]
        cities = [s for s in sorted(board.spaces) if board.spaces[s].city and board.spaces[s].city.fortified]
        units += [Unit(power, UnitKind.GARRISON, cities[i], special="militia" if i == 0 else None)]
    position = Position.build(Phase("spring", 1454, PhaseKind.MOVEMENT), units)
    text = render_map(board, position, None, "en", "machiavelli-classic", family=family_of(board_rules("judge")))
    ids = by_id(parse(text))
    shapes: dict[str, set[tuple[tuple[str, str], ...]]] = {}
    for power in board.powers:
        for kind in UnitKind:
            icon = ids[f"{kind.value.lower()}-{power}"]
            shapes.setdefault(kind.value, set()).add(_shape(icon))
            assert [t.text for t in icon.iter(SVG + "text")] == [kind.value]
    assert all(len(found) == 1 for found in shapes.values())
    outlines = [next(iter(found)) for found in shapes.values()]
    badges = [_shape(ids[f"sp-{special}"]) for special in ("mercenaries", "professionals", "militia")]
    assert len(set(outlines)) == 3 and len(set(badges)) == 3


def _number(text: str | None) -> float:
    return float(text or 0)


def _name_boxes(root: ET.Element) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each place name's box as drawn: its lines, size (class z<size>, else 8) and position."""
    out = []
    for e in root.find(f"{SVG}g[@id='names']").iter(SVG + "text"):
        size = next((float(c[1:]) for c in classes(e) if c[:1] == "z"), render.FONT)
        lines = [t.text or "" for t in e.iter(SVG + "tspan")] or [e.text or ""]
        ys = [_number(t.get("y")) for t in e.iter(SVG + "tspan")] or [_number(e.get("y"))]
        width = max(map_text.text_width(line, size) for line in lines)
        x = _number(e.get("x"))
        out.append((name_of(e), (x - width / 2, ys[0] - 0.85 * size, x + width / 2, ys[-1] + 0.25 * size)))
    return out


def _strokes(root: ET.Element) -> list[tuple[str, list[tuple[float, float]]]]:
    """The points along every order's line and head, from their path data (M, L, Q commands)."""
    out = []
    orders = root.find(f"{SVG}g[@id='orders']")
    for group in [] if orders is None else orders.iter(SVG + "g"):
        for path in group.iter(SVG + "path"):
            numbers = [float(n) for n in re.findall(r"-?[\d.]+", path.get("d") or "")]
            pts = list(zip(numbers[::2], numbers[1::2], strict=True))
            if "Q" in (path.get("d") or ""):  # M start Q control end
                (sx, sy), (cx, cy), (ex, ey) = pts
                curve = [(1 - t) ** 2 * sx + 2 * (1 - t) * t * cx + t * t * ex for t in (i / 20 for i in range(21))]
                curve_y = [(1 - t) ** 2 * sy + 2 * (1 - t) * t * cy + t * t * ey for t in (i / 20 for i in range(21))]
                pts = list(zip(curve, curve_y, strict=True))
            dense = []
            for (x1, y1), (x2, y2) in zip(
                pts, pts[1:] + pts[:1] if "z" in (path.get("d") or "") else pts[1:], strict=False
            ):
                steps = max(1, int(math.dist((x1, y1), (x2, y2)) * 2))
                dense += [(x1 + (x2 - x1) * k / steps, y1 + (y2 - y1) * k / steps) for k in range(steps + 1)]
            out.append((group.get("data-order") or "", dense or pts))
    return out


@pytest.mark.parametrize(("name", "turn"), [(n, t) for n, t in TURNS if game(n).results_path(t).exists()])
def test_no_place_name_lies_under_an_order(name: str, turn: str) -> None:
    """On every adjudicated turn of the demo games, no place name's box (its letters, estimated) is crossed by
    an order's line or arrowhead, and no two names overlap."""
    root = parse(svg(name, turn))
    boxes = _name_boxes(root)
    crossed = []
    for order, points in _strokes(root):
        for text, (x0, y0, x1, y1) in boxes:
            if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points):
                crossed.append(f"{order} over {text}")
    assert crossed == []
    overlapping = [
        (a, b)
        for i, (a, (ax0, ay0, ax1, ay1)) in enumerate(boxes)
        for b, (bx0, by0, bx1, by1) in boxes[i + 1 :]
        if ax0 < bx1 - 0.5 and bx0 < ax1 - 0.5 and ay0 < by1 - 0.5 and by0 < ay1 - 0.5
    ]
    assert overlapping == []


@pytest.mark.parametrize("seed", range(4))
def test_a_name_s_boxes_made_once_give_place_name_s_choice(seed: int) -> None:
    """The boxes a name may take, scored once for every map (`render._NamePlaces`: `map_text.candidates`,
    the lowest fixed score first), give the box the rule picks (every box scored in full, the first of the
    lowest score), as `map_text.place_name` does (`choose`, counting all a box runs into or stopping at its
    limit): every space of the classic board in both languages, against marks that block some boxes (by where
    they stand; none at all for seed 0), which also moves some names off their first box."""
    drawing = load_drawing("machiavelli-classic")
    board = shipped_board("machiavelli-classic")
    moved = 0
    for lang in ("en", "fr"):
        words = render.Words(board, render.translator(lang))
        names = {sid: words.place(sid) for sid in drawing.spaces}
        places = render._NamePlaces.of(drawing, names)
        for sid in sorted(drawing.spaces):

            def blocked(box: render.Box) -> int:
                return 0 if seed == 0 else (1000, 100, 2, 1, 0, 0)[(round(box[0] * 7 + box[3] * 3) + seed) % 6]

            centres = render._name_centres(drawing.spaces[sid].label)
            outside = render._name_outside(render._outline(drawing, sid))
            # the rule itself: every box scored in full, the first of the lowest score
            scored = [
                (rank + blocked(box) + outside(box, centre), order, lines, size, box)
                for order, (rank, lines, size, box, centre) in enumerate(
                    map_text._boxes(names[sid], render.NAME_SIZES, 8, centres)
                )
            ]
            _, _, lines, size, box = min(scored, key=lambda s: (s[0], s[1]))
            assert map_text.place_name(names[sid], render.NAME_SIZES, 8, centres, blocked, outside) == (
                lines,
                size,
                box,
            )
            chosen = map_text.choose(places.spaces[sid], lambda box, limit: blocked(box))
            assert (list(chosen.lines), chosen.size, chosen.box) == (lines, size, box)
            # a scoring that stops at `choose`'s limit, as the map's does, counting no more than it
            stopped = map_text.choose(places.spaces[sid], lambda box, limit: min(blocked(box), limit))
            assert stopped == chosen
            moved += chosen.order != min(places.spaces[sid], key=lambda c: c.fixed).order
    assert (moved > 0) == (seed > 0)


def _absolute_rings(d: str) -> list[list[tuple[int, int]]]:
    """The rings of path data made of M, l, h, v and z, as points in tenths."""
    rings: list[list[tuple[int, int]]] = []
    x = y = 0.0
    for command, numbers in re.findall(r"([MlhvzZ])([^MlhvzZ]*)", d):
        values = [float(n) for n in re.findall(r"-?\d*\.?\d+", numbers)]
        if command == "M":
            x, y = values[0], values[1]
            rings.append([])
            values = values[2:]
            rings[-1].append((round(x * 10), round(y * 10)))
        steps = {"l": 2, "h": 1, "v": 1}.get(command, 0)
        for i in range(0, len(values), max(steps, 1)):
            if command == "l":
                x, y = x + values[i], y + values[i + 1]
            elif command == "h":
                x += values[i]
            elif command == "v":
                y += values[i]
            rings[-1].append((round(x * 10), round(y * 10)))
    return rings


@pytest.mark.parametrize("name", sorted(p.stem for p in geometry.DRAWING_DIR.glob("*.json")))
def test_compact_path_draws_the_drawing_s_outline(name: str) -> None:
    """A space's path as the map writes it (relative steps, straight points left out) is the drawing's outline:
    each ring starts where it did, every point it has is one of the drawing's, in the same order, and every
    point it leaves out lies on the segment between the points it kept round it. It is shorter."""
    drawing = load_drawing(name)
    for sid, shape in [
        *drawing.spaces.items(),
        ("offboard", geometry.SpaceShape("", "", drawing.offboard, (), (0, 0), None)),
    ]:
        compact = render.compact_path(shape.path)
        assert len(compact) < len(shape.path) or not shape.path, sid
        original = [
            [(round(float(x) * 10), round(float(y) * 10)) for x, y in (p.split(",") for p in body.split())]
            for body in re.findall(r"M([^MZ]*)Z", shape.path)
        ]
        drawn = _absolute_rings(compact)
        assert len(drawn) == len(original), sid
        for ring, kept in zip(original, drawn, strict=True):
            assert kept[0] == ring[0], sid
            at = 0
            for point in ring:
                if at < len(kept) and kept[at] == point:
                    at += 1
                    continue
                (ax, ay), (bx, by) = kept[at - 1], kept[at % len(kept)]
                on_line = (point[0] - ax) * (by - ay) == (point[1] - ay) * (bx - ax)
                between = min(ax, bx) <= point[0] <= max(ax, bx) and min(ay, by) <= point[1] <= max(ay, by)
                assert on_line and between, (sid, point)
            assert at == len(kept), sid


def test_compact_path_keeps_other_path_data() -> None:
    """Path data of another form than the drawings' (other commands, two decimals) is written as it is."""
    assert render.compact_path("M0,0L1.25,3Z") == "M0,0L1.25,3Z"
    assert render.compact_path("M0,0 1.25,0 1,1Z") == "M0,0 1.25,0 1,1Z"
    assert render.compact_path("M0,0 10,0 20,0 20,5 0,5Z") == "M0,0h20v5h-20z"
    assert render.compact_path("M0,0 1,-2.5 3,-1Z") == "M0,0l1-2.5 2 1.5z"


def test_judge_render_writes_a_familys_own_maps(tmp_path: Path) -> None:
    """A family that draws its own maps (Symmachia: the year's start and each season's) gets them from `judge
    render`: the turn's map to --out, each season's beside it, the same the site shows; a turn the game never
    had is refused in words."""
    from pipeline.publish.turns import turn_maps

    folder = ROOT / "games" / "symmachia-demo"
    out = tmp_path / "map.svg"
    result = CliRunner().invoke(cli, ["render", str(folder), "y02-228bc", "--lang", "fr", "--out", str(out)])
    assert result.exit_code == 0, result.output
    demo = game("symmachia-demo")
    drawn = {name: maps["fr"] for name, maps in turn_maps(demo, "y02-228bc", ["fr"]).items()}
    assert drawn and out.read_text(encoding="utf-8") == drawn[""]
    for season in ("spring", "summer", "autumn"):
        assert (tmp_path / f"map-{season}.svg").read_text(encoding="utf-8") == drawn[season]
    refused = CliRunner().invoke(cli, ["render", str(folder), "y99-131bc"])
    assert refused.exit_code == 1 and "has no turn 'y99-131bc'" in refused.output and "Traceback" not in refused.output
