"""The campaign [S 6] (§4): the worked examples S-16, S-19, S-20, S-22, S-23 and S-31 of the examples file,
and the rules of moves, defence, retreats, seas, straits, deserts and storms."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.symmachia.outcome import Code, Entry, Seen, Step
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.state import Ravage

from .conftest import ScriptDice, found, kingdom, play, start, world


def moves(result: Any, unit: str) -> list[tuple[str, str]]:
    return [(str(r.season.value if r.season else ""), str(r.get("to"))) for r in found(result, Code.MOVE, unit=unit)]


# ---- S-23: Prusias I against Theagenes of Samos -------------------------------------------------------


def prusias_world() -> Scenario:
    return world(
        ("mysia-hellespontine_phrygia", "mysia-bithynia", "hellespontine_phrygia-bithynia", "mysia-lydia"),
        {
            "pergamon": {
                "capital": "mysia",
                "provinces": ["mysia", "lydia"],
                "king": {"id": "attalus", "competence": 2},
                "leaders": {"theagenes": {"competence": 1}},
                "units": {"pergamon_a1": {"kind": "army", "at": "mysia", "leader": "theagenes"}},
            },
            "league": {
                "capital": "bithynia",
                "provinces": ["bithynia", "hellespontine_phrygia"],
                "king": {"id": "prusias", "competence": 0},
                "leaders": {"polycrates": {"competence": -1}},
                "units": {"league_a1": {"kind": "army", "at": "hellespontine_phrygia", "leader": "prusias"}},
            },
            "antigonids": {
                "capital": "macedonia",
                "provinces": ["macedonia"],
                "leaders": {"heraclides": {}},
                "units": {"antigonids_f1": {"kind": "fleet", "at": "thracian_sea", "leader": "heraclides"}},
            },
        },
        {
            "bithynia": {"mercenaries": {"bithynian_1": {"kind": "foot"}, "bithynian_2": {"kind": "foot"}}},
            "mysia": {"mercenaries": {"mysian_1": {"kind": "foot"}}},
        },
        seas={"thracian_sea": "med", "aegean": "med"},
        sea_edges=("thracian_sea-aegean",),
        coasts={"hellespontine_phrygia": ("thracian_sea",), "macedonia": ("thracian_sea",), "attica": ("aegean",)},
    )


PRUSIAS_ORDERS: dict[str, Any] = {
    "league": {
        "military": {
            "league_a1": {
                "mercenaries": ["bithynian_1", "bithynian_2"],
                "plan": [
                    {
                        "order": "E antigonids_f1",
                        "retreat": ["bithynia"],
                        "defence": "D1",
                        "secondary": ["M mysia", "M lydia"],
                        "secondary_if": ["pergamon"],
                    },
                    {"order": "C aegean", "defence": "D1"},
                    {"order": "A attica", "defence": "D1"},
                ],
            }
        }
    },
    "pergamon": {
        "politics": {"corruption": [{"target": "league_a1", "amount": 300}]},
        "military": {
            "pergamon_a1": {
                "mercenaries": ["mysian_1"],
                "plan": [
                    {"order": "M hellespontine_phrygia", "retreat": ["lydia"], "defence": "D2", "secondary": ["D0"]},
                    {"order": "P hellespontine_phrygia", "retreat": ["mysia"], "defence": "D1", "secondary": ["D0"]},
                    {"order": "M bithynia", "retreat": ["hellespontine_phrygia"], "defence": "D1"},
                ],
            }
        },
    },
}

PRUSIAS_DICE = {
    "229bc spring battle hellespontine_phrygia pergamon_a1": 6,
    "229bc spring battle hellespontine_phrygia league_a1": 3,
    "229bc spring death theagenes": 40,
    "229bc spring death prusias": 77,
    "229bc summer battle mysia pergamon_a1": 3,
    "229bc summer battle mysia league_a1": 4,
    "229bc summer death theagenes": 50,
    "229bc summer death prusias": 3,
    "229bc autumn loyalty polycrates king's death": 64,
    "229bc autumn battle mysia pergamon_a1": 5,
    "229bc autumn battle mysia league_a1": 1,
    "229bc autumn death theagenes": 90,
}


@pytest.fixture(scope="module")
def prusias() -> Any:
    scenario = prusias_world()
    return play(scenario, start(scenario), PRUSIAS_ORDERS, ScriptDice(PRUSIAS_DICE))


def test_s23_spring_theagenes_marches_and_prusias_defends_instead_of_embarking(prusias: Any) -> None:
    """S-23 [S 6.4] [S 6.7] [S 7.5] [S 5.4] (§4.4): no threat to Pergamon, Theagenes marches; Prusias's D1
    cancels his embarkation and the battle is in Hellespontine Phrygia; Pergamon's 300 buy a -1; 7 against 5,
    a non-decisive victory; Prusias falls back on Bithynia, his only friendly province, without his
    mercenaries; the province is pillaged."""
    spring = [r for r in prusias.records if r.season is not None and r.season.value == "spring"]
    (battle,) = [r for r in spring if r.code is Code.BATTLE]
    assert (battle.get("place"), battle.get("winner"), battle.get("result"), battle.get("difference")) == (
        "hellespontine_phrygia",
        "pergamon_a1",
        "non_decisive",
        2,
    )
    (values,) = [r for r in spring if r.code is Code.BATTLE_VALUES]
    assert values.seen is Seen.MASTER
    assert (values.get("a_total"), values.get("b_total")) in ((7, 5), (5, 7))
    assert found(prusias, Code.BETRAYAL, unit="league_a1", paid=300, malus=1)
    assert not found(prusias, Code.EMBARKED)
    assert [r.get("to") for r in spring if r.code is Code.RETREAT] == ["bithynia"]
    assert found(prusias, Code.RAVAGED, province="hellespontine_phrygia", why=Ravage.PILLAGE.value)


def test_s23_summer_theagenes_defends_mysia_and_prusias_dies(prusias: Any) -> None:
    """S-23 [S 6.3] [S 6.4] [S 5.7] [S 7.6] (§4.4): Prusias turns to his secondary plan (the aggressor was
    Pergamon): M Mysia; Theagenes's D1 comes before his pacification and he meets him in Mysia: 5 against 3;
    Prusias is killed, Polycrates of Ilion takes the army back to Bithynia and stays loyal (20%)."""
    summer = [r for r in prusias.records if r.season is not None and r.season.value == "summer"]
    assert [(r.get("unit"), r.get("threat")) for r in summer if r.code is Code.DEFENCE] == [("pergamon_a1", "mysia")]
    (battle,) = [r for r in summer if r.code is Code.BATTLE]
    assert (battle.get("place"), battle.get("winner"), battle.get("difference")) == ("mysia", "pergamon_a1", 2)
    assert found(prusias, Code.KING_DIED, "league", king="prusias", cause="battle")
    assert found(prusias, Code.NEW_LEADER, "league", leader="polycrates", unit="league_a1")
    assert found(prusias, Code.LOYALTY, leader="polycrates", chance=20, roll=64, loyal=True)
    assert not found(prusias, Code.PACIFIED)


def test_s23_autumn_a_disaster_for_the_northern_league(prusias: Any) -> None:
    """S-23 [S 6.3] [S 5.5] [S 5.6] [S 9.1] (§4.4, §4.3.3): Theagenes would march back on Hellespontine
    Phrygia, but defends Mysia against Polycrates, who keeps his unfulfilled secondary order; after two
    defeats and with an incompetent general the League's army is destroyed (7 against -3); Theagenes is
    glorious; +1 prestige to Attalus, -1 to the League."""
    autumn = [r for r in prusias.records if r.season is not None and r.season.value == "autumn"]
    (battle,) = [r for r in autumn if r.code is Code.BATTLE]
    assert (battle.get("place"), battle.get("result"), battle.get("difference")) == ("mysia", "total", 10)
    assert found(prusias, Code.DESTROYED, "league", unit="league_a1", why="disaster")
    assert found(prusias, Code.LEADER_DIED, "league", leader="polycrates")
    state = prusias.state
    assert state.public.leaders["theagenes"].glorious
    assert state.public.units["pergamon_a1"].place == "mysia"
    assert found(prusias, Code.PRESTIGE, "pergamon", cause="total_victory", delta=1)
    assert found(prusias, Code.PRESTIGE, "league", cause="disaster", delta=-1)
    assert state.public.ravaged == {"hellespontine_phrygia": (Ravage.PILLAGE, Ravage.OCCUPATION)}
    bribe = [line for line in state.private["pergamon"].ledger if line.entry == Entry.BRIBE.value]
    assert [(line.step, line.amount) for line in bribe] == [(Step.BRIBES, -300)]


def test_s23_the_league_raises_an_emergency_army_under_its_new_king(prusias: Any) -> None:
    """S-23 [S 4.6] (§3.2.4): without an army after the campaign and having ordered none, the League raises
    one in its capital's province under its new king."""
    state = prusias.state
    king = state.public.powers["league"].king
    (army,) = [u for u in state.public.units.values() if u.power == "league"]
    assert (army.place, army.leader) == ("bithynia", king)
    assert found(prusias, Code.ARMY_RAISED, "league", emergency=True)


