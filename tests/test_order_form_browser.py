"""The order form and the private-report page in a real browser (Debian's Chromium driven by Playwright, as in
tests/test_site_browser.py, whose fixtures are reused: a page that fails the test on any console error, script
error, HTTP error or request leaving localhost).

The demo site is built into a temporary folder with a repository URL, served on localhost, and:

- the order page of `games/machiavelli` (secret orders, secret money, a money phase) is used in English and in
  French through the UI only: a power, an order for every unit, a loan and an expense; the file the page
  shows and the one it downloads are read, the ciphertext decrypts with the demo key to the plain text, and
  the file passes `judge validate` in a copy of the game folder;
- the order page of `games/demo` (Diplomacy, public orders) gives a file that passes `judge validate`, and
  the GitHub button opens GitHub's "new file" page for the right path with that file as its content;
- the private-report page decrypts a committed report with the demo key and shows it in words, in the page's
  language, as the public report says it.
- every order is chosen by the words its option shows (the order in words, then its canonical text), and
  Venice's units and orders read in words in each language ("Garnison à Venise tient (G ven H)").

Chromium missing is a failure, not a skip.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from pipeline.commands.game import validate
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import unseal
from tests import test_site_browser as harness

# the harness of tests/test_site_browser.py: Chromium (a failure if missing), the server of `built` (below),
# and a page that fails the test on a console error, a script error, an HTTP error or a request elsewhere
browser, server, page = harness.browser, harness.server, harness.page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
REPO = "https://github.com/example-owner/example-games"
DEMO_KEY = load_game(ROOT / "games" / "machiavelli").open_secrets()["age_identity"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo games' site as CI builds it, with a repository URL so that the GitHub button shows."""
    return harness.build_demo_site(tmp_path_factory.mktemp("form-build"), repo_url=REPO)


def _open_form(page: Any, url: str) -> None:
    response = page.goto(url, wait_until="load")
    assert response is not None and response.status == 200, url
    page.wait_for_selector(".pbem-form[data-ready='true']", timeout=15000)


def _show_private(page: Any, url: str, game: str, power: str, turn: str) -> None:
    """The private-report page at `url`: the game's demo key pasted, the power and turn chosen, shown."""
    _open_form(page, url)
    page.locator("#pbem-key").fill(load_game(ROOT / "games" / game).open_secrets()["age_identity"])
    page.locator("#pbem-report-power").select_option(power)
    page.locator("#pbem-report-turn").select_option(turn)
    page.locator("#pbem-report-show").click()


def _order_every_unit(page: Any) -> list[str]:
    """For each unit, the first move it has (else its first order), chosen in its select by the words it shows
    (the order in words, its canonical text after it in brackets); the orders (canonical texts) chosen."""
    chosen = []
    selects = page.locator("select.pbem-unit-order")
    assert selects.count() > 0
    for i in range(selects.count()):
        select = selects.nth(i)
        moves = select.locator("optgroup").first.locator("option")
        groups = select.locator("optgroup")
        options = moves
        for g in range(groups.count()):
            if groups.nth(g).get_attribute("label") in ("Moves", "Mouvements"):
                options = groups.nth(g).locator("option")
        value = options.first.get_attribute("value")
        label = options.first.inner_text()
        assert label.endswith(f" ({value})") and len(label) > len(value) + 3, label  # words, then the order
        select.select_option(label=label)
        assert select.input_value() == value
        chosen.append(value)
    return chosen


def _file_texts(page: Any, secret: bool) -> tuple[str, str]:
    """The order file as the page shows it, and what its download button saves."""
    page.wait_for_selector("#pbem-file[data-ready='true']", timeout=15000)
    plain = page.locator("#pbem-file-text").inner_text()
    shown = page.locator("#pbem-file-sealed").inner_text() if secret else plain
    with page.expect_download() as info:
        page.locator("#pbem-download").click()
    saved = Path(info.value.path()).read_text(encoding="utf-8")
    assert saved.strip() == shown.strip()
    return plain, saved


