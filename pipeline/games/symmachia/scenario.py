"""A Symmachia scenario: the map (provinces, sea zones and their groups, trading posts and routes,
passes, straits, deserts, long passages) and the powers' start, checked on load with every problem at
once [S 1] (the seed gives no map; docs/rules/symmachia.md, chapter S 1, describes the format).

`Scenario.from_data` takes the content of a scenario file as plain data (what the YAML reader gives)
and returns frozen values or raises `DataError` with each problem at its key path.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pipeline.errors import DataError, shown

from .checking import Checker, nearest
from .french import Noun, form_problem, noun
from .model import PROVINCE_GOODS, Good, MercenaryKind, PlaceKind, Title, UnitKind

ID = re.compile(r"^[a-z][a-z0-9_]*$")
SCENARIO_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")  # a scenario file's name: world-229
MAX_UNITS = 4  # armies and fleets of one power [S 4.5]


EVENT_KINDS = ("favourable", "storm", "barbarians", "pirates", "bad_harvest", "epidemic")


@dataclass(frozen=True)
class Mercenary:
    """A named contingent raised in a province [S 3.9]: worth +1 to the unit it serves for a year."""

    id: str
    name: Title
    kind: MercenaryKind
    origin: str


@dataclass(frozen=True)
class TradingPost:
    id: str
    name: Title
    province: str


@dataclass(frozen=True)
class Route:
    """A link of the trading network between two posts, and the places it crosses [S 3.5]."""

    a: str
    b: str
    crosses: tuple[str, ...] = ()


@dataclass(frozen=True)
class Strait:
    """A land crossing only the controller of `province` (and the allies he lists) may use [S 8.1]."""

    province: str
    crossing: frozenset[str]
    name: Title


@dataclass(frozen=True)
class Province:
    id: str
    number: int
    name: Title
    kind: PlaceKind
    city: Title | None
    borders: tuple[str, ...]
    coasts: tuple[str, ...]
    resources: Mapping[Good, int]  # surplus (positive) or deficit (negative) of each good
    mines: int
    mercenaries: tuple[str, ...]
    events: tuple[str, ...]
    trading_post: str | None
    incense_needs_safe: tuple[str, ...]  # sea zones that must be free for its incense to count [S 3.8]
    pirate_zone: str | None
    at: tuple[float, float] | None = None  # where the map draws it: longitude east, latitude north

    @property
    def coastal(self) -> bool:
        return bool(self.coasts)

    @property
    def desert(self) -> bool:
        return self.kind is PlaceKind.DESERT


@dataclass(frozen=True)
class SeaZone:
    id: str
    name: Title
    group: str  # the maritime group a fleet's home port must be in [S 4.4]
    adjacent: tuple[str, ...]
    at: tuple[float, float] | None = None  # where the map draws it: longitude east, latitude north


@dataclass(frozen=True)
class LeaderStart:
    id: str
    name: Title
    glorious: bool = False
    competence: int | None = None  # the game master's secret, drawn at the start when not given


@dataclass(frozen=True)
class UnitStart:
    id: str
    kind: UnitKind
    at: str
    leader: str
    age: int = 0  # fleets: years without wood [S 3.7]


@dataclass(frozen=True)
class PowerStart:
    id: str
    name: Title
    major: bool
    king: LeaderStart
    capital: str
    provinces: tuple[str, ...]
    treasury: int
    prestige: int
    protector: str | None
    main_trading_post: str | None
    leaders: tuple[LeaderStart, ...]
    units: tuple[UnitStart, ...]


@dataclass(frozen=True)
class HordeStart:
    id: str
    name: Title
    at: str
    leader: LeaderStart
    since: int  # the year it appeared: it stays put that year [S 8.8]


@dataclass(frozen=True)
class PiratesStart:
    id: str
    name: Title
    at: str  # the coastal province they harry
    zone: str  # the sea zone they infest
    leader: LeaderStart
    since: int


@dataclass(frozen=True)
class Scenario:
    id: str
    title: Title
    start_year: int
    prestige_threshold: int | None
    provinces: Mapping[str, Province]
    seas: Mapping[str, SeaZone]
    posts: Mapping[str, TradingPost]
    routes: tuple[Route, ...]
    passes: frozenset[frozenset[str]]
    pass_names: Mapping[frozenset[str], Title]
    straits: tuple[Strait, ...]
    long_passages: Mapping[frozenset[str], int]  # a pair of zones and the seasons a fleet takes [S 8.2]
    mercenaries: Mapping[str, Mercenary]
    powers: Mapping[str, PowerStart]
    hordes: tuple[HordeStart, ...]
    pirates: tuple[PiratesStart, ...]
    ravaged: Mapping[str, str]  # provinces ravaged by the last campaign before the game, and why
    by_number: Mapping[int, str] = field(default_factory=dict)
    drawing: str | None = None  # the scenario whose drawing it is drawn on (the same places), else its own
    french: Mapping[str, Mapping[str, Noun]] = field(default_factory=dict)  # running French, by section and id

    # ---- geography ------------------------------------------------------------------------------

    def is_sea(self, place: str) -> bool:
        return place in self.seas

    def coasts_of(self, zone: str) -> tuple[str, ...]:
        return tuple(p for p, prov in self.provinces.items() if zone in prov.coasts)

    def land_neighbours(self, province: str) -> tuple[str, ...]:
        return self.provinces[province].borders

    def neighbours(self, place: str) -> tuple[str, ...]:
        """Every place one step away: land borders and coasts for a province; adjacent zones and coasts
        for a sea zone (the graph the distances of [S 3.6] are counted on)."""
        if place in self.seas:
            return self.seas[place].adjacent + self.coasts_of(place)
        prov = self.provinces[place]
        return prov.borders + prov.coasts

    def strait_of(self, a: str, b: str) -> Strait | None:
        pair = frozenset((a, b))
        return next((s for s in self.straits if s.crossing == pair), None)

    def is_pass(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.passes

    def distances(self, start: str, through: Iterable[str] | None = None, land_only: bool = False) -> dict[str, int]:
        """Steps from `start` to every place reachable (through the places of `through` only, when
        given; `start` is always allowed): breadth first, so each is the fewest steps."""
        allowed = None if through is None else set(through)
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            steps = self.land_neighbours(here) if land_only else self.neighbours(here)
            for nxt in steps:
                if nxt in seen or (allowed is not None and nxt not in allowed):
                    continue
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
        return seen

    def place_name(self, place: str) -> Title:
        if place in self.provinces:
            return self.provinces[place].name
        if place in self.seas:
            return self.seas[place].name
        if place in self.posts:
            return self.posts[place].name
        return Title(place, place)

    # ---- reading --------------------------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Any) -> Scenario:
        return _read(data)


def _title(c: Checker, data: Any, where: str, default: str) -> Title:
    if data is None:
        return Title(default, default)
    if isinstance(data, str) and data.strip():
        return Title(data.strip(), data.strip())
    if isinstance(data, Mapping):
        m = c.mapping(data, where)
        c.unknown_keys(m, where, ("en", "fr"))
        en = c.text(m.get("en"), f"{where}.en", default=default)
        fr = c.text(m.get("fr"), f"{where}.fr", required=False, default=en)
        return Title(en, fr)
    c.add(where, f"expected a name, or a name per language ({{en: ..., fr: ...}}), found {shown(data)}")
    return Title(default, default)


def _at(c: Checker, data: Any, where: str) -> tuple[float, float] | None:
    """A place's position on the map, ``[longitude, latitude]`` in degrees (east and north positive)."""
    if data is None:
        return None
    ok = isinstance(data, list) and len(data) == 2 and all(isinstance(v, int | float) for v in data)
    if not ok or not (-180 <= data[0] <= 180 and -90 <= data[1] <= 90):
        c.add(where, f"expected [longitude, latitude] in degrees, such as [22.5, 40.6], found {shown(data)}")
        return None
    return float(data[0]), float(data[1])


