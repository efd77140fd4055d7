"""Who reads each die (docs/security.md, promise 11; docs/rules/symmachia.md S 5.1): said where it is rolled,
as the record it decides. A plot's die is its sponsor's [S 7.8]; a competence's [S 5.1], a loyalty test's
[S 7.6], a secession test's [S 7.9] and the die between equal competences [S 6.7] the game master's; a
fight's (a battle, pirates, a pacification) the game master's while `battle_dice_sealed` holds, else
everybody's [S 5.1]; a tie between donors to a minor the minor's, whose gifts it is [S 7.4]; the others
everybody's."""

from __future__ import annotations

import pytest

from pipeline.games.symmachia.options import DEFAULT_OPTIONS, Options
from pipeline.games.symmachia.outcome import Code
from pipeline.shared.dice import GAME_MASTER, PUBLIC, Audience

from .conftest import ScriptDice, found, kingdom, play, start, world

SEALED = DEFAULT_OPTIONS
OPEN = Options(battle_dice_sealed=False)


def audiences(dice: ScriptDice, word: str) -> set[Audience]:
    """Who reads the dice whose purpose holds `word` (at least one such die was rolled)."""
    rolled = {d.audience for d in dice.draws if word in d.purpose.split()}
    assert rolled, f"no die {word!r} among {[d.purpose for d in dice.draws]}"
    return rolled


def test_a_plots_die_is_its_sponsors() -> None:
    """[S 7.8]: the sponsor learns the outcome; what the public learns is in the public records."""
    scenario = world(
        ("a-b",), {"k": kingdom("a", units={"k_a1": "army a kg"}), "j": kingdom("b", units={"j_a1": "army b jg"})}
    )
    dice = ScriptDice({"229bc plot jg": 45})
    play(scenario, start(scenario), {"k": {"politics": {"plot_generals": ["jg"]}}}, dice)
    assert audiences(dice, "plot") == {Audience.of("k")}


@pytest.mark.parametrize(("options", "fight"), [(SEALED, GAME_MASTER), (OPEN, PUBLIC)])
def test_a_battles_dice_follow_the_option_and_a_new_leaders_competence_is_sealed(
    options: Options, fight: Audience
) -> None:
    """[S 5.1]: with the public modifiers and difference a battle's dice tell the competences: sealed while
    `battle_dice_sealed` holds; the winner's general dies (the die 1) and his second's competence, drawn
    now, is the game master's whatever the option; the death's die is everybody's."""
    scenario = world(
        ("a-b",), {"k": kingdom("a", units={"k_a1": "army a kg"}), "j": kingdom("b", units={"j_a1": "army b jg"})}
    )
    dice = ScriptDice({"229bc spring battle b k_a1": 6, "229bc spring battle b j_a1": 1, "229bc spring death kg": 1})
    result = play(scenario, start(scenario), {"k": {"military": {"k_a1": {"plan": ["M b"]}}}}, dice, options)
    assert found(result, Code.BATTLE, "k", place="b")
    assert audiences(dice, "battle") == {fight}
    assert audiences(dice, "competence") == {GAME_MASTER}
    assert audiences(dice, "death") == {PUBLIC}


@pytest.mark.parametrize(("options", "fight"), [(SEALED, GAME_MASTER), (OPEN, PUBLIC)])
def test_a_fight_with_pirates_and_a_pacification_follow_the_option(options: Options, fight: Audience) -> None:
    """[S 6.6] [S 6.5] [S 5.1]: the fleet's fight with the pirates (their chief's competence against the
    public difference) and the army's pacification (against the public threshold) as a battle's dice."""
    scenario = world(
        ("port-wild",),
        {
            "k": {
                "capital": "port",
                "provinces": ["port"],
                "leaders": {"adm": {}, "gen": {}},
                "units": {
                    "k_f1": {"kind": "fleet", "at": "bay", "leader": "adm"},
                    "k_a1": {"kind": "army", "at": "wild", "leader": "gen"},
                },
            }
        },
        seas={"bay": "med", "open": "med"},
        sea_edges=("bay-open",),
        coasts={"port": ("bay", "open")},
        pirates=[{"id": "corsairs", "at": "port", "zone": "open", "leader": {"id": "chief", "competence": 0}}],
    )
    dice = ScriptDice({"229bc spring pirates corsairs k_f1": 6, "229bc spring pirates corsairs corsairs": 1})
    files = {"k": {"military": {"k_f1": {"plan": ["N port"]}, "k_a1": {"plan": ["P"]}}}}
    result = play(scenario, start(scenario), files, dice, options)
    assert found(result, Code.PIRATES_GONE, "k", pirates="corsairs")
    assert audiences(dice, "pirates") == {fight}
    assert audiences(dice, "pacify") == {fight}


