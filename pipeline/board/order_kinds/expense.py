"""Machiavelli: an expense of the campaign, numbered (``Expense 1: 12 disband A bol``, the judge's
``Expense 1: 12 ducats Disband Army Bologna``); ``Expense 2: none`` takes expense 2 back. Its kind is one of
`EXPENSE_KINDS`: each has its words and what it targets, a province, a power or a unit; what it costs and
does is the family's (`pipeline.games.machiavelli.expenses`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pipeline.shared.translations import Translations

from ..position import PhaseKind
from ..reasons import Reason
from ..units import UnitKind
from .kind import ADJUSTMENT, MOVEMENT, Form, OrderKind, unit_text
from .presenting import Explained, Refusal, Telling
from .reading import Reader

EXPENSE_WORDS = frozenset({"expense", "depense"})
FORM = Form(
    "expense",
    "Expense {number}: {ducats} {kind} {target}",
    {"number": "number", "ducats": "number", "kind": "expense_kind", "target": "target"},
)
NONE_FORM = Form("expense_none", "Expense {number}: none", {"number": "number"})
PROVINCE, POWER, UNIT = "province", "power", "unit"  # what an expense targets
NONE = "none"  # the kind of ``Expense 2: none``: no expense 2 (the judge's way of taking one back)
NONE_WORDS = frozenset({"none", "aucune", "rien"})


@dataclass(frozen=True)
class ExpenseKind:
    """A kind of expense: its `name` in the canonical text, what it targets, how the parser's message
    names it, and the reading of its words (True if the text says this kind)."""

    name: str
    target: str  # PROVINCE, POWER or UNIT
    shown: str
    take: Callable[[Reader], bool]


def _words(first: set[str], *then: set[str]) -> Callable[[Reader], bool]:
    """A kind written with one of `first`, then optional words from each of `then` in turn."""

    def take(r: Reader) -> bool:
        if not r.take(first):
            return False
        for words in then:
            r.take(words)
        return True

    return take


def _to_autonomous(r: Reader) -> bool:
    """``gta``, ``garrison to autonomous`` or ``to autonomous``."""
    if r.take({"gta"}) or (r.words[r.pos : r.pos + 3] == ["garrison", "to", "autonomous"] and r.take({"garrison"})):
        r.take({"to"})
        r.take({"autonomous"})
        return True
    if r.take({"to"}):
        if not r.take({"autonomous"}):
            raise r.fail("'autonomous'")
        return True
    return False


_REBELLION = {"rebellion", "révolte", "revolte"}
EXPENSE_KINDS = (
    ExpenseKind("famine relief", PROVINCE, "famine relief", _words({"famine", "fr"}, {"relief"})),
    ExpenseKind("pacify", PROVINCE, "pacify", _words({"pacify", "pacification", "pacifier"}, _REBELLION)),
    ExpenseKind(
        "rebellion",
        PROVINCE,
        "rebellion",
        _words(
            {"cause", "rebellion", "rebel", "révolte", "revolte", "fomenter", "susciter"},
            _REBELLION | {"une"},
            {"in", "en", "à", "a", "dans"},
        ),
    ),
    ExpenseKind(
        "assassinate",
        POWER,
        "assassinate",
        _words({"assassinate", "assassination", "assassiner", "assassinat", "murder"}),
    ),
    ExpenseKind(
        "counter-bribe",
        UNIT,
        "counter-bribe",
        _words({"counter", "counterbribe", "counter-bribe", "cb", "contre"}, {"-"}, {"bribe", "corruption"}),
    ),
    ExpenseKind("disband", UNIT, "disband", _words({"disband", "d"})),
    ExpenseKind("buy", UNIT, "buy", _words({"buy", "purchase", "achat"})),
    ExpenseKind("to autonomous", UNIT, "garrison to autonomous", _to_autonomous),
)
EXPENSE_KIND = {k.name: k for k in EXPENSE_KINDS}
_EXPECTED = ", ".join(k.shown for k in EXPENSE_KINDS[:-1]) + " or " + EXPENSE_KINDS[-1].shown


@dataclass(frozen=True, slots=True)
class Expense:
    """`kind` is the name of one of `EXPENSE_KINDS`; the target is a province, a power or a unit (with its
    kind if written)."""

    number: int
    ducats: int
    kind: str
    target_kind: UnitKind | None
    target: str

    def __str__(self) -> str:
        if self.kind == NONE:
            return NONE_FORM.text(number=self.number)
        return FORM.text(
            number=self.number, ducats=self.ducats, kind=self.kind, target=unit_text(self.target_kind, self.target)
        )


def read(r: Reader, phase: PhaseKind) -> Expense | None:
    if not r.take(EXPENSE_WORDS):
        return None
    word = r.peek().rstrip(":")
    if not word.isdigit():
        raise r.fail("the expense's number, as in 'Expense 1:'")
    r.pos += 1
    r.take({":"})
    number = int(word)
    if r.take(NONE_WORDS):
        r.end()
        return Expense(number, 0, NONE, None, "")
    ducats = r.amount()
    kind = next((k for k in EXPENSE_KINDS if k.take(r)), None)
    if kind is None:
        raise r.fail(_EXPECTED)
    target_kind: UnitKind | None = None
    if kind.target == UNIT:
        target_kind, target = r.unit()
    elif kind.target == POWER:
        target = r.power()
    else:
        target = r.place()
    r.end()
    return Expense(number, ducats, kind.name, target_kind, target)


def expense_sentences(t: Translations) -> dict[str, str]:
    """What an expense asks for, by its kind ("" any other): `%(amount)s` and its target, `%(in_place)s` (a
    province), `%(of_power)s` (a power) or `%(unit)s` (a unit). Also the private report page's words."""
    return {
        "famine relief": t.gettext("Spends %(amount)s on famine relief %(in_place)s."),
        "pacify": t.gettext("Spends %(amount)s to pacify the rebellion %(in_place)s."),
        "rebellion": t.gettext("Spends %(amount)s to raise a rebellion %(in_place)s."),
        "assassinate": t.gettext("Spends %(amount)s on an attempt to assassinate the leader %(of_power)s."),
        "counter-bribe": t.gettext("Spends %(amount)s on a counter-bribe to keep %(unit)s loyal."),
        "disband": t.gettext("Spends %(amount)s to bribe %(unit)s into disbanding."),
        "buy": t.gettext("Spends %(amount)s to buy %(unit)s."),
        "to autonomous": t.gettext("Spends %(amount)s to bribe %(unit)s into turning autonomous."),
        "": t.gettext("Spends %(amount)s on an expense."),
    }