def _ids(c: Checker, data: Any, where: str) -> dict[str, Any]:
    m = c.mapping(data, where)
    for key in m:
        if not ID.match(key):
            c.add(f"{where}.{key}", f"an id is lower-case letters, digits and '_', starting with a letter: {key!r}")
    return dict(m)


def _leader(c: Checker, data: Any, where: str, lid: str | None = None) -> LeaderStart:
    m = c.mapping(data, where)
    c.unknown_keys(
        m, where, ("id", "name", "glorious", "competence") if lid is None else ("name", "glorious", "competence")
    )
    ident = lid if lid is not None else c.text(m.get("id"), f"{where}.id", default="leader")
    if lid is None and not ID.match(ident):
        c.add(f"{where}.id", f"an id is lower-case letters, digits and '_', starting with a letter: {ident!r}")
    competence = m.get("competence")
    comp = None if competence is None else c.integer(competence, f"{where}.competence", -1, 3)
    return LeaderStart(
        ident, _title(c, m.get("name"), f"{where}.name", ident), c.flag(m.get("glorious"), f"{where}.glorious"), comp
    )


def _drawing(c: Checker, data: Any) -> str | None:
    """The scenario whose drawing this one is drawn on (it has the same places), named as its file is."""
    if data is None:
        return None
    name = c.text(data, "drawing")
    if not SCENARIO_NAME.match(name):
        c.add("drawing", f"expected the id of a scenario with the same places, such as world-229, found {name!r}")
    return name


