"""The construction phase [K 6] [K 7] [K 8]: roads, ships, settlements (the distance rule, explorers'
reservations), cities, status and walls, development cards, units raised within a city's quota, guards
on their posts, units reactivated.
"""

from __future__ import annotations

from dataclasses import replace

from pipeline.shared.dice import GAME_MASTER

from .board import Board, Edge, Vertex
from .context import Context, Skip
from .orders import GuardRef, RaiseUnit, Reactivate
from .outcome import Built, ExplorerBoughtOut, IslandSettled, Piece, Reactivated, Reason
from .resources import EMPTY, Hand, Resource
from .routes import touches
from .state import Building, BuildingKind, Card, Guard, HeldCard, Player, Ship, Table, Unit
from .units import Site, UnitKind, counters, spec

ROAD = Hand.of(brick=1, lumber=1)
SHIP = Hand.of(lumber=1, wool=1)
SETTLEMENT = Hand.of(brick=1, lumber=1, wool=1, grain=1)
CITY = Hand.of(ore=3, grain=2)
STATUS = Hand.of(ore=1, lumber=1, wool=1)
WALLS = Hand.of(brick=2)
CARD = Hand.of(ore=1, wool=1, grain=1)
BUY_OUT = Hand.of(ore=2)
MAX_STATUS = 4


def _pieces_left(ctx: Context, piece: str) -> None:
    if ctx.table.pieces_left(ctx.player, piece) <= 0:
        raise Skip(Reason.NO_PIECE_LEFT)


def road(ctx: Context, edge: Edge, free: bool = False) -> None:
    """A road [K 6.4]: on a side with land, free, touching the player's network."""
    _route_piece(ctx, edge, Piece.ROAD, free)


def ship(ctx: Context, edge: Edge, free: bool = False) -> None:
    """A ship [K 6.5]: on a side with sea, free, touching the player's shipping (or his building)."""
    _route_piece(ctx, edge, Piece.SHIP, free)


def _route_piece(ctx: Context, edge: Edge, piece: Piece, free: bool) -> None:
    is_road = piece is Piece.ROAD
    if not (ctx.board.edge_is_land(edge) if is_road else ctx.board.edge_is_sea(edge)):
        raise Skip(Reason.NOT_LAND if is_road else Reason.NOT_SEA)
    if edge in ctx.table.roads or edge in ctx.table.ships:
        raise Skip(Reason.OCCUPIED)
    _pieces_left(ctx, piece.value)
    if not touches(ctx.board, ctx.table, edge, ctx.player, piece.value):
        raise Skip(Reason.NOT_CONNECTED)
    cost = EMPTY if free else ROAD if is_road else SHIP
    ctx.charge(cost)
    if is_road:
        ctx.table.roads[edge] = ctx.player
    else:
        ctx.table.ships[edge] = Ship(ctx.player, ctx.own_round())
    ctx.emit(Built(ctx.player, piece, str(edge), cost, free=free))


def check_site(ctx: Context, vertex: Vertex) -> None:
    """A settlement's corner [K 6.2]: a corner of land, empty, and no building one edge away."""
    if not ctx.board.vertex_is_land(vertex):
        raise Skip(Reason.NOT_LAND)
    if vertex in ctx.table.buildings:
        raise Skip(Reason.OCCUPIED)
    if any(w in ctx.table.buildings for w in ctx.board.vertex_neighbours(vertex)):
        raise Skip(Reason.DISTANCE_RULE)


