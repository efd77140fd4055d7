"""The report of an adjudicated phase, in English or French, as Markdown.

A report is made from committed files only, so that the site built from a commit is always the same:
the phase's results file (every order as read, its result code and detail, the events, the income), the
state the orders were given in, and the state that follows (dislodged units and where they may go,
control that changed hands, treasuries and loans). `public_report` is what everyone sees;
`private_report` is one power's money (published encrypted elsewhere).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pipeline.board.board import Board
from pipeline.board.calendar import EventKind
from pipeline.board.family import AnyFamily
from pipeline.board.notation import parse_order
from pipeline.board.order_kinds import kind_of
from pipeline.board.orders import Borrow, Build, Expense, GiveChit, Maintain, Pay, PermitBribes
from pipeline.board.outcome import Reason
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.retreat import city_retreat, retreat_options
from pipeline.board.rules import Rules
from pipeline.board.units import AUTONOMOUS, Unit, UnitKind
from pipeline.errors import OrderError
from pipeline.escape import markdown_code, markdown_text
from pipeline.shared.i18n import capital
from pipeline.shared.translations import Translations

from .sentences import Entry, Sentences
from .words import Words

_RESULT_KEYS = ("order", "result", "succeeded")
_REASONS = {reason.value for reason in Reason}


@dataclass(frozen=True)
class PhaseRecord:
    """What a phase's report is made of: the game's map, rules and family, the position the orders were given
    in (`played`), the results file as committed, and the next state (None if there is none yet)."""

    board: Board
    rules: Rules
    family: AnyFamily
    phase: Phase
    played: Position
    results: Mapping[str, Any]
    after: Position | None = None

    def entries(self) -> list[Entry]:
        """Every order of the results file, power by power, in the file's order, then each order a plain file
        gave that could not be played (the results' `refused.said`), as illegal, with its reason."""
        return self._entries(self.results.get("orders") or {}) + self._entries(self._dropped())

    def _dropped(self) -> dict[str, list[Mapping[str, Any]]]:
        """The orders of plain files left out when read, by power, those with a reason in words (`Reason`)."""
        dropped: dict[str, list[Mapping[str, Any]]] = {}
        for item in self.results.get("refused") or []:
            if not isinstance(item, Mapping) or not item.get("power"):
                continue
            for said in item.get("said") or []:
                if isinstance(said, Mapping) and str(said.get("result")) in _REASONS:
                    row = {k: v for k, v in said.items() if k != "line"}
                    dropped.setdefault(str(item["power"]), []).append(row | {"succeeded": False})
        return dropped

    def _entries(self, orders: Mapping[str, Any]) -> list[Entry]:
        out = []
        for power, items in orders.items():
            for item in items or []:
                text = str(item.get("order", ""))
                try:
                    order = parse_order(text, self.board, self.phase.kind)
                except OrderError:
                    order = None
                detail = {str(k): str(v) for k, v in item.items() if k not in _RESULT_KEYS}
                reason = Reason(str(item.get("result")))
                out.append(Entry(str(power), text, order, reason, bool(item.get("succeeded")), detail))
        return out


def with_private(results: Mapping[str, Any], own: Mapping[str, Any] | None, power: str) -> dict[str, Any]:
    """The results with one power's money orders and income put back from its private report (`own`, a game
    with secret money keeps them there)."""
    merged = copy.deepcopy(dict(results))
    if own:
        if own.get("orders"):
            merged.setdefault("orders", {}).setdefault(power, []).extend(own["orders"])
        if own.get("income"):
            merged.setdefault("income", {})[power] = own["income"]
    return merged


def _code(text: str) -> str:
    """A name a player chose (a file's), as inline code on one line: control characters escaped, no
    backtick to end the code early."""
    return f"`{markdown_code(text)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _heading(level: int, text: str) -> str:
    return "#" * level + " " + text


class _Report:
    def __init__(self, record: PhaseRecord, t: Translations) -> None:
        self.record = record
        self.t = t
        self.w = Words(record.board, self.t, markdown_text)
        self.s = Sentences(self.w, record.played)

    def orders(self, level: int, entries: list[Entry]) -> list[str]:
        t = self.t
        lines: list[str] = []
        powers = list(dict.fromkeys(e.power for e in entries))
        for power in powers:
            lines += ["", _heading(level, self.w.power(power)), ""]
            lines += self.table(e for e in entries if e.power == power)
        return lines if lines else ["", t.gettext("No orders were given in this phase.")]

    def table(self, entries: Any) -> list[str]:
        t = self.t
        header = (t.gettext("Order"), t.gettext("Meaning"), t.gettext("Result"))
        rows = ["| " + " | ".join(header) + " |", "|---|---|---|"]
        for e in entries:
            rows.append(f"| {_cell(_code(e.text))} | {_cell(self.s.describe(e))} | {_cell(self.s.result(e))} |")
        return rows

    # ---- refused order files --------------------------------------------------------------------
    def refused(self) -> list[str]:
        """The order files the adjudication could not use, or not in full, each in general words: what an
        encrypted file held is never said (its power's private report has the details)."""
        t, out = self.t, []
        for item in self.record.results.get("refused") or []:
            if not isinstance(item, Mapping):
                continue
            values = {"file": _code(str(item.get("file", ""))), "power": self.w.power(str(item.get("power", "")))}
            reason = str(item.get("reason"))
            if reason == "invalid_orders":
                out.append(self._not_played(int(item.get("orders") or 0), bool(item.get("said")), values))
            elif reason == "not_an_order_file":
                out.append(t.gettext("%(file)s was ignored: it is not an order file of the game.") % values)
            else:
                why = {
                    "not_decrypted": t.gettext("it could not be decrypted (damaged, or encrypted to another key)"),
                    "wrong_binding": t.gettext("it names another game, turn or power than its place"),
                    "in_clear": t.gettext("it was sent in clear in a game whose orders are secret"),
                    "sealed_in_open_game": t.gettext("it was encrypted in a game whose orders are public"),
                }.get(reason, t.gettext("it could not be read as an order file"))
                out.append(
                    t.gettext("%(file)s (%(power)s) was refused: %(why)s. Its units had no orders from it.")
                    % (values | {"why": why})
                )
        return out

    def _not_played(self, count: int, shown: bool, values: dict[str, str]) -> str:
        """The sentence of a file some of whose orders could not be played: `shown` when each stands, with
        why, among its power's orders (a plain file); an encrypted file's are its power's own to read."""
        t = self.t
        if shown:
            return t.ngettext(
                "%(count)d order of %(file)s (%(power)s) could not be played: it stands, with why, among its "
                "power's orders.",
                "%(count)d orders of %(file)s (%(power)s) could not be played: they stand, with why, among their "
                "power's orders.",
                count,
            ) % (values | {"count": count})
        return t.ngettext(
            "%(count)d order of %(file)s (%(power)s) could not be played: the unit concerned had no order.",
            "%(count)d orders of %(file)s (%(power)s) could not be played: the units concerned had no order.",
            count,
        ) % (values | {"count": count})

    # ---- events -----------------------------------------------------------------------------------
    def events(self) -> list[str]:
        out = [self.event(dict(e)) for e in self.record.results.get("events") or []]
        out += self.bribes()
        return [e for e in out if e]

    def _event_unit(self, e: Mapping[str, Any]) -> Unit | None:
        """The unit an event names, as the results file writes it: ``A mil`` or ``A mil (mercenaries)``."""
        match = re.fullmatch(r"([AFG]) (\S+)(?: \((\w+)\))?", str(e.get("unit", "")))
        if match is None:
            return None
        return Unit(str(e.get("power", AUTONOMOUS)), UnitKind.from_letter(match[1]), match[2], match[3])

    def event(self, e: Mapping[str, Any]) -> str:
        t, w = self.t, self.w
        kind, place = EventKind.read(e.get("event")), str(e.get("place", ""))
        unit = self._event_unit(e)
        named = capital(w.unit(unit)) if unit is not None else ""
        if kind is EventKind.FAMINE:
            if unit is not None:
                return t.gettext("%(unit)s dies of famine.") % {"unit": named}
            return t.gettext("Famine breaks out %(in_place)s.") % {"in_place": w.in_(place)}
        if kind is EventKind.PLAGUE:
            if unit is not None:
                return t.gettext("%(unit)s is wiped out by the plague.") % {"unit": named}
            return t.gettext("Plague breaks out %(in_place)s.") % {"in_place": w.in_(place)}
        if kind is EventKind.ASSASSINATION:
            if unit is not None:
                return t.gettext("%(unit)s is lost: its leader was assassinated while it was besieged.") % {
                    "unit": named
                }
            return t.gettext("%(power)s loses its leader to an assassin: its units hold this campaign.") % {
                "power": capital(w.power_the(place))
            }
        if kind is EventKind.REBELLION:
            target = self._rebellion_target(place)
            if target:
                return t.gettext("A rebellion against %(power)s breaks out %(in_place)s.") % {
                    "power": w.power_the(target),
                    "in_place": w.in_(place),
                }
            return t.gettext("A rebellion breaks out %(in_place)s.") % {"in_place": w.in_(place)}
        if kind is EventKind.REBELLION_ENDED:
            return t.gettext("The rebellion %(in_place)s is over.") % {"in_place": w.in_(place)}
        if kind is EventKind.PROVINCE_REBELLION_ENDED:
            return t.gettext("The rebellion %(in_place)s is over in the province; the city still rebels.") % {
                "in_place": w.in_(place)
            }
        if kind is EventKind.CITY_REBELLION_ENDED:
            return t.gettext("The rebellion %(in_place)s is over in the city.") % {"in_place": w.in_(place)}
        if kind is EventKind.ELIMINATED:
            if unit is not None:
                return t.gettext("%(unit)s disappears with its power.") % {"unit": named}
            return t.gettext("%(power)s is eliminated.") % {"power": capital(w.power_the(place))}
        if kind is EventKind.VICTORY:
            return t.gettext("%(power)s wins the game.") % {"power": capital(w.power_the(place))}
        event = markdown_text(e.get("event", ""))
        return t.gettext("Event: %(event)s %(in_place)s.") % {"event": event, "in_place": w.in_(place)}

    def _rebellion_target(self, province: str) -> str | None:
        for position in (self.record.after, self.record.played):
            if position is not None and province in position.rebellions:
                return position.rebellions[province].target
        return None

    def bribes(self) -> list[str]:
        """What the orders that succeeded changed on the board, as their kinds tell it: bribes, famine relieved."""
        out = []
        for e in self.record.entries():
            if e.succeeded and e.order is not None:
                said = kind_of(e.order).aftermath(e.order, e.power, self.s)
                if said is not None:
                    out.append(said)
        return out

    # ---- what follows -----------------------------------------------------------------------------
    def retreats(self) -> list[str]:
        t, w = self.t, self.w
        after, record = self.record.after, self.record
        if after is None or after.phase.kind is not PhaseKind.RETREAT or record.phase.kind is PhaseKind.RETREAT:
            return []
        out = []
        for d in after.dislodged:
            hooks = record.family.legality_hooks
            places = [w.to(loc) for loc in retreat_options(record.board, after, d, record.rules, hooks)]
            if city_retreat(record.board, after, d, record.rules, hooks):
                places.append(t.gettext("into the city of its province"))
            values = {"unit": capital(w.unit(d.unit)), "places": t.join(places, "or")}
            attacker = self.s.unit_at(d.attacker_from) if d.attacker_from else None
            if attacker is not None:
                values["attacker"] = w.unit_from(attacker)
                text = (
                    t.gettext("%(unit)s is dislodged by %(attacker)s and may retreat %(places)s.")
                    if places
                    else t.gettext("%(unit)s is dislodged by %(attacker)s and has nowhere to retreat: it is disbanded.")
                )
            else:
                text = (
                    t.gettext("%(unit)s is dislodged and may retreat %(places)s.")
                    if places
                    else t.gettext("%(unit)s is dislodged and has nowhere to retreat: it is disbanded.")
                )
            out.append(text % values)
        return out

    def control(self) -> list[str]:
        """Provinces, cities or supply centres that changed hands."""
        t, w = self.t, self.w
        after, played = self.record.after, self.record.played
        if after is None:
            return []
        machiavelli = self.record.family.holdings == "control"  # provinces controlled, not supply centres
        out = []
        for place in sorted(set(played.owners) | set(after.owners)):
            old, new = played.owners.get(place), after.owners.get(place)
            if old == new:
                continue
            where = capital(w.in_(place))
            if new is None or new == AUTONOMOUS:
                text = (
                    t.gettext("%(in_place)s: the province is no longer controlled by any power.")
                    if machiavelli
                    else t.gettext("%(in_place)s: the supply centre no longer belongs to any power.")
                )
                out.append(text % {"in_place": where})
                continue
            text = (
                t.gettext("%(in_place)s: the province is now controlled by %(power)s.")
                if machiavelli
                else t.gettext("%(in_place)s: the supply centre now belongs %(to_power)s.")
            )
            out.append(text % {"in_place": where, "power": w.power_the(new), "to_power": w.power_to(new)})
        for place in sorted(set(played.cities) | set(after.cities)):
            old, new = played.cities.get(place), after.cities.get(place)
            if old == new:
                continue
            where = capital(w.in_(place))
            if new is None or new == AUTONOMOUS:
                out.append(
                    t.gettext("%(in_place)s: the city is no longer controlled by any power.") % {"in_place": where}
                )
            else:
                out.append(
                    t.gettext("%(in_place)s: the city is now controlled by %(power)s.")
                    % {"in_place": where, "power": w.power_the(new)}
                )
        return out

    def income(self) -> list[str]:
        t, w = self.t, self.w
        income = self.record.results.get("income") or {}
        if not income:
            return []
        rows = ["| " + t.gettext("Power") + " | " + t.gettext("Income") + " |", "|---|---|"]
        for power, lines in income.items():
            total = sum(int(line.get("ducats", 0)) for line in lines or [])
            rows.append(f"| {w.power(str(power))} | {w.ducats(total)} |")
        return rows


def public_report(record: PhaseRecord, t: Translations, level: int = 2) -> str:
    """The phase's public report in t's language: every order by power with what came of it, then the events,
    the units to retreat, control that changed hands and the year's income; its title at heading `level`."""
    r = _Report(record, t)
    t = r.t
    lines = [_heading(level, r.w.phase(record.phase))]
    lines += ["", _heading(level + 1, t.gettext("Orders"))]
    lines += r.orders(level + 2, record.entries())
    sections = [
        (t.gettext("Order files not played in full"), [f"- {e}" for e in r.refused()]),
        (t.gettext("Events"), [f"- {e}" for e in r.events()]),
        (t.gettext("Retreats to order"), [f"- {e}" for e in r.retreats()]),
        (t.gettext("Changes of control"), [f"- {e}" for e in r.control()]),
        (t.gettext("Income of the year"), r.income()),
    ]
    for title, body in sections:
        if body:
            lines += ["", _heading(level + 1, title), "", *body]
    return "\n".join(lines) + "\n"


_MONEY_ORDERS = (Borrow, Pay, Expense, Maintain, Build, GiveChit, PermitBribes)


def private_report(record: PhaseRecord, power: str, t: Translations, level: int = 2) -> str:
    """One power's money in the phase, in t's language: its treasury before and after, its income line by
    line, its loans, and its payments and expenses with what came of them."""
    r = _Report(record, t)
    t, w = r.t, r.w
    title = t.gettext("Private report of %(power)s — %(phase)s") % {
        "power": w.power(power),
        "phase": r.w.phase(record.phase),
    }
    lines = [_heading(level, title), ""]
    before = record.played.ledger.ducats(power)
    lines.append("- " + t.gettext("Treasury when the orders were given: %(amount)s.") % {"amount": w.ducats(before)})
    if record.after is not None:
        now = record.after.ledger.ducats(power)
        lines.append("- " + t.gettext("Treasury after this phase: %(amount)s.") % {"amount": w.ducats(now)})
    income = (record.results.get("income") or {}).get(power) or []
    if income:
        lines += ["", _heading(level + 1, t.gettext("Income")), ""]
        header = (t.gettext("Source"), t.gettext("Place"), t.gettext("Ducats"))
        lines += ["| " + " | ".join(header) + " |", "|---|---|---:|"]
        sources = {
            "province": t.pgettext("income", "province"),
            "city": t.pgettext("income", "city"),
            "sea": t.pgettext("income", "sea"),
            "variable": t.pgettext("income", "variable income (die)"),
        }
        for line in income:
            place = str(line.get("place", ""))
            named = w.power(place) if place in record.board.powers else w.place(place)
            source = str(line.get("from", ""))
            lines.append(f"| {sources.get(source, markdown_text(source))} | {named} | {int(line.get('ducats', 0))} |")
        total = sum(int(line.get("ducats", 0)) for line in income)
        lines.append("| **" + t.gettext("Total") + f"** | | **{total}** |")
    loans = record.after.ledger.debt(power) if record.after is not None else record.played.ledger.debt(power)
    lines += ["", _heading(level + 1, t.gettext("Loans")), ""]
    if loans:
        for loan in loans:
            lines.append(
                "- "
                + t.gettext("%(owed)s to repay %(when)s (borrowed: %(principal)s; interest: %(interest)s).")
                % {
                    "owed": w.ducats(loan.owed),
                    "when": w.when(loan.due_season, loan.due_year),
                    "principal": w.ducats(loan.principal),
                    "interest": w.ducats(loan.interest),
                }
            )
    else:
        lines.append(t.gettext("No loans."))
    if record.after is not None and power in record.after.ledger.banned:
        lines += ["", t.gettext("The bank lends no more to this power.")]
    money = [e for e in record.entries() if e.power == power and isinstance(e.order, _MONEY_ORDERS)]
    lines += ["", _heading(level + 1, t.gettext("Payments and expenses")), ""]
    lines += r.table(money) if money else [t.gettext("No payments or expenses in this phase.")]
    return "\n".join(lines) + "\n"
