"""Games of five and six players [K 1.5] [K 3.1]: on each board for five or six and on the large board, in a
frame and without one, by lot and drafted [K 1.6], a game is created, played with no orders for a dozen
turns and replayed byte for byte; the seats, the bank and the special building phase follow the count."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.storage.gamedir import load_game

from .test_family import _judge, _new

GAMES = [
    ("base-56", 5, ""),
    ("base-56", 6, ""),
    ("seafarers-56", 5, ""),
    ("seafarers-56", 6, ""),
    ("large", 5, "hex_placement: draft\n"),
    ("large", 6, ""),
    ("large", 6, "hex_placement: draft\n"),
    ("large-open", 5, "hex_placement: draft\n"),
    ("large-open", 6, "hex_placement: draft\n"),
]


@pytest.mark.parametrize(("board", "players", "options"), GAMES)
def test_a_game_for_five_or_six_plays_a_dozen_turns_and_replays(
    tmp_path: Path, board: str, players: int, options: str
) -> None:
    """[K 1.5] [K 1.6] [K 3.1] [K 4.7] the seats by their colours, the bank of 24 each, the turns
    adjudicated with no file (a draft's hexes on their fallback places, the placement on its first open
    corners, the rounds without steps), replayed byte for byte."""
    folder, made = _new(tmp_path, f"players: {players}\n{options}", board)
    assert made.exit_code == 0, made.output
    game = load_game(folder)
    assert len(game.powers) == players and game.powers[-1] == ("sky", "brown")[players - 5]
    for _ in range(12):
        done = _judge("adjudicate", folder, "--force")
        assert done.exit_code == 0, done.output
    game = load_game(folder)
    state = game.state(game.current_turn())
    assert state.state.bank is not None and state.state.bank.total == 5 * 24 - sum(
        p.hand.total for p in state.state.players.values()
    )
    drafted = "draft" in options
    assert (game.current_turn() == "h13") == drafted, game.current_turn()
    replay = _judge("replay", "--check", folder)
    assert replay.exit_code == 0 and "replay matches the committed files" in replay.output, replay.output


def test_a_board_for_five_refuses_four(tmp_path: Path) -> None:
    """[K 3.1] [K 1.5] the 5-6 boards take five or six players."""
    _, made = _new(tmp_path, "players: 4\n", "base-56")
    assert made.exit_code == 1 and "the board base-56 takes 5 to 6 players, not 4" in made.output


def test_a_board_without_a_frame_is_drafted(tmp_path: Path) -> None:
    """[K 1.6] large-open by lot is refused, in words: its hexes are laid by its players."""
    _, made = _new(tmp_path, "players: 3\n", "large-open")
    assert made.exit_code == 1 and "laid by its players" in made.output, made.output
