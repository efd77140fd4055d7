"""The scenes of `games/catan-six`, in the order they may begin (tools/catan_scenes.py): each says the
mechanism it shows, picks its seats and places from the state, and adds their steps until a round's records
show it. The economy of every seat (tools/catan_plan.py) shows the rest: trades, builds, the special
building phase, discards on a 7, the bank short of a resource, the longest route changing hands, a win.
"""

from __future__ import annotations

from typing import Any

from catan_plan import Plan, open_corner
from catan_scenes import Scene, _free_slot, _move_toward, _raise, _reactivate, cities, slot_path, units_of, vertex_path

from pipeline.games.catan import build
from pipeline.games.catan.board import Board, Edge, Slot, Vertex
from pipeline.games.catan.options import CatanOptions
from pipeline.games.catan.outcome import (
    Award,
    Awarded,
    Built,
    Combat,
    EffectKind,
    Event,
    ExplorerBoughtOut,
    IslandSettled,
    Produced,
    Reason,
    Side,
    Source,
    StepDone,
)
from pipeline.games.catan.resources import EMPTY, Hand
from pipeline.games.catan.routes import route_length, touches
from pipeline.games.catan.state import CatanState
from pipeline.games.catan.units import SPECS, Target, UnitKind

WORKER, MILITARY, DIPLOMAT = SPECS[UnitKind.WORKER].cost, SPECS[UnitKind.MILITARY].cost, SPECS[UnitKind.DIPLOMAT].cost
NAVAL, EXPLORER = SPECS[UnitKind.PIRATE].cost, SPECS[UnitKind.EXPLORER].cost


def room_cost(plan: Plan, city: Vertex) -> Hand:
    """What `room` will cost: a status, if the city's counter is inactive."""
    b = plan.table.buildings.get(city)
    return build.STATUS if b is not None and b.is_city and not plan.table.counter_active(city) else EMPTY


def room(plan: Plan, city: Vertex) -> None:
    """A city whose status counter is inactive gets one status more, so that it raises again [K 7.3]."""
    b = plan.table.buildings.get(city)
    if b is not None and b.is_city and not plan.table.counter_active(city) and b.status < build.MAX_STATUS:
        plan.step("build", {"status": str(city)})


class Workers(Scene):
    """[K 12.2] each seat with a city raises a worker in a producing hex by it: income, and targets."""

    name = "workers"
    start = 2

    def __init__(self) -> None:
        super().__init__()
        self.cast["raised"] = set()

    def shown(self, events: list[Event]) -> bool:
        return len(self.cast["raised"]) >= 2 and any(
            isinstance(e, Produced) and e.source is Source.WORKER for e in events
        )

    def _city(self, plan: Plan) -> Vertex | None:
        if plan.seat in self.cast["raised"] or units_of(plan.table.freeze(), plan.seat, UnitKind.WORKER):
            return None
        own = cities(plan.table.freeze(), plan.seat)
        return own[0][0] if own else None

    def trade(self, plan: Plan) -> None:
        if self._city(plan) is not None:
            plan.trade_for(WORKER + room_cost(plan, self._city(plan)))

    def build(self, plan: Plan) -> None:
        city = self._city(plan)
        if city is None:
            return
        room(plan, city)
        for slot in plan.board.vertex_slots(city):
            if plan.table.tokens.get(slot.hex) and slot not in plan.table.units and _raise(plan, UnitKind.WORKER, city,
                                                                                             slot):  # fmt: skip
                self.cast["raised"].add(plan.seat)
                return


