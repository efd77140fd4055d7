"""Symmachia's options (`options.Options`) as players read them: for each option, what a value means, a
sentence in the reader's language (`GameFamily.option_words`; the site's rules page and game page show
them). Each choice is described at its rule in docs/rules/symmachia.md."""

from __future__ import annotations

import dataclasses

from pipeline.games.contract import Translations

from .options import Options


def _sentence(name: str, value: object, t: Translations) -> str:
    """What option `name` set to `value` means."""
    if name == "competence_min":
        return t.gettext("A leader's secret competence, drawn when he first appears, is at least %(value)s.") % {
            "value": f"{value:+d}" if isinstance(value, int) else value
        }
    if name == "competence_max":
        return t.gettext("A leader's secret competence is at most %(value)s; every value between is as likely.") % {
            "value": f"{value:+d}" if isinstance(value, int) else value
        }
    if name == "prestige_threshold":
        return t.gettext(
            "The game ends the year a major power reaches %(value)s prestige, "
            "unless the scenario sets its own threshold."
        ) % {"value": value}
    flags = {
        "border_trade_pays_seller_transit": (
            t.gettext("A sale across a border also pays transit at the seller's main trading post."),
            t.gettext("A sale across a border pays its tax and no transit."),
        ),
        "euergetes_needs_deficit": (
            t.gettext("A civil good earns 1 prestige only when the power lacked some of it and got all it lacked."),
            t.gettext("A civil good earns 1 prestige whenever the power's provinces got all they needed of it."),
        ),
        "capital_bonus_in_cap": (
            t.gettext(
                "The point for taking a major power's capital counts within the cap of 2 prestige a year for conquests."
            ),
            t.gettext(
                "The point for taking a major power's capital comes on top of the cap of 2 prestige a year "
                "for conquests."
            ),
        ),
        "wood_resets_fleet_age": (
            t.gettext("A fleet given its wood again is as good as new."),
            t.gettext("A fleet given its wood again stops getting worse, but keeps the penalty it has."),
        ),
        "emergency_army_needs_full_year": (
            t.gettext(
                "A power left without an army raises an emergency army only if its treasury holds 1,000 talents."
            ),
            t.gettext("A power left without an army raises an emergency army with 500 talents in its treasury."),
        ),
        "rome_arbitration": (
            t.gettext("A request for Rome's arbitration waits for the game master's ruling."),
            t.gettext("A request for Rome's arbitration is recorded, and changes nothing."),
        ),
        "internal_incense_taxed": (
            t.gettext("Incense sold inside a kingdom pays the sale tax."),
            t.gettext("Incense pays no sale tax, inside a kingdom as abroad."),
        ),
        "battle_dice_sealed": (
            t.gettext(
                "The dice of battles, of fights with pirates and of pacifications stay secret until the game ends, "
                "so that they do not betray the leaders' competences."
            ),
            t.gettext("The dice of battles, of fights with pirates and of pacifications are published."),
        ),
    }
    yes, no = flags[name]
    return yes if value else no


def option_words(options: Options, t: Translations) -> dict[str, list[str]]:
    """Every option: what its value in `options` means, then what its other value would (a yes/no option)."""
    words: dict[str, list[str]] = {}
    for field in dataclasses.fields(Options):
        value = getattr(options, field.name)
        others = [not value] if isinstance(value, bool) else []
        words[field.name] = [_sentence(field.name, v, t) for v in (value, *others)]
    return words