TOP_KEYS = (
    "scenario",
    "title",
    "start_year",
    "prestige_threshold",
    "sea_zones",
    "provinces",
    "routes",
    "passes",
    "straits",
    "long_passages",
    "powers",
    "hordes",
    "pirates",
    "ravaged",
    "drawing",
    "french",
)
PROVINCE_KEYS = (
    "number",
    "name",
    "kind",
    "city",
    "borders",
    "coasts",
    "resources",
    "mines",
    "mercenaries",
    "events",
    "trading_post",
    "incense_needs_safe",
    "pirate_zone",
    "at",
)


def _read(data: Any) -> Scenario:
    """A scenario file's content, each part read in turn, every problem at once."""
    c = Checker()
    top = c.mapping(data, "")
    c.unknown_keys(top, "", TOP_KEYS)
    sid = c.text(top.get("scenario"), "scenario", default="scenario")
    drawing = _drawing(c, top.get("drawing"))
    title = _title(c, top.get("title"), "title", sid)
    start_year = c.integer(top.get("start_year"), "start_year")
    if start_year == 0:
        c.add("start_year", "there is no year 0: 1 BC is -1, AD 1 is 1")
    threshold = None
    if top.get("prestige_threshold") is not None:
        threshold = c.integer(top.get("prestige_threshold"), "prestige_threshold", 1)

    seas_data = _ids(c, top.get("sea_zones"), "sea_zones")
    prov_data = _ids(c, top.get("provinces"), "provinces")
    for key in set(seas_data) & set(prov_data):
        c.add(f"sea_zones.{key}", f"{key!r} is both a sea zone and a province")
    seas = _seas(c, seas_data)
    land = _Land(c, prov_data, seas_data)
    provinces, posts = land.provinces, land.posts
    routes = _routes(c, top.get("routes"), provinces, seas, posts)
    passes, pass_names = _passes(c, top.get("passes"), provinces)
    straits = _straits(c, top.get("straits"), provinces)
    long_passages = _long_passages(c, top.get("long_passages"), seas)
    powers = _powers(c, top.get("powers"), provinces, seas, posts)
    leader_ids = _held_once(c, powers)
    hordes = _hordes(c, top.get("hordes"), provinces, start_year)
    pirates = _pirates(c, top.get("pirates"), provinces, seas, start_year)
    for chief in [h.leader for h in hordes] + [p.leader for p in pirates]:
        if chief.id in leader_ids:
            c.add("hordes", f"the chief {chief.id!r} is already a leader of {leader_ids[chief.id]!r}")
        leader_ids.setdefault(chief.id, "")

    ravaged = {}
    for key, why in c.mapping(top.get("ravaged"), "ravaged", required=False).items():
        if key not in provinces:
            c.add(f"ravaged.{key}", f"unknown province {key!r}" + nearest(key, provinces))
            continue
        ravaged[key] = c.text(why, f"ravaged.{key}", default="war")
    named = {
        "places": {*provinces, *seas, *posts},
        "powers": set(powers),
        "bands": {*(h.id for h in hordes), *(p.id for p in pirates)},
        "mercenaries": set(land.mercs),
    }
    french = _french(c, top.get("french"), named)
    c.done()
    return Scenario(
        sid,
        title,
        start_year,
        threshold,
        provinces,
        seas,
        posts,
        routes,
        passes,
        pass_names,
        straits,
        long_passages,
        land.mercs,
        powers,
        hordes,
        pirates,
        ravaged,
        dict(land.numbers),
        drawing,
        french,
    )


