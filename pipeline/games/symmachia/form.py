"""What the site's order form of a Symmachia year shows besides the legal orders (`legal.legal_orders`), in
the reader's language: the names of the powers, places, trading posts, goods, leaders, units and
mercenaries the orders name, the campaign orders' sentences, and the form's own words
(docs/order-form.md, "Symmachia"). The form writes the order file of pipeline/games/symmachia/pages/orders.md.
"""

from __future__ import annotations

from typing import Any

from pipeline.games.contract import Translations

from .model import Good
from .report import Namer, year_in_words
from .scenario import Scenario
from .state import State


def order_form(scenario: Scenario, state: State, t: Translations) -> dict[str, Any]:
    n = Namer(scenario, state, t)
    pub = state.public
    return {
        "year": year_in_words(pub.year, t),
        "powers": {p: n.power(p) for p in sorted(pub.powers)},
        "places": {p: n.place(p) for p in sorted({*scenario.provinces, *scenario.seas})},
        "posts": {p: n.title(post.name) for p, post in sorted(scenario.posts.items())},
        "goods": {g.value: n.good(g.value) for g in Good},
        "leaders": {lid: n.title(leader.name) for lid, leader in sorted(pub.leaders.items())},
        "units": {
            uid: {"kind": u.kind.value, "power": u.power, "at": u.place, "leader": n.leader(u.leader)}
            for uid, u in sorted(pub.units.items())
        },
        "mercenaries": {m: n.title(merc.name) for m, merc in sorted(scenario.mercenaries.items())},
        "orders": order_sentences(t),
        "words": form_words(t),
    }


def order_sentences(t: Translations) -> dict[str, dict[str, str]]:
    """Each campaign order's sentence by its letter [S 6.1], for an army and for a fleet; `%(target)s` is the
    place or unit it names, `%(radius)s` a defence's radius."""
    return {
        "M": {"army": t.gettext("March to %(target)s"), "fleet": t.gettext("Sail to %(target)s")},
        "F": {"army": t.gettext("Fall upon %(target)s"), "fleet": t.gettext("Fall upon %(target)s")},
        "P": {"army": t.gettext("Pacify %(target)s"), "fleet": t.gettext("Pacify %(target)s")},
        "P_here": {"army": t.gettext("Pacify the province it holds"), "fleet": ""},
        "E": {"army": t.gettext("Embark on %(target)s"), "fleet": t.gettext("Take %(target)s aboard")},
        "C": {
            "army": t.gettext("Sail aboard to %(target)s"),
            "fleet": t.gettext("Carry the army aboard to %(target)s"),
        },
        "A": {"army": t.gettext("Land in %(target)s"), "fleet": t.gettext("Land the army aboard in %(target)s")},
        "R": {"army": "", "fleet": t.gettext("Raid or blockade %(target)s")},
        "N": {"army": "", "fleet": t.gettext("Clear the pirates off %(target)s")},
        "D": {"army": t.gettext("Defend, radius %(radius)s"), "fleet": t.gettext("Defend, radius %(radius)s")},
        "DN": {"army": t.gettext("Defend, without priority"), "fleet": t.gettext("Defend, without priority")},
    }