class Army(Scene):
    """[K 16.3] [K 17.3] black buys development cards and plays his knights until he holds the largest army;
    then the seat with the fewest points buys and plays his, to take it from him."""

    name = "the largest army changes hands"
    start = 2

    def shown(self, events: list[Event]) -> bool:
        return any(isinstance(e, Awarded) and e.award is Award.LARGEST_ARMY and e.before and e.player for e in events)

    def _player(self, plan: Plan) -> bool:
        """Whether the seat buys cards and plays knights now: black until he holds the army; the challenger,
        the richest seat but black when the scene began, buys from the start and plays once black holds it."""
        if "challenger" not in self.cast:
            others = [p for p in plan.table.seats if p != "black"]
            self.cast["challenger"] = max(others, key=lambda p: (plan.state.players[p].hand.total, p))
        return plan.seat in ("black", self.cast["challenger"])

    def _plays(self, plan: Plan) -> bool:
        holder = plan.table.largest_army
        return (plan.seat == "black" and holder != "black") or (
            plan.seat == self.cast.get("challenger") and holder == "black"
        )

    def trade(self, plan: Plan) -> None:
        if self._player(plan):
            plan.trade_for(build.CARD + build.CARD)

    def build(self, plan: Plan) -> None:
        for _ in range(2):
            if self._player(plan) and plan.can_gain(1, 3):  # a victory point card, perhaps
                plan.step("build", {"card": "buy"})

    def act(self, plan: Plan) -> None:
        if self._plays(plan) and plan.can_gain(2, 1):
            plan.knight()


class Explorer(Scene):
    """[K 14.2] [K 14.3] an explorer goes from its city to a corner another seat's road reaches; that seat
    builds there and pays its owner 2 ore."""

    name = "an explorer bought out"
    start = 2

    def pick(self, board: Board, state: CatanState, busy: set[str]) -> bool:
        """An owner's city, and a buyer whose roads reach, or three more roads would reach, an open corner at
        most four corners from it: the nearest such."""
        best = None
        for city, owner in cities(state):
            if owner in busy:
                continue
            for buyer in state.seats:
                if buyer in (owner, *busy):
                    continue
                plan = Plan(board, state, CatanOptions(), buyer)
                corner, path = plan.target()
                way = vertex_path(board, city, corner) if corner is not None else None
                if way is not None and 1 <= len(way) <= 4 and (best is None or len(way) + len(path) < best[0]):
                    best = (len(way) + len(path), dict(owner=owner, city=city, buyer=buyer, corner=corner, roads=path))
        if best is None:
            return False
        self.cast.update(best[1])
        return True

    def shown(self, events: list[Event]) -> bool:
        return any(isinstance(e, ExplorerBoughtOut) for e in events)

    def valid(self, board: Board, state: CatanState) -> bool:
        corner = self.cast["corner"]
        return corner in state.explorers or open_corner(board, state, corner)

    def _where(self, plan: Plan) -> Vertex | None:
        mine = [v for v, u in plan.table.explorers.items() if u.owner == self.cast["owner"]]
        return mine[0] if mine else None

    def trade(self, plan: Plan) -> None:
        if plan.seat == self.cast["owner"] and self._where(plan) is None:
            plan.need(EXPLORER + room_cost(plan, self.cast["city"]))
        elif plan.seat == self.cast["buyer"]:
            plan.avoid.add(self.cast["corner"])
            roads = sum(1 for e in self.cast["roads"] if e not in plan.table.roads)
            if roads:
                plan.need(build.ROAD.times(roads))
            elif self._where(plan) is not None:
                plan.need(build.SETTLEMENT + build.BUY_OUT)

    def build(self, plan: Plan) -> None:
        if plan.seat == self.cast["buyer"]:
            plan.avoid.add(self.cast["corner"])
            for edge in self.cast["roads"]:
                if edge not in plan.table.roads:
                    plan.step("build", {"road": str(edge)})
            if self._where(plan) == self.cast["corner"] and plan.can_gain(1, 1):
                plan.step("build", {"settlement": str(self.cast["corner"])})
        elif plan.seat == self.cast["owner"] and self._where(plan) is None:
            room(plan, self.cast["city"])
            plan.step("build", {"unit": {"kind": "explorer", "from": str(self.cast["city"])}})

    def act(self, plan: Plan) -> None:
        at = self._where(plan)
        if plan.seat != self.cast["owner"] or at is None or at == self.cast["corner"]:
            return
        way = vertex_path(plan.board, at, self.cast["corner"])
        if way:
            plan.step("act", {"explorer": {"from": str(at), "to": [str(way[0])]}})


