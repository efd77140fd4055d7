"""Symmachia's rule cases (`judge cases`, docs/rules/symmachia.md "Rule cases"): a scenario, a start
changed where the case says, then years, each with the powers' order files, the game master's ruling
and the dice by purpose, and what must hold after it.

A case is plain data (a YAML mapping)::

    id: SY-TRADE-01
    title: Sales over the published capacity void every sale of that good
    source: "[S 3.4] (§2.1.5)"
    profile: symmachia
    scenario: {provinces: {egypt: {resources: {grain: 4}}}}     # the scenario's provinces changed
    start:                                # the first state changed, in the state file's own shape
      owners: {ionia: attalids}           # a mapping is merged key by key (null removes a key) ...
      units: {lagids_f1: {place: aegean_sea}}
      pirates: []                         # ... a list replaces the state's
      treasury: {lagids: 3000}            # each power's treasury (private), every leader's competence
      competence: {sosibius: 2}           # (the game master's), provinces with a bad harvest
      bad_harvest: [thessaly]
    turns:
      - orders: {lagids: {trade: [{sell: grain, quantity: 3, to: antigonids}]}}
        ruling: {heirs: {lagids: Ptolemy IV}}
        dice: {"229bc spring battle mysia": 5, "229bc spring event": [12, 97]}
        expect:
          owners: {ionia: attalids}         # the state's public keys after the year: only those given
          treasury: {lagids: 3600}
          records: [{code: trade_cancelled, seller: lagids, why: over_capacity}]
          no_records: [{code: battle}]
          # waits: notes of lagids_a1     # the year waits for the game master's ruling on this

Every leader's competence is 0 unless the start gives it. The start's balances and next revenues are
computed again from the changed start unless the case gives them. A die the case does not list gives a
quiet d100 (97: no event, nobody dies, nobody rises, a plot fails), 3 on a d6 and 1 otherwise (the
first of the sorted choices). Pure: no file, clock or randomness.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pipeline.errors import DataError, Problem, shown
from pipeline.shared.dice import PUBLIC, Audience, Draw

from .checking import nearest
from .economy import all_balances, fleet_counts, forecast
from .model import Good, year_label
from .options import Options
from .orders import PendingRuling, PowerOrders, Ruling, read_orders, read_ruling
from .scenario import EVENT_KINDS, Scenario
from .start import start_state
from .state import PUBLIC_KEYS as STATE_KEYS
from .state import State, state_from_data, state_to_data
from .year import resolve_year

CASE_KEYS = ("id", "title", "source", "profile", "map", "options", "scenario", "start", "turns", "fixture")
PUBLIC_KEYS = tuple(k for k in STATE_KEYS if k != "scenario")  # the state file's, but its scenario
START_KEYS = (*PUBLIC_KEYS[1:-1], "treasury", "competence", "bad_harvest")  # no year, no winners
PROVINCE_KEYS = ("resources", "mines", "events", "mercenaries", "trading_post", "incense_needs_safe", "pirate_zone")
TURN_KEYS = ("orders", "ruling", "dice", "expect", "force")
EXPECT_KEYS = (
    *PUBLIC_KEYS,
    *("treasury", "competence", "ledger", "records", "no_records", "warnings", "refused", "waits"),
)
QUIET_D100 = 97  # a d100 that brings no event (no demo province has 97), kills nobody, raises no rebel


# ---- the shape of a case, checked when the file is read ------------------------------------------


def case_problems(case: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every problem of a case's shape, as (key path under the case, what was expected)."""
    out: list[tuple[str, str]] = []
    out += _unknown(case, "", CASE_KEYS)
    for key in ("options", "scenario", "start"):
        if not isinstance(case.get(key) or {}, Mapping):
            out.append((key, "expected a mapping"))
    scenario = case.get("scenario") or {}
    if isinstance(scenario, Mapping):
        out += _scenario_shape_problems(scenario)
    start = case.get("start") or {}
    if isinstance(start, Mapping):
        out += _start_shape_problems(start)
    turns = case.get("turns")
    if not isinstance(turns, list) or not turns:
        return [*out, ("turns", "expected a list of years, each with its orders, dice and expect")]
    for n, turn in enumerate(turns):
        out += _turn_shape_problems(turn, f"turns[{n}]")
    return out


