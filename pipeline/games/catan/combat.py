"""Combat [K 10]: an attack die against a defence die, the higher wins; the loser of a defence leaves the
board and the winner of an attack turns inactive; ties by each unit's type; an inactive defender rolls
half its die. With what each attacker does besides [K 11] [K 13] [K 15] [K 16].
"""

from __future__ import annotations

from dataclasses import replace

from .board import Slot, Vertex
from .context import Context, Skip
from .orders import Attack, CityRef, GuardRef, Knight, ShipRef
from .outcome import Combat, Die, Effect, EffectKind, Reason, Side
from .routes import open_end
from .state import Building, BuildingKind, Card, Corruption, Guard, Player, Unit
from .units import KNIGHT, Counter, Target, Tie, UnitKind, counters, may_attack, spec


def defence_die(sides: int, active: bool) -> int:
    """An inactive unit defends with half its die [K 10.5]: d20 → d10, d12 → d6, d10 → d5, d8 → d4 (a
    die of that many sides, rolled as such)."""
    return sides if active else sides // 2


def _winner(attack: Die, defence: Die, ties_win: bool = False) -> Side:
    if attack.total > defence.total or (ties_win and attack.total == defence.total):
        return Side.ATTACKER
    return Side.TIE if attack.total == defence.total else Side.DEFENDER


def _deactivate(ctx: Context, where: Slot | Guard) -> None:
    table = ctx.table
    if isinstance(where, Slot):
        u = table.units[where]
        table.units[where] = Unit(u.owner, u.kind, False, u.home)
    else:
        table.guards[table.guards.index(where)] = Guard(where.owner, where.city, where.hex, where.turns, False)


def _remove(ctx: Context, where: Slot | Guard) -> None:
    ctx.leave(where)


def _where(where: Slot | Guard) -> str:
    if isinstance(where, Slot):
        return str(where)
    return where.hex if where.hex is not None else str(where.city)


def _unit_at(ctx: Context, where: Slot | Guard) -> Unit:
    if isinstance(where, Slot):
        return ctx.table.units[where]
    return Unit(where.owner, UnitKind.GUARD, where.active, where.city)


def find_guard(ctx: Context, ref: GuardRef) -> Guard:
    guard = next((g for g in ctx.table.guards if g.city == ref.city and g.hex == ref.marker), None)
    if guard is None:
        raise Skip(Reason.NO_TARGET)
    return guard


def attack(ctx: Context, order: Attack) -> Side:
    """One unit's attack [K 10.1]-[K 10.9]; the side that won."""
    table, board = ctx.table, ctx.board
    unit = ctx.own_unit(table.units.get(order.unit), active=True)  # an inactive unit does not fight [K 10.6]
    if order.unit in ctx.attacked:
        raise Skip(Reason.ALREADY_ATTACKED)  # [K 10.9]
    if order.unit in ctx.moved and not ctx.options.attack_after_move:
        raise Skip(Reason.MOVED_THIS_TURN)
    sp = spec(unit.kind, ctx.options)
    if sp.attack is None:
        raise Skip(Reason.CANNOT_ATTACK)
    target = order.target
    if isinstance(target, CityRef):
        return _attack_city(ctx, order, unit, target.vertex)
    if isinstance(target, ShipRef):
        return _attack_ship(ctx, order, unit, target)
    where: Slot | Guard
    if isinstance(target, GuardRef):
        where = find_guard(ctx, target)
        near = board.vertex_slots(where.city) if where.hex is None else board.hex_slots(where.hex)
    else:
        if target not in table.units:
            raise Skip(Reason.NO_TARGET)
        where, near = target, board.slot_neighbours(target)
    defender = _unit_at(ctx, where)
    if defender.owner == ctx.player:
        raise Skip(Reason.OWN_TARGET)
    if not may_attack(unit.kind, defender.kind, ctx.options):
        raise Skip(Reason.CANNOT_ATTACK)  # [K 10.8]
    if order.unit not in near:
        raise Skip(Reason.NOT_NEXT)  # [K 9.7]
    ctx.attacked.add(order.unit)
    dsp = spec(defender.kind, ctx.options)
    assert dsp.defence is not None
    a = Die(sp.attack, ctx.roll_die("attack", sp.attack))
    d_sides = defence_die(dsp.defence, defender.active)
    d = Die(d_sides, ctx.roll_die("defence", d_sides))
    side = _winner(a, d)
    effects: list[Effect] = []
    att = order.unit
    if side is Side.ATTACKER:
        if unit.kind is UnitKind.DIPLOMAT:  # [K 13.2]: the beaten unit turns inactive, the diplomat goes
            _deactivate(ctx, where)
            effects.append(Effect(EffectKind.DEACTIVATED, defender.owner, _where(where), defender.kind))
        else:
            _remove(ctx, where)
            effects.append(Effect(EffectKind.REMOVED, defender.owner, _where(where), defender.kind))
    elif side is Side.TIE:  # [K 10.4]: each by its own type
        if dsp.tie is Tie.REMOVED:
            _remove(ctx, where)
            effects.append(Effect(EffectKind.REMOVED, defender.owner, _where(where), defender.kind))
        else:
            _deactivate(ctx, where)
            effects.append(Effect(EffectKind.DEACTIVATED, defender.owner, _where(where), defender.kind))
    effects += _attacker_after(ctx, att, unit, side)
    ctx.emit(Combat(ctx.player, unit.kind, str(att), defender.owner, defender.kind, _where(where), a, d, side,
                    tuple(effects)))  # fmt: skip
    return side


