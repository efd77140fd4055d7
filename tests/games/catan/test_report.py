"""A round's reports [K 3.3]: the public report says every roll and what it produced for whom, trades and
why an offer was refused, builds, moves, combats with both dice, and the points; the private report a
player's hands, cards and steps; both in English and in French, from the catalogues."""

from __future__ import annotations

import dataclasses

import pytest

from pipeline.games.catan import outcome as oc
from pipeline.games.catan.options import DEFAULT_OPTIONS
from pipeline.games.catan.orders import orders_from_data
from pipeline.games.catan.outcome import Action, Die, Reason, Section, Side, StepDone
from pipeline.games.catan.report import (
    A_UNIT,
    ACTION_NAMES,
    EFFECT_WORDS,
    REASON_WORDS,
    RESOURCE_WORDS,
    UNIT_NAMES,
    event_line,
    offers_of,
    private_report,
    private_view,
    public_report,
)
from pipeline.games.catan.resources import Hand
from pipeline.games.catan.said import FileProblem, said
from pipeline.games.catan.setup import Choice, play_setup
from pipeline.games.catan.state import Card, HeldCard, Player
from pipeline.games.catan.units import Target, UnitKind
from pipeline.shared.dice import HashDice
from pipeline.shared.i18n import translator

from .helpers import SEATS, E, V, board, state

EN, FR = translator("en"), translator("fr")


@pytest.mark.parametrize(
    "table", [REASON_WORDS, ACTION_NAMES, UNIT_NAMES, A_UNIT, EFFECT_WORDS], ids=lambda t: type(next(iter(t))).__name__
)
def test_every_code_has_its_words_in_both_languages(table) -> None:
    """[K 3.4] every reason a step is skipped for, every action, unit and effect is said in words."""
    kind = type(next(iter(table)))
    assert set(table) == set(kind), set(kind) - set(table)
    for message in table.values():
        values = {"what": "x", "at": "c3", "player": "a"}
        english, french = said(message, **values).words(EN), said(message, **values).words(FR)
        assert english == message.format_map(values)
        assert french != english or message in ("pirate",), message


def test_hands_are_counted_in_each_language() -> None:
    """[K 1.4] resources by their names, in the plural French needs."""
    assert set(RESOURCE_WORDS) == set(oc.Resource)
    line = event_line(oc.Discarded("a", Hand.of(ore=2, wool=1)), {})
    assert line is not None
    assert line.words(EN) == "a gives back 1 wool and 2 ore on the 7"
    assert line.words(FR) == "a rend 1 mouton et 2 minerais sur le 7"


EVENTS = [
    oc.Rolled("a", (3, 5)),
    oc.Produced("b", "c3", oc.Source.CITY, Hand.of(brick=2), "c3/c4/d4"),
    oc.BankShort(oc.Resource.ORE, 4),
    oc.Traded("a", None, Hand.of(wool=4), Hand.of(ore=1), 4),
    oc.Traded("a", "b", Hand.of(wool=2), Hand.of(grain=1)),
    oc.Built("a", oc.Piece.UNIT, "c3>c4", Hand.of(ore=2, lumber=1, wool=1), unit=UnitKind.MILITARY),
    oc.Built("a", oc.Piece.CARD, "", Hand.of(ore=1, wool=1, grain=1), card=Card.MONOPOLY),
    oc.ExplorerBoughtOut("a", "b", "c3/c4/d4", Hand.of(ore=2)),
    oc.Reactivated("a", UnitKind.MILITARY, "c3>c4", Hand.of(lumber=1)),
    oc.Moved("a", UnitKind.DIPLOMAT, ("c3>c4", "c4>c3")),
    oc.Moved("a", None, ("a1/b2", "a2/b2")),
    oc.Combat("a", UnitKind.MILITARY, "c3>c4", "b", UnitKind.DIPLOMAT, "c4>c3", Die(20, 14), Die(10, 3),
              Side.ATTACKER, (oc.Effect(oc.EffectKind.REMOVED, "b", "c4>c3", UnitKind.DIPLOMAT),)),
    oc.Combat("a", None, "", "b", Target.CITY, "c3/c4/d4", Die(20, 5), Die(12, 7, 2), Side.DEFENDER, ()),
    oc.GuardStood("a", "c3/c4/d4", "c3", oc.GuardResult.MARKER_REMOVED),
    oc.Reactivates("a", UnitKind.PIRATE, "a1>a2"),
    oc.Swapped("a", ("c3", "d4"), (6, 9)),
    oc.CardPlayed("a", Card.MONOPOLY, resource=oc.Resource.ORE),
    oc.Taken("b", "a", Hand.of(ore=2)),
    oc.Awarded(oc.Award.LONGEST_ROUTE, "a", None, 5),
    oc.Won("a", 10),
    oc.PlacedByDefault("a", 2),
    oc.PlacedByDefault("b", 0),
]  # fmt: skip