# ---- S-20 and S-19: Arsaces and Tiridates ------------------------------------------------------


def test_s20_a_failed_pacification_is_tried_again_and_a_defeat_turns_to_the_secondary_plan() -> None:
    """S-20 [S 6.3] [S 6.5] (§4.1.7): the spring P fails (3 < 5) without a battle: tried again in summer with
    the same retreat and secondary plan; Euthydemus's counter-attack drives the army out to Parthyene (the
    spring row's choice); in autumn it follows the first secondary order, D0; M Aria never happens."""
    scenario = world(
        ("parthyene-margiana", "margiana-bactria", "margiana-aria", "parthyene-aria"),
        {
            "parthians": {
                "capital": "parthyene",
                "provinces": ["parthyene"],
                "leaders": {"vologases": {}},
                "units": {"parthians_a1": {"kind": "army", "at": "margiana", "leader": "vologases"}},
            },
            "bactria": {
                "capital": "bactria",
                "provinces": ["bactria", "margiana"],
                "king": {"id": "euthydemus", "competence": 0},
                "units": {"bactria_a1": {"kind": "army", "at": "bactria", "leader": "euthydemus"}},
            },
        },
    )
    files = {
        "parthians": {
            "military": {
                "parthians_a1": {
                    "plan": [
                        {"order": "P", "retreat": ["parthyene"], "defence": "D3", "secondary": ["D0", "M aria"]},
                        "M aria",
                        "M parthyene",
                    ]
                }
            }
        },
        "bactria": {"military": {"bactria_a1": {"plan": ["D0", "M margiana"]}}},
    }
    dice = ScriptDice(
        {
            "229bc spring pacify margiana parthians_a1": 4,  # 4 - 1 for unknown terrain = 3
            "229bc summer battle margiana bactria_a1": 6,
            "229bc summer battle margiana parthians_a1": 3,
        }
    )
    result = play(scenario, start(scenario), files, dice)
    assert found(result, Code.PACIFY_FAILED, unit="parthians_a1", threshold=5)
    assert [r.season.value for r in found(result, Code.RAVAGED, province="margiana") if r.season] == ["spring"]
    (battle,) = found(result, Code.BATTLE)
    assert (battle.season.value if battle.season else "", battle.get("winner")) == ("summer", "bactria_a1")
    assert [r.get("to") for r in found(result, Code.RETREAT, unit="parthians_a1")] == ["parthyene"]
    assert len(dice.rolled("pacify margiana")) == 1  # beaten in summer, no second attempt
    assert moves(result, "parthians_a1") == []
    assert result.state.public.units["parthians_a1"].place == "parthyene"