def _french(c: Checker, data: Any, named: Mapping[str, set[str]]) -> dict[str, dict[str, Noun]]:
    """The running French form of each name that takes an article (« la Macédoine », « les Nabatéens »),
    by section (`places`, `powers`, `bands`: hordes and pirates, `mercenaries`) and id; its gender where
    « l’ » or « les » hides it: `{the: l’Indus, gender: m}`."""
    top = c.mapping(data, "french", required=False)
    c.unknown_keys(top, "french", tuple(named))
    out: dict[str, dict[str, Noun]] = {}
    for section, ids in named.items():
        out[section] = {}
        for key, raw in c.mapping(top.get(section), f"french.{section}", required=False).items():
            w = f"french.{section}.{key}"
            if key not in ids:
                c.add(w, f"unknown id {key!r} among the {section}" + nearest(key, ids))
                continue
            made = _french_name(c, raw, w)
            if made is not None:
                out[section][key] = made
    return out


def _french_name(c: Checker, raw: Any, w: str) -> Noun | None:
    gender = None
    if isinstance(raw, Mapping):
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("the", "gender"))
        text = c.text(m.get("the"), f"{w}.the", default="")
        gender = None if m.get("gender") is None else c.text(m.get("gender"), f"{w}.gender")
    else:
        text = c.text(raw, w, default="")
    problem = form_problem(text, gender) if text else None
    if problem is not None:
        c.add(w, problem)
    return noun(text, gender) if text and problem is None else None


def _seas(c: Checker, seas_data: Mapping[str, Any]) -> dict[str, SeaZone]:
    """The sea zones, each listing its neighbours as they list it."""
    seas: dict[str, SeaZone] = {}
    for zid, raw in seas_data.items():
        w = f"sea_zones.{zid}"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("name", "group", "adjacent", "at"))
        adjacent = []
        for i, other in enumerate(c.sequence(m.get("adjacent"), f"{w}.adjacent")):
            name = c.name_in(other, f"{w}.adjacent[{i}]", seas_data, "sea zone")
            if name is not None:
                adjacent.append(name)
        seas[zid] = SeaZone(
            zid,
            _title(c, m.get("name"), f"{w}.name", zid),
            c.text(m.get("group"), f"{w}.group"),
            tuple(adjacent),
            _at(c, m.get("at"), f"{w}.at"),
        )
    for zid, zone in seas.items():
        for other in zone.adjacent:
            if other in seas and zid not in seas[other].adjacent:
                c.add(
                    f"sea_zones.{zid}.adjacent",
                    f"{zid!r} lists {other!r} as adjacent but {other!r} does not list {zid!r}",
                )
    return seas


