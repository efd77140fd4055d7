"""The movement half of the last phase [K 9] [K 14] [K 15.9]: units from slot to slot, explorers from
corner to corner, a ship from the open end of its route, and reformers swapping two tokens."""

from __future__ import annotations

from .context import Context, Skip
from .orders import Move, MoveExplorer, MoveShip, Swap
from .outcome import Moved, Reason, Swapped
from .routes import open_end, touches
from .state import Ship
from .units import UnitKind, spec


def move_unit(ctx: Context, order: Move) -> None:
    """One move a turn, each step to a neighbouring slot [K 9.1]-[K 9.6]: land units on land hexes, naval
    units at sea; through a friend's slot on a two-step move, never onto an enemy's or a friend's; never
    into a hex that holds its five units."""
    table, board = ctx.table, ctx.board
    start = order.unit
    unit = ctx.own_unit(table.units.get(start), active=True)
    if start in ctx.moved:
        raise Skip(Reason.ALREADY_MOVED)
    sp = spec(unit.kind, ctx.options)
    if len(order.path) > sp.steps:
        raise Skip(Reason.TOO_FAR)
    prev = start
    for i, slot in enumerate(order.path):
        if slot not in board.slot_neighbours(prev):
            raise Skip(Reason.NOT_NEXT)
        if sp.naval and board.is_land(slot.hex):
            raise Skip(Reason.NOT_SEA)
        if not sp.naval and not board.is_land(slot.hex):
            raise Skip(Reason.NOT_LAND)
        other = table.units.get(slot) if slot != start else None
        if other is not None and other.owner != ctx.player:
            raise Skip(Reason.ENEMY_IN_WAY)
        if other is not None and i == len(order.path) - 1:
            raise Skip(Reason.OCCUPIED)
        if slot.hex != prev.hex:
            here = table.units_on_hex(slot.hex) - (1 if start.hex == slot.hex else 0)
            if here >= ctx.options.hex_capacity:
                raise Skip(Reason.HEX_FULL)
        prev = slot
    end = order.path[-1]
    del table.units[start]
    table.units[end] = unit
    ctx.moved.add(end)
    ctx.emit(Moved(ctx.player, unit.kind, (str(start), *(str(s) for s in order.path))))


def move_ship(ctx: Context, order: MoveShip) -> None:
    """Seafarers' ship move [K 15.9]: once a turn, the ship at the open end of a route, not built this
    turn, to another side of sea that touches the player's shipping without it."""
    table = ctx.table
    ship = table.ships.get(order.source)
    if ship is None:
        raise Skip(Reason.NO_UNIT)
    if ship.owner != ctx.player:
        raise Skip(Reason.NOT_YOURS)
    if ctx.ship_moved:
        raise Skip(Reason.SHIP_MOVED)
    if ship.built == table.round:
        raise Skip(Reason.SHIP_BUILT_THIS_TURN)
    if not open_end(ctx.board, table, order.source):
        raise Skip(Reason.NOT_END_SHIP)
    if not ctx.board.edge_is_sea(order.to):
        raise Skip(Reason.NOT_SEA)
    if order.to in table.roads or order.to in table.ships:
        raise Skip(Reason.OCCUPIED)
    del table.ships[order.source]
    if not touches(ctx.board, table, order.to, ctx.player, "ship"):
        table.ships[order.source] = ship
        raise Skip(Reason.NOT_CONNECTED)
    table.ships[order.to] = Ship(ship.owner, ship.built)
    ctx.ship_moved = True
    ctx.emit(Moved(ctx.player, None, (str(order.source), str(order.to))))


def move_explorer(ctx: Context, order: MoveExplorer) -> None:
    """An explorer goes from corner to corner along the sides [K 14.3], as many as the option allows
    (one), onto a corner of land no other explorer holds."""
    table, board = ctx.table, ctx.board
    explorer = ctx.own_unit(table.explorers.get(order.source))
    if order.source in ctx.explorers_moved:
        raise Skip(Reason.ALREADY_MOVED)
    if len(order.path) > ctx.options.explorer_steps:
        raise Skip(Reason.TOO_FAR)
    prev = order.source
    for v in order.path:
        if v not in board.vertex_neighbours(prev):
            raise Skip(Reason.NOT_NEXT)
        if not board.vertex_is_land(v):
            raise Skip(Reason.NOT_LAND)
        prev = v
    end = order.path[-1]
    if end in table.explorers:
        raise Skip(Reason.EXPLORER_THERE)
    del table.explorers[order.source]
    table.explorers[end] = explorer
    ctx.explorers_moved.add(end)
    ctx.emit(Moved(ctx.player, UnitKind.EXPLORER, (str(order.source), *(str(v) for v in order.path))))


def swap_tokens(ctx: Context, order: Swap) -> None:
    """Two reformers of the player on two hexes with tokens swap those tokens and leave the board
    [K 14.5]."""
    table = ctx.table
    a, b = order.reformers
    for slot in (a, b):
        unit = ctx.own_unit(table.units.get(slot))
        if unit.kind is not UnitKind.REFORMER:
            raise Skip(Reason.NO_UNIT)
    if a.hex == b.hex:
        raise Skip(Reason.SAME_HEX)
    if a.hex not in table.tokens or b.hex not in table.tokens:
        raise Skip(Reason.NO_TOKEN)
    ta, tb = table.tokens[a.hex], table.tokens[b.hex]
    table.tokens[a.hex], table.tokens[b.hex] = tb, ta
    ctx.leave(a)
    ctx.leave(b)
    ctx.emit(Swapped(ctx.player, (a.hex, b.hex), (tb, ta)))
