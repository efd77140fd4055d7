"""A player's orders for a round [K 3.1]: the script of his own turn, in the turn's fixed phases, and his
standing answers for the others' turns. Read from plain data (a YAML file's content); every problem is
reported at once (`DataError`), each at its key. What the board names is checked here; what the state
allows is checked when the step comes, against the hand of that moment [K 3.4].

```yaml
script:
  trade:
    - offer: {to: [bob, carol], give: {wool: 2}, get: {ore: 1}}
    - bank: {give: wool, get: ore, times: 1}
    - play: {card: monopoly, take: ore}
  build:
    - road: c3/d3
    - settlement: {at: c3/d3/d4, discount: [brick, lumber]}
    - city: c3/d3/d4
    - status: c3/d3/d4
    - walls: c3/d3/d4
    - card: buy
    - unit: {kind: military, from: c3/d3/d4, at: c3>d4}
    - unit: {kind: guard, city: c3/d3/d4, marker: c3}
    - reactivate: c3>d4
    - play: {card: road_building, roads: [c3/d3], ships: [a1/b2]}
  act:
    - move: {unit: c3>d4, to: [c3>d3]}
    - ship: {from: a1/b2, to: a2/b2}
    - explorer: {from: c3/d3/d4, to: [c2/c3/d3]}
    - {attack: {unit: c3>d4, target: d4>c3}, label: first}
    - attack: {unit: c3>d4, city: c4/d4/d5, then: corrupt}
    - attack: {unit: a1>b2, ship: a2/b2}
    - attack: {unit: c3>d4, guard: c4/d4/d5, marker: d4}
    - knight: {target: d4>c3}
    - swap: [c3>d4, e5>e4]
    - {move: {unit: c3>d4, to: [c3>d3]}, if: {roll: [6, 8], has: {ore: 1}, after: first}}
  special:                     # the special building phase after each other's turn, five or six playing [K 3.6]
    - road: c4/d4
    - {settlement: c4/d4/d5, if: {has: {brick: 1, lumber: 1, wool: 1, grain: 1}}}
answers:
  accept:
    - {from: alice, give: {ore: 1}, get: {wool: 2}, times: 2}
  discard: [wool, wool, lumber]
  gold: [ore, grain]
```
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pipeline.games import names as name_rule

from .answers import KEYS, NO_ANSWERS, Acceptance, Answers
from .board import Board, Edge, Slot, Vertex
from .outcome import Action, Section
from .resources import Hand, Resource, hand_from_data, resource_named
from .said import N_, Found, quoted
from .state import Card
from .units import UnitKind, unit_named


@dataclass(frozen=True)
class When:
    """A step's condition [K 3.5]."""

    roll: frozenset[int] | None = None  # the turn's roll is one of these
    has: Hand | None = None  # the hand holds at least these now
    after: str | None = None  # the step so labelled ran
    unless: str | None = None  # the step so labelled did not run
    won: str | None = None  # the attack so labelled was won
    lost: str | None = None  # the attack so labelled was lost (or tied)


@dataclass(frozen=True)
class Offer:
    to: tuple[str, ...]  # empty: every other player, in the order of play after the offerer
    give: Hand
    get: Hand


@dataclass(frozen=True)
class BankTrade:
    give: Resource
    get: Resource
    times: int = 1


@dataclass(frozen=True)
class Place:
    """Build a road, ship, settlement, city, status or walls."""

    action: Action
    at: Vertex | Edge
    discount: tuple[Resource, ...] = ()  # a settlement on one's own explorer [K 14.2]


@dataclass(frozen=True)
class BuyCard:
    pass


@dataclass(frozen=True)
class RaiseUnit:
    kind: UnitKind
    source: Vertex | None = None  # the building that raises it (guards: none)
    at: Slot | None = None  # explorers stand on their city's vertex; guards on their post
    city: Vertex | None = None  # guards: the city guarded
    marker: str | None = None  # guards: the hex of the corruption marker; None: the sabotaged city


@dataclass(frozen=True)
class GuardRef:
    city: Vertex
    marker: str | None = None


