"""The state of a game between two turns [K 3]: every player's hand and cards, the buildings with their
status and walls, roads and ships, units on their slots (active or not), guards, explorers, corruption
markers, the number tokens (reformers move them), the development deck, the bank and the holders of the
longest route and the largest army.

`CatanState` is a value. The adjudication works on a `Table`, a private copy it changes step by step,
and hands back a new `CatanState`; the state it was given is never changed.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from .answers import Answers
from .board import Board, Edge, Slot, Vertex
from .options import CatanOptions, Deck, bank_supply
from .resources import EMPTY, Hand
from .units import SPECS, Counter, UnitKind, spec

SEATS = ("orange", "blue", "white", "black", "sky", "brown")  # the seats by their pieces' colours, `drawing.PALETTE`'s


class BuildingKind(enum.Enum):
    SETTLEMENT = "settlement"
    CITY = "city"


@dataclass(frozen=True)
class Building:
    owner: str
    kind: BuildingKind = BuildingKind.SETTLEMENT
    status: int = 0  # a city's status, 1 to 4 [K 7.1]; 0 for a settlement
    walls: bool = False  # [K 7.5]
    sabotaged: bool = False  # its status counter turned inactive by a diplomat [K 13.5]
    # its status counter turned active again by a change of its status or the loss of one of its units
    # while as many of the land units it raised as its status, or more, are alive [K 7.3]
    woken: bool = False

    @property
    def is_city(self) -> bool:
        return self.kind is BuildingKind.CITY


@dataclass(frozen=True)
class Ship:
    owner: str
    built: int = 0  # the round it was built in: it may not move that turn [K 15.9]


@dataclass(frozen=True)
class Unit:
    owner: str
    kind: UnitKind
    active: bool = True
    home: Vertex | None = None  # the building that raised it, whose quota it fills [K 7.3]


@dataclass(frozen=True, order=True)
class Corruption:
    """A corruption marker [K 13.4]: on `hex`, taking half of what the city on `city` draws from it."""

    hex: str
    city: Vertex
    owner: str  # the corrupter


@dataclass(frozen=True)
class Guard:
    """A guard [K 13.6] on a city's status counter (`hex` None: the city was sabotaged) or on the
    corruption marker on `hex` against that city."""

    owner: str
    city: Vertex
    hex: str | None = None
    turns: int = 0  # the owner's turns it has stood, counted at their start
    active: bool = True

    @property
    def key(self) -> tuple[str, Vertex, str]:
        return (self.owner, self.city, self.hex or "")


class Card(enum.Enum):
    KNIGHT = "knight"
    VICTORY_POINT = "victory_point"
    ROAD_BUILDING = "road_building"
    YEAR_OF_PLENTY = "year_of_plenty"
    MONOPOLY = "monopoly"


DECKS: Mapping[Deck, Mapping[Card, int]] = {
    Deck.FIVE_SIX: {Card.KNIGHT: 20, Card.VICTORY_POINT: 5, Card.ROAD_BUILDING: 3, Card.YEAR_OF_PLENTY: 3,
                    Card.MONOPOLY: 3},
    Deck.BASE: {Card.KNIGHT: 14, Card.VICTORY_POINT: 5, Card.ROAD_BUILDING: 2, Card.YEAR_OF_PLENTY: 2,
                Card.MONOPOLY: 2},
}  # fmt: skip


@dataclass(frozen=True, order=True)
class HeldCard:
    card: Card
    bought: int  # the round it was bought in: not played that turn [K 16.2]


@dataclass(frozen=True)
class Player:
    hand: Hand = EMPTY
    cards: tuple[HeldCard, ...] = ()
    knights: int = 0  # knight cards face up in front of him [K 16.3]
    turns: int = 0  # turns played


# the pieces each player has [K 6.7]
PIECES = {"settlement": 5, "city": 4, "road": 15, "ship": 15, "walls": 3}


@dataclass(frozen=True)
class CatanState:
    round: int
    seats: tuple[str, ...]  # the players in their order of play
    players: Mapping[str, Player]
    tokens: Mapping[str, int]  # the number token on each producing hex
    buildings: Mapping[Vertex, Building] = field(default_factory=dict)
    roads: Mapping[Edge, str] = field(default_factory=dict)
    ships: Mapping[Edge, Ship] = field(default_factory=dict)
    units: Mapping[Slot, Unit] = field(default_factory=dict)
    guards: tuple[Guard, ...] = ()
    explorers: Mapping[Vertex, Unit] = field(default_factory=dict)
    corruption: tuple[Corruption, ...] = ()
    deck: Mapping[Card, int] = field(default_factory=dict)
    bank: Hand | None = None  # the bank's cards; None: it never runs out [K 4.7]
    longest_route: str | None = None
    largest_army: str | None = None
    winner: str | None = None
    answers: Mapping[str, Answers] = field(default_factory=dict)  # each player's standing answers [K 3.1]
    home: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # the islands of each one's placement
    islands: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # each one's new islands, their points

    def table(self) -> Table:
        return Table(
            round=self.round,
            seats=self.seats,
            players=dict(self.players),
            tokens=dict(self.tokens),
            buildings=dict(self.buildings),
            roads=dict(self.roads),
            ships=dict(self.ships),
            units=dict(self.units),
            guards=list(self.guards),
            explorers=dict(self.explorers),
            corruption=list(self.corruption),
            deck=dict(self.deck),
            bank=self.bank,
            longest_route=self.longest_route,
            largest_army=self.largest_army,
            winner=self.winner,
            answers=dict(self.answers),
            home=dict(self.home),
            islands={p: dict(i) for p, i in self.islands.items()},
        )

    def points(self, player: str) -> int:
        return self.table().points(player)

    def shown_points(self, player: str) -> int:
        """The points everybody sees [K 3.3] [K 17.1]: a victory point card is its holder's secret until the
        game is won, when every card is shown."""
        if self.winner is not None:
            return self.points(player)
        return self.points(player) - sum(1 for c in self.players[player].cards if c.card is Card.VICTORY_POINT)


def new_state(board: Board, seats: Iterable[str], options: CatanOptions) -> CatanState:
    """The state before the initial placement [K 18.1]: empty hands, the board's tokens, a full deck and
    bank."""
    seats = tuple(seats)
    supply = bank_supply(options, len(seats))
    return CatanState(
        round=0,
        seats=seats,
        players={p: Player() for p in seats},
        tokens=board.tokens(),
        deck=dict(DECKS[options.deck]),
        bank=Hand((supply, supply, supply, supply, supply)) if supply else None,
    )


@dataclass
class Table:
    """A state being played: the same fields, changeable, and the questions every rule asks of them."""

    round: int
    seats: tuple[str, ...]
    players: dict[str, Player]
    tokens: dict[str, int]
    buildings: dict[Vertex, Building]
    roads: dict[Edge, str]
    ships: dict[Edge, Ship]
    units: dict[Slot, Unit]
    guards: list[Guard]
    explorers: dict[Vertex, Unit]
    corruption: list[Corruption]
    deck: dict[Card, int]
    bank: Hand | None
    longest_route: str | None
    largest_army: str | None
    winner: str | None
    answers: dict[str, Answers] = field(default_factory=dict)
    home: dict[str, tuple[str, ...]] = field(default_factory=dict)
    islands: dict[str, dict[str, int]] = field(default_factory=dict)

    def freeze(self) -> CatanState:
        return CatanState(
            round=self.round,
            seats=self.seats,
            players=dict(self.players),
            tokens=dict(sorted(self.tokens.items())),
            buildings=dict(sorted(self.buildings.items())),
            roads=dict(sorted(self.roads.items())),
            ships=dict(sorted(self.ships.items())),
            units=dict(sorted(self.units.items())),
            guards=tuple(sorted(self.guards, key=lambda g: g.key)),
            explorers=dict(sorted(self.explorers.items())),
            corruption=tuple(sorted(self.corruption)),
            deck={c: n for c, n in self.deck.items() if n},
            bank=self.bank,
            longest_route=self.longest_route,
            largest_army=self.largest_army,
            winner=self.winner,
            answers={p: a for p, a in sorted(self.answers.items()) if a},
            home={p: h for p, h in sorted(self.home.items()) if h},
            islands={p: dict(sorted(i.items())) for p, i in sorted(self.islands.items()) if i},
        )

    # ---- hands -----------------------------------------------------------------------------------

    def hand(self, player: str) -> Hand:
        return self.players[player].hand

    def set_hand(self, player: str, hand: Hand) -> None:
        p = self.players[player]
        self.players[player] = Player(hand, p.cards, p.knights, p.turns)

    def pay(self, player: str, cost: Hand) -> None:
        """`player` gives `cost` to the bank (`hand(player).covers(cost)` first)."""
        self.set_hand(player, self.hand(player) - cost)
        if self.bank is not None:
            self.bank = self.bank + cost

    def pay_to(self, player: str, other: str, cards: Hand) -> None:
        self.set_hand(player, self.hand(player) - cards)
        self.set_hand(other, self.hand(other) + cards)

    def take(self, player: str, cards: Hand) -> Hand:
        """`player` takes `cards` from the bank, as many as it has; what he got."""
        got = cards if self.bank is None else cards.capped(self.bank)
        if self.bank is not None:
            self.bank = self.bank - got
        self.set_hand(player, self.hand(player) + got)
        return got

    # ---- pieces ----------------------------------------------------------------------------------

    def buildings_of(self, player: str) -> list[tuple[Vertex, Building]]:
        return [(v, b) for v, b in sorted(self.buildings.items()) if b.owner == player]

    def pieces_left(self, player: str, piece: str) -> int:
        used = {
            "settlement": sum(1 for _, b in self.buildings_of(player) if not b.is_city),
            "city": sum(1 for _, b in self.buildings_of(player) if b.is_city),
            "road": sum(1 for o in self.roads.values() if o == player),
            "ship": sum(1 for s in self.ships.values() if s.owner == player),
            "walls": sum(1 for _, b in self.buildings_of(player) if b.walls),
        }[piece]
        return PIECES[piece] - used

    def all_units(self) -> list[tuple[Slot | Vertex | Guard, Unit]]:
        """Every unit on the board, wherever it stands (guards as units of their kind)."""
        out: list[tuple[Slot | Vertex | Guard, Unit]] = [(s, u) for s, u in sorted(self.units.items())]
        out += [(v, u) for v, u in sorted(self.explorers.items())]
        out += [(g, Unit(g.owner, UnitKind.GUARD, g.active, g.city)) for g in sorted(self.guards, key=lambda g: g.key)]
        return out

    def counters_used(self, player: str, counter: Counter, options: CatanOptions) -> int:
        """The player's counters of a kind on the board [K 8.3]: his units of either face, and for the naval
        counters his corruption markers too, the back of the pirate [K 13.4]."""
        used = sum(1 for _, u in self.all_units() if u.owner == player and spec(u.kind, options).counter is counter)
        if counter is Counter.NAVAL:
            used += sum(1 for c in self.corruption if c.owner == player)
        return used

    def raised_by(self, vertex: Vertex) -> int:
        """The living land units a building raised, guards apart [K 7.3]."""
        return sum(
            1
            for _, u in self.all_units()
            if u.home == vertex and u.kind is not UnitKind.GUARD and not SPECS[u.kind].naval
        )

    def counter_active(self, vertex: Vertex) -> bool:
        """A city's status counter shows its active face [K 7.3]: fewer of the land units it raised are
        alive than its status, or a change of status or a loss woke it since it last raised one."""
        b = self.buildings[vertex]
        return b.woken or self.raised_by(vertex) < b.status

    def wake(self, vertex: Vertex | None) -> None:
        """The status counter of the city on `vertex`, if any, turned active [K 7.3]: its status changed or
        one of its units left the board. Kept as `woken` only while the count alone would leave it
        inactive."""
        b = self.buildings.get(vertex) if vertex is not None else None
        if vertex is not None and b is not None and b.is_city:
            self.buildings[vertex] = replace(b, woken=self.raised_by(vertex) >= b.status)

    def units_on_hex(self, hex_id: str) -> int:
        """Units on the slots of a hex, every player's [K 9.5]."""
        return sum(1 for s in self.units if s.hex == hex_id)

    def remove_unit_at(self, where: Slot | Vertex | Guard) -> None:
        if isinstance(where, Slot):
            del self.units[where]
        elif isinstance(where, Vertex):
            del self.explorers[where]
        else:
            self.guards.remove(where)

    # ---- points ----------------------------------------------------------------------------------

    def points(self, player: str) -> int:
        """Victory points [K 17.1]: 1 a settlement, 2 a city, 2 for the longest route and for the largest
        army, 1 a victory point card (held, shown or not), and the bonus of each new island settled
        [K 17.6]."""
        total = sum(2 if b.is_city else 1 for _, b in self.buildings_of(player))
        total += 2 * (self.longest_route == player) + 2 * (self.largest_army == player)
        total += sum(1 for c in self.players[player].cards if c.card is Card.VICTORY_POINT)
        return total + sum(self.islands.get(player, {}).values())
