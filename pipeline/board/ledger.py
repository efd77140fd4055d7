"""Machiavelli's money: each power's treasury, its bank loans, and whether the bank still lends to it.

Values only; `banking` changes them. A treasury is never negative [M 12.1] (Objectif §6.5).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

SEASON_ORDER = {"spring": 0, "summer": 1, "fall": 2}
_LOAN = re.compile(r"(\d+)\+(\d+) due (\w+) (\d+)")


@dataclass(frozen=True)
class Loan:
    """A bank loan: what is still owed, and when it falls due (the same season, one or two years on)."""

    due_year: int
    due_season: str
    principal: int
    interest: int

    @property
    def owed(self) -> int:
        return self.principal + self.interest

    @property
    def due_order(self) -> tuple[int, int, int, int]:
        """Earliest due first (the order the bank is repaid in)."""
        return (self.due_year, SEASON_ORDER.get(self.due_season, 9), self.principal, self.interest)

    def __str__(self) -> str:
        return f"{self.principal}+{self.interest} due {self.due_season.title()} {self.due_year}"

    @classmethod
    def parse(cls, text: str) -> Loan | None:
        """The loan `str` writes (``15+8 due Summer 1494``), or None."""
        match = _LOAN.fullmatch(text.strip())
        if not match:
            return None
        return cls(int(match[4]), match[3].lower(), int(match[1]), int(match[2]))


@dataclass(frozen=True)
class Ledger:
    """The money of a position (Machiavelli): each power's ducats and loans, and who the bank lends to no more."""

    treasury: Mapping[str, int] = field(default_factory=dict)  # power -> ducats
    loans: Mapping[str, tuple[Loan, ...]] = field(default_factory=dict)  # power -> its loans, earliest due first
    banned: frozenset[str] = frozenset()  # powers the bank no longer lends to (after a default)

    def ducats(self, power: str) -> int:
        return self.treasury.get(power, 0)

    def debt(self, power: str) -> tuple[Loan, ...]:
        return self.loans.get(power, ())

    @classmethod
    def build(
        cls,
        treasury: Mapping[str, int],
        loans: Mapping[str, tuple[Loan, ...] | list[Loan]] | None = None,
        banned: frozenset[str] | set[str] = frozenset(),
    ) -> Ledger:
        return cls(
            dict(sorted(treasury.items())),
            {p: tuple(sorted(ls, key=lambda loan: loan.due_order)) for p, ls in sorted((loans or {}).items()) if ls},
            frozenset(banned),
        )