def form_words(t: Translations) -> dict[str, str]:
    """The form's own words: its sections, fields and buttons."""
    return {
        "left_out": t.gettext("Rows not filled in are left out of the file: %(count)s."),
        "trade": t.gettext("Trade"),
        "trade_help": t.gettext(
            "Each sale or purchase is carried out only if the partner orders the same; over what you may sell "
            "or buy of a good, all of that good is void."
        ),
        "capacity": t.gettext("You may sell %(sell)s and buy %(buy)s of %(good)s this year."),
        "sell": t.gettext("Sell"),
        "buy": t.gettext("Buy"),
        "good": t.gettext("Good"),
        "quantity": t.gettext("Quantity"),
        "partner_to": t.gettext("To"),
        "partner_from": t.gettext("From"),
        "mercenary": t.gettext("Mercenary unit"),
        "assign_to": t.gettext("For the unit"),
        "add_trade": t.gettext("Add a sale or a purchase"),
        "politics": t.gettext("Politics"),
        "main_trading_post": t.gettext("Main trading post"),
        "new_capital": t.gettext("New capital"),
        "unchanged": t.gettext("(unchanged)"),
        "friendship": t.gettext("Friendship treaties with"),
        "gifts": t.gettext("Gifts"),
        "add_gift": t.gettext("Add a gift"),
        "talents": t.gettext("Talents"),
        "patronage": t.gettext("Be a patron of the arts this year"),
        "speech": t.gettext("Speech"),
        "counter_corruption": t.gettext("Counter-corruption"),
        "add_counter": t.gettext("Protect a unit"),
        "corruption": t.gettext("Bribes"),
        "add_bribe": t.gettext("Add a bribe"),
        "bribe_for": t.gettext("For the forces of"),
        "plot_generals": t.gettext("Plots against generals"),
        "plot_kings": t.gettext("Plots against kings"),
        "tribute": t.gettext("Pay the horde to leave"),
        "rome": t.gettext("Ask Rome's arbitration on"),
        "add_rome": t.gettext("Add a province"),
        "dorea": t.gettext("Territorial treaties (dôrea)"),
        "add_dorea": t.gettext("Add a treaty"),
        "dorea_with": t.gettext("With"),
        "dorea_give": t.gettext("Talents given"),
        "dorea_get": t.gettext("Talents received"),
        "forgive": t.gettext("Let these powers you fought use your trading posts"),
        "bosporus": t.gettext("Let these allies through the strait"),
        "military": t.gettext("Armies and fleets"),
        "unit_line": t.gettext("%(kind)s of %(leader)s, %(place)s"),
        "army": t.gettext("Army"),
        "fleet": t.gettext("Fleet"),
        "status": t.gettext("This year"),
        "maintain": t.gettext("Maintain"),
        "disband": t.gettext("Disband"),
        "commander": t.gettext("Commander"),
        "the_king": t.gettext("the king"),
        "new_leader": t.gettext("a trusted friend (name him)"),
        "new_leader_name": t.gettext("His name"),
        "unit_mercenaries": t.gettext("Mercenaries (at most three)"),
        "no_wood": t.gettext("The fleet left without wood if wood runs short"),
        "plan": t.gettext("Campaign plan"),
        "spring": t.gettext("Spring"),
        "summer": t.gettext("Summer"),
        "autumn": t.gettext("Autumn"),
        "no_row": t.gettext("(no order: the plan ends)"),
        "retreat": t.gettext("Retreat to"),
        "defence": t.gettext("Defence level"),
        "default_defence": t.gettext("(the default)"),
        "from_place": t.gettext("from %(place)s"),
        "notes": t.gettext("Notes for the game master (the year waits for his ruling)"),
        "row_more": t.gettext("After a defeat, and conditions"),
        "secondary": t.gettext("After a defeat: order"),
        "secondary_if": t.gettext("Only after a defeat by"),
        "only_if": t.gettext("This row only if"),
        "cond_none": t.gettext("(always)"),
        "cond_treaty": t.gettext("a friendship treaty was signed this year"),
        "cond_unit": t.gettext("a unit stood in a place at the end of an earlier season"),
        "cond_unit_is": t.gettext("The unit"),
        "cond_at": t.gettext("In"),
        "cond_after": t.gettext("At the end of"),
        "otherwise": t.gettext("Otherwise"),
        "defence_enemies": t.gettext("When defending, fight these powers first"),
        "fight_first": t.gettext("Its general fights first when several forces share a place"),
        "create": t.gettext("Raise a new unit"),
        "create_kind": t.gettext("Kind"),
        "create_none": t.gettext("(none)"),
        "create_at": t.gettext("Where"),
        "year_of": t.gettext("Orders for %(year)s"),
    }
