"""The order forms of Symmachia and of the Catan variant: what `judge site` publishes for them and the legal
orders they offer (docs/order-form.md, "Symmachia" and "Klarfeld's Catan"; the browser half is
tests/test_family_order_forms_browser.py).

- Symmachia's plan choices [S 6.1] (docs/rules/symmachia.md): every order offered for every row of a unit's
  plan, from the position the earlier rows lead to, is read as legal by the order file's reading when the
  plan's earlier rows are those that lead there; a row's first choices are the unit's first-season orders;
  the new unit ids are free, the leaders the power's own, the mercenaries to buy raised in the seller's
  provinces;
- the published files: the order page holds the form in both languages, `form-<lang>.json` names in the
  page's language every power, place, unit and leader the legal orders name, both languages have the same
  words and the French ones are French; the scripts read only words they are given.
"""

from __future__ import annotations

import json
import re
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from pipeline.errors import DataError
from pipeline.games.symmachia.orders import read_orders
from pipeline.publish.site import build_site
from pipeline.shared.i18n import LANGUAGES
from pipeline.storage.gamedir import load_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
SCRIPTS = ROOT / "site" / "assets" / "javascripts"
FAMILY_GAMES = ("symmachia-demo", "catan-demo")


@pytest.fixture
def site(games_site: Path) -> Path:
    """The shipped games' pages (`games_site`, tests/conftest.py: made once for this module and others)."""
    return games_site


def _symmachia() -> tuple[Any, Any, Any]:
    game = load_game(GAMES / "symmachia-demo")
    state = game.state(game.current_turn(), public=True)
    return game, state, game.family


def _paths(plan: dict[str, Any]) -> dict[str, list[str]]:
    """For each position of a plan's choices within its three rows, the shortest run of orders leading there."""
    found = {plan["start"]: []}
    queue = deque([plan["start"]])
    while queue:
        key = queue.popleft()
        if len(found[key]) >= 2:
            continue
        for order, after in plan["positions"][key]["orders"]:
            if after not in found:
                found[after] = [*found[key], order]
                queue.append(after)
    return found


def test_every_plan_row_offered_is_read_as_legal() -> None:
    """[S 6.1] A plan's rows follow where the earlier ones take the unit: each order offered at a position,
    after the orders that lead there, gives a plan the reading takes with no problem; the first row offers the
    unit's first-season orders."""
    game, state, family = _symmachia()
    checked = 0
    for power in family.rules.powers_to_order(game.setup, state):
        legal = family.rules.legal_orders(game.setup, state, game.options, [power], False)["powers"][power]
        for uid, unit in legal["military"]["units"].items():
            plan = unit["plan"]
            assert [o for o, _ in plan["positions"][plan["start"]]["orders"]] == unit["orders"]
            for key, before in _paths(plan).items():
                for order, _ in plan["positions"][key]["orders"]:
                    if len(before) == 2 and checked % 7:  # the third row: one in seven, the test stays quick
                        checked += 1
                        continue
                    rows = [{"order": o} for o in [*before, order]]
                    retreat = plan["positions"][key]["retreat"][:1]
                    rows[-1].update({"retreat": retreat} if retreat else {})
                    data = {"power": power, "year": legal["year"], "military": {uid: {"plan": rows}}}
                    try:
                        read_orders(data, game.setup, state, power)
                    except DataError as err:
                        pytest.fail(f"{uid} {[*before, order]}: {err}")
                    checked += 1
    assert checked > 1000


def test_the_power_s_leaders_new_ids_and_mercenaries_to_buy() -> None:
    game, state, family = _symmachia()
    pub = state.public
    for power in family.rules.powers_to_order(game.setup, state):
        legal = family.rules.legal_orders(game.setup, state, game.options, [power], False)["powers"][power]
        mil, trade = legal["military"], legal["trade"]
        assert all(pub.leaders[lid].power == power for lid in mil["leaders"])
        assert pub.powers[power].king not in mil["leaders"]
        assert mil["new_ids"]["army"] not in pub.units and mil["new_ids"]["fleet"] not in pub.units
        for merc, seller in trade["mercenaries_to_buy"].items():
            assert pub.owners[game.setup.mercenaries[merc].origin] == seller != power
        # a unit raised with the id offered, commanded by one of the leaders offered, is read as legal
        if mil["may_create"] and mil["create_army_at"]:
            commander = mil["leaders"][0] if mil["leaders"] else "king"
            raised = {"create": "army", "at": mil["create_army_at"][0], "commander": commander}
            data = {"power": power, "year": legal["year"], "military": {mil["new_ids"]["army"]: raised}}
            read_orders(data, game.setup, state, power)


def test_the_order_page_holds_the_form_in_both_languages(site: Path) -> None:
    for game_id, family in (("symmachia-demo", "symmachia"), ("catan-demo", "catan")):
        for name, lang in (("orders.md", "en"), ("orders.fr.md", "fr")):
            page = (site / "games" / game_id / name).read_text(encoding="utf-8")
            mount = f'data-form="family-orders" data-game="{game_id}" data-lang="{lang}"'
            assert mount in page
            assert (SCRIPTS / f"{family}-form.js").is_file()


def _settings(site: Path, game_id: str, lang: str) -> dict[str, Any]:
    return json.loads((site / "games" / game_id / f"form-{lang}.json").read_text(encoding="utf-8"))


