"""The state and the round's records as plain data (what a YAML state or results file holds) and back,
every problem of a state file reported at once. Keys come out in a fixed order, so that the same state
writes the same bytes.

```yaml
round: 3
seats: [alice, bob, carol, dave]
bank: {brick: 17, lumber: 15, wool: 18, grain: 16, ore: 19}
deck: {knight: 18, victory_point: 5, road_building: 3, year_of_plenty: 3, monopoly: 3}
tokens: {b2: 2, b3: 6}
players:
  alice: {hand: {ore: 2}, cards: [{card: knight, bought: 2}], knights: 1, turns: 3}
buildings:
  c3/d3/d4: {owner: alice, kind: city, status: 2, walls: true}   # woken: true, its counter active again [K 7.3]
roads: {c3/d3: alice}
ships: {a1/b2: {owner: alice, built: 2}}
units:
  c3>d4: {owner: alice, kind: military, home: c3/d3/d4, active: false}
explorers:
  c2/c3/d3: {owner: alice, home: c3/d3/d4}
guards:
  - {owner: alice, city: c3/d3/d4, marker: c3, turns: 1}
corruption:
  - {hex: c3, city: c3/d3/d4, owner: bob}
longest_route: alice
```
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Iterator, Mapping
from typing import Any

from pipeline.errors import DataError, Problem

from .answers import Answers, answers_to_data, stand
from .board import Board, Edge, Slot, Vertex
from .orders import orders_from_data
from .outcome import Event
from .resources import RESOURCES, Hand, hand_from_data
from .state import Building, BuildingKind, Card, CatanState, Corruption, Guard, HeldCard, Player, Ship, Unit
from .units import UnitKind

# ---- the state -----------------------------------------------------------------------------------------


def _building(b: Building) -> dict[str, object]:
    out: dict[str, object] = {"owner": b.owner, "kind": b.kind.value}
    if b.is_city:
        out["status"] = b.status
    if b.walls:
        out["walls"] = True
    if b.sabotaged:
        out["sabotaged"] = True
    if b.woken:
        out["woken"] = True
    return out


def _unit(u: Unit) -> dict[str, object]:
    out: dict[str, object] = {"owner": u.owner, "kind": u.kind.value}
    if u.home is not None:
        out["home"] = str(u.home)
    if not u.active:
        out["active"] = False
    return out


def _player(p: Player, hidden: bool, answers: Answers | None, won: bool = False) -> dict[str, object]:
    if hidden:
        out: dict[str, object] = {"cards_in_hand": p.hand.total, "development_cards": len(p.cards),
                                  "knights": p.knights, "turns": p.turns}  # fmt: skip
        shown = sum(1 for c in p.cards if c.card is Card.VICTORY_POINT)
        if won and shown:  # the game won, every victory point card is shown [K 17.5]
            out["victory_cards"] = shown
        return out
    out = {
        "hand": p.hand.to_data(),
        "cards": [{"card": c.card.value, "bought": c.bought} for c in p.cards],
        "knights": p.knights,
        "turns": p.turns,
    }
    if answers:
        out["answers"] = answers_to_data(answers)
    return out


def state_to_data(state: CatanState, hidden: bool = False, viewer: str | None = None) -> dict[str, object]:
    """The state as plain data; `hidden`: what every player may see, hands and development cards as
    their counts [K 3.3], but the `viewer`'s own."""
    out: dict[str, object] = {"round": state.round, "seats": list(state.seats)}
    if state.winner is not None:
        out["winner"] = state.winner
    if state.bank is not None:
        out["bank"] = {r.value: state.bank[r] for r in RESOURCES}
    out["deck"] = (
        {"cards": sum(state.deck.values())} if hidden else {c.value: state.deck[c] for c in Card if state.deck.get(c)}
    )
    out["tokens"] = dict(sorted(state.tokens.items()))
    won = state.winner is not None
    out["players"] = {
        p: _player(state.players[p], hidden and p != viewer, state.answers.get(p), won) for p in state.seats
    }
    out["buildings"] = {str(v): _building(b) for v, b in sorted(state.buildings.items())}
    out["roads"] = {str(e): o for e, o in sorted(state.roads.items())}
    out["ships"] = {str(e): {"owner": s.owner, "built": s.built} for e, s in sorted(state.ships.items())}
    out["units"] = {str(s): _unit(u) for s, u in sorted(state.units.items())}
    out["explorers"] = {str(v): _unit(u) for v, u in sorted(state.explorers.items())}
    out["guards"] = [
        {"owner": g.owner, "city": str(g.city), **({"marker": g.hex} if g.hex else {}), "turns": g.turns,
         **({} if g.active else {"active": False})}
        for g in sorted(state.guards, key=lambda g: g.key)
    ]  # fmt: skip
    out["corruption"] = [{"hex": c.hex, "city": str(c.city), "owner": c.owner} for c in sorted(state.corruption)]
    for key in ("longest_route", "largest_army"):
        if getattr(state, key) is not None:
            out[key] = getattr(state, key)
    if state.home:  # each player's home islands, and the new islands he settled [K 17.6]
        out["home"] = {p: list(h) for p, h in state.home.items()}
    if state.islands:
        out["islands"] = {p: dict(i) for p, i in state.islands.items()}
    return out


