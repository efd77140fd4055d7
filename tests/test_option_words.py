"""Every value of every rule option in a player's sentence of each language (`publish/option_words`, the
families' `option_words`): the rules page says them all, a game's page what its game.yaml chose."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from pipeline.board.rules import CHOICES, Rules
from pipeline.games import own_families, profiles
from pipeline.publish.i18n import LANGUAGES, translator
from pipeline.publish.option_words import UNSAID, board_value, board_values, own_kind_words, rule_choices
from pipeline.publish.reference import rules_page
from pipeline.storage.gamedir import load_game

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"`|\b\w+_\w+\b|%\(")  # an identifier, a code span or a placeholder left unfilled


def _every_sentence(lang: str) -> dict[str, list[str]]:
    """Each option (`family.option`) and the sentences of all its values."""
    t = translator(lang)
    said = {}
    for field in dataclasses.fields(Rules):
        if field.name not in UNSAID:
            said[f"board.{field.name}"] = [board_value(field.name, v, t) for v in board_values(field.name)]
    for family in own_families().values():
        for name, sentences in own_kind_words(family.id, t).items():
            said[f"{family.id}.{name}"] = sentences
    return said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_value_of_every_option_is_a_sentence_of_the_language(lang: str) -> None:
    said = _every_sentence(lang)
    assert {f"board.{n}" for n in CHOICES} <= said.keys()
    assert len([k for k in said if not k.startswith("board.")]) >= 30  # Symmachia's and Catan's too
    for option, sentences in said.items():
        for sentence in sentences:
            assert sentence[0].isupper() and sentence.endswith("."), (option, sentence)
            assert not CODE.search(sentence), (option, sentence)
        assert len(set(sentences)) == len(sentences), f"{option}: two values said alike"
    for option, values in CHOICES.items():  # each named choice said, none left as its code
        assert len(said[f"board.{option}"]) == len(values)


def test_the_french_sentences_are_translated() -> None:
    english, french = _every_sentence("en"), _every_sentence("fr")
    assert english.keys() == french.keys()
    same = [(k, e) for k, sentences in english.items() for e, f in zip(sentences, french[k], strict=True) if e == f]
    assert same == []
    assert all(" :" not in f and " ;" not in f for sentences in french.values() for f in sentences)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_says_values_in_words_not_codes(lang: str) -> None:
    page = rules_page(lang)
    codes = [f"`{v}`" for values in CHOICES.values() for v in values if v not in profiles()]
    assert [c for c in codes if c in page] == []
    assert "`true`" not in page and "`false`" not in page and "`none`" not in page
    t = translator(lang)
    assert board_value("siege_commitment", "free", t) in page  # Objectif's choice, said
    catan = own_kind_words("catan", t)["deck"]
    assert all(s in page for s in catan)  # a family of its own kind: each of its values


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_names_the_diplomacy_profiles_under_the_options_they_set_apart(lang: str) -> None:
    """Diplomacy's two profiles (the 2000 and 2023 rulebooks) are named under the three options where they
    differ, each with its value in words, and have a section each; Machiavelli's options do not name them."""
    page, t = rules_page(lang), translator(lang)
    for option, value in (("explicit_convoy", "convoy_only"), ("civil_disorder_distance", "owned_centres")):
        section = page.split(f"**`{option}`**", 1)[1].split("**`", 1)[0]
        (line,) = [line for line in section.splitlines() if "`standard-2023`" in line]
        assert line.endswith(board_value(option, value, t)) and "`standard`" not in line
    assert "## `standard-2023` {#standard-2023}" in page
    siege = page.split("**`siege_commitment`**", 1)[1].split("**`", 1)[0]
    assert "`standard" not in siege


def test_a_game_page_says_what_its_game_yaml_chose() -> None:
    game = load_game(ROOT / "games" / "catan-demo")  # victory_points: 12, bank_supply: 0, ...
    french = rule_choices(game, translator("fr"))
    assert "Le premier joueur à atteindre 12 points de victoire gagne." in french
    assert len(french) == len(game.data["options"])
    objectif = rule_choices(load_game(ROOT / "games" / "machiavelli-objectif"), translator("en"))
    assert board_value("siege_commitment", "free", translator("en")) in objectif
    # standard Diplomacy: the choices where its two profiles differ, at the 2000 rulebook's values (profile standard)
    english = translator("en")
    rulebook_2000 = {"explicit_convoy": "land_fallback", "convoy_orders": "any_route"}
    rulebook_2000["civil_disorder_distance"] = "home_centres"
    expected = [board_value(name, value, english) for name, value in rulebook_2000.items()]
    assert rule_choices(load_game(ROOT / "games" / "demo"), english) == expected
