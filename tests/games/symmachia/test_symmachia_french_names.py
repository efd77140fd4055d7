"""Symmachia's French reports name places, powers, hordes and contingents with their articles and the
contractions French makes of them (« du Pont », « des Nabatéens », « d’Antioche », « au Gandhara »), agree
the verb with a plural subject (« les pirates illyriens lancent un raid »), and carry no English: the
scenario's running French forms (`french:`, docs/rules/symmachia.md S 1.2), `french.compose`, and the
French year reports of both demos, every year, as the game master reads them (every sentence there is)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.errors import DataError
from pipeline.games.symmachia.french import Noun, compose, noun
from pipeline.games.symmachia.scenario import Scenario
from pipeline.storage.gamedir import load_game
from pipeline.storage.yamlio import load_yaml
from tests.test_phone_browser import DEVELOPERS, ENGLISH, _pattern

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ROOT / "pipeline" / "games" / "symmachia" / "scenarios"
DEMOS = ("symmachia-demo", "symmachia-world")


@pytest.mark.parametrize(
    ("running", "gender", "the", "of", "to", "where"),
    [
        ("la Macédoine", None, "la Macédoine", "de la Macédoine", "à la Macédoine", "en Macédoine"),
        ("le Pont", None, "le Pont", "du Pont", "au Pont", "au Pont"),
        ("les Nabatéens", None, "les Nabatéens", "des Nabatéens", "aux Nabatéens", "aux Nabatéens"),
        ("l’Épire", None, "l’Épire", "de l’Épire", "à l’Épire", "en Épire"),
        ("l’Indus", "m", "l’Indus", "de l’Indus", "à l’Indus", "en Indus"),
        ("la mer Ionienne", None, "la mer Ionienne", "de la mer Ionienne", "à la mer Ionienne", "en mer Ionienne"),
        ("Antioche", None, "Antioche", "d’Antioche", "à Antioche", "à Antioche"),
        ("Rhodes", None, "Rhodes", "de Rhodes", "à Rhodes", "à Rhodes"),
        ("La reine Teuta", None, "la reine Teuta", "de la reine Teuta", "à la reine Teuta", "en reine Teuta"),
    ],
)
def test_a_name_with_its_article_and_contractions(
    running: str, gender: str | None, the: str, of: str, to: str, where: str
) -> None:
    """« de le » is « du », « de les » « des », « à le » « au », « à les » « aux »; « de » is elided
    before a vowel; a name without article (a city, a person) takes none."""
    made = noun(running, gender)
    assert (made.the(), made.of(), made.to(), made.in_()) == (the, of, to, where)


def _fr(template: str, **nouns: Any) -> str:
    values = {k: v.the() for k, v in nouns.items()}
    return compose(template, values, {k: [v] for k, v in nouns.items()}, lambda xs: " et ".join(xs))


def test_a_template_takes_each_name_in_the_form_its_preposition_asks() -> None:
    army, sea = noun("l’armée de Sosibios"), noun("la mer de Crète")
    assert _fr("%(unit)s passe de %(frm)s à %(to)s.", unit=army, frm=sea, to=noun("le golfe Persique")) == (
        "l’armée de Sosibios passe de la mer de Crète au golfe Persique."
    )
    assert _fr("Bataille en %(place)s : rien.", place=noun("le Gandhara")) == "Bataille au Gandhara : rien."


def test_a_plural_or_masculine_subject_agrees_its_verb_participle_and_possessives() -> None:
    pirates, nabataeans = noun("les pirates illyriens"), noun("les Nabatéens")
    assert _fr("%(unit)s lance un raid sur %(province)s.", unit=pirates, province=noun("l’Épire")) == (
        "les pirates illyriens lancent un raid sur l’Épire."
    )
    assert _fr("%(power)s perçoit 300 talents de ses provinces.", power=nabataeans) == (
        "les Nabatéens perçoivent 300 talents de leurs provinces."
    )
    assert _fr("%(power)s n’a pas de comptoir principal.", power=nabataeans) == (
        "les Nabatéens n’ont pas de comptoir principal."
    )
    assert _fr("%(province)s est ravagée : guerre.", province=noun("le Pont")) == "le Pont est ravagé : guerre."
    assert _fr("%(province)s est ravagée.", province=noun("les Paropamisades", "f")) == (
        "les Paropamisades sont ravagées."
    )
    # a feminine singular subject and a proper name keep the template's words
    assert _fr("%(province)s est ravagée.", province=noun("la Médie")) == "la Médie est ravagée."
    assert _fr("%(leader)s est mort.", leader=Noun("Achaïos")) == "Achaïos est mort."


def _world() -> dict[str, Any]:
    return dict(load_yaml(SCENARIOS / "world-229.yaml"))


def test_each_scenario_gives_its_names_their_article() -> None:
    """Every scenario shipped gives the running French form of its seas, its provinces but the cities and
    islands named without article, and its hordes and pirates."""
    for path in sorted(SCENARIOS.glob("*.yaml")):
        scenario = Scenario.from_data(load_yaml(path))
        places = scenario.french["places"]
        assert set(scenario.seas) <= set(places), path.name
        assert [h.id for h in (*scenario.hordes, *scenario.pirates) if h.id not in scenario.french["bands"]] == []
        assert "rhodes" not in places and places["macedonia"] == Noun("Macédoine", "la")


def test_a_wrong_french_section_is_said_in_words_every_problem_at_once() -> None:
    data = _world()
    data["french"] = {
        "places": {"macedona": "la Macédoine", "pontus": "Pont", "indus": {"the": "l’Indus", "gender": "n"}},
        "cities": {},
    }
    with pytest.raises(DataError) as err:
        Scenario.from_data(data)
    said = "\n".join(str(p) for p in err.value.problems)
    assert "french.places.macedona: unknown id 'macedona' among the places (did you mean 'macedonia'" in said
    assert "french.places.pontus: 'Pont' has no article (le, la, les, l’)" in said
    assert "french.places.indus: the gender is 'm' or 'f', found 'n'" in said
    assert "french.cities" in said


def _reports(demo: str) -> list[str]:
    """The French pages' reports of every year of a demo: the public one and each power's private one."""
    folder = ROOT / "games" / demo
    game = load_game(folder)
    runner = CliRunner(env={"JUDGE_AGE_IDENTITY": load_yaml(folder / "demo-secrets.yaml")["age_identity"]})
    out = []
    for turn in game.adjudicated():
        viewers: list[list[str]] = [[], *(["--power", p] for p in sorted(load_yaml(folder / "game.yaml")["powers"]))]
        for viewer in viewers:
            result = runner.invoke(cli, ["report", str(folder), turn, "--lang", "fr", *viewer])
            assert result.exit_code == 0, result.output
            out.append(result.output)
    return out


# what French never writes: an article after « de » or « à » uncontracted, « de » before a vowel
UNCONTRACTED = re.compile(r"(?<![\w’'])(?:de le|de les|à le|à les|de [AEIOUÉÈÀaeiouéèà]\w*)\b")


@pytest.mark.parametrize("demo", DEMOS)
def test_the_french_reports_of_the_demos_contract_their_articles_and_carry_no_english(demo: str) -> None:
    reports = _reports(demo)
    assert reports
    text = "\n".join(reports)
    prose = re.sub(r"`[^`]*`", "", text)  # an order as written is code
    if demo == "symmachia-demo":  # its players wrote their speeches in English only, before S 7.12 took two
        prose = re.sub(r"^> .*$", "", prose, flags=re.M)
    assert UNCONTRACTED.findall(prose) == []
    assert _pattern(ENGLISH).findall(prose) == []
    assert DEVELOPERS.findall(prose) == []  # no id in the place of a name (a disaster's unit in the prestige table)
    assert " passe de la " in text and " à l’" in text  # the names do take their articles
