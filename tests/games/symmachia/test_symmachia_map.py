"""Symmachia's map (docs/maps.md, "Symmachia's Aegean-229"; docs/rules/symmachia.md [S 1.2], [S 8]): the
drawing of the demo scenario, cut from the real coastline by tools/draw_boards.py, agrees with the
scenario's geography, and a season's map draws what the state holds, in both languages.

Two places "share a border" as in tests/test_drawing.py: the boundary of one runs along the other for more
than a cell of the drawing (a corner where four places meet is not a border)."""

from __future__ import annotations

import dataclasses
import functools
import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

import pytest
from shapely.geometry import MultiPolygon, Point, Polygon

from pipeline.board.presentation.geometry import parse_path
from pipeline.games.symmachia import FAMILY, drawing
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.state import Ravage
from pipeline.shared.dice import FixedDice
from pipeline.shared.i18n import translator
from pipeline.shared.map_text import segment_hits, text_width
from pipeline.storage.gamedir import load_game
from pipeline.storage.maps import load_setup
from tests.test_drawing import touching

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = load_setup(FAMILY, "aegean-229")
FILE = ROOT / "pipeline" / "games" / "symmachia" / "scenarios" / "aegean-229.drawing.json"
DATA = json.loads(FILE.read_text(encoding="utf-8"))
DEMO = ROOT / "games" / "symmachia-demo"
SVG = "{http://www.w3.org/2000/svg}"

# each shipped scenario, the land moves its drawing gives as a line over the water (and why), its largest size
DRAWN_SCENARIOS = {
    "aegean-229": ({frozenset(("bithynia", "byzantium")), frozenset(("hellespontine_phrygia", "phrygia"))}, 150_000),
    "world-229": ({frozenset(("bithynia", "byzantium"))}, 400_000),
    "vespers-88": ({frozenset(("bithynia", "byzantium"))}, 400_000),  # drawn by world-229's drawing
}


@dataclasses.dataclass(frozen=True)
class Drawn:
    """A shipped scenario, its drawing's file and data, each place's shape, the pairs that share a border."""

    scenario: Scenario
    file: Path
    data: dict
    shapes: dict[str, MultiPolygon]
    touching: set[frozenset[str]]

    def near(self, place: str) -> set[str]:
        return {next(iter(pair - {place})) for pair in self.touching if place in pair}


@functools.cache
def drawn(name: str) -> Drawn:
    scenario = load_setup(FAMILY, name)
    file = ROOT / "pipeline" / "games" / "symmachia" / "scenarios" / f"{scenario.drawing or name}.drawing.json"
    data = json.loads(file.read_text(encoding="utf-8"))
    shapes = {
        sid: MultiPolygon([Polygon(p[0], p[1:]) for p in parse_path(e["path"])]) for sid, e in data["spaces"].items()
    }
    return Drawn(scenario, file, data, shapes, touching(shapes))


def _near(place: str) -> set[str]:
    return drawn("aegean-229").near(place)


def _first_state():
    _, state = FAMILY.rules.start(
        SCENARIO, FAMILY.rules.options_of(FAMILY.profiles["symmachia"].options, {}), FixedDice({}, default=1)
    )
    return state


def _by_id(svg: str) -> dict[str, ET.Element]:
    return {e.get("id", ""): e for e in ET.fromstring(svg).iter() if e.get("id")}


# ---- the drawing ----------------------------------------------------------------------------------------

EACH = pytest.mark.parametrize("name", sorted(DRAWN_SCENARIOS))


@EACH
def test_every_place_has_exactly_one_shape_of_its_kind(name: str) -> None:
    """[S 1.2] The drawing has a shape for every province and sea zone of the scenario and nothing else; a
    desert is drawn as one, a sea zone as sea."""
    d = drawn(name)
    assert set(d.data["spaces"]) == set(d.scenario.provinces) | set(d.scenario.seas)
    for zid in d.scenario.seas:
        assert d.data["spaces"][zid]["kind"] == "sea", zid
    for pid, prov in d.scenario.provinces.items():
        kind = "desert" if prov.desert else "coast" if prov.coasts else "land"
        assert d.data["spaces"][pid]["kind"] == kind, pid
    for sid, shape in d.shapes.items():
        assert shape.is_valid and shape.area > 20, sid