def ship_path(board: Board, state: CatanState, seat: str) -> tuple[list[Edge], Vertex] | None:
    """The shortest line of ships from one of the seat's coastal buildings to an open corner of an island off
    his home islands [K 6.5] [K 17.6]."""
    home = set(state.home.get(seat, ()))
    starts = [v for v, b in sorted(state.buildings.items()) if b.owner == seat and board.vertex_is_coastal(v)]
    frontier: list[tuple[Vertex, list[Edge]]] = [(v, []) for v in starts]
    seen = set(starts)
    while frontier:
        v, path = frontier.pop(0)
        island = board.vertex_island(v)
        if path and island is not None and island not in home and open_corner(board, state, v):
            return path, v
        other = state.buildings.get(v)
        if len(path) == 14 or (path and other is not None and other.owner != seat):
            continue
        for e in board.vertex_edges(v):
            own = e in state.ships and state.ships[e].owner == seat  # his line so far: followed, not built again
            if board.edge_is_sea(e) and e not in state.roads and (own or e not in state.ships):
                for w in board.edge_vertices(e):
                    if w not in seen:
                        seen.add(w)
                        frontier.append((w, path if own else [*path, e]))
    return None


class Isle(Scene):
    """[K 6.5] [K 17.6] a line of ships from the main island to an isle, a settlement there: the island's
    bonus."""

    name = "a new island settled"
    start = 2

    def pick(self, board: Board, state: CatanState, busy: set[str]) -> bool:
        found = [(p, s) for s in state.seats if s not in busy and (p := ship_path(board, state, s)) is not None]
        if not found:
            return False
        (path, corner), seat = min(found, key=lambda f: (len(f[0][0]), f[1]))
        self.cast.update(seat=seat, path=path, corner=corner)
        return True

    def shown(self, events: list[Event]) -> bool:
        return any(isinstance(e, IslandSettled) for e in events)

    def valid(self, board: Board, state: CatanState) -> bool:
        ours = all(e not in state.ships or state.ships[e].owner == self.cast["seat"] for e in self.cast["path"])
        return ours and open_corner(board, state, self.cast["corner"])

    def trade(self, plan: Plan) -> None:
        if plan.seat == self.cast["seat"]:
            left = [e for e in self.cast["path"] if e not in plan.table.ships]
            plan.avoid.add(self.cast["corner"])
            plan.need(build.SHIP + build.SHIP if left else build.SETTLEMENT)

    def build(self, plan: Plan) -> None:
        if plan.seat != self.cast["seat"]:
            return
        plan.avoid.add(self.cast["corner"])
        for edge in [e for e in self.cast["path"] if e not in plan.table.ships][:2]:
            if not plan.step("build", {"ship": str(edge)}):
                break
        if all(e in plan.table.ships for e in self.cast["path"]) and plan.can_gain(1 + plan.options.island_bonus, 1):
            plan.step("build", {"settlement": str(self.cast["corner"])})


def near_pair(board: Board, state: CatanState, skip: set[str]) -> tuple[Vertex, str, Vertex, str, list[Slot]] | None:
    """Two cities of two seats (but those in `skip` attacking) nearest each other by a unit's way: the first
    seat's city, the seat, the second's city, its owner, and the way from a free slot round the first to a slot
    round the second."""
    best = None
    for a, x in cities(state):
        if x in skip:
            continue
        for b, y in cities(state):
            if x == y:
                continue
            goals = {s for s in board.vertex_slots(b) if board.is_land(s.hex)}
            for start in board.vertex_slots(a):
                if not board.is_land(start.hex) or start in state.units:
                    continue
                way = slot_path(board, state, start, goals, True)
                if way is not None and (best is None or len(way) < len(best[4])):
                    best = (a, x, b, y, [start, *way])
    return best