def _scenario_shape_problems(scenario: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The problems of a case's changes to the scenario's provinces."""
    out = _unknown(scenario, "scenario", ("provinces",))
    provinces = scenario.get("provinces") or {}
    if not isinstance(provinces, Mapping):
        return [*out, ("scenario.provinces", "expected a mapping of provinces to what changes in each")]
    for pid, change in provinces.items():
        if not isinstance(change, Mapping):
            out.append((f"scenario.provinces.{pid}", "expected a mapping such as {resources: {grain: 2}}"))
        else:
            out += _unknown(change, f"scenario.provinces.{pid}", PROVINCE_KEYS)
    return out


def _start_shape_problems(start: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The problems of a case's changes to the starting state."""
    out = _unknown(start, "start", START_KEYS)
    for key in ("treasury", "competence"):
        out += _numbers(start.get(key), f"start.{key}")
    if not isinstance(start.get("bad_harvest") or [], list):
        out.append(("start.bad_harvest", "expected a list of provinces"))
    return out


def _turn_shape_problems(turn: Any, at: str) -> list[tuple[str, str]]:
    """The problems of one year of a case: its keys, orders, ruling, dice and expectations."""
    if not isinstance(turn, Mapping):
        return [(at, "expected a year: a mapping with orders (and ruling, dice, expect)")]
    out = _unknown(turn, at, TURN_KEYS)
    orders = turn.get("orders") or {}
    if not isinstance(orders, Mapping):
        out.append((f"{at}.orders", "expected a mapping of each power to its order file's content"))
    else:
        for power, data in orders.items():
            if not isinstance(data, Mapping):
                out.append((f"{at}.orders.{power}", "expected an order file's content: trade, politics, military"))
    if not isinstance(turn.get("ruling") or {}, Mapping):
        out.append((f"{at}.ruling", "expected the game master's ruling file's content"))
    out += _dice_problems(turn.get("dice"), f"{at}.dice")
    expect = turn.get("expect") or {}
    if not isinstance(expect, Mapping):
        return [*out, (f"{at}.expect", "expected a mapping of what must hold after the year")]
    return out + _expect_shape_problems(expect, f"{at}.expect")


def _is_list_of(items: Any, kind: type) -> bool:
    return isinstance(items, list) and all(isinstance(x, kind) for x in items)


def _expect_shape_problems(expect: Mapping[str, Any], at: str) -> list[tuple[str, str]]:
    """The problems of what a year of a case expects after it."""
    out = _unknown(expect, at, EXPECT_KEYS)
    for key in ("treasury", "competence"):
        out += _numbers(expect.get(key), f"{at}.{key}")
    for key in ("records", "no_records"):
        items = expect.get(key)
        if items is not None and not _is_list_of(items, Mapping):
            out.append((f"{at}.{key}", "expected a list of records, each a mapping such as {code: battle}"))
    ledger = expect.get("ledger")
    if ledger is not None and not (
        isinstance(ledger, Mapping) and all(_is_list_of(rows, list) and rows for rows in ledger.values())
    ):
        out.append((f"{at}.ledger", "expected each power and its lines [step, entry, amount, about]"))
    warnings = expect.get("warnings")
    if warnings is not None and not _is_list_of(warnings, str):
        out.append((f"{at}.warnings", "expected a list of texts a warning of the orders contains"))
    refused = expect.get("refused")
    if refused is not None and not (isinstance(refused, Mapping) and all(isinstance(x, str) for x in refused.values())):
        out.append((f"{at}.refused", "expected each power and a text one of its file's problems has"))
    return out


def _unknown(data: Mapping[str, Any], where: str, known: tuple[str, ...]) -> list[tuple[str, str]]:
    at = f"{where}." if where else ""
    return [
        (f"{at}{key}", f"not a key of a Symmachia case here{nearest(str(key), known)}")
        for key in data
        if key not in known
    ]


def _numbers(data: Any, where: str) -> list[tuple[str, str]]:
    if data is None:
        return []
    if not isinstance(data, Mapping):
        return [(where, "expected a mapping of names to whole numbers")]
    return [
        (f"{where}.{k}", f"expected a whole number, found {shown(v)}")
        for k, v in data.items()
        if isinstance(v, bool) or not isinstance(v, int)
    ]


def _dice_problems(data: Any, where: str) -> list[tuple[str, str]]:
    if data is None:
        return []
    if not isinstance(data, Mapping):
        return [(where, "expected a mapping of each die's purpose to its value (or list of values)")]
    out = []
    for purpose, value in data.items():
        values = value if isinstance(value, list) else [value]
        if not values or any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in values):
            out.append((f"{where}.{purpose}", f"expected a die's value or a list of them, found {shown(value)}"))
    return out