class _Reader:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.problems: list[Problem] = []
        self.seats: tuple[str, ...] = ()

    def problem(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))

    def mapping(self, data: object, where: str) -> Mapping[str, Any]:
        if data is None:
            return {}
        if not isinstance(data, Mapping):
            self.problem(where, "expected a mapping")
            return {}
        return data

    def player(self, data: object, where: str) -> str | None:
        if data in self.seats:
            return str(data)
        self.problem(where, f"{data!r} is not a player of the game ({', '.join(self.seats)})")
        return None

    def count(self, data: object, where: str, default: int = 0) -> int:
        if data is None:
            return default
        if isinstance(data, bool) or not isinstance(data, int) or data < 0:
            self.problem(where, f"expected a whole number of at least 0, got {data!r}")
            return default
        return data

    def enum(self, kind: type[enum.Enum], data: object, where: str) -> Any:
        try:
            return kind(data)
        except ValueError:
            self.problem(where, f"{data!r} is not one of {', '.join(str(m.value) for m in kind)}")
            return None

    def place(self, kind: str, data: object, where: str) -> Any:
        found = {"vertex": self.board.vertex_named, "edge": self.board.edge_named, "slot": self.board.slot_named}[kind](
            data
        )
        if found is None:
            self.problem(where, f"{data!r} is not a {kind} of the board")
        return found

    def unit(self, data: object, where: str) -> Unit | None:
        m = self.mapping(data, where)
        owner = self.player(m.get("owner"), f"{where}.owner")
        kind = self.enum(UnitKind, m.get("kind", "explorer"), f"{where}.kind")
        home = self.place("vertex", m["home"], f"{where}.home") if "home" in m else None
        active = m.get("active", True)
        if not isinstance(active, bool):
            self.problem(f"{where}.active", "expected true or false")
            active = True
        return Unit(owner, kind, active, home) if owner and kind else None


