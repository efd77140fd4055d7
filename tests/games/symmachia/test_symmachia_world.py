"""The seed's two scenarios as shipped data (docs/rules/symmachia.md [S 1.2], "The scenarios"): the world of
229 BC from Greece to the Indus, where the seed's examples are played (§1), and the Ephesian Vespers of 88
BC on the same world; each sets up a game that plays three years with no orders, replays byte for byte and
makes the site's pages."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest

from pipeline.games.symmachia import FAMILY
from pipeline.games.symmachia.model import Good, PlaceKind
from pipeline.games.symmachia.scenario import Scenario, check_scenario
from pipeline.shared.dice import FixedDice
from pipeline.storage.maps import load_setup
from pipeline.storage.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ROOT / "pipeline" / "games" / "symmachia" / "scenarios"
WORLD = load_setup(FAMILY, "world-229")
VESPERS = load_setup(FAMILY, "vespers-88")


def _first_state(scenario: Scenario):
    _, state = FAMILY.rules.start(
        scenario, FAMILY.rules.options_of(FAMILY.profiles["symmachia"].options, {}), FixedDice({}, default=1)
    )
    return state


def _majors(scenario: Scenario) -> list[str]:
    return sorted(p for p, info in scenario.powers.items() if info.major)


def _minors(scenario: Scenario) -> dict[str, str | None]:
    return {p: info.protector for p, info in scenario.powers.items() if not info.major}


# ---- the world of 229 BC --------------------------------------------------------------------------------


def test_the_world_has_the_powers_the_seeds_examples_name() -> None:
    """[S 1.2] The seed's examples are the 229 BC scenario's (§1): the Antigonids, the Lagids, the
    Seleucids, Antiochus Hierax, the Attalids, Mithridates of Pontus, Prusias' Northern League, the Achaean
    and Aetolian Leagues, the Parthians, Euthydemus' Bactria and Jalauka's Mauryas play; Rhodes, the
    Bosporus, Sparta, Teuta's Illyrians, the Nabataeans and Arsames' Sophene are minors under a protector;
    Cappadocia and Thrace are independent (§3.3.4); no power holds four units (§1.1)."""
    assert _majors(WORLD) == [
        "achaeans", "aetolians", "antigonids", "attalids", "bactria", "hierax", "lagids", "mauryas",
        "northern_league", "parthians", "pontus", "seleucids",
    ]  # fmt: skip
    assert _minors(WORLD) == {
        "bosporans": "northern_league", "illyrians": "antigonids", "nabataeans": "lagids", "rhodes": "lagids",
        "sophene": "hierax", "sparta": "aetolians",
    }  # fmt: skip
    held = {p for info in WORLD.powers.values() for p in info.provinces}
    assert {"cappadocia", "thrace", "attica", "aria"} <= set(WORLD.provinces) - held
    assert max(len(info.units) for info in WORLD.powers.values()) == 3
    kings = {p: info.king.name.en for p, info in WORLD.powers.items()}
    assert kings["bactria"] == "Euthydemus" and kings["mauryas"] == "Jalauka" and kings["parthians"] == "Arsaces I"
    assert {leader.id for leader in WORLD.powers["parthians"].leaders} >= {"tiridates"}


def test_the_world_has_the_places_the_seeds_examples_need() -> None:
    """[S 1.2] [S 8] Every place of the examples, under its own name: Arsaces' Parthyene beside Margiana and
    Aria, Tiridates' Zadracarta (Hyrcania) beside Media, Parthian Drangiana (§2.2.1, §4.1.4, §4.1.7),
    Bactria beside Gandhara across the Hindu Kush, Arachosia Bactria's (§3.3.3), the passes of the
    Cilician Gates, Thermopylae and the Khyber (§5.1.4), the Bosporus (§5.1.1), the six productive provinces
    (§2.2.5), the two maritime groups and the Erythraean-Indian passage (§3.2.2, §5.1.2); the d100 of the
    events names each province once, and never 97 or more (§5.2)."""
    assert {"margiana", "aria"} <= set(WORLD.provinces["parthyene"].borders)
    assert WORLD.provinces["hyrcania"].city is not None and WORLD.provinces["hyrcania"].city.en == "Zadracarta"
    assert "media" in WORLD.provinces["hyrcania"].borders and "drangiana" in WORLD.powers["parthians"].provinces
    assert "gandhara" in WORLD.provinces["bactria"].borders and "arachosia" in WORLD.powers["bactria"].provinces
    assert WORLD.is_pass("paropamisadae", "gandhara") and WORLD.is_pass("cappadocia", "cilicia")
    assert WORLD.is_pass("thessaly", "aetolia") and WORLD.strait_of("byzantium", "bithynia") is not None
    outlets = {p for p, prov in WORLD.provinces.items() if prov.resources.get(Good.INCENSE, 0) > 0}
    assert outlets == {"hejaz", "tauris", "sarmatia", "gandhara", "indus", "gerrhaea"}
    assert WORLD.provinces["gerrhaea"].incense_needs_safe == ("persian_gulf", "indian_sea")
    assert {z.group for z in WORLD.seas.values()} == {"mediterranean", "indian"}
    assert WORLD.long_passages[frozenset(("erythraean_sea", "indian_sea"))] == 3
    assert sorted(WORLD.by_number) == list(range(1, len(WORLD.provinces) + 1)) and len(WORLD.provinces) < 97
    deserts = {p for p, prov in WORLD.provinces.items() if prov.kind is PlaceKind.DESERT}
    assert deserts == {"syrian_desert", "arabian_desert", "libyan_desert", "kavir", "lut", "gedrosia"}


def test_the_worlds_first_year_has_the_seeds_figures() -> None:
    """The seed's worked figures at the scenario's start: the Antigonids' local income of 800, Paeonia
    ravaged by the Dardanians (§2.1.2); Ptolemy's 7 grain, 2 of them to Ionia, 5 to sell (§2.1.4, §2.1.5);
    his buyers' needs: the Macedonians 2, the Nabataeans 1, Hierax 1, the Mauryas 2 (§2.1.5); the Parthians
    1 short, so that Drangiana starves if Arsaces buys none (§2.2.1)."""
    state = _first_state(WORLD)
    forecasts = state.public.forecasts
    assert forecasts["antigonids"].local == 800 and "paeonia" in state.public.ravaged
    assert forecasts["lagids"].exports[Good.GRAIN] == 5
    lagid_grain = [WORLD.provinces[p].resources.get(Good.GRAIN, 0) for p in WORLD.powers["lagids"].provinces]
    assert sum(g for g in lagid_grain if g > 0) == 7 and WORLD.provinces["ionia"].resources[Good.GRAIN] == -2
    needs = {p: forecasts[p].imports.get(Good.GRAIN) for p in ("antigonids", "nabataeans", "hierax", "mauryas")}
    assert needs == {"antigonids": 2, "nabataeans": 1, "hierax": 1, "mauryas": 2}
    assert forecasts["parthians"].imports[Good.GRAIN] == 1
    assert WORLD.provinces["drangiana"].resources[Good.GRAIN] == -1


def test_the_worlds_trade_network_gives_the_seeds_routes() -> None:
    """[S 3.5] [S 3.6] The posts of the seed's routes, linked so that its shortest routes are the seed's
    (§2.1.6): Alexandria-Rhodes-Thessalonica; Alexandria-Petra across Idumaea; to Taxila by Rhodes, Antioch
    and Seleucia, then Hecatompylos or Gerrha (six posts each), or by Petra and Gerrha (four) while Idumaea
    is not ravaged; Alexandria-Rhodes-Byzantium-Sinope; and Sinope within two places of Hierax's capital."""
    links: dict[str, set[str]] = {}
    crossing: dict[frozenset[str], tuple[str, ...]] = {}
    for route in WORLD.routes:
        links.setdefault(route.a, set()).add(route.b)
        links.setdefault(route.b, set()).add(route.a)
        crossing[frozenset((route.a, route.b))] = route.crosses

    def shortest(a: str, b: str, closed: set[str]) -> list[list[str]]:
        paths, frontier = [], [[a]]
        while frontier and not paths:
            frontier = [
                [*path, nxt]
                for path in frontier
                for nxt in sorted(links[path[-1]] - set(path))
                if not set(crossing[frozenset((path[-1], nxt))]) & closed
            ]
            paths = [path for path in frontier if path[-1] == b]
        return paths

    assert shortest("alexandria", "thessalonica", set()) == [["alexandria", "rhodes", "thessalonica"]]
    assert shortest("alexandria", "taxila", set()) == [["alexandria", "petra", "gerrha", "taxila"]]
    assert shortest("alexandria", "taxila", {"idumaea"}) == [
        ["alexandria", "rhodes", "antioch", "seleucia", "gerrha", "taxila"],
        ["alexandria", "rhodes", "antioch", "seleucia", "hecatompylos", "taxila"],
    ]
    assert shortest("alexandria", "sinope", set()) == [["alexandria", "rhodes", "byzantium", "sinope"]]
    sinope = WORLD.posts["sinope"].province
    assert WORLD.distances(WORLD.powers["hierax"].capital)[sinope] <= 2  # A4: two provinces or zones at most


