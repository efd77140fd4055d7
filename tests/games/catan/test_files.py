"""A player's files as he writes them [K 3.1] [K 3.4] [K 18.2]: a round's script and standing answers, and
the placement rounds' ranked choices, read from YAML text; every problem at once, at its line, in English
and in French (the catalogues)."""

from __future__ import annotations

import io

import pytest
from ruamel.yaml import YAML

from pipeline.games.catan.orders import orders_from_data
from pipeline.games.catan.outcome import Section
from pipeline.games.catan.resources import Resource
from pipeline.games.catan.said import FileProblems
from pipeline.games.catan.setup import Choice, setup_orders_from_data
from pipeline.shared.i18n import translator
from pipeline.storage.yamlio import line_of

from .helpers import SEATS, E, V, board

ROUND_FILE = """\
script:
  trade:
    - bank: {give: wool, get: gems}
  build:
    - road: c3/c9
    - unit: {kind: dragon, from: c3/c4/d4, at: c3>c4}
  act:
    - move: {unit: c3>c4, to: c3>b3}
      if: {after: nowhere}
answers:
  accept:
    - {from: zed, give: {ore: 1}, get: {wool: 2}}
"""


def _load(text: str) -> object:
    return YAML().load(io.StringIO(text))  # round-trip: the nodes know their lines, as storage reads them


def _problems(text: str) -> FileProblems:
    data = _load(text)
    with pytest.raises(FileProblems) as err:
        orders_from_data(data, board(), "a", SEATS)
    return err.value


def test_a_round_file_gives_every_problem_at_its_line() -> None:
    """[K 3.4] a file that cannot be read is refused with all its problems at once, each at its line."""
    found = _problems(ROUND_FILE).found
    data = _load(ROUND_FILE)
    assert [(f.where, line_of(data, f.where)) for f in found] == [
        ("script.trade[0].bank.get", 3),
        ("script.build[0].road", 5),
        ("script.build[1].unit.kind", 6),
        ("script.act[0].if", 9),
        ("answers.accept[0].from", 12),
    ]


def test_a_problem_reads_in_english_and_in_french() -> None:
    """[K 3.4] the same problems, in the player's language, from the catalogues."""
    found = _problems(ROUND_FILE).found
    english = [f.words(translator("en")) for f in found]
    french = [f.words(translator("fr")) for f in found]
    assert english[0] == "script.trade[0].bank.get: 'gems' is not a resource (brick, lumber, wool, grain, ore)"
    assert french[0] == "script.trade[0].bank.get: 'gems' n'est pas une ressource (argile, bois, mouton, blé, minerai)"
    assert english[3] == "script.act[0].if: no earlier step is labelled 'nowhere'"
    assert french[3] == "script.act[0].if: aucune étape précédente n'a l'étiquette 'nowhere'"
    assert all(e != f for e, f in zip(english, french, strict=True))
    # the DataError's own problems are the English ones, for the command line
    assert [str(p) for p in _problems(ROUND_FILE).problems] == english


def test_french_resource_names_read_in_a_round_file() -> None:
    """[K 1.4] a player may name the resources in French."""
    orders = orders_from_data(
        _load("script:\n  trade:\n    - bank: {give: minerai, get: blé}\nanswers:\n  discard: [mouton, bois]\n"),
        board(),
        "a",
        SEATS,
    )
    assert orders.answers.discard == (Resource.WOOL, Resource.LUMBER)


def test_the_placement_file_reads_ranked_choices_and_gold_answers() -> None:
    """[K 18.2] ranked choices; [K 4.4] the gold a second settlement may bring."""
    data = _load("setup:\n  - {settlement: c3/c4/d4, road: c3/c4}\n  - {settlement: d2/d3/e2, road: d2/d3}\n"
                 "answers: {gold: [ore]}\n")  # fmt: skip
    choices, answers = setup_orders_from_data(data, board(), "a", SEATS)
    assert choices == (Choice(V("c3/c4/d4"), E("c3/c4")), Choice(V("d2/d3/e2"), E("d2/d3")))
    assert answers.gold == (Resource.ORE,)


def test_a_placement_file_gives_every_problem_in_both_languages() -> None:
    """[K 18.2] every problem of the placement file at once, at its line."""
    text = "setup:\n  - {settlement: c3/c4/d4, road: d2/d3}\n  - {settlement: zz}\nanswers: {gold: [gems]}\nmore: 1\n"
    data = _load(text)
    with pytest.raises(FileProblems) as err:
        setup_orders_from_data(data, board(), "a", SEATS)
    found = err.value.found
    assert [(f.where, line_of(data, f.where)) for f in found] == [
        ("setup[0].road", 2),
        ("setup[1]", 3),
        ("more", 5),
        ("answers.gold[0]", 4),
    ]
    assert found[0].words(translator("fr")) == "setup[0].road: d2/d3 ne touche pas le coin de la colonie c3/c4/d4"


@pytest.mark.parametrize("page", ["orders.md", "orders.fr.md"])
def test_the_documented_examples_read(page: str) -> None:
    """[K 3.1] [K 18.2] [K 1.6] the examples of the syntax pages are files the reader takes, in both languages:
    a placement file, a round's file, a draft file and (for game masters) a game's options."""
    from pathlib import Path

    from pipeline.games.catan.draft import choices_from_data
    from pipeline.games.catan.layout import layout_from_data
    from pipeline.games.catan.options import HexPlacement, TurnFiles, options_from_data

    from .helpers import board_data

    text = (Path(__file__).resolve().parents[3] / "pipeline" / "games" / "catan" / "pages" / page).read_text()
    blocks = [b.split("```", 1)[0] for b in text.split("```yaml\n")[1:]]
    assert len(blocks) == 4
    options = options_from_data(_load(blocks[3]))
    assert options.players == 3 and options.turn_files is TurnFiles.PLAYER and options.open_hands
    assert options.hex_placement is HexPlacement.DRAFT
    assert choices_from_data(_load(blocks[2].replace("\n  ", "\n")), layout_from_data(board_data("base-drawn"))) == (
        "d3",
        "c3",
        "e4",
    )
    seats = ("orange", "blue", "white")
    choices, answers = setup_orders_from_data(_load(blocks[0]), board(), "orange", seats)
    assert len(choices) == 3 and answers.gold == (Resource.ORE,)
    orders = orders_from_data(_load(blocks[1]), board(), "black", (*seats, "black"))
    assert len(orders.steps) == 28 and len(orders.answers.accept) == 1
    assert [s.section for s in orders.steps[-3:]] == [Section.SPECIAL] * 3  # [K 3.6]