class _Land:
    """The provinces read one by one, with the mercenaries, trading posts and numbers they bring."""

    def __init__(self, c: Checker, prov_data: Mapping[str, Any], seas_data: Mapping[str, Any]) -> None:
        self.c, self.prov_data, self.seas_data = c, prov_data, seas_data
        self.mercs: dict[str, Mercenary] = {}
        self.posts: dict[str, TradingPost] = {}
        self.provinces: dict[str, Province] = {}
        self.numbers: dict[int, str] = {}
        for pid, raw in prov_data.items():
            self.provinces[pid] = self.province(pid, raw)
        for pid, prov in self.provinces.items():
            for other in prov.borders:
                if other in self.provinces and pid not in self.provinces[other].borders:
                    c.add(f"provinces.{pid}.borders", f"{pid!r} borders {other!r} but {other!r} does not list {pid!r}")

    def province(self, pid: str, raw: Any) -> Province:
        c, w = self.c, f"provinces.{pid}"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, PROVINCE_KEYS)
        number = c.integer(m.get("number"), f"{w}.number", 1, 97)
        if number in self.numbers:
            c.add(f"{w}.number", f"number {number} is already {self.numbers[number]!r}'s")
        self.numbers.setdefault(number, pid)
        kind = c.choice(m.get("kind"), f"{w}.kind", PlaceKind, PlaceKind.LAND) or PlaceKind.LAND
        if kind is PlaceKind.SEA:
            c.add(f"{w}.kind", "a province is land or desert; sea zones go under sea_zones")
            kind = PlaceKind.LAND
        borders = []
        for i, other in enumerate(c.sequence(m.get("borders"), f"{w}.borders")):
            name = c.name_in(other, f"{w}.borders[{i}]", self.prov_data, "province")
            if name == pid:
                c.add(f"{w}.borders[{i}]", "a province does not border itself")
            elif name is not None:
                borders.append(name)
        coasts = self.zones(m.get("coasts"), f"{w}.coasts")
        resources = self.resources(m.get("resources"), f"{w}.resources")
        merc_ids = self.mercenaries(pid, m.get("mercenaries"), f"{w}.mercenaries")
        events = self.events(m.get("events"), f"{w}.events", coasts)
        post_id = self.post(pid, m.get("trading_post"), f"{w}.trading_post")
        safe = self.zones(m.get("incense_needs_safe"), f"{w}.incense_needs_safe")
        pirate_zone = None
        if m.get("pirate_zone") is not None:
            pirate_zone = c.name_in(m.get("pirate_zone"), f"{w}.pirate_zone", coasts, "sea zone on its coast")
        if kind is PlaceKind.DESERT and (resources or post_id or merc_ids):
            c.add(w, "a desert has no resources, trading post nor mercenaries: nobody controls it")
        return Province(
            pid,
            number,
            _title(c, m.get("name"), f"{w}.name", pid),
            kind,
            None if m.get("city") is None else _title(c, m.get("city"), f"{w}.city", pid),
            tuple(borders),
            coasts,
            resources,
            c.integer(m.get("mines", 0), f"{w}.mines", 0, 9),
            merc_ids,
            events,
            post_id,
            safe,
            pirate_zone,
            _at(c, m.get("at"), f"{w}.at"),
        )

    def zones(self, data: Any, where: str) -> tuple[str, ...]:
        out = []
        for i, zone in enumerate(self.c.sequence(data, where)):
            name = self.c.name_in(zone, f"{where}[{i}]", self.seas_data, "sea zone")
            if name is not None:
                out.append(name)
        return tuple(out)

    def resources(self, data: Any, where: str) -> dict[Good, int]:
        c = self.c
        resources: dict[Good, int] = {}
        goods = {g.value: g for g in PROVINCE_GOODS}
        for key, value in c.mapping(data, where, required=False).items():
            if key not in goods:
                c.add(f"{where}.{key}", f"unknown good {key!r}" + nearest(key, goods))
                continue
            amount = c.integer(value, f"{where}.{key}", -9, 9)
            if amount:
                resources[goods[key]] = amount
        return resources

    def mercenaries(self, pid: str, data: Any, where: str) -> tuple[str, ...]:
        c = self.c
        merc_ids = []
        for mid, mraw in _ids(c, data or {}, where).items():
            mw = f"{where}.{mid}"
            mm = c.mapping(mraw, mw)
            c.unknown_keys(mm, mw, ("name", "kind"))
            if mid in self.mercs:
                c.add(mw, f"the mercenaries {mid!r} are already raised in {self.mercs[mid].origin!r}")
                continue
            mkind = c.choice(mm.get("kind"), f"{mw}.kind", MercenaryKind, MercenaryKind.FOOT) or MercenaryKind.FOOT
            self.mercs[mid] = Mercenary(mid, _title(c, mm.get("name"), f"{mw}.name", mid), mkind, pid)
            merc_ids.append(mid)
        return tuple(merc_ids)

    def events(self, data: Any, where: str, coasts: tuple[str, ...]) -> tuple[str, ...]:
        events = []
        for i, ev in enumerate(self.c.sequence(data, where)):
            if not isinstance(ev, str) or ev not in EVENT_KINDS:
                self.c.add(f"{where}[{i}]", f"unknown event {shown(ev)}" + nearest(str(ev), EVENT_KINDS))
                continue
            if ev == "pirates" and not coasts:
                self.c.add(f"{where}[{i}]", "pirates strike coastal provinces only")
            events.append(ev)
        return tuple(events)

    def post(self, pid: str, data: Any, where: str) -> str | None:
        if data is None:
            return None
        c = self.c
        pm = c.mapping(data, where)
        c.unknown_keys(pm, where, ("id", "name"))
        post_id = c.text(pm.get("id"), f"{where}.id", default=pid)
        if post_id in self.posts:
            c.add(f"{where}.id", f"the trading post {post_id!r} is already in {self.posts[post_id].province!r}")
        else:
            self.posts[post_id] = TradingPost(post_id, _title(c, pm.get("name"), f"{where}.name", post_id), pid)
        return post_id