def test_a_drawing_that_is_no_scenarios_name_is_refused() -> None:
    """[S 1.2] The drawing a scenario shares is named as a scenario file is; anything else is a problem at
    its key, said in words."""
    data = copy.deepcopy(load_yaml(SCENARIOS / "vespers-88.yaml"))
    data["drawing"] = "../world-229"
    problems = check_scenario(data)
    assert problems == [
        "drawing: expected the id of a scenario with the same places, such as world-229, found '../world-229'"
    ]


# ---- the Ephesian Vespers, 88 BC ------------------------------------------------------------------------


def test_the_vespers_have_the_powers_of_88_bc() -> None:
    """[S 1.2] The seed's second scenario (§1): Rome with Asia and its clients Bithynia and Cappadocia,
    Mithridates Eupator, Tigranes, Parthia, the Ptolemies, the late Seleucids, the Indo-Greeks and the
    Sakas; Athens under Aristion with Pontus."""
    assert _majors(VESPERS) == [
        "armenia", "indo_greeks", "lagids", "parthians", "pontus", "rome", "sakas", "seleucids",
    ]  # fmt: skip
    minors = _minors(VESPERS)
    assert minors["bithynia"] == minors["cappadocia"] == minors["rhodes"] == "rome"
    assert minors["athens"] == "pontus" and minors["damascus"] == "lagids" and minors["osroene"] == "parthians"
    assert {"ionia", "mysia", "lydia", "caria"} <= set(VESPERS.powers["rome"].provinces)
    assert VESPERS.powers["pontus"].king.name.en == "Mithridates VI Eupator" and VESPERS.start_year == -88


