"""The files a turn writes: the next state, the results, the revealed orders, and in a game with secret
money the encrypted part of each (`private_files`); written together, or compared with what is committed."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ruamel.yaml.comments import CommentedMap

from pipeline import __version__
from pipeline.core.calendar import PhaseResult
from pipeline.core.orders import MONEY_KINDS
from pipeline.core.position import Position
from pipeline.errors import DataError
from pipeline.storage.atomic import write_all
from pipeline.storage.gamedir import Game
from pipeline.storage.orders_files import OrderFile, order_file_text
from pipeline.storage.private_files import (
    TurnFiles,
    private_report_path,
    private_state_path,
    split_state,
)
from pipeline.storage.sealed import seal, unseal
from pipeline.storage.state_files import dump_yaml, flow_list, outcomes_to_data, position_to_data, year_end_to_data

from .turn_dice import TurnSeed


def _game_key(game: Game) -> tuple[str, ...]:
    if game.settings.public_key is None:
        raise DataError("a game with secret orders needs its public_key in game.yaml", file=str(game.folder))
    return (game.settings.public_key,)


def _recipients(game: Game, power: str) -> tuple[str, ...]:
    own = game.settings.player_keys.get(power)
    return _game_key(game) + ((own,) if own else ())


def state_files(game: Game, position: Position, turn: str) -> TurnFiles:
    header = f"State of the game for turn {turn}."
    data = position_to_data(game.board, position)
    if not game.secret_money:
        return TurnFiles({game.state_path(turn): dump_yaml(data, header)})
    public, private = split_state(data)
    files = TurnFiles(
        {game.state_path(turn): dump_yaml(public, header + "\nTreasuries and loans: encrypted beside it.")}
    )
    if private:
        files.sealed[private_state_path(game.state_path(turn))] = (dump_yaml(private, header), _game_key(game))
    return files


def results_files(
    game: Game, result: PhaseResult, turn: str, seed: TurnSeed | None, missing: list[str], orders: list[OrderFile]
) -> TurnFiles:
    """The turn's public results, the revealed text of its encrypted orders, and with secret money each
    power's encrypted report."""
    header = f"Results of turn {turn}, adjudicated by judge {__version__}."
    secret = game.secret_money
    public = [o for o in result.outcomes if not (secret and isinstance(o.order, MONEY_KINDS))]
    data = outcomes_to_data(game.board, result.played, public)
    if missing:
        data["no_orders"] = flow_list(missing)  # powers that sent no file: their units hold (or disband, or default)
    data.update(year_end_to_data({} if secret else result.income, result.draws, result.events))
    if seed is not None:
        data["seed"] = seed.as_data()
    files = TurnFiles({game.results_path(turn): dump_yaml(data, header)})
    for f in orders:
        if f.sealed:
            files.public[game.orders_dir(turn) / f"{f.power}.yaml"] = revealed_text(game, turn, f)
    if secret:
        for power in sorted(game.board.powers):
            report = private_report(game, result, turn, power)
            if report is not None:
                files.sealed[private_report_path(game.folder, turn, power)] = (
                    dump_yaml(report, f"{power}'s private report of turn {turn}."),
                    _recipients(game, power),
                )
    return files


def revealed_text(game: Game, turn: str, f: OrderFile) -> str:
    """What is published of an encrypted order file once the turn is adjudicated: the file as written, or
    in a game with secret money its unit orders only."""
    if not game.secret_money:
        return f.text
    kept = [str(o) for o in f.orders if not isinstance(o, MONEY_KINDS)]
    return "# Revealed after adjudication; the money orders stay secret.\n" + order_file_text(game, turn, f.power, kept)


def private_report(game: Game, result: PhaseResult, turn: str, power: str) -> CommentedMap | None:
    """One power's money in a turn: its treasury and loans after it, its money orders and their results,
    its income line by line; None if it has none of these."""
    money = [o for o in result.outcomes if o.power == power and isinstance(o.order, MONEY_KINDS)]
    income = result.income.get(power, ())
    ledger = result.after.ledger
    if not money and not income and not ledger.ducats(power) and not ledger.debt(power):
        return None
    report = CommentedMap([("game", game.id), ("turn", turn), ("power", power)])
    report["treasury"] = ledger.ducats(power)
    if ledger.debt(power):
        report["loans"] = flow_list(str(loan) for loan in ledger.debt(power))
    if money:
        report["orders"] = outcomes_to_data(game.board, result.played, money)["orders"][power]
    if income:
        report["income"] = year_end_to_data({power: income}, [])["income"][power]
    return report


def write_turn_files(game: Game, files: TurnFiles, remove: Iterable[Path] = ()) -> None:
    """Encrypt what is secret, then write everything as one change."""
    sealed = {path: seal(text, recipients) for path, (text, recipients) in files.sealed.items()}
    write_all(files.public | sealed, remove=remove, root=game.folder)


def differing_files(game: Game, files: TurnFiles) -> list[str]:
    """The files that are not as committed: public ones byte for byte, encrypted ones by their text."""
    differ = [str(p) for p, text in files.public.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    for path, (text, _) in files.sealed.items():
        if not path.exists() or unseal(path.read_bytes(), game.identities, str(path)) != text:
            differ.append(str(path))
    return differ
