"""The words of a refused order (`pipeline.board.explain`): a sentence for every reason code, never a code."""

from __future__ import annotations

import re

import pytest

from pipeline.board.board import Board
from pipeline.board.explain import check_words
from pipeline.board.orders import Move
from pipeline.board.outcome import CHECK_WORDS, Reason, SubReason
from pipeline.board.units import UnitKind
from pipeline.storage.maps import shipped_board
from tests.conftest import position

CODES = {r.value for r in Reason}


@pytest.fixture(scope="module")
def board() -> Board:
    return shipped_board("standard")


@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_reason_has_words_and_no_code(board: Board, reason: Reason) -> None:
    words = check_words(
        reason, {"at": "bur"}, Move(UnitKind.ARMY, "par", "lon"), board, position("france: A par"), "france"
    )
    assert words and not re.search(r"\b[a-z]+_[a-z_]+\b", words), words
    assert not any(code in words for code in CODES if "_" in code), words


def test_the_places_and_powers_are_named_as_the_board_names_them(board: Board) -> None:
    order = Move(UnitKind.ARMY, "par", "lon")
    pos = position("france: A par")
    assert check_words(Reason.ILLEGAL_NOT_ADJACENT, {}, order, board, pos, "france") == "Paris is not next to London"
    assert (
        check_words(Reason.ILLEGAL_NO_UNIT, {"at": "par"}, order, board, pos, "france") == "France has no unit in Paris"
    )
    assert check_words(Reason.ILLEGAL_NOT_OWNER, {"owner": "france"}, order, board, pos, "germany") == (
        "the army in Paris belongs to France, not to Germany"
    )


@pytest.mark.parametrize("why", list(SubReason), ids=lambda w: w.value)
def test_every_sub_reason_has_its_own_words(board: Board, why: SubReason) -> None:
    """A sub-reason is a code the check gives beside its reason (`Illegal(reason, why=...)`); the words say
    it in a sentence of its own, never the reason's general one, never the code."""
    reason = next(r for r, words in CHECK_WORDS.items() if isinstance(words, dict) and why.value in words)
    order = Move(UnitKind.ARMY, "par", "lon")
    pos = position("france: A par")
    general = check_words(reason, {}, order, board, pos, "france")
    words = check_words(reason, {"why": why.value}, order, board, pos, "france")
    assert words != general and why.value not in words, words


def test_every_sentence_of_every_case_is_filled_from_known_words_and_shows_no_code(board: Board) -> None:
    """Each variant of each reason's words (`CHECK_WORDS`, by case) uses only the placeholders `check_words`
    fills, and says no code once filled; the limit and the minimum of an expense come in figures."""
    values = dict.fromkeys(
        ["power", "at", "to", "target", "place", "owner", "actual", "actual_kind", "kind", "a_kind", "into"], "x"
    ) | dict.fromkeys(["other", "phase", "limit", "needed", "ducats"], "x")
    for reason, words in CHECK_WORDS.items():
        for case, sentence in ({"": words} if isinstance(words, str) else dict(words)).items():
            filled = sentence.format_map(values)  # a placeholder check_words does not fill raises here
            assert not any(code in filled for code in CODES if "_" in code), (reason, case, filled)
