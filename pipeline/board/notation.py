"""Reading orders written as text: syntax only.

Accepts the DATC / judge notation and its common variants, case-insensitively::

    A lvp-yor      A lvp - yor      A lvp -> yor      army liverpool to yorkshire
    A lon-bel via convoy            F nth C A lon-bel        F nth convoys A lon - bel
    A vie S A bud-gal               A vie supports A bud     F tri S F ven H
    A par H        A par hold       F stp/sc-bot      F spa(nc)-gas
    A par-bur      (retreat phase)  A par Disband     Build A kie    Remove F nth    Waive

Places are looked up among the board's ids, names and aliases (``mid`` and ``Mid-Atlantic Ocean``
both give ``mao``). Two kinds of error here: `OrderSyntaxError` (not understood, or an unknown place)
and `AmbiguousOrderError` (a name for more than one place). Whether an order is allowed is the legality
checks' (`pipeline.board.order_checks.read_order` reads and checks).

Each kind reads its own words (`pipeline.board.order_kinds`): an order starts with its kind's keyword
(``Build``, ``Expense``, ``Ally``...) or with its unit, followed by its kind's keyword (``H``, ``-``,
``S``...); the kinds are tried in the registry's order, among those whose first words the text starts with.

`split_orders` cuts a line of several orders at its ``;``. `structured_order` gives the text of an order
an order file writes as a mapping (``{unit: A are, move: sie}``), which is then read as any other.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import OrderSyntaxError, shown

from .board import Board
from .order_kinds import KINDS, OrderKind
from .order_kinds.reading import MOVE, UNIT_KINDS, Reader
from .orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from .position import PhaseKind


def _index(pairs: list[tuple[str, OrderKind[Any]]]) -> dict[str, tuple[OrderKind[Any], ...]]:
    found: dict[str, list[OrderKind[Any]]] = {}
    for word, kind in pairs:
        found.setdefault(word, []).append(kind)
    return {word: tuple(kinds) for word, kinds in found.items()}


_LEADING = _index([(w, k) for k in KINDS if k.read is not None for w in sorted(k.words)])
_AFTER_UNIT = _index([(w, k) for k in KINDS if k.after_unit is not None for w in sorted(k.after_words)])
_KEYWORDS = list(dict.fromkeys(k.keyword for k in KINDS if k.after_unit is not None and k.keyword))
_AFTER_THE_UNIT = ", ".join(_KEYWORDS[:-1]) + " or " + _KEYWORDS[-1] + " after the unit"


def parse_order(text: str, board: Board, phase: PhaseKind = PhaseKind.MOVEMENT) -> Order:
    """Read one order. `phase` decides what ``A x-y`` (move or retreat) and ``A x D`` mean."""
    if phase is PhaseKind.MOVEMENT:
        common = _common_form(text, board)
        if common is not None:
            return common
    return _read_in_full(text, board, phase)


def _read_in_full(text: str, board: Board, phase: PhaseKind) -> Order:
    """Read one order with its kinds' readings, in the registry's order."""
    r = Reader(text, board)
    if r.at_end():
        raise OrderSyntaxError("empty order")
    for kind in _LEADING.get(r.peek(), ()):
        assert kind.read is not None
        order: Order | None = kind.read(r, phase)
        if order is not None:
            return order
        r.pos = 0
    unit_kind, at = r.unit()
    start = r.pos
    for kind in _AFTER_UNIT.get(r.peek(), ()):
        assert kind.after_unit is not None
        found: Order | None = kind.after_unit(r, unit_kind, at, phase)
        if found is not None:
            return found
        r.pos = start
    raise r.fail(_AFTER_THE_UNIT)


# The common forms of a movement order, read without the kinds' tries: the first kind each keyword goes to.
assert [_AFTER_UNIT[w][0].id for w in ("", "h", "-", "s", "c")] == ["hold", "hold", "move", "support_move", "convoy"]
_UNIT_WORDS = {word: kind for word, kind in UNIT_KINDS.items() if word not in _LEADING}


def _common_form(text: str, board: Board) -> Order | None:
    """The order of a text in one of the common forms of a movement phase, with places written as ids, or
    None for any other text (then read in full). The forms, their words separated by spaces::

        A par   A par H   A lon - bel   A lon - bel via convoy   F nth S A lon   F nth S A lon - bel
        F eng C A lon - bre

    Each gives what the kinds' reading gives (``tests/board/test_notation.py`` compares the two on every
    order of the project's DATC files and on random texts)."""
    if not text.isascii():
        return None
    words = text.lower().split()
    size = len(words)
    if size < 2 or size > 7:
        return None
    kind = _UNIT_WORDS.get(words[0])
    at = _place(words[1], board)
    if kind is None or at is None:
        return None
    if size == 2:
        return Hold(kind, at)
    keyword = words[2]
    if size == 3:
        return Hold(kind, at) if keyword == "h" else None
    if keyword == "-":
        to = _place(words[3], board)
        if to is None or (size != 4 and words[4:] != ["via", "convoy"]):
            return None
        return Move(kind, at, to, size == 6)
    if keyword not in ("s", "c") or size not in (5, 7):
        return None
    target_kind, target = _UNIT_WORDS.get(words[3]), _place(words[4], board)
    if target_kind is None or target is None:
        return None
    if size == 5:
        return SupportHold(kind, at, target_kind, target) if keyword == "s" else None
    to = _place(words[6], board) if words[5] == "-" else None
    if to is None:
        return None
    if keyword == "s":
        return SupportMove(kind, at, target_kind, target, to)
    return Convoy(kind, at, target_kind, target, to)