class Corrupt(Scene):
    """[K 13.3] [K 13.4] a diplomat walks from its city to another's and corrupts it: its owner then takes
    half of what the city draws from the hex, whenever it produces."""

    name = "corruption income"
    start = 3

    def pick(self, board: Board, state: CatanState, busy: set[str]) -> bool:
        pair = near_pair(board, state, busy)
        if pair is None or len(pair[4]) > 6:
            return False
        self.cast.update(zip(("home", "seat", "city", "victim", "way"), pair, strict=True))
        return True

    def shown(self, events: list[Event]) -> bool:
        return any(isinstance(e, Produced) and e.source is Source.CORRUPTION for e in events)

    def valid(self, board: Board, state: CatanState) -> bool:
        b = state.buildings.get(self.cast["city"])
        return b is not None and b.is_city and b.owner == self.cast["victim"]

    def _marker(self, plan: Plan) -> bool:
        return any(c.owner == self.cast["seat"] for c in plan.table.corruption)

    def trade(self, plan: Plan) -> None:
        if plan.seat == self.cast["seat"] and not self._marker(plan):
            if not units_of(plan.table.freeze(), plan.seat, UnitKind.DIPLOMAT):
                plan.need(DIPLOMAT + room_cost(plan, self.cast["home"]))

    def build(self, plan: Plan) -> None:
        if plan.seat != self.cast["seat"] or self._marker(plan):
            return
        if not units_of(plan.table.freeze(), plan.seat, UnitKind.DIPLOMAT):
            room(plan, self.cast["home"])
            goals = self._goals(plan)
            slot = _free_slot(plan, self.cast["home"], True, goals)
            if slot is not None:
                _raise(plan, UnitKind.DIPLOMAT, self.cast["home"], slot)

    def _goals(self, plan: Plan) -> set[Slot]:
        return {s for s in plan.board.vertex_slots(self.cast["city"]) if plan.table.tokens.get(s.hex)}

    def act(self, plan: Plan) -> None:
        if plan.seat != self.cast["seat"] or self._marker(plan):
            return
        for slot in units_of(plan.table.freeze(), plan.seat, UnitKind.DIPLOMAT):
            at = _move_toward(plan, slot, self._goals(plan), True)
            if at in self._goals(plan):
                plan.step("act", {"attack": {"unit": str(at), "city": str(self.cast["city"]), "then": "corrupt"}})


def _naval(plan: Plan, kinds: tuple[UnitKind, ...]) -> None:
    """Raise the seat's naval units of these kinds not on the board yet, from a coastal building."""
    have = {u.kind for u in plan.table.units.values() if u.owner == plan.seat}
    for kind in kinds:
        if kind in have:
            continue
        for v, _ in plan.table.buildings_of(plan.seat):
            if plan.board.vertex_is_coastal(v):
                slot = _free_slot(plan, v, False)
                if slot is not None and _raise(plan, kind, v, slot):
                    break


class MarkerLimit(Scene):
    """[K 13.4] [K 8.3] a seat with both naval counters out, a pirate and a protection ship, sends a diplomat
    to corrupt a city: no corruption marker is left, the step is skipped before any die."""

    name = "no corruption marker left"
    start = 3

    def pick(self, board: Board, state: CatanState, busy: set[str]) -> bool:
        pair = near_pair(board, state, busy)
        coastal = pair is not None and any(
            board.vertex_is_coastal(v) for v, b in state.buildings.items() if b.owner == pair[1]
        )
        if pair is None or not coastal or len(pair[4]) > 6:
            return False
        self.cast.update(zip(("home", "seat", "city", "victim", "way"), pair, strict=True))
        return True

    def shown(self, events: list[Event]) -> bool:
        return any(isinstance(e, StepDone) and e.reason is Reason.NO_MARKER_LEFT for e in events)

    def valid(self, board: Board, state: CatanState) -> bool:
        b = state.buildings.get(self.cast["city"])
        return b is not None and b.is_city

    def trade(self, plan: Plan) -> None:
        if plan.seat == self.cast["seat"]:
            naval = len(self._navals(plan)) < 2
            plan.need(NAVAL + NAVAL if naval else DIPLOMAT + room_cost(plan, self.cast["home"]))

    def _navals(self, plan: Plan) -> list[Any]:
        return [u for u in plan.table.units.values() if u.owner == plan.seat and SPECS[u.kind].naval]

    def build(self, plan: Plan) -> None:
        if plan.seat != self.cast["seat"]:
            return
        _naval(plan, (UnitKind.PIRATE, UnitKind.PROTECTION))
        if len(self._navals(plan)) == 2 and not units_of(plan.table.freeze(), plan.seat, UnitKind.DIPLOMAT):
            room(plan, self.cast["home"])
            goals = {s for s in plan.board.vertex_slots(self.cast["city"]) if plan.board.is_land(s.hex)}
            slot = _free_slot(plan, self.cast["home"], True, goals)
            if slot is not None:
                _raise(plan, UnitKind.DIPLOMAT, self.cast["home"], slot)

    def act(self, plan: Plan) -> None:
        if plan.seat != self.cast["seat"] or len(self._navals(plan)) < 2:
            return
        goals = {s for s in plan.board.vertex_slots(self.cast["city"]) if plan.board.is_land(s.hex)}
        for slot in units_of(plan.table.freeze(), plan.seat, UnitKind.DIPLOMAT):
            at = _move_toward(plan, slot, goals, True)
            if at in goals:
                plan.step("act", {"attack": {"unit": str(at), "city": str(self.cast["city"]), "then": "corrupt"}},
                          check=False)  # fmt: skip


