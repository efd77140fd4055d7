"""What the layers that present orders pass an order kind, so that each kind puts its own orders into words,
explains a refusal of them and draws them, and no dispatcher asks which kind an order is:

- `Telling`: the sentences of a phase (`pipeline.board.presentation.sentences`), with the reader's words,
  for a kind's `sentence` (what the order asked for), `result` (what came of it, where the kind says it
  its own way) and `aftermath` (what it changed on the board, among the phase's events);
- `Refusal`: a refused order's circumstances (`pipeline.board.explain`), for a kind's `explain`: which of the
  reason's sentences fits the order (`Explained`);
- `Pen`: the map being drawn (`pipeline.board.presentation.render`), for a kind's `draw`: its arrow, cross
  or marker.

Protocols and plain values only: the kinds stay pure and import nothing of the presentation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from pipeline.shared.translations import Translations

from ..board import Board, space_of
from ..position import PhaseKind, Position
from ..reasons import Reason
from ..units import Unit, UnitKind

Point = tuple[float, float]


class Words(Protocol):
    """The reader's words for places, powers, units and sums (`pipeline.board.presentation.words.Words`)."""

    def to(self, location: str) -> str: ...
    def in_(self, location: str) -> str: ...
    def power_the(self, power: str) -> str: ...
    def power_to(self, power: str) -> str: ...
    def power_of(self, power: str) -> str: ...
    def new_unit(self, kind: UnitKind | None, location: str) -> str: ...
    def special(self, special: str) -> str: ...
    def ducats(self, n: int) -> str: ...


class Telling(Protocol):
    """One phase's sentences in one language: `t` its catalogue, `w` its words, and the units the orders
    name as the phase saw them."""

    @property
    def t(self) -> Translations: ...
    @property
    def w(self) -> Words: ...
    @property
    def phase(self) -> PhaseKind: ...
    def subject(self, kind: UnitKind | None, at: str) -> str:
        """The unit given the order, as a sentence starts with it: "The army in Vienna"."""
        ...

    def other(self, kind: UnitKind | None, at: str) -> str:
        """Another unit the order names: "the French fleet in Brest"."""
        ...

    def unit_named(self, kind: UnitKind | None, at: str) -> str | None:
        """The unit an order names, if one stands there: "the French fleet in Brest"."""
        ...

    def power_subject(self, power: str) -> str:
        """A power as a sentence starts with it: "France"."""
        ...

    def mover(self, space: str) -> str:
        """The unit that moved from `space`: "the army from Vienna"."""
        ...

    def bounced(self, detail: Mapping[str, str], destination: str | None) -> str:
        """A bounce's sentence, the units of `detail["against"]` standing in `destination` held against."""
        ...


class Explained(NamedTuple):
    """What a kind adds to a refusal's words (`pipeline.board.outcome.CHECK_WORDS`): which of the reason's
    sentences fits (None: the general rules choose), the other power the order names, and the place the
    refusal is about when it is not the unit's."""

    case: str | None = None
    other: str = ""
    place: str | None = None


NOTHING_TO_ADD = Explained()


@dataclass(frozen=True)
class Refusal:
    """A refused order's circumstances: the reason and its detail, the board and the position it was checked
    in, the power that gave it, its unit where one stands there, and whether the rules limit a power's
    units."""

    reason: Reason
    detail: Mapping[str, str]
    board: Board
    position: Position
    power: str
    unit: Unit | None
    units_limited: bool  # the family's limit of units of a kind refused it (the result's `allowed`: how many)

    @property
    def phase(self) -> PhaseKind:
        return self.position.phase.kind


class Pen(Protocol):
    """The map being drawn, for one order of `power`: where things stand on it, and the strokes an order is
    drawn with (each returns the drawn element)."""

    @property
    def retreat(self) -> bool: ...
    @property
    def failed(self) -> bool: ...
    @property
    def spaces(self) -> Mapping[str, object]: ...
    def start(self, kind: UnitKind | None, at: str, retreat: bool) -> Point:
        """Where an order of the unit at `at` starts: the unit, or its dislodged place if `retreat`."""
        ...

    def place(self, location: str) -> Point: ...
    def label(self, space: str) -> Point: ...
    def city(self, space: str) -> Point: ...
    def unit_point(self, kind: UnitKind | None, location: str) -> Point: ...
    def kind_at(self, kind: UnitKind | None, location: str) -> UnitKind | None: ...
    def dislodged_point(self, location: str) -> Point: ...
    def arrow(
        self, css: str, start: Point, end: Point, head: bool, bend: bool = False, stop: float | None = None
    ) -> object:
        """A line from `start` to `end`, with a head or ending in a dot, crossed out if the order failed."""
        ...

    def cross(self, css: str, at: Point) -> object: ...
    def build(self, kind: UnitKind | None, at: Point) -> object:
        """A new unit's ring at `at`, its icon if built, crossed out if not."""
        ...


def supported(
    pen: Pen, kind: UnitKind | None, at: str, target_kind: UnitKind | None, target: str
) -> tuple[Point, Point]:
    """Where a support or convoy of the unit at `at` starts, and where the unit it names stands."""
    return pen.start(kind, at, False), pen.unit_point(pen.kind_at(target_kind, target), target)


def short_of(target: Point, destination: Point) -> Point:
    """Six tenths of the way from a supported or convoyed unit to where it goes: where the line ends."""
    return (target[0] + (destination[0] - target[0]) * 0.6, target[1] + (destination[1] - target[1]) * 0.6)


class Aiding(Protocol):
    """An order of a unit that aids another unit's move (a support of a move, a convoy)."""

    @property
    def kind(self) -> UnitKind | None: ...
    @property
    def at(self) -> str: ...
    @property
    def target_kind(self) -> UnitKind | None: ...
    @property
    def target(self) -> str: ...
    @property
    def to(self) -> str: ...


def aiding_values(order: Aiding, s: Telling) -> dict[str, str]:
    """The sentence's words of an order aiding a move: `unit`, `target` and `to_place`."""
    return {
        "unit": s.subject(order.kind, order.at),
        "target": s.other(order.target_kind, order.target),
        "to_place": s.w.to(order.to),
    }


def aiding_line(order: Aiding, pen: Pen, css: str) -> object:
    """An order aiding a move: a line from the unit to six tenths of the way the aided unit goes, ending in a dot."""
    start, target = supported(pen, order.kind, order.at, order.target_kind, order.target)
    return pen.arrow(css, start, short_of(target, pen.label(space_of(order.to))), head=False)