@dataclass(frozen=True)
class Reactivate:
    at: Slot | GuardRef


@dataclass(frozen=True)
class Play:
    card: Card  # not the knight, which attacks in the act section
    take: tuple[Resource, ...] = ()  # year of plenty: two; monopoly: one
    roads: tuple[Edge, ...] = ()
    ships: tuple[Edge, ...] = ()


@dataclass(frozen=True)
class Move:
    unit: Slot
    path: tuple[Slot, ...]


@dataclass(frozen=True)
class MoveShip:
    source: Edge
    to: Edge


@dataclass(frozen=True)
class MoveExplorer:
    source: Vertex
    path: tuple[Vertex, ...]


@dataclass(frozen=True)
class CityRef:
    vertex: Vertex


@dataclass(frozen=True)
class ShipRef:
    edge: Edge


AttackTarget = Slot | CityRef | ShipRef | GuardRef


@dataclass(frozen=True)
class Attack:
    unit: Slot
    target: AttackTarget
    then: str | None = None  # a diplomat's win over a city: "corrupt" or "sabotage" [K 13.3]


@dataclass(frozen=True)
class Knight:
    target: Slot | GuardRef


@dataclass(frozen=True)
class Swap:
    reformers: tuple[Slot, Slot]


Order = (
    Offer
    | BankTrade
    | Place
    | BuyCard
    | RaiseUnit
    | Reactivate
    | Play
    | Move
    | MoveShip
    | MoveExplorer
    | Attack
    | Knight
    | Swap
)


@dataclass(frozen=True)
class Step:
    index: int  # from 1, through the whole script
    section: Section
    action: Action
    order: Order
    when: When = When()
    label: str | None = None


@dataclass(frozen=True)
class TurnOrders:
    steps: tuple[Step, ...] = ()
    answers: Answers = NO_ANSWERS


NO_ORDERS = TurnOrders()

# which key of a step is which action, and in which sections it may stand
ACTIONS: Mapping[str, tuple[Action, frozenset[Section]]] = {
    "offer": (Action.OFFER, frozenset({Section.TRADE})),
    "bank": (Action.BANK, frozenset({Section.TRADE})),
    "road": (Action.ROAD, frozenset({Section.BUILD, Section.SPECIAL})),
    "ship": (Action.SHIP, frozenset({Section.BUILD, Section.ACT, Section.SPECIAL})),  # a new ship, or one moved
    "settlement": (Action.SETTLEMENT, frozenset({Section.BUILD, Section.SPECIAL})),
    "city": (Action.CITY, frozenset({Section.BUILD, Section.SPECIAL})),
    "status": (Action.STATUS, frozenset({Section.BUILD, Section.SPECIAL})),
    "walls": (Action.WALLS, frozenset({Section.BUILD, Section.SPECIAL})),
    "card": (Action.CARD, frozenset({Section.BUILD, Section.SPECIAL})),
    "unit": (Action.UNIT, frozenset({Section.BUILD, Section.SPECIAL})),
    "reactivate": (Action.REACTIVATE, frozenset({Section.BUILD, Section.SPECIAL})),
    "play": (Action.PLAY, frozenset({Section.TRADE, Section.BUILD})),
    "move": (Action.MOVE, frozenset({Section.ACT})),
    "explorer": (Action.MOVE_EXPLORER, frozenset({Section.ACT})),
    "attack": (Action.ATTACK, frozenset({Section.ACT})),
    "knight": (Action.KNIGHT, frozenset({Section.ACT})),
    "swap": (Action.SWAP, frozenset({Section.ACT})),
}
SECTIONS = (Section.TRADE, Section.BUILD, Section.ACT, Section.SPECIAL)
STEP_KEYS = {"if", "label"}


