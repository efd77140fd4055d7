"""One order of a phase in words: what it asked for, and what came of it (the reason, with the places and
units its detail names). Every sentence is a whole message of the catalogues, with named placeholders."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pipeline.board.board import space_of
from pipeline.board.ledger import Loan
from pipeline.board.order_kinds import BY_ORDER, kind_of
from pipeline.board.orders import Order
from pipeline.board.outcome import Reason, SubReason
from pipeline.board.position import PhaseKind, Position
from pipeline.board.units import AUTONOMOUS, CITY, Unit, UnitKind
from pipeline.shared.i18n import capital

from .words import Words


@dataclass(frozen=True)
class Entry:
    """One order of the results file: its power, the order as read (and parsed, when it parses), its
    result, and the detail the reason speaks of (places, units, sums)."""

    power: str
    text: str
    order: Order | None
    reason: Reason
    succeeded: bool
    detail: Mapping[str, str] = field(default_factory=dict)


class Sentences:
    """The sentences of one phase, in one language: `played` is the position the orders were given in."""

    def __init__(self, words: Words, played: Position) -> None:
        self.w = words
        self.t = words.t
        self.played = played
        self.kind = played.phase.kind

    # ---- finding units ----------------------------------------------------------------------------
    def unit_at(self, location: str, kind: UnitKind | None = None) -> Unit | None:
        """The unit standing at `location` when the orders were given (a dislodged one in a retreat phase)."""
        space = space_of(location).removesuffix(CITY)
        if self.kind is PhaseKind.RETREAT:
            for d in self.played.dislodged:
                if d.unit.space.removesuffix(CITY) == space and (kind is None or d.unit.kind is kind):
                    return d.unit
        if location.endswith(CITY) or kind is UnitKind.GARRISON:
            return self.played.units.get(space + CITY)
        found = self.played.units.get(space)
        if found is None and kind is None:
            found = self.played.units.get(space + CITY)
        return found

    def _own(self, kind: UnitKind | None, at: str) -> str:
        unit = self.unit_at(at, kind)
        return self.w.unit(unit, own=True) if unit is not None else self.w.kind_unit(kind, at)

    def _other(self, kind: UnitKind | None, at: str) -> str:
        unit = self.unit_at(at, kind)
        return self.w.unit(unit) if unit is not None else self.w.kind_unit(kind, at)

    def _mover(self, space: str) -> str:
        unit = self.unit_at(space)
        return self.w.unit_from(unit) if unit is not None else self.w.unknown_unit_from(space)

    def _standing(self, space: str) -> str:
        unit = self.unit_at(space)
        return self.w.unit(unit) if unit is not None else self.w.unknown_unit(space)

    def _ducats(self, detail: Mapping[str, str], key: str) -> str:
        return self.w.ducats(int(detail.get(key, "0") or 0))

    # ---- for the order kinds (`pipeline.board.order_kinds.presenting.Telling`) ---------------------------
    @property
    def phase(self) -> PhaseKind:
        return self.kind

    def subject(self, kind: UnitKind | None, at: str) -> str:
        return capital(self._own(kind, at))

    def other(self, kind: UnitKind | None, at: str) -> str:
        return self._other(kind, at)

    def mover(self, space: str) -> str:
        return self._mover(space)

    def unit_named(self, kind: UnitKind | None, at: str) -> str | None:
        unit = self.unit_at(at, kind)
        return self.w.unit(unit) if unit is not None else None

    def power_subject(self, power: str) -> str:
        return capital(self.w.power_the(power))

    # ---- what the order asked -------------------------------------------------------------------
    def describe(self, entry: Entry) -> str:
        """The order in words, as its kind says it: "The army in Vienna moves to Galicia." """
        kind = BY_ORDER.get(type(entry.order))
        sentence = kind.sentence if kind is not None else None
        if entry.order is None or sentence is None:
            return self.t.gettext("An order the report cannot put into words.")
        return sentence(entry.order, self)

    # ---- what came of it --------------------------------------------------------------------------
    def result(self, entry: Entry) -> str:
        """Whether the order succeeded and, if not, why: a whole sentence, never a code."""
        r, d, t, w = entry.reason, entry.detail, self.t, self.w
        own = kind_of(entry.order).result(entry.order, r, self, d) if entry.order is not None else None
        if own is not None:  # the kind says it its own way (a conversion stopped, a unit not paid for)
            return own
        if r is Reason.SUCCEEDS:
            return self._success(entry)
        if r is Reason.BOUNCED:
            return self.bounced(d, None)
        if r is Reason.NO_CONVOY_PATH:
            return t.gettext("Fails: no convoy carried the army there; it stays where it was.")
        if r is Reason.NO_CONVOY_ORDERED:
            return t.gettext(
                "Fails: the army was sent by convoy and no fleet was ordered to convoy it; under these rules it "
                "does not go over land instead, and stays where it was."
            )
        if r is Reason.CONVOY_PARADOX:
            return t.gettext("Fails: the convoy is caught in a paradox (Szykman rule); the army stays where it was.")
        if r is Reason.SUPPORT_CUT:
            if d.get("by"):
                return t.gettext("Fails: support cut by %(unit)s.") % {"unit": self._mover(d["by"])}
            return t.gettext("Fails: support cut.")
        if r is Reason.SUPPORT_NOT_MATCHED:
            return t.gettext("Fails: the supported unit did not make that move.")
        if r is Reason.CONVOY_NOT_MATCHED:
            return t.gettext("Fails: the army did not order this move.")
        if r is Reason.CONVOY_DISRUPTED:
            return t.gettext("Fails: the convoying fleet was dislodged.")
        if r is Reason.STRAIT_CLOSED:
            return t.gettext("Fails: a fleet of another power entered the strait's space this turn.")
        if r is Reason.SIEGE_STARTED:
            return t.gettext("Succeeds: the siege begins (first campaign).")
        if r is Reason.CITY_TAKEN:
            if entry.succeeded:
                return t.gettext("Succeeds: the city falls after a second campaign of siege; its garrison is lost.")
            return t.gettext("The city falls to the siege laid by %(power)s; the garrison is lost.") % {
                "power": w.power_the(d.get("by", ""))
            }
        if r is Reason.DISLODGED:
            return t.gettext("Dislodged by %(unit)s.") % {
                "unit": self._mover(d.get("by") or d.get("dislodged_from", ""))
            }
        if r is Reason.NO_ORDER:
            return self._no_order(entry)
        if r.illegal:
            return self._illegal(entry)
        if r in _RETREATS:
            return self._retreat(entry)
        if r in _ADJUSTMENTS:
            return self._adjustment(entry)
        return self._money(entry)

    def _success(self, entry: Entry) -> str:
        d, t = entry.detail, self.t
        if "granted" in d:
            return t.gettext("Succeeds: %(granted)s lent; %(owed)s to repay %(when)s.") % self._loan(d)
        if "die" in d:
            return t.gettext("Succeeds: the assassin's die shows %(die)s; %(paid)s spent.") % {
                "die": self.w.shown(str(d["die"])),
                "paid": self._ducats(d, "paid"),
            }
        if "paid" in d:
            return t.gettext("Succeeds: %(paid)s paid.") % {"paid": self._ducats(d, "paid")}
        return t.gettext("Succeeds.")

    def _loan(self, d: Mapping[str, str]) -> dict[str, str]:
        loan: Loan | None = Loan.parse(d.get("due", ""))  # the loan as the results file writes it
        values = {"granted": self._ducats(d, "granted"), "owed": "", "when": ""}
        if loan is not None:
            values["owed"] = self.w.ducats(loan.owed)
            values["when"] = self.w.when(loan.due_season, loan.due_year)
        return values

    def bounced(self, detail: Mapping[str, str], destination: str | None) -> str:
        """A bounce, the units of `against` standing in `destination` (a move's) told from those that moved."""
        t = self.t
        against = [s for s in detail.get("against", "").split() if s]
        holders = [self._standing(s) for s in against if s == destination]
        movers = [self._mover(s) for s in against if s != destination]
        if holders and movers:
            return t.gettext("Fails: bounced against %(unit)s and with %(units)s.") % {
                "unit": holders[0],
                "units": t.join(movers),
            }
        if holders:
            return t.gettext("Fails: bounced against %(unit)s.") % {"unit": holders[0]}
        if movers:
            return t.gettext("Fails: bounced with %(units)s.") % {"units": t.join(movers)}
        return t.gettext("Fails: bounced.")

    def _no_order(self, entry: Entry) -> str:
        t = self.t
        if self.kind is PhaseKind.RETREAT:
            return t.gettext("No retreat was ordered: the unit is disbanded.")
        if self.kind is PhaseKind.ADJUSTMENT:
            return t.gettext("The unit was not kept in the orders: it is removed.")
        if entry.detail.get("dislodged_from"):
            return t.gettext("No order: the unit held and was dislodged by %(unit)s.") % {
                "unit": self._mover(entry.detail["dislodged_from"])
            }
        return t.gettext("No order: the unit holds.")

    def _illegal(self, entry: Entry) -> str:
        r, d, t, w = entry.reason, entry.detail, self.t, self.w
        if r is Reason.ILLEGAL_NO_UNIT:
            if d.get("at"):
                return t.gettext("Not allowed: there is no such unit %(in_place)s.") % {"in_place": w.in_(d["at"])}
            return t.gettext("Not allowed: there is no such unit.")
        if r is Reason.ILLEGAL_NOT_OWNER:
            owner = d.get("owner", "")
            if owner in w.board.powers:
                return t.gettext("Not allowed: that unit belongs %(to_power)s.") % {"to_power": w.power_to(owner)}
            if owner == AUTONOMOUS:
                return t.gettext("Not allowed: that unit is an autonomous garrison.")
            return t.gettext("Not allowed: that unit belongs to another power.")
        if r is Reason.ILLEGAL_WRONG_KIND:
            actual = d.get("actual")
            if actual == "A":
                return t.gettext("Not allowed: the unit there is an army.")
            if actual == "F":
                return t.gettext("Not allowed: the unit there is a fleet.")
            if actual == "G":
                return t.gettext("Not allowed: the unit there is a garrison.")
            return t.gettext("Not allowed: the unit there is of another kind.")
        if r is Reason.ILLEGAL_UNREACHABLE:
            if d.get("at"):
                return t.gettext("Not allowed: the supporting unit could not move %(to_place)s itself.") % {
                    "to_place": w.to(d["at"])
                }
            return t.gettext("Not allowed: the supporting unit could not move there itself.")
        messages = {
            Reason.ILLEGAL_NOT_ADJACENT: t.gettext("Not allowed: the unit cannot reach that place in one move."),
            Reason.ILLEGAL_TERRAIN: t.gettext("Not allowed: an army cannot go to sea, nor a fleet inland."),
            Reason.ILLEGAL_COAST_NEEDED: t.gettext("Not allowed: the coast must be given."),
            Reason.ILLEGAL_WRONG_COAST: t.gettext("Not allowed: the fleet cannot reach that coast."),
            Reason.ILLEGAL_OWN_SPACE: t.gettext("Not allowed: a unit cannot move or give support to where it stands."),
            Reason.ILLEGAL_NOT_CONVOYABLE: t.gettext(
                "Not allowed: only armies are convoyed, and only by fleets at sea."
            ),
            Reason.ILLEGAL_NO_CONVOY_ROUTE: self._illegal_convoy(d),
            Reason.ILLEGAL_WRONG_PHASE: t.gettext("Not allowed: this order does not belong to this phase."),
            Reason.ILLEGAL_AMBIGUOUS_UNIT: t.gettext(
                "Not allowed: an army or fleet and a garrison stand there; the order must say which."
            ),
            Reason.ILLEGAL_GARRISON: t.gettext(
                "Not allowed: a garrison may only hold, convert, or support into its own province."
            ),
            Reason.ILLEGAL_NO_CITY: t.gettext(
                "Not allowed: there is no fortified city here (or no port, for a fleet)."
            ),
            Reason.ILLEGAL_CITY_OCCUPIED: t.gettext("Not allowed: the city already holds a garrison."),
            Reason.ILLEGAL_CONVERSION: t.gettext("Not allowed: the unit cannot convert that way."),
            Reason.ILLEGAL_NOTHING_TO_BESIEGE: t.gettext("Not allowed: there is no foreign garrison in the city."),
            Reason.ILLEGAL_NOT_BESIEGING: t.gettext("Not allowed: the unit is not besieging the city."),
            Reason.ILLEGAL_SIEGE_LOCKED: t.gettext(
                "Not allowed: a besieging unit may only go on with the siege or lift it."
            ),
            Reason.ILLEGAL_OPTION_OFF: t.gettext("Not allowed: the rules of this game have no such order."),
            Reason.ILLEGAL_STRAIT_CLOSED: t.gettext("Not allowed: a fleet of another power holds the strait."),
            Reason.ILLEGAL_DUPLICATE: t.gettext("Not allowed: the unit already had an order; the first one stands."),
            Reason.ILLEGAL_EXPENSE: self._illegal_expense(d),
        }
        return messages.get(r, t.gettext("Not allowed."))

    def _illegal_convoy(self, d: Mapping[str, str]) -> str:
        t = self.t
        if SubReason.of(d) is SubReason.NOT_NEEDED:
            return t.gettext(
                "Not allowed: a shorter chain of fleets leaves this fleet out, and under these rules a fleet convoys "
                "only where a chain needs it."
            )
        return t.gettext("Not allowed: no chain of fleets could carry the army there.")

    def _illegal_expense(self, d: Mapping[str, str]) -> str:
        t = self.t
        why = SubReason.of(d)
        if why is SubReason.ASSASSINATIONS_OFF:
            return t.gettext("Not allowed: there are no assassinations under the rules of this game.")
        if why is SubReason.LAND_EXPECTED:
            return t.gettext("Not allowed: this expense is for a land province.")
        return t.gettext("Not allowed: this expense cannot be spent on that.")

    def _retreat(self, entry: Entry) -> str:
        r, t = entry.reason, self.t
        if r is Reason.NOT_DISLODGED:
            return t.gettext("Not allowed: that unit was not dislodged.")
        if r is Reason.RETREAT_TO_ATTACKER:
            return t.gettext("Fails: no retreat to where the attacker came from; the unit is disbanded.")
        if r is Reason.RETREAT_CONTESTED:
            return t.gettext("Fails: that place was left empty by a standoff; the unit is disbanded.")
        if r is Reason.RETREAT_OCCUPIED:
            return t.gettext("Fails: that place is occupied; the unit is disbanded.")
        if r is Reason.RETREAT_BOUNCED:
            rivals = [self._standing(s) for s in entry.detail.get("with", "").split() if s]
            return t.gettext("Fails: %(units)s retreated to the same place; the unit is disbanded.") % {
                "units": t.join(rivals)
            }
        return t.gettext("Disbanded.")  # DISBANDED

    def _adjustment(self, entry: Entry) -> str:
        r, t = entry.reason, self.t
        messages = {
            Reason.BUILD_NOT_HOME: t.gettext("Not built: units are built only in the home country."),
            Reason.BUILD_NOT_OWNED: t.gettext("Not built: the power does not control that place."),
            Reason.BUILD_OCCUPIED: t.gettext("Not built: there is no room for a new unit there."),
            Reason.NO_BUILD_ALLOWED: t.gettext("Fails: no new unit is allowed (none due, or none left)."),
            Reason.NO_REMOVAL_DUE: t.gettext("Fails: no unit needs to be removed."),
            Reason.CIVIL_DISORDER: t.gettext("Removed by civil disorder: too few units were removed by order."),
            Reason.BUILD_FAMINE: t.gettext("Not built: famine in that province."),
            Reason.BUILD_REBELLION: t.gettext("Not built: the province is in rebellion."),
        }
        return messages[r]

    def _money(self, entry: Entry) -> str:
        r, d, t = entry.reason, entry.detail, self.t
        if r is Reason.NO_FUNDS:
            return t.gettext("Fails: not enough ducats in the treasury.")
        if r is Reason.CUT:
            return t.gettext(
                "Loan cut by the bank's limit: %(granted)s lent; %(owed)s to repay %(when)s."
            ) % self._loan(d)
        if r is Reason.COLLECTED:
            return t.gettext("The bank collects %(paid)s for a loan that fell due.") % {"paid": self._ducats(d, "paid")}
        if r is Reason.DEFAULTED:
            return t.gettext(
                "Default: the loan that fell due could not be repaid; the bank takes the whole treasury "
                "(%(paid)s) and lends no more."
            ) % {"paid": self._ducats(d, "paid")}
        if r is Reason.TOO_LITTLE:
            if "paid" not in d:  # refused when read: below the least it costs, so nothing was charged
                return t.gettext("Refused: at least %(needed)s are needed; nothing is charged.") % {
                    "needed": self._ducats(d, "needed")
                }
            return t.gettext("Fails: %(paid)s paid where %(needed)s are needed.") % {
                "paid": self._ducats(d, "paid"),
                "needed": self._ducats(d, "needed"),
            }
        if r is Reason.BRIBE_TOO_SMALL:
            if "counter" not in d:  # no counter-bribe: the bribe was below its minimum
                return t.gettext("Fails: %(paid)s paid, below the minimum of %(needed)s for this bribe.") % {
                    "paid": self._ducats(d, "paid"),
                    "needed": self._ducats(d, "needed"),
                }
            return t.gettext(
                "Fails: counter-bribes of %(counter)s leave less than the %(needed)s needed of the %(paid)s paid."
            ) % {
                "counter": self._ducats(d, "counter"),
                "needed": self._ducats(d, "needed"),
                "paid": self._ducats(d, "paid"),
            }
        if r is Reason.ATTEMPT_FAILED:
            return t.gettext("Fails: the assassin's die shows %(die)s, a miss.") % {
                "die": self.w.shown(str(d.get("die", "?")))
            }
        if r is Reason.REBELLION_NOT_ALLOWED:
            why = SubReason.of(d)
            if why is SubReason.ALREADY_REBELLING:
                return t.gettext("Not allowed: the province is already in rebellion.")
            if why is SubReason.NOT_ANOTHER_POWERS:
                return t.gettext("Not allowed: a rebellion is raised only in a province another power controls.")
            if why is SubReason.UNIT_PRESENT:
                return t.gettext("Not allowed: a unit stands in the province.")
            return t.gettext("Not allowed: no rebellion can be raised there.")
        messages = {
            Reason.NOTHING_OWED: t.gettext("Nothing is paid: there is no loan to repay."),
            Reason.IN_DEBT: t.gettext("Fails: no gifts while owing the bank."),
            Reason.BANNED: t.gettext("Fails: the bank lends no more to a power that defaulted."),
            Reason.OVER_LIMIT: t.gettext("Fails: the loan would take the debt over the bank's limit."),
            Reason.TOO_MANY_EXPENSES: t.gettext("Fails: more expenses than a campaign allows."),
            Reason.NOT_ADJACENT_TO_TARGET: t.gettext("Fails: no unit of the power stands next to the bribed unit."),
            Reason.OUTBID: t.gettext("Fails: outbid by a larger bribe on the same unit, or a tie at the top."),
            Reason.NOTHING_TO_DO: t.gettext("Fails: there was nothing to do (no famine, or no rebellion, there)."),
            Reason.NO_CHIT: t.gettext("Fails: no assassination chit is left against that power."),
            Reason.ASSASSINATED: t.gettext("Fails: the power's leader was assassinated, so the unit holds."),
        }
        return messages[r]


_RETREATS = {
    Reason.NOT_DISLODGED,
    Reason.RETREAT_TO_ATTACKER,
    Reason.RETREAT_CONTESTED,
    Reason.RETREAT_OCCUPIED,
    Reason.RETREAT_BOUNCED,
    Reason.DISBANDED,
}
_ADJUSTMENTS = {
    Reason.BUILD_NOT_HOME,
    Reason.BUILD_NOT_OWNED,
    Reason.BUILD_OCCUPIED,
    Reason.NO_BUILD_ALLOWED,
    Reason.NO_REMOVAL_DUE,
    Reason.CIVIL_DISORDER,
    Reason.BUILD_FAMINE,
    Reason.BUILD_REBELLION,
}
