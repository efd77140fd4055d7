"""Backup rules: what the resolver does when a cycle of decisions has no single consistent answer.

A ruleset chooses its backup rule. The DATC's preferred one is `szykman_then_circular`: a cycle
that goes through a convoy is a convoy paradox and the convoys in it fail (the Szykman rule: the
convoyed armies stay where they are and cut no support); a cycle of moves alone is circular
movement and every move in it succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from .resolver import BackupRule, Resolver


def szykman_then_circular(
    is_convoy: Callable[[int], bool],
    is_move: Callable[[int], bool],
    paradoxes: set[int] | None = None,
) -> BackupRule:
    """Build the DATC's preferred backup rule for orders told apart by the two predicates.

    Convoy decisions settled by the Szykman rule are added to `paradoxes`, for the reports.
    """

    def rule(resolver: Resolver, cycle: Sequence[int]) -> None:
        convoys = [d for d in cycle if is_convoy(d)]
        chosen: Collection[int]
        if convoys:
            chosen, value = convoys, False
            if paradoxes is not None:
                paradoxes.update(convoys)
        else:
            chosen, value = [d for d in cycle if is_move(d)], True
        if not chosen:  # no rule applies: fail the head of the cycle so resolution can go on
            chosen, value = [cycle[0]], False
        for d in cycle:
            if d in chosen:
                resolver.settle(d, value)
            else:
                resolver.reopen(d)

    return rule
