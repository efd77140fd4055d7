"""The demo game for six, `games/catan-six` [K 1.5] [K 1.6] [K 3.6] [K 17.5] [K 17.6]: the large board without
a frame drafted hex by hex, then six seats play with secret files to the end, the special building phase
after each turn, until a seat wins and the game is over. Its files replay byte for byte; between them its
records show each mechanism of the variant at least once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.games.catan.codec import event_from_data
from pipeline.games.catan.outcome import (
    Award,
    Awarded,
    BankShort,
    Built,
    Combat,
    Discarded,
    EffectKind,
    Event,
    ExplorerBoughtOut,
    HexPlaced,
    IslandSettled,
    Produced,
    Reason,
    Side,
    Source,
    SpecialPhase,
    StepDone,
    TokensLaid,
    Traded,
    TurnBegan,
    Won,
)
from pipeline.games.catan.state import Card
from pipeline.games.catan.units import UnitKind
from pipeline.storage.gamedir import Game, load_game
from pipeline.storage.sealed import unseal
from pipeline.storage.yamlio import parse_yaml

SIX = Path(__file__).resolve().parents[3] / "games" / "catan-six"


@cache
def _game() -> Game:
    return load_game(SIX)


@cache
def _events() -> dict[str, tuple[Event, ...]]:
    """Each adjudicated turn's public records."""
    game = _game()
    return {
        turn: tuple(event_from_data(d) for d in (game.recorded_results(turn) or {}).get("records") or [])
        for turn in game.adjudicated()
    }


def _own_events(turn: str) -> list[Event]:
    """The records of a turn each seat alone reads (the demo's key is in the open)."""
    game = _game()
    out = []
    for seat in game.powers:
        path = game.folder / "private" / turn / f"{seat}.yaml.age"
        if path.exists():
            own = parse_yaml(unseal(path.read_bytes(), game.identities, str(path)), str(path))
            out += [event_from_data(d) for d in own.get("own_records") or []]
    return out


def _all() -> list[Event]:
    return [e for events in _events().values() for e in events]


def test_the_six_seats_draft_the_open_board_and_play_to_a_win() -> None:
    """[K 1.6] every land hex drafted (h01…), [K 18] the placement, the rounds; [K 17.5] the game is over."""
    game = _game()
    assert len(game.powers) == 6 and game.data["map"] == "large-open" and game.settings.secret_orders
    turns = game.adjudicated()
    drafts = [t for t in turns if t.startswith("h")]
    assert drafts == [f"h{n:02d}" for n in range(1, len(drafts) + 1)] and "r00" in turns
    last = game.state(game.current_turn())
    assert last.state.winner is not None and game.family.rules.game_over(game.setup, last, game.options) is not None
    assert game.family.rules.powers_to_order(game.setup, last) == []


def test_the_six_demo_replays_and_its_dice_verify() -> None:
    """[K 3.7] the committed files give the committed states and every die comes from the chain."""
    runner = CliRunner()
    replay = runner.invoke(cli, ["replay", "--check", str(SIX)], catch_exceptions=False)
    assert replay.exit_code == 0 and "replay matches the committed files" in replay.output
    verified = runner.invoke(cli, ["verify", str(SIX)], catch_exceptions=False)
    assert verified.exit_code == 0 and "die roll(s) checked" in verified.output


def test_the_draft_lays_hexes_where_nobody_chose_and_closes_the_land() -> None:
    """[K 1.6] a hex none of whose choices was open goes where the board says; the last lays the tokens."""
    events = _all()
    assert any(isinstance(e, HexPlaced) and not e.chosen for e in events)
    assert any(isinstance(e, TokensLaid) for e in events)


def _special_build(events: tuple[Event, ...]) -> bool:
    inside = False
    for e in events:
        inside = isinstance(e, SpecialPhase) or (inside and not isinstance(e, TurnBegan))
        if inside and isinstance(e, Built):
            return True
    return False


def test_the_others_build_in_the_special_building_phase() -> None:
    """[K 3.6] with six seats, a piece is built after another seat's turn."""
    assert any(_special_build(events) for events in _events().values())