def ship_and_coast(board: Board, state: CatanState, busy: set[str]) -> tuple[str, Slot, str, Vertex, Slot] | None:
    """A seat's protection ship, or a sea slot it may raise one on, and another seat's coastal city: the
    sailor, where his ship starts, the city's owner, the city, and the land slot round the city across the
    coast from a sea slot the ship can reach; the nearest such."""
    starts = [(u.owner, s) for s, u in sorted(state.units.items()) if u.kind is UnitKind.PROTECTION]
    for v, b in sorted(state.buildings.items()):
        if board.vertex_is_coastal(v) and b.owner not in busy:
            starts += [(b.owner, s) for s in board.vertex_slots(v) if not board.is_land(s.hex) and s not in state.units]
    best = None
    for sailor, start in starts:
        for city, owner in cities(state):
            if owner in (sailor, *busy):
                continue
            for land in board.vertex_slots(city):
                if not board.is_land(land.hex) or board.is_land(land.toward) or land in state.units:
                    continue
                way = slot_path(board, state, start, {Slot(land.toward, land.hex)}, False)
                if way is not None and (best is None or len(way) < best[0]):
                    best = (len(way), (sailor, start, owner, city, land))
    return best[1] if best is not None and best[0] <= 10 else None


class Soldiers(Scene):
    """[K 10.8] [K 10.9] two soldiers of a coastal city stand side by side, one on the coast across from a
    protection ship: it attacks the ship; if it is lost, the other steps onto the slot it left and attacks
    from there as its own."""

    name = "soldiers attack a protection ship, the second from the slot the first left"
    start = 3

    def pick(self, board: Board, state: CatanState, busy: set[str]) -> bool:
        found = ship_and_coast(board, state, busy)
        if found is None:
            return False
        self.cast.update(zip(("sailor", "ship", "soldier", "city", "land"), found, strict=True))
        land, city = self.cast["land"], self.cast["city"]
        third = next(h for h in city.hexes if h not in (land.hex, land.toward))
        self.cast["beside"] = Slot(land.hex, third)  # round the city too, next to the coast's slot
        return True

    def shown(self, events: list[Event]) -> bool:
        combats = [e for e in events if isinstance(e, Combat) and e.attacker == self.cast["soldier"]
                   and e.unit is UnitKind.MILITARY and e.target is UnitKind.PROTECTION]  # fmt: skip
        if combats:
            self.cast["fought"] = True
        if any(
            c.winner is Side.DEFENDER and any(d.at == c.at for d in combats[i + 1 :]) for i, c in enumerate(combats)
        ):
            self.cast["twice"] = True
        return bool(self.cast.get("fought") and self.cast.get("twice"))

    def valid(self, board: Board, state: CatanState) -> bool:
        b = state.buildings.get(self.cast["city"])
        return b is not None and b.is_city and b.owner == self.cast["soldier"]

    def _sea(self) -> Slot:
        land = self.cast["land"]
        return Slot(land.toward, land.hex)

    def _posts(self) -> tuple[Slot, Slot]:
        return self.cast["land"], self.cast["beside"]

    def trade(self, plan: Plan) -> None:
        plan.claimed |= set(self._posts())
        if plan.seat == self.cast["soldier"]:
            empty = [p for p in self._posts() if p not in plan.table.units]
            if empty:
                plan.need(MILITARY + room_cost(plan, self.cast["city"]))
        elif plan.seat == self.cast["sailor"] and not units_of(plan.table.freeze(), plan.seat, UnitKind.PROTECTION):
            plan.need(NAVAL)

    def build(self, plan: Plan) -> None:
        if plan.seat == self.cast["soldier"]:
            for post in self._posts():
                if post in plan.table.units:
                    _reactivate(plan, post)
                else:
                    room(plan, self.cast["city"])
                    _raise(plan, UnitKind.MILITARY, self.cast["city"], post)
        elif plan.seat == self.cast["sailor"]:
            if not units_of(plan.table.freeze(), plan.seat, UnitKind.PROTECTION):
                for v, _ in plan.table.buildings_of(plan.seat):
                    slot = _free_slot(plan, v, False, [self._sea()]) if plan.board.vertex_is_coastal(v) else None
                    if slot is not None and _raise(plan, UnitKind.PROTECTION, v, slot):
                        break
            for slot in units_of(plan.table.freeze(), plan.seat, UnitKind.PROTECTION)[:1]:
                _reactivate(plan, slot)

    def act(self, plan: Plan) -> None:
        sea, (land, beside) = self._sea(), self._posts()
        if plan.seat == self.cast["sailor"]:
            for slot in units_of(plan.table.freeze(), plan.seat, UnitKind.PROTECTION)[:1]:
                if plan.table.units[slot].active:
                    _move_toward(plan, slot, {sea}, False)
        elif plan.seat == self.cast["soldier"] and sea in plan.table.units and land in plan.table.units:
            attack = {"attack": {"unit": str(land), "target": str(sea)}}
            if not plan.step("act", attack, label="first"):
                return
            second = plan.table.units.get(beside)
            if second is not None and second.active and second.owner == plan.seat:
                plan.step("act", {"move": {"unit": str(beside), "to": [str(land)]}}, when={"lost": "first"},
                          check=False)  # fmt: skip
                plan.step("act", attack, when={"lost": "first"}, check=False)


