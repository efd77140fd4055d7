"""Prestige at the year's end, elimination and victory [S 9]: +1 a total victory, -1 a disaster; +1 a
province taken by arms (at most +2 a year), -1 a province lost by conquest or secession; +1 more for a
major power's capital taken, -1 for one's own lost; +1 for each of wine and oil, crafts and oriental
goods brought to every province, -1 for a famine; +1 to the patron of the year. Minor powers do not
compete. The first to reach the threshold wins; the highest, then the largest gain of the year, then
several winners."""

from __future__ import annotations

from collections.abc import Mapping

from .model import Good
from .outcome import Code, Glory, Step
from .work import Work

CONQUEST_CAP = 2


def year_prestige(w: Work) -> dict[str, int]:
    """Step 26: each major power's change, recorded cause by cause."""
    gains: dict[str, int] = {}
    for power in w.majors():
        lines = [(cause, delta, about) for p, cause, delta, about in w.prestige if p == power]
        short = w.shortages.get(power, {})
        needs = w.needs.get(power, set())
        for good in (Good.WINE, Good.CRAFTS, Good.INCENSE):
            if good not in short and (good in needs or not w.o.euergetes_needs_deficit):
                lines.append((Glory.EUERGETES, 1, good.value))
        if Good.GRAIN in short:
            lines.append((Glory.FAMINE, -1, Good.GRAIN.value))
        # the yearly gain by conquest is capped at +2 (the capital's point too, under the option)
        capped = (Glory.CONQUEST, Glory.CAPITAL_TAKEN) if w.o.capital_bonus_in_cap else (Glory.CONQUEST,)
        room = CONQUEST_CAP
        total = 0
        for cause in Glory:
            deltas = [(d, about) for c, d, about in lines if c is cause]
            if not deltas:
                continue
            delta = sum(d for d, _ in deltas)
            if cause in capped:
                delta = min(delta, room)
                room -= delta
            total += delta
            w.rec(
                Step.PRESTIGE,
                Code.PRESTIGE,
                power,
                cause=cause.value,
                delta=delta,
                about=tuple(a for _, a in deltas if a),
            )
        gains[power] = total
        w.powers[power].prestige += total
    return gains


def eliminate(w: Work) -> None:
    """A power with no province left at the year's end is out of the game [S 9.3]."""
    for power in w.alive_powers():
        if w.provinces_of(power):
            continue
        info = w.powers[power]
        info.eliminated = True
        for unit in w.units_of(power):
            del w.units[unit.id]
        w.rec(Step.PRESTIGE, Code.ELIMINATED, power)


def winners(prestige: Mapping[str, int], gains: Mapping[str, int], threshold: int) -> tuple[str, ...]:
    """[S 9.4]: among those at or over the threshold, the highest prestige; then the largest gain of the
    year; still equal, they all win."""
    reached = [p for p, v in prestige.items() if v >= threshold]
    if not reached:
        return ()
    top = max(prestige[p] for p in reached)
    best = [p for p in reached if prestige[p] == top]
    gain = max(gains.get(p, 0) for p in best)
    return tuple(sorted(p for p in best if gains.get(p, 0) == gain))
