"""The words the private-report page puts a decrypted report into, in the page's language: the report (money
orders and their results, loans, income; `pipeline.commands.turn_files.private_report`) is data, which only
the player's browser can read, so the page gets here, at the site's build, every sentence it may need with
named placeholders (`%(paid)s`) for what the report holds.

The results are the public report's own sentences (`Sentences.result`), made with stand-in figures that are
then turned back into placeholders: the page says what the public report says, in the same words."""

from __future__ import annotations

from pipeline.board.board import Board
from pipeline.board.ledger import Loan
from pipeline.board.legal_orders import notation as legal_notation
from pipeline.board.order_kinds import BY_ORDER
from pipeline.board.order_kinds.borrow import ONE_YEAR, YEARS
from pipeline.board.order_kinds.expense import EXPENSE_KINDS, expense_sentences
from pipeline.board.order_kinds.give_chit import FORM as GIVE_CHIT
from pipeline.board.order_kinds.pay import BANK
from pipeline.board.order_kinds.pay import FORM as PAY
from pipeline.board.order_kinds.permit_bribes import FORM as PERMIT
from pipeline.board.orders import MONEY_KINDS
from pipeline.board.outcome import Reason, SubReason
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.shared.translations import Translations

from .sentences import Entry, Sentences
from .words import Words

# stand-in figures, each turned back into its placeholder in the sentence made with it
_PAID, _NEEDED, _COUNTER, _GRANTED, _DIE, _OWED = 1000001, 1000002, 1000003, 1000004, 1000005, 2000001
_DUE = Loan(9999, "spring", _OWED - 1, 1)
_FIGURES = {"paid": str(_PAID), "needed": str(_NEEDED), "counter": str(_COUNTER), "granted": str(_GRANTED)}
# the details a money order's result may carry, in the combinations the report's sentences tell apart
_COMBINATIONS: tuple[tuple[str, ...], ...] = (
    (),
    ("paid",),
    ("needed",),
    ("needed", "paid"),
    ("counter", "needed", "paid"),
    ("due", "granted"),
    ("die", "paid"),
)


def result_key(reason: str, keys: tuple[str, ...] = (), why: str | None = None) -> str:
    """How the page looks a result up: ``too_little:needed,paid``, ``rebellion_not_allowed/unit_present``."""
    return reason + (":" + ",".join(keys) if keys else "") + (f"/{why}" if why else "")


def private_report_words(board: Board, t: Translations) -> dict[str, object]:
    """Every sentence the private-report page needs, in `t`'s language: made once a process for each board
    and language (a club's games on one map each get the same sentences, which cost 0.15 s of CPU a
    language to make). The words are shared by every caller: copy them before changing them."""
    made = _MADE.get((id(board), id(t)))
    if made is None or made[0] is not board or made[1] is not t:  # the board and translator it was made for
        made = (board, t, _report_words(board, t))
        _MADE[(id(board), id(t))] = made
    return made[2]


# (board, translator) -> the words made for them, with the board and translator held (their ids stay theirs)
_MADE: dict[tuple[int, int], tuple[Board, Translations, dict[str, object]]] = {}