def _validates(tmp_path: Path, game_id: str, name: str, content: str) -> list[str]:
    """`judge validate` on a copy of the game with the file in it; the lines it prints."""
    folder = tmp_path / game_id
    shutil.copytree(ROOT / "games" / game_id, folder)
    game = load_game(folder)
    path = game.orders_dir(game.current_turn()) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    lines: list[str] = []
    validate(folder, lines.append, sent=[path])
    return lines


@pytest.mark.parametrize(
    ("lang", "prefix", "power", "words"),
    [("en", "", "florence", "Choose your power"), ("fr", "fr/", "venice", "Choisissez votre puissance")],
)
def test_the_secret_game_order_form_gives_a_valid_encrypted_file(
    page: Any, server: str, tmp_path: Path, lang: str, prefix: str, power: str, words: str
) -> None:
    _open_form(page, server + prefix + "games/machiavelli/orders/")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("#pbem-power option").first.inner_text() == words
    page.locator("#pbem-power").select_option(power)
    assert page.locator("#pbem-missing.pbem-warning").count() == 1  # units without orders, said so
    chosen = _order_every_unit(page)
    assert page.locator("#pbem-missing.pbem-ok").count() == 1
    # the money part: a loan and an expense (the first target offered, at its minimum)
    page.locator("#pbem-borrow-ducats").fill("5")
    page.locator("#pbem-borrow-add").click()
    page.locator("#pbem-expense-kind").select_option("rebellion")
    page.locator("#pbem-expense-add").click()
    added = page.locator(".pbem-added code").all_inner_texts()
    assert added[0] == "Borrow 5 for 1 year"
    assert re.fullmatch(r"Expense 1: \d+ rebellion [a-z]+", added[1]), added

    plain, sealed = _file_texts(page, secret=True)
    game = load_game(ROOT / "games" / "machiavelli")
    turn = game.current_turn()
    assert plain.startswith(f"game: machiavelli\nturn: {turn}\npower: {power}\norders:\n")
    assert f"  - '{added[1]}'" in plain  # quoted: it holds a colon
    assert all(f"  - {order}\n" in plain for order in chosen)
    assert sealed.startswith("-----BEGIN AGE ENCRYPTED FILE-----")
    assert unseal(sealed.encode("ascii"), [DEMO_KEY], "sealed").strip() == plain.strip()
    lines = _validates(tmp_path, "machiavelli", f"{power}.yaml.age", sealed)
    assert f"{turn}: 1 order file(s), all valid" in lines
    assert f"  {added[0]}" in lines

    github = page.locator("#pbem-github").get_attribute("href")
    url = urlsplit(github)
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{REPO}/new/main"
    query = parse_qs(url.query)
    assert query["filename"] == [f"games/machiavelli/orders/{turn}/{power}.yaml.age"]
    assert query["value"][0].strip() == sealed.strip()


@pytest.mark.parametrize(
    ("lang", "prefix", "unit", "hold", "move"),
    [
        ("en", "", "Garrison in Venice (G ven)", "Garrison in Venice holds (G ven H)", "Venice"),
        ("fr", "fr/", "Garnison à Venise (G ven)", "Garnison à Venise tient (G ven H)", "Venise"),
    ],
)
def test_the_choices_are_orders_in_words(
    page: Any, server: str, tmp_path: Path, lang: str, prefix: str, unit: str, hold: str, move: str
) -> None:
    """The units and their orders are shown in the page's language with place names, the canonical text
    beside them; an order chosen by its words gives the canonical text in the file, which validates."""
    _open_form(page, server + prefix + "games/machiavelli/orders/")
    page.locator("#pbem-power").select_option("venice")
    labels = page.locator("table.pbem-units label").all_inner_texts()
    assert unit in labels
    assert f"{move} " in page.locator("#pbem-missing").inner_text()  # the units without orders, in words
    select = page.locator("select.pbem-unit-order[data-unit='G ven']")
    page.locator("table.pbem-units tr", has=select).locator("button.pbem-more").click()  # every order, one step away
    options = select.locator("option").all_inner_texts()
    assert hold in options
    # a support naming Venice in words, as the place the supported unit is in or goes to
    naming = [o for o in options if " S " in o and move in o.rsplit(" (", 1)[0]]
    assert naming, options
    select.select_option(label=hold)
    # another unit's move, chosen by its words: the file has the canonical text
    fleet = page.locator("select.pbem-unit-order[data-unit='F cro/sc']")
    words = fleet.locator("option").all_inner_texts()
    target = next(o for o in words if o.endswith("(F cro/sc-dal)"))
    assert target.startswith(("Fleet in Croatia (south coast) moves to", "Flotte en Croatie (côte sud) va "))
    fleet.select_option(label=target)
    plain, sealed = _file_texts(page, secret=True)
    assert plain.endswith("orders:\n  - F cro/sc-dal\n  - G ven H\n"), plain
    lines = _validates(tmp_path, "machiavelli", "venice.yaml.age", sealed)
    assert f"{load_game(ROOT / 'games' / 'machiavelli').current_turn()}: 1 order file(s), all valid" in lines


