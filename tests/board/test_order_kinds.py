"""An order kind is one module (docs/architecture.md, "A board order kind"): the report's sentences, the
explanations of a refusal and the map find a kind's words and drawing through the registry, so a new kind
is presented without an edit of theirs."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections.abc import Mapping

import pytest

from pipeline.board.explain import check_words
from pipeline.board.order_kinds import BY_ORDER, KINDS
from pipeline.board.order_kinds.kind import unit_text
from pipeline.board.order_kinds.presenting import Explained, Pen, Refusal, Telling
from pipeline.board.orders import Build, Expense, Hold, Move, Pay, Retreat, SupportMove
from pipeline.board.outcome import Outcome, Reason
from pipeline.board.presentation.render import render_map
from pipeline.board.presentation.sentences import Entry, Sentences
from pipeline.board.presentation.words import Words
from pipeline.board.units import UnitKind
from pipeline.games import board_rules, family_of, start_position
from pipeline.shared.i18n import translator
from pipeline.storage.maps import shipped_board
from tests.conftest import position

A = UnitKind.ARMY
FALLBACK = "An order the report cannot put into words."


@dataclasses.dataclass(frozen=True)
class Charge:
    """A kind no family has: ``A par charge bur``."""

    kind: UnitKind | None
    at: str
    to: str

    def __str__(self) -> str:
        return f"{unit_text(self.kind, self.at)} charge {self.to}"


def _sentence(order: Charge, s: Telling) -> str:
    return f"{s.subject(order.kind, order.at)} charges {s.w.to(order.to)}."


def _result(order: Charge, reason: Reason, s: Telling, detail: Mapping[str, str]) -> str | None:
    return "The charge breaks." if reason is Reason.BOUNCED else None


def _explain(order: Charge, refusal: Refusal) -> Explained:
    return Explained("own" if refusal.reason is Reason.ILLEGAL_NO_UNIT else None, place=order.to)


def _draw(order: Charge, pen: Pen) -> object:
    return pen.arrow("order charge", pen.start(order.kind, order.at, pen.retreat), pen.place(order.to), head=True)


# a kind read and listed as a move is, with its own words and drawing
CHARGE = dataclasses.replace(
    BY_ORDER[Move], id="charge", order=Charge, sentence=_sentence, result=_result, explain=_explain, draw=_draw
)


@pytest.fixture
def charge(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kind registered, as `pipeline.board.order_kinds.KINDS` registers its own."""
    monkeypatch.setitem(BY_ORDER, Charge, CHARGE)


def _sentences(lang: str = "en") -> Sentences:
    board = shipped_board("standard")
    return Sentences(Words(board, translator(lang)), position("france: A par", "germany: A bur"))


def test_every_kind_says_what_its_orders_ask_for() -> None:
    """A kind without a sentence would be reported as an order the report cannot put into words."""
    assert [k.id for k in KINDS if k.sentence is None] == []


@pytest.mark.parametrize(
    ("order", "en", "fr"),
    [
        (Hold(A, "par"), "The army in Paris holds.", "L'armée à Paris tient sa position."),
        (Move(A, "par", "bur"), "The army in Paris moves to Burgundy.", "L'armée à Paris se rend en Bourgogne."),
        (Pay(5, "bank"), "Pays 5 ducats to the bank.", "Verse 5 ducats à la banque."),
    ],
)
def test_a_kind_s_sentence_is_said_in_the_reader_s_language(order: object, en: str, fr: str) -> None:
    for lang, expected in (("en", en), ("fr", fr)):
        entry = Entry("france", str(order), order, Reason.SUCCEEDS, True)
        assert _sentences(lang).describe(entry) == expected


def test_a_new_kind_is_said_through_the_registry(charge: None) -> None:
    s = _sentences()
    order = Charge(A, "par", "bur")
    bounced = Entry("france", str(order), order, Reason.BOUNCED, False, {"against": "bur"})
    assert s.describe(bounced) == "The army in Paris charges to Burgundy."
    assert s.result(bounced) == "The charge breaks."  # its own result
    cut = Entry("france", str(order), order, Reason.NO_CONVOY_PATH, False)
    assert s.result(cut).startswith("Fails: no convoy")  # the general sentence of the reason


def test_an_order_of_no_registered_kind_is_said_to_be_beyond_words() -> None:
    order = Charge(A, "par", "bur")
    assert _sentences().describe(Entry("france", str(order), order, Reason.SUCCEEDS, True)) == FALLBACK


def test_a_new_kind_explains_its_refusal_through_the_registry(charge: None) -> None:
    """The kind chooses the reason's case ("own") and the place it is about (its destination)."""
    board = shipped_board("standard")
    words = check_words(Reason.ILLEGAL_NO_UNIT, {}, Charge(A, "par", "bur"), board, position(), "france")
    assert words == "France has no unit in Burgundy"


@pytest.mark.parametrize(
    ("reason", "order", "expected"),
    [
        # a move into its own space and a support into its own space are told apart (board/explain.py)
        (Reason.ILLEGAL_OWN_SPACE, Retreat(A, "par", "par"), "move"),
        (Reason.ILLEGAL_OWN_SPACE, SupportMove(A, "par", A, "bur", "par"), None),
        (Reason.ILLEGAL_WRONG_KIND, Build(None, "par"), "build"),
        (Reason.ILLEGAL_DUPLICATE, Pay(3, "germany"), "pay"),
    ],
)
def test_each_kind_chooses_its_case(reason: Reason, order: object, expected: str | None) -> None:
    board = shipped_board("standard")
    refusal = Refusal(reason, {}, board, position("france: A par"), "france", None, False)
    assert BY_ORDER[type(order)].explain(order, refusal).case == expected


def test_an_expense_names_its_target_and_the_power_it_would_strike() -> None:
    board = shipped_board("standard")
    refusal = Refusal(Reason.NO_CHIT, {}, board, position(), "france", None, False)
    told = BY_ORDER[Expense].explain(Expense(1, 12, "assassinate", None, "england"), refusal)
    assert (told.other, told.place) == ("england", "england")


def test_a_new_kind_is_drawn_through_the_registry(charge: None) -> None:
    board = shipped_board("machiavelli-classic")
    rules = board_rules("judge")
    start = start_position(board, rules)
    unit = next(iter(start.units.values()))
    order = Charge(unit.kind, unit.location, sorted(board.neighbours(unit.space))[0])
    outcome = Outcome(unit.power, order, False, Reason.BOUNCED, {}, unit)
    svg = render_map(board, start, [outcome], "en", "machiavelli-classic", family=family_of(rules))
    assert svg is not None
    drawn = [e for e in ET.fromstring(svg).iter() if e.get("data-order") == str(order)]
    assert len(drawn) == 1
    assert {"order", "charge", "failed", f"pw-{unit.power}"} <= set(drawn[0].get("class", "").split())