@EACH
def test_shapes_do_not_overlap(name: str) -> None:
    """A point of the map lies in one place only."""
    shapes = drawn(name).shapes
    ids = sorted(shapes)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if shapes[a].envelope.intersects(shapes[b].envelope):
                assert shapes[a].intersection(shapes[b]).area < 0.5, (a, b)


@EACH
def test_land_borders_are_the_scenarios_borders(name: str) -> None:
    """[S 1.2] Two provinces share a border if and only if the scenario says they border, except a crossing
    drawn as a line: the Bosporus [S 8.1] and, on the Aegean's map, the one pair no map in the plane can give
    a border beside the others (Hellespontine Phrygia and Phrygia, which meet where Mysia meets Bithynia)."""
    d = drawn(name)
    land = set(d.scenario.provinces)
    borders = {frozenset((p, b)) for p, prov in d.scenario.provinces.items() for b in prov.borders}
    crossings = {frozenset(c["spaces"]) for c in d.data["crossings"]}
    shown = {pair for pair in d.touching if pair <= land}
    assert sorted(map(sorted, shown - borders)) == [], "borders the scenario does not have"
    assert sorted(map(sorted, borders - shown - crossings)) == [], "borders neither drawn nor crossed"
    assert crossings <= borders and not crossings & shown
    assert crossings == DRAWN_SCENARIOS[name][0]
    assert all(c["why"] for c in d.data["crossings"])


@EACH
def test_the_special_places_of_the_map(name: str) -> None:
    """[S 8.1] The Bosporus is the strait's land crossing; the Dardanelles give the Chersonese and
    Hellespontine Phrygia no border, while the Sea of Thrace and the Propontis meet through them.
    [S 8.3] Euboea borders Attica and Aetolia."""
    d = drawn(name)
    strait = d.scenario.straits[0]
    assert {frozenset(c["spaces"]) for c in d.data["crossings"]} >= {strait.crossing}
    assert frozenset(("chersonese", "hellespontine_phrygia")) not in d.touching
    assert frozenset(("propontis", "thracian_sea")) in d.touching
    assert frozenset(("propontis", "western_black_sea")) in d.touching
    assert {"attica", "aetolia"} <= d.near("euboea")


@EACH
def test_sea_borders_are_the_coasts_and_the_adjacent_zones(name: str) -> None:
    """[S 1.2] A sea zone borders exactly its adjacent zones and the provinces that have a coast on it; a
    province touches only the zones of its coasts (one without coasts touches no sea)."""
    d = drawn(name)
    passages = set(d.scenario.long_passages)
    for zid, zone in d.scenario.seas.items():
        expected = {z for z in zone.adjacent if frozenset((zid, z)) not in passages} | set(d.scenario.coasts_of(zid))
        assert sorted(d.near(zid)) == sorted(expected), zid
    for pid, prov in d.scenario.provinces.items():
        assert sorted(d.near(pid) & set(d.scenario.seas)) == sorted(prov.coasts), pid


@EACH
def test_the_long_passage_runs_off_the_maps_edge(name: str) -> None:
    """[S 8.2] The Erythraean and Indian Seas do not touch: the long passage between them is drawn from
    each zone's southern end along the map's bottom edge."""
    d = drawn(name)
    passages = {frozenset(p["zones"]): p for p in d.data["passages"]}
    assert set(passages) == set(d.scenario.long_passages)
    for pair, passage in passages.items():
        assert pair not in d.touching
        assert passage["seasons"] == d.scenario.long_passages[pair]
        for zone, end in zip(passage["zones"], passage["ends"], strict=True):
            assert d.shapes[zone].distance(Point(end)) < 0.5, zone
            assert end[1] > d.data["viewbox"][3] * 0.8, zone  # near the bottom edge


