"""The board as a graph: spaces, coasts, adjacency per unit kind, supply centres, powers.

A *space* is what one unit occupies (a province or sea; in Machiavelli also a city). A *location* is
where a unit stands inside a space: the space id itself, or ``space/coast`` for a fleet on one coast
of a split-coast province (``stp/nc``). Armies move between spaces; fleets between locations.

`Board.from_dict` builds a board from plain data (a parsed map file) and checks it: unknown ids,
asymmetric adjacency, duplicate aliases. Every problem is collected with its key path, so the
storage layer can name the file and line.
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from pipeline.errors import AmbiguousOrderError, MapError, OrderSyntaxError, Problem

from .units import ARMY, AUTONOMOUS, GARRISON, UnitKind

SPACE_KINDS = ("land", "coast", "sea")
_NOWHERE: frozenset[str] = frozenset()
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def space_of(location: str) -> str:
    """The space a location lies in: ``stp/nc`` -> ``stp``."""
    return location.split("/", 1)[0]


def coast_of(location: str) -> str | None:
    """The coast part of a location, or None: ``stp/nc`` -> ``nc``."""
    _, _, coast = location.partition("/")
    return coast or None


def fold_accents(text: str) -> str:
    """``Gênes`` -> ``Genes``: names are matched without accents (the Objectif texts lost theirs)."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


# a name with nothing to fold, join or rewrite (``lvp``, ``England``, ``stp/nc``): only its case changes
_PLAIN_NAME = re.compile(r"[A-Za-z0-9./'-]*")
_COAST_IN_BRACKETS = re.compile(r"\s*\(\s*([a-z]{1,3})\s*\)\s*$")
_AROUND_SLASH = re.compile(r"\s*/\s*")
_SPACES = re.compile(r"\s+")


def normalise_name(text: str) -> str:
    """The form names are looked up in: lower case, no accents, single spaces, ``(nc)`` written ``/nc``."""
    if _PLAIN_NAME.fullmatch(text):  # most names orders and files give: a third of the time of a DATC run
        return text.lower()
    text = fold_accents(text.strip().lower()).replace("_", " ")
    text = _COAST_IN_BRACKETS.sub(r"/\1", text)
    text = _AROUND_SLASH.sub("/", text)
    return _SPACES.sub(" ", text)


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    adjective: str = ""


@dataclass(frozen=True)
class City:
    """A Machiavelli city: its income, and whether it can hold a garrison or build fleets."""

    value: int  # ducats a year (0 for a fortress)
    fortified: bool  # may hold a garrison and be besieged
    port: bool  # fleets may be built there and convert to and from garrisons
    fortress: bool = False  # an optional fortress of the classic board: fortified, no income


@dataclass(frozen=True)
class Space:
    """A space of the map: land, coast or sea, with its centre, its coasts and (Machiavelli) its city."""

    id: str
    name: str
    kind: str  # one of SPACE_KINDS
    supply_center: bool = False
    home: str | None = None  # power whose home centre (or home country) this is
    coasts: tuple[str, ...] = ()  # named coasts of a split-coast province
    city: City | None = None
    single_unit: bool = False  # only one unit, in the province or its city (Machiavelli's Venice)
    no_armies: bool = False  # a land space armies may not enter (Venice on the 1995 board)
    names: Mapping[str, str] = field(default_factory=dict)  # other languages: fr, fr_in ("à Venise"), it

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


@dataclass(frozen=True)
class Strait:
    """Fleet moves that a fleet in `controller` closes to the fleets of other powers (Messina, Piombino)."""

    controller: str
    moves: frozenset[tuple[str, str]]


@dataclass(frozen=True)
class StartPosition:
    season: str
    year: int
    units: tuple[tuple[str, UnitKind, str], ...]  # (power, kind, location); power may be AUTONOMOUS
    owners: tuple[tuple[str, str], ...]  # (space, power): supply centres, or Machiavelli's controlled provinces
    treasury: tuple[tuple[str, int], ...] = ()  # (power, ducats)