def settlement(ctx: Context, vertex: Vertex, discount: tuple[Resource, ...] = (), free: bool = False) -> None:
    """A settlement [K 6.2] on a corner one of the player's roads or ships reaches; on an explorer's
    corner [K 14.2]: its owner pays two cards less, another player pays him 2 ore besides."""
    table = ctx.table
    check_site(ctx, vertex)
    _pieces_left(ctx, "settlement")
    if not free:
        reached = any(
            table.roads.get(e) == ctx.player or (e in table.ships and table.ships[e].owner == ctx.player)
            for e in ctx.board.vertex_edges(vertex)
        )
        if not reached:
            raise Skip(Reason.NOT_CONNECTED)
    explorer = table.explorers.get(vertex)
    cost = EMPTY if free else SETTLEMENT
    if explorer is not None and explorer.owner == ctx.player and not free:
        cost = SETTLEMENT - _discount(table.hand(ctx.player), discount)
    elif explorer is not None and not free:
        hand = table.hand(ctx.player)
        if not hand.covers(SETTLEMENT + BUY_OUT):
            raise Skip(Reason.CANNOT_AFFORD, hand.missing(SETTLEMENT + BUY_OUT))
        table.pay_to(ctx.player, explorer.owner, BUY_OUT)
        ctx.emit(ExplorerBoughtOut(ctx.player, explorer.owner, str(vertex), BUY_OUT))
    ctx.charge(cost)
    if explorer is not None:
        ctx.leave(vertex)
    home = home_islands(ctx.board, table, ctx.player)
    table.buildings[vertex] = Building(ctx.player)
    ctx.emit(Built(ctx.player, Piece.SETTLEMENT, str(vertex), cost, free=free))
    if not free:
        _new_island(ctx, vertex, home)


def home_islands(board: Board, table: Table, player: str) -> tuple[str, ...]:
    """A player's home islands [K 17.6]: those of his placement, or, for a position that does not say them,
    those his buildings stand on."""
    if player in table.home:
        return table.home[player]
    return tuple(sorted({i for v, _ in table.buildings_of(player) if (i := board.vertex_island(v)) is not None}))


def _new_island(ctx: Context, vertex: Vertex, home: tuple[str, ...]) -> None:
    """Seafarers' bonus [K 17.6]: a player's first settlement on an island off his home islands brings him
    the game's island bonus in points, once an island."""
    island = ctx.board.vertex_island(vertex)
    settled = ctx.table.islands.setdefault(ctx.player, {})
    if not ctx.options.island_bonus or island is None or island in home or island in settled:
        return
    ctx.table.home.setdefault(ctx.player, home)
    settled[island] = ctx.options.island_bonus
    ctx.emit(IslandSettled(ctx.player, island, str(vertex), ctx.options.island_bonus))


def _discount(hand: Hand, chosen: tuple[Resource, ...]) -> Hand:
    """The two cards an explorer's owner leaves out of a settlement's cost [K 14.2]: those he names, if
    they are two different cards of the cost; else those he lacks first, then the first of the cost."""
    named = Hand.from_cards(chosen)
    if named.total == 2 and SETTLEMENT.covers(named):
        return named
    lacking = [r for r in SETTLEMENT.cards() if not hand[r]]
    rest = [r for r in SETTLEMENT.cards() if r not in lacking]
    return Hand.from_cards((lacking + rest)[:2])


def _own(ctx: Context, vertex: Vertex, city: bool) -> Building:
    b = ctx.table.buildings.get(vertex)
    if b is None or b.owner != ctx.player:
        raise Skip(Reason.NOT_OWN_CITY if city else Reason.NOT_OWN_BUILDING)
    if city and not b.is_city:
        raise Skip(Reason.NOT_OWN_CITY)
    return b


def city(ctx: Context, vertex: Vertex) -> None:
    """A settlement becomes a city of status 1, its counter active [K 6.3] [K 7.1]."""
    b = ctx.table.buildings.get(vertex)
    if b is None or b.owner != ctx.player or b.is_city:
        raise Skip(Reason.NOT_OWN_SETTLEMENT)
    _pieces_left(ctx, "city")
    ctx.charge(CITY)
    ctx.table.buildings[vertex] = Building(ctx.player, BuildingKind.CITY, 1)
    ctx.table.wake(vertex)  # its counter laid active face up, whatever its settlement raised [K 6.3]
    ctx.emit(Built(ctx.player, Piece.CITY, str(vertex), CITY, status=1))


