"""The five resources and a hand of them [K 1.4]: a value with counts, never negative.

Players write a resource by its English name, by a synonym of the base game's (wood, sheep, wheat,
clay) or by its French name, the seed's (minerai, bois, mouton, blé, argile).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from pipeline.errors import Problem

from .said import N_, Found, quoted, said


class Resource(enum.Enum):
    BRICK = "brick"
    LUMBER = "lumber"
    WOOL = "wool"
    GRAIN = "grain"
    ORE = "ore"

    def __str__(self) -> str:
        return self.value


RESOURCES: tuple[Resource, ...] = tuple(Resource)

ALIASES: Mapping[str, Resource] = {
    **{r.value: r for r in Resource},
    "clay": Resource.BRICK,
    "argile": Resource.BRICK,
    "wood": Resource.LUMBER,
    "bois": Resource.LUMBER,
    "sheep": Resource.WOOL,
    "mouton": Resource.WOOL,
    "wheat": Resource.GRAIN,
    "blé": Resource.GRAIN,
    "ble": Resource.GRAIN,
    "minerai": Resource.ORE,
}


def resource_named(name: object) -> Resource | None:
    """The resource a player's word names, or None."""
    return ALIASES.get(name.strip().lower()) if isinstance(name, str) else None


@dataclass(frozen=True, order=True)
class Hand:
    """Counts of the five resources, in `RESOURCES` order."""

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.counts) != len(RESOURCES) or any(c < 0 for c in self.counts):
            raise ValueError(f"a hand holds five counts of at least 0, not {self.counts}")

    @classmethod
    def of(cls, amounts: Mapping[Resource, int] | None = None, **named: int) -> Hand:
        """``Hand.of(ore=2, lumber=1)`` or ``Hand.of({Resource.ORE: 2})``."""
        merged = {r: 0 for r in RESOURCES}
        for r, n in (amounts or {}).items():
            merged[r] += n
        for name, n in named.items():
            merged[Resource(name)] += n
        a, b, c, d, e = (merged[r] for r in RESOURCES)
        return cls((a, b, c, d, e))

    @classmethod
    def one(cls, resource: Resource, n: int = 1) -> Hand:
        return cls.of({resource: n})

    @classmethod
    def from_cards(cls, cards: Iterable[Resource]) -> Hand:
        amounts: dict[Resource, int] = {}
        for card in cards:
            amounts[card] = amounts.get(card, 0) + 1
        return cls.of(amounts)

    def __getitem__(self, resource: Resource) -> int:
        return self.counts[RESOURCES.index(resource)]

    def __add__(self, other: Hand) -> Hand:
        a, b, c, d, e = (x + y for x, y in zip(self.counts, other.counts, strict=True))
        return Hand((a, b, c, d, e))

    def __sub__(self, other: Hand) -> Hand:
        """What is left once `other` is taken out; `covers` must hold first."""
        a, b, c, d, e = (x - y for x, y in zip(self.counts, other.counts, strict=True))
        return Hand((a, b, c, d, e))

    def covers(self, other: Hand) -> bool:
        """Does this hand hold at least every card of `other`?"""
        return all(x >= y for x, y in zip(self.counts, other.counts, strict=True))

    def missing(self, other: Hand) -> Hand:
        """The cards of `other` this hand lacks."""
        a, b, c, d, e = (max(0, y - x) for x, y in zip(self.counts, other.counts, strict=True))
        return Hand((a, b, c, d, e))

    def capped(self, other: Hand) -> Hand:
        """Each count no more than `other`'s."""
        a, b, c, d, e = (min(x, y) for x, y in zip(self.counts, other.counts, strict=True))
        return Hand((a, b, c, d, e))

    def times(self, n: int) -> Hand:
        a, b, c, d, e = (x * n for x in self.counts)
        return Hand((a, b, c, d, e))

    @property
    def total(self) -> int:
        return sum(self.counts)

    def __bool__(self) -> bool:
        return self.total > 0

    def items(self) -> Iterator[tuple[Resource, int]]:
        """The resources held, with their counts, in `RESOURCES` order (zeros left out)."""
        return ((r, n) for r, n in zip(RESOURCES, self.counts, strict=True) if n)

    def cards(self) -> list[Resource]:
        return [r for r, n in self.items() for _ in range(n)]

    def to_data(self) -> dict[str, int]:
        return {r.value: n for r, n in self.items()}

    def __str__(self) -> str:
        return ", ".join(f"{n} {r}" for r, n in self.items()) or "nothing"


EMPTY = Hand()


def hand_from_data(data: object, where: str, problems: list[Problem] | Found) -> Hand:
    """A hand written as ``{ore: 2, wood: 1}`` (or one resource's name, for one card); every problem is
    added to `problems`, and what could be read returned."""

    def problem(at: str, template: str, **values: object) -> None:
        if isinstance(problems, Found):
            problems.add(at, template, **values)
        else:
            problems.append(Problem(at, said(template, **values).words()))

    if isinstance(data, str):
        resource = resource_named(data)
        if resource is None:
            problem(where, N_("{value} is not a resource (brick, lumber, wool, grain, ore)"), value=quoted(data))
            return EMPTY
        return Hand.one(resource)
    if not isinstance(data, Mapping):
        problem(where, N_("expected resources with their counts, such as 2 ore and 1 lumber"))
        return EMPTY
    amounts: dict[Resource, int] = {}
    for name, n in data.items():
        resource = resource_named(name)
        if resource is None:
            problem(where, N_("{value} is not a resource (brick, lumber, wool, grain, ore)"), value=quoted(name))
        elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
            problem(f"{where}.{name}", N_("expected a count of at least 0, got {value}"), value=quoted(n))
        else:
            amounts[resource] = amounts.get(resource, 0) + n
    return Hand.of(amounts)
