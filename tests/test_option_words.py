"""Every value of every rule option in a player's sentence of each language (each family's
`Presentation.option_words`): the rules page says them all, a game's page what its game.yaml chose
(`publish/option_words`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.board.presentation.option_words import board_value
from pipeline.games import families, profiles
from pipeline.games.machiavelli.option_words import option_value
from pipeline.games.machiavelli.options import CHOICES  # every board option's: the shared ones and Machiavelli's
from pipeline.publish.option_words import rule_choices
from pipeline.publish.reference import family_rules_page
from pipeline.shared.i18n import LANGUAGES, translator
from pipeline.storage.gamedir import load_game

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"`|\b\w+_\w+\b|%\(")  # an identifier, a code span or a placeholder left unfilled


def _every_sentence(lang: str) -> dict[str, list[str]]:
    """Each option (`family.option`) and the sentences of all its values, every profile's value among them."""
    t = translator(lang)
    said: dict[str, list[str]] = {}
    for family in families().values():
        for profile in family.profiles.values():
            for name, sentences in family.presentation.option_words(profile.options, t).items():
                known = said.setdefault(f"{family.id}.{name}", [])
                known += [s for s in sentences if s not in known]
    return said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_value_of_every_option_is_a_sentence_of_the_language(lang: str) -> None:
    said = _every_sentence(lang)
    board = {k.split(".", 1)[1] for k in said if k.split(".", 1)[0] in ("diplomacy", "machiavelli")}
    assert set(CHOICES) <= board
    assert len([k for k in said if k.split(".", 1)[0] in ("catan", "symmachia")]) >= 30
    for option, sentences in said.items():
        for sentence in sentences:
            assert sentence[0].isupper() and sentence.endswith("."), (option, sentence)
            assert not CODE.search(sentence), (option, sentence)
        assert len(set(sentences)) == len(sentences), f"{option}: two values said alike"
    for option, values in CHOICES.items():  # each named choice said, none left as its code
        family = "diplomacy" if f"diplomacy.{option}" in said else "machiavelli"
        assert len(said[f"{family}.{option}"]) == len(values)


def test_the_french_sentences_are_translated() -> None:
    english, french = _every_sentence("en"), _every_sentence("fr")
    assert english.keys() == french.keys()
    same = [(k, e) for k, sentences in english.items() for e, f in zip(sentences, french[k], strict=True) if e == f]
    assert same == []
    assert all(" :" not in f and " ;" not in f for sentences in french.values() for f in sentences)


def _rules_pages(lang: str) -> dict[str, str]:
    """Every family's rules page of the site in `lang`, by family."""
    return {family_id: family_rules_page(family, lang) for family_id, family in families().items()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_pages_say_values_in_words_not_codes(lang: str) -> None:
    page = "\n".join(_rules_pages(lang).values())
    codes = [f"`{v}`" for values in CHOICES.values() for v in values if v not in profiles()]
    assert [c for c in codes if c in page] == []
    assert "`true`" not in page and "`false`" not in page and "`none`" not in page
    options = {name for family in families().values() for name in family.options.names}
    assert [name for name in options if f"`{name}`" in page] == []  # no option named by its code
    t = translator(lang)
    assert option_value("siege_commitment", "free", t) in page  # Objectif's choice, said
    catan = _every_sentence(lang)["catan.deck"]
    assert catan[0] in page  # every family: its profile's value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_rules_page_says_each_profiles_value_of_each_option(lang: str) -> None:
    """Each profile has its folded list, its board first, then every option of its family at the profile's
    value, in the order the page places them: Diplomacy's two profiles (the 2000 and 2023 rulebooks) part on
    the three options where they differ; no Machiavelli option is listed under a Diplomacy profile."""
    t = translator(lang)
    for family_id, page in _rules_pages(lang).items():
        family = families()[family_id]
        blocks = [b.split("</details>", 1)[0] for b in page.split("<details")[1:]]
        assert len(blocks) == len(family.profiles), family_id
        for block, profile in zip(blocks, family.profiles.values(), strict=True):
            said = [w[0] for w in family.presentation.option_words(profile.options, t).values()]
            items = [line[2:] for line in block.splitlines() if line.startswith("- ")]
            assert items[1:] == said, (family_id, profile.name)
    standard = _rules_pages(lang)["diplomacy"].split("<details")[2]
    assert board_value("explicit_convoy", "convoy_only", t) in standard
    assert option_value("siege_commitment", "free", t) not in standard


def test_a_game_page_says_what_its_game_yaml_chose() -> None:
    game = load_game(ROOT / "games" / "catan-demo")  # victory_points: 12, bank_supply: 0, ...
    french = rule_choices(game, translator("fr"))
    assert "Le premier joueur à atteindre 12 points de victoire gagne." in french
    assert len(french) == len(game.data["options"])
    objectif = rule_choices(load_game(ROOT / "games" / "machiavelli-objectif"), translator("en"))
    assert option_value("siege_commitment", "free", translator("en")) in objectif
    # standard Diplomacy: the choices where its two profiles differ, at the 2000 rulebook's values (profile standard)
    english = translator("en")
    rulebook_2000 = {"explicit_convoy": "land_fallback", "convoy_orders": "any_route"}
    rulebook_2000["civil_disorder_distance"] = "home_centres"
    expected = [board_value(name, value, english) for name, value in rulebook_2000.items()]
    assert rule_choices(load_game(ROOT / "games" / "demo"), english) == expected