@pytest.mark.parametrize(
    ("lang", "prefix", "bribe", "ally", "famine"),
    [
        (
            "en",
            "",
            "Army in Modena (A mod) · Papacy · minimum 12",
            "Let Turkey's fleets through your straits (Ally turkey)",
            "Austria (aus) · 3 ducats",
        ),
        (
            "fr",
            "fr/",
            "Armée à Modène (A mod) · Papauté · minimum 12",
            "Laisser passer les flottes de la Turquie par vos détroits (Ally turkey)",
            "Autriche (aus) · 3 ducats",
        ),
    ],
)
def test_the_money_and_the_power_orders_are_in_words(
    page: Any, server: str, tmp_path: Path, lang: str, prefix: str, bribe: str, ally: str, famine: str
) -> None:
    """Expense targets (a unit, a province, a power) and the power's other orders read in the page's language,
    the canonical text in brackets; chosen by their words, they give the canonical texts in a file that
    validates."""
    _open_form(page, server + prefix + "games/machiavelli/orders/")
    page.locator("#pbem-power").select_option("venice")
    kind, target = page.locator("#pbem-expense-kind"), page.locator("#pbem-expense-target")
    kind.select_option("famine relief")
    assert famine in target.locator("option").all_inner_texts()
    kind.select_option("assassinate")
    assert ("Papacy (papacy)" if lang == "en" else "Papauté (papacy)") in target.locator("option").all_inner_texts()
    kind.select_option("disband")
    targets = target.locator("option").all_inner_texts()
    assert bribe in targets, targets
    autonomous = (
        "Garrison in Mantua (G man) · Autonomous garrisons",
        "Garnison à Mantoue (G man) · Garnisons autonomes",
    )
    assert any(t.startswith(autonomous) for t in targets), targets
    target.select_option(label=bribe)
    assert page.locator("#pbem-expense-ducats").input_value() == "12"
    page.locator("#pbem-expense-add").click()
    assert page.locator(".pbem-added code").all_inner_texts() == ["Expense 1: 12 disband A mod"]
    labels = page.locator(".pbem-power-level label").all_inner_texts()
    assert ally in [label.strip() for label in labels], labels
    page.get_by_label(ally, exact=True).check()
    assert ("Papacy (papacy)" if lang == "en" else "Papauté (papacy)") in page.locator("#pbem-pay-to").inner_text()
    plain, sealed = _file_texts(page, secret=True)
    assert plain.endswith("orders:\n  - Ally turkey\n  - 'Expense 1: 12 disband A mod'\n"), plain
    lines = _validates(tmp_path, "machiavelli", "venice.yaml.age", sealed)
    assert f"{load_game(ROOT / 'games' / 'machiavelli').current_turn()}: 1 order file(s), all valid" in lines
    # the orders no game offers now, put into words by the script's own `OrderWords` with this page's data
    said = page.evaluate(
        """async (lang) => {
            const src = document.querySelector("script[src*='order-form.js']").src;
            const { OrderWords } = await import(src);
            const root = new URL("../../", src);
            const get = async (path) => (await fetch(new URL(path, root))).json();
            const t = await get(`games/order-form-${lang}.json`);
            const s = await get("games/machiavelli/form-" + lang + ".json");
            const legal = await get("games/machiavelli/orders.json");
            const words = new OrderWords(t, s.names.places, legal.notation, s.powers, s.names.powers_the);
            const orders = ["Permit bribes florence", "Give milan to venice", "Give milan to nowhere", "Ally"];
            return orders.map((o) => words.powerOrder(o));
        }""",
        lang,
    )
    if lang == "en":
        assert said[:2] == [
            "Let Florence bribe from your units (Permit bribes florence)",
            "Give your assassination chit against Milan to Venice (Give milan to venice)",
        ]
    else:
        assert said[:2] == [
            "Autoriser Florence à corrompre à partir de vos unités (Permit bribes florence)",
            "Donner à Venise votre jeton d'assassinat contre Milan (Give milan to venice)",
        ]
    assert said[2:] == ["Give milan to nowhere", "Ally"]  # a power the settings lack, another shape: as they are


