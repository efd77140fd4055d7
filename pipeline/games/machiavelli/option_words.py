"""What each of Machiavelli's own rule options means for a player, a sentence in the page's language
(`MachiavelliFamily.option_value`; the shared options are said by `pipeline.board.presentation.option_words`)."""

from __future__ import annotations

from typing import Any

from pipeline.shared.translations import Translations


def option_value(name: str, value: Any, t: Translations) -> str:
    """What Machiavelli's option `name` set to `value` means (`KeyError`: not one of its options)."""
    if name == "straits":
        if not value:
            return t.gettext("Every strait of the map is in play.")
        return t.gettext("Only these straits are in play: %(straits)s.") % {"straits": t.join(sorted(value))}
    if name == "unit_limits":
        if value is None:
            return t.gettext("A power may have any number of units.")
        armies, fleets, garrisons = value
        return t.gettext(
            "A power may have at most %(armies)s armies, %(fleets)s fleets and %(garrisons)s garrisons."
        ) % {"armies": armies, "fleets": fleets, "garrisons": garrisons}
    if name == "victory_cities":
        return t.ngettext(
            "A power wins by controlling %(count)s city at the end of a campaign.",
            "A power wins by controlling %(count)s cities at the end of a campaign.",
            value,
        ) % {"count": value}
    if name == "max_expenses":
        if value is None:
            return t.gettext("A power may order any number of expenses a campaign.")
        return t.ngettext(
            "A power may order at most %(count)s expense a campaign.",
            "A power may order at most %(count)s expenses a campaign.",
            value,
        ) % {"count": value}
    return _choices(t)[name][value]


def _choices(t: Translations) -> dict[str, dict[Any, str]]:
    """Each named choice and yes/no option of Machiavelli's: value -> what it means."""
    return {**_movement_choices(t), **_bank_choices(t), **_fortune_choices(t), **_expense_choices(t)}


def _movement_choices(t: Translations) -> dict[str, dict[Any, str]]:
    """Machiavelli's cities, sieges, straits and fortresses: value -> what it means."""
    return {
        "conversion_model": {
            "separate_space": t.gettext(
                "A fortified city is a space of its own: a unit becoming its garrison, or a garrison coming out, "
                "moves between the province and its city, and may bounce."
            ),
            "convert_first": t.gettext(
                "A unit becoming a garrison holds its province against the moves, then converts; a garrison coming "
                "out into an empty province does so before the moves, then holds there."
            ),
        },
        "retreat_into_city": {
            "last_resort": t.gettext(
                "A dislodged army or fleet may become the garrison of its province's empty fortified city only when "
                "it has no other retreat."
            ),
            "any": t.gettext(
                "A dislodged army or fleet may always become the garrison of its province's empty fortified city."
            ),
        },
        "port_siege_units": {
            "army_or_fleet": t.gettext("An army or a fleet may besiege a port city."),
            "fleet_only": t.gettext("Only a fleet may besiege a port city."),
        },
        "siege_commitment": {
            "locked": t.gettext(
                "After a first besiege, the besieger may only besiege again or lift the siege: any other order "
                "becomes a hold, and the siege starts again."
            ),
            "free": t.gettext("After a first besiege, the besieger may be given any order; the siege then fails."),
        },
        "strait_permission": {
            "allow_command": t.gettext(
                "A power may let another power's fleets through the straits its own fleets hold, for one phase."
            ),
            "none": t.gettext("A strait held by a power's fleet is closed to every other power's fleets."),
        },
        "strait_entry_blocks": {
            "yes": t.gettext("A fleet entering a strait's space this turn already closes the strait to the others."),
            "no": t.gettext("A fleet closes a strait only from the turn after it entered the strait's space."),
        },
        "fortresses": {
            True: t.gettext("The classic board's optional fortresses may hold garrisons."),
            False: t.gettext("The classic board's optional fortresses are left out."),
        },
    }