def _routes(
    c: Checker, data: Any, provinces: Mapping[str, Province], seas: Mapping[str, SeaZone], posts: Mapping[str, Any]
) -> tuple[Route, ...]:
    routes = []
    for i, raw in enumerate(c.sequence(data, "routes")):
        w = f"routes[{i}]"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("between", "crosses"))
        ends = [
            c.name_in(e, f"{w}.between[{j}]", posts, "trading post")
            for j, e in enumerate(c.sequence(m.get("between"), f"{w}.between", True))
        ]
        if len(ends) != 2 or None in ends or ends[0] == ends[1]:
            if len(ends) != 2:
                c.add(f"{w}.between", "a route links two different trading posts")
            continue
        crosses = []
        for j, place in enumerate(c.sequence(m.get("crosses"), f"{w}.crosses")):
            name = c.name_in(place, f"{w}.crosses[{j}]", [*provinces, *seas], "province or sea zone")
            if name is not None:
                crosses.append(name)
        a, b = str(ends[0]), str(ends[1])
        routes.append(Route(a, b, tuple(crosses)))
    return tuple(routes)


def _passes(
    c: Checker, data: Any, provinces: Mapping[str, Province]
) -> tuple[frozenset[frozenset[str]], dict[frozenset[str], Title]]:
    passes: set[frozenset[str]] = set()
    pass_names: dict[frozenset[str], Title] = {}
    for i, raw in enumerate(c.sequence(data, "passes")):
        w = f"passes[{i}]"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("between", "name"))
        pair = _pair(c, m.get("between"), f"{w}.between", provinces)
        if pair is not None:
            passes.add(pair)
            pass_names[pair] = _title(c, m.get("name"), f"{w}.name", "pass")
    return frozenset(passes), pass_names


def _straits(c: Checker, data: Any, provinces: Mapping[str, Province]) -> tuple[Strait, ...]:
    straits = []
    for i, raw in enumerate(c.sequence(data, "straits")):
        w = f"straits[{i}]"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("province", "crossing", "name"))
        prov_id = c.name_in(m.get("province"), f"{w}.province", provinces, "province")
        pair = _pair(c, m.get("crossing"), f"{w}.crossing", provinces)
        if prov_id is not None and pair is not None:
            if prov_id not in pair:
                c.add(f"{w}.crossing", f"the crossing must start from the strait's province {prov_id!r}")
            straits.append(Strait(prov_id, pair, _title(c, m.get("name"), f"{w}.name", prov_id)))
    return tuple(straits)


def _long_passages(c: Checker, data: Any, seas: Mapping[str, SeaZone]) -> dict[frozenset[str], int]:
    long_passages: dict[frozenset[str], int] = {}
    for i, raw in enumerate(c.sequence(data, "long_passages")):
        w = f"long_passages[{i}]"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("between", "seasons"))
        names = [
            c.name_in(z, f"{w}.between[{j}]", seas, "sea zone")
            for j, z in enumerate(c.sequence(m.get("between"), f"{w}.between", True))
        ]
        if len(names) != 2 or None in names:
            if len(names) != 2:
                c.add(f"{w}.between", "a long passage links two sea zones")
            continue
        a, b = str(names[0]), str(names[1])
        if b not in seas[a].adjacent:
            c.add(f"{w}.between", f"{a!r} and {b!r} are not adjacent sea zones")
        long_passages[frozenset((a, b))] = c.integer(m.get("seasons"), f"{w}.seasons", 2, 3, 3)
    return long_passages


