"""The movement phase: check the orders, resolve them, move the units.

The steps, in order:
1. sanitise: every order is checked (`legality`); an illegal order is recorded with its reason and
   its unit holds; a unit without an order holds.
2. match: which supports and convoys are for a move or hold actually ordered; which moves go by
   convoy (explicitly, when not adjacent, or when the army's own power convoys it: the 2000 rules'
   "intent"); which moves meet head to head.
3. resolve: one decision per order, found by the guess-and-check `Resolver` with the equations of
   Kruijswijk's "The Math of Adjudication" ch. 2 (attack, hold, defend and prevent strength).
4. execute: the moves that succeed are made, dislodged units wait to retreat, and the spaces left
   empty by a standoff are recorded.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .backup import szykman_then_circular
from .board import Board, space_of
from .legality import Illegal, check_movement_order
from .orders import Convoy, Hold, Move, MovementOrder, Order, SupportHold, SupportMove
from .outcome import Outcome, Reason
from .position import Dislodged, Phase, PhaseKind, Position
from .resolver import Resolver
from .units import Unit, UnitKind

UnitStrength = Callable[[Unit], int]


_MOVEMENT_KINDS = frozenset({Hold, Move, SupportHold, SupportMove, Convoy})


def _one(unit: Unit) -> int:
    return 1


@dataclass(frozen=True)
class MovementResult:
    position: Position  # the retreat phase of the same season (dislodged units, contested spaces)
    outcomes: tuple[Outcome, ...]


def adjudicate_movement(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    *,
    strength: UnitStrength = _one,
    trace: list[str] | None = None,
) -> MovementResult:
    """Adjudicate a movement phase. `orders` are (power, order) pairs, in the order given."""
    turn = _Turn(board, position, strength)
    turn.sanitise(orders)
    turn.match()
    resolver = Resolver(len(turn.orders), turn.adjudicate, turn.backup_rule())
    resolver.trace = trace
    turn.resolve = resolver.resolve
    for i in range(len(turn.orders)):
        resolver.resolve(i)
    return turn.execute()


class _Turn:
    """All the orders of one movement phase, indexed for the strength equations."""

    def __init__(self, board: Board, position: Position, strength: UnitStrength) -> None:
        self.board = board
        self.position = position
        self.unit_strength = strength
        self.resolve: Callable[[int], bool] = lambda i: False  # set once the resolver exists
        self.paradoxes: set[int] = set()

    # ---- 1. sanitise ----------------------------------------------------------------------

    def sanitise(self, given: Iterable[tuple[str, Order]]) -> None:
        self.illegal: list[Outcome] = []  # orders that never reach the resolver (no unit of theirs)
        chosen: dict[str, tuple[str, MovementOrder, Order]] = {}  # space -> (power, checked, as given)
        refused: dict[str, tuple[str, Order, Illegal]] = {}
        for power, order in given:
            if type(order) not in _MOVEMENT_KINDS:
                self.illegal.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_PHASE))
                continue
            assert isinstance(order, (Hold, Move, SupportHold, SupportMove, Convoy))
            space = space_of(order.at)
            if space in chosen or space in refused:
                self.illegal.append(Outcome(power, order, False, Reason.ILLEGAL_DUPLICATE))
                continue
            try:
                chosen[space] = (power, check_movement_order(self.board, self.position, power, order), order)
            except Illegal as why:
                unit = self.position.unit_at(space)
                if unit is None or why.reason is Reason.ILLEGAL_NOT_OWNER:
                    self.illegal.append(Outcome(power, order, False, why.reason, why.detail, unit))
                else:
                    refused[space] = (power, order, why)

        # one entry per unit on the board, in board order
        self.units: list[Unit] = []
        self.orders: list[MovementOrder] = []
        self.given: list[Order | None] = []  # as written, for the report
        self.refusal: list[Illegal | None] = []
        for space, unit in self.position.units.items():
            self.units.append(unit)
            if space in chosen:
                _, checked, as_given = chosen[space]
                self.orders.append(checked)
                self.given.append(as_given)
                self.refusal.append(None)
            else:
                self.orders.append(Hold(unit.kind, unit.location))
                entry = refused.get(space)
                self.given.append(entry[1] if entry else None)
                self.refusal.append(entry[2] if entry else None)
        self.index = {u.space: i for i, u in enumerate(self.units)}

        # a move to a space that is not a neighbour needs fleets that could carry it: with no chain of
        # fleets from one end to the other it is illegal and the army holds (DATC 6.D.32); with one, it
        # is a move even if no convoy is ordered (DATC 6.D.8)
        army_adjacency = self.board.army_adjacency
        for i, o in enumerate(self.orders):
            if type(o) is Move and self.units[i].kind is UnitKind.ARMY:
                unit = self.units[i]
                if o.to not in army_adjacency[unit.space] and not self._fleet_chain(unit.space, o.to):
                    self._refuse(i, Illegal(Reason.ILLEGAL_NO_CONVOY_ROUTE))

    @functools.cached_property
    def fleet_spaces(self) -> frozenset[str]:
        """The spaces holding a fleet that could take part in a convoy, whatever its order."""
        return frozenset(
            u.space for u in self.units if u.kind is UnitKind.FLEET and self.board.can_convoy_from(u.space)
        )

    def _fleet_chain(self, src: str, dst: str) -> bool:
        """Is there a chain of fleets, whatever their orders, from `src` to `dst`?"""
        fleets = self.fleet_spaces
        near = self.board.fleet_neighbours
        todo = [s for s in near(src) if s in fleets]
        seen: set[str] = set()
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            if dst in near(s):
                return True
            todo.extend(n for n in near(s) if n in fleets and n not in seen)
        return False

    def _refuse(self, i: int, why: Illegal) -> None:
        self.given[i] = self.given[i] or self.orders[i]
        self.refusal[i] = why
        self.orders[i] = Hold(self.units[i].kind, self.units[i].location)

    # ---- 2. match -------------------------------------------------------------------------

    def match(self) -> None:
        n = len(self.orders)
        orders, units, index, board = self.orders, self.units, self.index, self.board
        self.strength = [self.unit_strength(u) for u in units]
        self.power = [u.power for u in units]
        self.is_move = [False] * n
        self.is_support = [False] * n
        self.is_convoy = [False] * n
        self.dest: list[str | None] = [None] * n
        self.moves_into: dict[str, list[int]] = {}
        for i, o in enumerate(orders):
            if type(o) is Move:
                self.is_move[i] = True
                d = self.dest[i] = space_of(o.to)
                self.moves_into.setdefault(d, []).append(i)
            elif type(o) is SupportMove or type(o) is SupportHold:
                self.is_support[i] = True
            elif type(o) is Convoy:
                self.is_convoy[i] = True

        # convoys: matched to the army's move when it goes to the same place
        self.convoys: list[list[int]] = [[] for _ in range(n)]
        self.matched = [True] * n
        for c in range(n):
            if self.is_convoy[c]:
                o = orders[c]
                a = index.get(space_of(o.target))  # type: ignore[union-attr]
                if a is not None and self.dest[a] == o.to:  # type: ignore[union-attr]
                    self.convoys[a].append(c)
                else:
                    self.matched[c] = False

        # by convoy: not to a neighbour; "via convoy" with a convoy ordered for it (without one the
        # words are ignored and the army goes by land: the 2000 rules, DATC 6.G.8); or with the "intent"
        # of the army's own power: one of its fleets ordered to convoy the army and standing on a route
        # of fleets between the two ends
        self.by_convoy = [False] * n
        for i in range(n):
            o = orders[i]
            if self.is_move[i] and units[i].kind is UnitKind.ARMY:
                assert isinstance(o, Move)
                if o.to not in board.army_adjacency[units[i].space] or (o.via_convoy and self.convoys[i]):
                    self.by_convoy[i] = True
                elif self.convoys[i]:
                    fleets = self.fleet_spaces
                    self.by_convoy[i] = any(
                        self.power[c] == self.power[i]
                        and board.on_convoy_route(units[i].space, o.to, units[c].space, fleets)
                        for c in self.convoys[i]
                    )
                if not self.by_convoy[i] and self.convoys[i]:  # a convoy for a move made over land carries nothing
                    for c in self.convoys[i]:
                        self.matched[c] = False
                    self.convoys[i] = []

        # supports
        self.supports: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            if self.is_support[s]:
                o = orders[s]
                t = index[space_of(o.target)]  # type: ignore[union-attr]
                if type(o) is SupportHold:
                    ok = not self.is_move[t]
                else:
                    to = o.to  # type: ignore[union-attr]
                    ok = self.dest[t] == space_of(to) and (to == self.dest[t] or orders[t].to == to)  # type: ignore[union-attr]
                if ok:
                    self.supports[t].append(s)
                else:
                    self.matched[s] = False

        # head to head: two moves over land into each other's space
        self.opposing: list[int | None] = [None] * n
        for i in range(n):
            target = self.dest[i]
            if target is not None and not self.by_convoy[i]:
                j = index.get(target)
                if j is not None and self.dest[j] == units[i].space and not self.by_convoy[j]:
                    self.opposing[i] = j

    def backup_rule(self) -> Callable[[Resolver, Sequence[int]], None]:
        return szykman_then_circular(lambda d: self.is_convoy[d], lambda d: self.is_move[d], self.paradoxes)

    # ---- 3. the decisions -----------------------------------------------------------------

    def adjudicate(self, i: int) -> bool:
        if self.is_move[i]:
            return self._move_succeeds(i)
        if not self.matched[i]:
            return False
        if self.is_support[i]:
            return self._support_given(i)
        if self.is_convoy[i]:
            return not self._dislodged(self.units[i].space)
        return True  # a hold is not a decision anything depends on

    def _move_succeeds(self, i: int) -> bool:
        attack = self._attack(i)
        if attack == 0:
            return False
        j = self.opposing[i]
        if j is not None:
            if attack <= self._defend(j):
                return False
        elif attack <= self._hold(self.dest[i]):  # type: ignore[arg-type]
            return False
        for k in self.moves_into[self.dest[i]]:  # type: ignore[index]
            if k != i and attack <= self._prevent(k):
                return False
        return True

    def _path(self, i: int) -> bool:
        """Is there a chain of convoying fleets, none dislodged, from the army to its destination?"""
        if not self.by_convoy[i]:
            return True
        fleets = {self.units[c].space: c for c in self.convoys[i]}
        if not fleets:
            return False
        board, dest = self.board, self.dest[i]
        seen: set[str] = set()
        todo = [s for s in board.fleet_neighbours(self.units[i].space) if s in fleets]
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            if not self.resolve(fleets[s]):
                continue
            near = board.fleet_neighbours(s)
            if dest in near:
                return True
            todo.extend(n for n in near if n in fleets and n not in seen)
        return False

    def _support(self, i: int, exclude_power: str | None = None) -> int:
        total = 0
        for s in self.supports[i]:
            if self.power[s] != exclude_power and self.resolve(s):
                total += self.strength[s]
        return total

    def _attack(self, i: int) -> int:
        if not self._path(i):
            return 0
        k = self.index.get(self.dest[i])  # type: ignore[arg-type]
        if k is None or (self.opposing[i] is None and self.is_move[k] and self.resolve(k)):
            return self.strength[i] + self._support(i)
        if self.power[k] == self.power[i]:
            return 0  # no power may dislodge its own unit
        return self.strength[i] + self._support(i, exclude_power=self.power[k])

    def _hold(self, space: str) -> int:
        k = self.index.get(space)
        if k is None:
            return 0
        if self.is_move[k]:
            return 0 if self.resolve(k) else self.strength[k]
        return self.strength[k] + self._support(k)

    def _defend(self, j: int) -> int:
        return self.strength[j] + self._support(j)

    def _prevent(self, k: int) -> int:
        if not self._path(k):
            return 0
        j = self.opposing[k]
        if j is not None and self.resolve(j):
            return 0
        return self.strength[k] + self._support(k)

    def _support_given(self, s: int) -> bool:
        return self._cutter(s) is None

    def _cutter(self, s: int) -> int | None:
        """The move that cuts support `s`, if any (an attack from elsewhere, or a dislodgement)."""
        order = self.orders[s]
        space, power = self.units[s].space, self.power[s]
        exempt = space_of(order.to) if isinstance(order, SupportMove) else None
        for j in self.moves_into.get(space, ()):
            if self.power[j] == power or not self._path(j):
                continue
            if self.units[j].space != exempt or self.resolve(j):
                return j
        return None

    def _dislodger(self, space: str) -> int | None:
        for j in self.moves_into.get(space, ()):
            if self.resolve(j):
                return j
        return None

    def _dislodged(self, space: str) -> bool:
        return self._dislodger(space) is not None

    # ---- 4. execute -----------------------------------------------------------------------

    def execute(self) -> MovementResult:
        resolve = self.resolve
        moved: list[Unit] = []
        stayed: list[Unit] = []
        dislodged: list[Dislodged] = []
        outcomes: list[Outcome] = []
        for i, unit in enumerate(self.units):
            succeeded = resolve(i)
            if succeeded and self.is_move[i]:
                moved.append(Unit(unit.power, unit.kind, self.orders[i].to))  # type: ignore[union-attr]
                by = None
            else:
                j = self._dislodger(unit.space)
                by = self.units[j].space if j is not None else None
                if j is not None:
                    dislodged.append(Dislodged(unit, None if self.by_convoy[j] else by))
                else:
                    stayed.append(unit)
            outcomes.append(self._outcome(i, succeeded, by))
        occupied = {u.space for u in moved} | {u.space for u in stayed}
        contested = {
            space
            for space, movers in self.moves_into.items()
            if space not in occupied and any(self._stood_off(j) for j in movers)
        }
        phase = self.position.phase
        after = Position.build(
            Phase(phase.season, phase.year, PhaseKind.RETREAT),
            moved + stayed,
            self.position.owners,
            dislodged,
            contested,
        )
        return MovementResult(after, tuple(self.illegal) + tuple(outcomes))

    def _stood_off(self, j: int) -> bool:
        """Did move `j` fail in a standoff (not for want of a convoy, nor by losing head to head)?"""
        if self.resolve(j) or not self._path(j):
            return False
        k = self.opposing[j]
        return k is None or not self.resolve(k)

    def _outcome(self, i: int, succeeded: bool, dislodged_by: str | None) -> Outcome:
        unit, order = self.units[i], self.orders[i]
        given = self.given[i] or order
        refusal = self.refusal[i]
        if refusal is not None:
            ok, reason, detail = False, refusal.reason, refusal.detail
        elif self.given[i] is None:
            ok, reason, detail = dislodged_by is None, Reason.NO_ORDER, {}
        else:
            ok, reason, detail = self._result(i, succeeded, dislodged_by)
        return Outcome(unit.power, given, ok, reason, detail, unit, dislodged_by)

    def _result(self, i: int, succeeded: bool, dislodged_by: str | None) -> tuple[bool, Reason, dict[str, str]]:
        """Succeeded or not, why, and the places the reason speaks of, for an order that was carried out."""
        if self.is_move[i]:
            if succeeded:
                return True, Reason.SUCCEEDS, {}
            if not self._path(i):
                paradox = any(c in self.paradoxes for c in self.convoys[i])
                return False, Reason.CONVOY_PARADOX if paradox else Reason.NO_CONVOY_PATH, {}
            return False, Reason.BOUNCED, {"against": " ".join(self._bounced_against(i))}
        if self.is_support[i]:
            if not self.matched[i]:
                return False, Reason.SUPPORT_NOT_MATCHED, {}
            if not succeeded:
                j = self._cutter(i)
                return False, Reason.SUPPORT_CUT, {"by": self.units[j].space if j is not None else ""}
            return True, Reason.SUCCEEDS, {}
        if self.is_convoy[i]:
            if not self.matched[i]:
                return False, Reason.CONVOY_NOT_MATCHED, {}
            if i in self.paradoxes:
                return False, Reason.CONVOY_PARADOX, {}
            if not succeeded:
                return False, Reason.CONVOY_DISRUPTED, {}
            return True, Reason.SUCCEEDS, {}
        if dislodged_by is not None:
            return False, Reason.DISLODGED, {"by": dislodged_by}
        return True, Reason.SUCCEEDS, {}

    def _bounced_against(self, i: int) -> list[str]:
        attack = self._attack(i)
        dest = self.dest[i]
        assert dest is not None
        against: list[str] = []
        j = self.opposing[i]
        if attack == 0 or (j is not None and attack <= self._defend(j)) or (j is None and attack <= self._hold(dest)):
            against.append(dest)
        against.extend(self.units[k].space for k in self.moves_into[dest] if k != i and attack <= self._prevent(k))
        return sorted(set(against))
