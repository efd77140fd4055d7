"""What a turn did, as records a report can put into words: codes are enums, places are the board's
names (``c3/d4``), cards are hands. Nothing here is prose.

Every step of a player's script gives one `StepDone` (its `reason` None when it ran); the other records
say what the step, the dice or the rules changed.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .board import Terrain
from .resources import EMPTY, Hand, Resource
from .state import Card
from .units import Target, UnitKind


class Section(enum.Enum):
    """The phases of a turn, in their fixed order [K 3.2]."""

    INCOME = "income"
    TRADE = "trade"
    BUILD = "build"
    ACT = "act"  # movement and combat
    SPECIAL = "special"  # the special building phase, after each other player's turn [K 3.6]


class Action(enum.Enum):
    OFFER = "offer"
    BANK = "bank"
    ROAD = "road"
    SHIP = "ship"
    SETTLEMENT = "settlement"
    CITY = "city"
    STATUS = "status"
    WALLS = "walls"
    CARD = "card"  # buy a development card
    UNIT = "unit"  # raise a unit
    REACTIVATE = "reactivate"
    PLAY = "play"  # play a development card other than the knight
    MOVE = "move"
    MOVE_SHIP = "move_ship"
    MOVE_EXPLORER = "move_explorer"
    ATTACK = "attack"
    KNIGHT = "knight"
    SWAP = "swap"


class Reason(enum.Enum):
    """Why a step was skipped (or a partner refused a trade)."""

    # the step's condition
    ROLL_DIFFERS = "roll_differs"  # `if: {roll: ...}` not met
    HAND_SHORT = "hand_short"  # `if: {has: ...}` not met
    AFTER_NOT_DONE = "after_not_done"  # `if: {after: <label>}`: that step did not run
    UNLESS_DONE = "unless_done"  # `if: {unless: <label>}`: that step ran
    WON_NOT_MET = "won_not_met"  # `if: {won: <label>}`: that attack was not won
    LOST_NOT_MET = "lost_not_met"  # `if: {lost: <label>}`: that attack was not lost
    GAME_OVER = "game_over"  # somebody has won
    # paying
    CANNOT_AFFORD = "cannot_afford"  # `missing` says what the hand lacks
    BANK_LACKS = "bank_lacks"
    NO_PIECE_LEFT = "no_piece_left"
    NO_COUNTER_LEFT = "no_counter_left"
    NO_MARKER_LEFT = "no_marker_left"  # both naval counters on the board: no pirate's back for a marker [K 13.4]
    # places
    NOT_LAND = "not_land"
    NOT_SEA = "not_sea"
    OCCUPIED = "occupied"
    DISTANCE_RULE = "distance_rule"
    NOT_START_ISLAND = "not_start_island"  # the placement stands on the board's start islands [K 18.2]
    NOT_CONNECTED = "not_connected"
    NOT_OWN_SETTLEMENT = "not_own_settlement"
    NOT_OWN_CITY = "not_own_city"
    NOT_OWN_BUILDING = "not_own_building"
    STATUS_MAX = "status_max"
    HAS_WALLS = "has_walls"
    QUOTA_FULL = "quota_full"  # the city's status counter is inactive: its quota is raised [K 7.3]
    SABOTAGED = "sabotaged"  # the status counter was turned inactive by a diplomat [K 13.5]
    SETTLEMENT_UNIT = "settlement_unit"  # a settlement raises one assault troop at a time, nothing else [K 8.2]
    CITY_ONLY = "city_only"
    NOT_COASTAL = "not_coastal"
    NOT_AROUND = "not_around"  # the slot is not one of the six round the building
    HEX_FULL = "hex_full"  # [K 9.5]
    EXPLORER_THERE = "explorer_there"
    NO_POST = "no_post"  # no corruption marker or sabotage of the builder's city there [K 13.6]
    POST_TAKEN = "post_taken"
    # units
    NO_UNIT = "no_unit"
    NOT_YOURS = "not_yours"
    INACTIVE = "inactive"
    ALREADY_ACTIVE = "already_active"
    NO_REACTIVATION = "no_reactivation"  # this unit never turns inactive, or reactivates by itself
    ALREADY_MOVED = "already_moved"
    ALREADY_ATTACKED = "already_attacked"
    MOVED_THIS_TURN = "moved_this_turn"  # option attack_after_move off [K 10.9]
    CANNOT_MOVE = "cannot_move"
    TOO_FAR = "too_far"
    NOT_NEXT = "not_next"  # not adjacent
    ENEMY_IN_WAY = "enemy_in_way"
    CANNOT_ATTACK = "cannot_attack"  # the attack matrix forbids it [K 10.8]
    NO_TARGET = "no_target"
    OWN_TARGET = "own_target"
    NOT_END_SHIP = "not_end_ship"  # a pirate attacks, and a ship moves, only at the open end of a route
    SHIP_BUILT_THIS_TURN = "ship_built_this_turn"
    SHIP_MOVED = "ship_moved"  # one ship move a turn [K 15.9]
    SAME_HEX = "same_hex"
    NO_TOKEN = "no_token"
    # trade
    NO_PARTNER = "no_partner"  # `refusals` says why each one refused
    NO_ANSWER = "no_answer"  # a partner's standing answers do not accept this offer
    PARTNER_LACKS = "partner_lacks"
    NOT_A_PLAYER = "not_a_player"
    # development cards
    NO_CARD = "no_card"
    CARD_NEW = "card_new"  # bought this turn [K 16.2]
    CARD_PLAYED = "card_played"  # one card a turn [K 16.2]
    DECK_EMPTY = "deck_empty"
    CHOICE_NEEDED = "choice_needed"  # a diplomat's win over a city with neither corrupt nor sabotage named
    # the special building phase [K 3.6]
    SPECIAL_NO_UNITS = "special_no_units"  # units are raised and reactivated in their owner's own turn
    NO_SPECIAL_PHASE = "no_special_phase"  # no special building phase came for the step this round


@dataclass(frozen=True)
class StepDone:
    """One step of a player's script: run (`reason` None) or skipped, and why."""

    player: str
    index: int  # its place in the script, from 1
    section: Section
    action: Action
    reason: Reason | None = None
    missing: Hand = EMPTY  # CANNOT_AFFORD: what the hand lacked
    refusals: tuple[tuple[str, Reason], ...] = ()  # NO_PARTNER: each partner asked, and why he refused
    label: str | None = None