def _held_once(c: Checker, powers: Mapping[str, PowerStart]) -> dict[str, str]:
    """Each province, leader and unit of one power only; the leaders' powers, by leader."""
    taken: dict[str, str] = {}
    for power in powers.values():
        for prov_id in power.provinces:
            if prov_id in taken:
                c.add(f"powers.{power.id}.provinces", f"{prov_id!r} is already {taken[prov_id]!r}'s")
            taken.setdefault(prov_id, power.id)
    leader_ids: dict[str, str] = {}
    unit_ids: dict[str, str] = {}
    for power in powers.values():
        for leader in (power.king, *power.leaders):
            if leader.id in leader_ids:
                c.add(f"powers.{power.id}.leaders", f"the leader {leader.id!r} is already {leader_ids[leader.id]!r}'s")
            leader_ids.setdefault(leader.id, power.id)
        for unit in power.units:
            if unit.id in unit_ids:
                c.add(
                    f"powers.{power.id}.units.{unit.id}", f"the unit id {unit.id!r} is already {unit_ids[unit.id]!r}'s"
                )
            unit_ids.setdefault(unit.id, power.id)
    return leader_ids


def _hordes(c: Checker, data: Any, provinces: Mapping[str, Province], start_year: int) -> tuple[HordeStart, ...]:
    hordes = []
    for i, raw in enumerate(c.sequence(data, "hordes")):
        w = f"hordes[{i}]"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("id", "name", "at", "leader", "since"))
        at = c.name_in(m.get("at"), f"{w}.at", provinces, "province")
        hid = c.text(m.get("id"), f"{w}.id", default=f"horde{i}")
        hordes.append(
            HordeStart(
                hid,
                _title(c, m.get("name"), f"{w}.name", hid),
                at or "",
                _leader(c, m.get("leader"), f"{w}.leader"),
                c.integer(m.get("since", start_year - 1), f"{w}.since"),
            )
        )
    return tuple(hordes)


def _pirates(
    c: Checker, data: Any, provinces: Mapping[str, Province], seas: Mapping[str, SeaZone], start_year: int
) -> tuple[PiratesStart, ...]:
    pirates = []
    for i, raw in enumerate(c.sequence(data, "pirates")):
        w = f"pirates[{i}]"
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("id", "name", "at", "zone", "leader", "since"))
        at = c.name_in(m.get("at"), f"{w}.at", provinces, "province")
        zone_id = c.name_in(m.get("zone"), f"{w}.zone", seas, "sea zone")
        if at and zone_id and zone_id not in provinces[at].coasts:
            c.add(f"{w}.zone", f"{zone_id!r} is not on the coast of {at!r}")
        pid_ = c.text(m.get("id"), f"{w}.id", default=f"pirates{i}")
        pirates.append(
            PiratesStart(
                pid_,
                _title(c, m.get("name"), f"{w}.name", pid_),
                at or "",
                zone_id or "",
                _leader(c, m.get("leader"), f"{w}.leader"),
                c.integer(m.get("since", start_year - 1), f"{w}.since"),
            )
        )
    return tuple(pirates)


def _pair(c: Checker, data: Any, where: str, provinces: Mapping[str, Province]) -> frozenset[str] | None:
    names = [c.name_in(p, f"{where}[{j}]", provinces, "province") for j, p in enumerate(c.sequence(data, where, True))]
    if len(names) != 2:
        c.add(where, "expected two provinces")
        return None
    if None in names:
        return None
    a, b = str(names[0]), str(names[1])
    if b not in provinces[a].borders:
        c.add(where, f"{a!r} and {b!r} do not border each other")
        return None
    return frozenset((a, b))


