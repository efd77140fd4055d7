"""The game's house rulings [K 19]: read from game.yaml's plain data, every problem at once, written back
as the options that differ from the defaults."""

from __future__ import annotations

import pytest

from pipeline.errors import DataError
from pipeline.games.catan.options import (
    DEFAULT_OPTIONS,
    BarbarianIncome,
    CatanOptions,
    Rounding,
    options_from_data,
    options_to_data,
)


def test_options_read_and_write_back() -> None:
    """[K 19] by name, enums by their values; only what differs from the defaults is written."""
    data = {"victory_points": 13, "barbarian_income": "hex", "corruption_rounding": "up", "discard_on_seven": False}
    options = options_from_data(data)
    assert options == CatanOptions(
        victory_points=13, barbarian_income=BarbarianIncome.HEX, corruption_rounding=Rounding.UP, discard_on_seven=False
    )
    assert options_to_data(options) == data
    assert options_from_data(None) == DEFAULT_OPTIONS and options_to_data(DEFAULT_OPTIONS) == {}


def test_bad_options_name_every_problem() -> None:
    """[K 19] every problem at once, each at its option: a number below 0, an unknown choice, an unknown option, a
    yes or no that is neither, a special building phase that is none of pieces, units, off [K 3.6]."""
    with pytest.raises(DataError) as err:
        options_from_data(
            {
                "victory_points": -1,
                "barbarian_income": "all",
                "colour": 1,
                "knights_count_for_army": "yes",
                "special_building_phase": True,
            }
        )
    assert [p.where for p in err.value.problems] == [
        "options.victory_points",
        "options.barbarian_income",
        "options.colour",
        "options.knights_count_for_army",
        "options.special_building_phase",
    ]