def status(ctx: Context, vertex: Vertex) -> None:
    """A city's status up by one, to 4 at most [K 7.2]."""
    b = _own(ctx, vertex, city=True)
    if b.status >= MAX_STATUS:
        raise Skip(Reason.STATUS_MAX)
    ctx.charge(STATUS)
    ctx.table.buildings[vertex] = replace(b, status=b.status + 1)
    ctx.table.wake(vertex)  # a change of status turns the counter active [K 7.3]
    ctx.emit(Built(ctx.player, Piece.STATUS, str(vertex), STATUS, status=b.status + 1))


def walls(ctx: Context, vertex: Vertex) -> None:
    """Walls round a city [K 7.5]: 2 brick, three a player."""
    b = _own(ctx, vertex, city=True)
    if b.walls:
        raise Skip(Reason.HAS_WALLS)
    _pieces_left(ctx, "walls")
    ctx.charge(WALLS)
    ctx.table.buildings[vertex] = replace(b, walls=True)
    ctx.emit(Built(ctx.player, Piece.WALLS, str(vertex), WALLS, status=b.status))


def buy_card(ctx: Context) -> None:
    """A development card [K 16.1], drawn from what is left of the deck by one die of as many sides."""
    deck = ctx.table.deck
    cards = [c for c in Card for _ in range(deck.get(c, 0))]
    if not cards:
        raise Skip(Reason.DECK_EMPTY)
    ctx.charge(CARD)
    # the die would tell the card and, from where it falls in the deck, what the deck holds: the game
    # master's, who alone knows the deck [K 3.3]
    card = cards[ctx.roll_die("card", len(cards), GAME_MASTER) - 1]
    deck[card] -= 1
    p = ctx.table.players[ctx.player]
    ctx.table.players[ctx.player] = Player(p.hand, (*p.cards, HeldCard(card, ctx.own_round())), p.knights, p.turns)
    ctx.emit(Built(ctx.player, Piece.CARD, "", CARD, card=card))


# ---- units --------------------------------------------------------------------------------------------


def raise_unit(ctx: Context, order: RaiseUnit) -> None:
    """A new unit [K 8.2] [K 8.3] [K 9.5]."""
    sp = spec(order.kind, ctx.options)
    if ctx.table.counters_used(ctx.player, sp.counter, ctx.options) >= counters(sp.counter, ctx.options):
        raise Skip(Reason.NO_COUNTER_LEFT)
    if order.kind is UnitKind.GUARD:
        _raise_guard(ctx, order)
        return
    assert order.source is not None
    vertex = order.source
    b = _own(ctx, vertex, city=False)
    if sp.site is Site.COAST:
        if not ctx.board.vertex_is_coastal(vertex):
            raise Skip(Reason.NOT_COASTAL)  # naval units: any coastal building, no quota [K 15.1]
    elif b.is_city:
        if b.sabotaged:
            raise Skip(Reason.SABOTAGED)
        if not ctx.table.counter_active(vertex):
            raise Skip(Reason.QUOTA_FULL)
    elif sp.site is Site.SETTLEMENT_OR_CITY:
        if ctx.table.raised_by(vertex) >= 1:
            raise Skip(Reason.SETTLEMENT_UNIT)
    else:
        raise Skip(Reason.CITY_ONLY)
    unit = Unit(ctx.player, order.kind, True, vertex)
    if order.kind is UnitKind.EXPLORER:
        if vertex in ctx.table.explorers:
            raise Skip(Reason.EXPLORER_THERE)
        ctx.charge(sp.cost)
        ctx.table.explorers[vertex] = unit
        _counter_used(ctx, vertex)
        ctx.emit(Built(ctx.player, Piece.UNIT, str(vertex), sp.cost, unit=order.kind))
        return
    slot = order.at
    assert slot is not None
    if slot not in ctx.board.vertex_slots(vertex):
        raise Skip(Reason.NOT_AROUND)
    if sp.naval and ctx.board.is_land(slot.hex):
        raise Skip(Reason.NOT_SEA)
    if not sp.naval and not ctx.board.is_land(slot.hex):
        raise Skip(Reason.NOT_LAND)
    if slot in ctx.table.units:
        raise Skip(Reason.OCCUPIED)
    if ctx.table.units_on_hex(slot.hex) >= ctx.options.hex_capacity:
        raise Skip(Reason.HEX_FULL)
    ctx.charge(sp.cost)
    ctx.table.units[slot] = unit
    if not sp.naval:
        _counter_used(ctx, vertex)
    ctx.emit(Built(ctx.player, Piece.UNIT, str(slot), sp.cost, unit=order.kind))