def _powers(
    c: Checker,
    data: Any,
    provinces: Mapping[str, Province],
    seas: Mapping[str, SeaZone],
    posts: Mapping[str, TradingPost],
) -> dict[str, PowerStart]:
    raw_powers = _ids(c, data, "powers")
    if not raw_powers:
        c.add("powers", "a scenario needs at least one power")
    out: dict[str, PowerStart] = {}
    for pid, raw in raw_powers.items():
        w = f"powers.{pid}"
        m = c.mapping(raw, w)
        c.unknown_keys(
            m,
            w,
            (
                "name",
                "major",
                "king",
                "capital",
                "provinces",
                "treasury",
                "prestige",
                "protector",
                "main_trading_post",
                "leaders",
                "units",
            ),
        )
        major = c.flag(m.get("major"), f"{w}.major", True)
        king = _leader(c, m.get("king"), f"{w}.king")
        held = []
        for i, p in enumerate(c.sequence(m.get("provinces"), f"{w}.provinces", True)):
            name = c.name_in(p, f"{w}.provinces[{i}]", provinces, "province")
            if name is not None and provinces[name].desert:
                c.add(f"{w}.provinces[{i}]", f"{name!r} is a desert: nobody controls it")
            elif name is not None:
                held.append(name)
        capital = c.name_in(m.get("capital"), f"{w}.capital", provinces, "province")
        if capital is not None and capital not in held:
            c.add(f"{w}.capital", f"the capital {capital!r} is not among the power's provinces")
        protector = None
        if m.get("protector") is not None:
            protector = c.name_in(m.get("protector"), f"{w}.protector", raw_powers, "power")
        if major and protector is not None:
            c.add(f"{w}.protector", "only a minor power has a protector")
        if not major and protector is None:
            c.add(f"{w}.protector", "a minor power needs its protector, a major power")
        post = None
        if m.get("main_trading_post") is not None:
            post = c.name_in(m.get("main_trading_post"), f"{w}.main_trading_post", posts, "trading post")
        leaders = tuple(
            _leader(c, lraw, f"{w}.leaders.{lid}", lid)
            for lid, lraw in _ids(c, m.get("leaders") or {}, f"{w}.leaders").items()
        )
        known_leaders = {king.id, *(leader.id for leader in leaders)}
        units = []
        commanders: dict[str, str] = {}
        for uid, uraw in _ids(c, m.get("units") or {}, f"{w}.units").items():
            uw = f"{w}.units.{uid}"
            um = c.mapping(uraw, uw)
            c.unknown_keys(um, uw, ("kind", "at", "leader", "age"))
            kind = c.choice(um.get("kind"), f"{uw}.kind", UnitKind, UnitKind.ARMY) or UnitKind.ARMY
            places = seas if kind is UnitKind.FLEET else provinces
            at = c.name_in(um.get("at"), f"{uw}.at", places, "sea zone" if kind is UnitKind.FLEET else "province")
            leader = c.name_in(um.get("leader"), f"{uw}.leader", known_leaders, f"leader of {pid!r}")
            if leader is not None and leader in commanders:
                c.add(f"{uw}.leader", f"{leader!r} already commands {commanders[leader]!r}")
            if leader is not None:
                commanders[leader] = uid
            age = c.integer(um.get("age", 0), f"{uw}.age", 0, 2) if kind is UnitKind.FLEET else 0
            units.append(UnitStart(uid, kind, at or "", leader or king.id, age))
        if len(units) > MAX_UNITS:
            c.add(f"{w}.units", f"a power keeps at most {MAX_UNITS} armies and fleets, this one has {len(units)}")
        out[pid] = PowerStart(
            pid,
            _title(c, m.get("name"), f"{w}.name", pid),
            major,
            king,
            capital or "",
            tuple(held),
            c.integer(m.get("treasury", 0), f"{w}.treasury", 0),
            c.integer(m.get("prestige", 0), f"{w}.prestige"),
            protector,
            post,
            leaders,
            tuple(units),
        )
    for pid, power in out.items():
        if power.protector is not None and power.protector in out and not out[power.protector].major:
            c.add(f"powers.{pid}.protector", f"the protector {power.protector!r} is a minor power")
    return out


def check_scenario(data: Any) -> list[str]:
    """The problems of a scenario's data in words ([] when it loads)."""
    try:
        Scenario.from_data(data)
    except DataError as err:
        return [str(p) for p in err.problems]
    return []