def test_the_symmachia_settings_name_everything_the_legal_orders_name(site: Path) -> None:
    legal = json.loads((site / "games" / "symmachia-demo" / "orders.json").read_text(encoding="utf-8"))
    game = load_game(GAMES / "symmachia-demo")
    for lang in LANGUAGES:
        settings = _settings(site, "symmachia-demo", lang)
        names = settings["names"]
        assert settings["turn"] == game.current_turn() and settings["secret_orders"] is True
        assert settings["folder"] == f"games/symmachia-demo/orders/{game.current_turn()}"
        for power, data in legal["powers"].items():
            assert power in names["powers"]
            for uid, unit in data["military"]["units"].items():
                assert uid in names["units"]
                for position in unit["plan"]["positions"].values():
                    assert position["at"] in names["places"]
                    assert all(p in names["places"] for p in position["retreat"])
                    for order, _ in position["orders"]:
                        target = order[2:]
                        letter = "DN" if order == "DN" else order[0]
                        assert letter in names["orders"], order
                        assert not target or target in names["places"] or target in names["units"], order
            assert all(lid in names["leaders"] for lid in data["politics"]["plot_generals"])
            assert all(lid in names["leaders"] for lid in data["military"]["leaders"])
            assert all(m in names["mercenaries"] for m in data["trade"]["mercenaries_to_buy"])
            assert all(g in names["goods"] for g in data["trade"]["sell"])
    en, fr = _settings(site, "symmachia-demo", "en")["names"], _settings(site, "symmachia-demo", "fr")["names"]
    assert en["places"]["egypt"] == "Egypt" and fr["places"]["egypt"] == "Égypte"
    assert fr["powers"]["lagids"] == "Égypte lagide"
    assert fr["orders"]["M"]["army"] == "Marcher sur %(target)s"


def test_the_catan_settings_name_everything_the_legal_steps_name(site: Path) -> None:
    legal = json.loads((site / "games" / "catan-demo" / "orders.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        names = _settings(site, "catan-demo", lang)["names"]
        for seat, data in legal["powers"].items():
            assert seat in names["seats"]
            steps = data["steps"]
            assert set(steps["bank"]) == set(names["resources"])
            assert set(steps["unit"]) <= set(names["unit_kinds"])
            for slot in [*steps["move"], *steps["attack"], *steps["knight"]]:
                hexes = re.split(r"[>/]", slot)
                assert all(h in names["hexes"] for h in hexes)
            assert all(slot in names["units"] for slot in [*steps["move"], *steps["knight"]])
            for phase, keys in data["sections"].items():
                assert f"section_{phase}" in names["words"]
                assert all(f"step_{k}" in names["words"] for k in keys)
    fr = _settings(site, "catan-demo", "fr")["names"]
    assert fr["resources"]["ore"] == "minerai" and fr["seats"]["black"] == "Noir"


@pytest.mark.parametrize("game_id", FAMILY_GAMES)
def test_both_languages_have_the_same_words_and_the_french_are_french(site: Path, game_id: str) -> None:
    en, fr = (_settings(site, game_id, lang)["names"]["words"] for lang in LANGUAGES)
    assert set(en) == set(fr)
    same = {k for k in en if en[k] == fr[k]}
    assert len(same) <= 2, same  # a word or two may be spelt alike ("Zone", "Lagos")
    for text in fr.values():  # French typography: a no-break space before a colon or a semicolon
        assert not re.search(
            r"\S[:;]", re.sub(r"%\(\w+\)s", "x", text).replace("\u00a0:", "").replace("\u00a0;", "")
        ), text


@pytest.mark.parametrize(
    ("script", "game_id"), [("symmachia-form.js", "symmachia-demo"), ("catan-form.js", "catan-demo")]
)
def test_each_script_reads_only_words_it_is_given(site: Path, script: str, game_id: str) -> None:
    """Every `w.<key>` a family's script reads is one of the family's words, every `t.<key>` one of the
    order form's (order-form-<lang>.json), and the words it makes from a key (`w[`section_${phase}`]`) exist
    for every value it makes them with."""
    source = (SCRIPTS / script).read_text(encoding="utf-8") + (SCRIPTS / "form-kit.js").read_text(encoding="utf-8")
    words = _settings(site, game_id, "en")["names"]["words"]
    ui = json.loads((site / "games" / "order-form-en.json").read_text(encoding="utf-8"))
    used = set(re.findall(r"\bw\.([a-z_]+)\b", source))
    assert used and used <= set(words), used - set(words)
    assert set(re.findall(r"\bt\.([a-z_]+)\b", source)) <= set(ui)
    made = set(re.findall(r"w\[`([a-z_]+)\$\{", source))
    for prefix in made:
        assert any(k.startswith(prefix) for k in words), prefix
    if script == "symmachia-form.js":
        assert {"spring", "summer", "autumn", "army", "fleet"} <= set(words)
    else:
        assert {f"if_{c}" for c in ("after", "unless", "won", "lost")} <= set(words)
        assert {"then_corrupt", "then_sabotage", "step_ship_move"} <= set(words)


def test_the_form_files_are_the_same_bytes_on_a_second_run(site: Path, tmp_path: Path) -> None:
    again = tmp_path / "site"
    again.mkdir()
    build_site(GAMES, again, repo_url="https://github.com/owner/repo/")
    for game_id in FAMILY_GAMES:
        for name in ("orders.json", "form-en.json", "form-fr.json", "orders.md", "orders.fr.md"):
            assert (again / "games" / game_id / name).read_bytes() == (site / "games" / game_id / name).read_bytes()