@EACH
def test_every_pass_is_marked_on_its_border(name: str) -> None:
    """[S 8.4] Each pass of the scenario has its sign on the border of its two provinces."""
    d = drawn(name)
    marked = {frozenset(p["provinces"]): p["at"] for p in d.data["passes"]}
    assert set(marked) == set(d.scenario.passes)
    for pair, at in marked.items():
        for pid in pair:
            assert d.shapes[pid].distance(Point(at)) < 1.0, pid


@EACH
def test_names_cities_and_posts_lie_in_their_place(name: str) -> None:
    """The label point (name and units) of every place lies inside it; so do the main city of a province
    that names one and every trading post."""
    d = drawn(name)
    for sid, entry in d.data["spaces"].items():
        assert d.shapes[sid].contains(Point(entry["label"])), sid
        if sid in d.scenario.provinces:
            prov = d.scenario.provinces[sid]
            assert ("city" in entry) == bool(prov.city or prov.trading_post), sid
            for key in ("city", "post"):
                if key in entry:
                    assert d.shapes[sid].buffer(0.3).contains(Point(entry[key])), (sid, key)
            assert ("post" in entry) == bool(prov.trading_post), sid


@EACH
def test_the_drawing_stays_small(name: str) -> None:
    """A season's map stays small enough for a phone: the Aegean's drawing under 150 KB, the world's (from
    the Adriatic to the Indus) under 400 KB."""
    assert drawn(name).file.stat().st_size < DRAWN_SCENARIOS[name][1]


def test_a_scenario_shares_the_drawing_of_the_scenario_it_names() -> None:
    """The 88 BC scenario has the 229 BC world's places and names its drawing: its maps are drawn on it, not
    schematically; a scenario naming a drawing of other places, or a name that is no plain name, gets none."""
    vespers = load_setup(FAMILY, "vespers-88")
    assert vespers.drawing == "world-229" and drawing.scenario_drawing(vespers) is not None
    assert drawing.scenario_drawing(dataclasses.replace(SCENARIO, drawing="world-229")) is None
    assert drawing.scenario_drawing(dataclasses.replace(vespers, drawing="../world-229")) is None


# ---- the maps of a year ---------------------------------------------------------------------------------


def test_the_map_draws_what_the_state_holds() -> None:
    """Each province filled by its owner (independents plain, deserts sand), ravaged provinces and blockaded
    zones hatched, each capital, trading post (a main one in its power's colour), horde, band of pirates and
    unit with its commander drawn, whatever the state holds."""
    state = _first_state()
    pub = state.public
    powers = dict(pub.powers)
    powers["lagids"] = dataclasses.replace(powers["lagids"], main_trading_post="rhodes")
    pub = dataclasses.replace(
        pub,
        owners={**pub.owners, "epirus": "antigonids"},
        ravaged={"thrace": (Ravage.RAID,)},
        blockades=("cilician_sea",),
        powers=powers,
    )
    svg = drawing.draw_year(SCENARIO, dataclasses.replace(state, public=pub), [], None, translator("en"))
    assert svg is not None
    ids = _by_id(svg)
    assert ids["p-epirus"].get("fill") == "url(#h-antigonids)"
    assert ids["p-aetolia"].get("fill") == drawing.LAND  # independent
    assert ids["p-syrian_desert"].get("fill") == "url(#desert)"
    assert {i for i in ids if i.startswith("r-")} == {"r-thrace"}
    assert {i for i in ids if i.startswith("b-")} == {"b-cilician_sea"}
    assert {i for i in ids if i.startswith("c-")} == {f"c-{info.capital}" for info in pub.powers.values()}
    assert {i for i in ids if i.startswith("t-")} == {f"t-{post}" for post in SCENARIO.posts}
    assert ids["t-rhodes"].get("fill") == drawing.colours(SCENARIO)["lagids"]
    assert ids["t-athens"].get("fill") == "#fff"
    assert "horde-dardanians" in ids and "pirates-illyrian_pirates" in ids
    for uid, unit in pub.units.items():
        group = ids[f"u-{uid}"]
        texts = "".join(group.itertext())
        assert pub.leaders[unit.leader].name.en in texts, uid