@dataclass
class Board:
    """An immutable (by convention) map. Build it with `Board.from_dict`."""

    name: str
    powers: dict[str, Power]
    spaces: dict[str, Space]
    army_adjacency: dict[str, frozenset[str]]  # space -> spaces
    fleet_adjacency: dict[str, frozenset[str]]  # location -> locations
    aliases: dict[str, str]  # normalised name -> location
    power_aliases: dict[str, str]  # normalised name -> power id
    name_heads: frozenset[str] = frozenset()  # first words of names of more than one word
    start: StartPosition | None = None
    coastal_convoys: bool = False  # may fleets in coastal provinces convoy (Machiavelli)?
    straits: tuple[Strait, ...] = ()
    variable_income: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # power (or "genoa") -> by die 1..6
    famine: Mapping[int, Mapping[int, str]] = field(default_factory=dict)  # row roll -> column roll -> province
    plague: Mapping[int, Mapping[int, str]] = field(default_factory=dict)  # the same, for the plague
    _fleet_neighbours: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _reach: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)  # `reachable_spaces` by sea
    _destinations: dict[str, dict[str, list[str]]] = field(default_factory=dict, repr=False)  # `fleet_destinations`
    _convoy_possible: dict[tuple[str, str, str | None], bool] = field(default_factory=dict, repr=False)
    memo: dict[object, object] = field(default_factory=dict, repr=False)  # facts derived from the map, kept
    id: str = ""  # the map's id, its file's name (``machiavelli-objectif``): set by whoever read the file

    # ---- queries --------------------------------------------------------------------------

    def space(self, location: str) -> Space:
        return self.spaces[space_of(location)]

    def locations(self, space: str) -> tuple[str, ...]:
        """Where a fleet can stand in a space: its coasts, or the space itself."""
        coasts = self.spaces[space].coasts
        return tuple(f"{space}/{c}" for c in coasts) if coasts else (space,)

    def can_hold(self, kind: UnitKind, location: str) -> bool:
        """May a unit of this kind stand at this location?"""
        sp = self.spaces.get(space_of(location))
        if sp is None:
            return False
        coast = coast_of(location)
        if kind is ARMY:
            return coast is None and sp.kind != "sea" and not sp.no_armies
        if kind is GARRISON:
            return coast is None and sp.city is not None and sp.city.fortified
        if sp.kind == "land":
            return False
        if sp.coasts:
            return coast in sp.coasts
        return coast is None

    def adjacent(self, kind: UnitKind, src: str, dst: str) -> bool:
        """Can a unit of `kind` at location `src` move to location `dst` in one step?"""
        if kind is ARMY:
            return space_of(dst) in self.army_adjacency.get(space_of(src), frozenset())
        return dst in self.fleet_adjacency.get(src, frozenset())

    def reachable_spaces(self, kind: UnitKind, src: str) -> frozenset[str]:
        """The spaces a unit of `kind` at location `src` can move into in one step."""
        if kind is ARMY:
            return self.army_adjacency.get(src.partition("/")[0], _NOWHERE)  # (`space_of` without its call)
        found = self._reach.get(src)  # by location alone: an enum in the key would be hashed by a call of Python's
        if found is None:
            found = self._reach[src] = frozenset(space_of(d) for d in self.fleet_adjacency.get(src, frozenset()))
        return found

    def fleet_destinations(self, src: str, space: str) -> list[str]:
        """The locations of `space` a fleet at `src` can move to."""
        by_space = self._destinations.get(src)
        if by_space is None:  # every space at once, from the fleet adjacency of `src`
            by_space = self._destinations[src] = {}
            for d in sorted(self.fleet_adjacency.get(src, frozenset())):
                by_space.setdefault(space_of(d), []).append(d)
        return list(by_space.get(space, ()))

    def neighbours(self, space: str) -> frozenset[str]:
        """Spaces next to `space` for any unit: armies by land, fleets by sea or coast."""
        return self.army_adjacency.get(space, frozenset()) | self.fleet_neighbours(space)

    def can_convoy_from(self, space: str) -> bool:
        """May a fleet in this space carry an army? Seas always; coasts when the map says so."""
        kind = self.spaces[space].kind
        return kind == "sea" or (self.coastal_convoys and kind == "coast")

    def convoy_possible(self, src: str, dst: str, via: str | None = None) -> bool:
        """Could an army go from space `src` to space `dst` by convoy (through space `via`, if given)?

        Geography only: some route of convoying spaces leads from one end to the other (through `via`,
        without passing any space twice).
        """
        key = (src, dst, via)
        found = self._convoy_possible.get(key)
        if found is None:
            usable = self.convoying_spaces()
            if via is None:
                found = self.convoy_chain(src, dst, usable)
            else:
                found = self.on_convoy_route(src, dst, via, usable)
            self._convoy_possible[key] = found
        return found

    def convoying_spaces(self) -> frozenset[str]:
        """The spaces a fleet may convoy from (`can_convoy_from`)."""
        found = self.memo.get("convoying spaces")
        if not isinstance(found, frozenset):
            found = self.memo["convoying spaces"] = frozenset(s for s in self.spaces if self.can_convoy_from(s))
        return found

    def convoy_chain(self, src: str, dst: str, usable: frozenset[str]) -> bool:
        """Is there a chain of `usable` spaces (neither end among them) from `src` to `dst`?"""
        near = self.fleet_neighbours
        inner = usable - {src, dst}
        todo = [s for s in near(src) if s in inner]
        seen = set(todo)
        while todo:
            s = todo.pop()
            if dst in near(s):
                return True
            for n in near(s):
                if n in inner and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return False

    def on_convoy_route(self, src: str, dst: str, via: str, usable: frozenset[str]) -> bool:
        """Is there a route src -> ... -> via -> ... -> dst through `usable` spaces, none twice?

        That is: two paths from `via`, one to each end, sharing no space but `via`: a flow of two from `via`
        to the ends, where every space carries one (a space is two nodes, its way in and its way out, joined
        by an arc of capacity one; each end has an arc to the sink). Most routes are found before: a shortest
        chain to one end, then a chain to the other among the spaces it left (none to one end: no route).
        """
        if via in (src, dst) or via not in usable:
            return False
        near = self.fleet_neighbours
        for end, other in ((src, dst), (dst, src)):
            if end in near(via):  # one end next to `via`: the route is a chain from `via` to the other end
                return other in near(via) or self.convoy_chain(via, other, usable - {end})
        inner = usable - {src, dst}
        to_src = _chain_between(near, inner, via, src)
        if to_src is None:
            return False
        if _chain_between(near, inner - set(to_src), via, dst) is not None:
            return True  # a chain to each end, sharing no space: found at the first try, as most routes are
        sink = ("sink", "")
        arcs: dict[tuple[str, str], list[tuple[str, str]]] = {("end", src): [sink], ("end", dst): [sink]}
        for s in inner:
            arcs[("in", s)] = [("out", s)]
            ways = [("in", n) for n in near(s) if n in inner and n != via]
            arcs[("out", s)] = ways + [("end", e) for e in (src, dst) if e in near(s)]
        return _flow_of_two(arcs, ("out", via), sink)

    def needed_on_route(self, src: str, dst: str, via: str) -> bool:
        """Is `via` on a route of convoying spaces from space `src` to space `dst` that needs every space on it:
        one that no space can be left out of, none of its spaces touching one further along but the next
        (the 2023 rules' convoy [D 4.1], DATC v3.0 6.G.19)? Geography only, as `convoy_possible`."""
        key = ("needed", src, dst)
        found = self.memo.get(key)
        if not isinstance(found, frozenset):
            found = self.memo[key] = frozenset(self._needed_spaces(src, dst))
        return via in found

    def _needed_spaces(self, src: str, dst: str) -> set[str]:
        """The spaces on the routes from `src` to `dst` that need every space on them (`needed_on_route`): each
        such route walked depth first, a chain of spaces grown only by a space that touches no space of it but
        its last, nor `src`, and ended at the first space that touches `dst`; a chain is not grown where no
        such space could lead on to `dst` (`_chain_between` among the spaces left)."""
        near = self.fleet_neighbours
        inner = self.convoying_spaces() - {src, dst}
        needed: set[str] = set()

        def grow(chain: list[str], free: frozenset[str]) -> None:
            # `free`: the spaces the chain may still take after its last (touching none of it but the last)
            last = chain[-1]
            if dst in near(last):
                needed.update(chain)
                return
            after = free - near(last)
            for n in sorted(near(last) & free):
                if dst in near(n) or _chain_between(near, after - {n}, n, dst) is not None:
                    grow([*chain, n], after - {n})

        start = inner - near(src)
        for first in sorted(near(src) & inner):
            grow([first], start - {first})
        return needed

    def fleet_neighbours(self, space: str) -> frozenset[str]:
        """Spaces a fleet in `space` (at any of its coasts) can reach in one move."""
        cached = self._fleet_neighbours.get(space)
        if cached is None:
            out: set[str] = set()
            if self.spaces[space].kind != "land":
                for loc in self.locations(space):
                    out.update(space_of(d) for d in self.fleet_adjacency.get(loc, frozenset()))
            cached = self._fleet_neighbours[space] = frozenset(out)
        return cached

    # ---- names ----------------------------------------------------------------------------

    def location(self, text: str) -> str:
        """The location a name, id or alias stands for (``mid`` -> ``mao``, ``spa(nc)`` -> ``spa/nc``)."""
        key = normalise_name(text)
        found = self.aliases.get(key)
        if found is None:
            bare = key.rstrip(";,.")
            if bare != key and self.aliases.get(bare):
                raise OrderSyntaxError(
                    f"unknown place {text!r}: {self.place_written(self.aliases[bare])} without the {key[len(bare) :]!r}"
                    "; a ';' separates two orders on one line, as in 'A are-sie; A flo-are'"
                )
            starting = self.places_starting(key)
            if len(starting) > 1:
                raise AmbiguousOrderError(
                    f"{text!r} may be {' or '.join(self.space_name(s) for s in starting)}: write "
                    + ", ".join(f"{s} for {self.space_name(s)}" for s in starting)
                )
            close = starting or self.places_close_to(key)
            hint = f" (did you mean {' or '.join(self.place_written(c) for c in close)}?)" if close else ""
            raise OrderSyntaxError(f"unknown place {text!r}{hint}")
        if found == "":
            raise AmbiguousOrderError(f"the name {text!r} stands for more than one place")
        return found

    def space_name(self, location: str) -> str:
        return self.spaces[location.split("/")[0]].name

    def place_written(self, location: str) -> str:
        """A place as a message suggests it: its name and its id, once (``Siena (sie)``)."""
        return f"{self.space_name(location)} ({location})"

    def places_starting(self, key: str) -> list[str]:
        """The spaces a name begins (``tre``: Trent and Treviso), by their names and aliases; none for a
        key of one letter or one that begins more than four spaces."""
        if len(key) < 2:
            return []
        found = sorted({loc.split("/")[0] for name, loc in self.aliases.items() if loc and name.startswith(key)})
        return found if len(found) <= 4 else []

    def places_close_to(self, key: str) -> list[str]:
        """The spaces a misspelt name is closest to, each once (``sienna`` is close to three aliases of Siena)."""
        import difflib  # only for a misspelt name: not imported by every run

        close = difflib.get_close_matches(key, self.aliases, n=6, cutoff=0.7)
        return list(dict.fromkeys(self.aliases[c].split("/")[0] for c in close if self.aliases[c]))[:3]

    def power(self, text: str) -> str:
        key = normalise_name(text)
        found = self.power_aliases.get(key)
        if found is None:
            raise OrderSyntaxError(f"unknown power {text!r}")
        return found

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        """Build and check a board from plain data; raise `MapError` listing every problem."""
        return _BoardBuilder(data).build()


