"""Catan's options (`options.CatanOptions`) as players read them: for each option, what a value means, a
sentence in the reader's language (`GameFamily.option_words`; the site's rules page and game page show
them). Each choice is described at its rule in docs/rules/catan.md."""

from __future__ import annotations

import dataclasses
import enum

from pipeline.games.contract import Translations

from .options import (
    BarbarianIncome,
    CatanOptions,
    Deck,
    HexPlacement,
    PirateReactivation,
    Rounding,
    SpecialBuilding,
    TurnFiles,
)
from .report import hand_words
from .resources import Hand


def _hand(hand: Hand, t: Translations) -> str:
    if not hand:
        return t.gettext("The game starts from the placement alone: nobody takes cards before the first roll.")
    return t.gettext("A quick start: after the placement each player takes %(cards)s.") % {
        "cards": hand_words(hand).words(t)
    }


def _number(name: str, n: int, t: Translations) -> str | None:
    """What a number option set to `n` means (None: not a number option)."""
    counts = {
        "players": lambda: (
            t.gettext("As many players as the board takes.")
            if n == 0
            else t.ngettext("%(n)s player takes part.", "%(n)s players take part.", n)
        ),
        "victory_points": lambda: t.ngettext(
            "The first player to reach %(n)s victory point wins.",
            "The first player to reach %(n)s victory points wins.",
            n,
        ),
        "hand_limit": lambda: t.ngettext(
            "A player may hold %(n)s card before a 7 makes him give some back.",
            "A player may hold %(n)s cards before a 7 makes him give some back.",
            n,
        ),
        "bank_supply": lambda: (
            t.gettext("The bank never runs out of a resource.")
            if n == 0
            else t.ngettext(
                "The bank holds %(n)s card of each resource.", "The bank holds %(n)s cards of each resource.", n
            )
        ),
        "protection_attack_die": lambda: t.gettext("A protection ship attacks with a die of %(n)s sides."),
        "protection_defence_die": lambda: t.gettext("A protection ship defends with a die of %(n)s sides."),
        "hex_capacity": lambda: t.ngettext(
            "A hex holds at most %(n)s unit, every player's together.",
            "A hex holds at most %(n)s units, every player's together.",
            n,
        ),
        "explorer_steps": lambda: t.ngettext(
            "An explorer moves %(n)s corner a turn.", "An explorer moves %(n)s corners a turn.", n
        ),
        "longest_route_minimum": lambda: t.ngettext(
            "The longest route needs at least %(n)s road or ship.",
            "The longest route needs at least %(n)s roads and ships.",
            n,
        ),
        "largest_army_minimum": lambda: t.ngettext(
            "The largest army needs at least %(n)s knight.", "The largest army needs at least %(n)s knights.", n
        ),
        "military_counters": lambda: t.ngettext(
            "Each player has %(n)s military counter.", "Each player has %(n)s military counters.", n
        ),
        "worker_counters": lambda: t.ngettext(
            "Each player has %(n)s worker counter.", "Each player has %(n)s worker counters.", n
        ),
        "guard_assault_counters": lambda: t.ngettext(
            "Each player has %(n)s counter with a guard on one face and an assault troop on the other.",
            "Each player has %(n)s counters with a guard on one face and an assault troop on the other.",
            n,
        ),
        "barbarian_explorer_counters": lambda: t.ngettext(
            "Each player has %(n)s counter with a barbarian on one face and an explorer on the other.",
            "Each player has %(n)s counters with a barbarian on one face and an explorer on the other.",
            n,
        ),
        "diplomat_reformer_counters": lambda: t.ngettext(
            "Each player has %(n)s counter with a diplomat on one face and a reformer on the other.",
            "Each player has %(n)s counters with a diplomat on one face and a reformer on the other.",
            n,
        ),
        "naval_counters": lambda: t.ngettext(
            "Each player has %(n)s naval unit, pirate or protection ship.",
            "Each player has %(n)s naval units, pirates and protection ships together.",
            n,
        ),
        "island_bonus": lambda: (
            t.gettext("Settling a new island brings nothing more.")
            if n == 0
            else t.ngettext(
                "A player's first settlement on each island off his home islands brings him %(n)s victory point.",
                "A player's first settlement on each island off his home islands brings him %(n)s victory points.",
                n,
            )
        ),
    }
    said = counts.get(name)
    return said() % {"n": n} if said else None


