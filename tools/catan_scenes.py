"""The scenes of `games/catan-six` (tools/catan_director.py): what the director adds to the seats' files so
that every mechanism of the variant shows in the demo at least once. Each scene picks its seats and places
from the state when it starts, adds their steps round after round (the dice decide its fights: a scene
lost is tried again), and is done when a round's records show what it is for; `Scenes.done` keeps the turn
each was shown in, for the game's narrative.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from catan_plan import Plan, open_corner

from pipeline.games.catan.board import Board, Edge, Slot, Vertex
from pipeline.games.catan.codec import event_from_data
from pipeline.games.catan.outcome import (
    Awarded,
    Combat,
    Event,
    ExplorerBoughtOut,
    IslandSettled,
    Produced,
    Source,
    StepDone,
)
from pipeline.games.catan.resources import EMPTY
from pipeline.games.catan.state import CatanState
from pipeline.games.catan.units import SPECS, Target, UnitKind
from pipeline.storage.sealed import unseal
from pipeline.storage.yamlio import parse_yaml


def slot_path(board: Board, state: CatanState, start: Slot, goals: set[Slot], land: bool) -> list[Slot] | None:
    """The shortest way for a unit from `start` to one of `goals`, over free slots of land (or sea)."""
    frontier: list[tuple[Slot, list[Slot]]] = [(start, [])]
    seen = {start}
    while frontier:
        slot, path = frontier.pop(0)
        if slot in goals:
            return path
        for n in board.slot_neighbours(slot):
            if n in seen or board.is_land(n.hex) != land or (n in state.units and n not in goals):
                continue
            seen.add(n)
            frontier.append((n, [*path, n]))
    return None


def vertex_path(board: Board, start: Vertex, goal: Vertex) -> list[Vertex] | None:
    """The shortest walk of an explorer along sides of land from `start` to `goal`."""
    frontier: list[tuple[Vertex, list[Vertex]]] = [(start, [])]
    seen = {start}
    while frontier:
        v, path = frontier.pop(0)
        if v == goal:
            return path
        for w in board.vertex_neighbours(v):
            if w not in seen and board.vertex_is_land(w):
                seen.add(w)
                frontier.append((w, [*path, w]))
    return None


def cities(state: CatanState, seat: str | None = None) -> list[tuple[Vertex, str]]:
    return [(v, b.owner) for v, b in sorted(state.buildings.items()) if b.is_city and seat in (None, b.owner)]


def units_of(state: CatanState, seat: str, kind: UnitKind) -> list[Slot]:
    return [s for s, u in sorted(state.units.items()) if u.owner == seat and u.kind is kind]


class Scene:
    """A mechanism the demo shows: `start` the round it may begin in."""

    name = ""
    start = 1

    def __init__(self) -> None:
        self.cast: dict[str, Any] = {}  # the seats and places it picked
        self.turn = ""  # the turn whose records `shown` reads

    def pick(self, board: Board, state: CatanState, busy: set[str]) -> bool:
        """Pick the seats and places from the state; whether it can begin."""
        return True

    def shown(self, events: list[Event]) -> bool:
        return False

    def valid(self, board: Board, state: CatanState) -> bool:
        """Whether what it picked still holds (a corner still open, a city still a city)."""
        return True

    def trade(self, plan: Plan) -> None:
        """Trades for what the scene's steps will cost."""

    def build(self, plan: Plan) -> None:
        """The scene's construction steps."""

    def act(self, plan: Plan) -> None:
        """The scene's movement and combat steps."""


def _raise(plan: Plan, kind: UnitKind, home: Vertex, at: Slot) -> bool:
    return plan.step("build", {"unit": {"kind": kind.value, "from": str(home), "at": str(at)}})


def _free_slot(plan: Plan, home: Vertex, land: bool, near: Iterable[Slot] = ()) -> Slot | None:
    """A free slot round `home`, of land or sea, nearest `near` if given."""
    slots = [
        s for s in plan.board.vertex_slots(home) if plan.board.is_land(s.hex) == land and s not in plan.table.units
    ]
    targets = list(near)
    if targets:
        slots.sort(key=lambda s: min(len(slot_path(plan.board, plan.table.freeze(), s, {t}, land) or range(99))
                                     for t in targets))  # fmt: skip
    return slots[0] if slots else None


