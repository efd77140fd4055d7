"""Rebellions and assassination chits in a state file: written, read back the same, and bad entries
reported all at once."""

from __future__ import annotations

import pytest

from pipeline.core.position import Phase, Position, Rebellion
from pipeline.errors import DataError
from pipeline.games import family_of, profile
from pipeline.storage.maps import shipped_board
from pipeline.storage.state_files import dump_yaml, position_from_data, position_to_data
from pipeline.storage.yamlio import parse_yaml

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
    text = dump_yaml(position_to_data(BOARD, position, family_of(profile("judge"))))
    assert "bol: {against: papacy, city: true}" in text
    assert "florence: [milan, papacy]" in text
    back = position_from_data(BOARD, parse_yaml(text, "state.yaml"), "state.yaml")
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
    with pytest.raises(DataError) as raised:
        position_from_data(BOARD, parse_yaml(text, "state.yaml"), "state.yaml")
    message = str(raised.value)
    for place in ("rebellions.gon", "rebellions.bol", "rebellions.pon", "chits.florence"):
        assert place in message
    assert "state.yaml:3" in message