def _attacker_after(ctx: Context, at: Slot, unit: Unit, side: Side) -> list[Effect]:
    """The attacker after the fight [K 10.2]-[K 10.4]: inactive when it won, removed when it lost, by its
    type on a tie; a diplomat leaves the board whatever happens [K 13.1]."""
    sp = spec(unit.kind, ctx.options)
    if unit.kind is UnitKind.DIPLOMAT or side is Side.DEFENDER or (side is Side.TIE and sp.tie is Tie.REMOVED):
        _remove(ctx, at)
        return [Effect(EffectKind.REMOVED, unit.owner, str(at), unit.kind)]
    _deactivate(ctx, at)
    return [Effect(EffectKind.DEACTIVATED, unit.owner, str(at), unit.kind)]


def _attack_city(ctx: Context, order: Attack, unit: Unit, vertex: Vertex) -> Side:
    """A military unit or a diplomat against a city [K 7.4] [K 11.1] [K 13.3]: the city rolls d12, d20
    behind walls, plus its status, never halved."""
    table = ctx.table
    b = table.buildings.get(vertex)
    if b is None:
        raise Skip(Reason.NO_TARGET)
    if b.owner == ctx.player:
        raise Skip(Reason.OWN_TARGET)
    if not may_attack(unit.kind, Target.CITY if b.is_city else Target.SETTLEMENT, ctx.options):
        raise Skip(Reason.CANNOT_ATTACK)
    if order.unit not in ctx.board.vertex_slots(vertex):
        raise Skip(Reason.NOT_NEXT)  # [K 7.4]: from the six slots round the city
    if unit.kind is UnitKind.DIPLOMAT and order.then is None:
        raise Skip(Reason.CHOICE_NEEDED)
    if unit.kind is UnitKind.DIPLOMAT and order.then == "corrupt":
        _marker_left(ctx, order.unit.hex, vertex)
    ctx.attacked.add(order.unit)
    sp = spec(unit.kind, ctx.options)
    assert sp.attack is not None
    a = Die(sp.attack, ctx.roll_die("attack", sp.attack))
    sides = 20 if b.walls else 12
    d = Die(sides, ctx.roll_die("defence", sides), b.status)
    side = _winner(a, d)
    effects: list[Effect] = []
    if side is Side.ATTACKER and unit.kind is UnitKind.DIPLOMAT:
        if order.then == "corrupt":  # [K 13.4]: a marker on the hex the diplomat stood in
            table.corruption = [c for c in table.corruption if not (c.hex == order.unit.hex and c.city == vertex)]
            table.corruption.append(Corruption(order.unit.hex, vertex, ctx.player))
            effects.append(Effect(EffectKind.CORRUPTED, b.owner, order.unit.hex))
        else:  # [K 13.5]
            table.buildings[vertex] = replace(b, sabotaged=True)
            effects.append(Effect(EffectKind.SABOTAGED, b.owner, str(vertex)))
    elif side is Side.ATTACKER:
        effects += lose_status(ctx, vertex)
    effects += _attacker_after(ctx, order.unit, unit, side)
    ctx.emit(Combat(ctx.player, unit.kind, str(order.unit), b.owner, Target.CITY, str(vertex), a, d, side,
                    tuple(effects)))  # fmt: skip
    return side


def _marker_left(ctx: Context, hex_id: str, city: Vertex) -> None:
    """A corruption marker is the back of a pirate's counter [K 8.3] [K 13.4]: the corrupter needs a naval
    counter off the board, unless his own marker on that hex against that city is the one replaced."""
    table, options = ctx.table, ctx.options
    if any(c.hex == hex_id and c.city == city and c.owner == ctx.player for c in table.corruption):
        return
    if table.counters_used(ctx.player, Counter.NAVAL, options) >= counters(Counter.NAVAL, options):
        raise Skip(Reason.NO_MARKER_LEFT)


def lose_status(ctx: Context, vertex: Vertex) -> list[Effect]:
    """A beaten city loses one status; at status 1 it becomes a settlement again, losing its walls and its
    status counter (and a guard on it goes back to the reserve) [K 7.4] [K 7.6]."""
    table = ctx.table
    b = table.buildings[vertex]
    if b.status > 1:
        table.buildings[vertex] = replace(b, status=b.status - 1)
        table.wake(vertex)  # a change of status turns the counter active [K 7.3]
        return [Effect(EffectKind.STATUS_LOST, b.owner, str(vertex))]
    table.buildings[vertex] = Building(b.owner, BuildingKind.SETTLEMENT)
    table.guards = [g for g in table.guards if not (g.city == vertex and g.hex is None)]
    effects = [Effect(EffectKind.REVERTED, b.owner, str(vertex))]
    if b.walls:
        effects.append(Effect(EffectKind.WALLS_LOST, b.owner, str(vertex)))
    return effects


