"""Roads and ships [K 6.4] [K 6.5] [K 15.9]: what a new road or ship must touch, the open end of a
shipping route, the longest route and the largest army [K 17.2] [K 17.3]."""

from __future__ import annotations

from .board import Board, Edge, Vertex
from .context import Context
from .outcome import Award, Awarded
from .state import Table


def blocked(table: Table, vertex: Vertex, player: str) -> bool:
    """Another player's building at `vertex` cuts `player`'s route there."""
    b = table.buildings.get(vertex)
    return b is not None and b.owner != player


def own_building(table: Table, vertex: Vertex, player: str) -> bool:
    b = table.buildings.get(vertex)
    return b is not None and b.owner == player


def route_pieces(table: Table, player: str) -> dict[Edge, str]:
    """The player's roads and ships, each with its kind."""
    pieces = {e: "road" for e, owner in table.roads.items() if owner == player}
    pieces.update({e: "ship" for e, ship in table.ships.items() if ship.owner == player})
    return pieces


def touches(board: Board, table: Table, edge: Edge, player: str, kind: str) -> bool:
    """A new road (`kind` road) or ship touches the player's network [K 6.4] [K 6.5]: one of its ends is
    his building, or holds his piece of the same kind and no other player's building. A road and a ship
    join only at a building."""
    pieces = route_pieces(table, player)
    for v in board.edge_vertices(edge):
        if own_building(table, v, player):
            return True
        if blocked(table, v, player):
            continue
        if any(pieces.get(f) == kind for f in board.vertex_edges(v) if f != edge):
            return True
    return False


def _other_end(board: Board, edge: Edge, vertex: Vertex) -> Vertex | None:
    ends = [v for v in board.edge_vertices(edge) if v != vertex]
    return ends[0] if ends else None


def open_end(board: Board, table: Table, edge: Edge) -> bool:
    """The ship on `edge` ends an open shipping route [K 15.9]: at one of its ends there is neither a
    building of its owner nor another of his ships."""
    owner = table.ships[edge].owner
    ends = board.edge_vertices(edge)
    if len(ends) < 2:
        return True
    for v in ends:
        if own_building(table, v, owner):
            continue
        if not any(f != edge and f in table.ships and table.ships[f].owner == owner for f in board.vertex_edges(v)):
            return True
    return False


def route_length(board: Board, table: Table, player: str) -> int:
    """The player's longest route [K 17.2]: the most roads and ships in one line, no piece twice; another
    player's building cuts it, and it turns from road to ship only at one of his buildings."""
    pieces = route_pieces(table, player)

    def walk(vertex: Vertex | None, kind: str, used: frozenset[Edge]) -> int:
        if vertex is None or blocked(table, vertex, player):
            return 0
        at_home = own_building(table, vertex, player)
        best = 0
        for f in board.vertex_edges(vertex):
            if f in pieces and f not in used and (pieces[f] == kind or at_home):
                best = max(best, 1 + walk(_other_end(board, f, vertex), pieces[f], used | {f}))
        return best

    best = 0
    for edge in sorted(pieces):
        for v in board.edge_vertices(edge):
            best = max(best, 1 + walk(_other_end(board, edge, v), pieces[edge], frozenset({edge})))
    return best


def update_awards(ctx: Context) -> None:
    """The longest route and the largest army change hands as the pieces and knights say [K 17.2]
    [K 17.3]: the holder keeps a title while none has more; a tie for the first place among others leaves
    it with nobody."""
    table, options = ctx.table, ctx.options
    lengths = {p: route_length(ctx.board, table, p) for p in table.seats}
    table.longest_route = _holder(ctx, Award.LONGEST_ROUTE, table.longest_route, lengths, options.longest_route_minimum)
    knights = {p: table.players[p].knights if options.knights_count_for_army else 0 for p in table.seats}
    table.largest_army = _holder(ctx, Award.LARGEST_ARMY, table.largest_army, knights, options.largest_army_minimum)


def _holder(ctx: Context, award: Award, holder: str | None, sizes: dict[str, int], minimum: int) -> str | None:
    best = max(sizes.values(), default=0)
    if holder is not None and sizes[holder] == best and best >= minimum:
        return holder
    leaders = [p for p, n in sizes.items() if n == best]
    new = leaders[0] if best >= minimum and len(leaders) == 1 else None
    if new != holder:
        ctx.emit(Awarded(award, new, holder, best))
    return new