class _BoardBuilder:
    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.problems: list[Problem] = []

    def fail(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))

    def build(self) -> Board:
        data = self.data
        if not isinstance(data, Mapping):
            raise MapError([Problem("", "a map file must be a mapping with keys name, powers, spaces")])
        for key in ("name", "powers", "spaces"):
            if key not in data:
                self.fail(key, "missing (a map needs name, powers and spaces)")
        if self.problems:
            raise MapError(self.problems)
        powers = self._powers(data["powers"])
        spaces, army, fleet = self._spaces(data["spaces"], powers)
        self._check_symmetry(army, "army", spaces)
        self._check_symmetry(fleet, "fleet", spaces)
        aliases = self._aliases(data["spaces"], spaces)
        power_aliases = self._power_aliases(data["powers"], powers)
        board = Board(
            name=str(data["name"]),
            powers=powers,
            spaces=spaces,
            army_adjacency={k: frozenset(v) for k, v in army.items()},
            fleet_adjacency={k: frozenset(v) for k, v in fleet.items()},
            aliases=aliases,
            power_aliases=power_aliases,
            name_heads=frozenset(
                re.split(r"[ \-]", name, maxsplit=1)[0] for name in aliases if re.search(r"[ \-]", name)
            ),
            coastal_convoys=bool(data.get("coastal_convoys", False)),
        )
        board.straits = self._straits(data.get("straits"), board)
        board.variable_income = self._variable_income(data.get("variable_income"), board)
        board.famine = self._table(data.get("famine"), board, "famine")
        board.plague = self._table(data.get("plague"), board, "plague")
        if "start" in data:
            board.start = self._start(data["start"], board)
        if self.problems:
            raise MapError(self.problems)
        return board

    def _powers(self, raw: Any) -> dict[str, Power]:
        powers: dict[str, Power] = {}
        if not isinstance(raw, Mapping):
            self.fail("powers", "expected a mapping of power id to its names")
            return powers
        for pid, info in raw.items():
            where = f"powers.{pid}"
            if not isinstance(pid, str) or not _ID.match(pid):
                self.fail(where, "a power id is lower-case letters, digits or _")
                continue
            info = info or {}
            if not isinstance(info, Mapping):
                self.fail(where, "expected a mapping with name, adjective, aliases")
                continue
            powers[pid] = Power(pid, str(info.get("name", pid.title())), str(info.get("adjective", "")))
        return powers

    def _spaces(
        self, raw: Any, powers: Mapping[str, Power]
    ) -> tuple[dict[str, Space], dict[str, set[str]], dict[str, set[str]]]:
        """The map's spaces, and the army and fleet adjacency they list (every place they name checked)."""
        spaces: dict[str, Space] = {}
        army: dict[str, set[str]] = {}
        fleet: dict[str, set[str]] = {}
        if not isinstance(raw, Mapping):
            self.fail("spaces", "expected a mapping of space id to its description")
            return spaces, army, fleet
        for sid, info in raw.items():
            where = f"spaces.{sid}"
            if not isinstance(sid, str) or not _ID.match(sid):
                self.fail(where, "a space id is lower-case letters, digits or _")
                continue
            if not isinstance(info, Mapping):
                self.fail(where, "expected a mapping with name, kind, adjacency")
                continue
            self._space(sid, info, powers, spaces, army, fleet)
        self._check_adjacency(spaces, army, fleet)
        return spaces, army, fleet

    def _space(
        self,
        sid: str,
        info: Mapping[str, Any],
        powers: Mapping[str, Power],
        spaces: dict[str, Space],
        army: dict[str, set[str]],
        fleet: dict[str, set[str]],
    ) -> None:
        """One space of the map into `spaces`, its adjacency into `army` and `fleet`."""
        where = f"spaces.{sid}"
        kind = info.get("kind")
        if kind not in SPACE_KINDS:
            self.fail(f"{where}.kind", f"expected one of {', '.join(SPACE_KINDS)}, got {kind!r}")
            return
        home = info.get("home")
        if home is not None and home not in powers:
            self.fail(f"{where}.home", f"unknown power {home!r}")
            home = None
        coasts_raw = info.get("coasts") or {}
        if not isinstance(coasts_raw, Mapping):
            self.fail(f"{where}.coasts", "expected a mapping of coast name to the fleet adjacency of that coast")
            coasts_raw = {}
        if coasts_raw and kind != "coast":
            self.fail(f"{where}.coasts", "only a coastal space can have named coasts")
        spaces[sid] = Space(
            id=sid,
            name=str(info.get("name", sid)),
            kind=kind,
            supply_center=bool(info.get("supply_center", False)),
            home=home,
            coasts=tuple(str(c) for c in coasts_raw),
            city=self._city(info.get("city"), kind, f"{where}.city"),
            single_unit=bool(info.get("single_unit", False)),
            no_armies=bool(info.get("no_armies", False)),
            names={str(k): str(v) for k, v in (info.get("names") or {}).items()},
        )
        army[sid] = set(self._id_list(info.get("army", []), f"{where}.army"))
        if kind == "sea" and army[sid]:
            self.fail(f"{where}.army", "a sea has no army adjacency")
        if coasts_raw:
            if info.get("fleet"):
                self.fail(f"{where}.fleet", "a split-coast space lists fleet adjacency under each coast")
            for coast, lst in coasts_raw.items():
                fleet[f"{sid}/{coast}"] = set(self._id_list(lst, f"{where}.coasts.{coast}"))
        elif kind != "land":
            fleet[sid] = set(self._id_list(info.get("fleet", []), f"{where}.fleet"))
        elif info.get("fleet"):
            self.fail(f"{where}.fleet", "a land space has no fleet adjacency")

    def _check_adjacency(
        self, spaces: Mapping[str, Space], army: Mapping[str, set[str]], fleet: Mapping[str, set[str]]
    ) -> None:
        """Every place an adjacency names exists, and a unit of its kind can be there."""
        for sid, targets in army.items():
            for t in sorted(targets):
                if t not in spaces:
                    self.fail(f"spaces.{sid}.army", f"unknown space {t!r}")
                elif spaces[t].kind == "sea" or spaces[t].no_armies:
                    self.fail(f"spaces.{sid}.army", f"{t!r} is a sea or closed to armies: armies cannot go there")
        for loc, targets in fleet.items():
            sid, coast = space_of(loc), coast_of(loc)
            where = f"spaces.{sid}.coasts.{coast}" if coast else f"spaces.{sid}.fleet"
            for t in sorted(targets):
                if t not in fleet:
                    known = space_of(t) in spaces
                    why = f"{t!r} is not a place a fleet can be (name the coast)" if known else f"unknown space {t!r}"
                    self.fail(where, why)

    def _city(self, raw: Any, kind: str, where: str) -> City | None:
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            self.fail(where, "expected a mapping with value, fortified, port (and fortress)")
            return None
        unknown = sorted(set(raw) - {"value", "fortified", "port", "fortress"})
        if unknown:
            self.fail(where, f"unknown key {unknown[0]!r} (expected value, fortified, port, fortress)")
        value = raw.get("value", 1)
        if not isinstance(value, int) or not 0 <= value <= 3:
            self.fail(f"{where}.value", f"expected 0 to 3 ducats, got {value!r}")
            value = 0
        city = City(
            value, bool(raw.get("fortified", False)), bool(raw.get("port", False)), bool(raw.get("fortress", False))
        )
        if kind == "sea":
            self.fail(where, "a sea has no city")
        if city.port and kind != "coast":
            self.fail(f"{where}.port", "only a city on the coast can be a port")
        if city.fortress and (not city.fortified or city.value):
            self.fail(f"{where}.fortress", "a fortress is fortified and gives no income (value 0)")
        return city

    def _straits(self, raw: Any, board: Board) -> tuple[Strait, ...]:
        straits = []
        for i, entry in enumerate(raw or []):
            where = f"straits[{i}]"
            if not isinstance(entry, Mapping) or "controller" not in entry or "moves" not in entry:
                self.fail(where, "expected a mapping with controller and moves")
                continue
            controller = str(entry["controller"])
            if controller not in board.spaces or board.spaces[controller].kind != "coast":
                self.fail(f"{where}.controller", f"{controller!r} is not a coastal space")
            moves = set()
            for j, pair in enumerate(entry["moves"] or []):
                if not (isinstance(pair, list) and len(pair) == 2 and board.adjacent(UnitKind.FLEET, pair[0], pair[1])):
                    self.fail(f"{where}.moves[{j}]", f"{pair!r} is not a fleet move of the map")
                    continue
                moves.add((str(pair[0]), str(pair[1])))
            straits.append(Strait(controller, frozenset(moves)))
        return tuple(straits)

    def _variable_income(self, raw: Any, board: Board) -> dict[str, tuple[int, ...]]:
        """``variable_income: {milan: [2, 3, 3, 4, 4, 5], genoa: [...]}``: ducats for a die of 1 to 6."""
        out: dict[str, tuple[int, ...]] = {}
        for key, values in (raw or {}).items():
            where = f"variable_income.{key}"
            if key not in board.powers and key not in board.spaces:
                self.fail(where, f"{key!r} is neither a power nor a space (whose city's controller rolls)")
            elif not (
                isinstance(values, list) and len(values) == 6 and all(isinstance(v, int) and v >= 0 for v in values)
            ):
                self.fail(where, "expected six numbers of ducats, for a die of 1 to 6")
            else:
                out[str(key)] = tuple(values)
        return out

    def _table(self, raw: Any, board: Board, name: str) -> dict[int, dict[int, str]]:
        """``famine: {2: {4: pro, 5: pat}, ...}``: the province struck at each row and column roll (2 to 12)."""
        out: dict[int, dict[int, str]] = {}
        for row, cells in (raw or {}).items():
            for col, province in (cells or {}).items():
                where = f"{name}.{row}.{col}"
                if not (isinstance(row, int) and isinstance(col, int) and 2 <= row <= 12 and 2 <= col <= 12):
                    self.fail(where, "rows and columns are rolls of two dice, 2 to 12")
                elif province not in board.spaces or board.spaces[province].is_sea:
                    self.fail(where, f"{province!r} is not a land space")
                else:
                    out.setdefault(row, {})[col] = str(province)
        return out

    def _id_list(self, raw: Any, where: str) -> list[str]:
        if raw is None:
            return []
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            self.fail(where, "expected a list of space ids")
            return []
        seen: set[str] = set()
        for x in raw:
            if x in seen:
                self.fail(where, f"{x!r} is listed twice")
            seen.add(x)
        return list(raw)

    def _check_symmetry(self, adj: Mapping[str, set[str]], what: str, spaces: Mapping[str, Space]) -> None:
        for src in sorted(adj):
            for dst in sorted(adj[src]):
                if dst in adj and src not in adj[dst]:
                    sid, coast = space_of(dst), coast_of(dst)
                    where = f"spaces.{sid}.coasts.{coast}" if coast else f"spaces.{sid}.{what}"
                    self.fail(
                        where,
                        f"asymmetric {what} adjacency: {src} lists {dst}, but {dst} does not list {src}",
                    )

    def _aliases(self, raw: Mapping[str, Any], spaces: Mapping[str, Space]) -> dict[str, str]:
        table: dict[str, str] = {}
        origin: dict[str, str] = {}

        def add(name: str, target: str, where: str) -> None:
            key = normalise_name(name)
            if key in table and table[key] != target:
                self.fail(where, f"alias {name!r} already names {table[key]!r} (at {origin[key]})")
                return
            table[key] = target
            origin[key] = where

        for sid in spaces:
            add(sid, sid, f"spaces.{sid}")
        for sid, sp in spaces.items():
            for c in sp.coasts:
                add(f"{sid}/{c}", f"{sid}/{c}", f"spaces.{sid}.coasts.{c}")
        for sid, sp in spaces.items():
            info = raw[sid]
            add(sp.name, sid, f"spaces.{sid}.name")
            for lang in ("fr", "it"):
                if sp.names.get(lang):
                    add(sp.names[lang], sid, f"spaces.{sid}.names.{lang}")
            for i, alias in enumerate(info.get("aliases") or []):
                add(str(alias), sid, f"spaces.{sid}.aliases[{i}]")
                for c in sp.coasts:
                    add(f"{alias}/{c}", f"{sid}/{c}", f"spaces.{sid}.aliases[{i}]")
            for c in sp.coasts:
                add(f"{sp.name}/{c}", f"{sid}/{c}", f"spaces.{sid}.coasts.{c}")
        return table

    def _power_aliases(self, raw: Mapping[str, Any], powers: Mapping[str, Power]) -> dict[str, str]:
        table: dict[str, str] = {}
        for pid, p in powers.items():
            names = [pid, p.name] + [str(a) for a in ((raw[pid] or {}).get("aliases") or [])]
            if p.adjective:
                names.append(p.adjective)
            for name in names:
                key = normalise_name(name)
                if table.get(key, pid) != pid:
                    self.fail(f"powers.{pid}", f"name {name!r} already names power {table[key]!r}")
                table[key] = pid
        return table

    def _start(self, raw: Any, board: Board) -> StartPosition | None:
        """The map's starting position: season and year, units, owners (or control), treasuries."""
        if not isinstance(raw, Mapping):
            self.fail("start", "expected a mapping with season, year, units, owners")
            return None
        units = self._start_units(raw, board)
        owners = self._start_owners(raw, board)
        treasury = []
        for pid, ducats in (raw.get("treasury") or {}).items():
            if pid not in board.powers or not isinstance(ducats, int) or ducats < 0:
                self.fail(
                    f"start.treasury.{pid}", f"expected a known power and a number of ducats, got {pid}: {ducats!r}"
                )
                continue
            treasury.append((str(pid), ducats))
        return StartPosition(
            season=str(raw.get("season", "spring")).lower(),
            year=int(raw.get("year", 1901)),
            units=tuple(units),
            owners=tuple(sorted(owners)),
            treasury=tuple(sorted(treasury)),
        )

    def _start_units(self, raw: Mapping[str, Any], board: Board) -> list[tuple[str, UnitKind, str]]:
        """Each power's units at the start (`units:`), then the autonomous garrisons (`autonomous:`)."""
        units: list[tuple[str, UnitKind, str]] = []
        entries = [(pid, lst, f"start.units.{pid}") for pid, lst in (raw.get("units") or {}).items()]
        entries.append((AUTONOMOUS, raw.get("autonomous") or [], "start.autonomous"))
        for pid, lst, path in entries:
            if pid != AUTONOMOUS and pid not in board.powers:
                self.fail(path, f"unknown power {pid!r}")
                continue
            for i, text in enumerate(lst or []):
                where = f"{path}[{i}]"
                parts = str(text).split()
                if len(parts) != 2 or parts[0].upper() not in ("A", "F", "G"):
                    self.fail(where, f"expected a unit such as 'A par', 'F stp/sc' or 'G mil', got {text!r}")
                    continue
                kind = UnitKind.from_letter(parts[0])
                loc = parts[1]
                if not board.can_hold(kind, loc) or (pid == AUTONOMOUS and kind is not UnitKind.GARRISON):
                    self.fail(where, f"a {kind.noun} cannot stand at {loc!r}")
                    continue
                units.append((pid, kind, loc))
        return units

    def _start_owners(self, raw: Mapping[str, Any], board: Board) -> list[tuple[str, str]]:
        """Who owns each supply centre at the start (`owners:`), or controls each province (`control:`,
        Machiavelli)."""
        owners: list[tuple[str, str]] = []
        machiavelli = "control" in raw
        for pid, lst in (raw.get("control" if machiavelli else "owners") or {}).items():
            if pid not in board.powers:
                self.fail(f"start.{'control' if machiavelli else 'owners'}.{pid}", f"unknown power {pid!r}")
                continue
            for sid in lst or []:
                if sid not in board.spaces or (machiavelli and board.spaces[sid].is_sea):
                    self.fail(f"start.control.{pid}", f"{sid!r} is not a province")
                    continue
                if not machiavelli and not board.spaces[sid].supply_center:
                    self.fail(f"start.owners.{pid}", f"{sid!r} is not a supply centre")
                    continue
                owners.append((sid, pid))
        return owners