def test_the_public_game_order_form_gives_a_valid_file(page: Any, server: str, tmp_path: Path) -> None:
    _open_form(page, server + "games/demo/orders/")
    page.locator("#pbem-power").select_option("france")
    chosen = _order_every_unit(page)
    plain, saved = _file_texts(page, secret=False)
    assert plain.strip() == saved.strip()
    assert page.locator("#pbem-file-sealed").count() == 0
    lines = _validates(tmp_path, "demo", "france.yaml", saved)
    assert [f"  {order}" for order in chosen] == [line for line in lines if line.startswith("  ")]
    turn = load_game(ROOT / "games" / "demo").current_turn()
    query = parse_qs(urlsplit(page.locator("#pbem-github").get_attribute("href")).query)
    assert query["filename"] == [f"games/demo/orders/{turn}/france.yaml"]
    assert query["value"] == [saved]


@pytest.mark.parametrize(
    ("lang", "prefix", "label", "words"),
    [
        (
            "en",
            "",
            "Treasury after the turn",
            [
                "8 ducats",
                "24 ducats to repay in spring 1455 (borrowed: 20 ducats; interest: 4 ducats).",
                "Borrows 20 ducats from the bank for 1 year.",
                "Succeeds: 20 ducats lent; 24 ducats to repay in spring 1455.",
                "Spends 12 ducats to buy the garrison in Siena.",
                "Succeeds: 12 ducats paid.",
            ],
        ),
        (
            "fr",
            "fr/",
            "Trésor",
            [
                "8 ducats",
                "24 ducats à rembourser au printemps 1455",
                "Emprunte 20 ducats à la banque pour 1 an.",
                "Réussite\u00a0: prêt de 20 ducats\u00a0; 24 ducats à rembourser au printemps 1455.",
                "la garnison à Sienne",
            ],
        ),
    ],
)
def test_the_private_report_is_decrypted_in_the_page_and_reads_as_the_public_one(
    page: Any, server: str, lang: str, prefix: str, label: str, words: list[str]
) -> None:
    """The decrypted report says its money in the page's language as the public report would: results in
    words, places by name, sums in ducats, a loan with what is due and when; no id, no code, no raw loan."""
    _open_form(page, server + prefix + "games/machiavelli/private/")
    page.locator("#pbem-key").fill(DEMO_KEY)
    page.locator("#pbem-report-power").select_option("florence")
    page.locator("#pbem-report-turn").select_option("1454-spring-movement")
    page.locator("#pbem-report-show").click()
    money = page.locator("#pbem-report-money")
    money.wait_for(timeout=15000)
    assert label in money.inner_text()
    assert money.locator("tbody td").first.inner_text() == "8 ducats"  # florence's treasury after spring 1454
    shown = page.locator("#pbem-report-money").inner_text() + page.locator("#pbem-report-orders").inner_text()
    for said in words:
        assert said in shown.replace("\u202f", "\u00a0"), (said, shown)
    assert "20+4" not in shown and "due" not in shown and "succeeds" not in shown, shown
    assert not re.search(r"\b(sie|flo)\b|Expense 1|Borrow 20|buy G", shown), shown
    if lang == "fr":
        assert not re.search(r"\b(Succeeds|Spends|Borrows|ducats lent|to repay)\b", shown), shown