def test_a_seasons_map_shows_the_units_where_that_season_found_them() -> None:
    """Taurion's army moved from Thessaly to Macedonia in the spring of 229 BC, then on to Paeonia in the
    summer: the spring map draws it in Thessaly with its arrow to Macedonia, the summer map in Macedonia with
    its arrow to Paeonia; the pirates' raid on Epirus is marked in the spring."""
    game = load_game(DEMO)
    state, results = game.state("y01-229bc", public=True), game.recorded_results("y01-229bc")
    maps = _one_language(
        FAMILY.presentation.draw_map(SCENARIO, OPTIONS, "y01-229bc", state, results, [translator("en")])
    )
    assert maps is not None
    for season, (frm, to) in (("spring", ("thessaly", "macedonia")), ("summer", ("macedonia", "paeonia"))):
        root = ET.fromstring(maps[season])
        moves = [e for e in root.iter(f"{SVG}line") if e.get("data-unit") == "antigonids_a1"]
        assert [(e.get("data-from"), e.get("data-to")) for e in moves] == [(frm, to)], season
        army = next(e for e in root.iter(f"{SVG}g") if e.get("id") == "u-antigonids_a1")
        circle = army.find(f"{SVG}circle")
        assert circle is not None
        at = (float(circle.get("cx", "0")), float(circle.get("cy", "0")))
        label = DATA["spaces"][frm]["label"]
        assert abs(at[1] - label[1]) < 0.2 and abs(at[0] - label[0]) < 30, season  # in its row at `frm`
    signs = {(e.get("class"), e.get("data-place")) for e in ET.fromstring(maps["spring"]).iter(f"{SVG}g")}
    assert ("sign raid", "epirus") in signs
    assert not [e for e in ET.fromstring(maps[""]).iter(f"{SVG}line") if e.get("data-unit")]  # no moves at the start


def _name_boxes(root: ET.Element) -> list[tuple[str, tuple[float, float, float, float]]]:
    out = []
    for e in root.iter(f"{SVG}text"):
        if "nm" not in (e.get("class") or "").split():
            continue
        size = float(e.get("font-size") or drawing.FONT)
        lines = e.findall(f"{SVG}tspan") or [e]
        first = lines[0]
        x, base = float(first.get("x", "0")), float(first.get("y", "0"))
        w = max(text_width(t.text or "", size) for t in lines)
        top = base - 0.84 * size
        out.append(("".join(e.itertext()), (x - w / 2, top, x + w / 2, top + len(lines) * size * 1.05)))
    return out


@pytest.mark.parametrize("turn", ["y01-229bc", "y02-228bc", "y03-227bc"])
def test_names_are_placed_clear_of_the_arrows(turn: str) -> None:
    """Every place's name is written where no arrow of the season crosses it (the demo's three years)."""
    game = load_game(DEMO)
    state, results = game.state(turn, public=True), game.recorded_results(turn)
    maps = _one_language(FAMILY.presentation.draw_map(SCENARIO, OPTIONS, turn, state, results, [translator("fr")]))
    assert maps is not None
    for season, svg in maps.items():
        root = ET.fromstring(svg)
        arrows = [
            ((float(e.get("x1", 0)), float(e.get("y1", 0))), (float(e.get("x2", 0)), float(e.get("y2", 0))))
            for e in root.iter(f"{SVG}line")
            if e.get("data-unit")
        ]
        for name, box in _name_boxes(root):
            crossed = [a for a in arrows if segment_hits(box, a[0], a[1], 0.0)]
            assert not crossed, (season, name)