def test_s19_tiridates_marches_into_media_and_pacifies_it() -> None:
    """S-19 [S 6.5] [S 2.4] [S 9.1] (§4.1.4): spring, M Media against no resistance: Media is ravaged;
    summer, P with a value of 8 (>= 5): Media is Parthian; +1 to the Parthians, -1 to the Seleucids; Media
    pays nothing next year."""
    scenario = world(
        ("zadracarta-media", "media-susiana"),
        {
            "parthians": {
                "capital": "zadracarta",
                "provinces": ["zadracarta"],
                "leaders": {"tiridates": {"competence": 2}},
                "units": {"parthians_a1": {"kind": "army", "at": "zadracarta", "leader": "tiridates"}},
            },
            "seleucids": {"capital": "susiana", "provinces": ["susiana", "media"]},
        },
        {"zadracarta": {"mercenaries": {"parthian_horse": {"kind": "cavalry"}}}},
    )
    files = {"parthians": {"military": {"parthians_a1": {"mercenaries": ["parthian_horse"], "plan": ["M media", "P"]}}}}
    dice = ScriptDice({"229bc summer pacify media parthians_a1": 6})
    result = play(scenario, start(scenario), files, dice)
    assert moves(result, "parthians_a1") == [("spring", "media")]
    assert found(result, Code.RAVAGED, province="media", why=Ravage.OCCUPATION.value)
    (pacified,) = found(result, Code.PACIFIED, unit="parthians_a1", province="media", threshold=5)
    assert pacified.season is not None and pacified.season.value == "summer"
    assert result.state.owner("media") == "parthians"
    assert found(result, Code.PRESTIGE, "parthians", cause="conquest", delta=1)
    assert found(result, Code.PRESTIGE, "seleucids", cause="province_lost", delta=-1)
    assert "media" in result.state.public.ravaged
    assert result.state.public.forecasts["parthians"].local == 300  # Zadracarta's 300; Media nothing


def test_a_spring_pacification_leaves_the_province_unravaged() -> None:
    """[S 6.5] [S 2.4] (§4.1.4): an army already in the province pacifies it in spring and ends the season at
    home: the province pays the next year."""
    scenario = world(
        ("home-target",), {"k": kingdom("home", units={"k_a1": "army target g"}, leaders={"g": {"competence": 2}})}
    )
    result = play(
        scenario,
        start(scenario),
        {"k": {"military": {"k_a1": {"plan": ["P"]}}}},
        ScriptDice({"229bc spring pacify target k_a1": 6}),
    )
    assert result.state.owner("target") == "k"
    assert "target" not in result.state.public.ravaged
    assert result.state.public.forecasts["k"].local == 400  # home's 300 and the new province's 100


# ---- S-22: the Byzantine fleet raids Pergamon --------------------------------------------------


def raid_world() -> Scenario:
    return world(
        ("ionia-mysia", "ionia-caria"),
        {
            "attalids": {
                "capital": "mysia",
                "provinces": ["caria", "mysia", "ionia"],
                "leaders": {"g": {}},
                "units": {"attalids_a1": {"kind": "army", "at": "ionia", "leader": "g"}},
            },
            "league": {
                "capital": "bithynia",
                "provinces": ["bithynia"],
                "leaders": {"admiral": {}},
                "units": {"league_f1": {"kind": "fleet", "at": "aegean", "leader": "admiral"}},
            },
        },
        seas={"aegean": "med"},
        coasts={"caria": ("aegean",), "mysia": ("aegean",), "ionia": ("aegean",), "bithynia": ("aegean",)},
    )