@dataclass(frozen=True)
class TurnBegan:
    """A player's turn begins: what follows, until the next, happens in his turn."""

    player: str


@dataclass(frozen=True)
class Rolled:
    player: str
    dice: tuple[int, int]

    @property
    def total(self) -> int:
        return sum(self.dice)


class Source(enum.Enum):
    SETTLEMENT = "settlement"
    CITY = "city"
    WORKER = "worker"
    BARBARIAN = "barbarian"
    CORRUPTION = "corruption"
    START = "start"  # the second settlement's cards [K 18.3]
    QUICK_START = "quick_start"  # the game's starting hand [K 18.4]


@dataclass(frozen=True)
class Produced:
    player: str
    hex: str
    source: Source
    cards: Hand
    at: str = ""  # the building, worker's slot or barbarian's slot it came from


@dataclass(frozen=True)
class BankShort:
    """The bank could not give every player what a roll owed him in `resource`: nobody got it [K 4.7]."""

    resource: Resource
    owed: int


@dataclass(frozen=True)
class Discarded:
    player: str
    cards: Hand


@dataclass(frozen=True)
class Traded:
    player: str
    partner: str | None  # None: the bank, at `rate` for 1
    gave: Hand
    got: Hand
    rate: int = 0


class Piece(enum.Enum):
    ROAD = "road"
    SHIP = "ship"
    SETTLEMENT = "settlement"
    CITY = "city"
    STATUS = "status"
    WALLS = "walls"
    CARD = "card"
    UNIT = "unit"


@dataclass(frozen=True)
class Built:
    player: str
    piece: Piece
    at: str  # the place; "" for a card
    paid: Hand
    unit: UnitKind | None = None
    status: int = 0  # STATUS, CITY: the city's status now
    card: Card | None = None  # CARD: the card drawn (the buyer's secret)
    free: bool = False  # placed at the setup or by a road building card


@dataclass(frozen=True)
class ExplorerBoughtOut:
    """A settlement built on another's explorer: the builder paid him 2 ore [K 14.2]."""

    player: str
    owner: str
    at: str
    paid: Hand


@dataclass(frozen=True)
class Reactivated:
    player: str
    unit: UnitKind
    at: str
    paid: Hand


@dataclass(frozen=True)
class Moved:
    player: str
    unit: UnitKind | None  # None: a ship of a route
    path: tuple[str, ...]  # from, then each place entered


