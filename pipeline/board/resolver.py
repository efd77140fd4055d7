"""Kruijswijk's guess-and-check resolver ("The Math of Adjudication", ch. 6).

The resolver knows nothing of order kinds. It resolves numbered yes/no *decisions* (does this move
succeed? is this support given?) by calling `adjudicate(d)`, which may ask for other decisions. When
a decision comes back round to itself, the resolver guesses: first "fails", then "succeeds". If both
guesses give the same answer that answer is the only consistent one; otherwise the cycle is a
paradox (no consistent answer) or a circle (two), and the injected backup rule settles it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2

BackupRule = Callable[["Resolver", Sequence[int]], None]


class Resolver:
    """The decisions `0 .. size-1`, resolved on demand; a subclass gives `adjudicate`. (Subclassed, not handed a
    function: the movement's `Decisions` is its resolver, so that one phase's decisions make no reference cycle
    and are freed as soon as the phase is done, without the cycle collector.)"""

    def __init__(self, size: int, backup_rule: BackupRule, trace: list[str] | None = None) -> None:
        self.backup_rule = backup_rule
        self.state = [UNRESOLVED] * size
        self.result = [False] * size
        self.dependencies: list[int] = []  # decisions whose value rests on a guess, in order met
        self.trace = trace  # a list to record the resolution steps in, or None

    def adjudicate(self, d: int) -> bool:
        """Decision `d` worked out from the rules, asking `resolve` for the decisions it rests on."""
        raise NotImplementedError

    def settle(self, decision: int, value: bool) -> None:
        """Fix a decision for good (used by backup rules)."""
        self.state[decision] = RESOLVED
        self.result[decision] = value

    def reopen(self, decision: int) -> None:
        """Forget a guess so the decision is adjudicated again (used by backup rules)."""
        self.state[decision] = UNRESOLVED

    def resolve(self, d: int) -> bool:
        state = self.state[d]
        if state == RESOLVED:
            return self.result[d]
        deps = self.dependencies
        if state == GUESSING:  # came back round a cycle: answer with the current guess
            if d not in deps:
                deps.append(d)
            return self.result[d]

        mark = len(deps)
        self.state[d], self.result[d] = GUESSING, False
        first = self.adjudicate(d)
        if len(deps) == mark:  # nothing rested on a guess: the answer is final
            if self.state[d] != RESOLVED:
                self.state[d], self.result[d] = RESOLVED, first
            return self.result[d]
        if deps[mark] != d:  # part of a cycle whose head is further up: let the head decide
            deps.append(d)
            self.result[d] = first
            return first

        # d heads the cycle: undo the first guess and try the other one
        for other in deps[mark:]:
            self.state[other] = UNRESOLVED
        del deps[mark:]
        self.state[d], self.result[d] = GUESSING, True
        second = self.adjudicate(d)
        if self.trace is not None:
            self.trace.append(f"decision {d}: guess fails -> {first}, guess succeeds -> {second}")
        if first == second:  # only one guess is consistent
            for other in deps[mark:]:
                self.state[other] = UNRESOLVED
            del deps[mark:]
            self.state[d], self.result[d] = RESOLVED, first
            return first
        cycle = list(deps[mark:])
        if d not in cycle:
            cycle.insert(0, d)
        if self.trace is not None:
            self.trace.append(f"backup rule on cycle {cycle}")
        del deps[mark:]
        self.backup_rule(self, cycle)
        return self.resolve(d)
