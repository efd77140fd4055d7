"""The initial placement [K 18]: two rounds in snake order (first to last, then last to first), each player
placing a settlement and a road (or a ship) from his ranked choices; the second settlement brings one
card of each producing hex round it.

```yaml
setup:
  - {settlement: c3/d3/d4, road: c3/d3}
  - {settlement: e5/f4/f5, ship: f4/f5}
```

The first choice still open when the player's placement comes is taken; if none is, the first open
corner of the board (by name) with its first open side, so that the game always goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pipeline.shared.dice import Dice

from . import build
from .answers import Answers, stand
from .board import YIELDS, Board, Edge, Terrain, Vertex
from .context import Context, Skip
from .options import CatanOptions
from .orders import orders_from_data
from .outcome import Action, Event, PlacedByDefault, Produced, Reason, Section, Source, StepDone
from .resources import Hand
from .said import N_, FileProblems, Found, quoted
from .state import CatanState
from .turn import RoundResult


@dataclass(frozen=True)
class Choice:
    settlement: Vertex
    road: Edge | None = None
    ship: Edge | None = None


def setup_from_data(data: object, board: Board) -> tuple[Choice, ...]:
    """A player's setup file: `setup:` and his ranked choices; `FileProblems` with every problem."""
    found = Found()
    choices = _choices(data, board, found)
    if found:
        raise found.error()
    return choices


def setup_orders_from_data(
    data: object, board: Board, player: str, seats: tuple[str, ...]
) -> tuple[tuple[Choice, ...], Answers]:
    """A player's file for the placement rounds: his ranked choices (`setup:`) and, optionally, the
    resources he takes from gold fields (`answers: {gold: [...]}`) [K 4.4] [K 18.3]; `FileProblems` with
    every problem of both."""
    found = Found()
    choices = _choices(data, board, found)
    answers = Answers()
    if isinstance(data, Mapping):
        for key in sorted(set(data) - {"setup", "answers"}, key=str):
            found.add(str(key), N_("not a key here ({keys})"), keys="setup, answers")
        if data.get("answers") is not None:
            try:
                answers = orders_from_data({"answers": data["answers"]}, board, player, seats).answers
            except FileProblems as err:
                found.items.extend(err.found)
    if found:
        raise found.error()
    return choices, answers


def _choices(data: object, board: Board, found: Found) -> tuple[Choice, ...]:
    if not isinstance(data, Mapping) or not isinstance(data.get("setup"), list):
        found.add("setup", N_("expected setup and a list of choices, each a settlement and a road (or a ship)"))
        return ()
    out: list[Choice] = []
    for i, entry in enumerate(data["setup"]):
        where = f"setup[{i}]"
        if not isinstance(entry, Mapping) or "settlement" not in entry or len(set(entry) & {"road", "ship"}) != 1:
            found.add(where, N_("expected a settlement's corner and a road's side (or a ship's)"))
            continue
        v = board.vertex_named(entry["settlement"])
        if v is None:
            found.add(
                f"{where}.settlement",
                N_("{value} is not a corner of three hexes of the board (such as c3/d3/d4)"),
                value=quoted(entry["settlement"]),
            )
        key = "road" if "road" in entry else "ship"
        e = board.edge_named(entry[key])
        if e is None:
            found.add(
                f"{where}.{key}",
                N_("{value} is not a side two hexes of the board share (such as c3/d3)"),
                value=quoted(entry[key]),
            )
        elif v is not None and v not in board.edge_vertices(e):
            found.add(f"{where}.{key}", N_("{side} does not touch the settlement's corner {corner}"), side=e, corner=v)
        for extra in sorted(set(entry) - {"settlement", "road", "ship"}, key=str):
            found.add(f"{where}.{extra}", N_("not a key here ({keys})"), keys="road, settlement, ship")
        if v is not None and e is not None:
            out.append(Choice(v, e if key == "road" else None, e if key == "ship" else None))
    return tuple(out)


