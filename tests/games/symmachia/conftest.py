"""Small worlds for Symmachia's rule cases: a scenario built from a few lines of data, its first state,
orders read as an order file would be, and dice scripted by purpose (docs/rules/symmachia.md)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from pipeline.games.symmachia.cases import QUIET_D100, CaseDice
from pipeline.games.symmachia.options import DEFAULT_OPTIONS, Options
from pipeline.games.symmachia.orders import PowerOrders, Ruling, read_orders, read_ruling
from pipeline.games.symmachia.outcome import Code, Record
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state
from pipeline.games.symmachia.state import State
from pipeline.games.symmachia.year import YearResult, resolve_year
from pipeline.shared.dice import PUBLIC, Audience, Draw
from pipeline.storage.yamlio import load_yaml

DEMO = Path(__file__).resolve().parents[3] / "pipeline" / "games" / "symmachia" / "scenarios" / "aegean-229.yaml"
QUIET = QUIET_D100  # a d100 that names no province of a small world, kills nobody and raises no rebel


class ScriptDice(CaseDice):
    """Dice scripted by purpose (``"229bc spring battle mysia pergamon_a1": 5``, a list for several rolls of
    one purpose); any other roll is 3 on a d6, 97 on a d100 (a quiet event, a survivor, a loyal general) and
    1 otherwise (the first of the sorted options), as in the rule cases (`cases.CaseDice`)."""

    def __init__(self, values: Mapping[str, int | list[int]] | None = None) -> None:
        super().__init__(dict(values or {}))

    def roll(self, purpose: str, sides: int = 6, audience: Audience = PUBLIC) -> int:
        value = super().roll(purpose, sides, audience)
        assert not self.wrong, self.wrong
        return value

    def rolled(self, fragment: str) -> list[Draw]:
        return [d for d in self.draws if fragment in d.purpose]


def world(
    edges: tuple[str, ...] = (),
    powers: Mapping[str, Mapping[str, Any]] | None = None,
    provinces: Mapping[str, Mapping[str, Any]] | None = None,
    seas: Mapping[str, str] | None = None,
    sea_edges: tuple[str, ...] = (),
    coasts: Mapping[str, tuple[str, ...]] | None = None,
    **top: Any,
) -> Scenario:
    """A scenario from short data: ``edges`` are land borders (``"mysia-lydia"``), ``seas`` zone -> group,
    ``sea_edges`` adjacent zones, ``coasts`` province -> its zones; each power's leaders get competence 0
    and its king the id ``<power>_king`` unless given."""
    provs: dict[str, dict[str, Any]] = {}
    for pid, extra in (provinces or {}).items():
        provs[pid] = dict(extra)
    for edge in edges:
        a, b = edge.split("-")
        for x, y in ((a, b), (b, a)):
            provs.setdefault(x, {}).setdefault("borders", []).append(y)
    for raw in (powers or {}).values():
        for pid in raw.get("provinces", []):
            provs.setdefault(pid, {})
    for pid, zones in (coasts or {}).items():
        provs.setdefault(pid, {})["coasts"] = list(zones)
    for n, pid in enumerate(sorted(provs), 1):
        provs[pid].setdefault("number", n)
    zones: dict[str, dict[str, Any]] = {z: {"group": g, "adjacent": []} for z, g in (seas or {}).items()}
    for edge in sea_edges:
        a, b = edge.split("-")
        zones[a]["adjacent"].append(b)
        zones[b]["adjacent"].append(a)
    data_powers: dict[str, Any] = {}
    for pid, raw in (powers or {}).items():
        p = {k: v for k, v in raw.items()}
        p.setdefault("king", {"id": f"{pid}_king", "competence": 0})
        p["king"].setdefault("competence", 0)
        p["leaders"] = {lid: {"competence": 0, **spec} for lid, spec in p.get("leaders", {}).items()}
        p.setdefault("treasury", 5000)
        data_powers[pid] = p
    data = {
        "scenario": "test",
        "start_year": -229,
        "sea_zones": zones,
        "provinces": provs,
        "powers": data_powers,
        **top,
    }
    return Scenario.from_data(data)


def kingdom(capital: str, *others: str, units: Mapping[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    """A power's start: its capital, its other provinces, its units as ``{"k_a1": "army home kg"}`` (each
    commander not a king becomes one of its leaders, competence 0, unless `leaders` says otherwise)."""
    spec: dict[str, Any] = {"capital": capital, "provinces": [capital, *others], **extra}
    leaders = dict(extra.get("leaders", {}))
    spec["units"] = {}
    for uid, text in (units or {}).items():
        kind, at, leader = text.split()
        spec["units"][uid] = {"kind": kind, "at": at, "leader": leader}
        if not leader.endswith("_king") and leader != extra.get("king", {}).get("id"):
            leaders.setdefault(leader, {})
    spec["leaders"] = leaders
    return spec


def start(scenario: Scenario) -> State:
    return start_state(scenario, ScriptDice())


def orders(scenario: Scenario, state: State, files: Mapping[str, Any]) -> dict[str, PowerOrders]:
    """Order files read as the judge reads them (warnings dropped)."""
    out = {}
    for power, data in files.items():
        out[power], _ = read_orders({"power": power, "year": "229bc", **data}, scenario, state, power)
    return out


def play(
    scenario: Scenario,
    state: State,
    files: Mapping[str, Any] | None = None,
    dice: ScriptDice | None = None,
    options: Options = DEFAULT_OPTIONS,
    ruling: Mapping[str, Any] | None = None,
) -> YearResult:
    """One year with these order files and dice."""
    rule: Ruling | None = None
    if ruling is not None:
        rule = read_ruling({"year": "229bc", **ruling}, scenario, state)
    return resolve_year(scenario, state, orders(scenario, state, files or {}), rule, dice or ScriptDice(), options)


def found(year: YearResult, code: Code, power: str | None = None, **detail: Any) -> list[Record]:
    """The records of a kind (about `power`, when given) whose details include these."""
    return [
        r
        for r in year.records
        if r.code is code and (power is None or r.power == power) and all(r.get(k) == v for k, v in detail.items())
    ]


@pytest.fixture(scope="session")
def demo() -> Scenario:
    return Scenario.from_data(load_yaml(DEMO))


def send_first_year(folder: Path, power: str, body: str = "") -> None:
    """A power's order file for the first year (229 BC) of the game in `folder`, encrypted to the game's key
    as a player sends it."""
    from pipeline.commands.secret_orders import encrypt_orders

    path = folder / "orders" / "y01-229bc" / f"{power}.yaml"
    path.write_text(f"game: {folder.name}\nturn: y01-229bc\npower: {power}\nyear: 229bc\n{body}", encoding="utf-8")
    encrypt_orders(folder, path)
    path.unlink()