def test_the_die_between_equal_competences_is_the_game_masters() -> None:
    """[S 6.7]: two armies marching on each other's province: the more competent attacks, a die between
    equals; that a die was needed tells the competences are equal."""
    scenario = world(
        ("a-b",), {"k": kingdom("a", units={"k_a1": "army a kg"}), "j": kingdom("b", units={"j_a1": "army b jg"})}
    )
    files = {"k": {"military": {"k_a1": {"plan": ["M b"]}}}, "j": {"military": {"j_a1": {"plan": ["M a"]}}}}
    dice = ScriptDice()
    play(scenario, start(scenario), files, dice)
    assert audiences(dice, "initiative") == {GAME_MASTER}


def test_a_tie_between_donors_is_the_minors_a_draw_among_the_kings_everybodys() -> None:
    """[S 7.4]: the gifts to a minor are read by the minor and each giver alone; a die between equal largest
    donors tells a tie: it is the minor's (and so its protector's); the protector drawn among the other
    kings when nobody else gave tells nothing."""
    powers = {
        "a": {"capital": "aland", "provinces": ["aland"]},
        "b": {"capital": "bland", "provinces": ["bland"]},
        "c": {"capital": "cland", "provinces": ["cland"]},
        "m": {"capital": "mland", "provinces": ["mland"], "major": False, "protector": "c"},
    }
    scenario = world((), powers)
    dice = ScriptDice({"229bc protector m": 1})
    gifts = {p: {"politics": {"gifts": {"m": 300}}} for p in ("a", "b")}
    assert play(scenario, start(scenario), gifts, dice).state.public.powers["m"].protector == "a"
    assert audiences(dice, "protector") == {Audience.of("m")}


def test_loyalty_and_secession_tests_are_the_game_masters() -> None:
    """[S 7.6] [S 7.9]: after a disaster the power's generals are tested and its provinces in want may
    secede; both tests are the game master's records, and so are their dice."""
    scenario = world(
        ("p-q", "hub-p", "a-hub"),
        {
            "k": {
                "capital": "hub",
                "provinces": ["hub", "p", "a"],
                "leaders": {"kg": {}, "kh": {}},
                "units": {
                    "k_a1": {"kind": "army", "at": "p", "leader": "kg"},
                    "k_a2": {"kind": "army", "at": "hub", "leader": "kh"},
                },
            },
            "e": {
                "capital": "q",
                "provinces": ["q"],
                "leaders": {"e1": {"competence": 2}},
                "units": {"e_a1": {"kind": "army", "at": "q", "leader": "e1"}},
            },
        },
        {"a": {"resources": {"crafts": -1}}},
    )
    files = {"e": {"military": {"e_a1": {"plan": ["M p"]}}}, "k": {"military": {"k_a1": {"plan": ["D0"]}}}}
    dice = ScriptDice({"229bc spring battle p e_a1": 6, "229bc spring battle p k_a1": 1})
    result = play(scenario, start(scenario), files, dice)
    assert found(result, Code.DESTROYED, "k", unit="k_a1", why="disaster")
    assert audiences(dice, "loyalty") == {GAME_MASTER}
    assert audiences(dice, "secession") == {GAME_MASTER}
