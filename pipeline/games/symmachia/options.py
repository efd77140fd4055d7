"""The choices where Symmachia's text is silent or contradicts itself and players could want either
reading (docs/rules/symmachia.md, chapter S 10, names each with its ambiguity)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    # A1: the range of a leader's secret competence, drawn uniformly (the text's -1..+2; its table -1..+3)
    competence_min: int = -1
    competence_max: int = 2
    # A2: border trade still pays transit at the seller's main trading post (the worked example's figure)
    border_trade_pays_seller_transit: bool = False
    # A7: +1 prestige for a civil good only when the power had a deficit in it and all of it was covered
    euergetes_needs_deficit: bool = True
    # A29: the +1 for taking a major power's capital counts outside the +2 cap on conquests
    capital_bonus_in_cap: bool = False
    # A45: a fleet maintained with wood again is as good as new (else its age malus only stops growing)
    wood_resets_fleet_age: bool = True
    # A46: the emergency army is raised only if the treasury holds its first year (1,000), else 500 suffices
    emergency_army_needs_full_year: bool = True
    # A28: requests for Rome's arbitration go to the game master's ruling (else they are recorded only)
    rome_arbitration: bool = True
    # incense sold inside a kingdom pays no tax either, as abroad: the seller bought it from the caravans
    internal_incense_taxed: bool = False
    # the seed's prestige threshold of victory, when the scenario gives none
    prestige_threshold: int = 30
    # the dice of the fights (battles, pirates, pacifications), which with the public modifiers would betray
    # the leaders' secret competences, stay in the game master's record until the game ends (else they are
    # published with the other dice)
    battle_dice_sealed: bool = True


DEFAULT_OPTIONS = Options()