class _Reader:
    def __init__(self, board: Board, player: str, seats: tuple[str, ...]) -> None:
        self.board = board
        self.player = player
        self.seats = seats
        self.found = Found()
        self.paths: dict[int, str] = {}  # each step's key path, by its index

    def problem(self, where: str, template: str, **values: object) -> None:
        self.found.add(where, template, **values)

    # ---- places ----------------------------------------------------------------------------------

    def vertex(self, data: object, where: str) -> Vertex | None:
        v = self.board.vertex_named(data)
        if v is None:
            self.problem(
                where, N_("{value} is not a corner of three hexes of the board (such as c3/d3/d4)"), value=quoted(data)
            )
        return v

    def edge(self, data: object, where: str) -> Edge | None:
        e = self.board.edge_named(data)
        if e is None:
            self.problem(
                where, N_("{value} is not a side two hexes of the board share (such as c3/d3)"), value=quoted(data)
            )
        return e

    def slot(self, data: object, where: str) -> Slot | None:
        s = self.board.slot_named(data)
        if s is None:
            self.problem(
                where,
                N_("{value} is not a slot, a hex and the neighbour its side faces (such as c3>d4)"),
                value=quoted(data),
            )
        return s

    def hex(self, data: object, where: str) -> str | None:
        h = self.board.hex_named(data)
        if h is None:
            self.problem(where, N_("{value} is not a hex of the board"), value=quoted(data))
        return h

    def resources(self, data: object, where: str, count: int | None = None) -> tuple[Resource, ...]:
        items = data if isinstance(data, list) else [data]
        out: list[Resource] = []
        for i, item in enumerate(items):
            r = resource_named(item)
            if r is None:
                self.problem(
                    f"{where}[{i}]" if isinstance(data, list) else where,
                    N_("{value} is not a resource (brick, lumber, wool, grain, ore)"),
                    value=quoted(item),
                )
            else:
                out.append(r)
        if count is not None and len(items) != count:
            self.problem(where, N_("name one resource") if count == 1 else N_("name two resources"))
        return tuple(out)

    def count(self, data: object, where: str) -> int:
        if isinstance(data, bool) or not isinstance(data, int) or data < 1:
            self.problem(where, N_("expected how many times, at least 1"))
            return 1
        return data

    def hand(self, data: object, where: str) -> Hand:
        return hand_from_data(data, where, self.found)

    def players(self, data: object, where: str) -> tuple[str, ...]:
        if data is None or data == "any":
            return ()
        names = data if isinstance(data, list) else [data]
        out = []
        for name in names:
            if name not in self.seats or name == self.player:
                others = ", ".join(p for p in self.seats if p != self.player)
                self.problem(
                    where,
                    N_("{value} is not another player of the game ({players})"),
                    value=quoted(name),
                    players=others,
                )
            else:
                out.append(name)
        return tuple(out)

    def mapping(self, data: object, where: str, keys: set[str], required: set[str]) -> Mapping[str, object] | None:
        if not isinstance(data, Mapping):
            self.problem(where, N_("expected a mapping with the keys {keys}"), keys=", ".join(sorted(required | keys)))
            return None
        for key in sorted(set(data) - keys, key=str):
            self.problem(
                f"{where}.{key}" if where else str(key), N_("not a key here ({keys})"), keys=", ".join(sorted(keys))
            )
        for key in sorted(required - set(data)):
            self.problem(where, N_("{key} is missing"), key=key)
        return data

    # ---- steps -----------------------------------------------------------------------------------

    def step(self, data: object, where: str, section: Section, index: int) -> Step | None:
        if not isinstance(data, Mapping):
            self.problem(where, N_("a step is a mapping with one action, such as road and a side"))
            return None
        actions = [k for k in data if k not in STEP_KEYS]
        if len(actions) != 1 or actions[0] not in ACTIONS:
            self.problem(
                where,
                N_("a step has exactly one action among {actions} (and may have if, label)"),
                actions=", ".join(ACTIONS),
            )
            return None
        key = actions[0]
        action, sections = ACTIONS[key]
        if section not in sections:
            self.problem(
                f"{where}.{key}", N_("{key} is not a step of the {phase} phase [K 3.2]"), key=key, phase=section.value
            )
            return None
        if key == "ship" and section is Section.ACT:
            action = Action.MOVE_SHIP
        order = self.order(action, data[key], f"{where}.{key}")
        when = self.when(data.get("if"), f"{where}.if")
        label = data.get("label")
        if label is not None and not isinstance(label, str):
            self.problem(f"{where}.label", N_("a label is a word"))
            label = None
        elif label is not None and (refused := name_rule.name_problem(label, name_rule.NameKind.LABEL)) is not None:
            self.problem(f"{where}.label", refused.template, **dict(refused.values))
            label = None
        if order is None:
            return None
        if isinstance(order, Play) and order.card is Card.ROAD_BUILDING and section is not Section.BUILD:
            self.problem(f"{where}.{key}", N_("a road building card lays its roads in the build phase [K 3.2]"))
            return None
        self.paths[index] = where
        return Step(index, section, action, order, when, label)

    def when(self, data: object, where: str) -> When:
        if data is None:
            return When()
        m = self.mapping(data, where, {"roll", "has", "after", "unless", "won", "lost"}, set())
        if m is None:
            return When()
        roll = None
        if "roll" in m:
            raw = m["roll"] if isinstance(m["roll"], list) else [m["roll"]]
            rolls = [n for n in raw if isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= 12]
            if len(rolls) != len(raw):
                self.problem(f"{where}.roll", N_("expected the rolls (2 to 12) the step waits for"))
            else:
                roll = frozenset(rolls)
        has = self.hand(m["has"], f"{where}.has") if "has" in m else None
        labels: dict[str, str | None] = {}
        for key in ("after", "unless", "won", "lost"):
            value = m.get(key)
            if value is not None and not isinstance(value, str):
                self.problem(f"{where}.{key}", N_("expected the label of an earlier step"))
                value = None
            labels[key] = value if isinstance(value, str) else None
        return When(roll, has, labels["after"], labels["unless"], labels["won"], labels["lost"])

    def order(self, action: Action, data: object, where: str) -> Order | None:
        """The order of one step, read by its action's reader (`_ORDER_READERS`)."""
        return _ORDER_READERS[action](self, action, data, where)

    def offer(self, data: object, where: str) -> Offer | None:
        m = self.mapping(data, where, {"to", "give", "get"}, {"give", "get"})
        if m is None:
            return None
        give, get = self.hand(m.get("give"), f"{where}.give"), self.hand(m.get("get"), f"{where}.get")
        if not give or not get:
            self.problem(where, N_("a trade gives something and gets something [K 5.1]"))
        elif any(give[r] and get[r] for r in Resource):
            self.problem(where, N_("a trade cannot give and get the same resource [K 5.1]"))
        return Offer(self.players(m.get("to"), f"{where}.to"), give, get)

    def bank_trade(self, data: object, where: str) -> BankTrade | None:
        m = self.mapping(data, where, {"give", "get", "times"}, {"give", "get"})
        if m is None:
            return None
        sold = self.resources(m.get("give"), f"{where}.give", 1)
        bought = self.resources(m.get("get"), f"{where}.get", 1)
        times = self.count(m.get("times", 1), f"{where}.times")
        if sold and bought and sold[0] is bought[0]:
            self.problem(where, N_("a trade with the bank gets another resource than it gives [K 5.3]"))
        return BankTrade(sold[0], bought[0], times) if sold and bought else None

    def on_edge(self, action: Action, data: object, where: str) -> Place | None:
        """A road or a ship: the edge it is built on."""
        e = self.edge(data, where)
        return Place(action, e) if e else None

    def on_vertex(self, action: Action, data: object, where: str) -> Place | None:
        """A city, a city's status or walls: the vertex of the building."""
        v = self.vertex(data, where)
        return Place(action, v) if v else None

    def settlement(self, data: object, where: str) -> Place | None:
        """A settlement: its vertex, or `{at, discount}` with the cards an explorer takes off [K 14.2]."""
        at: object = data
        discount: tuple[Resource, ...] = ()
        if isinstance(data, Mapping):
            m = self.mapping(data, where, {"at", "discount"}, {"at"})
            at = m.get("at") if m else None
            discount = self.resources(m.get("discount", []), f"{where}.discount") if m else ()
            if len(discount) > 2:
                self.problem(f"{where}.discount", N_("an explorer takes two cards off the cost, no more [K 14.2]"))
        v = self.vertex(at, where)
        return Place(Action.SETTLEMENT, v, discount) if v else None

    def buy_card(self, data: object, where: str) -> BuyCard:
        if data != "buy":
            self.problem(where, N_("write buy after card"))
        return BuyCard()

    def reactivate(self, data: object, where: str) -> Reactivate | None:
        if isinstance(data, Mapping):
            g = self.guard_ref(data, where)
            return Reactivate(g) if g else None
        s = self.slot(data, where)
        return Reactivate(s) if s else None

    def move(self, data: object, where: str) -> Move | None:
        m = self.mapping(data, where, {"unit", "to"}, {"unit", "to"})
        if m is None:
            return None
        unit = self.slot(m.get("unit"), f"{where}.unit")
        raw = _listed(m.get("to"))
        path = [self.slot(s, f"{where}.to") for s in raw]
        if not raw:
            self.problem(f"{where}.to", N_("name the slot (or slots) the unit moves to"))
        if unit is None or any(s is None for s in path):
            return None
        return Move(unit, tuple(s for s in path if s is not None))

    def move_ship(self, data: object, where: str) -> MoveShip | None:
        m = self.mapping(data, where, {"from", "to"}, {"from", "to"})
        if m is None:
            return None
        e1, e2 = self.edge(m.get("from"), f"{where}.from"), self.edge(m.get("to"), f"{where}.to")
        return MoveShip(e1, e2) if e1 and e2 else None

    def move_explorer(self, data: object, where: str) -> MoveExplorer | None:
        m = self.mapping(data, where, {"from", "to"}, {"from", "to"})
        if m is None:
            return None
        src = self.vertex(m.get("from"), f"{where}.from")
        vpath = [self.vertex(v, f"{where}.to") for v in _listed(m.get("to"))]
        if src is None or any(v is None for v in vpath) or not vpath:
            return None
        return MoveExplorer(src, tuple(v for v in vpath if v is not None))

    def knight(self, data: object, where: str) -> Knight | None:
        if isinstance(data, Mapping) and "guard" in data:
            g = self.guard_ref(data, where)
            return Knight(g) if g else None
        m = self.mapping(data, where, {"target"}, {"target"})
        s = self.slot(m.get("target"), f"{where}.target") if m else None
        return Knight(s) if s else None

    def swap(self, data: object, where: str) -> Swap | None:
        if not isinstance(data, list) or len(data) != 2:
            self.problem(where, N_("name the slots of your two reformers"))
            return None
        r1, r2 = self.slot(data[0], f"{where}[0]"), self.slot(data[1], f"{where}[1]")
        return Swap((r1, r2)) if r1 and r2 else None

    def raise_unit(self, data: object, where: str) -> RaiseUnit | None:
        m = self.mapping(data, where, {"kind", "from", "at", "city", "marker"}, {"kind"})
        if m is None:
            return None
        kind = unit_named(m.get("kind"))
        if kind is None:
            self.problem(
                f"{where}.kind",
                N_("{value} is not a unit ({kinds})"),
                value=quoted(m.get("kind")),
                kinds=", ".join(k.value for k in UnitKind),
            )
            return None
        if kind is UnitKind.GUARD:
            for key in ("from", "at"):
                if key in m:
                    self.problem(f"{where}.{key}", N_("a guard stands on its post: name its city (and marker)"))
            city = self.vertex(m.get("city"), f"{where}.city")
            marker = self.hex(m["marker"], f"{where}.marker") if "marker" in m else None
            return RaiseUnit(kind, city=city, marker=marker) if city else None
        for key in ("city", "marker"):
            if key in m:
                self.problem(f"{where}.{key}", N_("only a guard names a city and a marker"))
        source = self.vertex(m.get("from"), f"{where}.from")
        if kind is UnitKind.EXPLORER:
            if "at" in m:
                self.problem(f"{where}.at", N_("an explorer starts on its city's corner [K 14.3]"))
            return RaiseUnit(kind, source) if source else None
        slot = self.slot(m.get("at"), f"{where}.at")
        return RaiseUnit(kind, source, slot) if source and slot else None

    def guard_ref(self, data: Mapping[str, object], where: str) -> GuardRef | None:
        m = self.mapping(data, where, {"guard", "marker"}, {"guard"})
        if m is None:
            return None
        city = self.vertex(m.get("guard"), f"{where}.guard")
        marker = self.hex(m["marker"], f"{where}.marker") if "marker" in m else None
        return GuardRef(city, marker) if city else None

    def play(self, data: object, where: str) -> Play | None:
        m = self.mapping(data, where, {"card", "take", "roads", "ships"}, {"card"})
        if m is None:
            return None
        try:
            card = Card(m.get("card"))
        except ValueError:
            card = None
        if card is None or card in (Card.KNIGHT, Card.VICTORY_POINT):
            self.problem(
                f"{where}.card", N_("play road_building, year_of_plenty or monopoly (a knight attacks, with knight)")
            )
            return None
        if card is Card.YEAR_OF_PLENTY:
            return Play(card, take=self.resources(m.get("take"), f"{where}.take", 2))
        if card is Card.MONOPOLY:
            return Play(card, take=self.resources(m.get("take"), f"{where}.take", 1))
        edges: dict[str, list[Edge]] = {"roads": [], "ships": []}
        for key in ("roads", "ships"):
            raw = m.get(key, [])
            for i, e in enumerate(raw if isinstance(raw, list) else [raw]):
                found = self.edge(e, f"{where}.{key}[{i}]")
                if found:
                    edges[key].append(found)
        if not 1 <= len(edges["roads"]) + len(edges["ships"]) <= 2:
            self.problem(where, N_("a road building card lays one or two roads or ships [K 16.5]"))
        return Play(card, roads=tuple(edges["roads"]), ships=tuple(edges["ships"]))

    def attack(self, data: object, where: str) -> Attack | None:
        m = self.mapping(data, where, {"unit", "target", "city", "ship", "guard", "marker", "then"}, {"unit"})
        if m is None:
            return None
        unit = self.slot(m.get("unit"), f"{where}.unit")
        aims = [k for k in ("target", "city", "ship", "guard") if k in m]
        if len(aims) != 1:
            self.problem(where, N_("name one target: a unit's slot (target), a city, a ship or a guard"))
            return None
        target: AttackTarget | None
        if aims[0] == "target":
            target = self.slot(m["target"], f"{where}.target")
        elif aims[0] == "city":
            v = self.vertex(m["city"], f"{where}.city")
            target = CityRef(v) if v else None
        elif aims[0] == "ship":
            e = self.edge(m["ship"], f"{where}.ship")
            target = ShipRef(e) if e else None
        else:
            target = self.guard_ref({k: m[k] for k in ("guard", "marker") if k in m}, where)
        if "marker" in m and aims[0] != "guard":
            self.problem(f"{where}.marker", N_("only an attack on a guard names its marker"))
        then = m.get("then")
        if then is not None and then not in ("corrupt", "sabotage"):
            self.problem(f"{where}.then", N_("a diplomat that beats a city may corrupt or sabotage it"))
            then = None
        if "then" in m and aims[0] != "city":
            self.problem(f"{where}.then", N_("only an attack on a city chooses to corrupt or sabotage"))
        if unit is None or target is None:
            return None
        return Attack(unit, target, then if isinstance(then, str) else None)

    # ---- answers ---------------------------------------------------------------------------------

    def answers(self, data: object, where: str) -> Answers:
        if data is None:
            return Answers()
        m = self.mapping(data, where, set(KEYS), set())
        if m is None:
            return Answers()
        accept = []
        raw = m.get("accept", [])
        if not isinstance(raw, list):
            self.problem(f"{where}.accept", N_("expected a list of trades you accept"))
            raw = []
        for i, entry in enumerate(raw):
            w = f"{where}.accept[{i}]"
            a = self.mapping(entry, w, {"from", "give", "get", "times"}, {"give", "get"})
            if a is None:
                continue
            times = self.count(a.get("times", 1), f"{w}.times")
            accept.append(
                Acceptance(self.players(a.get("from"), f"{w}.from"), self.hand(a.get("give"), f"{w}.give"),
                           self.hand(a.get("get"), f"{w}.get"), times)
            )  # fmt: skip
        discard = self.resources(m.get("discard", []), f"{where}.discard")
        gold = self.resources(m.get("gold", []), f"{where}.gold")
        return Answers(tuple(accept), discard, gold, frozenset(k for k in KEYS if k in m))


