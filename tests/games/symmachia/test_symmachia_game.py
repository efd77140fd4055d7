"""Symmachia played from a game folder (pipeline/games/symmachia/pages/orders.md, docs/rules/symmachia.md [S 10]): the
family through the pipeline's interface, the order files and the ruling as documented, the demo game."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from pipeline.errors import DataError
from pipeline.games import family as game_family
from pipeline.games.symmachia import FAMILY
from pipeline.games.symmachia.orders import PowerOrders
from pipeline.games.symmachia.outcome import Code
from pipeline.storage.maps import load_setup
from pipeline.storage.orders_files import without_binding

from .conftest import send_first_year

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = load_setup(FAMILY, "aegean-229")


def _examples(page: str) -> list[dict[str, object]]:
    text = (ROOT / "pipeline" / "games" / "symmachia" / "pages" / page).read_text(encoding="utf-8")
    return [YAML(typ="safe").load(block) for block in re.findall(r"```yaml\n(.*?)```", text, re.S)]


def _first_state():  # the demo scenario's first year, competences drawn by fixed dice
    from pipeline.shared.dice import FixedDice

    return FAMILY.rules.start(
        SCENARIO, FAMILY.rules.options_of(FAMILY.profiles["symmachia"].options, {}), FixedDice({}, default=1)
    )


def test_the_registry_gives_symmachia_as_a_family_of_its_own_kind() -> None:
    assert game_family("symmachia") is FAMILY
    assert FAMILY.rules.turn_key("y02-228bc") > FAMILY.rules.turn_key("y01-229bc")
    with pytest.raises(ValueError):
        FAMILY.rules.turn_key("1901-spring-movement")


def test_the_first_turn_is_the_scenarios_start_year() -> None:
    turn, state = _first_state()
    assert turn == "y01-229bc" and state.public.year == -229


@pytest.mark.parametrize("page", ["orders.md", "orders.fr.md"])
def test_the_documented_order_file_and_ruling_are_read_without_a_problem(page: str) -> None:
    """[S 10.1] [S 10.4]: the pages' examples are files the judge takes as they are."""
    _, state = _first_state()
    orders, ruling = _examples(page)
    own = without_binding(orders)  # as storage hands it over
    read = FAMILY.rules.read_orders(SCENARIO, state, None, "lagids", own, lambda w: None, lenient=False)
    assert not read.problems, [str(p) for p in read.problems]
    assert isinstance(read.orders, PowerOrders) and read.orders.trade and read.orders.military
    assert FAMILY.rules.read_ruling(SCENARIO, state, {k: v for k, v in ruling.items() if k not in ("game", "turn")})


def test_a_bad_file_gives_every_problem_with_the_nearest_name() -> None:
    """[S 10.2]: every problem at once, at its key path, with the nearest names."""
    _, state = _first_state()
    data = {"power": "lagids", "year": "229bc", "military": {"lagids_a1": {"plan": ["M idumea"]}}, "bogus": 1}
    read = FAMILY.rules.read_orders(SCENARIO, state, None, "lagids", data, lambda w: None, lenient=True)
    text = "\n".join(str(p) for p in read.problems)
    assert "idumaea" in text and "bogus" in text, text
    assert read.orders == FAMILY.rules.no_orders(SCENARIO, state, "lagids")  # refused whole: the power plays as without


def test_self_defeating_orders_are_warnings() -> None:
    """[S 10.2]: an amount not in tens is read rounded up, and said."""
    _, state = _first_state()
    data = {"power": "lagids", "year": "229bc", "politics": {"gifts": {"rhodes": 105}}}
    read = FAMILY.rules.read_orders(SCENARIO, state, None, "lagids", data, lambda w: None, lenient=False)
    assert not read.problems and any("tens" in w.message for w in read.warnings)


def test_a_year_with_free_text_waits_for_the_ruling() -> None:
    """[S 10.4]: the notes of a unit wait for the game master; the ruling that ignores them frees the year."""
    _, state = _first_state()
    data = {"power": "lagids", "year": "229bc", "military": {"lagids_a1": {"plan": ["D1"], "notes": "hold fast"}}}
    orders = {"lagids": FAMILY.rules.read_orders(SCENARIO, state, None, "lagids", data, lambda w: None, False).orders}
    options = FAMILY.rules.options_of(FAMILY.profiles["symmachia"].options, {})
    none = FAMILY.rules.no_ruling(SCENARIO, state)
    assert FAMILY.rules.waiting_for(SCENARIO, state, options, orders, none) == ["notes of lagids_a1"]
    ruling = FAMILY.rules.read_ruling(SCENARIO, state, {"year": "229bc", "notes": {"lagids_a1": "ignored"}})
    assert FAMILY.rules.waiting_for(SCENARIO, state, options, orders, ruling) == []


