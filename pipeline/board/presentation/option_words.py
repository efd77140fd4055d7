"""What each rule option of a board family means for a player, a sentence in the page's language: the shared
options of `pipeline/board/rules.py`'s `Rules` said here, a family's own by the family (`Family.option_value`),
each family the ones it declares (`Family.options`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from pipeline.board.family import AnyFamily
from pipeline.board.rules import Rules, option_kinds
from pipeline.shared.translations import Translations

# a map file's board, as Words.board_name names the board it holds (the rules page has no board loaded)
_BOARDS = {
    "standard": "Diplomacy (standard board)",
    "machiavelli-classic": "Machiavelli (classic board)",
    "machiavelli-1995": "Machiavelli (Avalon Hill 1995 board)",
    "machiavelli-objectif": "Machiavelli (Avalon Hill 1995 board, with the Objectif rules' double coasts)",
}


def _rulebook_choices(t: Translations) -> dict[str, dict[Any, str]]:
    """The standard rules' options, where the 2000 and 2023 Diplomacy rulebooks differ: value -> what it means."""
    return {
        "explicit_convoy": {
            "land_fallback": t.gettext(
                "An army sent by convoy to a neighbouring province goes over land when no fleet is ordered to "
                "convoy it."
            ),
            "convoy_only": t.gettext(
                "An army sent by convoy goes by convoy or not at all: when no fleet is ordered to convoy it, it "
                "stays where it is."
            ),
        },
        "convoy_orders": {
            "any_route": t.gettext(
                "A fleet may convoy an army on any chain of fleets from the army to its destination."
            ),
            "necessary_fleet": t.gettext(
                "A fleet convoys an army only on a chain of fleets that needs it: the convoy order of a fleet that a "
                "shorter chain leaves out is void."
            ),
        },
        "civil_disorder_distance": {
            "home_centres": t.gettext(
                "The units a power fails to remove are removed farthest first from the home supply centres it owns."
            ),
            "owned_centres": t.gettext(
                "The units a power fails to remove are removed farthest first from the supply centres it owns."
            ),
        },
    }


def board_value(name: str, value: Any, t: Translations) -> str:
    """What the shared board option `name` set to `value` means (`KeyError`: not one the shared `Rules` words)."""
    if name == "map":
        board = _BOARDS.get(str(value))
        return t.gettext("The board: %(board)s.") % {"board": t.pgettext("board", board) if board else value}
    return _rulebook_choices(t)[name][value]


def board_values(rules: Rules, name: str) -> list[Any]:
    """The values of option `name` a player is told of: every named choice, both of a yes/no, the option's
    own value of the others (a number, a list), the value `rules` have first."""
    value = getattr(rules, name)
    choices, flags = option_kinds(type(rules))
    others: list[Any] = []
    if name in choices:
        others = list(choices[name])
    elif name in flags:
        others = [True, False]
    return [value, *(v for v in others if v != value)]


SHARED = frozenset(f.name for f in dataclasses.fields(Rules))  # the options `board_value` says


def option_words(rules: Rules, family: AnyFamily, t: Translations) -> dict[str, list[str]]:
    """Each option the family declares (`Family.options`) by name: what its value in `rules` means, then what
    its other values would; the family says its own (`Family.option_value`)."""
    return {
        name: [
            board_value(name, v, t) if name in SHARED else family.option_value(name, v, t)
            for v in board_values(rules, name)
        ]
        for name in family.options
    }