@pytest.mark.parametrize(
    ("prefix", "said"),
    [
        ("", "Line 11, Build A trv: Not built: famine in that province."),
        ("fr/", "Ligne 11, Build A trv\u00a0: Pas de construction\u00a0: la famine sévit dans cette province."),
    ],
)
def test_a_refused_files_reasons_read_in_the_pages_language(page: Any, server: str, prefix: str, said: str) -> None:
    """Venice's Objectif file of spring 1455 was refused in part (a build in a famined province): its private
    report gives the problem as data (`refused.said`), and the page says it in its own language, with the
    order as written, its line and the public report's sentence for the reason, never the judge's English
    (« line 11: orders[5]: order 'Build A trv': no build in a province in famine »)."""
    _show_private(
        page,
        server + prefix + "games/machiavelli-objectif/private/",
        "machiavelli-objectif",
        "venice",
        "1455-spring-adjustment",
    )
    problems = page.locator("#pbem-report-refused-orders")
    problems.wait_for(timeout=15000)
    assert problems.inner_text().strip() == said
    assert problems.locator("code").inner_text() == "Build A trv"  # the order as the player wrote it
    refused = page.locator("#pbem-report-refused").inner_text()
    assert "orders[5]" not in refused and "no build in" not in problems.inner_text()


def test_a_wrong_key_is_told_not_sent(page: Any, server: str) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    _open_form(page, server + "games/machiavelli/private/")
    wrong = "AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ0V7K3Y"
    page.locator("#pbem-key").fill(wrong)
    page.locator("#pbem-report-show").click()
    page.locator("#pbem-report .pbem-error").wait_for(timeout=15000)
    assert not any(wrong in url or "KEY" in url for url in requests)


@pytest.mark.parametrize(
    ("prefix", "words", "english"),
    [
        ("", ["Treasury at the year's end", "2850", "Lagid Egypt gives 100 talents to Rhodes."], []),
        (
            "fr/",
            ["Trésor en fin d’année", "2850", "Égypte lagide donne 100 talents à Rhodes."],
            ["Treasury", "gives", "talents to"],
        ),
    ],
)
def test_a_symmachia_private_report_reads_in_the_pages_language(
    page: Any, server: str, prefix: str, words: list[str], english: list[str]
) -> None:
    """A family whose form has no report words of its own (`Presentation.private_words`): the Lagids' report
    of 229 BC, decrypted in the page, says its treasury line by line and its secret acts in sentences, in
    the page's language, each power, place and unit by its name: no code, no id."""
    _show_private(page, server + prefix + "games/symmachia-demo/private/", "symmachia-demo", "lagids", "y01-229bc")
    report = page.locator("#pbem-report-family")
    report.wait_for(timeout=15000)
    shown = report.inner_text()
    for said in words:
        assert said in shown, (said, shown)
    for code in ["local_income", "lagids_a1", "lagids_a2", "lagids_f1", "counter_corruption", *english]:
        assert code not in shown, (code, shown)
    assert report.locator("li").count() == 3  # the three secret acts, each a sentence


def test_a_catan_private_report_is_shown_by_sections(page: Any, server: str) -> None:
    """The Catan variant writes private reports too: the same page decrypts them and shows each section."""
    _show_private(page, server + "games/catan-demo/private/", "catan-demo", "black", "r01")
    report = page.locator("#pbem-report-family")
    report.wait_for(timeout=15000)
    assert report.locator("h3").count() >= 2 and "[object Object]" not in report.inner_text()