RAIDS = {
    "league": {
        "military": {
            "league_f1": {
                "plan": [
                    "R caria",
                    {
                        "order": "R ionia",
                        "only_if": {"unit": "attalids_a1", "at": "mysia", "after": "spring"},
                        "otherwise": "R mysia",
                    },
                ]
            }
        }
    }
}


@pytest.mark.parametrize(
    ("army_spring", "ravaged"),
    [(None, {"caria", "mysia"}), ("M mysia", {"caria", "ionia"}), ("M caria", {"caria", "mysia"})],
)
def test_s22_the_byzantine_fleet_ravages_two_provinces_whatever_pergamon_does(
    army_spring: str | None, ravaged: set[str]
) -> None:
    """S-22 [S 6.6] [S 6.9] (§4.1.7, §4.2.1): the spring raid on Caria cannot be stopped (an army arriving
    that season is too late); the summer raid goes to Mysia, or to Ionia if the Attalid army went to Mysia
    in spring: Pergamon ends with two ravaged provinces."""
    scenario = raid_world()
    files = dict(RAIDS)
    if army_spring:
        files = {**RAIDS, "attalids": {"military": {"attalids_a1": {"plan": [army_spring]}}}}
    result = play(scenario, start(scenario), files)
    assert {r.get("province") for r in found(result, Code.RAID, "league")} == ravaged
    assert set(result.state.public.ravaged) == ravaged
    assert frozenset(("attalids", "league")) in {
        frozenset((p, q))
        for p in result.state.public.powers
        for q in result.state.public.powers["attalids"].fought
        if p == "attalids"
    }


def test_a_raid_fails_against_an_army_defending_the_province() -> None:
    """[S 6.6] (§4.2.1, §4.1.6): an army in defence in the raided province, there from the season's start,
    stops the raid; the order is tried again."""
    scenario = raid_world()
    result = play(scenario, start(scenario), {"league": {"military": {"league_f1": {"plan": ["R ionia"]}}}})
    assert found(result, Code.RAID_STOPPED, "league", province="ionia", why="army_in_defence")
    assert "ionia" not in result.state.public.ravaged


# ---- S-31: defence and its priorities -----------------------------------------------------------


def defence_world(edges: tuple[str, ...], k_provinces: list[str], capital: str, extra: dict[str, Any]) -> Scenario:
    enemies = {f"e_a{i}": {"kind": "army", "at": "enemyland", "leader": f"e{i}"} for i in (1, 2)}
    return world(
        edges,
        {
            "k": {
                "capital": capital,
                "provinces": k_provinces,
                "leaders": {"kg": {}},
                "units": {"k_a1": {"kind": "army", "at": "home", "leader": "kg"}},
            },
            "e": {
                "capital": "enemyland",
                "provinces": ["enemyland"],
                "leaders": {"e1": {}, "e2": {}},
                "units": enemies,
            },
        },
        extra,
    )


def test_s31_at_equal_distance_the_original_capital_first() -> None:
    """S-31 [S 6.4] (§4.1.6): two dangers one province away, a trading post and the capital: the army goes
    to the capital."""
    scenario = defence_world(
        ("home-cap", "home-comp", "enemyland-cap", "enemyland-comp"),
        ["home", "cap", "comp"],
        "cap",
        {"comp": {"trading_post": {"id": "post"}}},
    )
    files = {
        "e": {"military": {"e_a1": {"plan": ["M cap"]}, "e_a2": {"plan": ["M comp"]}}},
        "k": {"military": {"k_a1": {"plan": [{"order": "D2", "defence": "D2"}]}}},
    }
    result = play(scenario, start(scenario), files)
    assert [r.get("threat") for r in found(result, Code.DEFENCE, unit="k_a1")][:1] == ["cap"]
    assert moves(result, "k_a1")[0] == ("spring", "cap")
    assert found(result, Code.BATTLE, place="cap")


def test_s31_the_nearest_danger_first() -> None:
    """S-31 [S 6.4] (§4.1.6): a province with resources next door comes before the capital two away."""
    scenario = defence_world(
        ("home-res", "home-mid", "mid-cap", "enemyland-res", "enemyland-cap"),
        ["home", "res", "mid", "cap"],
        "cap",
        {"res": {"resources": {"grain": 1}}},
    )
    files = {
        "e": {"military": {"e_a1": {"plan": ["M res"]}, "e_a2": {"plan": ["M cap"]}}},
        "k": {"military": {"k_a1": {"plan": [{"order": "D2", "defence": "D2"}]}}},
    }
    result = play(scenario, start(scenario), files)
    assert [r.get("threat") for r in found(result, Code.DEFENCE, unit="k_a1")][:1] == ["res"]


@pytest.mark.parametrize("radius", ["D0", "D2"])
def test_s31_no_reaction_beyond_the_radius_or_across_foreign_land(radius: str) -> None:
    """S-31 [S 6.4] (§4.1.6): D0 defends only the army's province; D2 does not reach a province whose only
    path crosses land neither the king's nor a friend's."""
    scenario = defence_world(
        ("home-indep", "indep-far", "enemyland-far", "home-next", "enemyland-next"), ["home", "far", "next"], "home", {}
    )
    target = "next" if radius == "D0" else "far"
    files = {
        "e": {"military": {"e_a1": {"plan": [f"M {target}"]}}},
        "k": {"military": {"k_a1": {"plan": [{"order": "D0", "defence": radius}]}}},
    }
    result = play(scenario, start(scenario), files)
    spring = [r for r in found(result, Code.DEFENCE, unit="k_a1") if r.season and r.season.value == "spring"]
    assert spring == []  # "far" is two away only through the independent province; "next" beyond D0


