"""A seat's legal steps at the start of a round, for an order form [K 3.4]: every step its script could
hold that the rules would do on the board as it stands, each written as the file writes it (the YAML
step). Nothing here decides what is legal: each candidate is played by the rules' own step on a copy of
the table, with a hand that can pay for anything (hands are secret, and change as the turn goes) and
dice that never decide, and kept unless it was refused for a reason other than its cost. A step that
waits on an earlier one (a unit raised, then moved) is not listed: the form offers what the board allows
now.

For the placement rounds [K 18.2]: the corners open to a settlement and, for each, the sides its road or
ship may take.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pipeline.shared.dice import FixedDice

from . import build, combat, movement, trade
from .board import Board, Slot, Vertex
from .context import Context, Skip
from .options import CatanOptions
from .orders import (
    ACTIONS,
    Attack,
    CityRef,
    GuardRef,
    Move,
    MoveExplorer,
    MoveShip,
    RaiseUnit,
    Reactivate,
    ShipRef,
    Swap,
)
from .outcome import Reason
from .resources import RESOURCES, Hand, Resource
from .state import CatanState, Unit
from .units import KNIGHT, SPECS, UnitKind, may_attack

RICH = Hand((99, 99, 99, 99, 99))
COST = frozenset({Reason.CANNOT_AFFORD, Reason.BANK_LACKS})


class _Trial:
    """Plays one candidate step at a time on a fresh copy of the table, as the seat's turn would."""

    def __init__(self, board: Board, state: CatanState, options: CatanOptions, seat: str) -> None:
        self.board, self.state, self.options, self.seat = board, state, options, seat

    def context(self) -> Context:
        table = self.state.table()
        table.round = self.state.round + 1
        table.set_hand(self.seat, RICH)
        return Context(self.board, self.options, FixedDice({}, default=1), table, self.seat)

    def rate(self, resource: Resource) -> int:
        """How many of `resource` the bank takes for one card of another [K 5.3]."""
        return trade.bank_rate(self.context(), Hand.one(resource))

    def __call__(self, rule: Callable[..., Any], *args: Any) -> bool:
        """Would the rule do it (refused, if at all, only for its cost)?"""
        ctx = self.context()
        try:
            rule(ctx, *args)
        except Skip as skip:
            return skip.reason in COST
        return True


def placement(board: Board, state: CatanState, options: CatanOptions, seat: str) -> dict[str, Any]:
    """The corners open to a settlement now, each with the sides a road or a ship may take from it."""
    ok = _Trial(board, state, options, seat)
    out: dict[str, Any] = {}
    for v in board.vertices:
        if not ok(build.check_site, v):
            continue
        free = [e for e in board.vertex_edges(v) if e not in state.roads and e not in state.ships]
        roads = [str(e) for e in free if board.edge_is_land(e)]
        ships = [str(e) for e in free if board.edge_is_sea(e)]
        if roads or ships:
            out[str(v)] = {"road": roads, "ship": ships}
    return out


def legal_steps(board: Board, state: CatanState, options: CatanOptions, seat: str) -> dict[str, Any]:
    """Every step the seat's script could hold now, by its key (`orders.ACTIONS`; a ship moved: `ship_move`)."""
    ok = _Trial(board, state, options, seat)
    own = [v for v, b in sorted(state.buildings.items()) if b.owner == seat]
    units = [(s, u) for s, u in sorted(state.units.items()) if u.owner == seat]
    return {
        **_building_steps(board, state, own, units, ok),
        **_moving_steps(board, state, seat, units, ok),
        **_card_steps(state, options, seat, units, ok),
    }


def _building_steps(
    board: Board, state: CatanState, own: list[Vertex], units: list[tuple[Slot, Unit]], ok: _Trial
) -> dict[str, Any]:
    """The bank's rates, and what the seat may build, raise or reactivate."""
    return {
        "bank": {r.value: ok.rate(r) for r in RESOURCES},
        "road": [str(e) for e in board.edges if ok(build.road, e)],
        "ship": [str(e) for e in board.edges if ok(build.ship, e)],
        "settlement": [str(v) for v in board.vertices if ok(build.settlement, v)],
        "city": [str(v) for v in own if ok(build.city, v)],
        "status": [str(v) for v in own if ok(build.status, v)],
        "walls": [str(v) for v in own if ok(build.walls, v)],
        "unit": _units(board, state, own, ok),
        "reactivate": [str(s) for s, u in units if not u.active and ok(build.reactivate, Reactivate(s))],
    }


