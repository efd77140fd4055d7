"""Combat value and outcome [S 5.2] [S 5.3] (§4.3, §4.3.1), corruption's malus [S 7.5] (§3.3.6) and the
pacification threshold [S 6.5] (§4.1.4): the worked examples S-13, S-15, S-17 and S-18's arithmetic."""

from __future__ import annotations

import pytest

from pipeline.games.symmachia.combat import (
    HORDE_BASE,
    PIRATES_BASE,
    Result,
    Side,
    corruption_malus,
    pacification_threshold,
    result,
)


def test_s15_hierax_against_attalus_in_mysia() -> None:
    """S-15 [S 5.2] [S 5.3] (§4.3.1): Hierax, competence 0, king +1, two Galatian contingents +2, unknown
    terrain -1, corrupted for 600 against his 50: -1, rolls 5: +6. Attalus, +2, king +1, glorious +1, beaten
    in spring -1, rolls 4: +7. A difference of 1: a non-decisive victory for Attalus."""
    hierax = Side(competence=0, king=True, mercenaries=2, unknown_terrain=True, corruption=corruption_malus(600, 50))
    attalus = Side(competence=2, king=True, glorious=True, defeats=1)
    assert dict(hierax.modifiers()) == {"king": 1, "mercenaries": 2, "terrain": -1, "corruption": -1}
    assert dict(attalus.modifiers()) == {"competence": 2, "king": 1, "glory": 1, "defeats": -1}
    assert (hierax.value(5), attalus.value(4)) == (6, 7)
    assert result(attalus.value(4) - hierax.value(5)) is Result.NON_DECISIVE


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [(7, 7, Result.AGAIN), (9, 4, Result.NON_DECISIVE), (10, 4, Result.TOTAL), (3, -4, Result.TOTAL)],
)
def test_s17_the_outcome_of_a_difference(a: int, b: int, expected: Result) -> None:
    """S-17 [S 5.3] (§4.3.2, §4.3.3): 0 again, 1-5 non-decisive, 6 or more total."""
    assert result(a - b) is expected


def test_s17_the_bounds_of_the_modifiers() -> None:
    """S-17 [S 5.2] (§4.3.1): at best +8; an army at worst -6, a fleet -9 (no terrain malus at sea); three
    mercenaries at most count; a horde starts at -2, pirates at -4."""
    best = Side(competence=2, king=True, mercenaries=5, glorious=True, at_pass=True)
    worst_army = Side(competence=-1, unknown_terrain=True, corruption=2, defeats=2)
    worst_fleet = Side(competence=-1, corruption=2, defeats=2, fleet_age=2)
    assert (best.value(0), worst_army.value(0), worst_fleet.value(0)) == (8, -6, -9)
    assert Side(base=HORDE_BASE).value(0) == -2 and Side(base=PIRATES_BASE, competence=2).value(0) == -2


@pytest.mark.parametrize(
    ("offered", "counter", "malus"),
    [(600, 50, 1), (300, 0, 1), (299, 0, 0), (599, 0, 1), (600, 0, 2), (850, 300, 1), (900, 300, 2), (350, 0, 1)],
)
def test_s13_the_betrayal_malus(offered: int, counter: int, malus: int) -> None:
    """S-13 [S 7.5] (§3.3.6): corruption less counter-corruption, 300 to 599: -1; 600 or more: -2; the last
    case is two offers of 200 and 150 for one beneficiary, added up."""
    assert corruption_malus(offered, counter) == malus


def test_s18_the_worst_pacifier_succeeds_at_the_seventh_season() -> None:
    """S-18 [S 6.5] (§4.1.4): competence -1, no mercenaries, unknown terrain, a 1 every time: a value of -1;
    the threshold falls 5, 4, 3, 2, 1, 0, -1, so the seventh consecutive attempt succeeds."""
    worst = Side(competence=-1, unknown_terrain=True)
    thresholds = [pacification_threshold(n) for n in range(7)]
    assert worst.value(1) == -1
    assert thresholds == [5, 4, 3, 2, 1, 0, -1]
    assert [worst.value(1) >= t for t in thresholds] == [False] * 6 + [True]