def test_s31_an_army_without_priority_leaves_and_meets_nobody() -> None:
    """S-31 [S 6.7] (§4.1.2): DN, the army carries out its order; the enemy entering the province it leaves
    meets nobody."""
    scenario = defence_world(("home-out", "enemyland-home"), ["home", "out"], "out", {})
    files = {
        "e": {"military": {"e_a1": {"plan": ["M home"]}}},
        "k": {"military": {"k_a1": {"plan": [{"order": "M out", "defence": "DN"}]}}},
    }
    result = play(scenario, start(scenario), files)
    assert moves(result, "k_a1")[0] == ("spring", "out") and moves(result, "e_a1")[0] == ("spring", "home")
    assert not [r for r in found(result, Code.BATTLE) if r.season is not None and r.season.value == "spring"]


# ---- conflicting moves [S 6.7] -------------------------------------------------------------------


def three_kings(edges: tuple[str, ...], comp: dict[str, int]) -> Scenario:
    return world(
        edges,
        {
            p: {
                "capital": p + "land",
                "provinces": [p + "land"],
                "leaders": {p + "g": {"competence": comp[p]}},
                "units": {p + "_a1": {"kind": "army", "at": p + "land", "leader": p + "g"}},
            }
            for p in comp
        },
    )


def test_two_armies_attacking_each_other_fight_in_the_less_competent_ones_province() -> None:
    """[S 6.7] (§4.1.2): A and B attack each other: the more competent attacks first, the battle is in his
    adversary's province."""
    scenario = three_kings(("aland-bland",), {"a": 2, "b": 0})
    files = {"a": {"military": {"a_a1": {"plan": ["M bland"]}}}, "b": {"military": {"b_a1": {"plan": ["M aland"]}}}}
    result = play(scenario, start(scenario), files)
    spring = [r for r in found(result, Code.BATTLE) if r.season and r.season.value == "spring"]
    assert [r.get("place") for r in spring] == ["bland"]
    assert moves(result, "b_a1")[:1] != [("spring", "aland")]


def test_a_chain_of_attacks_stops_at_the_defender() -> None:
    """[S 6.7] (§4.1.2): A attacks B, B attacks C, all defending: B defends against A, C is not attacked."""
    scenario = three_kings(("aland-bland", "bland-cland"), {"a": 1, "b": 1, "c": 1})
    files = {"a": {"military": {"a_a1": {"plan": ["M bland"]}}}, "b": {"military": {"b_a1": {"plan": ["M cland"]}}}}
    result = play(scenario, start(scenario), files)
    spring = [r for r in found(result, Code.BATTLE) if r.season and r.season.value == "spring"]
    assert [r.get("place") for r in spring] == ["bland"]
    assert found(result, Code.HOLD, unit="b_a1", why="defence")


def test_a_ring_of_attacks_lets_the_most_competent_attack_alone() -> None:
    """[S 6.7] (§4.1.2): A attacks B, B attacks C, C attacks A: the most competent of the three attacks, the
    others are paralysed."""
    scenario = three_kings(("aland-bland", "bland-cland", "cland-aland"), {"a": 0, "b": 2, "c": 1})
    files = {p: {"military": {f"{p}_a1": {"plan": [f"M {t}land"]}}} for p, t in (("a", "b"), ("b", "c"), ("c", "a"))}
    result = play(scenario, start(scenario), files)
    spring = [r for r in found(result, Code.BATTLE) if r.season and r.season.value == "spring"]
    assert [r.get("place") for r in spring] == ["cland"]  # B, the most competent, attacks C
    assert [u for u in ("a_a1", "c_a1") if moves(result, u)[:1] and moves(result, u)[0][0] == "spring"] == []


# ---- retreats, disasters, several forces ------------------------------------------------------------


def test_a_surrounded_army_beaten_is_destroyed() -> None:
    """[S 5.4] [S 5.5] (§4.3.2): with nowhere to retreat (the enemy's origin and a province holding enemy
    troops), a non-decisive defeat becomes a disaster."""
    scenario = world(
        ("p-q", "p-r"),
        {
            "k": {
                "capital": "p",
                "provinces": ["p"],
                "leaders": {"kg": {}},
                "units": {"k_a1": {"kind": "army", "at": "p", "leader": "kg"}},
            },
            "e": {
                "capital": "q",
                "provinces": ["q", "r"],
                "leaders": {"e1": {"competence": 2}, "e2": {}},
                "units": {
                    "e_a1": {"kind": "army", "at": "q", "leader": "e1"},
                    "e_a2": {"kind": "army", "at": "r", "leader": "e2"},
                },
            },
        },
    )
    files = {"e": {"military": {"e_a1": {"plan": ["M p"]}, "e_a2": {"plan": ["D0"]}}}}
    result = play(
        scenario, start(scenario), files, ScriptDice({"229bc spring battle p e_a1": 6, "229bc spring battle p k_a1": 3})
    )
    assert found(result, Code.BATTLE, place="p", result="non_decisive")
    assert found(result, Code.DESTROYED, "k", unit="k_a1", why="disaster")
    assert found(result, Code.PRESTIGE, "e", cause="total_victory", delta=1)
    assert result.state.public.leaders["e1"].glorious


