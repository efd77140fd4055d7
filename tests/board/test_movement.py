"""Movement outcomes carry the reason a report needs: who bounced whom, who cut which support; the plan,
the decisions and the execution, and the hooks a family adds."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from pipeline.board.board import Board
from pipeline.board.legality import DEFAULT_RULES, NO_LEGALITY_HOOKS, Illegal, LegalityHooks
from pipeline.board.movement import NO_HOOKS, Decisions, MovementHooks, Role, adjudicate_movement, plan_movement
from pipeline.board.notation import parse_order
from pipeline.board.orders import Order
from pipeline.board.outcome import NO_DETAIL, Outcome, Reason
from pipeline.board.units import Unit, UnitKind
from tests.conftest import position


def play(board: Board, units: list[str], orders: list[str]) -> dict[str, Outcome]:
    pos = position(*units)
    given = []
    for line in orders:
        power, _, text = line.partition(":")
        given.append((power.strip(), parse_order(text, board)))
    result = adjudicate_movement(board, pos, given)
    return {str(o.order): o for o in result.outcomes}


def test_bounce_names_the_other_side(board: Board) -> None:
    out = play(board, ["austria: A vie", "italy: A ven"], ["austria: A vie-tyr", "italy: A ven-tyr"])
    assert out["A vie-tyr"].reason is Reason.BOUNCED and out["A vie-tyr"].detail == {"against": "ven"}
    assert out["A ven-tyr"].detail == {"against": "vie"}


def test_bounce_against_a_holding_unit(board: Board) -> None:
    out = play(board, ["germany: A mun", "france: A bur"], ["germany: A mun-bur", "france: A bur H"])
    assert out["A mun-bur"].detail == {"against": "bur"}
    assert out["A bur H"].succeeded


def test_support_cut_says_by_whom_and_dislodged_says_from_where(board: Board) -> None:
    out = play(
        board,
        ["germany: A mun", "germany: A ruh", "france: A bur", "france: A mar", "italy: A pie"],
        ["germany: A mun-bur", "germany: A ruh S A mun-bur", "france: A mar S A bur", "italy: A pie-mar"],
    )
    assert out["A mar S A bur"].reason is Reason.SUPPORT_CUT and out["A mar S A bur"].detail == {"by": "pie"}
    assert out["A mun-bur"].succeeded
    assert out["A bur H"].reason is Reason.NO_ORDER  # no order: held, and was dislodged
    assert out["A bur H"].dislodged_by == "mun" and not out["A bur H"].succeeded


def test_the_outcomes_without_detail_share_one_empty_read_only_detail_that_pickles(board: Board) -> None:
    """Most units' outcomes speak of no place: they share NO_DETAIL, which reads as an empty dict, cannot be
    changed, and survives pickling (bench/trees_adjudication.py pickles whole movement results)."""
    pos = position("germany: A mun", "germany: A ruh", "france: A bur")
    orders = [(p, parse_order(t, board)) for p, t in [("germany", "A mun-bur"), ("germany", "A ruh S A mun-bur")]]
    result = adjudicate_movement(board, pos, orders)
    plain = [o for o in result.outcomes if o.reason is Reason.SUCCEEDS]
    assert len(plain) == 2 and all(o.detail is NO_DETAIL for o in plain)
    assert NO_DETAIL == {} and not NO_DETAIL and dict(NO_DETAIL) == {} and "by" not in NO_DETAIL
    with pytest.raises(TypeError):
        NO_DETAIL["by"] = "mun"  # type: ignore[index]
    again = pickle.loads(pickle.dumps(result))
    assert again == result and all(o.detail is NO_DETAIL for o in again.outcomes if o.reason is Reason.SUCCEEDS)
    dislodged = next(o for o in result.outcomes if o.unit is not None and o.unit.location == "bur")
    assert dislodged.detail == {} and dislodged.dislodged_by == "mun"


def test_unmatched_support_and_convoy(board: Board) -> None:
    out = play(
        board,
        ["england: F nth", "england: A yor", "england: F lon"],
        ["england: F nth C A yor-nwy", "england: A yor-edi", "england: F lon S A yor-wal"],
    )
    assert out["F nth C A yor-nwy"].reason is Reason.CONVOY_NOT_MATCHED
    assert out["F lon S A yor-wal"].reason is Reason.SUPPORT_NOT_MATCHED
    assert out["A yor-edi"].succeeded


def test_no_convoy_path_and_illegal_long_move(board: Board) -> None:
    out = play(
        board,
        ["england: A lon", "england: F eng", "france: F iri", "france: F mao", "germany: A kie"],
        [
            "england: A lon-bre",
            "england: F eng C A lon-bre",
            "france: F mao-eng",
            "france: F iri S F mao-eng",
            "germany: A kie-lon",
        ],
    )
    assert out["A lon-bre"].reason is Reason.NO_CONVOY_PATH
    assert out["F eng C A lon-bre"].reason is Reason.CONVOY_DISRUPTED and out["F eng C A lon-bre"].dislodged_by == "mao"
    assert out["A kie-lon"].reason is Reason.ILLEGAL_NO_CONVOY_ROUTE


def test_convoy_paradox_is_reported_as_such(board: Board) -> None:
    # [D 4.5], as DATC 6.F.14: the Szykman rule fails the convoy, and the report says why
    out = play(
        board,
        ["england: F lon", "england: F wal", "france: A bre", "france: F eng"],
        ["england: F lon S F wal-eng", "england: F wal-eng", "france: A bre-lon", "france: F eng C A bre-lon"],
    )
    assert out["A bre-lon"].reason is Reason.CONVOY_PARADOX
    assert out["F eng C A bre-lon"].reason is Reason.CONVOY_PARADOX


def test_result_position_holds_retreat_information(board: Board) -> None:
    pos = position("austria: A vie", "austria: A boh", "germany: A mun", "italy: A tyr", "russia: A gal")
    orders = [("austria", parse_order(t, board)) for t in ("A vie-tyr", "A boh S A vie-tyr")]
    orders += [("germany", parse_order("A mun-sil", board)), ("russia", parse_order("A gal-sil", board))]
    after = adjudicate_movement(board, pos, orders).position
    assert after.unit_at("tyr") == Unit("austria", UnitKind.ARMY, "tyr")
    (d,) = after.dislodged
    assert d.unit == Unit("italy", UnitKind.ARMY, "tyr") and d.attacker_from == "vie"
    assert after.contested == frozenset({"sil"})


def test_same_inputs_same_outputs(board: Board) -> None:
    units = ["austria: A vie", "italy: A ven", "germany: A mun"]
    orders = ["austria: A vie-tyr", "italy: A ven-tyr", "germany: A mun-tyr"]
    assert [str(o) for o in play(board, units, orders).values()] == [
        str(o) for o in play(board, units, list(reversed(orders))).values()
    ]


def _coastal_board(coastal_convoys: bool) -> Board:
    """Three coastal provinces in a row along one sea; the middle one's fleet may carry armies."""
    return Board.from_dict(
        {
            "name": "coast",
            "coastal_convoys": coastal_convoys,
            "powers": {"red": {}, "blue": {}},
            "spaces": {
                "aaa": {"kind": "coast", "army": ["bbb"], "fleet": ["bbb", "sea"]},
                "bbb": {"kind": "coast", "army": ["aaa", "ccc"], "fleet": ["aaa", "ccc", "sea"]},
                "ccc": {"kind": "coast", "army": ["bbb"], "fleet": ["bbb", "sea"]},
                "sea": {"kind": "sea", "fleet": ["aaa", "bbb", "ccc"]},
            },
        }
    )


