"""The shared dice (pipeline/shared/dice.py): a die's audience is said where it is rolled and recorded with
it, its value never depends on it, and `shares` puts each die where its audience reads it, with the rank
`judge verify` needs when a list does not hold every roll of a purpose (docs/secrets-and-dice.md)."""

from __future__ import annotations

import pytest

from pipeline.shared.dice import (
    GAME_MASTER,
    PUBLIC,
    Audience,
    DiceError,
    Draw,
    FixedDice,
    HashDice,
    derived_roll,
    published,
    shares,
)


def test_a_dice_value_does_not_depend_on_its_audience() -> None:
    """The same seed, purpose and rank give the same value whoever reads the die: a die moved from the
    public results to a sealed record keeps the value it had (and the demos' dice theirs)."""
    public, sealed = HashDice("seed"), HashDice("seed")
    for audience in (PUBLIC, GAME_MASTER, Audience.of("lagids")):
        sealed.roll("228bc plot theodotus", 100, audience)
        public.roll("228bc plot theodotus", 100)
    assert [d.value for d in sealed.draws] == [d.value for d in public.draws]
    assert [d.value for d in public.draws] == [derived_roll("seed", "228bc plot theodotus", n, 100) for n in range(3)]
    assert [d.audience for d in sealed.draws] == [PUBLIC, GAME_MASTER, Audience(("lagids",))]
    assert all(d.audience is PUBLIC for d in public.draws)


def test_fixed_dice_record_the_audience_too() -> None:
    dice = FixedDice({"round 1 orange step 2 card": 3})
    assert dice.roll("round 1 orange step 2 card", 24, GAME_MASTER) == 3
    assert dice.draws == [Draw("round 1 orange step 2 card", 24, 3, GAME_MASTER)]
    with pytest.raises(DiceError, match="no die is fixed"):
        dice.roll("round 1 orange step 3 card", 24, GAME_MASTER)


def test_an_audience_of_powers_is_sorted_and_names_one_at_least() -> None:
    assert Audience.of("seleucids", "lagids", "seleucids") == Audience(("lagids", "seleucids"))
    assert PUBLIC.public and not GAME_MASTER.public and not Audience.of("lagids").public
    with pytest.raises(ValueError, match="at least one"):
        Audience.of()


def test_each_die_goes_where_its_audience_reads_it() -> None:
    """Public dice to the results, a power's to its report (each of several powers' to each), the game
    master's to his record, in the order rolled; a die nobody left can read (its readers gone) to the game
    master's record, so that it is still written and verified."""
    draws = [
        Draw("famine year", 6, 4),
        Draw("plot a", 100, 7, Audience.of("lagids")),
        Draw("battle x", 6, 2, GAME_MASTER),
        Draw("tie", 2, 1, Audience.of("lagids", "attalids")),
        Draw("gone", 6, 5, Audience.of("nobody")),
        Draw("famine row", 6, 1),
    ]
    rolled = shares(draws, lambda power: [] if power == "nobody" else [power])
    assert [d["purpose"] for d in rolled.public] == ["famine year", "famine row"]
    assert rolled.powers == {
        "attalids": ({"purpose": "tie", "sides": 2, "value": 1},),
        "lagids": ({"purpose": "plot a", "sides": 100, "value": 7}, {"purpose": "tie", "sides": 2, "value": 1}),
    }
    assert [d["purpose"] for d in rolled.master] == ["battle x", "gone"]


def test_a_minors_dice_go_to_its_protectors_report() -> None:
    """`readers` says who reads a power's dice: a minor's go to its protector's report besides its own."""
    rolled = shares([Draw("protector rhodes", 2, 2, Audience.of("rhodes"))], lambda p: sorted({p, "lagids"}))
    assert sorted(rolled.powers) == ["lagids", "rhodes"]


def test_a_list_without_every_roll_of_a_purpose_says_each_dies_rank() -> None:
    """Two sponsors' plots on one victim the same year are the 0th and 1st rolls of one purpose, each in
    its own sponsor's report: the second says `n: 1`, so that `judge verify` recomputes it from the seed
    (a die that is the n-th of its list's rolls of its purpose says nothing more)."""
    dice = HashDice("seed")
    dice.roll("plot achaeus", 100, Audience.of("lagids"))
    dice.roll("plot achaeus", 100, Audience.of("seleucids"))
    dice.roll("plot achaeus", 100, Audience.of("seleucids"))
    dice.roll("death achaeus", 100)
    rolled = shares(dice.draws)
    assert [d.get("n") for d in rolled.powers["lagids"]] == [None]
    assert [d.get("n") for d in rolled.powers["seleucids"]] == [1, 2]
    for own in rolled.powers.values():
        for d in own:
            assert d["value"] == derived_roll("seed", "plot achaeus", d.get("n", 0), 100)
    assert "n" not in rolled.public[0]


def test_a_game_without_secrets_publishes_every_die() -> None:
    draws = [Draw("variable income milan", 6, 3, Audience.of("milan")), Draw("famine year", 6, 2, GAME_MASTER)]
    assert [d.audience for d in published(draws)] == [PUBLIC, PUBLIC]
    assert [(d.purpose, d.value) for d in published(draws)] == [(d.purpose, d.value) for d in draws]