def _moving_steps(
    board: Board, state: CatanState, seat: str, units: list[tuple[Slot, Unit]], ok: _Trial
) -> dict[str, Any]:
    """Where the seat's units, ships and explorers may move, and what its units may attack."""
    moves = {str(s): _moves(board, s, u.kind, ok) for s, u in units if SPECS[u.kind].steps}
    attacks = {str(s): _attacks(state, s, ok) for s, u in units if SPECS[u.kind].attack is not None}
    ships = {
        str(e): [str(f) for f in board.edges if ok(movement.move_ship, MoveShip(e, f))]
        for e, ship in sorted(state.ships.items())
        if ship.owner == seat
    }
    explorers = {
        str(v): [str(w) for w in board.vertex_neighbours(v) if ok(movement.move_explorer, MoveExplorer(v, (w,)))]
        for v, u in sorted(state.explorers.items())
        if u.owner == seat
    }
    return {
        "move": {s: m for s, m in moves.items() if m},
        "ship_move": {e: m for e, m in ships.items() if m},
        "explorer": {v: m for v, m in explorers.items() if m},
        "attack": {s: a for s, a in attacks.items() if a},
    }


def _card_steps(
    state: CatanState, options: CatanOptions, seat: str, units: list[tuple[Slot, Unit]], ok: _Trial
) -> dict[str, Any]:
    """The units a knight card may strike, and the pairs of the seat's reformers that may swap tokens."""
    reformers = [s for s, u in units if u.kind is UnitKind.REFORMER]
    return {
        "knight": [
            str(s) for s, u in sorted(state.units.items()) if u.owner != seat and may_attack(KNIGHT, u.kind, options)
        ],
        "swap": [
            [str(a), str(b)]
            for i, a in enumerate(reformers)
            for b in reformers[i + 1 :]
            if ok(movement.swap_tokens, Swap((a, b)))
        ],
    }


def _units(board: Board, state: CatanState, own: list[Vertex], ok: _Trial) -> dict[str, Any]:
    """Each unit kind: the buildings that may raise it now, each with the slots its unit may stand on (an
    explorer: its city's corner; a guard: its posts)."""
    out: dict[str, Any] = {}
    for kind in UnitKind:
        if kind is UnitKind.GUARD:
            posts = [
                {"city": str(city), **({"marker": marker} if marker else {})}
                for city, marker in _posts(state, own)
                if ok(build.raise_unit, RaiseUnit(kind, city=city, marker=marker))
            ]
            if posts:
                out[kind.value] = posts
            continue
        found: dict[str, Any] = {}
        for v in own:
            if kind is UnitKind.EXPLORER:
                if ok(build.raise_unit, RaiseUnit(kind, v)):
                    found[str(v)] = []
                continue
            slots = [str(s) for s in board.vertex_slots(v) if ok(build.raise_unit, RaiseUnit(kind, v, s))]
            if slots:
                found[str(v)] = slots
        if found:
            out[kind.value] = found
    return out


def _posts(state: CatanState, own: list[Vertex]) -> list[tuple[Vertex, str | None]]:
    """Where a guard of the seat's may stand [K 13.6]: a corruption marker against one of its cities, or
    one of its cities sabotaged."""
    posts: list[tuple[Vertex, str | None]] = [(c.city, c.hex) for c in state.corruption if c.city in own]
    return posts + [(v, None) for v in own if state.buildings[v].sabotaged]


def _moves(board: Board, slot: Slot, kind: UnitKind, ok: _Trial) -> list[Any]:
    """The slots one step away the unit may go to, and for a unit of two steps the two-step paths."""
    out: list[Any] = []
    for first in board.slot_neighbours(slot):
        if ok(movement.move_unit, Move(slot, (first,))):
            out.append(str(first))
        if SPECS[kind].steps >= 2:
            out += [
                [str(first), str(second)]
                for second in board.slot_neighbours(first)
                if second != slot and ok(movement.move_unit, Move(slot, (first, second)))
            ]
    return out


def _attacks(state: CatanState, slot: Slot, ok: _Trial) -> list[Any]:
    """What the unit on `slot` may attack from where it stands: units (`target`), cities, route ships, guards."""
    out: list[Any] = [{"target": str(t)} for t in sorted(state.units) if ok(combat.attack, Attack(slot, t))]
    for v in sorted(state.buildings):
        if ok(combat.attack, Attack(slot, CityRef(v))):
            out.append({"city": str(v)})
        elif ok(combat.attack, Attack(slot, CityRef(v), "corrupt")):
            out.append({"city": str(v), "then": ["corrupt", "sabotage"]})
    out += [{"ship": str(e)} for e in sorted(state.ships) if ok(combat.attack, Attack(slot, ShipRef(e)))]
    out += [
        {"guard": str(g.city), **({"marker": g.hex} if g.hex else {})}
        for g in state.guards
        if ok(combat.attack, Attack(slot, GuardRef(g.city, g.hex)))
    ]
    return out


def legal_orders(board: Board, state: CatanState, options: CatanOptions, seat: str, placed: bool) -> dict[str, Any]:
    """The order form's data for a seat: the sections and the keys of a script's steps, and every legal
    step of the turn (or the placement's choices)."""
    if not placed:
        return {"placement": placement(board, state, options, seat)}
    sections: dict[str, list[str]] = {}
    for key, (_, within) in ACTIONS.items():
        for section in sorted(s.value for s in within):
            sections.setdefault(section, []).append(key)
    return {"sections": sections, "steps": legal_steps(board, state, options, seat)}
