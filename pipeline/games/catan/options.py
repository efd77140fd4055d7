"""The house rulings a Catan game fixes when it is created [K 19]: where the seed is silent or reads two
ways and players could want either, the choice is an option here (docs/rules/catan.md names each one at
its rule). The defaults are the rulings the rules page gives.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields

from pipeline.errors import DataError, Problem

from .resources import EMPTY, Hand, hand_from_data


class BarbarianIncome(enum.Enum):
    EACH = "each"  # each barbarian takes one card of its hex [K 12.4]
    HEX = "hex"  # the barbarians' owners take what the hex's buildings would have produced


class Rounding(enum.Enum):
    DOWN = "down"
    UP = "up"


class PirateReactivation(enum.Enum):
    LUMBER = "lumber"  # 1 lumber, as the military [K 15.6]
    FREE = "free"  # back to active at the start of its owner's next turn


class TurnFiles(enum.Enum):
    ROUND = "round"  # each player sends one file a round: his turn's script and his standing answers [K 3.1]
    PLAYER = "player"  # one file a player-turn: the judge waits for the player whose turn it is


class HexPlacement(enum.Enum):
    LOT = "lot"  # a drawn board's hexes laid by lot [K 1.6]
    DRAFT = "draft"  # each player in turn places the hex he drew, as the seed has it


class SpecialBuilding(enum.Enum):
    """The 5-6 extension's special building phase, with five or six players [K 3.6]."""

    PIECES = "pieces"  # after each turn, the others build pieces and buy cards; units in their own turn only
    UNITS = "units"  # they may raise and reactivate units there too
    OFF = "off"  # not played


class Deck(enum.Enum):
    FIVE_SIX = "five_six"  # the 5-6 player extension's 34 cards [K 16.1]
    BASE = "base"  # the base game's 25


@dataclass(frozen=True)
class CatanOptions:
    players: int = 0  # the seats that play; 0: as many as the board takes at most [K 3.1]
    turn_files: TurnFiles = TurnFiles.ROUND  # a file a round, or a file a player-turn [K 3.1]
    hex_placement: HexPlacement = HexPlacement.LOT  # a drawn board drawn by lot or drafted [K 1.6]
    open_hands: bool = False  # every hand public, in the state and the reports [K 3.3]
    victory_points: int = 10  # the target, set for the game [K 17.5]
    discard_on_seven: bool = True  # hands over the limit are halved on a 7 [K 4.6]
    hand_limit: int = 7
    walls_raise_hand_limit: bool = True  # each wall adds 2 to its owner's limit [K 4.6]
    bank_supply: int | None = None  # cards of each resource in the bank; None: 19, 24 with five or six; 0: no limit
    deck: Deck = Deck.FIVE_SIX
    barbarian_income: BarbarianIncome = BarbarianIncome.EACH  # [K 12.4]
    corruption_rounding: Rounding = Rounding.DOWN  # [K 13.4]
    corruption_counts_workers: bool = False  # the workers' cards are the worker's owner's, not the city's [K 13.4]
    pirate_reactivation: PirateReactivation = PirateReactivation.LUMBER  # [K 15.6]
    protection_attack_die: int = 20  # [K 15.7]
    protection_defence_die: int = 20  # [K 15.7]
    diplomat_attacks_assault: bool = False  # [K 10.8]
    knights_count_for_army: bool = True  # [K 16.4]
    attack_after_move: bool = True  # a unit may move, then attack, in one turn [K 10.9]
    hex_capacity: int = 5  # units on the slots of one hex, every player's together [K 9.5]
    explorer_steps: int = 1  # [K 14.3]
    longest_route_minimum: int = 5  # [K 17.2]
    largest_army_minimum: int = 3  # [K 17.3]
    # the counters each player has [K 8.3]: one counter, one unit, whichever face is up
    military_counters: int = 5
    worker_counters: int = 5
    guard_assault_counters: int = 4  # a guard on one face, an assault troop on the other
    barbarian_explorer_counters: int = 3
    diplomat_reformer_counters: int = 4
    naval_counters: int = 2  # pirates and protection ships together: "two naval units" [K 15.1]
    special_building_phase: SpecialBuilding = SpecialBuilding.PIECES  # with five or six players [K 3.6]
    island_bonus: int = 2  # points for a first settlement on an island off one's home islands [K 17.6]
    starting_hand: Hand = EMPTY  # a quick start: cards each player takes after the placement [K 18.4]


DEFAULT_OPTIONS = CatanOptions()
LARGE_GAME = 5  # the 5-6 player extension's game: five or six players


def bank_supply(options: CatanOptions, players: int) -> int:
    """The cards of each resource the bank starts with [K 4.7]: the game's option, else the base game's 19, or
    24 with five or six players (the 5-6 extension's 25 more cards); 0: no limit."""
    if options.bank_supply is not None:
        return options.bank_supply
    return 24 if players >= LARGE_GAME else 19


def special_building(options: CatanOptions, players: int) -> SpecialBuilding:
    """The special building phase a game plays [K 3.6]: the option's, with five or six players; none with
    fewer, as the base game."""
    return options.special_building_phase if players >= LARGE_GAME else SpecialBuilding.OFF


def options_from_data(data: object) -> CatanOptions:
    """The options a game.yaml's `catan:` section sets, every problem at once (`DataError`)."""
    if data is None:
        return DEFAULT_OPTIONS
    if not isinstance(data, dict):
        raise DataError([Problem("options", "expected the options by name")])
    problems: list[Problem] = []
    values: dict[str, object] = {}
    known = {f.name: f for f in fields(CatanOptions)}
    for key, value in data.items():
        f = known.get(key) if isinstance(key, str) else None
        if f is None:
            problems.append(Problem(f"options.{key}", "not an option of the Catan rules"))
            continue
        default = getattr(DEFAULT_OPTIONS, f.name)
        if isinstance(default, Hand):
            values[f.name] = hand_from_data(value, f"options.{key}", problems)
        elif isinstance(default, enum.Enum):
            try:
                values[f.name] = type(default)(value)
            except ValueError:
                choices = ", ".join(str(m.value) for m in type(default))
                problems.append(Problem(f"options.{key}", f"expected one of {choices}, got {value!r}"))
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                problems.append(Problem(f"options.{key}", f"expected true or false, got {value!r}"))
            else:
                values[f.name] = value
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(Problem(f"options.{key}", f"expected a whole number of at least 0, got {value!r}"))
        else:
            values[f.name] = value
    if problems:
        raise DataError(problems)
    return CatanOptions(**values)  # type: ignore[arg-type]


def options_to_data(options: CatanOptions) -> dict[str, object]:
    """The options that differ from the defaults, as plain data."""
    out: dict[str, object] = {}
    for f in fields(CatanOptions):
        value = getattr(options, f.name)
        if value != getattr(DEFAULT_OPTIONS, f.name):
            out[f.name] = (
                value.value if isinstance(value, enum.Enum) else value.to_data() if isinstance(value, Hand) else value
            )
    return out