class Siege(Scene):
    """[K 7.3] [K 7.6] a city of status 2, whose workers fill its quota, is attacked by a soldier of another
    seat: beaten to status 1, its counter wakes and it raises a unit more; beaten again, it is a settlement,
    its walls lost."""

    name = "a city woken, then back to a settlement"
    start = 3

    def pick(self, board: Board, state: CatanState, busy: set[str]) -> bool:
        pair = near_pair(board, state, busy)
        if pair is None or len(pair[4]) > 6 or pair[3] in busy:
            return False
        home, seat, city, owner, _ = pair
        self.cast.update(home=home, seat=seat, city=city, owner=owner)
        return True

    def valid(self, board: Board, state: CatanState) -> bool:
        b = state.buildings.get(self.cast["city"])
        return b is not None and b.owner == self.cast["owner"] and (b.is_city or bool(self.cast.get("reverted")))

    def shown(self, events: list[Event]) -> bool:
        owner, seat = self.cast["owner"], self.cast["seat"]
        if self.cast.get("lost") and any(isinstance(e, Built) and e.player == owner and e.unit for e in events):
            self.cast["woke"] = self.cast.get("woke") or self.turn  # the turn it raised over its quota
        effects = [f.kind for e in events if isinstance(e, Combat) and e.attacker == seat for f in e.effects]
        self.cast["lost"] = self.cast.get("lost") or EffectKind.STATUS_LOST in effects
        self.cast["reverted"] = self.cast.get("reverted") or EffectKind.REVERTED in effects
        return all(self.cast.get(k) for k in ("woke", "reverted"))

    def _city(self, plan: Plan) -> Any:
        b = plan.table.buildings.get(self.cast["city"])
        return b if b is not None and b.is_city and b.owner == self.cast["owner"] else None

    def _ready(self, plan: Plan) -> bool:
        """The city at status 2 at least and its quota filled, or beaten once and woken since."""
        b = self._city(plan)
        if b is None:
            return False
        if self.cast.get("lost"):
            return bool(self.cast.get("woke"))
        return b.status >= 2 and not plan.table.counter_active(self.cast["city"])

    def trade(self, plan: Plan) -> None:
        b = self._city(plan)
        if b is None:
            return
        if plan.seat == self.cast["owner"]:
            if not self.cast.get("lost") and b.status < 2:
                plan.need(build.STATUS)
            elif plan.table.counter_active(self.cast["city"]) and not self.cast.get("woke"):
                plan.need(WORKER)
        elif plan.seat == self.cast["seat"]:
            plan.need(MILITARY + room_cost(plan, self.cast["home"]) if not self._soldiers(plan) else Hand.of(lumber=1))

    def build(self, plan: Plan) -> None:
        b = self._city(plan)
        if b is None:
            return
        if plan.seat == self.cast["owner"]:
            if not self.cast.get("lost") and b.status < 2:
                plan.step("build", {"status": str(self.cast["city"])})
            if plan.table.counter_active(self.cast["city"]) and not self.cast.get("woke"):
                for slot in self._ring(plan):
                    if _raise(plan, UnitKind.WORKER, self.cast["city"], slot):
                        break
        elif plan.seat == self.cast["seat"]:
            soldiers = self._soldiers(plan)
            for slot in soldiers:
                _reactivate(plan, slot)
            if not soldiers:
                room(plan, self.cast["home"])
                slot = _free_slot(plan, self.cast["home"], True, self._ring(plan))
                if slot is not None:
                    _raise(plan, UnitKind.MILITARY, self.cast["home"], slot)

    def _soldiers(self, plan: Plan) -> list[Slot]:
        """The seat's military units but those another scene fights with."""
        return [s for s in units_of(plan.table.freeze(), plan.seat, UnitKind.MILITARY) if s not in plan.claimed]

    def _ring(self, plan: Plan) -> list[Slot]:
        """The free slots of land round the city."""
        return [s for s in plan.board.vertex_slots(self.cast["city"]) if plan.board.is_land(s.hex) and
                s not in plan.table.units]  # fmt: skip

    def act(self, plan: Plan) -> None:
        if plan.seat != self.cast["seat"] or self._city(plan) is None:
            return
        ring = set(plan.board.vertex_slots(self.cast["city"]))
        for slot in [s for s in self._soldiers(plan) if plan.table.units[s].active][:1]:
            at = slot if slot in ring else _move_toward(plan, slot, set(self._ring(plan)), True)
            if at in ring and self._ready(plan):
                plan.step("act", {"attack": {"unit": str(at), "city": str(self.cast["city"])}})