def test_every_public_record_has_a_sentence_in_both_languages() -> None:
    """[K 3.3] each record of the round is said, the same in neither language."""
    for event in EVENTS:
        line = event_line(event, {})
        assert line is not None, event
        assert line.words(EN) != line.words(FR), event
        assert "{" not in line.words(EN) + line.words(FR), event


def test_a_combat_gives_both_dice_and_what_it_did() -> None:
    """[K 10.1] both dice; [K 7.4] a city's die with its status."""
    fight, city = (event_line(e, {}) for e in EVENTS[11:13])
    assert fight is not None and city is not None
    assert fight.words(EN) == (
        "a attacks with a military unit from c3>c4 against the diplomat of b at c4>c3: d20 14 against d10 3, the "
        "attacker wins; back to the reserve: diplomat of b at c4>c3"
    )
    assert city.words(FR) == (
        "a joue un chevalier contre ville de b en c3/c4/d4\u00a0: d20 5 contre d12 7 + 2 = 9, le défenseur gagne"
    )


def test_the_card_drawn_stays_out_of_the_public_report_and_in_the_private_one() -> None:
    """[K 3.3] hands and development cards are private: the public report says a card was bought, the
    buyer's report which."""
    before = state()
    after = dataclasses.replace(
        before, players={**before.players, "a": Player(Hand.of(ore=1), (HeldCard(Card.MONOPOLY, 1),))}
    )
    events = [oc.TurnBegan("a"), EVENTS[6], StepDone("a", 1, Section.BUILD, Action.CARD)]
    public = public_report(1, {p: after.points(p) for p in after.seats}, events).markdown(EN)
    assert "A buys a development card, for 1 wool, 1 grain, and 1 ore" in public and "monopoly" not in public
    mine = private_report("a", 1, private_view("a", before, after), events).markdown(EN)
    assert "Drawn this round: monopoly" in mine and "Monopoly, bought in round 1" in mine
    assert "Step 1 (development card): done" in mine and "Hand at the end of the round: 1 ore" in mine


def test_a_refused_offer_is_said_with_each_partners_reason() -> None:
    """[K 5.2] the offer, and why each partner refused it."""
    script = {"script": {"trade": [{"offer": {"give": {"wool": 2}, "get": {"ore": 1}}}]}}
    orders = {"a": orders_from_data(script, board(), "a", SEATS)}
    step = StepDone("a", 1, Section.TRADE, Action.OFFER, Reason.NO_PARTNER,
                    refusals=(("b", Reason.NO_ANSWER), ("c", Reason.PARTNER_LACKS)))  # fmt: skip
    report = public_report(1, {"a": 0, "b": 0, "c": 0}, [oc.TurnBegan("a"), step], offers_of(orders))
    assert "A offers 2 wool for 1 ore, refused (b: no standing answer takes it and c: lacks the cards)" in (
        report.markdown(EN)
    )
    assert "A offre 2 moutons contre 1 minerai, refusé (b\u00a0: aucune réponse permanente ne la prend et c\u00a0: " \
           "n'a pas les cartes)" in report.markdown(FR)  # fmt: skip


def test_the_private_report_says_why_a_step_was_skipped_and_what_was_missing() -> None:
    """[K 3.4] a skipped step, its reason and the cards the hand lacked; a file that could not be read."""
    st = state()
    step = StepDone("a", 2, Section.BUILD, Action.CITY, Reason.CANNOT_AFFORD, Hand.of(ore=2))
    mine = private_report("a", 3, private_view("a", st, st), [step]).markdown(FR)
    assert "Étape 2 (ville)\u00a0: sautée, la main ne peut pas la payer\u00a0: il manque 2 minerais" in mine
    problem = FileProblem("script.build[0].road", said("{value} is not a hex of the board", value="'zz'"), 4)
    refused = private_report("a", 3, private_view("a", st, st), [], problems=(problem,)).markdown(EN)
    assert "Line 4, script.build\\[0\\].road: 'zz' is not a hex of the board" in refused  # the key path escaped