class Side(enum.Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"
    TIE = "tie"


class EffectKind(enum.Enum):
    REMOVED = "removed"  # back to its owner's reserve
    DEACTIVATED = "deactivated"
    STATUS_LOST = "status_lost"
    REVERTED = "reverted"  # the city became a settlement
    WALLS_LOST = "walls_lost"
    CORRUPTED = "corrupted"  # a marker on `at` (the hex)
    SABOTAGED = "sabotaged"
    SHIP_REMOVED = "ship_removed"
    CARD_FACE_UP = "card_face_up"
    CARD_RETURNED = "card_returned"  # back into the deck [K 16.3]


@dataclass(frozen=True)
class Effect:
    kind: EffectKind
    player: str  # whose piece
    at: str
    unit: UnitKind | None = None


@dataclass(frozen=True)
class Die:
    sides: int
    value: int
    bonus: int = 0  # a city's status [K 7.4]

    @property
    def total(self) -> int:
        return self.value + self.bonus


@dataclass(frozen=True)
class Combat:
    attacker: str
    unit: UnitKind | None  # None: the knight card [K 16.3]
    at: str  # "" for the knight
    defender: str
    target: UnitKind | Target
    target_at: str
    attack: Die
    defence: Die
    winner: Side
    effects: tuple[Effect, ...]


class GuardResult(enum.Enum):
    MARKER_REMOVED = "marker_removed"
    STATUS_RESTORED = "status_restored"


@dataclass(frozen=True)
class GuardStood:
    """A guard stood its three turns [K 13.7]: the marker is gone or the counter active again, and the
    guard back in its owner's reserve."""

    player: str
    city: str
    hex: str | None
    result: GuardResult


@dataclass(frozen=True)
class Reactivates:
    """A unit turned active at the start of its owner's turn (a pirate, under `pirate_reactivation: free`)."""

    player: str
    unit: UnitKind
    at: str


@dataclass(frozen=True)
class Swapped:
    player: str
    hexes: tuple[str, str]
    tokens: tuple[int, int]  # the tokens now on them


@dataclass(frozen=True)
class CardPlayed:
    player: str
    card: Card
    took: Hand = EMPTY
    resource: Resource | None = None  # monopoly


@dataclass(frozen=True)
class Taken:
    """A monopoly took `cards` from `player` for `by`."""

    player: str
    by: str
    cards: Hand


class Award(enum.Enum):
    LONGEST_ROUTE = "longest_route"
    LARGEST_ARMY = "largest_army"


@dataclass(frozen=True)
class Awarded:
    award: Award
    player: str | None  # None: nobody holds it now
    before: str | None
    size: int  # the route's length, or the knights


@dataclass(frozen=True)
class SpecialPhase:
    """The special building phase after `after`'s turn begins: the others build in turn [K 3.6]."""

    after: str


@dataclass(frozen=True)
class IslandSettled:
    """A first settlement of `player` on an island off his home islands: `points` more [K 17.6]."""

    player: str
    island: str  # named by its first hex
    at: str
    points: int


@dataclass(frozen=True)
class Won:
    """The player whose turn it is reaches the target [K 17.5], and what his points are made of [K 17.1]."""

    player: str
    points: int
    # what they are made of, each source with its count: settlement, city, longest_route, largest_army,
    # card (victory point cards), islands (the points of new islands settled [K 17.6])
    made_of: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class HexPlaced:
    """A drafted hex laid [K 1.6]: the terrain `player` drew, on `hex`; `chosen` False when none of his
    choices was open and it went on the first open hex."""

    player: str
    hex: str
    terrain: Terrain
    chosen: bool = True


@dataclass(frozen=True)
class PlacedByDefault:
    """None of `player`'s `tried` ranked placement choices could be taken when his placement came (taken by
    another, too close to a settlement, off the start islands): his settlement goes on the first open corner
    of the board by name, with its first free side [K 18.2]."""

    player: str
    tried: int


@dataclass(frozen=True)
class TokensLaid:
    """The last drafted hex laid: the number tokens drawn onto the board's producing hexes [K 1.6]."""

    count: int


Event = (
    HexPlaced | TokensLaid | TurnBegan | StepDone | Rolled | Produced | BankShort | Discarded | Traded | Built
    | ExplorerBoughtOut | Reactivated | Moved | Combat | GuardStood | Reactivates | Swapped | CardPlayed | Taken
    | Awarded | Won | SpecialPhase | IslandSettled | PlacedByDefault
)  # fmt: skip
