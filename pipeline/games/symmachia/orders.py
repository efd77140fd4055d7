"""A power's orders for a year [S 10] (the order sheet: trade, politics, military preparation, campaign
plans of three rows) and the game master's ruling for the year, read from plain data (a YAML file's
content) with every problem at once: what was expected, and the nearest names. Orders that are legal
but defeat themselves (sales over the published capacity, spending over the treasury) come back as
warnings.

The shape of an order file (docs/rules/symmachia.md, chapter S 10, has a whole example)::

    power: lagids
    year: 229bc
    trade:
      - {sell: grain, quantity: 2, to: antigonids, route: [alexandria, rhodes, thessalonica]}
      - {buy: mercenaries, unit: achaean_citizens, from: achaeans, assign_to: lagids_a1}
    politics: {gifts: {rhodes: 200}, friendship: [seleucids], patronage: true, speech: "..."}
    military:
      lagids_a1:
        commander: king
        mercenaries: [idumaean_archers]
        plan:
          - {order: M idumaea, retreat: [egypt], defence: D2, secondary: [D0, M egypt]}
          - {order: P}
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pipeline.errors import DataError, PipelineError, Problem, shown
from pipeline.games import names as name_rule

from .checking import N_, Checker, nearest, problem, slug
from .french_keys import Renamer
from .model import (
    ARMY_ORDERS,
    FLEET_ORDERS,
    NO_PRIORITY,
    SEASONS,
    TARGETLESS,
    Good,
    MercenaryKind,
    OrderKind,
    Season,
    UnitKind,
    round_up_ten,
    year_label,
)
from .scenario import MAX_UNITS, Scenario
from .state import State

MINOR_SECRET_LIMIT = 1000  # a minor's yearly total of bribes, counter-bribes and plots [S 7.4]
MINOR_GIFTS_LIMIT = 2  # gifts a king may make to minor powers in a year [S 7.3]


class TradeOp(enum.Enum):
    SELL = "sell"
    BUY = "buy"


class Status(enum.Enum):
    MAINTAIN = "maintain"
    DISBAND = "disband"
    CREATE = "create"


class ConditionKind(enum.Enum):
    TREATY = "treaty"  # a friendship treaty with `power` was signed this year (treaties come before spring)
    UNIT_AT = "unit_at"  # `unit` was in `place` at the end of season `after` (an earlier season)


@dataclass(frozen=True)
class TradeLine:
    op: TradeOp
    good: Good
    quantity: int
    partner: str
    route: tuple[str, ...] = ()  # the seller's advice, when routes tie [S 3.5]
    mercenary: str | None = None
    assign_to: str | None = None  # the buyer's unit the mercenaries join


@dataclass(frozen=True)
class Gift:
    to: str
    amount: int


@dataclass(frozen=True)
class Dorea:
    partner: str
    give_talents: int = 0
    give_provinces: tuple[str, ...] = ()
    get_talents: int = 0
    get_provinces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bribe:
    target: str  # a unit
    amount: int
    beneficiaries: tuple[str, ...]


@dataclass(frozen=True)
class Politics:
    new_capital: str | None = None
    main_trading_post: str | None = None
    forgive: tuple[str, ...] = ()  # powers it fought that may use its trading posts anyway
    plot_kings: tuple[str, ...] = ()  # powers whose kings it plots against
    rome: tuple[str, ...] = ()  # provinces it asks Rome's arbitration on
    gifts: tuple[Gift, ...] = ()
    tribute: tuple[str, ...] = ()  # provinces whose hordes it pays to leave
    speech: str = ""
    patronage: bool = False
    friendship: tuple[str, ...] = ()
    dorea: tuple[Dorea, ...] = ()
    plot_generals: tuple[str, ...] = ()  # leaders
    counter_corruption: tuple[tuple[str, int], ...] = ()  # (own unit, amount)
    corruption: tuple[Bribe, ...] = ()
    bosporus: tuple[str, ...] = ()  # allies the strait's master lets cross [S 8.1]
    speech_fr: str = ""  # the speech in French, when the file gives it in both languages [S 7.12]


@dataclass(frozen=True)
class CampaignOrder:
    kind: OrderKind
    target: str | None = None
    radius: int | None = None  # D orders: 0-3, or NO_PRIORITY

    def __str__(self) -> str:
        if self.kind is OrderKind.DEFEND:
            return "D" + ("N" if self.radius == NO_PRIORITY else str(self.radius if self.radius is not None else 0))
        return str(self.kind.value) + (f" {self.target}" if self.target else "")


HOLD = CampaignOrder(OrderKind.DEFEND, None, 0)


@dataclass(frozen=True)
class Condition:
    kind: ConditionKind
    power: str | None = None
    unit: str | None = None
    place: str | None = None
    after: Season | None = None


@dataclass(frozen=True)
class PlanRow:
    order: CampaignOrder
    retreat: tuple[str, ...] = ()
    defence: int | None = None  # 0-3, NO_PRIORITY; None: the default (D3 armies, D0 fleets) [S 6.4]
    secondary: tuple[CampaignOrder, ...] = ()
    secondary_if: tuple[str, ...] = ()  # the secondary plan only after a defeat by one of these
    only_if: Condition | None = None
    otherwise: CampaignOrder | None = None


@dataclass(frozen=True)
class UnitOrders:
    unit: str
    status: Status = Status.MAINTAIN
    kind: UnitKind | None = None  # for a unit created this winter
    at: str | None = None
    commander: str | None = None  # a leader id, or "king"; None: unchanged
    new_commander: str | None = None  # the name of a trusted friend given the command
    mercenaries: tuple[str, ...] = ()
    no_wood: bool = False  # fleets: the one left without wood when wood runs short
    plan: tuple[PlanRow, ...] = ()
    defence_provinces: tuple[str, ...] = ()  # at equal distance, defend these first
    defence_enemies: tuple[str, ...] = ()  # ... then fight these powers first
    fight_first: bool = False
    notes: str = ""  # free text the game master rules on


@dataclass(frozen=True)
class PowerOrders:
    power: str
    year: int
    trade: tuple[TradeLine, ...] = ()
    politics: Politics = Politics()
    military: tuple[UnitOrders, ...] = ()

    def unit(self, uid: str) -> UnitOrders | None:
        return next((u for u in self.military if u.unit == uid), None)


def no_orders(power: str, year: int) -> PowerOrders:
    """A power that sent nothing trades nothing, gives nothing, pays what it can and defends [S 10.3]."""
    return PowerOrders(power, year)


# ---- reading --------------------------------------------------------------------------------------

Wrong = tuple[str, dict[str, object]]  # why a text is not what was expected: a message and its values

ORDER_TEXT = re.compile(r"^\s*([A-Za-z])\s*(\S.*)?$")
KING = "king"


def parse_campaign_order(text: Any) -> CampaignOrder | Wrong:
    """``M mysia``, ``F lagids_a1``, ``P``, ``D2``, ``DN`` ... as an order, or what is wrong in words."""
    if not isinstance(text, str) or not text.strip():
        return N_("expected an order such as 'M mysia' or 'D2', found {found}"), {"found": shown(text)}
    t = text.strip()
    if re.fullmatch(r"[Dd]\s*([0-3]|[Nn])?", t):
        tail = t[1:].strip().upper()
        return CampaignOrder(OrderKind.DEFEND, None, NO_PRIORITY if tail == "N" else int(tail or 0))
    m = ORDER_TEXT.match(t)
    letters = {k.value: k for k in OrderKind}
    if not m or m[1].upper() not in letters:
        return N_("expected an order letter ({letters}) then its place or unit, found {found}"), {
            "letters": ", ".join(letters),
            "found": shown(text),
        }
    kind = letters[m[1].upper()]
    target = m[2].strip().lower().replace(" ", "_").replace("-", "_") if m[2] else None
    if target is None and kind not in TARGETLESS:
        return N_("the order {order} needs a place or a unit: {found}"), {"order": kind.value, "found": shown(text)}
    return CampaignOrder(kind, target)


def parse_defence(text: Any) -> int | Wrong | None:
    if text is None:
        return None
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 3:
        return text
    if isinstance(text, str) and re.fullmatch(r"[Dd]?\s*([0-3]|[Nn])", text.strip()):
        tail = text.strip()[-1].upper()
        return NO_PRIORITY if tail == "N" else int(tail)
    return N_("expected a defence D0, D1, D2, D3 or DN, found {found}"), {"found": shown(text)}


def _year(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d+)\s*(bc|ad)\s*", value.lower())
        if m:
            return -int(m[1]) if m[2] == "bc" else int(m[1])
    return None


class Reader:
    """Reads one power's order file against the scenario and the state at the start of the year."""

    def __init__(self, scenario: Scenario, state: State, power: str) -> None:
        self.s = scenario
        self.st = state
        self.power = power
        self.c = Checker(lambda pid: scenario.place_name(pid).en if pid in self.places else pid)
        self.warnings: list[Problem] = []
        pub = state.public
        self.powers = {p for p, info in pub.powers.items() if not info.eliminated}
        self.places = {*scenario.provinces, *scenario.seas}
        self.units = dict(pub.units)
        info = pub.powers.get(power)
        self.major = info.major if info is not None else True

    def warn(self, where: str, message: str, **values: object) -> None:
        self.warnings.append(problem(where, message, self.c.namer, "", **values))

    def power_name(self, data: Any, where: str, others_only: bool = True) -> str | None:
        name = self.c.name_in(data, where, sorted(self.powers), N_("power"))
        if name is not None and others_only and name == self.power:
            self.c.add(where, N_("a power does not deal with itself"))
            return None
        return name

    def place(self, data: Any, where: str, known: Any = None, what: str = N_("province or sea zone")) -> str | None:
        return self.c.name_in(data, where, sorted(known if known is not None else self.places), what)

    def amount(self, data: Any, where: str) -> int:
        value = self.c.integer(data, where, 10, default=0)
        if value and value % 10:
            self.warn(
                where,
                N_("talents are counted in tens: {value} is read as {read}"),
                value=value,
                read=round_up_ten(value),
            )
            value = round_up_ten(value)
        return value

    def names(self, data: Any, where: str, read: Any) -> tuple[str, ...]:
        out = []
        for i, item in enumerate(self.c.sequence(data, where)):
            name = read(item, f"{where}[{i}]")
            if name is not None:
                out.append(name)
        return tuple(out)

    # ---- the file --------------------------------------------------------------------------------

    def read(self, data: Any) -> PowerOrders:
        c = self.c
        top = c.mapping(data, "")
        c.unknown_keys(top, "", ("power", "year", "trade", "politics", "military"))
        if top.get("power") is not None and str(top.get("power")).strip().lower() != self.power:
            c.add(
                "power",
                N_("this file is the orders of {power}, it names {found}"),
                power=repr(self.power),
                found=shown(top.get("power")),
            )
        year = _year(top.get("year"))
        if year is None:
            c.add(
                "year",
                N_("expected the year, such as {example}, found {found}"),
                example=repr(year_label(self.st.public.year)),
                found=shown(top.get("year")),
            )
        elif year != self.st.public.year:
            c.add(
                "year",
                N_("these are orders for {year}; the year to play is {current}"),
                year=year_label(year),
                current=year_label(self.st.public.year),
            )
        military = self.military(top.get("military"))
        trade = self.trade(top.get("trade"), military)
        politics = self.politics(top.get("politics"))
        self.spending(politics, military)
        c.done()
        return PowerOrders(self.power, self.st.public.year, trade, politics, military)

    def trade(self, data: Any, military: tuple[UnitOrders, ...]) -> tuple[TradeLine, ...]:
        c = self.c
        lines = []
        totals: dict[tuple[TradeOp, Good], int] = {}
        goods = {g.value: g for g in Good}
        mine = set(self.st.provinces_of(self.power))
        for i, raw in enumerate(c.sequence(data, "trade")):
            w = f"trade[{i}]"
            m = c.mapping(raw, w)
            c.unknown_keys(m, w, ("sell", "buy", "quantity", "to", "from", "route", "unit", "assign_to"))
            ops = [op for op in TradeOp if op.value in m]
            if len(ops) != 1:
                c.add(w, N_("expected either 'sell: <good>' or 'buy: <good>'"))
                continue
            op = ops[0]
            good = c.name_in(m.get(op.value), f"{w}.{op.value}", goods, N_("good"))
            partner_key = "to" if op is TradeOp.SELL else "from"
            partner = self.power_name(m.get(partner_key), f"{w}.{partner_key}")
            if good is None or partner is None:
                continue
            g = goods[good]
            merc = assign = None
            quantity = 1
            if g is Good.MERCENARIES:
                merc = c.name_in(m.get("unit"), f"{w}.unit", self.s.mercenaries, N_("mercenary unit"))
                if merc is not None and op is TradeOp.SELL and self.s.mercenaries[merc].origin not in mine:
                    c.add(
                        f"{w}.unit",
                        N_("{mercenary} are raised in {province}, which is not yours"),
                        mercenary=repr(merc),
                        province=repr(self.s.mercenaries[merc].origin),
                    )
                if (
                    op is TradeOp.SELL
                    and not self.major
                    and any(u.kind is UnitKind.ARMY for u in self.st.units_of(self.power))
                ):
                    c.add(
                        w,
                        N_(
                            "a minor power keeps its mercenaries for its own armies; it sells them only without an army"
                        ),
                    )
                if op is TradeOp.BUY:
                    assign = self.own_unit(m.get("assign_to"), f"{w}.assign_to", military)
                    if merc is not None and assign is not None:
                        self.foot_only(merc, self.units[assign].kind, f"{w}.unit")
                if m.get("quantity", 1) != 1:
                    c.add(f"{w}.quantity", N_("mercenaries are traded one named unit at a time"))
            else:
                if "unit" in m or "assign_to" in m:
                    c.add(w, N_("'unit' and 'assign_to' are for mercenaries only"))
                quantity = c.integer(m.get("quantity"), f"{w}.quantity", 1, 99, default=1)
            route = self.names(
                m.get("route"), f"{w}.route", lambda x, wh: c.name_in(x, wh, self.s.posts, N_("trading post"))
            )
            if route and op is TradeOp.BUY:
                self.warn(
                    f"{w}.route", N_("only the seller advises his merchants on the route; the buyer's is not read")
                )
            lines.append(TradeLine(op, g, quantity, partner, route, merc, assign))
            totals[(op, g)] = totals.get((op, g), 0) + quantity
        forecast = self.st.public.forecasts.get(self.power)
        for (op, g), total in sorted(totals.items(), key=lambda kv: (kv[0][0].value, kv[0][1].value)):
            if g is Good.MERCENARIES or forecast is None:
                continue
            cap = (forecast.exports if op is TradeOp.SELL else forecast.imports).get(g, 0)
            if g is Good.WOOD and op is TradeOp.BUY:
                cap = self.wood_need(military)
            if total > cap:
                self.warn(
                    "trade",
                    N_(
                        "your sales of {good} ({total}) exceed what you may sell ({cap}): "
                        "none of them will be carried out"
                    )
                    if op is TradeOp.SELL
                    else N_(
                        "your purchases of {good} ({total}) exceed what you may buy ({cap}): "
                        "none of them will be carried out"
                    ),
                    good=g.value,
                    total=total,
                    cap=cap,
                )
        return tuple(lines)

    def wood_need(self, military: tuple[UnitOrders, ...]) -> int:
        fleets = sum(1 for u in self.st.units_of(self.power) if u.kind is UnitKind.FLEET)
        new = sum(1 for u in military if u.status is Status.CREATE and u.kind is UnitKind.FLEET)
        own = sum(
            self.s.provinces[p].resources.get(Good.WOOD, 0)
            for p in self.st.provinces_of(self.power)
            if p not in self.st.public.ravaged and self.s.provinces[p].resources.get(Good.WOOD, 0) > 0
        )
        return max(0, fleets + 2 * new - own)

    def foot_only(self, merc: str, kind: UnitKind | None, where: str) -> None:
        """A fleet takes foot soldiers only, whether its own power's or bought [S 3.9] (§3.2.3, §2.2.6)."""
        if kind is UnitKind.FLEET and self.s.mercenaries[merc].kind is not MercenaryKind.FOOT:
            kind_words = {
                MercenaryKind.CAVALRY: N_("a fleet takes foot soldiers only; {mercenary} are horsemen"),
                MercenaryKind.ELEPHANTS: N_("a fleet takes foot soldiers only; {mercenary} are elephants"),
            }
            self.c.add(where, kind_words[self.s.mercenaries[merc].kind], mercenary=repr(merc))

    def own_unit(self, data: Any, where: str, military: tuple[UnitOrders, ...]) -> str | None:
        mine = [u.id for u in self.st.units_of(self.power)]
        return self.c.name_in(data, where, mine, N_("unit of yours"))

    POLITICS_KEYS = (
        "new_capital",
        "main_trading_post",
        "forgive",
        "plot_kings",
        "rome",
        "gifts",
        "tribute",
        "speech",
        "patronage",
        "friendship",
        "dorea",
        "plot_generals",
        "counter_corruption",
        "corruption",
        "bosporus",
    )

    def politics(self, data: Any) -> Politics:
        """The politics section [S 7]: its public acts, then its secret ones, each checked as it is read."""
        c = self.c
        m = c.mapping(data, "politics", required=False)
        c.unknown_keys(m, "politics", self.POLITICS_KEYS)
        new_capital = self.new_capital(m.get("new_capital"))
        post = None
        if m.get("main_trading_post") is not None:
            post = c.name_in(m.get("main_trading_post"), "politics.main_trading_post", self.s.posts, N_("trading post"))
        forgive = self.names(m.get("forgive"), "politics.forgive", self.power_name)
        if forgive and not self.major:
            c.add("politics.forgive", N_("only a major power forgives those who fought it"))
        plot_kings = self.names(m.get("plot_kings"), "politics.plot_kings", self.power_name)
        rome = self.names(
            m.get("rome"), "politics.rome", lambda x, w: self.place(x, w, self.s.provinces, N_("province"))
        )
        gifts = self.gifts(m.get("gifts"))
        tribute = self.tribute(m.get("tribute"))
        patronage = c.flag(m.get("patronage"), "politics.patronage")
        if patronage and not self.major:
            c.add("politics.patronage", N_("a minor power is no patron of the arts"))
        dorea = tuple(
            self.dorea(raw, f"politics.dorea[{i}]")
            for i, raw in enumerate(c.sequence(m.get("dorea"), "politics.dorea"))
        )
        if dorea and not self.major:
            c.add("politics.dorea", N_("a minor power signs no territorial treaty"))
        plot_generals, counter, bribes = self.secret_acts(m, plot_kings)
        bosporus = self.names(m.get("bosporus"), "politics.bosporus", self.power_name)
        if bosporus and not any(self.st.owner(s.province) == self.power for s in self.s.straits):
            self.warn(
                "politics.bosporus", N_("only the master of a strait lets others cross it: this list is not read")
            )
        speech, speech_fr = self.speech(m.get("speech"))
        friendship = self.names(m.get("friendship"), "politics.friendship", self.power_name)
        return Politics(
            new_capital,
            post,
            forgive,
            plot_kings,
            rome,
            gifts,
            tribute,
            speech,
            patronage,
            friendship,
            dorea,
            plot_generals,
            counter,
            bribes,
            bosporus,
            speech_fr,
        )

    def speech(self, data: Any) -> tuple[str, str]:
        """A speech as written, or in both languages (`{en: ..., fr: ...}`): the text, and its French when
        it differs [S 7.12]."""
        c = self.c
        if not isinstance(data, Mapping):
            return c.text(data, "politics.speech", required=False), ""
        m = c.mapping(data, "politics.speech")
        c.unknown_keys(m, "politics.speech", ("en", "fr"))
        en = c.text(m.get("en"), "politics.speech.en", required=False)
        fr = c.text(m.get("fr"), "politics.speech.fr", required=False)
        if not en and not fr and set(m) <= {"en", "fr"}:
            c.add("politics.speech", N_("expected a speech, or a speech per language under the keys en and fr"))
        return (en, fr) if en else (fr, "")

    def new_capital(self, data: Any) -> str | None:
        """A new capital, only when the capital has been lost [S 2.3]."""
        if data is None:
            return None
        info = self.st.public.powers.get(self.power)
        chosen = self.place(data, "politics.new_capital", self.st.provinces_of(self.power), N_("province of yours"))
        held = info is not None and self.st.owner(info.capital) == self.power
        if held and info is not None and self.st.owner(info.original_capital) == self.power and chosen:
            self.c.add("politics.new_capital", N_("a capital moves only when it has been lost"))
        return chosen

    def gifts(self, data: Any) -> tuple[Gift, ...]:
        """Gifts to friends, a king's only, at most two a year to minor powers [S 7.3]."""
        c = self.c
        gifts = []
        for to, amount in c.mapping(data, "politics.gifts", required=False).items():
            name = self.power_name(to, f"politics.gifts.{to}")
            if name is not None:
                gifts.append(Gift(name, self.amount(amount, f"politics.gifts.{to}")))
        if gifts and not self.major:
            c.add("politics.gifts", N_("a minor power makes no gifts"))
        to_minors = [g for g in gifts if not self.st.public.powers[g.to].major]
        if len(to_minors) > MINOR_GIFTS_LIMIT:
            c.add(
                "politics.gifts",
                N_("a king makes at most {limit} gifts a year to minor powers, these are {count}"),
                limit=MINOR_GIFTS_LIMIT,
                count=len(to_minors),
            )
        return tuple(gifts)

    def tribute(self, data: Any) -> tuple[str, ...]:
        """The provinces whose hordes the power pays to leave [S 8.8]."""
        tribute = self.names(data, "politics.tribute", lambda x, w: self.place(x, w, self.s.provinces, N_("province")))
        hordes = {h.place for h in self.st.public.hordes}
        for i, prov in enumerate(tribute):
            if prov not in hordes:
                self.warn(
                    f"politics.tribute[{i}]", N_("no horde is in {province}: nothing will be paid"), province=repr(prov)
                )
            if not self.major and self.st.owner(prov) != self.power:
                self.c.add(f"politics.tribute[{i}]", N_("a minor power pays barbarians only on its own territory"))
        return tribute

    def secret_acts(
        self, m: Mapping[str, Any], plot_kings: tuple[str, ...]
    ) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...], tuple[Bribe, ...]]:
        """Plots against generals, counter-bribes and bribes, with a minor's yearly limit and one plot a year
        against each victim [S 7.4] [S 7.8]."""
        c = self.c
        leaders = {lid for lid, leader in self.st.public.leaders.items() if leader.power not in (None, self.power)}
        kings = {info.king for info in self.st.public.powers.values()}
        plot_generals = self.names(
            m.get("plot_generals"),
            "politics.plot_generals",
            lambda x, w: c.name_in(x, w, sorted(leaders - kings), N_("general of another power")),
        )
        counter = self.counter_corruption(m.get("counter_corruption"))
        bribes = self.corruption(m.get("corruption"))
        if not self.major:
            total = (
                sum(a for _, a in counter)
                + sum(b.amount for b in bribes)
                + 500 * len(plot_generals)
                + 1000 * len(plot_kings)
            )
            if total > MINOR_SECRET_LIMIT:
                c.add(
                    "politics",
                    N_(
                        "a minor power spends at most {limit} talents a year on bribes, counter-bribes and plots; "
                        "these orders spend {total}"
                    ),
                    limit=MINOR_SECRET_LIMIT,
                    total=total,
                )
        for key, victims in (("plot_kings", plot_kings), ("plot_generals", plot_generals)):
            for victim in sorted({v for v in victims if victims.count(v) > 1}):
                c.add(
                    f"politics.{key}",
                    N_("one plot a year against each victim: {victim} is named twice"),
                    victim=repr(victim),
                )
        return plot_generals, counter, bribes

    def counter_corruption(self, data: Any) -> tuple[tuple[str, int], ...]:
        counter = []
        for uid, amount in self.c.mapping(data, "politics.counter_corruption", required=False).items():
            unit = self.own_unit(uid, f"politics.counter_corruption.{uid}", ())
            if unit is not None:
                counter.append((unit, self.amount(amount, f"politics.counter_corruption.{uid}")))
        return tuple(counter)

    def corruption(self, data: Any) -> tuple[Bribe, ...]:
        c = self.c
        bribes = []
        theirs = [u for u, unit in self.units.items() if unit.power != self.power]
        for i, raw in enumerate(c.sequence(data, "politics.corruption")):
            w = f"politics.corruption[{i}]"
            bm = c.mapping(raw, w)
            c.unknown_keys(bm, w, ("target", "amount", "for"))
            target = c.name_in(bm.get("target"), f"{w}.target", theirs, N_("unit of another power"))
            beneficiaries = self.names(
                bm.get("for", [self.power]), f"{w}.for", lambda x, wh: self.power_name(x, wh, False)
            )
            if not self.major and set(beneficiaries) - {self.power}:
                c.add(f"{w}.for", N_("a minor power corrupts only for its own armies and fleets"))
            if target is not None:
                bribes.append(
                    Bribe(target, self.amount(bm.get("amount"), f"{w}.amount"), beneficiaries or (self.power,))
                )
        return tuple(bribes)

    def dorea(self, raw: Any, w: str) -> Dorea:
        c = self.c
        m = c.mapping(raw, w)
        c.unknown_keys(m, w, ("with", "give", "get"))
        partner = self.power_name(m.get("with"), f"{w}.with") or ""
        give = c.mapping(m.get("give"), f"{w}.give", required=False)
        get = c.mapping(m.get("get"), f"{w}.get", required=False)
        for part, where in ((give, f"{w}.give"), (get, f"{w}.get")):
            c.unknown_keys(part, where, ("talents", "provinces"))
        mine = self.st.provinces_of(self.power)
        give_p = self.names(
            give.get("provinces"),
            f"{w}.give.provinces",
            lambda x, wh: self.place(x, wh, mine, N_("province of yours")),
        )
        info = self.st.public.powers.get(self.power)
        if info is not None and info.original_capital in give_p:
            c.add(f"{w}.give.provinces", N_("a king never gives away the province of his original capital"))
        theirs = self.st.provinces_of(partner) if partner else []
        get_p = self.names(
            get.get("provinces"),
            f"{w}.get.provinces",
            lambda x, wh: self.place(x, wh, theirs, N_("province of the partner")),
        )
        give_t = self.amount(give["talents"], f"{w}.give.talents") if give.get("talents") else 0
        get_t = self.amount(get["talents"], f"{w}.get.talents") if get.get("talents") else 0
        if partner and partner in self.st.public.powers and not self.st.public.powers[partner].major:
            c.add(f"{w}.with", N_("a minor power signs no territorial treaty"))
        return Dorea(partner, give_t, give_p, get_t, get_p)

    # ---- military preparation and campaign plans ---------------------------------------------------

    def military(self, data: Any) -> tuple[UnitOrders, ...]:
        c = self.c
        m = c.mapping(data, "military", required=False)
        mine = {u.id: u for u in self.st.units_of(self.power)}
        out = []
        created = 0
        commanders: dict[str, str] = {}
        for uid, raw in m.items():
            w = f"military.{uid}"
            um = c.mapping(raw, w)
            c.unknown_keys(
                um,
                w,
                (
                    "status",
                    "create",
                    "at",
                    "commander",
                    "mercenaries",
                    "no_wood",
                    "plan",
                    "defence_priorities",
                    "fight_first",
                    "notes",
                ),
            )
            creating = "create" in um
            kind: UnitKind | None
            at = None
            if creating:
                created += 1
                kind, at = self.creation(uid, um, w)
                status = Status.CREATE
            else:
                if uid not in mine:
                    c.unknown(w, N_("{unit} is not one of your units"), uid, mine, unit=repr(uid))
                    continue
                kind = mine[uid].kind
                status = c.choice(um.get("status"), f"{w}.status", Status, Status.MAINTAIN) or Status.MAINTAIN
                if status is Status.CREATE:
                    c.add(f"{w}.status", N_("to create a unit, write 'create: army' or 'create: fleet' with a new id"))
                    status = Status.MAINTAIN
            commander, new_commander = self.commander(um.get("commander"), f"{w}.commander", creating)
            if commander is not None:
                if commander in commanders:
                    c.add(
                        f"{w}.commander",
                        N_("{leader} already commands {unit}"),
                        leader=repr(commander),
                        unit=repr(commanders[commander]),
                    )
                commanders[commander] = uid
            mercs = self.unit_mercenaries(um.get("mercenaries"), f"{w}.mercenaries", kind, creating)
            start = at if creating else mine[uid].place if uid in mine else None
            plan = self.plan(um.get("plan"), f"{w}.plan", kind, start, creating)
            d_prov, d_enemies = self.defence_priorities(um.get("defence_priorities"), f"{w}.defence_priorities")
            notes = c.text(um.get("notes"), f"{w}.notes", required=False)
            no_wood = c.flag(um.get("no_wood"), f"{w}.no_wood")
            if no_wood and kind is not UnitKind.FLEET:
                c.add(f"{w}.no_wood", N_("only a fleet needs wood"))
            out.append(
                UnitOrders(
                    uid,
                    status,
                    kind if creating else None,
                    at,
                    commander,
                    new_commander,
                    mercs,
                    no_wood,
                    plan,
                    d_prov,
                    d_enemies,
                    c.flag(um.get("fight_first"), f"{w}.fight_first"),
                    notes,
                )
            )
        if created > 1:
            c.add(
                "military", N_("a power raises one new army or fleet a year, these orders raise {count}"), count=created
            )
        kept = sum(1 for u in mine if not any(o.unit == u and o.status is Status.DISBAND for o in out))
        if created and kept + 1 > MAX_UNITS:
            c.add(
                "military",
                N_("a power keeps at most {limit} armies and fleets: it has {kept} and would raise one more"),
                limit=MAX_UNITS,
                kept=kept,
            )
        for uid in sorted(mine):
            if not any(o.unit == uid for o in out):
                out.append(UnitOrders(uid))
        return tuple(out)

    def creation(self, uid: str, um: Mapping[str, Any], w: str) -> tuple[UnitKind | None, str | None]:
        """A unit raised this winter: its kind, a new id, and where (a province of the power's that is no
        desert; a sea zone off one of its coasts) [S 4.5]."""
        c = self.c
        kind = c.choice(um.get("create"), f"{w}.create", UnitKind)
        if uid in self.units:
            c.add(w, N_("the unit id {unit} is taken: a new unit needs a new id"), unit=repr(uid))
        elif (problem := name_rule.name_problem(uid, name_rule.NameKind.ID)) is not None:
            c.add(w, problem.template, **dict(problem.values))
        if kind is UnitKind.ARMY:
            lands = [p for p in self.st.provinces_of(self.power) if not self.s.provinces[p].desert]
            return kind, self.place(um.get("at"), f"{w}.at", lands, N_("province of yours"))
        if kind is UnitKind.FLEET:
            zones = sorted({z for p in self.st.provinces_of(self.power) for z in self.s.provinces[p].coasts})
            return kind, self.place(um.get("at"), f"{w}.at", zones, N_("sea zone off one of your coasts"))
        return kind, None

    def unit_mercenaries(self, data: Any, where: str, kind: UnitKind | None, creating: bool) -> tuple[str, ...]:
        """A unit's own mercenaries: three at most, none for a unit raised this winter, foot only for a fleet
        [S 3.9]."""
        c = self.c
        mercs = self.names(data, where, lambda x, wh: c.name_in(x, wh, self.s.mercenaries, N_("mercenary unit")))
        if len(mercs) > 3:
            c.add(
                where,
                N_("at most three mercenary units serve one army or fleet, these are {count}"),
                count=len(mercs),
            )
        if creating and mercs:
            c.add(where, N_("a unit raised this winter takes no mercenaries this year"))
        for i, merc in enumerate(mercs):
            self.foot_only(merc, kind, f"{where}[{i}]")
        return mercs

    def defence_priorities(self, data: Any, where: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        prio = self.c.mapping(data, where, required=False)
        self.c.unknown_keys(prio, where, ("provinces", "enemies"))
        provinces = self.names(
            prio.get("provinces"),
            f"{where}.provinces",
            lambda x, wh: self.place(x, wh, self.s.provinces, N_("province")),
        )
        return provinces, self.names(prio.get("enemies"), f"{where}.enemies", self.power_name)

    def commander(self, data: Any, where: str, creating: bool) -> tuple[str | None, str | None]:
        if data is None:
            if creating:
                self.c.add(
                    where, N_("a new unit needs its commander: 'king', one of your leaders, or {{new: <name>}}"), new=""
                )
            return None, None
        if isinstance(data, Mapping):
            m = self.c.mapping(data, where)
            self.c.unknown_keys(m, where, ("new",))
            name = self.c.name(m.get("new"), f"{where}.new")
            lid = slug(name)
            if lid and lid in self.st.public.leaders:
                self.c.add(
                    f"{where}.new",
                    N_("{name} is already a leader: name him by his id {id}"),
                    name=repr(name),
                    id=repr(lid),
                )
            return lid, name
        if isinstance(data, str) and data.strip().lower() == KING:
            return self.st.public.powers[self.power].king, None
        mine = [lid for lid, leader in self.st.public.leaders.items() if leader.power == self.power]
        return self.c.name_in(data, where, mine, N_("leader of yours")), None

    def plan(
        self, data: Any, where: str, kind: UnitKind | None, start: str | None, creating: bool
    ) -> tuple[PlanRow, ...]:
        c = self.c
        rows = c.sequence(data, where)
        if creating and rows:
            c.add(where, N_("a unit raised this winter has no campaign this year"))
            return ()
        if len(rows) > 3:
            c.add(
                where,
                N_("a campaign plan has three rows (spring, summer, autumn), this one has {count}"),
                count=len(rows),
            )
            rows = rows[:3]
        out = []
        here = start
        for i, raw in enumerate(rows):
            w = f"{where}[{i}]"
            season = SEASONS[i]
            m = c.mapping(raw, w) if isinstance(raw, Mapping) else {"order": raw}
            c.unknown_keys(m, w, ("order", "retreat", "defence", "secondary", "secondary_if", "only_if", "otherwise"))
            order = self.order(m.get("order"), f"{w}.order", kind)
            if order is not None and here is not None:
                here = self.follow(order, here, kind, f"{w}.order")
            retreat = self.names(m.get("retreat"), f"{w}.retreat", lambda x, wh: self.place(x, wh))
            defence = parse_defence(m.get("defence"))
            if isinstance(defence, tuple):
                c.add(f"{w}.defence", defence[0], **defence[1])
                defence = None
            secondary = []
            for j, text in enumerate(c.sequence(m.get("secondary"), f"{w}.secondary")):
                sec = self.order(text, f"{w}.secondary[{j}]", kind)
                if sec is not None:
                    secondary.append(sec)
            if len(secondary) > 2:
                c.add(f"{w}.secondary", N_("a secondary plan has at most two orders (the seasons left)"))
            secondary_if = self.names(m.get("secondary_if"), f"{w}.secondary_if", self.power_name)
            only_if = self.condition(m.get("only_if"), f"{w}.only_if", season)
            otherwise = None
            if m.get("otherwise") is not None:
                if only_if is None:
                    c.add(f"{w}.otherwise", N_("'otherwise' goes with 'only_if'"))
                otherwise = self.order(m.get("otherwise"), f"{w}.otherwise", kind)
            if order is not None:
                out.append(PlanRow(order, retreat, defence, tuple(secondary), secondary_if, only_if, otherwise))
        return tuple(out)

    def order(self, text: Any, where: str, kind: UnitKind | None) -> CampaignOrder | None:
        order = parse_campaign_order(text)
        if isinstance(order, tuple):
            self.c.add(where, order[0], **order[1])
            return None
        allowed = FLEET_ORDERS if kind is UnitKind.FLEET else ARMY_ORDERS
        if order.kind not in allowed:
            self.c.add(
                where,
                N_("a fleet has no order {order}") if kind is UnitKind.FLEET else N_("an army has no order {order}"),
                order=order.kind.value,
            )
            return None
        if order.target is None:
            return order
        if order.kind is OrderKind.FALL_UPON:
            theirs = [u for u, unit in self.units.items() if unit.power != self.power and unit.kind is kind]
            what = {UnitKind.ARMY: N_("army of another power"), UnitKind.FLEET: N_("fleet of another power")}
            target = self.c.name_in(
                order.target,
                where,
                theirs,
                what.get(kind, N_("unit of another power")) if kind else N_("unit of another power"),
            )
        elif order.kind is OrderKind.EMBARK:
            other = UnitKind.ARMY if kind is UnitKind.FLEET else UnitKind.FLEET
            ours = [u for u, unit in self.units.items() if unit.kind is other]
            target = self.c.name_in(order.target, where, ours, N_("army") if other is UnitKind.ARMY else N_("fleet"))
        elif order.kind in (OrderKind.CONVOY,) or (order.kind is OrderKind.MARCH and kind is UnitKind.FLEET):
            target = self.place(order.target, where, self.s.seas, N_("sea zone"))
        elif order.kind is OrderKind.RAID:
            target = self.place(order.target, where)
        else:
            target = self.place(order.target, where, self.s.provinces, N_("province"))
        return None if target is None else CampaignOrder(order.kind, target, order.radius)

    def follow(self, order: CampaignOrder, here: str, kind: UnitKind | None, where: str) -> str:
        """Where the unit stands after the order, if it succeeds; a target out of reach is a problem."""
        s, t = self.s, order.target
        if t is None:
            return here
        if order.kind is OrderKind.MARCH and t == here:
            self.already_there(where, here, kind)
            return t
        if order.kind is OrderKind.MARCH:
            near = (
                s.seas[here].adjacent
                if kind is UnitKind.FLEET and here in s.seas
                else s.provinces[here].borders
                if here in s.provinces
                else ()
            )
            if t not in near:
                self.c.add(
                    where, N_("{place} is not next to {place_here}, where the unit will be"), place=t, place_here=here
                )
            return t
        if order.kind is OrderKind.CONVOY:
            if here in s.seas and t not in s.seas[here].adjacent:
                self.c.add(
                    where, N_("{place} is not next to {place_here}, where the unit will be"), place=t, place_here=here
                )
            return t
        if order.kind is OrderKind.LAND:
            if here in s.seas and t not in s.coasts_of(here):
                self.c.add(
                    where, N_("{place} has no coast on {place_here}, where the unit will be"), place=t, place_here=here
                )
            return t if kind is UnitKind.ARMY else here
        if order.kind is OrderKind.EMBARK and kind is UnitKind.ARMY:
            fleet = self.units.get(t)
            return fleet.place if fleet is not None else here
        if order.kind in (OrderKind.RAID, OrderKind.CLEAR):
            if here in s.seas and t not in s.coasts_of(here) and t != here and t not in s.seas[here].adjacent:
                self.c.add(
                    where, N_("{place} is not next to {place_here}, where the fleet will be"), place=t, place_here=here
                )
            return here
        if order.kind is OrderKind.PACIFY:
            if t != here and here in s.provinces and t not in s.provinces[here].borders:
                self.c.add(
                    where,
                    N_("{place} is neither {place_here}, where the army will be, nor next to it"),
                    place=t,
                    place_here=here,
                )
            return t
        return here

    def already_there(self, where: str, here: str, kind: UnitKind | None) -> None:
        """A march to the place the unit holds, in words: it is there already, and how to stay."""
        if kind is UnitKind.FLEET:
            message = N_(
                "the fleet is already in this zone ({place}) at that season: a march goes to a neighbouring zone; "
                "to stay, order a defence such as D0"
            )
        else:
            message = N_(
                "the army is already in this province ({place}) at that season: a march goes to a neighbouring "
                "province; to stay, order a defence such as D3"
            )
        self.c.add(where, message, place=here)

    def condition(self, data: Any, where: str, season: Season) -> Condition | None:
        if data is None:
            return None
        c = self.c
        m = c.mapping(data, where)
        c.unknown_keys(m, where, ("treaty", "unit", "at", "after"))
        if "treaty" in m:
            power = self.power_name(m.get("treaty"), f"{where}.treaty")
            return None if power is None else Condition(ConditionKind.TREATY, power=power)
        unit = c.name_in(m.get("unit"), f"{where}.unit", sorted(self.units), N_("unit"))
        place = self.place(m.get("at"), f"{where}.at")
        after = c.choice(m.get("after"), f"{where}.after", Season)
        if after is not None and after.index >= season.index:
            c.add(
                f"{where}.after",
                N_("a {season} order may depend on earlier seasons only, not on {after}"),
                season=season.value,
                after=after.value,
            )
        if unit is None or place is None or after is None:
            return None
        return Condition(ConditionKind.UNIT_AT, unit=unit, place=place, after=after)

    def spending(self, politics: Politics, military: tuple[UnitOrders, ...]) -> None:
        """Warn when the orders would spend more than the treasury and the year's sure income."""
        forecast = self.st.public.forecasts.get(self.power)
        sure = self.st.treasury(self.power) + (forecast.local + forecast.provincial if forecast else 0)
        spend = (
            sum(g.amount for g in politics.gifts)
            + sum(a for _, a in politics.counter_corruption)
            + sum(b.amount for b in politics.corruption)
            + 500 * len(politics.plot_generals)
            + 1000 * len(politics.plot_kings)
            + 700 * len(politics.tribute)
            + sum(1000 for u in military if u.status is Status.CREATE)
            + sum(500 for u in military if u.status is Status.MAINTAIN)
        )
        if spend > sure:
            self.warn(
                "",
                N_(
                    "these orders spend {spend} talents; the treasury and the year's sure income hold {sure}: "
                    "what cannot be paid at its step is skipped"
                ),
                spend=spend,
                sure=sure,
            )


def read_orders(data: Any, scenario: Scenario, state: State, power: str) -> tuple[PowerOrders, list[Problem]]:
    """A power's order file read and checked: the orders and the warnings, or `DataError` with every
    problem."""
    if power not in state.public.powers:
        raise DataError(f"unknown power {power!r}" + nearest(power, state.public.powers))
    renamer = Renamer()
    english = renamer.file(data)
    reader = Reader(scenario, state, power)
    try:
        orders = reader.read(english)
    except DataError as err:
        raise DataError([*renamer.problems, *(_as_written(p, renamer) for p in err.problems)]) from None
    if renamer.problems:
        raise DataError(renamer.problems)
    return orders, [_as_written(p, renamer) for p in reader.warnings]


def _as_written(found: Problem, renamer: Renamer) -> Problem:
    """A problem at its key path as the file wrote it (French keys or English)."""
    return dataclasses.replace(found, where=renamer.back(found.where))


# ---- the game master's ruling ----------------------------------------------------------------------


class NoteRuling(enum.Enum):
    IGNORED = "ignored"  # the free text asks for what the rules do not allow, or leaves him the choice
    REPLACED = "replaced"  # the game master wrote the plan the text means


@dataclass(frozen=True)
class UsurperRuling:
    name: str
    treasury: int = 0


@dataclass(frozen=True)
class Ruling:
    """What the rules leave to the game master for a year: never a die [S 10.4]."""

    year: int
    notes: Mapping[str, NoteRuling]  # by unit
    plans: Mapping[str, tuple[PlanRow, ...]]  # the plan that replaces a unit's, where REPLACED
    rome: Mapping[str, str | None]  # province -> its new master (None: independent); absent: refused
    heirs: Mapping[str, str]  # power -> the name of its new king, if its king dies
    seconds: Mapping[str, str]  # leader -> the name of the officer who replaces him
    usurpers: Mapping[str, UsurperRuling]  # leader -> the name and treasury of the power he founds


def empty_ruling(year: int) -> Ruling:
    return Ruling(year, {}, {}, {}, {}, {}, {})


class PendingRuling(PipelineError):
    """The year cannot be resolved: free text in the orders awaits the game master's ruling."""


def read_ruling(data: Any, scenario: Scenario, state: State) -> Ruling:
    """The game master's ruling file read and checked (`DataError` with every problem)."""
    c = Checker()
    top = c.mapping(data, "")
    c.unknown_keys(top, "", ("year", "notes", "rome", "heirs", "seconds", "usurpers"))
    year = _year(top.get("year"))
    if year != state.public.year:
        c.add(
            "year",
            f"the ruling is for the year to play, {year_label(state.public.year)}; found {shown(top.get('year'))}",
        )
    notes: dict[str, NoteRuling] = {}
    plans: dict[str, tuple[PlanRow, ...]] = {}
    for uid, raw in c.mapping(top.get("notes"), "notes", required=False).items():
        unit = state.public.units.get(uid)
        if unit is None:
            c.add(f"notes.{uid}", f"unknown unit {uid!r}" + nearest(uid, state.public.units))
            continue
        if isinstance(raw, str):
            ruling = c.choice(raw, f"notes.{uid}", NoteRuling)
            if ruling is NoteRuling.REPLACED:
                c.add(f"notes.{uid}", "a replaced plan is written as {plan: [...]}")
            elif ruling is not None:
                notes[uid] = ruling
            continue
        m = c.mapping(raw, f"notes.{uid}")
        c.unknown_keys(m, f"notes.{uid}", ("plan",))
        reader = Reader(scenario, state, unit.power)
        reader.c = c
        plans[uid] = reader.plan(m.get("plan"), f"notes.{uid}.plan", unit.kind, unit.place, False)
        notes[uid] = NoteRuling.REPLACED
    rome: dict[str, str | None] = {}
    for prov, to in c.mapping(top.get("rome"), "rome", required=False).items():
        if prov not in scenario.provinces:
            c.add(f"rome.{prov}", f"unknown province {prov!r}" + nearest(prov, scenario.provinces))
        elif to == "independent" or to is None:
            rome[prov] = None
        else:
            rome[prov] = c.name_in(to, f"rome.{prov}", state.public.powers, "power")
    heirs = {p: c.name(n, f"heirs.{p}") for p, n in c.mapping(top.get("heirs"), "heirs", required=False).items()}
    for p in heirs:
        if p not in state.public.powers:
            c.add(f"heirs.{p}", f"unknown power {p!r}" + nearest(p, state.public.powers))
    seconds = {
        lid: c.name(n, f"seconds.{lid}") for lid, n in c.mapping(top.get("seconds"), "seconds", required=False).items()
    }
    for lid in seconds:
        if lid not in state.public.leaders:
            c.add(f"seconds.{lid}", f"unknown leader {lid!r}" + nearest(lid, state.public.leaders))
    usurpers = {}
    for lid, raw in c.mapping(top.get("usurpers"), "usurpers", required=False).items():
        m = c.mapping(raw, f"usurpers.{lid}")
        c.unknown_keys(m, f"usurpers.{lid}", ("name", "treasury"))
        if lid not in state.public.leaders:
            c.add(f"usurpers.{lid}", f"unknown leader {lid!r}" + nearest(lid, state.public.leaders))
        usurpers[lid] = UsurperRuling(
            c.name(m.get("name"), f"usurpers.{lid}.name"),
            c.integer(m.get("treasury", 0), f"usurpers.{lid}.treasury", 0),
        )
    c.done()
    return Ruling(state.public.year, notes, plans, rome, heirs, seconds, usurpers)


def pending_notes(orders: Mapping[str, PowerOrders], ruling: Ruling) -> list[str]:
    """The units whose free-text notes have no ruling yet: the year waits for them."""
    return sorted(u.unit for o in orders.values() for u in o.military if u.notes and u.unit not in ruling.notes)