# ---- the dice of a case --------------------------------------------------------------------------


@dataclass
class CaseDice:
    """Dice given by purpose (a list for several rolls of one purpose, in turn); any other roll is quiet
    (`QUIET_D100` on a d100), 3 on a d6, 1 otherwise. Values too high for their die are reported."""

    values: Mapping[str, int | list[int]]
    draws: list[Draw] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, audience: Audience = PUBLIC) -> int:
        scripted = self.values.get(purpose)
        if isinstance(scripted, list):
            n = sum(1 for d in self.draws if d.purpose == purpose)
            scripted = scripted[n] if n < len(scripted) else None
        value = scripted if scripted is not None else {6: 3, 100: QUIET_D100}.get(sides, 1)
        if not 1 <= value <= sides:
            self.wrong.append(f"the die {purpose!r} is a d{sides}: {value} cannot be rolled")
            value = min(max(value, 1), sides)
        self.draws.append(Draw(purpose, sides, value, audience))
        return value


# ---- playing a case ------------------------------------------------------------------------------


def play_case(scenario: Scenario, options: Options, case: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The case played year by year: its failures in words (nothing when all it expects holds), and its
    warnings (dice listed that no rule rolled)."""
    try:
        scenario = changed_scenario(scenario, case.get("scenario") or {})
        state = case_start(scenario, options, case.get("start") or {})
    except DataError as err:
        return [f"cannot be set up: {p.where}: {p.message}" for p in err.problems], []
    failures: list[str] = []
    warnings: list[str] = []
    for n, turn in enumerate(case["turns"], start=1):
        label = f"year {n} ({year_label(state.public.year)})"
        expect = turn.get("expect") or {}
        orders, read_failures, order_warnings = _read_orders(scenario, state, turn.get("orders") or {}, expect)
        failures += [f"{label}: {f}" for f in read_failures]
        ruling: Ruling | None = None
        if turn.get("ruling"):
            try:
                ruling = read_ruling({"year": year_label(state.public.year), **turn["ruling"]}, scenario, state)
            except DataError as err:
                failures += [f"{label}: the ruling: {p.where}: {p.message}" for p in err.problems]
                return failures, warnings
        dice = CaseDice(dict(turn.get("dice") or {}))
        try:
            result = resolve_year(scenario, state, orders, ruling, dice, options, force=bool(turn.get("force")))
        except PendingRuling as err:
            waits = str(expect.get("waits") or "")
            if waits and waits.lower() in str(err).lower():
                return failures, warnings  # as the case expects: nothing after a year that waits
            return [*failures, f"{label}: {err}"], warnings
        if expect.get("waits"):
            failures.append(f"{label}: the year was played; the case expects it to wait for {expect['waits']!r}")
        failures += [f"{label}: {w}" for w in dice.wrong]
        rolled = {d.purpose for d in dice.draws}
        warnings += [f"{label}: no rule rolled the die {p!r}" for p in sorted(dice.values) if p not in rolled]
        found = _check(result.state, [r.to_data() for r in result.records], order_warnings, expect)
        if found:
            failures += [f"{label}: {f}" for f in found]
            unlisted = [str(d) for d in dice.draws if d.purpose not in dice.values]
            if unlisted:
                failures.append(f"{label}: dice not listed by the case, rolled as: " + "; ".join(unlisted))
        state = result.state
    return failures, warnings


def changed_scenario(scenario: Scenario, change: Mapping[str, Any]) -> Scenario:
    """The scenario with the provinces' data the case changes (goods, mines, events, mercenaries...)."""
    provinces = dict(scenario.provinces)
    problems: list[tuple[str, str]] = []
    for pid, raw in (change.get("provinces") or {}).items():
        where = f"scenario.provinces.{pid}"
        prov = provinces.get(pid)
        if prov is None:
            problems.append((where, f"no province {pid!r} in the scenario" + nearest(str(pid), provinces)))
            continue
        values: dict[str, Any] = {}
        for key, value in raw.items():
            if key == "resources":
                goods = {g.value: g for g in Good}
                if not isinstance(value, Mapping) or any(
                    k not in goods or isinstance(v, bool) or not isinstance(v, int) for k, v in value.items()
                ):
                    problems.append((f"{where}.resources", "expected goods and whole numbers, such as {grain: 2}"))
                    continue
                values["resources"] = {goods[k]: int(v) for k, v in value.items() if v}
            elif key == "mines":
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    problems.append((f"{where}.mines", f"expected a number of mines, found {shown(value)}"))
                    continue
                values["mines"] = value
            elif key in ("events", "mercenaries", "incense_needs_safe"):
                known = {
                    "events": EVENT_KINDS,
                    "mercenaries": tuple(scenario.mercenaries),
                    "incense_needs_safe": tuple(scenario.seas),
                }[key]
                items = value if isinstance(value, list) else None
                if items is None or any(x not in known for x in items):
                    problems.append((f"{where}.{key}", f"expected a list of {', '.join(known)}"))
                    continue
                values[key] = tuple(str(x) for x in items)
            elif key == "trading_post":
                if value is not None and value not in scenario.posts:
                    problems.append(
                        (f"{where}.{key}", f"no trading post {value!r}" + nearest(str(value), scenario.posts))
                    )
                    continue
                values[key] = value
            else:  # pirate_zone
                if value is not None and value not in prov.coasts:
                    problems.append((f"{where}.{key}", f"expected a zone of its coast: {', '.join(prov.coasts)}"))
                    continue
                values[key] = value
        provinces[pid] = dataclasses.replace(prov, **values)
    if problems:
        raise DataError([Problem(w, m) for w, m in problems])
    return dataclasses.replace(scenario, provinces=provinces)


def case_start(scenario: Scenario, options: Options, change: Mapping[str, Any]) -> State:
    """The scenario's first state with the case's changes, its balances and revenues computed again from
    them unless the case gives its own."""
    data = state_to_data(start_state(scenario, CaseDice({}), options))
    public, private, master = data["public"], data["private"], data["game_master"]
    master["competence"] = {lid: 0 for lid in master["competence"]}  # a case's leaders are 0 unless it says
    for key, value in change.items():
        if key == "treasury":
            for power, amount in value.items():
                private.setdefault(power, {"treasury": 0, "ledger": []})["treasury"] = amount
        elif key == "competence":
            master["competence"].update(value)
        elif key != "bad_harvest":
            public[key] = _merged(public.get(key), value)
    state = state_from_data(data)
    problems = _start_problems(scenario, state)
    if problems:
        raise DataError([Problem(f"start.{w}", m) for w, m in problems])
    if "balances" in change and "forecasts" in change:
        return state
    pub = state.public
    unsafe = {p.zone for p in pub.pirates} | set(pub.blockades)
    harvest = [str(p) for p in change.get("bad_harvest") or ()]
    balances = pub.balances if "balances" in change else all_balances(scenario, set(pub.ravaged), harvest, unsafe)
    forecasts = pub.forecasts
    if "forecasts" not in change:
        alive = {p: info.original_capital for p, info in pub.powers.items() if not info.eliminated}
        forecasts = forecast(scenario, pub.owners, alive, fleet_counts(pub.units), balances, set(pub.ravaged), options)
    return dataclasses.replace(state, public=dataclasses.replace(pub, balances=balances, forecasts=forecasts))


def _start_problems(scenario: Scenario, state: State) -> list[tuple[str, str]]:
    """The places and names of a changed start that the scenario or the state does not know."""
    pub = state.public
    places = {**scenario.provinces, **scenario.seas}
    out: list[tuple[str, str]] = []

    def known(name: str, where: str, names: Any, what: str) -> None:
        if name not in names:
            out.append((where, f"no {what} {name!r}" + nearest(name, names)))

    for p in pub.owners:
        known(p, f"owners.{p}", scenario.provinces, "province")
    for p in pub.ravaged:
        known(p, f"ravaged.{p}", scenario.provinces, "province")
    for z in pub.blockades:
        known(z, "blockades", scenario.seas, "sea zone")
    for uid, u in pub.units.items():
        known(u.place, f"units.{uid}.place", places, "place")
        known(u.leader, f"units.{uid}.leader", pub.leaders, "leader")
        known(u.power, f"units.{uid}.power", pub.powers, "power")
    for h in pub.hordes:
        known(h.place, f"hordes.{h.id}.place", scenario.provinces, "province")
        known(h.leader, f"hordes.{h.id}.leader", pub.leaders, "leader")
    for pi in pub.pirates:
        known(pi.province, f"pirates.{pi.id}.province", scenario.provinces, "province")
        known(pi.zone, f"pirates.{pi.id}.zone", scenario.seas, "sea zone")
        known(pi.leader, f"pirates.{pi.id}.leader", pub.leaders, "leader")
    for pid, info in pub.powers.items():
        for key, value in (("capital", info.capital), ("original_capital", info.original_capital)):
            known(value, f"powers.{pid}.{key}", scenario.provinces, "province")
    for pid in state.private:
        known(pid, f"treasury.{pid}", pub.powers, "power")
    for lid in state.master.competence:
        known(lid, f"competence.{lid}", pub.leaders, "leader")
    return out


def _merged(old: Any, new: Any) -> Any:
    """A mapping merged key by key (a null value removes the key); anything else replaced."""
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        out = dict(old)
        for key, value in new.items():
            if value is None:
                out.pop(key, None)
            else:
                out[key] = _merged(out.get(key), value)
        return out
    return new


def _read_orders(
    scenario: Scenario, state: State, files: Mapping[str, Any], expect: Mapping[str, Any]
) -> tuple[dict[str, PowerOrders], list[str], list[str]]:
    """Each power's order file read as the judge reads it; a refused file plays as no orders, and is a
    failure unless the case expects it refused (with a problem containing the text given)."""
    refused_expected = {str(k): str(v) for k, v in (expect.get("refused") or {}).items()}
    orders: dict[str, PowerOrders] = {}
    failures: list[str] = []
    warnings: list[str] = []
    for power, data in files.items():
        try:
            orders[power], found = read_orders(
                {"power": power, "year": year_label(state.public.year), **(data or {})}, scenario, state, str(power)
            )
            warnings += [f"{power}: {w.where}: {w.message}" for w in found]
            if power in refused_expected:
                failures.append(f"the orders of {power} were accepted; the case expects them refused")
        except DataError as err:
            problems = [f"{p.where}: {p.message}" if p.where else p.message for p in err.problems]
            wanted = refused_expected.get(str(power))
            if wanted is None:
                failures += [f"the orders of {power} are refused: {p}" for p in problems]
            elif not any(wanted.lower() in p.lower() for p in problems):
                failures.append(
                    f"the orders of {power} are refused, but no problem contains {wanted!r}: " + "; ".join(problems)
                )
    for power in refused_expected:
        if power not in files:
            failures.append(f"the case expects the orders of {power} refused, but gives none")
    return orders, failures, warnings


# ---- what must hold after a year ------------------------------------------------------------------


def _check(
    state: State, records: list[dict[str, object]], order_warnings: list[str], expect: Mapping[str, Any]
) -> list[str]:
    data = state_to_data(state)
    public = data["public"]
    public["hordes"] = {h["id"]: h for h in public["hordes"]}
    public["pirates"] = {p["id"]: p for p in public["pirates"]}
    out: list[str] = []
    for key in PUBLIC_KEYS:
        if key in expect:
            out += _differences(key, public.get(key), _by_id(key, expect[key]))
    for key, value in (expect.get("treasury") or {}).items():
        actual = data["private"].get(key, {}).get("treasury")
        if actual != value:
            out.append(f"treasury of {key}: expected {value}, found {actual}")
    for key, value in (expect.get("competence") or {}).items():
        actual = data["game_master"]["competence"].get(key)
        if actual != value:
            out.append(f"competence of {key}: expected {value}, found {actual}")
    for power, lines in (expect.get("ledger") or {}).items():
        book = data["private"].get(power, {}).get("ledger", [])
        for line in lines or ():
            if not any(_matches(row, line) for row in book):
                out.append(f"ledger of {power}: no line {line} (found: {book})")
    for wanted in expect.get("records") or ():
        if not any(_matches(r, wanted) for r in records):
            same = [r for r in records if r.get("code") == wanted.get("code")]
            out.append(f"no record {_shown_record(wanted)}" + (f" (found: {same})" if same else " (none of that code)"))
    for unwanted in expect.get("no_records") or ():
        hits = [r for r in records if _matches(r, unwanted)]
        if hits:
            out.append(f"a record {_shown_record(unwanted)} that the case rules out: {hits}")
    for text in expect.get("warnings") or ():
        if not any(text.lower() in w.lower() for w in order_warnings):
            out.append(f"no warning of the orders contains {text!r} (warnings: {order_warnings or 'none'})")
    return out


def _by_id(key: str, expected: Any) -> Any:
    """Hordes and pirates are compared by id: a list of ids is the whole set expected."""
    if key in ("hordes", "pirates") and isinstance(expected, list):
        return {str(x): {} for x in expected} | {"*": "exact"}
    return expected


def _differences(where: str, actual: Any, expected: Any) -> list[str]:
    """What of `expected` is not in `actual`: mappings compared on the keys given (null: absent)."""
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return [f"{where}: expected {shown(dict(expected), 200)}, found {shown(actual, 200)}"]
        out = []
        exact = expected.get("*") == "exact"
        for key, value in expected.items():
            if key == "*":
                continue
            if value is None:
                if key in actual:
                    out.append(f"{where}.{key}: expected none, found {shown(actual[key], 200)}")
            elif key not in actual:
                out.append(f"{where}.{key}: expected {shown(value, 200)}, found none")
            else:
                out += _differences(f"{where}.{key}", actual[key], value)
        if exact:
            extra = sorted(set(actual) - set(expected))
            out += [f"{where}: {key} is there, the case expects it gone" for key in extra]
        return out
    if isinstance(expected, list) and isinstance(actual, list):
        return [] if list(expected) == list(actual) else [f"{where}: expected {expected}, found {actual}"]
    return [] if expected == actual else [f"{where}: expected {shown(expected, 200)}, found {shown(actual, 200)}"]


def _matches(actual: Any, wanted: Any) -> bool:
    if isinstance(wanted, Mapping):
        return isinstance(actual, Mapping) and all(k in actual and _matches(actual[k], v) for k, v in wanted.items())
    if isinstance(wanted, list) and isinstance(actual, list | tuple):
        return len(wanted) == len(actual) and all(_matches(a, w) for a, w in zip(actual, wanted, strict=True))
    return bool(actual == wanted)


def _shown_record(wanted: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in wanted.items()) + "}"