def test_fleets_in_coastal_provinces_convoy_only_when_the_map_says_so() -> None:
    # the Machiavelli rule: a fleet in a coastal province may convoy (a map option, off on the standard map)
    for allowed in (True, False):
        board = _coastal_board(allowed)
        pos = position("red: A aaa", "red: F bbb")
        orders = [("red", parse_order("A aaa-ccc", board)), ("red", parse_order("F bbb C A aaa-ccc", board))]
        result = adjudicate_movement(board, pos, orders)
        moved = result.position.unit_at("ccc") == Unit("red", UnitKind.ARMY, "ccc")
        assert moved is allowed
        convoy = next(o for o in result.outcomes if str(o.order) == "F bbb C A aaa-ccc")
        assert convoy.reason is (Reason.SUCCEEDS if allowed else Reason.ILLEGAL_NOT_CONVOYABLE)


def test_unit_strength_is_a_hook_for_stronger_units() -> None:
    # Machiavelli's elite units count double: with strength 2 a lone unit dislodges a holding one
    board = _coastal_board(False)
    pos = position("red: A aaa", "blue: A bbb")
    orders = [("red", parse_order("A aaa-bbb", board))]
    plain = adjudicate_movement(board, pos, orders)
    assert plain.position.unit_at("aaa") is not None and not plain.position.dislodged
    strong = adjudicate_movement(board, pos, orders, strength=lambda u: 2 if u.power == "red" else 1)
    assert strong.position.unit_at("bbb") == Unit("red", UnitKind.ARMY, "bbb")
    assert [d.unit for d in strong.position.dislodged] == [Unit("blue", UnitKind.ARMY, "bbb")]


