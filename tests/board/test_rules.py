"""The rule options' types: each named choice is written once, in the `Literal` annotations of the shared
options (`pipeline/board/rules.py`) or of Machiavelli's (`pipeline/games/machiavelli/options.py`), and
everything else (the checks of game.yaml's options, the profiles, docs/rule-options.md) agrees with it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from pipeline.board.rules import Rules, option_kinds
from pipeline.errors import DataError
from pipeline.games import profiles
from pipeline.games.machiavelli.options import CHOICES, FLAGS, MachiavelliOptions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rule-options.md"


def test_every_named_choice_comes_from_the_annotations():
    # a few options spelled out, so that a lost annotation (an option typed `str` again) fails here
    assert CHOICES["siege_commitment"] == ("locked", "free")
    assert CHOICES["bribe_adjacency"] == ("off", "own", "own_or_permitted")
    assert {"conversion_model", "calendar", "first_order_phase", "strait_entry_blocks"} <= CHOICES.keys()
    assert {"dice", "plague", "loans", "rebellion_suspends_control"} <= FLAGS
    assert not CHOICES.keys() & FLAGS
    # the shared options are Machiavelli's too; none of Machiavelli's own is the shared `Rules`'
    shared, _ = option_kinds(Rules)
    assert shared == {k: v for k, v in CHOICES.items() if k in shared}
    assert set(shared) == {"explicit_convoy", "convoy_orders", "civil_disorder_distance"}


@pytest.mark.parametrize("name", sorted(n for n, p in profiles().items() if isinstance(p.options, Rules)))
def test_every_profile_value_is_one_of_its_choices(name):
    # the board families' profiles are built in the code, past `with_options`: their values are checked here
    rules = profiles()[name].options
    kinds, flags = option_kinds(type(rules))
    for option, choices in kinds.items():
        assert getattr(rules, option) in choices, (name, option)
    for option in flags:
        assert isinstance(getattr(rules, option), bool), (name, option)


def test_the_defaults_are_among_the_choices():
    for f in dataclasses.fields(MachiavelliOptions):
        if f.name in CHOICES:
            assert f.default in CHOICES[f.name], f.name


def test_a_value_outside_the_choices_is_refused_with_the_choices():
    with pytest.raises(DataError) as raised:
        MachiavelliOptions().with_options({"siege_commitment": "lockd", "plague": "yes", "victory_cities": 0})
    text = str(raised.value)
    assert "options.siege_commitment" in text and "expected one of locked, free, got 'lockd'" in text
    assert "options.plague" in text and "expected true or false" in text
    assert "options.victory_cities" in text and "expected a number of cities, got 0" in text


def test_a_diplomacy_game_has_no_machiavelli_option():
    # Machiavelli's options are its family's (`MachiavelliOptions`): the shared rules refuse them by name
    with pytest.raises(DataError) as raised:
        Rules().with_options({"siege_commitment": "locked"})
    assert "options.siege_commitment" in str(raised.value) and "unknown rule option" in str(raised.value)
    limited = MachiavelliOptions().with_options({"unit_limits": [1, 2, 3], "straits": ["sic"]})
    assert limited.unit_limits == (1, 2, 3) and limited.straits == frozenset({"sic"})


@pytest.mark.parametrize("option", sorted(CHOICES))
def test_every_choice_is_accepted(option):
    for choice in CHOICES[option]:
        assert getattr(MachiavelliOptions().with_options({option: choice}), option) == choice


def test_the_options_page_lists_the_choices_the_code_has():
    rows = {}
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\|\s*`(\w+)`\s*\|([^|]*)\|", line)
        if match and match[1] in CHOICES:
            rows.setdefault(match[1], re.findall(r"`([^`]+)`", match[2]))
    assert rows.keys() == CHOICES.keys(), "an option with choices missing from docs/rule-options.md"
    for option, listed in rows.items():
        assert tuple(listed) == CHOICES[option], option


@pytest.mark.parametrize("page", ["rule-options.md", "rule-options.fr.md"])
def test_every_option_has_its_row_on_the_options_page(page):
    # the developers' account of each option, in English and in French (the site says each value in a
    # player's words instead: pipeline/publish/option_words.py)
    text = (DOCS.parent / page).read_text(encoding="utf-8")
    rows = set(re.findall(r"^\|\s*`(\w+)`", text, re.M))
    missing = [f.name for f in dataclasses.fields(MachiavelliOptions) if f.name != "family" and f.name not in rows]
    assert not missing, f"options without a row in docs/{page}: {missing}"
