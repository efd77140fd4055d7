"""The guess-and-check resolver on bare decisions, without any board."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.board.backup import szykman_then_circular
from pipeline.board.resolver import RESOLVED, Resolver


def make(rules: dict[int, object], convoys: frozenset[int] = frozenset(), moves: frozenset[int] | None = None):
    calls: list[Sequence[int]] = []
    moves = frozenset(rules) if moves is None else moves
    paradoxes: set[int] = set()
    inner = szykman_then_circular(lambda d: d in convoys, lambda d: d in moves, paradoxes)

    def backup(resolver: Resolver, cycle: Sequence[int]) -> None:
        calls.append(list(cycle))
        inner(resolver, cycle)

    class Bare(Resolver):  # decisions that are bare functions of the others
        def adjudicate(self, d: int) -> bool:
            return rules[d](self.resolve)  # type: ignore[operator]

    resolver = Bare(len(rules), backup)
    return resolver, calls, paradoxes


def test_independent_decisions_resolve_without_guessing() -> None:
    r, calls, _ = make({0: lambda res: True, 1: lambda res: not res(0)})
    assert [r.resolve(0), r.resolve(1)] == [True, False]
    assert calls == [] and r.state == [RESOLVED, RESOLVED]


def test_a_cycle_with_one_consistent_answer_needs_no_backup_rule() -> None:
    # d0 succeeds iff d1 fails; d1 fails whatever d0 is: only "d0 succeeds" is consistent
    r, calls, _ = make({0: lambda res: not res(1), 1: lambda res: res(0) and False})
    assert r.resolve(0) is True and r.resolve(1) is False
    assert calls == []


def test_circular_movement_two_answers_all_succeed() -> None:
    # three moves in a ring: each succeeds iff the next one does (both answers consistent)
    r, calls, _ = make({0: lambda res: res(1), 1: lambda res: res(2), 2: lambda res: res(0)})
    assert [r.resolve(i) for i in range(3)] == [True, True, True]
    assert len(calls) == 1 and sorted(calls[0]) == [0, 1, 2]


def test_convoy_paradox_no_answer_fails_the_convoys() -> None:
    # d0 (a move) succeeds iff the convoy d1 fails; d1 succeeds iff d0 succeeds: no consistent answer
    r, calls, paradoxes = make(
        {0: lambda res: not res(1), 1: lambda res: res(0)}, convoys=frozenset({1}), moves=frozenset({0})
    )
    assert r.resolve(0) is True and r.resolve(1) is False
    assert paradoxes == {1} and len(calls) == 1


def test_trace_records_guesses() -> None:
    r, _, _ = make({0: lambda res: res(1), 1: lambda res: res(0)})
    r.trace = []
    r.resolve(0)
    assert any("backup rule" in line for line in r.trace)
