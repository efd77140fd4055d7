"""What the site's order form of a Catan round shows besides the legal steps (`legal.legal_orders`), in the
reader's language: the names of the seats, resources, unit kinds, cards and hexes (each by its terrain and
token, so that a corner or a slot reads by the hexes that meet there), the units and buildings on the
board, and the form's own words (docs/order-form.md, "Klarfeld's Catan"). The form writes the file of
pipeline/games/catan/pages/orders.md.
"""

from __future__ import annotations

from typing import Any

from pipeline.games.contract import Translations

from .board import Board
from .report import CARD_NAMES, RESOURCE_NAMES, SEAT_NAMES, TARGET_NAMES, TERRAIN_NAMES, UNIT_NAMES
from .resources import RESOURCES
from .state import CatanState


def order_form(board: Board, state: CatanState, t: Translations) -> dict[str, Any]:
    hexes = {}
    for hid, h in sorted(board.hexes.items()):
        token = state.tokens.get(hid)
        name = t.gettext(TERRAIN_NAMES[h.terrain])
        hexes[hid] = f"{name} {token}" if token else name
    return {
        "seats": {s: t.gettext(SEAT_NAMES.get(s, s)) for s in state.seats},
        "resources": {r.value: t.gettext(RESOURCE_NAMES[r]) for r in RESOURCES},
        "unit_kinds": {k.value: t.gettext(name) for k, name in UNIT_NAMES.items()},
        "cards": {c.value: t.gettext(name) for c, name in CARD_NAMES.items()},
        "hexes": hexes,
        "units": {
            str(slot): {"kind": u.kind.value, "owner": u.owner, "active": u.active}
            for slot, u in sorted(state.units.items())
        },
        "buildings": {
            str(v): {"kind": t.gettext(TARGET_NAMES_BY_KIND[b.kind.value]), "owner": b.owner}
            for v, b in sorted(state.buildings.items())
        },
        "words": form_words(t),
    }


TARGET_NAMES_BY_KIND = {target.value: name for target, name in TARGET_NAMES.items()}


def form_words(t: Translations) -> dict[str, str]:
    """The form's own words: the phases of the script, the steps, the conditions and the answers."""
    return {
        "left_out": t.gettext("Rows not filled in are left out of the file: %(count)s."),
        "script": t.gettext("Your turn"),
        "script_help": t.gettext(
            "The steps run in the order written, trade, then build, then act; a step that cannot be done when "
            "it comes (its cost, or what an earlier step changed) is skipped and the script goes on."
        ),
        "section_trade": t.gettext("Trade"),
        "section_build": t.gettext("Build"),
        "section_act": t.gettext("Movement and combat"),
        "section_special": t.gettext("Special building, in the other players' turns"),
        "add_step": t.gettext("Add a step"),
        "step_offer": t.gettext("Offer a trade to the others"),
        "step_bank": t.gettext("Trade with the bank"),
        "step_play": t.gettext("Play a development card"),
        "step_road": t.gettext("Build a road"),
        "step_ship": t.gettext("Build a ship"),
        "step_settlement": t.gettext("Build a settlement"),
        "step_city": t.gettext("Make a settlement a city"),
        "step_status": t.gettext("Raise a city's status"),
        "step_walls": t.gettext("Build walls"),
        "step_card": t.gettext("Buy a development card"),
        "step_unit": t.gettext("Raise a unit"),
        "step_reactivate": t.gettext("Reactivate a unit"),
        "step_move": t.gettext("Move a unit"),
        "step_ship_move": t.gettext("Move a ship"),
        "step_explorer": t.gettext("Move an explorer"),
        "step_attack": t.gettext("Attack"),
        "step_knight": t.gettext("Attack with the knight card"),
        "step_swap": t.gettext("Swap two hexes' tokens (reformers)"),
        "to_seats": t.gettext("To (none ticked: everyone in turn)"),
        "give": t.gettext("Give"),
        "get": t.gettext("Get"),
        "times": t.gettext("Times"),
        "rate": t.gettext("%(rate)s for 1"),
        "card": t.gettext("Card"),
        "take": t.gettext("Take"),
        "where": t.gettext("Where"),
        "kind": t.gettext("Kind"),
        "from_building": t.gettext("From"),
        "slot": t.gettext("On the slot"),
        "unit_on": t.gettext("%(kind)s of %(seat)s in %(hex)s, toward %(toward)s"),
        "inactive": t.gettext("inactive"),
        "corner": t.gettext("the corner of %(hexes)s"),
        "side": t.gettext("the side between %(hexes)s"),
        "unit": t.gettext("Unit"),
        "to": t.gettext("To"),
        "target": t.gettext("Target"),
        "then": t.gettext("Then"),
        "then_corrupt": t.gettext("corrupt the city"),
        "then_sabotage": t.gettext("sabotage the city"),
        "attack_unit": t.gettext("the unit: %(unit)s"),
        "attack_city": t.gettext("the city at %(corner)s"),
        "attack_ship": t.gettext("the ship on %(side)s"),
        "attack_guard": t.gettext("the guard of %(corner)s"),
        "condition": t.gettext("Only if"),
        "label": t.gettext("Label (for later conditions)"),
        "if_roll": t.gettext("the roll is one of"),
        "if_has": t.gettext("your hand holds at least"),
        "if_after": t.gettext("this step ran:"),
        "if_unless": t.gettext("this step did not run:"),
        "if_won": t.gettext("this attack was won:"),
        "if_lost": t.gettext("this attack was lost:"),
        "answers": t.gettext("Your answers in the others' turns"),
        "accept": t.gettext("Trades you accept"),
        "add_accept": t.gettext("Accept a trade"),
        "accept_from": t.gettext("From (empty: anyone)"),
        "anyone": t.gettext("anyone"),
        "discard": t.gettext("What you give up first on a 7, in order"),
        "gold": t.gettext("What you take from gold fields, in order"),
        "add_card": t.gettext("Add a card"),
        "placement": t.gettext("Your settlement and its road or ship, ranked"),
        "placement_help": t.gettext(
            "The first of your choices still open when your placement comes is taken, in each of the two rounds."
        ),
        "add_choice": t.gettext("Add a choice"),
        "settlement": t.gettext("Settlement"),
        "road_or_ship": t.gettext("Road or ship"),
        "road": t.gettext("road"),
        "ship": t.gettext("ship"),
        "roads": t.gettext("Roads"),
        "ships": t.gettext("Ships"),
    }