def play_setup(
    board: Board,
    state: CatanState,
    choices: Mapping[str, tuple[Choice, ...]],
    options: CatanOptions,
    dice: Dice,
    answers: Mapping[str, Answers] | None = None,
) -> RoundResult:
    """Both placement rounds [K 18.1]-[K 18.3]."""
    table = state.table()
    table.answers = {p: stand(table.answers.get(p), (answers or {}).get(p)) for p in table.seats}
    events: list[Event] = []
    order = [*table.seats, *reversed(table.seats)]
    used: dict[str, int] = {}
    for n, player in enumerate(order):
        second = n >= len(table.seats)
        ctx = Context(board, options, dice, table, player, dict(table.answers), events)
        ranked = choices.get(player, ())
        placed: Vertex | None = None
        for i in range(used.get(player, 0), len(ranked)):
            ctx.step = i + 1
            used[player] = i + 1
            try:
                _place(ctx, ranked[i])
            except Skip as skip:
                events.append(StepDone(player, i + 1, Section.BUILD, Action.SETTLEMENT, skip.reason))
                continue
            placed = ranked[i].settlement
            break
        if placed is None:
            events.append(PlacedByDefault(player, len(ranked)))
            fallback = _fallback(ctx)
            _place(ctx, fallback)
            placed = fallback.settlement
        if second:
            _starting_cards(ctx, placed)
    for player in table.seats:  # the islands of his placement are his home [K 17.6]
        table.home[player] = build.home_islands(board, table, player)
    if options.starting_hand:
        for player in table.seats:  # [K 18.4]
            got = table.take(player, options.starting_hand)
            if got:
                events.append(Produced(player, "", Source.QUICK_START, got))
    return RoundResult(table.freeze(), tuple(events))


def check_choice(ctx: Context, choice: Choice) -> Edge:
    """Whether a placement choice may be taken now [K 18.2]: its corner open to a settlement, on the board's
    start islands if it names some, its side free and fit for its piece; its side, or `Skip`."""
    build.check_site(ctx, choice.settlement)
    if not on_start_island(ctx.board, choice.settlement):
        raise Skip(Reason.NOT_START_ISLAND)
    edge = choice.road or choice.ship
    assert edge is not None
    if edge in ctx.table.roads or edge in ctx.table.ships:
        raise Skip(Reason.OCCUPIED)
    if choice.road is not None and not ctx.board.edge_is_land(edge):
        raise Skip(Reason.NOT_LAND)
    if choice.ship is not None and not ctx.board.edge_is_sea(edge):
        raise Skip(Reason.NOT_SEA)
    return edge


def _place(ctx: Context, choice: Choice) -> None:
    """A settlement and its road (or ship), both free, or neither [K 18.2]."""
    edge = check_choice(ctx, choice)
    build.settlement(ctx, choice.settlement, free=True)
    (build.road if choice.road is not None else build.ship)(ctx, edge, free=True)


def on_start_island(board: Board, vertex: Vertex) -> bool:
    """Is the corner on one of the islands the board starts its players on (any, if it names none)?"""
    islands = board.start_islands()
    return not islands or board.vertex_island(vertex) in islands


def _fallback(ctx: Context) -> Choice:
    board = ctx.board
    for v in board.vertices:
        try:
            build.check_site(ctx, v)
        except Skip:
            continue
        if not on_start_island(board, v):
            continue
        for e in board.vertex_edges(v):
            if board.edge_is_land(e) and e not in ctx.table.roads and e not in ctx.table.ships:
                return Choice(v, road=e)
            if board.edge_is_sea(e) and e not in ctx.table.roads and e not in ctx.table.ships:
                return Choice(v, ship=e)
    raise AssertionError("no corner is left for a settlement")


def _starting_cards(ctx: Context, vertex: Vertex) -> None:
    """The second settlement's cards [K 18.3]: one for each producing hex round it (gold: the player's
    choice)."""
    for hid in vertex.hexes:
        terrain = ctx.board.hexes[hid].terrain
        if not terrain.produces:
            continue
        resource = ctx.gold_choice(ctx.player) if terrain is Terrain.GOLD else YIELDS[terrain]
        got = ctx.table.take(ctx.player, Hand.one(resource))
        if got:
            ctx.emit(Produced(ctx.player, hid, Source.START, got, str(vertex)))