def test_options_are_read_from_game_yaml_with_their_problems() -> None:
    rules = FAMILY.profiles["symmachia"].options
    assert FAMILY.rules.options_of(rules, {"battle_dice_sealed": False}).battle_dice_sealed is False
    with pytest.raises(DataError) as err:
        FAMILY.rules.options_of(rules, {"battle_dice_seal": False, "prestige_threshold": "thirty"})
    assert "battle_dice_sealed" in str(err.value) and "whole number" in str(err.value)


def test_a_game_folder_plays_a_year_end_to_end(tmp_path: Path) -> None:
    """`judge new` from the scenario; with every file in but a unit's free text unruled the year waits for
    the game master [S 10.4], `--force` plays it, and the replay and the dice check hold; the state's secret
    part (the competences) stays encrypted."""
    from pipeline.commands import game as commands
    from pipeline.errors import PipelineError

    folder = tmp_path / "sym"
    created = commands.new_game(folder, "symmachia", fresh_secret=lambda: "ab" * 32, demo=True).game
    assert created.current_turn() == "y01-229bc"
    assert (folder / "state" / "y01-229bc.private.yaml.age").exists()
    assert "competence" not in (folder / "state" / "y01-229bc.yaml").read_text(encoding="utf-8")
    lines: list[str] = []
    send_first_year(folder, "lagids", "military:\n  lagids_a1: {plan: [D1], notes: hold fast}\n")
    with pytest.raises(PipelineError, match="waiting for orders from achaeans"):
        commands.adjudicate(folder, lines.append)
    for power in FAMILY.rules.powers(SCENARIO):
        if power != "lagids":
            send_first_year(folder, power)
    with pytest.raises(PipelineError, match="ruling on notes of lagids_a1"):
        commands.adjudicate(folder, lines.append)
    assert commands.adjudicate(folder, lines.append, force=True) == 1
    assert (folder / "state" / "y02-228bc.yaml").exists()
    assert commands.replay(folder, lines.append) == []
    assert commands.verify(folder, lines.append) == []


# ---- the reports (docs/rules/symmachia.md: the year's records in words) ------------------------------

DEMO = ROOT / "games" / "symmachia-demo"


@pytest.mark.parametrize("code", [c.value for c in Code])
def test_every_record_code_is_put_into_words(code: str) -> None:
    """Each code the year records has its sentence, or its place in one of the report's tables."""
    from pipeline.games.symmachia import report
    from pipeline.shared.i18n import translator

    for lang in ("en", "fr"):
        t = translator(lang)
        said = report._sentence(code, t)
        assert said is not None or code in report.TABLED, code
        if said is not None and lang == "fr":
            assert said != report._sentence(code, translator("en")) or "%(" not in said, f"{code}: not translated"


def test_the_demo_years_public_report_in_both_languages() -> None:
    """The public report as the club published it: trade table, transit, forecasts, campaign, prestige."""
    from pipeline.commands.report import report

    english = report(DEMO, "y01-229bc", "en")
    french = report(DEMO, "y01-229bc", "fr")
    for heading in ("## Trade", "## Transit", "## The campaign", "## Prestige", "Next year: revenues"):
        assert heading in english, heading
    assert english.startswith("# 229 BC") and french.startswith("# 229 av. J.-C.")
    assert "| 2 blé | Égypte lagide | Macédoine antigonide |" in french
    assert "Treasury" not in english  # the private reports are not in the public one


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_trade_tables_leave_no_cell_blank(lang: str) -> None:
    """The trades carried out and those that were not are two narrow tables (a phone's width): every cell
    says something, an order over a power's capacity names the power on its side and all its partners on
    the other, with what was ordered and allowed [S 3.4]."""
    from pipeline.commands.report import report

    for turn in ("y01-229bc", "y02-228bc", "y03-227bc", "y04-226bc"):
        text = report(DEMO, turn, lang)
        tables = re.findall(r"## [^\n]+\n\n((?:\|.*\|\n)+)", text)
        for table in tables:
            for row in table.splitlines()[2:]:
                assert all(cell.strip() for cell in row.strip("|").split("|")), (turn, row)
    said = report(DEMO, "y03-227bc", lang)
    if lang == "fr":
        assert "| blé | Égypte lagide | tous ses partenaires | ordres au-delà de la capacité publiée\u00a0: 2" in said
    else:
        assert "| grain | Lagid Egypt | all its partners | orders over the published capacity: 2 ordered" in said


def test_a_powers_report_and_the_game_masters_view() -> None:
    from pipeline.commands.report import report

    lagids = report(DEMO, "y01-229bc", "en", power="lagids")
    assert "## Treasury" in lagids and "Treasury at the year's end" in lagids
    master = report(DEMO, "y01-229bc", "fr", master=True)
    assert "## Compétences" in master and "## Trésor" in master  # every leader's competence, every treasury


