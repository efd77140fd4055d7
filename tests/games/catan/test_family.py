"""A Catan game in a folder, through the command line [K 18] [K 19]: `judge new` with a board and the
options fixed at creation, the placement's files encrypted, checked (every problem at its line) and
adjudicated, the round that follows, `judge replay --check` and `judge verify` of every die."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from pipeline.cli import cli
from pipeline.storage.gamedir import load_game


def _judge(*args: str) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _new(tmp: Path, options: str, board: str = "base") -> tuple[Path, Result]:
    """`judge new` of a demo game `island` on `board`, with these options (an options.yaml's text)."""
    folder, path = tmp / "island", tmp / "options.yaml"
    path.write_text(options)
    return folder, _judge("new", folder, "--profile", "catan", "--map", board, "--options", path, "--demo")


def _send(folder: Path, tmp: Path, turn: str, seat: str, body: str) -> Result:
    (tmp / turn).mkdir(exist_ok=True)
    plain = tmp / turn / f"{seat}.yaml"
    plain.write_text(f"game: {folder.name}\nturn: {turn}\npower: {seat}\n{body}")
    return _judge("encrypt", folder, plain, "--out", folder / "orders" / turn / f"{seat}.yaml.age")


PLACEMENT = {
    "orange": "setup:\n  - {settlement: c3/c4/d4, road: c4/d4}\n  - {settlement: e5/e6/f5, road: e5/f5}\n",
    "blue": "setup:\n  - {settlement: c3/c4/d4, road: c3/c4}\n  - {settlement: d2/d3/e2, road: d2/d3}\n"
    "  - {settlement: e3/e4/f3, road: e3/e4}\n",
    "white": "setup:\n  - {settlement: b3/b4/c4, road: b3/b4}\n  - {settlement: d5/d6/e5, road: d5/e5}\n",
}


def test_a_game_is_created_played_replayed_and_verified(tmp_path: Path) -> None:
    """[K 18.1] the placement in snake order, [K 18.4] the quick start fixed at creation, a round."""
    folder, created = _new(tmp_path, "victory_points: 8\nstarting_hand: {ore: 4, grain: 4}\n")
    assert created.exit_code == 0, created.output
    assert "first turn r00" in created.output
    game = load_game(folder)
    assert game.powers == ("orange", "blue", "white", "black")  # the base island takes 3 or 4 [K 1.5]
    assert game.options.victory_points == 8 and game.data["options"]["starting_hand"] == {"ore": 4, "grain": 4}
    for seat, body in PLACEMENT.items():
        assert _send(folder, tmp_path, "r00", seat, body).exit_code == 0
    assert _judge("adjudicate", folder, "--force").exit_code == 0
    game = load_game(folder)
    state = game.state("r01").state
    assert state.buildings and state.players["blue"].hand.total >= 8  # blue's second choice, and the quick start
    sent = _send(folder, tmp_path, "r01", "orange", "script:\n  build:\n    - city: c3/c4/d4\n")
    assert sent.exit_code == 0
    assert _judge("adjudicate", folder, "--force").exit_code == 0
    assert load_game(folder).state("r02").state.buildings[next(iter(state.buildings))].owner
    replay = _judge("replay", "--check", folder)
    assert replay.exit_code == 0 and "replay matches the committed files" in replay.output
    verified = _judge("verify", folder)
    assert verified.exit_code == 0 and "die roll(s) checked" in verified.output


def test_a_file_with_problems_is_refused_with_each_at_its_line(tmp_path: Path) -> None:
    """[K 3.4] `judge validate` names every problem of a seat's file with its line."""
    folder = tmp_path / "island"
    assert _judge("new", folder, "--profile", "catan", "--map", "base", "--demo").exit_code == 0
    plain = tmp_path / "orange.yaml"
    plain.write_text(
        "game: island\nturn: r00\npower: orange\nsetup:\n  - {settlement: zz/yy/xx, road: c4/d4}\n"
        "  - {settlement: c3/c4/d4}\n"
    )
    encrypted = _judge("encrypt", folder, plain)
    assert encrypted.exit_code == 1
    assert ":5: setup[0].settlement: 'zz/yy/xx' is not a corner of three hexes" in encrypted.output
    assert ":6: setup[1]: expected a settlement's corner and a road's side (or a ship's)" in encrypted.output


def test_the_legal_steps_are_steps_the_round_plays(tmp_path: Path) -> None:
    """[K 3.4] `judge legal-orders`: the placement's open corners, then every step the board allows now,
    each one the rules play when a script holds it."""
    import json

    from pipeline.games.catan.orders import orders_from_data
    from pipeline.shared.dice import FixedDice

    folder, created = _new(tmp_path, "starting_hand: {ore: 9, grain: 9, wool: 9, lumber: 9, brick: 9}\n")
    assert created.exit_code == 0
    before = json.loads(_judge("legal-orders", folder, "--power", "orange").output)["powers"]["orange"]
    assert "c3/c4/d4" in before["placement"] and before["placement"]["c3/c4/d4"]["road"] == ["c3/c4", "c3/d4", "c4/d4"]
    for seat, body in PLACEMENT.items():
        assert _send(folder, tmp_path, "r00", seat, body).exit_code == 0
    assert _judge("adjudicate", folder, "--force").exit_code == 0
    legal = json.loads(_judge("legal-orders", folder).output)["powers"]["orange"]["steps"]
    assert legal["city"] == ["c3/c4/d4", "e5/e6/f5"] and legal["road"] and legal["bank"]["ore"] == 4
    game = load_game(folder)
    state = game.state("r01")
    for key in ("road", "city"):
        script = {"script": {"build": [{key: legal[key][0]}]}}
        orders = {"orange": orders_from_data(script, state.board, "orange", state.state.seats)}
        played = game.family.rules.adjudicate(
            game.setup, "r01", state, game.options, orders, None, FixedDice({}, 3), True, False
        )
        steps = [r for r in played.private["orange"]["own_records"] if r["event"] == "step_done"]
        assert steps and "reason" not in steps[0], steps


def test_a_game_of_fewer_seats_with_open_hands(tmp_path: Path) -> None:
    """[K 3.1] [K 3.3] options players and open_hands: three seats on the base island (3 or 4), game.yaml
    giving those three; the round waits for them only; every hand in the public state file and the public
    report, the development cards still in the encrypted part."""
    from pipeline.publish.turns import turn_report

    folder, created = _new(tmp_path, "players: 3\nopen_hands: true\nstarting_hand: {ore: 4}\n")
    assert created.exit_code == 0, created.output
    game = load_game(folder)
    assert game.powers == ("orange", "blue", "white") and sorted(game.data["powers"]) == ["blue", "orange", "white"]
    yaml_text = (folder / "game.yaml").read_text()
    (folder / "game.yaml").write_text(yaml_text.replace("powers:\n", "powers:\n  black:\n    player: mallory\n"))
    refused = _judge("status", folder)
    assert refused.exit_code == 1 and "powers.black: unknown power 'black'" in refused.output, refused.output
    (folder / "game.yaml").write_text(yaml_text)
    for seat, body in PLACEMENT.items():
        assert _send(folder, tmp_path, "r00", seat, body).exit_code == 0
    status = _judge("status", folder)
    assert "black" not in status.output
    assert _judge("adjudicate", folder).exit_code == 0  # all three sent: nobody else is waited for
    public = (folder / "state" / "r01.yaml").read_text()
    assert "hand: {" in public and "ore: " in public and "black" not in public
    assert load_game(folder).state("r01", public=True).state.players["orange"].hand.total >= 4
    report = turn_report(load_game(folder), "r00", "fr", None, public=True)
    assert "### Les mains, ouvertes" in report, report[-600:]


def test_a_game_takes_the_seats_its_board_allows(tmp_path: Path) -> None:
    """[K 3.1] option players: the base island takes 3 or 4."""
    _, made = _new(tmp_path, "players: 2\n")
    assert made.exit_code == 1 and "options.players: the board base takes 3 to 4 players, not 2" in made.output


def test_a_file_a_player_turn(tmp_path: Path) -> None:
    """[K 3.1] option turn_files player: after the placement the turns are r01-1, r01-2, r01-3, r02-1...,
    sorted in play; each waits for the seat whose turn it is only, and plays that seat's turn alone, the
    others answering by the files they sent for it; the round goes on from one to the next."""
    folder, created = _new(tmp_path, "players: 3\nturn_files: player\nstarting_hand: {ore: 4, wool: 4}\n")
    assert created.exit_code == 0
    for seat, body in PLACEMENT.items():
        assert _send(folder, tmp_path, "r00", seat, body).exit_code == 0
    assert _judge("adjudicate", folder).exit_code == 0
    assert load_game(folder).current_turn() == "r01-1"
    waiting = _judge("status", folder).output.splitlines()
    assert [line.split()[0] for line in waiting[1:-1]] == ["orange"]  # only the seat whose turn it is
    offer = "script:\n  trade:\n    - offer: {to: [blue], give: {wool: 1}, get: {ore: 1}}\n"
    assert _send(folder, tmp_path, "r01-1", "orange", offer).exit_code == 0
    answer = "answers:\n  accept:\n    - {from: orange, give: {ore: 1}, get: {wool: 1}}\n"
    assert _send(folder, tmp_path, "r01-1", "blue", answer).exit_code == 0
    assert _judge("adjudicate", folder).exit_code == 0
    game = load_game(folder)
    state = game.state("r01-2").state
    assert game.current_turn() == "r01-2" and state.round == 1
    assert [state.players[p].turns for p in state.seats] == [1, 0, 0]
    records = game.recorded_results("r01-1")["records"]
    assert [r["player"] for r in records if r["event"] == "traded"] == ["orange"]
    for turn, seat in (("r01-2", "blue"), ("r01-3", "white")):
        assert _send(folder, tmp_path, turn, seat, "script: {}\n").exit_code == 0
        assert _judge("adjudicate", folder).exit_code == 0
    game = load_game(folder)
    assert game.current_turn() == "r02-1" and game.turns()[:5] == ["r00", "r01-1", "r01-2", "r01-3", "r02-1"]
    assert game.state("r02-1").state.round == 1
    replay = _judge("replay", "--check", folder)
    assert replay.exit_code == 0, replay.output


def test_a_drafted_board(tmp_path: Path) -> None:
    """[K 1.6] option hex_placement draft on a drawn board: each seat in turn lays the hex the state shows
    it drew, on its first open choice (else the first open hex), turns h01, h02 ...; after the last hex the
    tokens are laid at random and the placement r00 follows; replayed byte for byte."""
    from collections import Counter

    from pipeline.shared.i18n import translator

    folder, made = _new(tmp_path, "players: 3\nhex_placement: draft\n", "base-drawn")
    assert made.exit_code == 0, made.output
    game = load_game(folder)
    first = game.state("h01")
    hand = first.draft.hand
    assert game.current_turn() == "h01" and _judge("status", folder).output.split()[3] == "orange"
    assert _send(folder, tmp_path, "h01", "orange", "draft: [zz, c3]\n").exit_code == 1  # zz: not a drawn hex
    assert _send(folder, tmp_path, "h01", "orange", "draft: [c3, d3]\n").exit_code == 0
    assert _judge("adjudicate", folder).exit_code == 0
    game = load_game(folder)
    maps = game.family.presentation.draw_map(
        game.setup, game.options, "h01", first, game.recorded_results("h01"), [translator("en")]
    )
    drawn = maps[""]["en"]
    assert f'id="h-c3" class="hex" data-terrain="{hand.value}"' in drawn  # the turn's map shows the hex laid
    assert 'id="h-d3" class="hex" data-terrain=""' in drawn  # and the hexes still to lay, as such
    second = game.state("h02")
    assert second.draft.laid == {"c3": hand} and second.board.hexes["c3"].terrain is hand
    assert game.family.rules.powers_to_order(game.setup, second) == ["blue"]
    assert _send(folder, tmp_path, "h02", "blue", "draft: [c3, d3]\n").exit_code == 0  # c3 is taken: d3
    assert _judge("adjudicate", folder).exit_code == 0
    assert set(load_game(folder).state("h03").draft.laid) == {"c3", "d3"}
    layout = game.setup
    for _ in range(len(layout.drawn_terrain) - 2):
        assert _judge("adjudicate", folder, "--force").exit_code == 0
    game = load_game(folder)
    assert game.current_turn() == "r00" and game.turns()[0] == "h01"
    placed = game.state("r00")
    assert placed.draft is None
    terrains = Counter(placed.board.hexes[h].terrain for h in layout.drawn_terrain)
    assert terrains == Counter(layout.terrains)
    assert sorted(placed.state.tokens.values()) == sorted(layout.tokens)
    report = _judge("report", folder, "h19").output
    assert "the number tokens are laid at random" in report.lower()
    replay = _judge("replay", "--check", folder)
    assert replay.exit_code == 0, replay.output


def test_a_won_game_is_over(tmp_path: Path) -> None:
    """[K 17.5] once a seat has won, `judge adjudicate` adjudicates nothing, with `--all` neither."""
    folder, created = _new(tmp_path, "victory_points: 3\ndiscard_on_seven: false\nstarting_hand: {ore: 4, grain: 4}\n")
    assert created.exit_code == 0, created.output
    for seat, body in PLACEMENT.items():
        assert _send(folder, tmp_path, "r00", seat, body).exit_code == 0
    assert _judge("adjudicate", folder, "--force").exit_code == 0
    assert _send(folder, tmp_path, "r01", "orange", "script:\n  build:\n    - city: c3/c4/d4\n").exit_code == 0
    assert _judge("adjudicate", folder, "--force").exit_code == 0
    game = load_game(folder)
    won = game.state("r02")
    assert won.state.winner == "orange" and game.family.rules.game_over(game.setup, won, game.options) is not None
    assert game.family.rules.powers_to_order(game.setup, won) == []
    again = CliRunner().invoke(cli, ["adjudicate", str(folder), "--all"])
    assert again.exit_code != 0 and "island is over: Orange won" in again.output
    assert load_game(folder).current_turn() == "r02"