def test_the_least_competent_generals_fight_first_among_three_factions() -> None:
    """[S 6.8] (§4.4.1): three hostile armies in one province: the least competent fight first."""
    scenario = three_kings(("aland-mid", "bland-mid", "cland-mid"), {"a": 2, "b": -1, "c": 0})
    files = {p: {"military": {f"{p}_a1": {"plan": [{"order": "M mid", "defence": "DN"}]}}} for p in "abc"}
    result = play(scenario, start(scenario), files)
    first = next(r for r in result.records if r.code is Code.BATTLE)
    assert {first.get("winner"), first.get("loser")} == {"b_a1", "c_a1"}


# ---- seas, straits, deserts, storms, pursuit --------------------------------------------------------


def sea_world() -> Scenario:
    """An army at home, its fleet off the coast, a far sea and a shore beyond it."""
    army_and_fleet = {
        "k_a1": {"kind": "army", "at": "home", "leader": "g"},
        "k_f1": {"kind": "fleet", "at": "near", "leader": "adm"},
    }
    power = {"capital": "home", "provinces": ["home"], "leaders": {"g": {}, "adm": {}}, "units": army_and_fleet}
    seas = {"near": "med", "far": "med"}
    coasts = {"home": ("near",), "shore": ("far",)}
    return world((), {"k": power}, {"shore": {}}, seas=seas, sea_edges=("near-far",), coasts=coasts)


def test_an_army_embarks_is_carried_and_lands_in_one_campaign() -> None:
    """[S 6.1] (§4.1.5): E, C and A each take a season; the army's and the fleet's orders match."""
    scenario = sea_world()
    plans = {"k_a1": {"plan": ["E k_f1", "C far", "A shore"]}, "k_f1": {"plan": ["E k_a1", "C far", "A shore"]}}
    result = play(scenario, start(scenario), {"k": {"military": plans}})
    assert found(result, Code.EMBARKED, army="k_a1", fleet="k_f1")
    assert found(result, Code.CONVOYED, army="k_a1", to="far")
    assert found(result, Code.LANDED, army="k_a1", province="shore")
    assert result.state.public.units["k_a1"].place == "shore" and result.state.public.units["k_a1"].aboard is None
    assert "shore" in result.state.public.ravaged  # an independent province, not the army's side


def test_orders_out_of_phase_leave_army_and_fleet_in_place() -> None:
    """[S 6.1] (§4.1.5): the army's and the fleet's orders must match, or both stay."""
    scenario = sea_world()
    result = play(scenario, start(scenario), {"k": {"military": {"k_a1": {"plan": ["E k_f1"]}}}})
    assert found(result, Code.NOT_IN_PHASE, army="k_a1")
    assert result.state.public.units["k_a1"].aboard is None


def test_only_the_straits_master_and_his_allies_cross_it_by_land() -> None:
    """[S 8.1] (§5.1.1): the Bosporus's land crossing is the master of Byzantium's, and his listed allies'."""
    scenario = world(
        ("thrace-byzantium", "byzantium-bithynia"),
        {
            "league": {"capital": "byzantium", "provinces": ["byzantium"]},
            "ally": {
                "capital": "thrace",
                "provinces": ["thrace"],
                "leaders": {"g": {}},
                "units": {"ally_a1": {"kind": "army", "at": "byzantium", "leader": "g"}},
            },
        },
        straits=[{"province": "byzantium", "crossing": ["byzantium", "bithynia"]}],
    )
    march = {
        "ally": {"military": {"ally_a1": {"plan": ["M bithynia"]}}},
        "league": {"politics": {"friendship": ["ally"]}},
    }
    march["ally"]["politics"] = {"friendship": ["league"]}
    refused = play(scenario, start(scenario), march)
    assert found(refused, Code.HOLD, unit="ally_a1", why="not_allowed")
    allowed = play(
        scenario, start(scenario), {**march, "league": {"politics": {"friendship": ["ally"], "bosporus": ["ally"]}}}
    )
    assert moves(allowed, "ally_a1")[0] == ("spring", "bithynia")


def test_a_desert_holds_an_army_a_season_and_costs_its_mercenaries() -> None:
    """[S 8.5] (§5.1.5): entered in spring, a desert keeps the army in summer; it leaves in autumn without
    its mercenaries."""
    scenario = world(
        ("home-sand", "sand-oasis"),
        {
            "k": {
                "capital": "home",
                "provinces": ["home", "oasis"],
                "leaders": {"g": {}},
                "units": {"k_a1": {"kind": "army", "at": "home", "leader": "g"}},
            }
        },
        {"sand": {"kind": "desert"}, "home": {"mercenaries": {"camels": {"kind": "cavalry"}}}},
    )
    files = {"k": {"military": {"k_a1": {"mercenaries": ["camels"], "plan": ["M sand", "M oasis"]}}}}
    result = play(scenario, start(scenario), files)
    assert moves(result, "k_a1") == [("spring", "sand"), ("autumn", "oasis")]
    assert found(result, Code.DESERT_LOSSES, unit="k_a1")
    assert "sand" not in result.state.public.ravaged  # nobody's land, nothing to ravage


