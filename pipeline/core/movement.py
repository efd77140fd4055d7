"""The movement phase: check the orders, resolve them, move the units.

The steps, in order:
1. sanitise: every order is checked (`legality`); an illegal order is recorded with its reason and
   its unit holds; a unit without an order holds.
2. match: which supports and convoys are for a move or hold actually ordered; which moves go by
   convoy [D 4.3] (explicitly, when not adjacent, or when the army's own power convoys it: the 2000
   rulebook's "intent"); which moves meet head to head.
3. resolve: one decision per order, found by the guess-and-check `Resolver` with the equations of
   Kruijswijk's "The Math of Adjudication" ch. 2 (attack, hold, defend and prevent strength).
4. execute: the moves that succeed are made, dislodged units wait to retreat, and the spaces left
   empty by a standoff are recorded.

The engine is shared by every family; what a family adds to the strength equations or to the end of
the phase comes in as `MovementHooks` (Machiavelli's rebels: `pipeline/games/machiavelli/rebellions.py`),
never as a test of which game is played.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .backup import szykman_then_circular
from .board import Board, Strait, space_of
from .legality import DEFAULT_RULES, Illegal, check_movement_order, find_unit
from .orders import (
    MOVEMENT_KINDS,
    Ally,
    Besiege,
    Convert,
    Convoy,
    Hold,
    LiftSiege,
    Move,
    MovementOrder,
    Order,
    SupportConvert,
    SupportHold,
    SupportMove,
)
from .outcome import Outcome, Reason
from .position import Dislodged, Phase, PhaseKind, Position, Rebellion
from .resolver import Resolver
from .rules import Rules
from .units import CITY, Unit, UnitKind

UnitStrength = Callable[[Unit], int]


_MOVEMENT_TYPES = frozenset(MOVEMENT_KINDS)  # a set: checked for every order of every phase
SHUT = 1_000_000  # the hold strength of a space no move may enter


def _unit_strength(unit: Unit) -> int:
    return unit.strength


@dataclass(frozen=True)
class CampaignDeeds:
    """What the units did in one movement phase, province by province (for the rules that follow
    deeds rather than orders, such as Machiavelli's rebellions)."""

    held: Iterable[tuple[str, str]]  # (province, power): a unit ordered to hold there, not dislodged
    entered: Iterable[tuple[str, str]]  # (province, power): a unit that moved into the province
    besieged: Iterable[tuple[str, str]]  # (province, power): a siege order carried out there


# (position, moves into each space, each order's power, each order's unit) -> extra support per order
ExtraSupport = Callable[[Position, Mapping[str, Sequence[int]], Sequence[str], Sequence[Unit]], list[int]]
Owners = dict[str, str]
# (position before, rules, the deeds when asked, owners, cities) -> rebellions, owners, cities after
AfterMoves = Callable[
    [Position, Rules, Callable[[], CampaignDeeds], Owners, Owners], tuple[dict[str, Rebellion], Owners, Owners]
]


@dataclass(frozen=True)
class MovementHooks:
    """What a family adds to the shared movement rules, each hook named for what it decides; None
    (Diplomacy) adds nothing and costs nothing.

    `extra_support`: strength added to each order's attack, defence and prevention (Machiavelli: the
    rebels' support of a power moving into their province). `after_moves`: what the moves change besides
    the units (Machiavelli: the rebellions put down or liberated, and control where they suspend it)."""

    extra_support: ExtraSupport | None = None
    after_moves: AfterMoves | None = None


NO_HOOKS = MovementHooks()


@dataclass(frozen=True)
class MovementResult:
    position: Position  # the retreat phase of the same season (dislodged units, contested spaces)
    outcomes: tuple[Outcome, ...]


def adjudicate_movement(
    board: Board,
    position: Position,
    orders: Iterable[tuple[str, Order]],
    *,
    rules: Rules = DEFAULT_RULES,
    strength: UnitStrength = _unit_strength,
    trace: list[str] | None = None,
    assassinated: frozenset[str] = frozenset(),
    hooks: MovementHooks = NO_HOOKS,
) -> MovementResult:
    """Adjudicate a movement phase. `orders` are (power, order) pairs, in the order given; the units of
    the `assassinated` powers (Machiavelli) hold whatever they were ordered; `hooks`: what the game's
    family adds to the movement rules."""
    turn = _Turn(board, position, rules, strength, hooks)
    turn.assassinated = assassinated
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

    def __init__(
        self, board: Board, position: Position, rules: Rules, strength: UnitStrength, hooks: MovementHooks
    ) -> None:
        self.board = board
        self.hooks = hooks
        self.position = position
        self.rules = rules
        self.unit_strength = strength
        chosen = rules.straits
        self.straits = [s for s in board.straits if not chosen or s.controller in chosen]
        self.allowed: dict[str, set[str]] = {}  # power -> powers whose fleets may use its straits
        self.resolve: Callable[[int], bool] = lambda i: False  # set once the resolver exists
        self.paradoxes: set[int] = set()
        self.assassinated: frozenset[str] = frozenset()

    # ---- 1. sanitise ----------------------------------------------------------------------

    def sanitise(self, given: Iterable[tuple[str, Order]]) -> None:
        self.illegal: list[Outcome] = []  # orders that never reach the resolver (no unit of theirs, alliances)
        chosen: dict[str, tuple[str, MovementOrder, Order]] = {}  # space -> (power, checked, as given)
        refused: dict[str, tuple[str, Order, Illegal]] = {}
        for power, order in given:
            if isinstance(order, Ally):
                if self.rules.strait_permission != "allow_command":
                    self.illegal.append(Outcome(power, order, False, Reason.ILLEGAL_OPTION_OFF))
                    continue
                self.allowed.setdefault(power, set()).add(order.power)
                self.illegal.append(Outcome(power, order, True, Reason.SUCCEEDS))
                continue
            if type(order) not in _MOVEMENT_TYPES:
                self.illegal.append(Outcome(power, order, False, Reason.ILLEGAL_WRONG_PHASE))
                continue
            assert isinstance(order, MovementOrder)
            try:
                unit = find_unit(self.position, order.kind, order.at)
            except Illegal as why:
                self.illegal.append(Outcome(power, order, False, why.reason, why.detail))
                continue
            space = unit.space if unit is not None else space_of(order.at)
            if space in chosen or space in refused:
                self.illegal.append(Outcome(power, order, False, Reason.ILLEGAL_DUPLICATE))
                continue
            try:
                checked = check_movement_order(self.board, self.position, power, order, self.rules)
                chosen[space] = (power, checked, order)
            except Illegal as why:
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
        for i, unit in enumerate(self.units):  # the assassinated power's units hold [M 16.4]
            if unit.power in self.assassinated and self.refusal[i] is None and type(self.orders[i]) is not Hold:
                self._refuse(i, Illegal(Reason.ASSASSINATED))
        if self.rules.conversion_model == "convert_first":
            self._garrisons_convert_first()
        self.index = {u.space: i for i, u in enumerate(self.units)}

        # a move to a space that is not a neighbour needs fleets that could carry it: with no chain of
        # fleets from one end to the other it is illegal and the army holds [D 4.4] (DATC 6.D.32); with one, it
        # is a move even if no convoy is ordered [D 4.4] (DATC 6.D.8)
        army_adjacency = self.board.army_adjacency
        for i, o in enumerate(self.orders):
            unit = self.units[i]
            if type(o) is Move and unit.kind is UnitKind.ARMY:
                if o.to not in army_adjacency[unit.space] and not self._fleet_chain(unit.space, o.to):
                    self._refuse(i, Illegal(Reason.ILLEGAL_NO_CONVOY_ROUTE))
            elif type(o) in (Move, SupportMove, SupportHold) and unit.kind is UnitKind.FLEET and self.straits:
                # a fleet may not move or support through a strait another power's fleet holds (Machiavelli)
                target = space_of(o.target if isinstance(o, SupportHold) else o.to)  # type: ignore[union-attr]
                if self._strait_closed(unit.space, target, unit.power):
                    self._refuse(i, Illegal(Reason.ILLEGAL_STRAIT_CLOSED))
            garrison = self.position.units.get(unit.space + CITY)
            besieging = unit.space in self.position.sieges and garrison is not None and garrison.power != unit.power
            if besieging and self.rules.siege_commitment == "locked":
                if type(o) not in (Besiege, LiftSiege) and self.refusal[i] is None and self.given[i] is not None:
                    self._refuse(i, Illegal(Reason.ILLEGAL_SIEGE_LOCKED))  # the besieger may only besiege or lift

    def _strait(self, src: str, dst: str) -> Strait | None:
        """The strait a fleet passes going from space `src` to space `dst`, if any."""
        for strait in self.straits:
            if (src, dst) in strait.moves:
                return strait
        return None

    def _strait_keeper(self, strait: Strait, power: str) -> bool:
        """Does the fleet in the strait's space at the start of the turn close it to `power`?"""
        keeper = self.position.units.get(strait.controller)
        return (
            keeper is not None
            and keeper.kind is UnitKind.FLEET
            and keeper.power != power
            and power not in self.allowed.get(keeper.power, ())
        )

    def _strait_closed(self, src: str, dst: str, power: str) -> bool:
        strait = self._strait(src, dst)
        return strait is not None and self._strait_keeper(strait, power)

    def _garrisons_convert_first(self) -> None:
        """[M 6.7] (Objectif §8.2): a garrison converting into an army or fleet of an empty province does so before the
        moves, and then holds there (its conversion's supports become hold supports); with a unit of its own
        power in the province it cannot convert; against another power's unit it attacks as a move."""
        occupied = {u.space: u for u in self.units}
        converted: dict[str, Unit] = {}
        for i, (unit, order) in enumerate(zip(self.units, self.orders, strict=True)):
            if type(order) is not Convert or unit.kind is not UnitKind.GARRISON:
                continue
            province = space_of(unit.location)
            there = occupied.get(province)
            if there is not None and there.power == unit.power:
                self._refuse(i, Illegal(Reason.ILLEGAL_CONVERSION))
            elif there is None and not self.board.spaces[province].single_unit:
                new = Unit(unit.power, order.into, province, unit.special)
                self.units[i] = new
                self.orders[i] = Hold(new.kind, new.location)
                converted[unit.space] = new
        for s, order in enumerate(self.orders):
            if type(order) is SupportConvert and order.target_kind is UnitKind.GARRISON:
                army = converted.get(space_of(order.target) + CITY)
                if army is not None and army.kind is order.into:
                    self.orders[s] = SupportHold(order.kind, order.at, army.kind, army.location)

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
            if type(o) is Move or (type(o) is Convert and not self._converts_in_place(i)):
                # a conversion is a move between a province and its city; in a single-unit province
                # (Venice), or for an army or fleet under Objectif's rules, the unit holds and changes kind
                self.is_move[i] = True
                if type(o) is Move:
                    d = space_of(o.to)
                else:
                    d = space_of(o.at) if units[i].kind is UnitKind.GARRISON else space_of(o.at) + CITY
                self.dest[i] = d
                self.moves_into.setdefault(d, []).append(i)
            elif type(o) in (SupportMove, SupportHold, SupportConvert):
                self.is_support[i] = True
            elif type(o) is Convoy:
                self.is_convoy[i] = True

        extra = self.hooks.extra_support
        self.rebel_support = extra(self.position, self.moves_into, self.power, units) if extra else [0] * n

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
        # words are ignored and the army goes by land: [D 4.3], DATC 6.G.8); or with the "intent"
        # of the army's own power: one of its fleets ordered to convoy the army and standing on a route
        # of fleets between the two ends
        self.by_convoy = [False] * n
        for i in range(n):
            o = orders[i]
            if type(o) is Move and units[i].kind is UnitKind.ARMY:
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
                target_kind = o.target_kind  # type: ignore[union-attr]
                found = index.get(space_of(o.target) + (CITY if target_kind is UnitKind.GARRISON else ""))  # type: ignore[union-attr]
                if found is None:  # a garrison that converted first is no longer where the support looked for it
                    self.matched[s] = False
                    continue
                t = found
                supported = orders[t]
                if isinstance(o, SupportHold):
                    ok = not self.is_move[t]
                elif isinstance(o, SupportConvert):
                    ok = isinstance(supported, Convert) and supported.into is o.into and self.is_move[t]
                else:
                    assert isinstance(o, SupportMove)
                    to = o.to
                    ok = self.dest[t] == space_of(to) and (
                        to == self.dest[t] or (isinstance(supported, Move) and supported.to == to)
                    )
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

    @functools.cached_property
    def single_garrisons(self) -> frozenset[str]:
        """Single-unit provinces (Venice) whose city holds a garrison."""
        return frozenset(
            u.location for u in self.units if u.kind is UnitKind.GARRISON and self.board.spaces[u.location].single_unit
        )

    def _in_place_succeeds(self, i: int) -> bool:
        """A conversion in place happens, unless it is a garrison converting out of a single-unit province
        that is attacked, whatever the strengths [M 9.2] (judge 3.1b, Venice e)."""
        province = space_of(self.units[i].location)
        if not self.board.spaces[province].single_unit or self.units[i].kind is not UnitKind.GARRISON:
            return True
        return not self._attackers(province)

    def _attackers(self, province: str) -> list[int]:
        return [j for j in self.moves_into.get(province, ()) if self._path(j)]

    def _converts_in_place(self, i: int) -> bool:
        """Does the conversion of unit `i` leave it where it is for the moves (changing kind afterwards)?"""
        unit = self.units[i]
        return self.board.spaces[space_of(unit.location)].single_unit or (
            self.rules.conversion_model == "convert_first" and unit.kind is not UnitKind.GARRISON
        )

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
        if attack == 0 or self._strait_entered(i):
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

    def _strait_entered(self, i: int) -> bool:
        """Does a fleet of another power close the strait move `i` passes by entering its space now (judge)?"""
        if not self.straits or self.units[i].kind is not UnitKind.FLEET or self.rules.strait_entry_blocks != "yes":
            return False
        strait = self._strait(self.units[i].space, self.dest[i])  # type: ignore[arg-type]
        if strait is None:
            return False
        power = self.power[i]
        for j in self.moves_into.get(strait.controller, ()):
            keeper, order = self.units[j], self.orders[j]
            becomes = order.into if isinstance(order, Convert) else keeper.kind  # a garrison turning fleet counts
            if (
                becomes is UnitKind.FLEET
                and keeper.power != power
                and power not in self.allowed.get(keeper.power, ())
                and self.resolve(j)
            ):
                return True
        return False

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
            if dest in near and not (self.straits and self._strait_closed(s, dest, self.power[i])):
                return True
            todo.extend(
                n
                for n in near
                if n in fleets and n not in seen and not (self.straits and self._strait_closed(s, n, self.power[i]))
            )
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
            return self.strength[i] + self._support(i) + self.rebel_support[i]
        if self.power[k] == self.power[i]:
            return 0  # no power may dislodge its own unit
        return self.strength[i] + self._support(i, exclude_power=self.power[k]) + self.rebel_support[i]

    def _hold(self, space: str) -> int:
        k = self.index.get(space)
        if k is None:
            if space in self.single_garrisons:
                return SHUT  # one unit only (Venice): nothing enters while a garrison holds the city
            return 0
        if self.is_move[k]:
            return 0 if self.resolve(k) else self.strength[k]
        return self.strength[k] + self._support(k)

    def _defend(self, j: int) -> int:
        return self.strength[j] + self._support(j) + self.rebel_support[j]

    def _prevent(self, k: int) -> int:
        if not self._path(k):
            return 0
        j = self.opposing[k]
        if j is not None and self.resolve(j):
            return 0
        return self.strength[k] + self._support(k) + self.rebel_support[k]

    def _support_given(self, s: int) -> bool:
        return self._cutter(s) is None

    def _cutter(self, s: int) -> int | None:
        """The move that cuts support `s`, if any (an attack from elsewhere, or a dislodgement)."""
        order = self.orders[s]
        space, power = self.units[s].space, self.power[s]
        exempt = (
            space_of(order.to)
            if isinstance(order, SupportMove)
            else space_of(order.target)
            if isinstance(order, SupportConvert)
            else None
        )
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
        sieges, taken = self._sieges()
        cities = dict(self.position.cities)
        for province, power in taken.items():
            cities[province] = power
        for i, unit in enumerate(self.units):
            succeeded = resolve(i)
            order = self.orders[i]
            if succeeded and self.is_move[i]:
                moved.append(self._arrived(unit, order))
                by = None
            else:
                j = self._dislodger(unit.space)
                by = self.units[j].space if j is not None else None
                converting = type(order) is Convert and self.refusal[i] is None
                if j is not None and converting and self.rules.conversion_model == "convert_first":
                    stayed.append(self._arrived(unit, order))  # Objectif: it converts even if it must retreat
                    by = None  # safe in its city: not dislodged
                elif j is not None:
                    dislodged.append(Dislodged(unit, None if self.by_convoy[j] else by))
                elif unit.kind is UnitKind.GARRISON and unit.location in taken:
                    pass  # the siege is over: the garrison is gone
                elif converting and self._converts_in_place(i) and self._in_place_succeeds(i):
                    stayed.append(self._arrived(unit, order))  # a conversion in place
                else:
                    stayed.append(unit)
            outcomes.append(self._outcome(i, succeeded, by, sieges, taken))
        occupied = {u.space for u in moved} | {u.space for u in stayed}
        contested = {
            space
            for space, movers in self.moves_into.items()
            if space not in occupied and any(self._stood_off(j) for j in movers)
        }
        phase = self.position.phase
        owners, rebellions = dict(self.position.owners), dict(self.position.rebellions)
        if self.hooks.after_moves is not None:
            rebellions, owners, cities = self.hooks.after_moves(self.position, self.rules, self._deeds, owners, cities)
        after = Position.build(
            Phase(phase.season, phase.year, PhaseKind.RETREAT),
            moved + stayed,
            owners,
            dislodged,
            contested,
            cities,
            sieges,
            self.position.ledger,
            self.position.famine,
            rebellions,
            self.position.chits,
        )
        return MovementResult(after, tuple(self.illegal) + tuple(outcomes))

    def _deeds(self) -> CampaignDeeds:
        """What the units did, once they have moved, held and besieged."""
        held, entered, besieged = [], [], []
        for i, unit in enumerate(self.units):
            order, province = self.orders[i], space_of(unit.location).removesuffix(CITY)
            if self.refusal[i] is not None or self._dislodger(unit.space) is not None:
                continue
            if unit.power in self.assassinated:
                continue  # the victim's holds put down nothing [M 15.8] (judge, assassination 1)
            if type(order) is Hold and isinstance(self.given[i], Hold):  # an order given, not a default
                held.append((province, unit.power))
            elif type(order) is Move and self.resolve(i):
                entered.append((space_of(order.to), unit.power))
            elif type(order) is Besiege:
                besieged.append((province, unit.power))
        return CampaignDeeds(held, entered, besieged)

    @staticmethod
    def _arrived(unit: Unit, order: MovementOrder) -> Unit:
        """The unit after its move or conversion succeeded."""
        if type(order) is Convert:
            return Unit(unit.power, order.into, space_of(unit.location), unit.special)
        return Unit(unit.power, unit.kind, order.to, unit.special)  # type: ignore[union-attr]

    def _sieges(self) -> tuple[dict[str, int], dict[str, str]]:
        """Sieges going on after this movement (province -> campaigns so far), and the cities taken by a
        second consecutive siege (province -> the besieger's power). A siege lasts while its besieger
        besieges and is not dislodged; any other order ends it."""
        going_on: dict[str, int] = {}
        taken: dict[str, str] = {}
        for i, unit in enumerate(self.units):
            paused = unit.power in self.assassinated and self.rules.assassinated_sieges == "paused"
            if paused and unit.space in self.position.sieges and self._dislodger(unit.space) is None:
                going_on[unit.space] = self.position.sieges[unit.space]  # Objectif: the siege stands still
                continue
            if type(self.orders[i]) is not Besiege or self.refusal[i] is not None:
                continue
            if unit.space + CITY not in self.position.units:
                continue  # a siege of a rebel city: the rebellion keeps its count
            if self._dislodger(unit.space) is not None:
                continue
            campaigns = self.position.sieges.get(unit.space, 0) + 1
            if campaigns >= 2:
                taken[unit.space] = unit.power
            else:
                going_on[unit.space] = campaigns
        return going_on, taken

    def _stood_off(self, j: int) -> bool:
        """Did move `j` fail in a standoff (not for want of a convoy, nor by losing head to head)?"""
        if self.resolve(j) or not self._path(j):
            return False
        k = self.opposing[j]
        return k is None or not self.resolve(k)

    def _outcome(
        self, i: int, succeeded: bool, dislodged_by: str | None, sieges: dict[str, int], taken: dict[str, str]
    ) -> Outcome:
        unit, order = self.units[i], self.orders[i]
        given = self.given[i] or order
        refusal = self.refusal[i]
        if refusal is not None:
            ok, reason, detail = False, refusal.reason, refusal.detail
        elif unit.kind is UnitKind.GARRISON and unit.location in taken:
            ok, reason, detail = False, Reason.CITY_TAKEN, {"by": taken[unit.location]}
        elif self.given[i] is None:
            ok, reason, detail = dislodged_by is None, Reason.NO_ORDER, {}
        elif type(order) is Besiege and dislodged_by is None:
            ok, reason, detail = True, Reason.CITY_TAKEN if unit.space in taken else Reason.SIEGE_STARTED, {}
        elif self.is_move[i] and type(order) is Move and not succeeded and self._strait_entered(i):
            ok, reason, detail = False, Reason.STRAIT_CLOSED, {}
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
        if type(self.orders[i]) is Convert and not self._in_place_succeeds(i):
            against = sorted(self.units[j].space for j in self._attackers(space_of(self.units[i].location)))
            return False, Reason.BOUNCED, {"against": " ".join(against)}
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
