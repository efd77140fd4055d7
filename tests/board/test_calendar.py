"""The standard year: phase order, skipped phases, centres changing hands, civil disorder, victory."""

from __future__ import annotations

from pipeline.board.adjustment import civil_disorder_order
from pipeline.board.board import Board
from pipeline.board.notation import parse_order
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.units import Unit, UnitKind
from pipeline.games import board_rules, play_phase, start_position
from pipeline.games.diplomacy.calendar import winner
from pipeline.storage.maps import shipped_board
from tests.conftest import position


def orders(board: Board, pos: Position, *lines: str):
    out = []
    for line in lines:
        power, _, text = line.partition(":")
        out.append((power.strip(), parse_order(text, board, pos.phase.kind)))
    return out


def test_a_quiet_year_skips_retreats_and_adjustments(board: Board) -> None:
    pos = start_position(board)
    spring = play_phase(board, pos, [])
    assert spring.after.phase == Phase("fall", 1901, PhaseKind.MOVEMENT)
    fall = play_phase(board, spring.after, [])
    assert fall.after.phase == Phase("spring", 1902, PhaseKind.MOVEMENT)
    assert fall.after.owners == pos.owners


def test_fall_captures_centres_and_leads_to_builds(board: Board) -> None:
    pos = start_position(board)
    spring = play_phase(board, pos, orders(board, pos, "russia: A war-gal", "russia: F sev-rum"))
    assert spring.after.phase.season == "fall"
    fall = play_phase(board, spring.after, orders(board, spring.after, "russia: A gal-bud"))
    # Budapest held by its army, so the move bounces; Rumania is taken at the end of the year
    assert fall.after.phase == Phase("fall", 1901, PhaseKind.ADJUSTMENT)
    assert fall.after.owners["rum"] == "russia"
    builds = play_phase(board, fall.after, orders(board, fall.after, "russia: Build A war"))
    assert builds.after.phase == Phase("spring", 1902, PhaseKind.MOVEMENT)
    assert builds.after.unit_at("war") == Unit("russia", UnitKind.ARMY, "war")


def test_a_dislodgement_brings_a_retreat_phase(board: Board) -> None:
    pos = position("austria: A vie", "austria: A boh", "italy: A tyr")
    result = play_phase(board, pos, orders(board, pos, "austria: A vie-tyr", "austria: A boh S A vie-tyr"))
    assert result.after.phase == Phase("spring", 1901, PhaseKind.RETREAT)
    retreat = play_phase(board, result.after, orders(board, result.after, "italy: A tyr-pie"))
    assert retreat.after.phase == Phase("fall", 1901, PhaseKind.MOVEMENT)
    assert retreat.after.unit_at("pie") == Unit("italy", UnitKind.ARMY, "pie")


def test_civil_disorder_removes_the_farthest_first_fleets_before_armies(board: Board) -> None:
    pos = position(
        "russia: A lvn", "russia: F bal", "russia: A ukr", "russia: F nth", owners={"mos": "russia", "stp": "russia"}
    )
    ranked = [u.location for u in civil_disorder_order(board, pos, "russia")]
    # the fleets are two moves from St Petersburg (Baltic before North Sea by name), the armies one
    assert ranked == ["bal", "nth", "lvn", "ukr"]


def test_victory_needs_eighteen_centres(board: Board) -> None:
    centres = sorted(s for s, sp in board.spaces.items() if sp.supply_center)
    pos = position(owners={s: "france" for s in centres[:17]})
    assert winner(board, pos) is None
    pos = position(owners={s: "france" for s in centres[:18]})
    assert winner(board, pos) == "france"


def test_machiavelli_starts_per_profile() -> None:
    """[M 2.4] (Objectif §4.1): spring 1454 is the referee's setup, the first orders are for the summer,
    with the Avalon Hill treasuries of the 1995 board; the judge's game starts in spring, with no money."""
    objectif = board_rules("objectif")
    start = start_position(shipped_board(objectif.map), objectif)
    assert str(start.phase) == "Summer 1454 Movement"
    assert start.ledger.ducats("venice") == 9 and start.ledger.ducats("austria") == 1
    judge = board_rules("judge")
    start = start_position(shipped_board(judge.map), judge)
    assert str(start.phase) == "Spring 1454 Movement" and not start.ledger.treasury
    assert start.chits["florence"] == frozenset(p for p in shipped_board(judge.map).powers if p != "florence")
