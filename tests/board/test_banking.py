"""The borrowing phase never creates or loses a ducat outside the rules: money moves only between a
treasury and the bank (loans granted, repayments, collections, a defaulter's treasury) or between powers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.board.ledger import Ledger, Loan
from pipeline.board.orders import Borrow, Pay
from pipeline.board.outcome import Reason
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.games import board_rules
from pipeline.games.machiavelli.banking import settle_banking

POWERS = ["florence", "milan", "venice"]
power = st.sampled_from(POWERS)
loan = st.builds(
    Loan, st.sampled_from([1455, 1456]), st.sampled_from(["spring", "fall"]), st.integers(0, 25), st.integers(0, 13)
)
orders = st.lists(
    st.tuples(power, st.one_of(
        st.builds(Borrow, st.integers(0, 40), st.sampled_from([1, 2])),
        st.builds(Pay, st.integers(0, 40), st.sampled_from(["bank", *POWERS])),
    )),
    max_size=8,
)  # fmt: skip


@settings(max_examples=300)
@given(
    st.dictionaries(power, st.integers(0, 60)),
    st.dictionaries(power, st.lists(loan, max_size=2)),
    orders,
    st.sampled_from(["judge", "objectif"]),
)
def test_no_ducat_is_created_or_lost(treasury, loans, given_orders, name) -> None:
    given_orders = [(p, o) for p, o in given_orders if not (isinstance(o, Pay) and o.to == p)]
    ledger = Ledger.build(treasury, {p: tuple(ls) for p, ls in loans.items()})
    position = Position.build(Phase("spring", 1455, PhaseKind.MOVEMENT), [], {}, ledger=ledger)
    result = settle_banking(position, given_orders, board_rules(name))
    after = result.position.ledger
    assert all(v >= 0 for v in after.treasury.values())
    assert set(result.defaulted) <= set(after.banned)
    for p in POWERS:
        mine = [o for o in result.outcomes if o.power == p and o.succeeded and o.reason is not Reason.COLLECTED]
        paid_bank = sum(int(o.detail["paid"]) for o in mine if isinstance(o.order, Pay) and o.order.to == "bank")
        paid_out = sum(int(o.detail["paid"]) for o in mine if isinstance(o.order, Pay) and o.order.to != "bank")
        received = sum(
            int(o.detail["paid"])
            for o in result.outcomes
            if isinstance(o.order, Pay) and o.order.to == p and o.succeeded
        )
        granted = sum(int(o.detail["granted"]) for o in mine if isinstance(o.order, Borrow))
        new_debt = sum(
            int(o.detail["due"].split("+")[0]) + int(o.detail["due"].split("+")[1].split()[0])
            for o in mine
            if isinstance(o.order, Borrow)
        )
        debt_before = sum(x.owed for x in ledger.debt(p))
        debt_after = sum(x.owed for x in after.debt(p))
        if p in result.defaulted:  # the bank takes the whole treasury and cancels the debt
            assert after.ducats(p) == 0 and debt_after == 0
            continue
        # what the bank collected leaves the treasury and the debt alike: no ducat appears or vanishes
        collected_from_treasury = ledger.ducats(p) - paid_bank - paid_out + received + granted - after.ducats(p)
        collected_from_debt = debt_before - paid_bank + new_debt - debt_after
        assert collected_from_treasury == collected_from_debt >= 0
