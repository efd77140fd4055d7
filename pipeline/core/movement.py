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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .backup import szykman_then_circular
from .board import Board, coast_of, space_of
from .legality import Illegal, check_movement_order
from .orders import Convoy, Hold, Move, MovementOrder, Order, SupportHold, SupportMove
from .outcome import Outcome, Reason
from .position import Dislodged, Phase, PhaseKind, Position
from .resolver import Resolver
from .units import Unit, UnitKind

UnitStrength = Callable[[Unit], int]


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
            at = getattr(order, "at", None)
            if not isinstance(order, (Hold, Move, SupportHold, SupportMove, Convoy)) or at is None:
                self.illegal.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_PHASE))
                continue
            space = space_of(at)
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

        # a move by convoy (said so, or not to a neighbour) needs fleets that could carry it: with no
        # chain of fleets from one end to the other it is illegal and the army holds (DATC 6.D.32);
        # with one, it is a move even if no convoy is ordered (DATC 6.D.8, 6.G.8)
        fleets = {u.space for u in self.units if u.kind is UnitKind.FLEET and self.board.can_convoy_from(u.space)}
        for i, o in enumerate(self.orders):
            if isinstance(o, Move) and self.units[i].kind is UnitKind.ARMY:
                by_sea = o.via_convoy or not self.board.adjacent(UnitKind.ARMY, o.at, o.to)
                if by_sea and not self._fleet_chain(self.units[i].space, o.to, fleets):
                    self._refuse(i, Illegal(Reason.ILLEGAL_NO_CONVOY_ROUTE))

    def _fleet_chain(self, src: str, dst: str, fleets: set[str]) -> bool:
        """Is there a chain of fleets, whatever their orders, from `src` to `dst`?"""
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
        orders, units, index = self.orders, self.units, self.index
        self.strength = [self.unit_strength(u) for u in units]
        self.power = [u.power for u in units]
        self.is_move = [isinstance(o, Move) for o in orders]
        self.dest: list[str | None] = [space_of(o.to) if isinstance(o, Move) else None for o in orders]
        self.moves_into: dict[str, list[int]] = {}
        for i in range(n):
            d = self.dest[i]
            if d is not None:
                self.moves_into.setdefault(d, []).append(i)

        # convoys: matched to the army's move when it goes to the same place
        self.convoys: list[list[int]] = [[] for _ in range(n)]
        self.matched = [True] * n
        for c, o in enumerate(orders):
            if isinstance(o, Convoy):
                a = index.get(space_of(o.target))
                if a is not None and self.is_move[a] and self.dest[a] == o.to:
                    self.convoys[a].append(c)
                else:
                    self.matched[c] = False

        # by convoy: said so, not to a neighbour, or with the "intent" of the army's own power: one of
        # its fleets ordered to convoy the army and standing on a route of fleets between the ends
        fleets = frozenset(u.space for u in units if u.kind is UnitKind.FLEET and self.board.can_convoy_from(u.space))
        self.by_convoy = [False] * n
        for i in range(n):
            o = orders[i]
            if isinstance(o, Move) and units[i].kind is UnitKind.ARMY:
                self.by_convoy[i] = (
                    o.via_convoy
                    or not self.board.adjacent(UnitKind.ARMY, o.at, o.to)
                    or any(
                        self.power[c] == self.power[i]
                        and self.board.on_convoy_route(units[i].space, o.to, units[c].space, fleets)
                        for c in self.convoys[i]
                    )
                )
        for c, o in enumerate(orders):  # a convoy for a move made over land carries nothing
            if isinstance(o, Convoy) and self.matched[c]:
                a = index[space_of(o.target)]
                if not self.by_convoy[a]:
                    self.matched[c] = False
                    self.convoys[a].remove(c)

        # supports
        self.supports: list[list[int]] = [[] for _ in range(n)]
        for s, o in enumerate(orders):
            if isinstance(o, (SupportHold, SupportMove)):
                t = index[space_of(o.target)]
                if isinstance(o, SupportHold):
                    ok = not self.is_move[t]
                else:
                    ok = self.is_move[t] and self.dest[t] == space_of(o.to)
                    if ok and coast_of(o.to) is not None:
                        ok = orders[t].to == o.to  # type: ignore[union-attr]
                if ok:
                    self.supports[t].append(s)
                else:
                    self.matched[s] = False

        # head to head: two moves over land into each other's space
        self.opposing: list[int | None] = [None] * n
        for i in range(n):
            d = self.dest[i]
            if d is not None and not self.by_convoy[i]:
                j = index.get(d)
                if j is not None and self.dest[j] == units[i].space and not self.by_convoy[j]:
                    self.opposing[i] = j

        self.is_convoy = [isinstance(o, Convoy) for o in orders]
        self.is_support = [isinstance(o, (SupportHold, SupportMove)) for o in orders]

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
            order = self.orders[i]
            succeeded = resolve(i)
            if isinstance(order, Move) and succeeded:
                moved.append(Unit(unit.power, unit.kind, order.to))
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

        def out(ok: bool, reason: Reason, **detail: str) -> Outcome:
            return Outcome(unit.power, given, ok, reason, detail, unit, dislodged_by)

        if refusal is not None:
            return out(False, refusal.reason, **refusal.detail)
        if self.given[i] is None:
            return out(dislodged_by is None, Reason.NO_ORDER)
        if isinstance(order, Move):
            if succeeded:
                return Outcome(unit.power, order, True, Reason.SUCCEEDS, {}, unit, dislodged_by)
            if not self._path(i):
                paradox = any(c in self.paradoxes for c in self.convoys[i])
                return out(False, Reason.CONVOY_PARADOX if paradox else Reason.NO_CONVOY_PATH)
            return out(False, Reason.BOUNCED, against=" ".join(self._bounced_against(i)))
        if isinstance(order, (SupportHold, SupportMove)):
            if not self.matched[i]:
                return out(False, Reason.SUPPORT_NOT_MATCHED)
            if not succeeded:
                j = self._cutter(i)
                by = self.units[j].space if j is not None else ""
                return out(False, Reason.SUPPORT_CUT, by=by)
            return out(True, Reason.SUCCEEDS)
        if isinstance(order, Convoy):
            if not self.matched[i]:
                return out(False, Reason.CONVOY_NOT_MATCHED)
            if i in self.paradoxes:
                return out(False, Reason.CONVOY_PARADOX)
            if not succeeded:
                return out(False, Reason.CONVOY_DISRUPTED)
            return out(True, Reason.SUCCEEDS)
        if dislodged_by is not None:
            return out(False, Reason.DISLODGED, by=dislodged_by)
        return out(True, Reason.SUCCEEDS)

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