def _bank_choices(t: Translations) -> dict[str, dict[Any, str]]:
    """Machiavelli's bank and gifts: value -> what it means."""
    return {
        "loans": {
            True: t.gettext("The bank lends money."),
            False: t.gettext("The bank lends nothing; the powers may still give each other ducats."),
        },
        "loan_limit_basis": {
            "principal": t.gettext(
                "The bank's limit of 25 ducats counts what is still owed of the loans, without interest."
            ),
            "principal_plus_interest": t.gettext(
                "The bank's limit of 25 ducats counts what is owed with the interest."
            ),
        },
        "loan_excess": {
            "cap": t.gettext("A loan beyond the bank's limit is cut down to what fits."),
            "reject": t.gettext("A loan beyond the bank's limit is refused."),
        },
        "gift_while_indebted": {
            "forbidden": t.gettext("A power that owes the bank money may not give ducats to others."),
            "allowed": t.gettext("A power that owes the bank money may still give ducats to others."),
        },
    }


def _fortune_choices(t: Translations) -> dict[str, dict[Any, str]]:
    """Machiavelli's dice, disasters and calendar: value -> what it means."""
    return {
        "dice": {
            True: t.gettext("Dice are rolled: variable income, famine, plague and the bank's loans."),
            False: t.gettext(
                "No dice: variable income is 4 in odd years and 3 in even years, with no famine, no plague and no bank."
            ),
        },
        "genoa_variable_income": {
            True: t.gettext("The power holding the city of Genoa rolls Genoa's line of the variable income table."),
            False: t.gettext("Nobody rolls Genoa's line of the variable income table."),
        },
        "famine": {
            True: t.gettext("Famine is rolled after the fall."),
            False: t.gettext("There is no famine."),
        },
        "plague": {
            True: t.gettext("Plague is rolled at the start of the summer."),
            False: t.gettext("There is no plague."),
        },
        "disaster_year_roll": {
            "2d6": t.gettext(
                "The famine and plague table is read with two dice: 2 or 3 nothing, 4 or 6 a row, 5 or 7 a column, "
                "8 to 12 both."
            ),
            "2d6_original": t.gettext(
                "The famine and plague table is read with two dice as first published: 4 or 7 a row, 5 or 6 a column."
            ),
            "1d6": t.gettext(
                "The famine and plague table is read with one die, as the judge of the 1995 board reads it."
            ),
        },
        "first_order_phase": {
            "spring": t.gettext("The first orders are given in the first spring."),
            "summer": t.gettext(
                "The first spring is the game master's setup, with the board's treasuries: the first orders are "
                "given in the summer."
            ),
        },
        "calendar": {
            "judge": t.gettext("Income and adjustments come after the fall."),
            "objectif": t.gettext("Income and adjustments open the next spring, after its loans and expenses."),
        },
    }


def _expense_choices(t: Translations) -> dict[str, dict[Any, str]]:
    """Machiavelli's expenses: bribes, rebellions, assassinations and special units: value -> what it means."""
    return {
        "underfunded_expense": {
            "use_remainder": t.gettext("An expense the treasury cannot pay in full uses what is left."),
            "void": t.gettext("An expense the treasury cannot pay in full does not take place."),
        },
        "bribe_adjacency": {
            "off": t.gettext("A power may bribe a unit wherever it stands."),
            "own": t.gettext("A power may bribe only a unit next to one of its own units."),
            "own_or_permitted": t.gettext(
                "A power may bribe a unit next to one of its own units, or next to a unit of a power that allows it."
            ),
        },
        "rebellion_suspends_control": {
            True: t.gettext("Nobody controls a rebelling province or city while the rebellion lasts."),
            False: t.gettext("A rebellion does not change who controls the province or its city."),
        },
        "rebellion_put_down": {
            "hold_only": t.gettext("A rebellion ends when a unit of the power it is against holds in the province."),
            "enter_or_hold": t.gettext(
                "A rebellion ends when a unit of the power it is against holds in the province or moves into it."
            ),
        },
        "assassinations": {
            True: t.gettext("A power may pay for an assassination."),
            False: t.gettext(
                "There are no assassinations (a power that cannot repay the bank still suffers their effects)."
            ),
        },
        "special_units": {
            True: t.gettext("Special units (militia, elite mercenaries and professionals) may be raised."),
            False: t.gettext("No special unit may be raised."),
        },
        "assassination_chits_tradable": {
            True: t.gettext("A power may give its assassination chit against another power to a third."),
            False: t.gettext("An assassination chit cannot be given away."),
        },
        "assassinated_sieges": {
            "broken": t.gettext("An assassinated power's sieges are broken."),
            "paused": t.gettext("An assassinated power's sieges stand still for the campaign."),
        },
    }