def _move_toward(plan: Plan, slot: Slot, goals: set[Slot], land: bool, label: str | None = None) -> Slot:
    """One turn's move of the unit on `slot` toward `goals` (two slots for an assault troop): where it ends."""
    if slot in goals:
        return slot
    path = slot_path(plan.board, plan.table.freeze(), slot, goals, land)
    if not path:
        return slot
    steps = path[: SPECS[plan.table.units[slot].kind].steps]
    if plan.step("act", {"move": {"unit": str(slot), "to": [str(s) for s in steps]}}, label=label):
        return steps[-1]
    return slot


def _reactivate(plan: Plan, slot: Slot) -> None:
    unit = plan.table.units.get(slot)
    if unit is not None and not unit.active:
        plan.trade_for(SPECS[unit.kind].reactivation or EMPTY)
        plan.step("build", {"reactivate": str(slot)})


VERBOSE = False
ACTORS = ("seat", "owner", "buyer", "sailor", "soldier")
PATIENCE = (
    8  # the rounds a scene may take before it is picked again  # the cast's keys that name a seat acting in a scene
)


class Scenes:
    """Every scene, those shown so far (with the turn they came in), and the steps each adds."""

    def __init__(self) -> None:
        from catan_scene_list import SCENES

        self.pending: list[Scene] = [scene() for scene in SCENES]
        self.active: list[Scene] = []
        self.done: dict[str, str] = {}
        self.shown: list[Scene] = []

    def learn(self, game: Any, state: Any) -> None:
        """What the turn before showed; the scenes that begin now."""
        turns = game.adjudicated()
        if turns:
            events = turn_events(game, turns[-1])
            for scene in list(self.active):
                scene.turn = turns[-1]
                if scene.shown(events):
                    self.done[scene.name] = turns[-1]
                    self.active.remove(scene)
                    self.shown.append(scene)
        for scene in list(self.active):
            scene.rounds = getattr(scene, "rounds", 0) + 1
            if not scene.valid(state.board, state.state) or scene.rounds > PATIENCE:
                self.active.remove(scene)
                self.pending.append(type(scene)())  # picked again, from the state as it is
        for scene in list(self.pending):
            busy = {v for s in self.active for k, v in s.cast.items() if k in ACTORS}
            if state.state.round + 1 >= scene.start and scene.pick(state.board, state.state, busy):
                self.pending.remove(scene)
                self.active.append(scene)
        if VERBOSE:
            print(
                f"  round {state.state.round + 1}: done {self.done}; pending {[s.name for s in self.pending]}; active",
                [(s.name, {k: str(v) for k, v in s.cast.items() if k not in ("way", "path")}) for s in self.active],
            )

    @property
    def finished(self) -> bool:
        return not self.pending and not self.active

    def trade(self, plan: Plan) -> None:
        for scene in self.active:
            scene.trade(plan)

    def build(self, plan: Plan) -> None:
        for scene in self.active:
            scene.build(plan)

    def act(self, plan: Plan) -> None:
        for scene in self.active:
            scene.act(plan)


def turn_events(game: Any, turn: str) -> list[Event]:
    """Every record of a turn: the public ones and each seat's own (the demo's key is in the open)."""
    data = game.recorded_results(turn) or {}
    events = [event_from_data(d) for d in data.get("records") or []]
    for seat in game.powers:
        path = game.folder / "private" / turn / f"{seat}.yaml.age"
        if path.exists():
            own = parse_yaml(unseal(path.read_bytes(), game.identities, str(path)), str(path))
            events += [event_from_data(d) for d in own.get("own_records") or []]
    return events


__all__ = [
    "Awarded",
    "Combat",
    "Edge",
    "ExplorerBoughtOut",
    "IslandSettled",
    "Produced",
    "Scene",
    "Source",
    "StepDone",
    "Target",
    "_free_slot",
    "_move_toward",
    "_raise",
    "_reactivate",
    "cities",
    "open_corner",
    "units_of",
    "vertex_path",
]  # fmt: skip