def state_from_data(data: object, board: Board) -> CatanState:
    """A state file's content, checked against the board; `DataError` with every problem."""
    r = _Reader(board)
    m = r.mapping(data, "")
    seats = m.get("seats")
    if not (
        isinstance(seats, list) and seats and all(isinstance(s, str) for s in seats) and len(set(seats)) == len(seats)
    ):
        raise DataError([Problem("seats", "expected the players, each once, in their order of play")])
    r.seats = tuple(seats)
    players, answers, home, islands = _players(r, m)
    tokens = _tokens(r, m)
    buildings = _buildings(r, m)
    roads = _roads(r, m)
    ships = _ships(r, m)
    units: dict[Slot, Unit] = _placed_units(r, m, "units", "slot")
    explorers: dict[Vertex, Unit] = _placed_units(r, m, "explorers", "vertex")
    guards = _guards(r, m)
    corruption = _corruption(r, m)
    deck = _deck(r, m)
    bank = hand_from_data(m["bank"], "bank", r.problems) if "bank" in m else None
    holders = {}
    for key in ("winner", "longest_route", "largest_army"):
        holders[key] = r.player(m[key], key) if m.get(key) is not None else None
    for key in sorted(set(m) - _STATE_KEYS, key=str):
        r.problem(str(key), "not a key of a Catan state")
    if r.problems:
        raise DataError(r.problems)
    return CatanState(
        round=r.count(m.get("round"), "round"), seats=r.seats, players=players, tokens=tokens,
        buildings=dict(sorted(buildings.items())), roads=dict(sorted(roads.items())),
        ships=dict(sorted(ships.items())), units=dict(sorted(units.items())),
        guards=tuple(sorted(guards, key=lambda g: g.key)),
        explorers=dict(sorted(explorers.items())), corruption=tuple(sorted(corruption)), deck=deck, bank=bank,
        longest_route=holders["longest_route"], largest_army=holders["largest_army"], winner=holders["winner"],
        answers=answers, home={p: h for p, h in home.items() if h},
        islands={p: i for p, i in islands.items() if i},
    )  # fmt: skip


_PlayerData = tuple[
    dict[str, Player], dict[str, Answers], dict[str, tuple[str, ...]], dict[str, dict[str, int]]
]  # the players, their standing answers, home islands and new islands


def _players(r: _Reader, m: Mapping[str, Any]) -> _PlayerData:
    """Each seat's hand, development cards, knights and turns, answers and islands."""
    players: dict[str, Player] = {}
    answers: dict[str, Answers] = {}
    home: dict[str, tuple[str, ...]] = {}
    islands: dict[str, dict[str, int]] = {}
    raw_players = r.mapping(m.get("players"), "players")
    for p in r.seats:
        pm = r.mapping(raw_players.get(p), f"players.{p}")
        if pm.get("answers"):
            answers[p] = _answers(r, pm["answers"], p, f"players.{p}.answers")
        home[p], islands[p] = _island_data(r, m, p)
        hand = hand_from_data(pm.get("hand", {}), f"players.{p}.hand", r.problems)
        held = _held_cards(r, pm, f"players.{p}")
        players[p] = Player(hand, held, r.count(pm.get("knights"), f"players.{p}.knights"),
                            r.count(pm.get("turns"), f"players.{p}.turns"))  # fmt: skip
    for p in sorted(set(raw_players) - set(r.seats), key=str):
        r.problem(f"players.{p}", "not a player of the game")
    return players, answers, home, islands


def _held_cards(r: _Reader, pm: Mapping[str, Any], where: str) -> tuple[HeldCard, ...]:
    """A player's development cards, each with the round it was bought in."""
    held = []
    for i, c in enumerate(pm.get("cards", []) or []):
        cm = r.mapping(c, f"{where}.cards[{i}]")
        card = r.enum(Card, cm.get("card"), f"{where}.cards[{i}].card")
        if card is not None:
            held.append(HeldCard(card, r.count(cm.get("bought"), f"{where}.cards[{i}].bought")))
    return tuple(held)


def _tokens(r: _Reader, m: Mapping[str, Any]) -> dict[str, int]:
    """The number tokens by producing hex: 2 to 12, not 7."""
    tokens = {}
    for h, t in r.mapping(m.get("tokens"), "tokens").items():
        if h not in r.board.hexes or not r.board.hexes[h].terrain.produces:
            r.problem(f"tokens.{h}", "not a producing hex of the board")
        elif t not in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
            r.problem(f"tokens.{h}", f"a number token is 2 to 12 but not 7, not {t!r}")
        else:
            tokens[h] = t
    return tokens


