"""Rebellions and assassination chits in a state file: written, read back the same, and bad entries
reported all at once."""

from __future__ import annotations

import pytest

from pipeline.board.codec import position_from_data, position_to_data
from pipeline.board.position import Phase, Position, Rebellion
from pipeline.errors import DataError
from pipeline.games import board_rules, family_of
from pipeline.storage.maps import shipped_board
from pipeline.storage.state_files import dump_yaml, laid_out
from pipeline.storage.yamlio import locate, parse_yaml

BOARD = shipped_board("machiavelli-classic")


def test_rebellions_survive_a_write_and_a_read() -> None:
    rebellions = {
        "bol": Rebellion("papacy", True, True),
        "per": Rebellion("papacy", False, True, 1),
        "mod": Rebellion("milan"),
    }
    chits = {"florence": frozenset({"milan", "papacy"}), "milan": frozenset({"venice"})}
    phase = Phase.parse("Summer 1455 Movement")
    position = Position.build(phase, [], {"bol": "papacy"}, rebellions=rebellions, chits=chits, struck=["papacy"])
    text = dump_yaml(laid_out(position_to_data(BOARD, position, family_of(board_rules("judge")))))
    assert "bol: {against: papacy, city: true}" in text
    assert "florence: [milan, papacy]" in text
    back = position_from_data(BOARD, parse_yaml(text, "state.yaml"), "state.yaml", family_of(board_rules("judge")))
    assert dict(back.rebellions) == rebellions
    assert dict(back.chits) == chits
    assert back.struck == {"papacy"}


def test_every_bad_rebellion_is_reported_with_its_place() -> None:
    text = (
        "phase: Summer 1455 Movement\n"
        "rebellions:\n"
        "  gon: {against: papacy}\n"  # a sea
        "  bol: {against: nobody}\n"  # not a power
        "  pon: {against: milan, city: true}\n"  # no city to rebel
        "chits:\n"
        "  florence: [florence]\n"  # not another power
    )
    data = parse_yaml(text, "state.yaml")
    with pytest.raises(DataError) as raised:
        position_from_data(BOARD, data, "state.yaml", family_of(board_rules("judge")))
    message = str(DataError(locate(raised.value.problems, data, "state.yaml")))  # lines: the storage's part
    for place in ("rebellions.gon", "rebellions.bol", "rebellions.pon", "chits.florence"):
        assert place in message
    assert "state.yaml:3" in message


def test_a_section_of_the_wrong_shape_is_reported_not_raised() -> None:
    # sections are the family's (pipeline/games/machiavelli/state.py): each read as data, every problem said
    text = "phase: Summer 1455 Movement\nsieges: [pis]\ntreasury: 12\nloans: {florence: [lots]}\n"
    with pytest.raises(DataError) as raised:
        position_from_data(BOARD, parse_yaml(text, "state.yaml"), "state.yaml", family_of(board_rules("judge")))
    message = str(raised.value)
    for where in ("sieges", "treasury", "loans.florence[0]"):
        assert where in message, message


def test_the_family_says_which_sections_a_state_file_holds() -> None:
    """Diplomacy's state files hold supply centres only; Machiavelli adds its sections, in its order."""
    phase = Phase.parse("Spring 1901 Movement")
    standard = shipped_board("standard")
    position = Position.build(phase, [], {"par": "france"}, famine=["par"])
    text = dump_yaml(laid_out(position_to_data(standard, position, family_of(board_rules("standard")))))
    assert text == "phase: Spring 1901 Movement\nunits: {}\nowners:\n  france: [par]\n"
    judge = family_of(board_rules("judge"))
    position = Position.build(phase.__class__("spring", 1455, phase.kind), [], {"flo": "florence"}, famine=["pis"])
    data = position_to_data(BOARD, position, judge)
    assert list(data) == ["phase", "units", "control", "cities", "famine"]
    assert set(judge.private_sections) <= set(judge.state_sections)