_Read = Callable[[_Reader, Action, object, str], Order | None]
# each action's reader of its order (`_Reader.order`)
_ORDER_READERS: Mapping[Action, _Read] = {
    Action.OFFER: lambda r, _, data, where: r.offer(data, where),
    Action.BANK: lambda r, _, data, where: r.bank_trade(data, where),
    Action.ROAD: _Reader.on_edge,
    Action.SHIP: _Reader.on_edge,
    Action.SETTLEMENT: lambda r, _, data, where: r.settlement(data, where),
    Action.CITY: _Reader.on_vertex,
    Action.STATUS: _Reader.on_vertex,
    Action.WALLS: _Reader.on_vertex,
    Action.CARD: lambda r, _, data, where: r.buy_card(data, where),
    Action.UNIT: lambda r, _, data, where: r.raise_unit(data, where),
    Action.REACTIVATE: lambda r, _, data, where: r.reactivate(data, where),
    Action.PLAY: lambda r, _, data, where: r.play(data, where),
    Action.MOVE: lambda r, _, data, where: r.move(data, where),
    Action.MOVE_SHIP: lambda r, _, data, where: r.move_ship(data, where),
    Action.MOVE_EXPLORER: lambda r, _, data, where: r.move_explorer(data, where),
    Action.ATTACK: lambda r, _, data, where: r.attack(data, where),
    Action.KNIGHT: lambda r, _, data, where: r.knight(data, where),
    Action.SWAP: lambda r, _, data, where: r.swap(data, where),
}


