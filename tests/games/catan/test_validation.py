"""A player checks his file before the round [K 3.4]: `judge validate` says each step and standing answer in
words and warns, step by step, of what cannot run as the game stands; a drafter whose file cannot be read
learns why in his private report; French reads with its elisions, hex ids never as words."""

from __future__ import annotations

from pathlib import Path

from pipeline.games.catan.family import FAMILY
from pipeline.games.catan.said import elided
from pipeline.shared.dice import FixedDice
from pipeline.shared.i18n import translator
from pipeline.storage.gamedir import load_game

from .test_family import PLACEMENT, _judge, _new, _send

SCRIPT = """script:
  trade:
    - offer: {to: blue, give: {lumber: 2}, get: {brick: 1}}
  build:
    - city: c3/c4/d4
    - walls: c3/c4/d4
    - unit: {kind: military, from: e5/e6/f5, at: e5>e6}
  act:
    - move: {unit: c3>d4, to: [c3>c4]}
    - {attack: {unit: e5>e6, target: e6>e5}, label: first, if: {roll: [6, 8], has: {ore: 1}}}
answers:
  accept:
    - {from: [white, blue], give: {ore: 1}, get: {wool: 2}, times: 2}
  discard: [wool, grain]
"""


def test_validate_says_each_step_in_words_and_warns_of_what_cannot_run(tmp_path: Path) -> None:
    """[K 3.4] every step and answer in words, never the program's values; a city the hand cannot pay
    for even with the best roll, walls round a city not yet built, a move of a unit that is not there:
    each a warning at its step's key; the file is still valid."""
    folder, created = _new(tmp_path, "starting_hand: {ore: 1, grain: 1, lumber: 2}\n")
    assert created.exit_code == 0
    for seat, body in PLACEMENT.items():
        assert _send(folder, tmp_path, "r00", seat, body).exit_code == 0
    assert _judge("adjudicate", folder, "--force").exit_code == 0
    assert _send(folder, tmp_path, "r01", "orange", SCRIPT).exit_code == 0
    out = _judge("validate", folder).output
    assert "trade 1: offer 2 lumber for 1 brick to Blue" in out
    assert "build 1: a city on c3/c4/d4" in out
    assert "movement and combat 2: the unit on e5>e6 attacks the unit on e6>e5, if the roll is 6 or 8 and the" in out
    assert "trades taken from White or Blue: giving at most 1 ore for at least 2 wool, 2 times a round" in out
    assert "given back first on a 7: wool and grain" in out
    assert "counts=" not in out and "Hand(" not in out and "{" not in out.split("order(s)")[1].split("warning")[0]
    warnings = [line for line in out.splitlines() if "warning:" in line]
    assert any("script.build[0]: this step cannot run as the game stands, even at best: the hand cannot pay" in w
               for w in warnings), out  # fmt: skip
    assert any("script.build[1]: " in w and "not one of the player's cities" in w for w in warnings), out
    assert any("script.act[0]: " in w and "no unit is there" in w for w in warnings), out
    assert not any("script.trade[0]" in w for w in warnings), out  # an offer may be taken
    assert out.rstrip().endswith(f"all valid; {len(warnings)} warning(s) above")


def test_a_drafter_whose_file_cannot_be_read_learns_why(tmp_path: Path) -> None:
    """[K 1.6] [K 3.4] a draft turn's file that cannot be read: the hex goes on the first open place, and
    the drafter's private report says where it went and each problem of his file."""
    folder, made = _new(tmp_path, "players: 3\nhex_placement: draft\n", "base-drawn")
    assert made.exit_code == 0
    game = load_game(folder)
    state = game.state("h01")
    rules, shows = FAMILY.rules, FAMILY.presentation
    read = rules.read_orders(game.setup, state, game.options, "orange", {"draft": "c3"}, lambda w: 4, True)
    assert read.problems and type(read.orders).__name__ == "Unread"
    result = rules.adjudicate(game.setup, "h01", state, game.options, {"orange": read.orders}, None,
                              FixedDice({}, 1), True, False)  # fmt: skip
    own = result.private["orange"]
    for lang, words in (("en", "your file could not be read"), ("fr", "votre fichier n'a pas pu être lu")):
        text = shows.report(game.setup, game.options, "h01", state, result.state,
                            {**result.record, "private": own}, translator(lang), "orange")  # fmt: skip
        assert words in text.lower() and "line 4, draft" in text.lower().replace("ligne", "line"), text


def test_french_elides_before_words_never_before_ids() -> None:
    """[K 2.2] « le tour d'Orange », « d'un », « qu'Orange »; a hex, a side, a corner or a slot is no word."""
    assert elided("le tour de Orange") == "le tour d'Orange"
    assert elided("de un ouvrier et que Orange") == "d'un ouvrier et qu'Orange"
    for place in ("e4", "e4/f5", "c3/d3/d4", "e4>f5", "ab12"):
        assert elided(f"reçoit 1 bois de {place}") == f"reçoit 1 bois de {place}"


def test_the_french_report_elides_and_names_hexes() -> None:
    """[K 3.3] the demo's French report: « Le tour d'Orange », income « de l'hexagone c2 », never « de Orange »."""
    game = load_game(Path(__file__).resolve().parents[3] / "games" / "catan-demo")
    from pipeline.publish.turns import turn_report

    text = turn_report(game, "r09", "fr", None, public=True)
    assert "### Le tour d'Orange" in text and "de l'hexagone c2" in text
    assert "de Orange" not in text and "d'e" not in text