def _attack_ship(ctx: Context, order: Attack, unit: Unit, target: ShipRef) -> Side:
    """A pirate against the ship at the open end of a route [K 15.3] [K 15.4]: the ship rolls d12, or d20
    with an active protection ship of its owner beside it [K 15.5]; on a tie the pirate goes."""
    table, board = ctx.table, ctx.board
    ship = table.ships.get(target.edge)
    if ship is None:
        raise Skip(Reason.NO_TARGET)
    if ship.owner == ctx.player:
        raise Skip(Reason.OWN_TARGET)
    if not may_attack(unit.kind, Target.ROUTE_SHIP, ctx.options):
        raise Skip(Reason.CANNOT_ATTACK)
    if not open_end(board, table, target.edge):
        raise Skip(Reason.NOT_END_SHIP)
    near = board.slots_by_edge(target.edge)
    if order.unit not in near:
        raise Skip(Reason.NOT_NEXT)
    ctx.attacked.add(order.unit)
    protected = any(
        (u := table.units.get(s)) is not None and u.kind is UnitKind.PROTECTION and u.active and u.owner == ship.owner
        for s in near
    )
    sp = spec(unit.kind, ctx.options)
    assert sp.attack is not None
    a = Die(sp.attack, ctx.roll_die("attack", sp.attack))
    sides = 20 if protected else 12
    d = Die(sides, ctx.roll_die("defence", sides))
    side = _winner(a, d)
    effects: list[Effect] = []
    if side is Side.ATTACKER:
        del table.ships[target.edge]
        effects.append(Effect(EffectKind.SHIP_REMOVED, ship.owner, str(target.edge)))
        effects += _attacker_after(ctx, order.unit, unit, side)
    else:  # a tie eliminates the pirate, as a loss does
        ctx.leave(order.unit)
        effects.append(Effect(EffectKind.REMOVED, unit.owner, str(order.unit), unit.kind))
    ctx.emit(Combat(ctx.player, unit.kind, str(order.unit), ship.owner, Target.ROUTE_SHIP, str(target.edge), a, d,
                    side, tuple(effects)))  # fmt: skip
    return side


def knight(ctx: Context, order: Knight) -> Side:
    """The knight card [K 16.3]: a d12 against any enemy unit on the board the matrix allows, ties to the
    knight; won, the unit leaves and the card lies face up; lost, the card goes back into the deck."""
    table = ctx.table
    if ctx.card_played:
        raise Skip(Reason.CARD_PLAYED)
    held = [c for c in table.players[ctx.player].cards if c.card is Card.KNIGHT]
    playable = [c for c in held if c.bought < table.round]
    if not held:
        raise Skip(Reason.NO_CARD)
    if not playable:
        raise Skip(Reason.CARD_NEW)
    where: Slot | Guard
    if isinstance(order.target, GuardRef):
        where = find_guard(ctx, order.target)
    else:
        if order.target not in table.units:
            raise Skip(Reason.NO_TARGET)
        where = order.target
    defender = _unit_at(ctx, where)
    if defender.owner == ctx.player:
        raise Skip(Reason.OWN_TARGET)
    if not may_attack(KNIGHT, defender.kind, ctx.options):
        raise Skip(Reason.CANNOT_ATTACK)
    ctx.card_played = True
    dsp = spec(defender.kind, ctx.options)
    assert dsp.defence is not None
    a = Die(12, ctx.roll_die("knight", 12))
    d_sides = defence_die(dsp.defence, defender.active)
    d = Die(d_sides, ctx.roll_die("defence", d_sides))
    side = _winner(a, d, ties_win=True)
    p = table.players[ctx.player]
    cards = list(p.cards)
    cards.remove(playable[0])
    effects: list[Effect] = []
    if side is Side.ATTACKER:
        _remove(ctx, where)
        effects.append(Effect(EffectKind.REMOVED, defender.owner, _where(where), defender.kind))
        effects.append(Effect(EffectKind.CARD_FACE_UP, ctx.player, ""))
        table.players[ctx.player] = Player(p.hand, tuple(cards), p.knights + 1, p.turns)
    else:
        table.deck[Card.KNIGHT] = table.deck.get(Card.KNIGHT, 0) + 1
        effects.append(Effect(EffectKind.CARD_RETURNED, ctx.player, ""))
        table.players[ctx.player] = Player(p.hand, tuple(cards), p.knights, p.turns)
    ctx.emit(Combat(ctx.player, None, "", defender.owner, defender.kind, _where(where), a, d, side, tuple(effects)))
    return side
