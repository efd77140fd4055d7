"""The `diplomacy` package (1.1.2) run on DATC case files as `judge datc` runs them: the whole process, from
the text of the cases to the comparison of each result with the case's expected position.

    python bench/datc_diplomacy.py FILE...      # prints "N passed, M failed", as `judge datc` does

Movement cases only (what `bench_resolver.py` writes for the whole-process figure). Each case gets a fresh
`Game` set to its phase, units and supply centre owners; the orders go in with `Game.set_orders` (the DATC
text's ``via convoy`` written ``VIA``, its notation otherwise being the package's), then `Game.process()`;
the case passes when the units after the phase are those the case expects. The cases are read with the
project's DATC reader, which reads text and nothing else.
"""

from __future__ import annotations

import sys
from pathlib import Path

import diplomacy

from pipeline.datc.reader import read_datc

SEASONS = {"spring": "S", "fall": "F"}


def their_phase(phase: str) -> str:
    """``Spring 1901, Movement`` -> ``S1901M``."""
    season, year, *_ = phase.replace(",", " ").split()
    return f"{SEASONS[season.lower()]}{year}M"


def their_unit(text: str) -> str:
    kind, place = text.split()
    return f"{kind.upper()} {place.upper()}"


def run_case(case: object) -> bool:
    game = diplomacy.Game(map_name="standard")
    game.set_current_phase(their_phase(case.phase))
    game.clear_units()
    game.clear_centers()
    units: dict[str, list[str]] = {}
    for power, text in case.section("PRESTATE").entries:
        units.setdefault(power.upper(), []).append(their_unit(text))
    centres: dict[str, list[str]] = {}
    for power, text in case.section("PRESTATE_SUPPLYCENTER_OWNERS").entries:
        centres.setdefault(power.upper(), []).append(text.split()[1].upper())
    for power in game.powers:
        game.set_units(power, units.get(power, []))
        game.set_centers(power, centres.get(power, []))
    orders: dict[str, list[str]] = {}
    for power, text in case.section("ORDERS").entries:
        orders.setdefault(power.upper(), []).append(text.upper().replace(" VIA CONVOY", " VIA"))
    for power, texts in orders.items():
        game.set_orders(power, texts)
    game.process()
    got = {f"{name} {unit}" for name, power in game.powers.items() for unit in power.units}
    expected = case.section("PRESTATE" if case.post_same else "POSTSTATE").entries
    return got == {f"{power.upper()} {their_unit(text)}" for power, text in expected}


def main(paths: list[str]) -> int:
    passed = failed = 0
    for path in paths:
        for case in read_datc(Path(path).read_text(encoding="utf-8"), path):
            if run_case(case):
                passed += 1
            else:
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