def iter_edges(adj: Mapping[str, Iterable[str]]) -> Iterable[tuple[str, str]]:
    """Each undirected edge once, sorted: for map checks and drawing."""
    for a in sorted(adj):
        for b in sorted(adj[a]):
            if a < b:
                yield a, b


def _chain_between(
    near: Callable[[str], frozenset[str]], inner: AbstractSet[str], start: str, end: str
) -> list[str] | None:
    """The spaces of `inner` after `start` on a shortest chain from `start` to a space next to `end`, from
    the last to the first; None if there is no such chain."""
    parent = {start: start}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if end in near(s):
            chain = []
            while s != start:
                chain.append(s)
                s = parent[s]
            return chain
        for n in near(s):
            if n in inner and n not in parent:
                parent[n] = s
                queue.append(n)
    return None


Node = tuple[str, str]


def _flow_of_two(arcs: Mapping[Node, list[Node]], start: Node, sink: Node) -> bool:
    """Can two units of flow go from `start` to `sink` along `arcs` of capacity one? Two augmenting paths,
    each found breadth first in the residual graph (an arc used gives its capacity back the other way)."""
    residual: dict[Node, dict[Node, int]] = {}
    for a, targets in arcs.items():
        for b in targets:
            residual.setdefault(a, {})[b] = 1
            residual.setdefault(b, {}).setdefault(a, 0)
    for _ in range(2):
        parent = {start: start}
        queue = deque([start])
        while queue and sink not in parent:
            a = queue.popleft()
            for b, left in residual.get(a, {}).items():
                if left and b not in parent:
                    parent[b] = a
                    queue.append(b)
        if sink not in parent:
            return False
        b = sink
        while b != start:
            a = parent[b]
            residual[a][b] -= 1
            residual[b][a] += 1
            b = a
    return True
