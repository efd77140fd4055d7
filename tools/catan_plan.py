"""A seat's file for a round of `games/catan-six`, written step by step (tools/catan_director.py): each step
tried with the rules' own code on a copy of the table, with the seat's hand as it is, and written only if
the rules would do it now; the seat's economy (trades with the bank, a city, a settlement and the roads
toward it, a development card, a knight), its special building steps and its standing answers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from pipeline.games.catan import build, trade
from pipeline.games.catan.board import Board, Edge, Vertex
from pipeline.games.catan.context import Context, Skip
from pipeline.games.catan.options import CatanOptions
from pipeline.games.catan.orders import When, orders_from_data
from pipeline.games.catan.resources import RESOURCES, Hand, Resource
from pipeline.games.catan.state import Card, CatanState
from pipeline.games.catan.steps import do_step
from pipeline.games.catan.units import KNIGHT, may_attack, spec
from pipeline.shared.dice import FixedDice

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
SECTIONS = ("trade", "build", "act", "special")


def pips(board: Board, state: CatanState, vertex: Vertex) -> int:
    """What a corner is worth: the odds of its hexes' numbers (a gold field's a little more)."""
    total = 0
    for h in vertex.hexes:
        token = state.tokens.get(h)
        if token and board.hexes[h].terrain.produces:
            total += PIPS[token] + (1 if board.hexes[h].terrain.value == "gold" else 0)
    return total


def open_corner(board: Board, state: CatanState, vertex: Vertex) -> bool:
    """A settlement could stand here: land, free, no building one side away [K 6.2]."""
    if not board.vertex_is_land(vertex) or vertex in state.buildings:
        return False
    return not any(w in state.buildings for w in board.vertex_neighbours(vertex))


def best_corners(board: Board, state: CatanState, island: str, n: int) -> list[Vertex]:
    """The `n` richest open corners of an island, none one side from another."""
    corners = sorted(
        (v for v in board.vertices if board.vertex_island(v) == island and open_corner(board, state, v)),
        key=lambda v: (-pips(board, state, v), str(v)),
    )
    chosen: list[Vertex] = []
    for v in corners:
        if not any(w in chosen for w in board.vertex_neighbours(v)):
            chosen.append(v)
        if len(chosen) == n:
            break
    return chosen


class Plan:
    """A seat's file being written: its steps by section, each tried first on a copy of the table."""

    def __init__(self, board: Board, state: CatanState, options: CatanOptions, seat: str) -> None:
        self.board, self.state, self.options, self.seat = board, state, options, seat
        self.table = state.table()
        self.table.round = state.round + 1
        self.ctx = Context(board, options, FixedDice({}, default=1), self.table, seat, dict(state.answers))
        self.sections: dict[str, list[dict[str, Any]]] = {s: [] for s in SECTIONS}
        self.answers: dict[str, Any] | None = None
        self.avoid: set[Vertex] = set()  # corners a scene keeps for itself
        self.hold = False  # the director keeps the seat from winning until every scene has shown
        self.saving = False  # a scene saves the seat's cards for its own steps
        self.claimed: set[Any] = set()  # slots whose units a scene moves and fights with
        self.gained = 0  # the points the steps written so far may bring
        self.target_path: tuple[Vertex | None, list[Edge]] = (None, [])

    @property
    def round(self) -> int:
        return self.table.round

    def can_gain(self, points: int, margin: int = 6) -> bool:
        """Whether the seat may take `points` more (a step of this file) and stay short of the target by the
        titles' 2 and 2 more, while the director holds the game back: a step that might win is kept for when
        every scene has shown."""
        if not self.hold:
            return True
        if self.table.points(self.seat) + self.gained + points + margin > self.options.victory_points:
            return False
        self.gained += points
        return True

    @property
    def hand(self) -> Hand:
        return self.table.hand(self.seat)

    def step(self, section: str, data: dict[str, Any], label: str | None = None, when: dict[str, Any] | None = None,
             check: bool = True) -> bool:  # fmt: skip
        """Add a step to `section` if the rules would do it now (a conditional one as if its condition held;
        a special building step untried): whether it was written."""
        entry: dict[str, Any] = dict(data)
        if check:
            parsed = orders_from_data({"script": {section: [entry]}}, self.board, self.seat, self.state.seats)
            mark, saved = len(self.ctx.events), self.table.freeze()
            try:
                do_step(self.ctx, dataclasses.replace(parsed.steps[0], when=When()))
            except Skip:
                del self.ctx.events[mark:]
                self.table = saved.table()
                self.table.round = self.ctx.table.round
                self.ctx.table = self.table
                return False
        if label:
            entry["label"] = label
        if when:
            entry["if"] = when
        self.sections[section].append(entry)
        return True

    def file(self) -> dict[str, Any]:
        script = {s: steps for s, steps in self.sections.items() if steps}
        out: dict[str, Any] = {"script": script}
        if self.answers is not None:
            out["answers"] = self.answers
        return out

    # ---- the economy ------------------------------------------------------------------------------

    def economy_trade(self) -> None:
        """Trade for the build most wanted [K 5.3]."""
        self.target_path = self.target()
        want = self.wanted(*self.target_path)
        if want and not self.saving:
            self.trade_for(want)

    def economy_build(self) -> None:
        """A city, a settlement or the roads toward it, a card."""
        target, path = self.target_path
        if self.saving:
            return
        for v, b in self.table.buildings_of(self.seat):
            if b.is_city and self.hold:  # a seat near the target spends on walls
                self.step("build", {"walls": str(v)})
        self.cities()
        if target is not None and not path and self.can_gain(1):
            self.step("build", {"settlement": str(target)})
        for edge in path[:2] if self.can_gain(2) else ():
            if not self.step("build", {"road": str(edge)}):
                break
        if self.hand.covers(build.CARD + build.CARD) or (self.hand.covers(build.CARD) and self.round % 2):
            if self.can_gain(1):  # a victory point card, perhaps
                self.step("build", {"card": "buy"})

    def economy_act(self) -> None:
        """A knight; the special building steps; the standing answers, given once."""
        if self.can_gain(2):
            self.knight()
        if not self.saving:
            self.specials(*self.target_path)
        if self.round == 1:
            self.answers = self.standing_answers()

    def wanted(self, target: Vertex | None, path: list[Edge]) -> Hand | None:
        if any(not b.is_city for _, b in self.table.buildings_of(self.seat)) and self.table.pieces_left(
            self.seat, "city"
        ):
            if self.hand.total >= 4:
                return build.CITY
        if target is not None and not path:
            return build.SETTLEMENT
        if path:
            return build.ROAD
        return None

    def need(self, cost: Hand) -> None:
        """A scene's cost: trades for it, and the seat saves its cards while it cannot pay it."""
        self.trade_for(cost)
        if not self.hand.covers(cost):
            self.saving = True

    def trade_for(self, cost: Hand) -> None:
        """Trades for the cards `cost` lacks, from the resources held beyond it: with the bank at its best rate,
        else an offer of two for one to the others, whose standing answers may take it [K 5.2] [K 5.3]."""
        for _ in range(5):
            missing = self.hand.missing(cost)
            if not missing:
                return
            need = next(r for r, _ in missing.items())
            spare = sorted(
                (r for r in RESOURCES if r is not need and not missing[r] and self.hand[r] - cost[r] >= 2),
                key=lambda r: (-(self.hand[r] - cost[r]), RESOURCES.index(r)),
            )
            bank = [r for r in spare if self.hand[r] - cost[r] >= self.rate(r)]
            if bank and self.step("trade", {"bank": {"give": bank[0].value, "get": need.value}}):
                continue
            if not spare or not self.step("trade", {"offer": {"give": {spare[0].value: 2}, "get": {need.value: 1}}}):
                return

    def rate(self, resource: Resource) -> int:
        return trade.bank_rate(self.ctx, Hand.one(resource))

    def cities(self) -> None:
        for v, b in self.table.buildings_of(self.seat):
            if not b.is_city and self.can_gain(1):
                self.step("build", {"city": str(v)})

    def network(self) -> set[Vertex]:
        """The corners the seat's roads, ships and buildings reach."""
        reached = {v for v, _ in self.table.buildings_of(self.seat)}
        for e, owner in self.table.roads.items():
            if owner == self.seat:
                reached |= set(self.board.edge_vertices(e))
        return reached

    def target(self) -> tuple[Vertex | None, list[Edge]]:
        """The best open corner within three roads of the seat's network, and the roads to it (none: his roads
        reach it)."""
        if not self.table.pieces_left(self.seat, "settlement"):
            return None, []
        start = self.network()
        frontier: list[tuple[Vertex, list[Edge]]] = [(v, []) for v in sorted(start)]
        seen = set(start)
        best: tuple[int, str, Vertex, list[Edge]] | None = None
        while frontier:
            v, path = frontier.pop(0)
            if v not in self.avoid and open_corner(self.board, self.table.freeze(), v) and (path or v in start):
                score = pips(self.board, self.state, v) * 3 - 4 * len(path)
                if best is None or (score, str(v)) > (best[0], best[1]):
                    best = (score, str(v), v, path)
            if len(path) == 3 or (path and self.other_building(v)):
                continue
            for e in self.board.vertex_edges(v):
                if not self.board.edge_is_land(e) or e in self.table.roads or e in self.table.ships:
                    continue
                for w in self.board.edge_vertices(e):
                    if w not in seen:
                        seen.add(w)
                        frontier.append((w, [*path, e]))
        return (best[2], best[3]) if best else (None, [])

    def other_building(self, v: Vertex) -> bool:
        b = self.table.buildings.get(v)
        return b is not None and b.owner != self.seat

    def knight(self) -> None:
        """A knight card bought before this round, against the weakest enemy unit [K 16.3]."""
        cards = self.table.players[self.seat].cards
        if not any(c.card is Card.KNIGHT and c.bought < self.round for c in cards):
            return
        targets = [
            (s, u)
            for s, u in self.table.units.items()
            if u.owner != self.seat and may_attack(KNIGHT, u.kind, self.options)
        ]
        if not targets:
            return
        weakest = min(targets, key=lambda t: (self.defence(t[1]), str(t[0])))
        self.step("act", {"knight": {"target": str(weakest[0])}})

    def defence(self, unit: Any) -> int:
        sides = spec(unit.kind, self.options).defence or 99
        return sides if unit.active else sides // 2

    def specials(self, target: Vertex | None, path: list[Edge]) -> None:
        """What the seat builds between the others' turns, with five or six [K 3.6]: the next roads toward its
        target, the settlement, a city."""
        for edge in path[:3] if self.can_gain(2) else ():
            self.step("special", {"road": str(edge)}, check=False)
        if target is not None and self.can_gain(1):
            self.step("special", {"settlement": str(target)}, check=False)
        for v, b in self.table.buildings_of(self.seat):
            if not b.is_city and self.can_gain(1):
                self.step("special", {"city": str(v)}, check=False)
                break

    def production(self) -> dict[Resource, int]:
        """The odds of each resource coming to the seat, from its buildings."""
        out = {r: 0 for r in RESOURCES}
        for v, b in self.table.buildings_of(self.seat):
            for h in v.hexes:
                terrain = self.board.hexes[h].terrain
                token = self.table.tokens.get(h)
                if token and terrain.value in {"hills", "forest", "pasture", "fields", "mountains"}:
                    from pipeline.games.catan.board import YIELDS

                    out[YIELDS[terrain]] += PIPS[token] * (2 if b.is_city else 1)
        return out

    def standing_answers(self) -> dict[str, Any]:
        """The seat's standing answers, given once [K 3.1]: it gives one of either of the two resources it gets
        most for two of any other, twice a round each; it gives back first what it gets most."""
        odds = self.production()
        order = sorted(RESOURCES, key=lambda r: (-odds[r], RESOURCES.index(r)))
        accept = [
            {"give": {most.value: 1}, "get": {other.value: 2}, "times": 2}
            for most in order[:2]
            for other in RESOURCES
            if other is not most
        ]
        return {"accept": accept, "discard": [r.value for r in order[:3]], "gold": [order[-1].value]}


def hand_text(hand: Hand) -> str:
    return ", ".join(f"{n} {r.value}" for r, n in hand.items())


def edges_text(edges: Iterable[Edge]) -> list[str]:
    return [str(e) for e in edges]