def test_trades_standing_answers_and_the_bank() -> None:
    """[K 5] an offer taken by a standing answer, a harbour's rate; [K 4.7] the bank short; [K 4.5] a 7."""
    events = _all()
    assert any(isinstance(e, Traded) and e.partner for e in events)
    assert any(isinstance(e, Traded) and e.partner is None and e.rate in (2, 3) for e in events)
    assert any(isinstance(e, BankShort) for e in events)
    assert any(isinstance(e, Discarded) for e in events)


def test_units_fight_and_cities_fall() -> None:
    """[K 10] [K 12] [K 13] [K 14] [K 15] a worker's card, a knight card, a soldier against a protection ship,
    one attack a unit twice over, a city losing a status and one beaten back, an explorer bought out,
    corruption income, and no marker left."""
    events = _all()
    combats = [e for e in events if isinstance(e, Combat)]
    effects = {x.kind for c in combats for x in c.effects}
    assert {EffectKind.STATUS_LOST, EffectKind.REVERTED} <= effects
    assert any(c.unit is None for c in combats)  # a knight card [K 16.3]
    assert any(c.unit is UnitKind.MILITARY and c.target is UnitKind.PROTECTION for c in combats)
    soldiers = [c for c in combats if c.unit is UnitKind.MILITARY]
    assert any(
        c.winner is Side.DEFENDER and any(d.at == c.at and d.attacker == c.attacker for d in soldiers[i + 1 :])
        for i, c in enumerate(soldiers)
    )
    assert any(isinstance(e, Produced) and e.source is Source.WORKER for e in events)
    assert any(isinstance(e, Produced) and e.source is Source.CORRUPTION for e in events)
    assert any(isinstance(e, ExplorerBoughtOut) for e in events)
    rounds = (t for t in _game().adjudicated() if t.startswith("r"))  # a step refused: its seat's record
    assert any(
        any(isinstance(e, StepDone) and e.reason is Reason.NO_MARKER_LEFT for e in _own_events(t)) for t in rounds
    )


def test_titles_change_hands_an_island_is_settled_and_the_winner_says_his_points() -> None:
    """[K 17.2] [K 17.3] both titles change hands, [K 17.6] an island's bonus, [K 17.5] the win's points."""
    events = _all()
    for award in Award:
        assert any(isinstance(e, Awarded) and e.award is award and e.before and e.player for e in events)
    assert any(isinstance(e, IslandSettled) for e in events)
    won = [e for e in events if isinstance(e, Won)]
    assert len(won) == 1 and won[0].points >= _game().options.victory_points
    game = _game()
    worth = {"settlement": 1, "city": 2, "card": 1}
    parts = dict(won[0].made_of)
    titles = 2 * sum(1 for k in ("longest_route", "largest_army") if parts.get(k))
    assert sum(worth.get(k, 0) * n for k, n in parts.items()) + titles + parts.get("islands", 0) == won[0].points
    assert won[0].points == game.state(game.current_turn()).state.points(won[0].player)


def test_the_public_points_keep_victory_point_cards_secret_until_the_win() -> None:
    """[K 3.3] a victory point card is not in the points the results publish, until the game is won."""
    game = _game()
    turns = [t for t in game.adjudicated() if t.startswith("r")]
    following = dict(zip(turns, [*turns[1:], game.current_turn()], strict=True))
    hidden = False
    for turn in turns[:-1]:
        after = game.state(following[turn])
        public = (game.recorded_results(turn) or {})["points"]
        for seat in game.powers:
            cards = sum(1 for c in after.state.players[seat].cards if c.card is Card.VICTORY_POINT)
            assert public[seat] == after.state.points(seat) - cards
            hidden |= cards > 0
    assert hidden  # some seat held one before the end
    last = turns[-1]
    final = game.state(game.current_turn())
    assert (game.recorded_results(last) or {})["points"] == {s: final.state.points(s) for s in game.powers}
    shown = game.state(game.current_turn(), public=True).state  # the public state shows the cards now
    assert {s: shown.points(s) for s in game.powers} == {s: final.state.points(s) for s in game.powers}