def test_a_refused_files_problems_read_in_the_readers_language() -> None:
    """[K 3.4] a file that cannot be read: its seat plays without steps, and its private report gives every
    problem at its line in English or in French, from the catalogues, as kept in the private record."""
    from pipeline.games.catan.family import FAMILY, CatanGame
    from pipeline.shared.dice import HashDice

    b = board()
    game = CatanGame(b, state(), placed=True)
    data = {"script": {"trade": [{"bank": {"give": "ore", "get": "gems"}}], "act": [{"road": "c3/c4"}]}}
    lines = {"script.trade[0].bank.get": 3, "script.act[0].road": 5}
    read = FAMILY.rules.read_orders(None, game, FAMILY.rules.options_of(None, {}), "a", data, lines.get, True)  # type: ignore[arg-type]
    assert [p.where for p in read.problems] == ["script.trade[0].bank.get", "script.act[0].road"]
    result = FAMILY.rules.adjudicate(
        None, "r01", game, FAMILY.rules.options_of(None, {}), {"a": read.orders}, None, HashDice("x"), True, False
    )  # type: ignore[arg-type]
    own = result.private["a"]
    assert [p["line"] for p in own["file_problems"]] == [3, 5]
    public = {**result.record, **result.record_end}
    mine = {**public, "private": own}
    en = FAMILY.presentation.report(None, None, "r01", game, result.state, mine, EN, "a")  # type: ignore[arg-type]
    fr = FAMILY.presentation.report(None, None, "r01", game, result.state, mine, FR, "a")  # type: ignore[arg-type]
    # the key path escaped for the report's Markdown
    assert "Line 3, script.trade\\[0\\].bank.get: 'gems' is not a resource (brick, lumber, wool, grain, ore)" in en
    assert "'gems' n'est pas une ressource (argile, bois, mouton, blé, minerai)" in fr
    assert "votre fichier n'a pas pu être lu" in fr.lower() and "is not a resource" not in fr


@pytest.mark.parametrize("discards", [True, False])
def test_a_seven_nobody_gives_cards_back_on_says_why_nothing_happened(discards: bool) -> None:
    """[K 4.6] a 7 produces nothing, and who holds more cards than his limit gives half back: when nobody
    does (or the game plays without discards), the report says so rather than nothing; when somebody gives
    cards back, his line says it and no such sentence is added."""
    quiet = [oc.TurnBegan("a"), oc.Rolled("a", (3, 4)), oc.TurnBegan("b"), oc.Rolled("b", (2, 3))]
    text = public_report(1, {"a": 0, "b": 0}, quiet, discards=discards).markdown(EN)
    said_en = "nobody holds more cards than his limit" if discards else "A 7 produces nothing"
    assert said_en in text and text.count("produces nothing") == 1  # after the 7 alone, not after the 5
    french = public_report(1, {"a": 0, "b": 0}, quiet, discards=discards).markdown(FR)
    assert "Un 7 ne produit rien" in french
    given = [oc.TurnBegan("a"), oc.Rolled("a", (3, 4)), oc.Discarded("b", Hand.of(ore=4))]
    text = public_report(1, {"a": 0, "b": 0}, given).markdown(EN)
    assert "B gives back 4 ore on the 7" in text and "produces nothing" not in text


def test_a_placement_by_default_says_why_the_settlement_went_there() -> None:
    """[K 18.2] a seat none of whose ranked choices could be taken is placed on the first open corner of the
    board: its report says why, in both languages (the rule case FALLBACK plays it)."""
    a = (Choice(V("c3/c4/d4"), road=E("c3/c4")), Choice(V("e3/e4/f3"), road=E("e3/e4")))
    choices = {"a": a, "b": (Choice(V("c3/c4/d4"), road=E("c3/d4")),)}  # b's one choice is a's first
    result = play_setup(board(), state(seats=("a", "b")), choices, DEFAULT_OPTIONS, HashDice("s"))
    assert [e for e in result.events if isinstance(e, oc.PlacedByDefault)] == [oc.PlacedByDefault("b", 1)] * 2
    text = public_report(0, {"a": 2, "b": 2}, result.events).markdown(EN)
    assert "B's placement choice could not be taken (taken by another" in text
    assert "premier coin libre du plateau" in public_report(0, {"a": 2, "b": 2}, result.events).markdown(FR)
