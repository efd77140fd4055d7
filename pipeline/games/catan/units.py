"""The variant's units [K 8]: what each costs, where it is raised, its dice, how far it moves, what a
tie does to it, and whom it may attack [K 10.8].
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from .options import CatanOptions, PirateReactivation
from .resources import Hand


class UnitKind(enum.Enum):
    MILITARY = "military"
    ASSAULT = "assault"  # assault troop
    GUARD = "guard"
    WORKER = "worker"
    BARBARIAN = "barbarian"
    EXPLORER = "explorer"
    DIPLOMAT = "diplomat"
    REFORMER = "reformer"
    PIRATE = "pirate"
    PROTECTION = "protection"  # protection ship

    def __str__(self) -> str:
        return self.value


class Site(enum.Enum):
    """Where a unit is raised [K 8.2]."""

    CITY = "city"  # a city, within its status's quota
    SETTLEMENT_OR_CITY = "settlement_or_city"  # assault troops: a settlement's one unit, or a city's quota
    COAST = "coast"  # naval units: any settlement or city on the sea, no quota
    POST = "post"  # guards: a corruption marker or a sabotaged city of the builder's


class Tie(enum.Enum):
    """What a tie does to a unit [K 10.4]."""

    DEACTIVATED = "deactivated"
    REMOVED = "removed"


class Counter(enum.Enum):
    """The two-faced counters the units share [K 8.3]."""

    MILITARY = "military"
    WORKER = "worker"
    GUARD_ASSAULT = "guard_assault"
    BARBARIAN_EXPLORER = "barbarian_explorer"
    DIPLOMAT_REFORMER = "diplomat_reformer"
    NAVAL = "naval"


@dataclass(frozen=True)
class UnitSpec:
    kind: UnitKind
    cost: Hand
    site: Site
    counter: Counter
    attack: int | None  # the attack die's sides; None: never attacks
    defence: int | None  # the defence die's sides; None: cannot be attacked
    steps: int  # slots moved a turn (explorers: vertices)
    tie: Tie
    reactivation: Hand | None  # None: it never turns inactive, or the rules give no cost
    naval: bool = False


LUMBER1 = Hand.of(lumber=1)

SPECS: Mapping[UnitKind, UnitSpec] = {
    s.kind: s
    for s in (
        UnitSpec(UnitKind.MILITARY, Hand.of(ore=2, lumber=1, wool=1), Site.CITY, Counter.MILITARY,
                 20, 20, 1, Tie.DEACTIVATED, LUMBER1),
        UnitSpec(UnitKind.ASSAULT, Hand.of(ore=1, brick=1), Site.SETTLEMENT_OR_CITY, Counter.GUARD_ASSAULT,
                 10, 10, 2, Tie.DEACTIVATED, LUMBER1),
        UnitSpec(UnitKind.GUARD, Hand.of(ore=3), Site.POST, Counter.GUARD_ASSAULT,
                 None, 20, 0, Tie.DEACTIVATED, LUMBER1),
        UnitSpec(UnitKind.WORKER, Hand.of(grain=2, lumber=1), Site.CITY, Counter.WORKER,
                 None, 10, 1, Tie.DEACTIVATED, Hand.of(grain=1)),
        UnitSpec(UnitKind.BARBARIAN, Hand.of(wool=1, grain=1, lumber=2), Site.CITY, Counter.BARBARIAN_EXPLORER,
                 None, 12, 1, Tie.REMOVED, None),
        UnitSpec(UnitKind.EXPLORER, Hand.of(wool=1, lumber=1, ore=1, grain=1), Site.CITY, Counter.BARBARIAN_EXPLORER,
                 None, None, 1, Tie.REMOVED, None),
        UnitSpec(UnitKind.DIPLOMAT, Hand.of(wool=1, grain=1, lumber=2), Site.CITY, Counter.DIPLOMAT_REFORMER,
                 20, 10, 1, Tie.REMOVED, None),
        UnitSpec(UnitKind.REFORMER, Hand.of(lumber=2, brick=1), Site.CITY, Counter.DIPLOMAT_REFORMER,
                 None, 8, 1, Tie.REMOVED, None),
        UnitSpec(UnitKind.PIRATE, Hand.of(lumber=1, wool=1, ore=1), Site.COAST, Counter.NAVAL,
                 20, 12, 1, Tie.DEACTIVATED, LUMBER1, naval=True),
        UnitSpec(UnitKind.PROTECTION, Hand.of(lumber=1, wool=1, ore=1), Site.COAST, Counter.NAVAL,
                 20, 20, 1, Tie.DEACTIVATED, LUMBER1, naval=True),
    )
}  # fmt: skip


def spec(kind: UnitKind, options: CatanOptions) -> UnitSpec:
    """A unit's figures under the game's options (the protection ship's dice [K 15.7], the pirate's
    reactivation [K 15.6])."""
    base = SPECS[kind]
    if kind is UnitKind.PROTECTION:
        return UnitSpec(
            kind, base.cost, base.site, base.counter, options.protection_attack_die,
            options.protection_defence_die, base.steps, base.tie, base.reactivation, naval=True,
        )  # fmt: skip
    if kind is UnitKind.PIRATE and options.pirate_reactivation is PirateReactivation.FREE:
        return UnitSpec(
            kind, base.cost, base.site, base.counter, base.attack, base.defence, base.steps, base.tie,
            Hand(), naval=True,
        )  # fmt: skip
    return base


def counters(kind: Counter, options: CatanOptions) -> int:
    return {
        Counter.MILITARY: options.military_counters,
        Counter.WORKER: options.worker_counters,
        Counter.GUARD_ASSAULT: options.guard_assault_counters,
        Counter.BARBARIAN_EXPLORER: options.barbarian_explorer_counters,
        Counter.DIPLOMAT_REFORMER: options.diplomat_reformer_counters,
        Counter.NAVAL: options.naval_counters,
    }[kind]


class Target(enum.Enum):
    """What an attack may be aimed at: a unit of a kind, or one of the pieces that are not units."""

    CITY = "city"
    SETTLEMENT = "settlement"
    ROUTE_SHIP = "route_ship"  # a ship of a trade route


LAND_TARGETS = frozenset(
    {UnitKind.MILITARY, UnitKind.ASSAULT, UnitKind.GUARD, UnitKind.WORKER, UnitKind.BARBARIAN,
     UnitKind.DIPLOMAT, UnitKind.REFORMER}
)  # fmt: skip

KNIGHT = "knight"  # the knight card, as an attacker of the matrix [K 16.3]

# [K 10.8] who may attack whom: a military unit "toute unité adverse à l'exclusion de l'explorateur", the
# protection ship across a coast included, an assault troop the same but cities; the explorer no one
# [K 14.1], the pirate only protection ships [K 15.4]
MATRIX: Mapping[UnitKind | str, frozenset[UnitKind | Target]] = {
    UnitKind.MILITARY: LAND_TARGETS | {UnitKind.PROTECTION, Target.CITY},
    UnitKind.ASSAULT: LAND_TARGETS | {UnitKind.PROTECTION},
    UnitKind.DIPLOMAT: frozenset({UnitKind.MILITARY, UnitKind.WORKER, Target.CITY}),
    UnitKind.PIRATE: frozenset({UnitKind.PROTECTION, Target.ROUTE_SHIP}),
    UnitKind.PROTECTION: frozenset({UnitKind.PIRATE}),
    KNIGHT: LAND_TARGETS | {UnitKind.PROTECTION},
}


def may_attack(attacker: UnitKind | str, target: UnitKind | Target, options: CatanOptions) -> bool:
    if attacker is UnitKind.DIPLOMAT and target is UnitKind.ASSAULT:
        return options.diplomat_attacks_assault  # [K 10.8]
    return target in MATRIX.get(attacker, frozenset())


def unit_named(text: object) -> UnitKind | None:
    aliases = {
        "assault_troop": UnitKind.ASSAULT,
        "assault troop": UnitKind.ASSAULT,
        "protection_ship": UnitKind.PROTECTION,
        "protection ship": UnitKind.PROTECTION,
    }
    if not isinstance(text, str):
        return None
    word = text.strip().lower()
    try:
        return UnitKind(word)
    except ValueError:
        return aliases.get(word)
