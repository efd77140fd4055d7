"""The players' rules pages of Klarfeld's Catan and Symmachia (issue 32): one a family and a language, in the
family's `pages/` folder, written for a player who has never played. They carry a title, sections for the
table of contents, and none of what only developers and game masters read: no command, no repository path,
no file name, no option code, no seed paragraph. The developers' pages (docs/rules/catan.md,
docs/rules/symmachia.md) keep the citations. The two families' order syntax pages, as the site publishes
them, ask no player to run a command either."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from pipeline.games import family as game_family
from pipeline.games.catan.options import CatanOptions
from pipeline.games.symmachia.options import Options as SymmachiaOptions
from pipeline.publish.reference import syntax_page

GAMES = Path(__file__).resolve().parent.parent / "pipeline" / "games"
OPTIONS = {"catan": CatanOptions, "symmachia": SymmachiaOptions}
PAGES = [(family, name) for family in OPTIONS for name in ("rules.md", "rules.fr.md")]
DEVELOPERS_ONLY = ["judge ", "docs/", ".yaml", "§"]


def _page(family: str, name: str) -> str:
    return (GAMES / family / "pages" / name).read_text(encoding="utf-8")


def _sections(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, re.M)


def _forbidden(text: str, family: str) -> list[str]:
    """What a player's page must not hold: each developers' word, and each option code of the family
    written as code."""
    codes = ["`" + f.name for f in fields(OPTIONS[family])]
    return [word for word in DEVELOPERS_ONLY + codes if word in text]


@pytest.mark.parametrize(("family", "name"), PAGES)
def test_a_players_rules_page_has_a_title_and_sections(family: str, name: str) -> None:
    text = _page(family, name)
    assert text.startswith("# ") and not text.startswith("# #")
    assert len(_sections(text)) >= 4, _sections(text)


@pytest.mark.parametrize(("family", "name"), PAGES)
def test_a_players_rules_page_says_nothing_for_developers(family: str, name: str) -> None:
    assert _forbidden(_page(family, name), family) == []


@pytest.mark.parametrize("family", sorted(OPTIONS))
def test_the_french_page_has_the_english_pages_sections(family: str) -> None:
    assert len(_sections(_page(family, "rules.fr.md"))) == len(_sections(_page(family, "rules.md")))


def test_the_check_would_catch_a_command_and_an_option_code() -> None:
    assert _forbidden("Run `judge validate` with `hand_limit: 9` (§2.1).", "catan") == ["judge ", "§", "`hand_limit"]
    assert _forbidden("Set `rome_arbitration` in game.yaml.", "symmachia") == [".yaml", "`rome_arbitration"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("family", sorted(OPTIONS))
def test_the_order_syntax_page_on_the_site_asks_for_no_command(family: str, lang: str) -> None:
    """The syntax page up to its part for game masters and developers: the order form checks and seals a file
    in the browser, and a player without it asks his game master."""
    text = syntax_page(game_family(family), lang)
    assert "```yaml" in text  # the syntax is there
    assert [word for word in ("judge ", "docs/", "pipeline/", ".age") if word in text] == []