def _buildings(r: _Reader, m: Mapping[str, Any]) -> dict[Vertex, Building]:
    """The settlements and cities by vertex: owner, kind, a city's status and its marks."""
    buildings: dict[Vertex, Building] = {}
    for key, b in r.mapping(m.get("buildings"), "buildings").items():
        where = f"buildings.{key}"
        v, bm = r.place("vertex", key, where), r.mapping(b, where)
        owner = r.player(bm.get("owner"), f"{where}.owner")
        kind = r.enum(BuildingKind, bm.get("kind", "settlement"), f"{where}.kind")
        status = r.count(bm.get("status"), f"{where}.status", 1 if kind is BuildingKind.CITY else 0)
        if kind is BuildingKind.CITY and not 1 <= status <= 4:
            r.problem(f"{where}.status", "a city's status is 1 to 4")
        if v and owner and kind:
            buildings[v] = Building(owner, kind, status if kind is BuildingKind.CITY else 0,
                                    bool(bm.get("walls", False)), bool(bm.get("sabotaged", False)),
                                    bool(bm.get("woken", False)) and kind is BuildingKind.CITY)  # fmt: skip
    return buildings


def _roads(r: _Reader, m: Mapping[str, Any]) -> dict[Edge, str]:
    roads: dict[Edge, str] = {}
    for key, o in r.mapping(m.get("roads"), "roads").items():
        e, owner = r.place("edge", key, f"roads.{key}"), r.player(o, f"roads.{key}")
        if e and owner:
            roads[e] = owner
    return roads


def _ships(r: _Reader, m: Mapping[str, Any]) -> dict[Edge, Ship]:
    ships: dict[Edge, Ship] = {}
    for key, s in r.mapping(m.get("ships"), "ships").items():
        sm = r.mapping(s, f"ships.{key}")
        e, owner = r.place("edge", key, f"ships.{key}"), r.player(sm.get("owner"), f"ships.{key}.owner")
        if e and owner:
            ships[e] = Ship(owner, r.count(sm.get("built"), f"ships.{key}.built"))
    return ships


def _placed_units(r: _Reader, m: Mapping[str, Any], section: str, place: str) -> dict[Any, Unit]:
    """The units of a section by their place: `units` on slots, `explorers` on vertices."""
    found: dict[Any, Unit] = {}
    for key, u in r.mapping(m.get(section), section).items():
        at, unit = r.place(place, key, f"{section}.{key}"), r.unit(u, f"{section}.{key}")
        if at and unit:
            found[at] = unit
    return found


def _at_cities(r: _Reader, m: Mapping[str, Any], section: str) -> Iterator[tuple[str, Mapping[str, Any], Any, Any]]:
    """Each item of a list of the state whose items stand against a player's city (`guards`, `corruption`):
    its path, its mapping, its owner and its city (None where unreadable, the problem said), one at a time
    (the caller's problems of an item come before the next item's)."""
    for i, item in enumerate(m.get(section, []) or []):
        where = f"{section}[{i}]"
        im = r.mapping(item, where)
        owner = r.player(im.get("owner"), f"{where}.owner")
        yield where, im, owner, r.place("vertex", im.get("city"), f"{where}.city")


def _guards(r: _Reader, m: Mapping[str, Any]) -> list[Guard]:
    guards: list[Guard] = []
    for where, gm, owner, city in _at_cities(r, m, "guards"):
        marker = gm.get("marker")
        if marker is not None and marker not in r.board.hexes:
            r.problem(f"{where}.marker", f"{marker!r} is not a hex of the board")
        if owner and city:
            guards.append(Guard(owner, city, marker, r.count(gm.get("turns"), f"{where}.turns"),
                                bool(gm.get("active", True))))  # fmt: skip
    return guards


def _corruption(r: _Reader, m: Mapping[str, Any]) -> list[Corruption]:
    corruption: list[Corruption] = []
    for where, cm, owner, city in _at_cities(r, m, "corruption"):
        hex_id = cm.get("hex")
        if hex_id not in r.board.hexes:
            r.problem(f"{where}.hex", f"{hex_id!r} is not a hex of the board")
        elif owner and city:
            corruption.append(Corruption(str(hex_id), city, owner))
    return corruption


