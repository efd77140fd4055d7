"""Whole years of the demo scenario [S 2.1] (§2.3): the 26 steps in order, money never below zero, every
talent accounted for, records in codes, three years replayed alike; Rome's arbitration [S 7.11]."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.symmachia.orders import PendingRuling, read_orders, read_ruling
from pipeline.games.symmachia.outcome import Code, Seen, Step
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state
from pipeline.games.symmachia.state import State, state_to_data
from pipeline.games.symmachia.year import YearResult, resolve_year
from pipeline.shared.dice import HashDice

BUSY: dict[str, Any] = {
    "lagids": {
        "trade": [
            {"sell": "grain", "quantity": 2, "to": "antigonids", "route": ["alexandria", "rhodes", "thessalonica"]},
            {"sell": "grain", "quantity": 1, "to": "rhodes"},
            {"sell": "crafts", "quantity": 1, "to": "northern_league"},
            {"buy": "incense", "quantity": 1, "from": "bosporans"},
            {"buy": "mercenaries", "unit": "achaean_citizens", "from": "achaeans", "assign_to": "lagids_a1"},
        ],
        "politics": {
            "gifts": {"rhodes": 200, "seleucids": 100},
            "patronage": True,
            "speech": "The Museum shines.",
            "corruption": [{"target": "seleucids_a1", "amount": 400}],
            "counter_corruption": {"lagids_a2": 100},
        },
        "military": {
            "lagids_a1": {"mercenaries": ["idumaean_archers"], "plan": ["M idumaea", "M coele_syria", "D3"]},
            "lagids_a2": {
                "plan": [{"order": "M syria", "retreat": ["coele_syria"], "defence": "D1", "secondary": ["D0"]}]
            },
        },
    },
    "antigonids": {
        "trade": [{"buy": "grain", "quantity": 2, "from": "lagids"}, {"sell": "wood", "quantity": 1, "to": "achaeans"}],
        "politics": {"tribute": ["paeonia"], "friendship": ["achaeans"], "plot_generals": ["zopyrion"]},
        "military": {
            "antigonids_a1": {"mercenaries": ["thessalian_horse"], "plan": ["M macedonia", "M paeonia", "P"]},
            "antigonids_a2": {"create": "army", "at": "macedonia", "commander": "apelles"},
        },
    },
    "achaeans": {
        "trade": [
            {"sell": "mercenaries", "unit": "achaean_citizens", "to": "lagids"},
            {"buy": "wood", "quantity": 1, "from": "antigonids"},
        ],
        "politics": {"friendship": ["antigonids"], "counter_corruption": {"achaeans_a1": 100}},
        "military": {"achaeans_a1": {"mercenaries": ["sicyonian_citizens"], "plan": ["M attica", "P"]}},
    },
    "seleucids": {
        "trade": [{"buy": "wine", "quantity": 1, "from": "rhodes"}],
        "politics": {"plot_kings": ["attalids"], "dorea": []},
        "military": {
            "seleucids_a1": {"mercenaries": ["apamean_elephants"], "plan": ["M coele_syria", "P"]},
            "seleucids_f1": {"plan": ["R gerrhaea"]},
        },
    },
    "attalids": {
        "politics": {"patronage": True, "gifts": {"bosporans": 50}},
        "military": {"attalids_a1": {"mercenaries": ["mysian_foot", "lydian_horse"], "plan": ["M phrygia", "P"]}},
    },
    "northern_league": {
        "trade": [{"buy": "crafts", "quantity": 1, "from": "lagids"}],
        "politics": {"bosporus": ["bosporans"]},
        "military": {
            "northern_league_a1": {"plan": ["M mysia"]},
            "northern_league_f1": {"plan": ["M thracian_sea", "R chalcidice"]},
        },
    },
    "rhodes": {
        "trade": [{"buy": "grain", "quantity": 1, "from": "lagids"}, {"sell": "wine", "quantity": 1, "to": "seleucids"}]
    },
    "bosporans": {"trade": [{"sell": "incense", "quantity": 1, "to": "lagids"}]},
}


def busy_year(demo: Scenario, state: State, dice: str = "busy") -> YearResult:
    orders = {p: read_orders({"power": p, "year": "229bc", **files}, demo, state, p)[0] for p, files in BUSY.items()}
    return resolve_year(demo, state, orders, None, HashDice(dice))


@pytest.fixture(scope="module")
def year(demo: Scenario) -> tuple[State, YearResult]:
    state = start_state(demo, HashDice("demo"))
    return state, busy_year(demo, state)


def test_no_treasury_ever_goes_below_zero_and_every_talent_is_accounted_for(year: tuple[State, YearResult]) -> None:
    """[S 2.1] (§2.3): spending follows the steps and stops short of a deficit; a treasury's end is its
    start and its ledger."""
    before, result = year
    for power, private in result.state.private.items():
        balance = before.treasury(power)
        for line in private.ledger:
            balance += line.amount
            assert balance >= 0, f"{power} below zero at {line}"
        assert balance == private.treasury
        steps = [
            min(line.step, Step.CAMPAIGN) if Step.CAMPAIGN <= line.step <= Step.CAMPAIGN_USURPATION else line.step
            for line in private.ledger
        ]
        assert steps == sorted(steps)


def test_the_steps_come_in_the_rules_order(year: tuple[State, YearResult]) -> None:
    """[S 2.1] (§2.3): the records follow the 26 steps."""
    _, result = year
    # bribes (10) and the campaign's usurpations (11) happen during the campaign (9)
    steps = [Step.CAMPAIGN if r.step in (Step.BRIBES, Step.CAMPAIGN_USURPATION) else r.step for r in result.records]
    assert steps == sorted(steps)
    assert {
        Step.TREATIES,
        Step.INCOME,
        Step.TRADE,
        Step.MERCENARIES,
        Step.TRIBUTE,
        Step.CAMPAIGN,
        Step.PRESTIGE,
    } <= set(steps)


def test_records_are_codes_and_plain_values(year: tuple[State, YearResult]) -> None:
    """Records say what happened in codes a report can put into words, never in English sentences."""
    _, result = year
    for r in result.records:
        assert isinstance(r.code, Code) and isinstance(r.seen, Seen)
        data = r.to_data()
        assert all(isinstance(v, (str, int, bool, list)) for v in data.values())
        if r.seen is Seen.PRIVATE:
            assert r.readers


def test_the_busy_year_does_what_its_orders_say(year: tuple[State, YearResult]) -> None:
    """[S 3.4] [S 3.9] [S 7.7] [S 7.2] [S 7.1] [S 4.5]: the trades matched, the mercenaries joined, the horde
    paid off, the treaty signed, the patrons published, the new army raised."""
    _, result = year
    codes = {r.code for r in result.records}
    assert {
        Code.TRADE,
        Code.TRANSIT,
        Code.MERCENARIES_JOIN,
        Code.TRIBUTE,
        Code.TREATY,
        Code.PATRONAGE,
        Code.ARMY_RAISED,
        Code.MOVE,
        Code.PRESTIGE,
        Code.GIFT,
        Code.EVENT,
    } <= codes
    assert any(r.code is Code.ARMY_RAISED and r.get("unit") == "antigonids_a2" for r in result.records)
    # raised, but its first year's upkeep came after the old army's and could not be paid: disbanded
    assert any(r.code is Code.DISBANDED and r.get("unit") == "antigonids_a2" for r in result.records)
    assert not any(h.id == "dardanians" for h in result.state.public.hordes)


def test_three_years_replay_alike(demo: Scenario) -> None:
    """[S 2.1] The same orders and dice give byte-identical states year after year."""

    def three(seed: str) -> list[Any]:
        state = start_state(demo, HashDice(seed))
        out = []
        for n in range(3):
            state = resolve_year(demo, state, {}, None, HashDice(f"{seed} {n}")).state
            out.append(state_to_data(state))
        return out

    assert three("replay") == three("replay")
    assert three("replay")[-1]["public"]["year"] == -226


def test_rome_waits_for_the_game_master_then_applies_his_ruling(demo: Scenario) -> None:
    """[S 7.11] (§2.3 step 2, §5.3): a request to Rome stops the year until the game master rules; his
    ruling applies at once, at step 2."""
    state = start_state(demo, HashDice("rome"))
    orders = {
        "attalids": read_orders(
            {"power": "attalids", "year": "229bc", "politics": {"rome": ["ionia"]}}, demo, state, "attalids"
        )[0]
    }
    with pytest.raises(PendingRuling, match="Rome's arbitration on ionia"):
        resolve_year(demo, state, orders, None, HashDice("y"))
    ruling = read_ruling({"year": "229bc", "rome": {"ionia": "attalids"}}, demo, state)
    result = resolve_year(demo, state, orders, ruling, HashDice("y"))
    (decision,) = [r for r in result.records if r.code is Code.ROME_RULING]
    assert (decision.step, decision.get("province"), decision.get("to")) == (Step.ROME, "ionia", "attalids")
    assert result.state.owner("ionia") == "attalids"