def test_the_map_in_both_languages_and_byte_for_byte_the_same() -> None:
    """The names and the legend in the reader's language; the same year gives the same bytes."""
    state = _first_state()
    english = drawing.draw_year(SCENARIO, state, [], None, translator("en"))
    french = drawing.draw_year(SCENARIO, state, [], None, translator("fr"))
    assert english is not None and french is not None
    assert "Macedonia" in english and "trading post" in english and "229 BC" in english
    assert "Macédoine" in french and "comptoir" in french and "229 av. J.-C." in french
    assert drawing.draw_year(SCENARIO, state, [], None, translator("fr")) == french


def test_a_scenario_without_its_drawing_gets_the_schematic_map() -> None:
    """A scenario the drawing was not made for (another id, or other places) is drawn schematically from
    its places' positions; a scenario id that is no plain name reads no file."""
    state = _first_state()
    other = dataclasses.replace(SCENARIO, id="elsewhere")
    svg = drawing.draw_year(other, state, [], None, translator("en"))
    assert svg is not None and "<ellipse" in svg and 'id="p-' not in svg
    assert drawing.scenario_drawing(dataclasses.replace(SCENARIO, id="../scenarios/aegean-229")) is None
    fewer = dataclasses.replace(SCENARIO, provinces={k: v for k, v in SCENARIO.provinces.items() if k != "rhodes"})
    assert drawing.scenario_drawing(fewer) is None


def test_an_army_aboard_goes_with_its_fleet() -> None:
    """[S 6.1] Taurion's army embarked on Heraclides' fleet in the summer of 228 BC, sailed with it in the
    autumn (the fleet's move, then its retreat, carry it) and landed (its move ashore) in Attica in the
    spring of 227 BC: each is drawn, and the army stands with its fleet."""
    game = load_game(DEMO)
    found = {}
    for turn in ("y02-228bc", "y03-227bc"):
        state, results = game.state(turn, public=True), game.recorded_results(turn)
        maps = _one_language(FAMILY.presentation.draw_map(SCENARIO, OPTIONS, turn, state, results, [translator("en")]))
        assert maps is not None
        for season, svg in maps.items():
            for e in ET.fromstring(svg).iter(f"{SVG}line"):
                if e.get("data-unit") == "antigonids_a1":
                    found[(turn, season)] = (e.get("class"), e.get("data-to"))
    assert found[("y02-228bc", "summer")] == ("mv embarked", "thracian_sea")
    assert found[("y03-227bc", "spring")] == ("mv landed", "attica")
    state, results = game.state("y02-228bc", public=True), game.recorded_results("y02-228bc")
    autumn = drawing.season_positions(state, results["records"], "autumn")
    assert autumn.units["antigonids_a1"] == autumn.units["antigonids_f1"] == "thracian_sea"
    assert autumn.aboard == {"antigonids_a1": "antigonids_f1"}


def test_names_from_the_files_are_written_as_text() -> None:
    """A unit id or a commander's name that looks like markup (a hostile state or results file) is written as
    text: the map stays well-formed and holds no element of it."""
    state = _first_state()
    pub = state.public
    uid, unit = sorted(pub.units.items())[0]
    odd = '"><script>alert(1)</script>'
    units = {k: v for k, v in pub.units.items() if k != uid} | {odd: dataclasses.replace(unit, id=odd)}
    leaders = dict(pub.leaders)
    leader = leaders[unit.leader]
    leaders[unit.leader] = dataclasses.replace(leader, name=dataclasses.replace(leader.name, en=odd))
    state = dataclasses.replace(state, public=dataclasses.replace(pub, units=units, leaders=leaders))
    records = [{"code": "move", "season": "spring", "unit": odd, "frm": unit.place, "to": "<b>"}]
    svg = drawing.draw_year(SCENARIO, state, records, "spring", translator("en"))
    assert svg is not None
    root = ET.fromstring(svg)
    assert not [e for e in root.iter() if e.tag.endswith(("script", "}b"))]
    assert odd in "".join(root.itertext())


OPTIONS = FAMILY.rules.options_of(FAMILY.profiles["symmachia"].options, {})


def _one_language(maps: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """A turn's maps drawn in one language, by name."""
    return {name: next(iter(by_lang.values())) for name, by_lang in maps.items()}
