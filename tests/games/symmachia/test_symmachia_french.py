"""Order files in the seed's French words (§5.3, pipeline/games/symmachia/pages/orders.fr.md) read as the same file in
English, with their problems at the file's own key paths; refusal reasons said in French through the
catalogues."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.errors import DataError
from pipeline.games.symmachia import report
from pipeline.games.symmachia.checking import said_words
from pipeline.games.symmachia.orders import read_orders
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state
from pipeline.games.symmachia.state import State
from pipeline.shared.dice import HashDice
from pipeline.shared.i18n import translator
from pipeline.storage.yamlio import parse_yaml

DOCS = Path(__file__).resolve().parents[3] / "docs"


@pytest.fixture(scope="module")
def state(demo: Scenario) -> State:
    return start_state(demo, HashDice("french"))


def _block(page: str, pattern: str) -> str:
    found = re.search(pattern + r".*?```yaml\n(.*?)```", (DOCS / page).read_text(), re.S)
    assert found is not None
    return found[1]


def test_the_french_example_reads_as_the_rules_pages_english_one(demo: Scenario, state: State) -> None:
    """[S 10.1] (§5.3): the French page's example, in the order sheet's French words, is the rules page's
    example: the same orders and the same warnings."""
    english = parse_yaml(_block("rules/symmachia.md", r"\*\*S 10\.1\*\*"), "en")
    french = parse_yaml(_block("../pipeline/games/symmachia/pages/orders.fr.md", r"## Un fichier par puissance"), "fr")
    french = {k: v for k, v in french.items() if k not in ("game", "turn")}
    english = {**english, "politics": {**english["politics"], "speech": french["politique"]["discours"]}}
    assert "commerce" in french and "trade" not in french
    read_en, warned_en = read_orders(english, demo, state, "lagids")
    read_fr, warned_fr = read_orders(french, demo, state, "lagids")
    assert read_fr == read_en
    assert [w.message for w in warned_fr] == [w.message for w in warned_en]


def test_a_problem_of_a_french_file_is_at_its_french_key_path(demo: Scenario, state: State) -> None:
    """[S 10.2]: every problem at once, each at the key path the file wrote."""
    data = {
        "power": "lagids",
        "année": "229bc",
        "commerce": [{"vente": "blé", "quantité": 2, "à": "antigonidz"}],
        "militaire": {"lagids_a1": {"plan": [{"ordre": "M idumea"}]}},
    }
    with pytest.raises(DataError) as err:
        read_orders(data, demo, state, "lagids")
    found = {p.where: p.message for p in err.value.problems}
    assert "did you mean 'antigonids'?" in found["commerce[0].à"]
    assert "did you mean 'idumaea'?" in found["militaire.lagids_a1.plan[0].ordre"]


def test_a_key_in_both_languages_is_refused(demo: Scenario, state: State) -> None:
    data = {
        "power": "lagids",
        "year": "229bc",
        "trade": [{"sell": "grain", "vente": "blé", "quantity": 1, "to": "antigonids"}],
    }
    with pytest.raises(DataError) as err:
        read_orders(data, demo, state, "lagids")
    assert [(p.where, p.message) for p in err.value.problems] == [
        ("trade[0].vente", "'vente' is given twice, in French and in English")
    ]


def test_a_refusal_reason_is_said_in_french(demo: Scenario, state: State) -> None:
    """A refusal reason is a message of the catalogues: the report in French says it in French, each place
    by its French name, and never an id where a name is meant."""
    data = {"power": "lagids", "year": "229bc", "military": {"lagids_f1": {"plan": ["M egyptian_sea"]}}}
    with pytest.raises(DataError) as err:
        read_orders(data, demo, state, "lagids")
    (found,) = err.value.problems
    said = dict(found.said)
    fr = translator("fr")
    words = said_words(said, fr.gettext, lambda pid: demo.place_name(pid).fr)
    assert words.startswith("la flotte est déjà dans cette zone (Mer d'Égypte)")
    assert "egyptian_sea" not in words and "egyptian_sea" not in found.message
    assert said_words(said, lambda m: m, lambda pid: demo.place_name(pid).en) == found.message


def test_a_powers_report_says_why_its_file_was_refused_in_its_language(demo: Scenario, state: State) -> None:
    """The private report of a power whose file was refused [S 10.2]: each problem at its line, in French in
    the French report, as the turn's private report keeps it (`refused`: the problems and what they say)."""
    data = {"power": "lagids", "année": "229bc", "militaire": {"lagids_f1": {"plan": ["M egyptian_sea"]}}}
    with pytest.raises(DataError) as err:
        read_orders(data, demo, state, "lagids")
    kept = {
        "file": "orders/y01-229bc/lagids.yaml.age",
        "reason": "invalid_orders",
        "problems": [str(p) for p in err.value.problems],
        "said": [{"line": 4, **dict(p.said)} for p in err.value.problems],
    }
    french = "\n".join(report.private_report(demo, None, {"refused": kept}, translator("fr")))
    english = "\n".join(report.private_report(demo, None, {"refused": kept}, translator("en")))
    assert "- Ligne 4\u00a0: la flotte est déjà dans cette zone (Mer d'Égypte) à cette saison" in french
    assert "- Line 4: the fleet is already in this zone (Egyptian Sea) at that season" in english
    assert "egyptian_sea" not in french and "refused" not in french.lower()