# ---- the three stages and the hooks -----------------------------------------------------------------


def _given(board: Board, orders: list[str]) -> list[tuple[str, Order]]:
    return [(power.strip(), parse_order(text, board)) for power, _, text in (line.partition(":") for line in orders)]


def test_the_plan_holds_one_frozen_record_per_unit_with_what_is_matched(board: Board) -> None:
    pos = position("germany: A mun", "germany: A ruh", "france: A bur", "england: F nth", "england: A yor")
    given = _given(
        board,
        ["germany: A mun-bur", "germany: A ruh S A mun-bur", "england: F nth C A yor-nwy", "russia: A mos-stp"],
    )
    plan = plan_movement(board, pos, given, DEFAULT_RULES, lambda u: u.strength, NO_HOOKS)
    assert [p.unit.space for p in plan.orders] == list(pos.units)  # board order, every unit
    mun, ruh, bur, nth = (plan.orders[plan.order_at[s]] for s in ("mun", "ruh", "bur", "nth"))
    assert mun.role is Role.MOVE and mun.dest == "bur" and mun.supports == (plan.order_at["ruh"],)
    assert ruh.role is Role.SUPPORT and ruh.matched
    assert bur.role is Role.HOLD and bur.given is None  # no order: it holds
    assert nth.role is Role.CONVOY and not nth.matched  # the army does not go to Norway
    assert plan.moves_into == {"bur": (plan.order_at["mun"],)}
    assert [o.reason for o in plan.unitless] == [Reason.ILLEGAL_NO_UNIT]  # no unit in Moscow: never decided
    with pytest.raises(AttributeError):
        mun.dest = "par"  # frozen: the plan does not change once made


def test_the_decisions_answer_the_strength_equations(board: Board) -> None:
    pos = position("germany: A mun", "germany: A ruh", "france: A bur", "france: A mar", "italy: A pie")
    given = _given(
        board, ["germany: A mun-bur", "germany: A ruh S A mun-bur", "france: A mar S A bur", "italy: A pie-mar"]
    )
    plan = plan_movement(board, pos, given, DEFAULT_RULES, lambda u: u.strength, NO_HOOKS)
    decisions = Decisions(plan, NO_HOOKS)
    mun, mar, pie = plan.order_at["mun"], plan.order_at["mar"], plan.order_at["pie"]
    assert decisions.attack(mun) == 2 and decisions.hold("bur") == 1  # the support from Marseilles is cut
    assert decisions.cutter(mar) == pie and decisions.dislodger("bur") == mun
    assert decisions.resolve(mun) and not decisions.resolve(pie)


def test_a_family_hook_decides_what_the_engine_does_not_know(board: Board) -> None:
    # a family of its own closes Burgundy to every move, and voids the orders of one power
    pos = position("france: A par", "germany: A mun", "italy: A ven")
    given = _given(board, ["france: A par-bur", "germany: A mun-tyr", "italy: A ven-tyr"])
    hooks = MovementHooks(
        shut_spaces=lambda setting, units: frozenset({"bur"}),
        void=lambda setting, unit: Illegal(Reason.ASSASSINATED) if unit.power == "italy" else None,
    )
    plain = {str(o.order): o for o in adjudicate_movement(board, pos, given).outcomes}
    hooked = {str(o.order): o for o in adjudicate_movement(board, pos, given, hooks=hooks).outcomes}
    assert plain["A par-bur"].succeeded and not plain["A mun-tyr"].succeeded  # Venice and Munich bounce
    assert hooked["A par-bur"].reason is Reason.BOUNCED and hooked["A par-bur"].detail == {"against": "bur"}
    assert hooked["A ven-tyr"].reason is Reason.ASSASSINATED and hooked["A mun-tyr"].succeeded


def test_without_hooks_every_hook_is_none() -> None:
    # Diplomacy pays nothing for what other families add: no hook is set, nor any of the checks' hooks
    assert all(getattr(NO_HOOKS, f.name) is None for f in dataclasses.fields(MovementHooks) if f.name != "legality")
    assert NO_HOOKS.legality is NO_LEGALITY_HOOKS
    assert all(getattr(NO_LEGALITY_HOOKS, f.name) is None for f in dataclasses.fields(LegalityHooks))