def _counter_used(ctx: Context, vertex: Vertex) -> None:
    """A land unit raised: a city's counter woken by a change turns inactive again if its units are now as
    many as its status [K 7.3]."""
    b = ctx.table.buildings[vertex]
    if b.woken:
        ctx.table.buildings[vertex] = replace(b, woken=False)


def _raise_guard(ctx: Context, order: RaiseUnit) -> None:
    """A guard [K 13.6] on a corruption marker against one of the player's cities, or on the status
    counter of his sabotaged city; no quota, and the counter stays as it is."""
    assert order.city is not None
    table = ctx.table
    b = _own(ctx, order.city, city=False)
    if order.marker is None:
        if not (b.is_city and b.sabotaged):
            raise Skip(Reason.NO_POST)
    elif not any(c.hex == order.marker and c.city == order.city for c in table.corruption):
        raise Skip(Reason.NO_POST)
    if any(g.city == order.city and g.hex == order.marker for g in table.guards):
        raise Skip(Reason.POST_TAKEN)
    sp = spec(UnitKind.GUARD, ctx.options)
    ctx.charge(sp.cost)
    table.guards.append(Guard(ctx.player, order.city, order.marker))
    at = order.marker if order.marker is not None else str(order.city)
    ctx.emit(Built(ctx.player, Piece.UNIT, at, sp.cost, unit=UnitKind.GUARD))


def reactivate(ctx: Context, order: Reactivate) -> None:
    """An inactive unit turned active again for its reactivation cost [K 10.6]."""
    table = ctx.table
    if isinstance(order.at, GuardRef):
        ref = order.at
        guard = next((g for g in table.guards if g.city == ref.city and g.hex == ref.marker), None)
        _inactive_own(ctx, Unit(guard.owner, UnitKind.GUARD, guard.active) if guard else None)
        assert guard is not None
        cost = _reactivation(ctx, UnitKind.GUARD)
        ctx.charge(cost)
        table.guards[table.guards.index(guard)] = Guard(guard.owner, guard.city, guard.hex, guard.turns, True)
        ctx.emit(Reactivated(ctx.player, UnitKind.GUARD, ref.marker or str(ref.city), cost))
        return
    unit = _inactive_own(ctx, table.units.get(order.at))
    cost = _reactivation(ctx, unit.kind)
    ctx.charge(cost)
    table.units[order.at] = Unit(unit.owner, unit.kind, True, unit.home)
    ctx.emit(Reactivated(ctx.player, unit.kind, str(order.at), cost))


def _inactive_own(ctx: Context, unit: Unit | None) -> Unit:
    unit = ctx.own_unit(unit)
    if unit.active:
        raise Skip(Reason.ALREADY_ACTIVE)
    return unit


def _reactivation(ctx: Context, kind: UnitKind) -> Hand:
    cost = spec(kind, ctx.options).reactivation
    if not cost:
        raise Skip(Reason.NO_REACTIVATION)
    return cost