@pytest.mark.parametrize(("lang", "title"), [("en", "## Secret dice"), ("fr", "## Dés secrets")])
def test_a_plots_die_is_in_its_sponsors_report_alone(lang: str, title: str) -> None:
    """The Lagids' plot on Seleucus in 228 BC [S 7.8]: its die is in their report's table of secret dice,
    in no other power's report, and not in the public report's year."""
    from pipeline.commands.report import report

    die = "| 228bc plot seleucus | d100 |"
    assert title in report(DEMO, "y02-228bc", lang, power="lagids")
    assert die in report(DEMO, "y02-228bc", lang, power="lagids")
    assert die not in report(DEMO, "y02-228bc", lang, power="seleucids")
    assert "plot seleucus" not in report(DEMO, "y02-228bc", lang)
    assert "plot seleucus" not in (DEMO / "results" / "y02-228bc.yaml").read_text(encoding="utf-8")


def test_the_map_of_each_season_in_both_languages() -> None:
    """The year's start and each season's map, drawn over the scenario's drawing, in the reader's language."""
    import xml.dom.minidom

    from pipeline.shared.i18n import translator
    from pipeline.storage.gamedir import load_game

    game = load_game(DEMO)
    state, results = game.state("y01-229bc", public=True), game.recorded_results("y01-229bc")
    for lang, name in (("en", "Macedonia"), ("fr", "Macédoine")):
        maps = _one_language(
            FAMILY.presentation.draw_map(SCENARIO, OPTIONS, "y01-229bc", state, results, [translator(lang)])
        )
        assert maps is not None and sorted(maps) == ["", "autumn", "spring", "summer"]
        for svg in maps.values():
            xml.dom.minidom.parseString(svg)  # well-formed
            assert name in svg and "Taurion" in svg  # a province, a unit's commander
        assert 'marker-end="url(#a-antigonids)"' in maps["spring"]  # the spring's moves drawn (Taurion's)


def test_every_legal_order_is_read_as_legal() -> None:
    """`judge legal-orders`: each campaign order listed for a unit's first season is one the order file's
    reader takes [S 6.1] [S 10.2], for every power of the demo's current year."""
    from pipeline.storage.gamedir import load_game

    game = load_game(DEMO)
    state = game.state(game.current_turn())
    checked = 0
    for power in FAMILY.rules.powers_to_order(SCENARIO, state):
        legal = FAMILY.rules.legal_orders(SCENARIO, state, game.options, [power], False)["powers"][power]
        for uid, unit in legal["military"]["units"].items():
            for order in unit["orders"]:
                data = {"power": power, "year": legal["year"], "military": {uid: {"plan": [order]}}}
                read = FAMILY.rules.read_orders(
                    SCENARIO, state, game.options, power, data, lambda w: None, lenient=False
                )
                assert not read.problems, (power, uid, order, [str(p) for p in read.problems])
                checked += 1
    assert checked > 100


def test_the_demo_uses_every_kind_of_order() -> None:
    """The demo's years use every kind of order of the sheet [S 10.1]: each political act (a new capital
    and a dôrea among them), trade in goods, wood and mercenaries, every campaign order letter, and the
    military sheet's keys; the plots and bribes are read in the sealed files, with the demo's open key."""
    from pipeline.storage.gamedir import load_game
    from pipeline.storage.sealed import unseal

    key = load_game(DEMO).open_secrets()["age_identity"]
    text = "\n".join(
        unseal(path.read_bytes(), [key], path.name) for path in sorted((DEMO / "orders").glob("*/*.yaml.age"))
    )
    political = ["new_capital", "main_trading_post", "forgive", "plot_kings", "rome", "gifts", "tribute", "dorea"]
    political += ["speech", "patronage", "friendship", "counter_corruption", "corruption", "plot_generals", "bosporus"]
    military = ["create", "disband", "commander", "mercenaries", "no_wood", "notes", "only_if", "secondary"]
    military += ["retreat", "defence", "defence_priorities", "fight_first"]
    missing = [k for k in [*political, *military] if f"{k}:" not in text and f": {k}" not in text]
    missing += [
        f"{op} {good}"
        for op in ("sell", "buy")
        for good in ("grain", "wood", "mercenaries")
        if f"{op}: {good}" not in text
    ]
    missing += [x for x in "MFPECARN" if not any(f"{a}{x}{b}" in text for a in " [" for b in " ,}]")]
    missing += [d for d in ("D0", "D1", "D2", "D3") if d not in text]
    assert not missing, missing


OPTIONS = FAMILY.rules.options_of(FAMILY.profiles["symmachia"].options, {})


def _one_language(maps: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """A turn's maps drawn in one language, by name."""
    return {name: next(iter(by_lang.values())) for name, by_lang in maps.items()}