def test_the_vespers_are_played_on_the_worlds_geography() -> None:
    """A scenario is data: the 88 BC scenario has the 229 BC world's provinces with their numbers, borders
    and coasts, its sea zones, posts, routes, passes and strait, and so the same drawing."""
    assert VESPERS.drawing == "world-229"
    for pid, prov in WORLD.provinces.items():
        other = VESPERS.provinces[pid]
        assert (other.number, other.borders, other.coasts, other.kind) == (
            prov.number,
            prov.borders,
            prov.coasts,
            prov.kind,
        ), pid
        assert (other.trading_post, bool(other.city)) == (prov.trading_post, bool(prov.city)), pid
    assert set(VESPERS.provinces) == set(WORLD.provinces) and VESPERS.seas == WORLD.seas
    assert VESPERS.routes == WORLD.routes and VESPERS.passes == WORLD.passes and VESPERS.straits == WORLD.straits


# ---- a game of each: three years with no orders, the replay, the site ------------------------------------


@pytest.fixture(scope="module", params=["world-229", "vespers-88"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`judge new --profile symmachia --map <scenario>`, then three years adjudicated with `--force` and no
    order file."""
    from pipeline.commands import game as commands

    folder = tmp_path_factory.mktemp(request.param) / "games" / request.param
    created = commands.new_game(
        folder, "symmachia", fresh_secret=lambda: "cd" * 32, demo=True, map_name=request.param
    ).game
    assert created.current_turn().startswith("y01-")
    lines: list[str] = []
    for _ in range(3):
        assert commands.adjudicate(folder, lines.append, force=True) == 1
    return folder


def test_three_years_with_no_orders_replay_byte_for_byte(played: Path) -> None:
    """Each scenario sets up a game (`judge new --map`) that plays three years with no orders: every power
    defends and pays what it can [S 10.3]; the replay gives the committed files byte for byte and every die
    is the chain's."""
    from pipeline.commands import game as commands
    from pipeline.storage.gamedir import load_game

    game = load_game(played)
    assert len(sorted((played / "results").glob("*.yaml"))) == 3 and game.current_turn().startswith("y04-")
    lines: list[str] = []
    assert commands.replay(played, lines.append) == []
    assert commands.verify(played, lines.append) == []


def test_the_site_makes_the_scenarios_pages_with_its_maps(played: Path, tmp_path: Path) -> None:
    """`judge site`: the game's page, each year's report and the map of each season in both languages, the
    maps drawn on the world's drawing (each province its shape, not the schematic map)."""
    from pipeline.publish.site import build_site

    site = tmp_path / "site"
    shutil.copytree(ROOT / "site", site, ignore=shutil.ignore_patterns("games"))
    build_site(played.parent, site, repo_url="https://github.com/example/games")
    pages = site / "games" / played.name
    year = sorted(p.stem for p in (played / "results").glob("*.yaml"))[0]
    for name in ("index.md", "index.fr.md", f"{year}.md", f"{year}.fr.md", f"{year}-spring.svg"):
        assert (pages / name).is_file(), name
    svg = (pages / f"{year}.svg").read_text(encoding="utf-8")
    assert 'id="p-gandhara"' in svg and 'id="z-indian_sea"' in svg and "<ellipse" not in svg
    scenario = load_setup(FAMILY, played.name)
    standings = (pages / "index.fr.md").read_text(encoding="utf-8")
    for power in _majors(scenario):
        assert scenario.powers[power].name.fr in standings, power