def test_a_storm_stops_movement_into_the_province_the_next_season() -> None:
    """[S 8.7] [S 8.6] (§5.2.1, §5.2): the spring's event is a storm over the target: the summer march waits
    for the autumn."""
    scenario = world(
        ("home-pass",),
        {
            "k": {
                "capital": "home",
                "provinces": ["home", "pass"],
                "leaders": {"g": {}},
                "units": {"k_a1": {"kind": "army", "at": "home", "leader": "g"}},
            }
        },
        {"pass": {"events": ["favourable", "storm"]}},
    )
    number = scenario.provinces["pass"].number
    dice = ScriptDice({"229bc spring event": number, "229bc spring event kind pass": 2})
    result = play(scenario, start(scenario), {"k": {"military": {"k_a1": {"plan": ["D0", "M pass"]}}}}, dice)
    assert found(result, Code.STORM, place="pass")
    assert found(result, Code.HOLD, unit="k_a1", why="storm")
    assert moves(result, "k_a1") == [("autumn", "pass")]


def test_a_pursuit_follows_the_enemy_a_province_a_season() -> None:
    """[S 6.1] (§4.1.3): F goes after a named enemy by the shortest way."""
    scenario = world(
        ("a-b", "b-c"), {"k": kingdom("a", units={"k_a1": "army a g"}), "e": kingdom("c", units={"e_a1": "army c h"})}
    )
    files = {
        "k": {"military": {"k_a1": {"plan": [{"order": "F e_a1", "defence": "DN"}]}}},
        "e": {"military": {"e_a1": {"plan": [{"order": "D0", "defence": "D0"}]}}},
    }
    result = play(scenario, start(scenario), files)
    assert moves(result, "k_a1")[:2] == [("spring", "b"), ("summer", "c")]
    assert found(result, Code.BATTLE, place="c")


def test_a_fleet_clears_the_pirates_off_its_kings_coast() -> None:
    """[S 6.6] (§4.2.2): N against pirates (-4 and their chief): a victory ends them, before they raid."""
    scenario = world(
        (),
        {
            "k": {
                "capital": "port",
                "provinces": ["port"],
                "leaders": {"adm": {}},
                "units": {"k_f1": {"kind": "fleet", "at": "bay", "leader": "adm"}},
            }
        },
        seas={"bay": "med", "open": "med"},
        sea_edges=("bay-open",),
        coasts={"port": ("bay", "open")},
        pirates=[{"id": "corsairs", "at": "port", "zone": "open", "leader": {"id": "chief", "competence": 0}}],
    )
    dice = ScriptDice({"229bc spring pirates corsairs k_f1": 3, "229bc spring pirates corsairs corsairs": 3})
    result = play(scenario, start(scenario), {"k": {"military": {"k_f1": {"plan": ["N port"]}}}}, dice)
    assert found(result, Code.PIRATES_GONE, "k", pirates="corsairs", why="beaten")
    assert not found(result, Code.RAID)
    assert result.state.public.pirates == ()


# ---- S-15 and S-16: Hierax against Attalus, and what follows ---------------------------------------


def hierax_world() -> Scenario:
    """Attalus, glorious, leads his army; the League holds Bithynia; Hierax holds Phrygia with two Galatian
    contingents."""
    return world(
        ("mysia-bithynia", "mysia-phrygia", "mysia-lydia"),
        {
            "pergamon": kingdom(
                "mysia",
                "lydia",
                units={"pergamon_a1": "army mysia attalus"},
                king={"id": "attalus", "competence": 2, "glorious": True},
            ),
            "league": kingdom("bithynia", units={"league_a1": "army bithynia lg"}),
            "hierax": kingdom("phrygia", units={"hierax_a1": "army phrygia hierax_king"}),
        },
        {
            "mysia": {"mercenaries": {"aetolians": {"kind": "foot"}}},
            "phrygia": {"mercenaries": {"galatians_1": {"kind": "foot"}, "galatians_2": {"kind": "foot"}}},
        },
    )