class Route(Scene):
    """[K 17.2] the seat with the longest line of roads builds it to five and takes the longest route; the
    seat with the next longest builds past him and takes it over."""

    name = "the longest route changes hands"
    start = 3

    def shown(self, events: list[Event]) -> bool:
        return any(isinstance(e, Awarded) and e.award is Award.LONGEST_ROUTE and e.before and e.player for e in events)

    def _builder(self, plan: Plan) -> bool:
        table = plan.table
        lengths = {p: route_length(plan.board, table, p) for p in table.seats}
        holder = table.longest_route
        if holder is None:
            return plan.seat == max(table.seats, key=lambda p: (lengths[p], -table.seats.index(p)))
        others = [p for p in table.seats if p != holder]
        return plan.seat == max(others, key=lambda p: (lengths[p], -table.seats.index(p)))

    def trade(self, plan: Plan) -> None:
        if self._builder(plan):
            plan.need(build.ROAD + build.ROAD)

    def build(self, plan: Plan) -> None:
        if not self._builder(plan) or not plan.can_gain(2, 1):
            return
        for _ in range(2):
            before = route_length(plan.board, plan.table, plan.seat)
            for edge in plan.board.edges:
                if edge in plan.table.roads or edge in plan.table.ships or not plan.board.edge_is_land(edge):
                    continue
                if not touches(plan.board, plan.table, edge, plan.seat, "road"):
                    continue
                plan.table.roads[edge] = plan.seat
                longer = route_length(plan.board, plan.table, plan.seat) > before
                del plan.table.roads[edge]
                if longer and plan.step("build", {"road": str(edge)}):
                    break


SCENES: list[type[Scene]] = [Workers, Army, Route, Explorer, Isle, Corrupt, MarkerLimit, Soldiers, Siege]
__all__ = ["EMPTY", "SCENES", "Edge", "Hand", "Side", "Target"]