def _sentence(name: str, value: object, t: Translations) -> str:
    """What option `name` set to `value` means."""
    if isinstance(value, Hand):
        return _hand(value, t)
    if value is None and name == "bank_supply":
        return t.gettext("The bank holds 19 cards of each resource, 24 with five or six players (the 5-6 extension's).")
    if isinstance(value, int) and not isinstance(value, bool):
        said = _number(name, value, t)
        if said is None:
            raise KeyError(name)
        return said
    choices: dict[object, str] = {
        Deck.FIVE_SIX: t.gettext("The development cards are the 5-6 player extension's 34."),
        Deck.BASE: t.gettext("The development cards are the base game's 25."),
        BarbarianIncome.EACH: t.gettext(
            "When a hex with barbarians produces, each barbarian takes one card of it for its owner."
        ),
        BarbarianIncome.HEX: t.gettext(
            "When a hex with barbarians produces, the barbarians' owners share what its buildings would have produced."
        ),
        Rounding.DOWN: t.gettext("A corrupter takes half of what the city draws from the hex, rounded down."),
        Rounding.UP: t.gettext("A corrupter takes half of what the city draws from the hex, rounded up."),
        TurnFiles.ROUND: t.gettext(
            "Each player sends one file a round: the script of his own turn and his answers for the others' turns."
        ),
        TurnFiles.PLAYER: t.gettext(
            "Each player sends one file for each of his turns; the round waits for the player whose turn it is."
        ),
        HexPlacement.LOT: t.gettext("A drawn board's hexes are laid by lot."),
        HexPlacement.DRAFT: t.gettext("A drawn board's hexes are drafted: each player in turn lays the hex he drew."),
        SpecialBuilding.PIECES: t.gettext(
            "With five or six players, after each turn the others may build roads, ships, settlements, cities, "
            "walls and a city's status, and buy development cards; units are raised in their owner's own turn."
        ),
        SpecialBuilding.UNITS: t.gettext(
            "With five or six players, after each turn the others may build all their construction phase "
            "allows, units too."
        ),
        SpecialBuilding.OFF: t.gettext("Nobody builds between two turns: no special building phase."),
        PirateReactivation.LUMBER: t.gettext("An inactive pirate turns active again for 1 lumber."),
        PirateReactivation.FREE: t.gettext("An inactive pirate turns active again by itself at its owner's next turn."),
    }
    if isinstance(value, enum.Enum):
        return choices[value]
    flags = {
        "open_hands": (
            t.gettext("Every hand and every development card is public."),
            t.gettext("Each player's hand and development cards are his own secret; the others see how many."),
        ),
        "discard_on_seven": (
            t.gettext("On a 7, every player holding more cards than his limit gives half of them back to the bank."),
            t.gettext("A 7 makes nobody give cards back."),
        ),
        "walls_raise_hand_limit": (
            t.gettext("Each wall adds 2 cards to its owner's limit."),
            t.gettext("Walls do not change a player's limit of cards."),
        ),
        "corruption_counts_workers": (
            t.gettext("Under corruption, the workers' cards count as the city's."),
            t.gettext("Under corruption, the workers' cards stay their owner's."),
        ),
        "diplomat_attacks_assault": (
            t.gettext("A diplomat may attack assault troops too."),
            t.gettext("A diplomat may not attack assault troops."),
        ),
        "knights_count_for_army": (
            t.gettext("The knight cards played face up count for the largest army."),
            t.gettext("The knight cards do not count for the largest army."),
        ),
        "attack_after_move": (
            t.gettext("A unit may move and then attack in the same turn."),
            t.gettext("A unit that moves may not attack in the same turn."),
        ),
    }
    yes, no = flags[name]
    return yes if value else no


def _others(value: object) -> list[object]:
    """An option's other values: a yes/no's other, every other named choice; a number has none."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    return []


def option_words(options: CatanOptions, t: Translations) -> dict[str, list[str]]:
    """Every option: what its value in `options` means, then what each of its other values would."""
    words: dict[str, list[str]] = {}
    for field in dataclasses.fields(CatanOptions):
        value = getattr(options, field.name)
        words[field.name] = [_sentence(field.name, v, t) for v in (value, *_others(value))]
    return words