def _place(word: str, board: Board) -> str | None:
    """The place a word names as the reader's first try does (an id or alias of one word, no dash, no
    name of several words begins with it), or None."""
    if "-" in word or word in MOVE or word in board.name_heads or word.startswith("("):
        return None
    return board.aliases.get(word) or None


def split_orders(text: str) -> list[str]:
    """The orders of one line: the judge's ``Army Arezzo -> Sienna; Army Florence -> Arezzo`` is two, each
    read on its own; what a ``;`` leaves empty (``A are-sie;``) is no order."""
    if ";" not in text:
        return [text]
    return [piece.strip() for piece in text.split(";") if piece.strip()] or [text]


_UNIT_ORDER_KEYS = ("hold", "move", "support", "convoy", "convert", "besiege", "lift_siege", "disband")


def structured_order(entry: object) -> str:
    """The text of an order written as a mapping (the structured form of docs/game-folder.md)::

    {unit: A are, move: sie}              {unit: A sal, move: dur, via: [gon, ion]}
    {unit: F psa, convert: garrison}      {unit: A sie, besiege: true}      {unit: A sie, lift_siege: true}
    {unit: A per, support: {unit: A are}} {unit: A per, support: {unit: A are, move: sie}}
    {unit: A per, support: {unit: G sie, convert: army}}
    {unit: F gon, convoy: {unit: A sal, move: dur}}                         {unit: A sie, disband: true}

    An order with a colon written unquoted in a YAML list (``- Expense 1: 9 buy G luc``) is a mapping of one
    key to its text: it is read back as the text it was (``Expense 1: 9 buy G luc``).
    """
    if isinstance(entry, dict) and len(entry) == 1 and "unit" not in entry:
        ((key, value),) = entry.items()
        if isinstance(key, str) and isinstance(value, str | int) and not isinstance(value, bool):
            return f"{key}: {value}"  # ``- Expense 1: 9 buy G luc`` unquoted, which YAML reads as a mapping
    if not isinstance(entry, dict) or "unit" not in entry:
        raise ValueError(f"expected an order as text ('A par-bur') or a mapping with `unit`, got {shown(entry)}")
    unit, action = _unit_and_action(entry)
    if action == "move":
        return _move_text(entry, unit)
    if action in ("support", "convoy"):
        return f"{unit} {'S' if action == 'support' else 'C'} {_target_text(entry[action], action)}"
    if action == "convert":
        return f"{unit} convert {_text(entry, 'convert', 'what the unit becomes, like garrison or army')}"
    if entry[action] is not True:
        raise ValueError(f"write `{action}: true`, not {shown(entry[action])}")
    return f"{unit} {'H' if action == 'hold' else 'lift' if action == 'lift_siege' else action}"


def _unit_and_action(entry: dict[Any, Any]) -> tuple[str, str]:
    """A structured order's unit and its one action (`_UNIT_ORDER_KEYS`), or `ValueError`."""
    actions = [k for k in _UNIT_ORDER_KEYS if k in entry]
    extra = sorted((str(k) for k in set(entry) - {"unit", "via", "campaign", *_UNIT_ORDER_KEYS}), key=str)
    if len(actions) != 1 or extra:
        raise ValueError(
            f"a structured order has `unit` and exactly one of {', '.join(_UNIT_ORDER_KEYS)}"
            + (f" (unknown key {extra[0]!r})" if extra else "")
        )
    unit, action = _text(entry, "unit", "the unit, like 'A par'"), actions[0]
    if "via" in entry and action != "move":
        raise ValueError("`via` goes with `move`: the places a convoyed army passes through")
    return unit, action


def _move_text(entry: dict[Any, Any], unit: str) -> str:
    """A move, through the places of its `via` if it goes by convoy."""
    route = entry.get("via") or []
    if not isinstance(route, list) or not all(isinstance(p, str) for p in route):
        raise ValueError(f"`via` takes a list of places, like [gon, ion], not {shown(route)}")
    return " - ".join([unit, *route, _text(entry, "move", "the place moved to, like bur")])


def _target_text(value: object, action: str) -> str:
    """The order a support or a convoy is for: its unit, and its move (or a support's conversion)."""
    inner = ("unit", "move", "convert") if action == "support" else ("unit", "move")
    if not isinstance(value, dict) or "unit" not in value or not set(value) <= set(inner):
        raise ValueError(
            f"`{action}` takes a mapping with the {action}ed `unit` (and its {' or '.join(inner[1:])}), "
            f"like {{unit: A par, move: bur}}, not {shown(value)}"
        )
    target = _text(value, "unit", f"the {action}ed unit, like 'A par'", action)
    if "move" in value:
        return f"{target} - {_text(value, 'move', 'the place moved to, like bur', action)}"
    if "convert" in value:
        return f"{target} convert {_text(value, 'convert', 'what the unit becomes, like army', action)}"
    return target


def _text(entry: dict[Any, Any], key: str, what: str, inside: str | None = None) -> str:
    """The text under `key` of a structured order: a name, never a number, a list or a mapping."""
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        where = f"`{inside}.{key}`" if inside else f"`{key}`"
        raise ValueError(f"{where} takes text: {what}, not {shown(value)}")
    return value