def sentence(order: Expense, s: Telling) -> str:
    w = s.w
    values = {"amount": w.ducats(order.ducats)}
    if order.kind in ("famine relief", "pacify", "rebellion"):
        values["in_place"] = w.in_(order.target)
    elif order.kind == "assassinate":
        values["of_power"] = w.power_of(order.target)
    else:
        values["unit"] = s.other(order.target_kind, order.target)
    templates = expense_sentences(s.t)
    return templates.get(order.kind, templates[""]) % values


def aftermath(order: Expense, power: str, s: Telling) -> str | None:
    """A bribe that bought a unit, disbanded it or turned it autonomous, or a famine relieved."""
    t = s.t
    values = {"power": s.power_subject(power)}
    if order.kind == "famine relief":
        return t.gettext("%(power)s relieves the famine %(in_place)s.") % (values | {"in_place": s.w.in_(order.target)})
    unit = s.unit_named(order.target_kind, order.target)
    if unit is None:
        return None
    bribed = {
        "disband": t.gettext("%(power)s bribes %(unit)s into disbanding."),
        "buy": t.gettext("%(power)s buys %(unit)s, which now serves it."),
        "to autonomous": t.gettext("%(power)s bribes %(unit)s into turning autonomous."),
    }
    return bribed[order.kind] % (values | {"unit": unit}) if order.kind in bribed else None


def explain(order: Expense, refusal: Refusal) -> Explained:
    """An expense is about its target (a place, or the power whose leader it would assassinate); one not
    allowed on a unit may be a bribe of the power's own unit."""
    other = (order.target or "") if order.kind == "assassinate" else ""
    case = None
    if refusal.reason is Reason.ILLEGAL_EXPENSE:
        bribed = refusal.position.unit_at(order.target)
        case = "own" if bribed is not None and bribed.power == refusal.power else ""
    return Explained(case, other=other, place=order.target)


KIND = OrderKind(
    id="expense",
    order=Expense,
    forms=(FORM, NONE_FORM),
    phases=frozenset({MOVEMENT, ADJUSTMENT}),
    group="money",
    words=EXPENSE_WORDS,
    read=read,
    slot=lambda order: order.number,  # numbered slots: a second `Expense 1:` replaces the first
    replaces=True,
    clears=lambda order: order.kind == NONE,
    sentence=sentence,
    aftermath=aftermath,
    explain=explain,
)