def test_s15_s16_hierax_is_beaten_in_mysia_and_pays_for_nothing() -> None:
    """S-15 [S 5.2] [S 5.3] (§4.3.1) and S-16 [S 5.4] [S 7.5] [S 3.6] (§4.3.2, §3.3.6): beaten by the League in
    spring, Attalus lost his Aetolians and takes -1; in summer Hierax attacks Mysia with his Galatians, his 50
    of counter-corruption against Attalus's 600: 6 against 7, a non-decisive victory for Attalus. Pergamon pays
    its 600 as the battle is fought, Hierax paid his 50 in spring; Hierax loses his mercenaries and falls back;
    both leaders risk death; Mysia, Attalus's own, is not pillaged; nobody gains prestige; next year Hierax may
    not use Pergamon's trading posts."""
    scenario = hierax_world()
    files = {
        "pergamon": {
            "politics": {"corruption": [{"target": "hierax_a1", "amount": 600}]},
            "military": {
                "pergamon_a1": {"mercenaries": ["aetolians"], "plan": [{"order": "M bithynia", "retreat": ["mysia"]}]}
            },
        },
        "hierax": {
            "politics": {"counter_corruption": {"hierax_a1": 50}},
            "military": {
                "hierax_a1": {
                    "mercenaries": ["galatians_1", "galatians_2"],
                    "plan": ["D0", {"order": "M mysia", "retreat": ["phrygia"]}],
                }
            },
        },
        "league": {"military": {"league_a1": {"plan": [{"order": "D0", "defence": "D0"}] * 3}}},
    }
    dice = ScriptDice(
        {
            "229bc spring battle bithynia pergamon_a1": 1,
            "229bc spring battle bithynia league_a1": 6,
            "229bc summer battle mysia hierax_a1": 5,
            "229bc summer battle mysia pergamon_a1": 4,
        }
    )
    result = play(scenario, start(scenario), files, dice)
    summer = next(r for r in found(result, Code.BATTLE_VALUES) if r.season and r.season.value == "summer")
    sides = {summer.get("a"): summer.get("a_values"), summer.get("b"): summer.get("b_values")}
    assert set(sides["hierax_a1"]) == {"king=+1", "mercenaries=+2", "terrain=-1", "corruption=-1", "die=5"}  # type: ignore[arg-type]
    assert set(sides["pergamon_a1"]) == {"competence=+2", "king=+1", "glory=+1", "defeats=-1", "die=4"}  # type: ignore[arg-type]
    (battle,) = [r for r in found(result, Code.BATTLE, place="mysia")]
    assert (battle.get("winner"), battle.get("result"), battle.get("difference")) == ("pergamon_a1", "non_decisive", 1)
    ledger = {
        p: [(line.step, line.entry, line.amount) for line in result.state.private[p].ledger if line.amount < 0]
        for p in ("pergamon", "hierax")
    }
    assert (Step.BRIBES, Entry.BRIBE.value, -600) in ledger["pergamon"]
    assert (Step.SPRING_PAYMENTS, Entry.COUNTER_CORRUPTION.value, -50) in ledger["hierax"]
    assert found(result, Code.RETREAT, "hierax", unit="hierax_a1", to="phrygia")
    assert len(dice.rolled("summer death")) == 2
    assert "mysia" not in result.state.public.ravaged
    assert not found(result, Code.PRESTIGE, "pergamon", cause="total_victory") and not found(
        result, Code.PRESTIGE, "hierax", cause="disaster"
    )
    assert "pergamon" in result.state.public.powers["hierax"].fought


def test_s13_a_bribe_is_spent_only_when_the_battle_is_fought() -> None:
    """S-13 [S 7.5] (§3.3.6): counter-corruption is always spent; corruption only if the corrupted unit
    fights a beneficiary's troops."""
    scenario = hierax_world()
    files = {
        "pergamon": {"politics": {"corruption": [{"target": "hierax_a1", "amount": 600}]}},
        "hierax": {
            "politics": {"counter_corruption": {"hierax_a1": 50}},
            "military": {"hierax_a1": {"plan": ["D0", "D0", "D0"]}},
        },
    }
    result = play(scenario, start(scenario), files)
    assert not [line for line in result.state.private["pergamon"].ledger if line.entry == Entry.BRIBE.value]
    assert [
        line.amount for line in result.state.private["hierax"].ledger if line.entry == Entry.COUNTER_CORRUPTION.value
    ] == [-50]


def test_s18_the_seventh_consecutive_attempt_spans_the_winters() -> None:
    """S-18 [S 6.5] (§4.1.4): the worst pacifier, rolling 1 each season, fails six times and succeeds at the
    seventh attempt, the spring of the third year; the attempts carry over the winters (A43)."""
    scenario = world(
        ("home-wild",), {"k": kingdom("home", units={"k_a1": "army wild g"}, leaders={"g": {"competence": -1}})}
    )
    state = start(scenario)
    thresholds: list[int] = []
    for n, label in enumerate(("229bc", "228bc", "227bc")):
        files = {"k": {"military": {"k_a1": {"plan": ["P", "P", "P"]}}}}
        from pipeline.games.symmachia.orders import read_orders
        from pipeline.games.symmachia.year import resolve_year

        orders = {"k": read_orders({"power": "k", "year": label, **files["k"]}, scenario, state, "k")[0]}
        dice = ScriptDice({f"{label} {s} pacify wild k_a1": 1 for s in ("spring", "summer", "autumn")})
        result = resolve_year(scenario, state, orders, None, dice)
        thresholds += [int(r.get("threshold")) for r in result.records if r.code in (Code.PACIFY_FAILED, Code.PACIFIED)]  # type: ignore[arg-type]
        state = result.state
        if n < 2:
            assert state.owner("wild") is None
    assert thresholds == [5, 4, 3, 2, 1, 0, -1]
    assert state.owner("wild") == "k"
