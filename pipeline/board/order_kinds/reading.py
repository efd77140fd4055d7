"""The words every order is made of, read from its text: unit kinds, places, powers, numbers.

Each order kind's module reads its own keywords with a `Reader` (`pipeline.board.notation` tries the kinds
in turn); the reader knows only the board's names, never a rule.
"""

from __future__ import annotations

import re

from pipeline.errors import OrderError, OrderSyntaxError

from ..board import Board, fold_accents, normalise_name
from ..units import UnitKind

_TOKEN = re.compile(r"->|-|[^\s\-]+")
# keywords: the DATC's, the e-mail judge's [M 4.1] (judge, syntax), Objectif's, French
UNIT_KINDS = {
    "a": UnitKind.ARMY, "army": UnitKind.ARMY, "armee": UnitKind.ARMY,
    "f": UnitKind.FLEET, "fleet": UnitKind.FLEET, "flotte": UnitKind.FLEET,
    "g": UnitKind.GARRISON, "garrison": UnitKind.GARRISON, "garnison": UnitKind.GARRISON,
}  # fmt: skip
MOVE = frozenset({"-", "->", "to", "m", "move", "moves", "vers"})  # between a unit and where it goes
_LONGEST_NAME = 6  # tokens


class Reader:
    """The tokens of one order's text and a position among them; `words` are the same tokens in lower
    case without accents, with ``""`` standing past the end."""

    def __init__(self, text: str, board: Board) -> None:
        self.text = text
        self.board = board
        self.tokens: list[str] = _TOKEN.findall(text)
        self.words: list[str] = [*_TOKEN.findall(fold_accents(text.lower())), ""]
        if len(self.words) != len(self.tokens) + 1:  # folding changed the tokens: fold each one instead
            self.words = [fold_accents(t.lower()) for t in self.tokens] + [""]
        self.size = len(self.tokens)
        self.pos = 0

    def fail(self, expected: str) -> OrderSyntaxError:
        if self.pos < self.size:
            got = f"got {self.tokens[self.pos]!r}"
        else:
            got = "the order ends there"
        return OrderSyntaxError(f"order {self.text.strip()!r} not understood: expected {expected}, {got}")

    def refuse(self, why: str) -> OrderSyntaxError:
        """An order read to its end that the notation cannot mean (``a retreat cannot go by convoy``)."""
        return OrderSyntaxError(f"order {self.text.strip()!r}: {why}")

    def peek(self, ahead: int = 0) -> str:
        return self.words[min(self.pos + ahead, self.size)]

    def take(self, words: frozenset[str] | set[str]) -> bool:
        if self.words[self.pos] in words:
            self.pos += 1
            return True
        return False

    def at_end(self) -> bool:
        return self.pos >= self.size

    def end(self) -> None:
        if not self.at_end():
            raise self.fail("the end of the order")

    def kind(self) -> UnitKind | None:
        found = UNIT_KINDS.get(self.words[self.pos])
        if found is not None:
            self.pos += 1
        return found

    def required_kind(self) -> UnitKind:
        found = self.kind()
        if found is None:
            raise self.fail("a unit kind: A, F or G (army, fleet, garrison)")
        return found

    def place(self) -> str:
        """The longest run of tokens that names a place."""
        token = self.words[self.pos]
        if self.pos >= self.size or token in MOVE:
            raise self.fail("a place")
        following = self.words[self.pos + 1]
        if token not in self.board.name_heads and not following.startswith("("):  # the common case: an id
            found = self.board.aliases.get(token)
            if found:
                self.pos += 1
                return found
        for length in range(min(_LONGEST_NAME, self.size - self.pos), 0, -1):
            words = self.tokens[self.pos : self.pos + length]
            if words[-1] in ("-", "->"):
                continue
            candidate = re.sub(r"\s*-\s*", "-", " ".join(words))
            if normalise_name(candidate) in self.board.aliases:
                self.pos += length
                return self.board.location(candidate)
        try:
            return self.board.location(self.tokens[self.pos])  # raises: unknown or ambiguous place
        except OrderError as err:
            raise type(err)(f"order {self.text.strip()!r}: {err}") from None

    def unit(self) -> tuple[UnitKind | None, str]:
        """A unit as an order names it: its kind if written, and its place."""
        kind = self.kind()
        return kind, self.place()

    def power(self) -> str:
        """A power named by the rest of the order."""
        if self.at_end():
            raise self.fail("a power")
        name = " ".join(self.tokens[self.pos :])
        self.pos = self.size
        return self.power_named(name)

    def power_named(self, name: str) -> str:
        try:
            return self.board.power(name)
        except OrderError as err:
            raise type(err)(f"order {self.text.strip()!r}: {err}") from None

    def number(self) -> int:
        word = self.words[self.pos]
        if not word.isdigit():
            raise self.fail("a number")
        self.pos += 1
        return int(word)

    def amount(self) -> int:
        """``12``, ``12 ducats``, ``12 d``."""
        ducats = self.number()
        self.take({"ducats", "ducat", "d"})
        return ducats
