"""The year being resolved: a working copy of the state that the steps of [S 2.1] change in turn, with
the treasuries that never go below zero, the dice named by purpose, and the records of what happened.

Only `year.resolve_year` builds one, from a frozen `State`, and turns it back into one; the steps are
the functions of the other modules, each taking the `Work`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pipeline.shared.dice import GAME_MASTER, PUBLIC, Audience, Dice

from .french import noun
from .model import Good, Season, Title, UnitKind, year_label
from .options import Options
from .orders import CampaignOrder, PlanRow, PowerOrders, Ruling
from .outcome import Code, Entry, Glory, Record, Seen, Step, Value, record
from .scenario import Scenario
from .state import Horde, LedgerLine, Pirates, Ravage, State


@dataclass
class PowerW:
    id: str
    name: Title
    major: bool
    king: str
    capital: str
    original_capital: str
    protector: str | None
    main_post: str | None
    prestige: int
    eliminated: bool
    usurper_of: str | None
    fought_last_year: set[str]
    aggressors_last_year: set[str]


@dataclass
class LeaderW:
    id: str
    name: Title
    power: str | None
    glorious: bool = False


@dataclass
class UnitW:
    id: str
    power: str
    kind: UnitKind
    place: str
    leader: str
    age: int = 0
    aboard: str | None = None
    pacify_attempts: int = 0
    desert_since: int | None = None
    wages_from: int | None = None
    passage: int = 0
    mercenaries: list[str] = field(default_factory=list)
    defeats: int = 0  # this campaign: -1 each in battle [S 5.5]
    # the campaign plan as a queue [S 6.3]
    plan: tuple[PlanRow, ...] = ()
    row: int = 0
    secondary: tuple[CampaignOrder, ...] | None = None
    sec_index: int = 0
    held_d0: bool = False  # beaten with no secondary plan: D0 for the rest of the campaign
    locked: CampaignOrder | None = None  # a usurper's D0 or P, an autonomous minor's D3
    return_to: str | None = None  # a defence took it away from where its order is carried out
    defence_priorities: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    fight_first: bool = False
    # within a season
    start: str = ""
    came_from: str | None = None
    moved: bool = False
    held: bool = False  # its defence kept it in place this season
    beaten: bool = False  # lost a battle this season (and retreated)
    retried: bool = False


@dataclass
class Work:
    s: Scenario
    o: Options
    dice: Dice
    ruling: Ruling
    year: int
    orders: dict[str, PowerOrders]
    powers: dict[str, PowerW]
    owners: dict[str, str]
    treasury: dict[str, int]
    leaders: dict[str, LeaderW]
    competence: dict[str, int]
    units: dict[str, UnitW]
    hordes: list[Horde]
    pirates: list[Pirates]
    ravaged_last: Mapping[str, tuple[Ravage, ...]]  # from the last campaign: this year's economy
    blockades_last: frozenset[str]
    balances: Mapping[str, Mapping[Good, int]]
    state: State
    ledger: dict[str, list[LedgerLine]] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)
    ravaged: dict[str, list[Ravage]] = field(default_factory=dict)  # this campaign's
    blockades: set[str] = field(default_factory=set)
    treaties: set[frozenset[str]] = field(default_factory=set)
    treaties_ending: set[frozenset[str]] = field(default_factory=set)  # broken: they end with the season
    fights: set[frozenset[str]] = field(default_factory=set)
    aggressions: set[tuple[str, str]] = field(default_factory=set)  # (aggressor, victim)
    disasters: dict[str, list[Season | None]] = field(default_factory=dict)
    king_deaths: dict[str, list[Season | None]] = field(default_factory=dict)
    revenue: dict[str, int] = field(default_factory=dict)  # the year's income but gifts (patronage)
    shortages: dict[str, dict[Good, list[str]]] = field(default_factory=dict)
    needs: dict[str, set[Good]] = field(default_factory=dict)  # goods a power lacked before trade
    wood: dict[str, int] = field(default_factory=dict)  # wood at hand for the winter's fleets
    prestige: list[tuple[str, Glory, int, str]] = field(default_factory=list)
    conquests: dict[str, list[str]] = field(default_factory=dict)
    usurped: set[str] = field(default_factory=set)  # provinces a usurper took this year
    autonomous: set[str] = field(default_factory=set)  # minors their protector attacked
    bad_harvest: set[str] = field(default_factory=set)
    epidemics: set[str] = field(default_factory=set)
    storms: dict[str, int] = field(default_factory=dict)  # place -> the season index it is blocked
    bribes: dict[str, list[tuple[str, int, tuple[str, ...]]]] = field(default_factory=dict)  # unit -> offers
    counter: dict[str, int] = field(default_factory=dict)  # unit -> counter-corruption paid
    betrayed: set[str] = field(default_factory=set)  # units already betrayed once
    plague_tested: set[str] = field(default_factory=set)
    unpaid: list[str] = field(default_factory=list)  # units whose wages went unpaid: step 23
    season: Season | None = None
    season_index: int = -1  # 0-2 during the campaign
    created: dict[str, str] = field(default_factory=dict)  # power -> the unit it raises this winter
    patrons: list[str] = field(default_factory=list)
    signed: set[frozenset[str]] = field(default_factory=set)  # the treaties signed this year (step 1)
    positions: dict[int, dict[str, str]] = field(default_factory=dict)  # season index -> unit -> place
    attempted: set[str] = field(default_factory=set)  # armies that tried to pacify this season
    horde_moves: dict[str, str] = field(default_factory=dict)
    defeated_by: dict[str, str | None] = field(default_factory=dict)  # unit -> who beat it this season
    retreat_prefs: dict[str, tuple[str, ...]] = field(default_factory=dict)  # unit -> its row's choices
    rome_pending: list[str] = field(default_factory=list)

    # ---- dice ------------------------------------------------------------------------------------

    def roll(self, sides: int, *purpose: str, audience: Audience = PUBLIC) -> int:
        """A die named by its purpose: the year, the season if any, then what it decides; read by
        `audience`, as the record it decides (public unless said)."""
        when = year_label(self.year) + (f" {self.season.value}" if self.season else "")
        return self.dice.roll(" ".join((when, *purpose)), sides, audience)

    def percent(self, chance: int, *purpose: str, audience: Audience = PUBLIC) -> tuple[bool, int]:
        """A d100 test: it happens when the roll is at most `chance`."""
        roll = self.roll(100, *purpose, audience=audience)
        return roll <= chance, roll

    def pick(self, options: list[str], *purpose: str, audience: Audience = PUBLIC) -> str:
        """One of `options` (sorted first, so that only the die decides)."""
        ordered = sorted(options)
        if len(ordered) == 1:
            return ordered[0]
        return ordered[self.roll(len(ordered), *purpose, audience=audience) - 1]

    def shuffled(self, items: Iterable[str], *purpose: str) -> list[str]:
        pool = sorted(items)
        out: list[str] = []
        while pool:
            choice = pool[0] if len(pool) == 1 else pool[self.roll(len(pool), *purpose, str(len(out) + 1)) - 1]
            pool.remove(choice)
            out.append(choice)
        return out

    @property
    def fight_dice(self) -> Audience:
        """Who reads the dice of a fight (a battle, pirates, a pacification): with the public modifiers and
        outcome they would tell the leaders' competences, so the game master alone while the option
        `battle_dice_sealed` holds, everybody otherwise [S 5.1]."""
        return GAME_MASTER if self.o.battle_dice_sealed else PUBLIC

    # ---- money: never a deficit [S 2.1] -----------------------------------------------------------

    def credit(self, power: str, amount: int, step: Step, entry: Entry, ref: str = "", income: bool = True) -> None:
        if amount <= 0 or power not in self.powers:
            return
        self.treasury[power] = self.treasury.get(power, 0) + amount
        self.ledger.setdefault(power, []).append(LedgerLine(int(step), entry.value, amount, ref))
        if income:
            self.revenue[power] = self.revenue.get(power, 0) + amount

    def pay(self, power: str, amount: int, step: Step, entry: Entry, ref: str = "") -> bool:
        """Spend `amount` if the treasury holds it; an item it cannot pay is skipped whole [S 2.1]."""
        if amount <= 0:
            return True
        if self.treasury.get(power, 0) < amount:
            return False
        self.treasury[power] -= amount
        self.ledger.setdefault(power, []).append(LedgerLine(int(step), entry.value, -amount, ref))
        return True

    def transfer(self, payer: str, payee: str, amount: int, step: Step, out: Entry, into: Entry, ref: str = "") -> bool:
        if not self.pay(payer, amount, step, out, ref or payee):
            return False
        # gifts and a territorial treaty's talents are no revenue of the year (the patron's share, [S 7.1])
        self.credit(
            payee, amount, step, into, ref or payer, income=into not in (Entry.GIFT_RECEIVED, Entry.DOREA_RECEIVED)
        )
        return True

    # ---- who is whose friend --------------------------------------------------------------------

    def player(self, power: str | None) -> str | None:
        """Who writes `power`'s orders: a minor's protector (unless it broke with him), else itself."""
        if power is None:
            return None
        info = self.powers.get(power)
        if info is not None and info.protector and power not in self.autonomous:
            return info.protector
        return power

    def allied(self, a: str | None, b: str | None) -> bool:
        """Same power, same player, or a friendship treaty in force: their forces do not fight [S 7.2]."""
        if a is None or b is None:
            return False
        if a == b or self.player(a) == self.player(b):
            return True
        return frozenset((a, b)) in self.treaties

    def hostile(self, a: str | None, b: str | None) -> bool:
        return not self.allied(a, b)

    def side_holds(self, power: str, province: str) -> bool:
        """Is the province held by the power, a power of its player, or a treaty friend?"""
        owner = self.owners.get(province)
        return owner is not None and self.allied(power, owner)

    def alive_powers(self) -> list[str]:
        return sorted(p for p, info in self.powers.items() if not info.eliminated)

    def majors(self) -> list[str]:
        return [p for p in self.alive_powers() if self.powers[p].major]

    def provinces_of(self, power: str) -> list[str]:
        return sorted(p for p, o in self.owners.items() if o == power)

    def units_of(self, power: str) -> list[UnitW]:
        return [self.units[u] for u in sorted(self.units) if self.units[u].power == power]

    def unit_at(self, place: str) -> list[UnitW]:
        """The units in `place`; a fleet on a long passage is at sea between two zones, in neither [S 8.2]."""
        return [self.units[u] for u in sorted(self.units) if self.units[u].place == place and not self.units[u].passage]

    def commander_of(self, leader: str) -> UnitW | None:
        return next((u for u in self.units.values() if u.leader == leader), None)

    def is_king(self, leader: str) -> bool:
        return any(p.king == leader for p in self.powers.values())

    # ---- what happened ---------------------------------------------------------------------------

    def rec(
        self,
        step: Step,
        code: Code,
        power: str | None = None,
        *,
        seen: Seen = Seen.PUBLIC,
        readers: tuple[str, ...] = (),
        **detail: Value,
    ) -> Record:
        r = record(step, code, power, self.season, seen=seen, readers=readers, **detail)
        self.records.append(r)
        return r

    def ravage(self, province: str, why: Ravage) -> None:
        if province not in self.s.provinces or self.s.provinces[province].desert:
            return
        causes = self.ravaged.setdefault(province, [])
        if why not in causes:
            causes.append(why)
            self.rec(Step.CAMPAIGN, Code.RAVAGED, self.owners.get(province), province=province, why=why.value)

    def fought(self, a: str | None, b: str | None, aggressor: str | None = None) -> None:
        """Powers that fought this year [S 3.6], and who attacked whom [S 7.6]."""
        if a is None or b is None or a == b:
            return
        self.fights.add(frozenset((a, b)))
        if aggressor is not None:
            victim = b if aggressor == a else a
            self.aggressions.add((aggressor, victim))
            if (
                self.powers.get(victim) is not None
                and self.powers[victim].protector == aggressor
                and victim not in self.autonomous
            ):
                self.autonomous.add(victim)
                self.rec(Step.CAMPAIGN, Code.AUTONOMY, victim, minor=victim, aggressor=aggressor)
            if frozenset((a, b)) in self.treaties:
                self.treaties_ending.add(frozenset((a, b)))

    def glory(self, power: str | None, cause: Glory, delta: int, about: str = "") -> None:
        if power is None or power not in self.powers or not self.powers[power].major:
            return  # minor powers do not compete for prestige [S 9.1]
        self.prestige.append((power, cause, delta, about))

    def new_leader(self, power: str | None, name: str | Title, purpose: str, ident: str = "") -> str:
        """A leader who was not in the game: his id (`ident`, else from his English name), his competence
        drawn in secret; a name chosen by a player or the game master is the same in both languages."""
        from .checking import slug

        title = name if isinstance(name, Title) else Title(name, name)
        base = slug(ident or title.en) or "leader"
        lid, n = base, 2
        while lid in self.leaders:
            lid, n = f"{base}_{n}", n + 1
        self.leaders[lid] = LeaderW(lid, title, power)
        self.competence[lid] = self.draw_competence(purpose)
        return lid

    def draw_competence(self, purpose: str) -> int:
        span = self.o.competence_max - self.o.competence_min + 1
        return self.o.competence_min + self.roll(span, "competence", purpose, audience=GAME_MASTER) - 1

    def french_of(self, place: str) -> str:
        """« de la mer Ionienne », « du Pont », « de Rhodes »: a place after « de » in French [S 1.2]."""
        known = self.s.french.get("places", {}).get(place)
        return (known or noun(self.s.place_name(place).fr)).of()

    def season_number(self) -> int:
        """The campaign seasons counted across years (for desert stays and pirates' first season)."""
        base = self.year if self.year < 0 else self.year - 1
        return base * 3 + max(self.season_index, 0)