def _report_words(board: Board, t: Translations) -> dict[str, object]:
    w = Words(board, t)
    notation = legal_notation(PhaseKind.MOVEMENT)
    money = {BY_ORDER[kind].id for kind in MONEY_KINDS}
    forms = notation["forms"]
    assert isinstance(forms, list)
    played = Position.build(Phase("spring", 9999, PhaseKind.MOVEMENT), [], {})
    sentences = Sentences(w, played)
    results: dict[str, str] = {}
    for reason in Reason:
        whys: list[str | None] = [None, *(why.value for why in SubReason)]
        for keys in _COMBINATIONS:
            for why in whys:
                detail = {k: _FIGURES[k] for k in keys if k in _FIGURES}
                if "due" in keys:
                    detail["due"] = str(_DUE)
                if "die" in keys:
                    detail["die"] = str(_DIE)
                if why is not None:
                    detail["why"] = why
                entry = Entry("", "", None, reason, reason is Reason.SUCCEEDS, detail)
                try:
                    sentence = sentences.result(entry)
                except (KeyError, ValueError):
                    continue  # a reason no money order meets
                results[result_key(reason.value, keys, why)] = _placeholders(w, sentence)
    results = _without_repeats(results)
    return {
        "results": results,
        # the money orders' forms, as the legal orders' `notation` gives them, and the sentence of each form
        "notation": {**notation, "forms": [f for f in forms if f["kind"] in money]},
        "orders": {
            ONE_YEAR.id: t.ngettext(
                "Borrows %(amount)s from the bank for %(years)s year.",
                "Borrows %(amount)s from the bank for %(years)s years.",
                1,
            ),
            YEARS.id: t.ngettext(
                "Borrows %(amount)s from the bank for %(years)s year.",
                "Borrows %(amount)s from the bank for %(years)s years.",
                2,
            ),
            PAY.id: t.gettext("Gives %(amount)s %(to_power)s."),
            PERMIT.id: t.gettext("Allows %(power)s to bribe from next to its units."),
            GIVE_CHIT.id: t.gettext("Gives its assassination chit against %(victim)s %(to_power)s."),
        },
        "bank": BANK,
        "pay_bank": t.gettext("Pays %(amount)s to the bank."),
        "expenses": expense_sentences(t),  # by expense kind
        "expense_targets": {k.name: k.target for k in EXPENSE_KINDS},  # province, power or unit
        "units": {  # a unit an expense aims at, as the public report names one it does not see on the board
            "A": t.gettext("the army %(in_place)s"),
            "F": t.gettext("the fleet %(in_place)s"),
            "G": t.gettext("the garrison %(in_place)s"),
            "?": t.gettext("the unit %(in_place)s"),
        },
        "ducats": {"1": w.ducats(1).replace("1", "%(count)s", 1), "n": w.ducats(2).replace("2", "%(count)s", 1)},
        "when": {s: w.when(s, 9999).replace("9999", "%(year)s") for s in ("spring", "summer", "fall")},
        "loan": t.gettext("%(owed)s to repay %(when)s (borrowed: %(principal)s; interest: %(interest)s)."),
        "sources": {
            "province": t.pgettext("income", "province"),
            "city": t.pgettext("income", "city"),
            "sea": t.pgettext("income", "sea"),
            "variable": t.pgettext("income", "variable income (die)"),
        },
        "powers_to": {p: w.power_to(p) for p in sorted(board.powers)},
        "powers_of": {p: w.power_of(p) for p in sorted(board.powers)},
        "order_unknown": t.gettext("An order the report cannot put into words."),
        # a refused order file's problems (`Problem.said`): the line, the order as written, and why, in the
        # public report's sentence of its reason (`results`) or, for an order not read at all, one of these
        "refused_order": t.gettext("Line %(line)s, %(order)s: %(why)s"),
        "refused_reasons": {
            "not_understood": t.gettext("Not understood: the order does not follow the order syntax."),
            "ambiguous": t.gettext(
                "Ambiguous: the order could be read more than one way; name the place, coast or unit."
            ),
        },
        "no_loans": t.gettext("No loans."),
        "treasury": t.gettext("Treasury after this phase: %(amount)s."),
    }


def _placeholders(w: Words, sentence: str) -> str:
    """A sentence made with the stand-in figures, with each turned back into its placeholder."""
    text = sentence.replace("%", "%%")
    text = text.replace(w.when(_DUE.due_season, _DUE.due_year), "%(when)s")
    for name, figure in (("owed", _OWED), ("paid", _PAID), ("needed", _NEEDED), ("counter", _COUNTER)):
        text = text.replace(w.ducats(figure), f"%({name})s")
    return text.replace(w.ducats(_GRANTED), "%(granted)s").replace(str(_DIE), "%(die)s")


def fallbacks(key: str) -> list[str]:
    """The keys the page tries after `key`, in order: without the sub-reason's details, then without the
    sub-reason, then the reason alone (``too_little:needed,paid/x``, ``too_little:needed,paid``...)."""
    base, _, why = key.partition("/")
    reason, _, keys = base.partition(":")
    chain = [base] if why and keys else []
    chain += [f"{reason}/{why}"] if why and keys else []
    return chain + ([reason] if key != reason else [])


def _without_repeats(results: dict[str, str]) -> dict[str, str]:
    """Only the keys whose sentence differs from the one the page would fall back on (`fallbacks`)."""
    kept: dict[str, str] = {}
    for key in sorted(results, key=lambda k: (k.count(":") + k.count("/"), k)):
        found = next((kept[k] for k in fallbacks(key) if k in kept), None)
        if found != results[key]:
            kept[key] = results[key]
    return dict(sorted(kept.items()))