def _listed(data: object) -> list[object]:
    return list(data) if isinstance(data, list) else [data]


def orders_from_data(data: object, board: Board, player: str, seats: tuple[str, ...]) -> TurnOrders:
    """A player's orders file for a round; `FileProblems` (a `DataError`) with every problem otherwise."""
    reader = _Reader(board, player, seats)
    if data is None:
        return NO_ORDERS
    m = reader.mapping(data, "", {"script", "answers"}, set())
    if m is None:
        raise reader.found.error()
    steps: list[Step] = []
    script = m.get("script")
    if script is not None:
        sections = reader.mapping(script, "script", {s.value for s in SECTIONS}, set())
        for section in SECTIONS if sections else ():
            raw = sections.get(section.value, []) if sections else []
            if not isinstance(raw, list):
                reader.problem(f"script.{section.value}", N_("expected a list of steps"))
                continue
            for i, entry in enumerate(raw):
                step = reader.step(entry, f"script.{section.value}[{i}]", section, len(steps) + 1)
                if step is not None:
                    steps.append(step)
    _check_labels(steps, reader)
    answers = reader.answers(m.get("answers"), "answers")
    if reader.found:
        raise reader.found.error()
    return TurnOrders(tuple(steps), answers)


def _check_labels(steps: list[Step], reader: _Reader) -> None:
    seen: set[str] = set()
    for step in steps:
        where = reader.paths[step.index]
        w = step.when
        for ref in (w.after, w.unless, w.won, w.lost):
            if ref is not None and ref not in seen:
                reader.problem(f"{where}.if", N_("no earlier step is labelled {label}"), label=quoted(ref))
        for ref in (w.won, w.lost):
            if ref is not None and not any(
                s.label == ref and s.action in (Action.ATTACK, Action.KNIGHT) for s in steps
            ):
                reader.problem(
                    f"{where}.if", N_("won and lost follow an attack; {label} is not one"), label=quoted(ref)
                )
        if step.label is not None:
            if step.label in seen:
                reader.problem(f"{where}.label", N_("two steps are labelled {label}"), label=quoted(step.label))
            seen.add(step.label)