def _deck(r: _Reader, m: Mapping[str, Any]) -> dict[Card, int]:
    deck: dict[Card, int] = {}
    for key, n in r.mapping(m.get("deck"), "deck").items():
        card = r.enum(Card, key, f"deck.{key}")
        if card is not None:
            deck[card] = r.count(n, f"deck.{key}")
    return deck


def _island_data(r: _Reader, m: Mapping[str, Any], player: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """A player's home islands and new islands settled, each named by a hex of the board [K 17.6]."""
    home = r.mapping(m.get("home"), "home").get(player) or []
    if not isinstance(home, list) or any(h not in r.board.hexes for h in home):
        r.problem(f"home.{player}", "expected the hexes naming the islands of the player's placement")
        home = []
    out = {}
    for hid, n in r.mapping(r.mapping(m.get("islands"), "islands").get(player), f"islands.{player}").items():
        if hid not in r.board.hexes:
            r.problem(f"islands.{player}.{hid}", "not a hex of the board")
        else:
            out[str(hid)] = r.count(n, f"islands.{player}.{hid}")
    return tuple(str(h) for h in home), out


def _answers(r: _Reader, data: object, player: str, where: str) -> Answers:
    """A player's standing answers as the state keeps them, read as his file's (`orders._Reader`)."""
    try:
        return stand(None, orders_from_data({"answers": data}, r.board, player, r.seats).answers)
    except DataError as err:
        r.problems += [Problem(f"{where}.{p.where.removeprefix('answers.')}", p.message) for p in err.problems]
        return Answers()


_STATE_KEYS = {
    "round", "seats", "winner", "bank", "deck", "tokens", "players", "buildings", "roads", "ships", "units",
    "explorers", "guards", "corruption", "longest_route", "largest_army", "home", "islands",
}  # fmt: skip


# ---- the records ---------------------------------------------------------------------------------------


def _plain(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Hand):
        return value.to_data()
    if isinstance(value, (Vertex, Edge, Slot)):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _kind_name(cls: type) -> str:
    """A record's kind as the results write it: its class's name in snake case (``StepDone``: ``step_done``)."""
    return "".join("_" + c.lower() if c.isupper() else c for c in cls.__name__).lstrip("_")


def event_to_data(event: Event) -> dict[str, object]:
    """One record as plain data: its kind (``step_done``, ``combat`` ...) and its fields, those at their
    default left out."""
    body = {
        f.name: _plain(getattr(event, f.name))
        for f in dataclasses.fields(event)
        if f.default is dataclasses.MISSING or getattr(event, f.name) != f.default
    }
    return {"event": _kind_name(type(event)), **body}


@functools.cache
def _event_classes() -> dict[str, type]:
    """Each kind of record by its name (read once: every report and map reads each record of its turn)."""
    return {_kind_name(k): k for k in typing.get_args(Event)}


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    """A record's (or its part's) fields' annotations, resolved once per class."""
    return typing.get_type_hints(kind)


def _typed(kind: Any, value: Any) -> Any:
    """`value`, plain data, as a value of the annotation `kind` (the inverse of `_plain`)."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return _typed(option, value)
            except (ValueError, TypeError, KeyError):
                continue
        raise ValueError(f"{value!r} is none of {kind}")
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], v) for v in value)
        return tuple(_typed(a, v) for a, v in zip(args, value, strict=True))
    if kind is Hand:
        problems: list[Problem] = []
        hand = hand_from_data(value, "", problems)
        if problems:
            raise ValueError(problems[0].message)
        return hand
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(value)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        return kind(
            **{f.name: _typed(hints[f.name], value[f.name]) for f in dataclasses.fields(kind) if f.name in value}
        )
    if kind in (str, int, bool):
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise TypeError(f"{value!r} is not a {kind.__name__}")
        return value
    raise TypeError(f"cannot read {kind}")


def event_from_data(data: Mapping[str, Any]) -> Event:
    """A record written by `event_to_data`, read back (the reports and the map are made from the results)."""
    kind = _event_classes()[str(data["event"])]
    event: Event = _typed(kind, {k: v for k, v in data.items() if k != "event"})
    return event
