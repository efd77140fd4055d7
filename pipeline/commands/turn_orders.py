"""The order files of a turn: which are there, who may write them, what they say.

A turn's folder `orders/<turn>/` holds ``<power>.yaml`` or, in a game with secret orders,
``<power>.yaml.age``. Once the turn is adjudicated, the plain text of each encrypted file is written next
to it (revealed), and that is what later replays read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.core.adjustment import adjustments_due
from pipeline.core.board import Board
from pipeline.core.orders import Order
from pipeline.core.position import PhaseKind, Position
from pipeline.core.units import AUTONOMOUS
from pipeline.errors import DataError, Problem
from pipeline.storage.gamedir import Game, turn_key
from pipeline.storage.orders_files import OrderFile, power_of_file, read_order_file
from pipeline.storage.sealed import SEALED_SUFFIX


def powers_to_order(board: Board, position: Position) -> list[str]:
    """The powers that have something to order in this phase (never the autonomous garrisons). In a
    Machiavelli adjustment phase, every power with units to maintain or ducats to build with."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        powers = {u.power for u in position.units.values()}
    elif kind is PhaseKind.RETREAT:
        powers = {d.unit.power for d in position.dislodged}
    elif board.has_cities():
        powers = {u.power for u in position.units.values()} | {p for p in board.powers if position.ledger.ducats(p) > 0}
    else:
        powers = {p for p in board.powers if adjustments_due(position, p) != 0}
    return sorted(powers - {AUTONOMOUS})


@dataclass
class TurnOrders:
    files: dict[str, OrderFile]
    problems: list[Problem]

    def pairs(self) -> list[tuple[str, Order]]:
        return [(power, o) for power in sorted(self.files) for o in self.files[power].orders]

    def sealed(self) -> list[OrderFile]:
        return [f for _, f in sorted(self.files.items()) if f.sealed]


def order_paths(game: Game, turn: str, prefer_sealed: bool = False) -> tuple[dict[str, Path], list[Problem]]:
    """The order file of each power in a turn's folder, and the files that have no business there.

    A power with both a plain and an encrypted file is a problem while the turn is open; once the turn
    is adjudicated the plain one is the revealed text, read unless `prefer_sealed` (a game with secret
    money reveals only the unit orders: replaying it needs the encrypted file)."""
    folder = game.orders_dir(turn)
    chosen: dict[str, Path] = {}
    problems: list[Problem] = []
    if not folder.is_dir():
        return chosen, problems
    revealed = game.results_path(turn).exists()
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue  # .keep, and the temporary files of a write that was interrupted
        power = power_of_file(path)
        if power is None or power not in game.board.powers or not path.is_file():
            problems.append(
                Problem(
                    "",
                    f"not an order file: a turn's folder holds <power>.yaml or <power>.yaml{SEALED_SUFFIX} "
                    f"for a power of the game ({', '.join(game.board.powers)})",
                    file=str(path),
                )
            )
            continue
        if power in chosen:
            plain, sealed = sorted((chosen[power], path), key=lambda p: p.name.endswith(SEALED_SUFFIX))
            if revealed:
                chosen[power] = sealed if prefer_sealed else plain
                continue
            problems.append(
                Problem("", f"two order files for {power}: keep either the plain or the encrypted one", file=str(path))
            )
            continue
        chosen[power] = path
    return chosen, problems


def read_turn_orders(game: Game, turn: str, position: Position) -> TurnOrders:
    """Every order file of a turn (encrypted ones with the game's keys); the problems of all files together."""
    files: dict[str, OrderFile] = {}
    paths, problems = order_paths(game, turn, prefer_sealed=bool(game.identities) and game.secret_money)
    for path in paths.values():
        try:
            f = read_order_file(game, turn, position, path)
        except DataError as err:
            problems.extend(err.problems)
            continue
        files[f.power] = f
    return TurnOrders(files, problems)


def check_sent_files(game: Game, turn: str, paths: list[Path], author: str | None) -> list[Problem]:
    """The problems of files a player sends (a pull request's changed files): each must be an order file
    of the turn being played, for a power the author may order for."""
    problems: list[Problem] = []
    orders_root = (game.folder / "orders").resolve()
    for given in paths:
        file = str(given)
        path = (given if given.is_absolute() else Path.cwd() / given).resolve()
        try:
            relative = path.relative_to(orders_root)
        except ValueError:
            problems.append(
                Problem("", f"not an order file of this game: orders go in {game.orders_dir(turn)}/", file=file)
            )
            continue
        if len(relative.parts) != 2:
            problems.append(Problem("", f"orders go in {game.orders_dir(turn)}/<power>.yaml", file=file))
            continue
        sent_turn, name = relative.parts
        if sent_turn != turn:
            try:
                past = turn_key(sent_turn) < turn_key(turn)
            except (ValueError, KeyError):
                problems.append(Problem("", f"{sent_turn!r} is not a turn of this game (now: {turn})", file=file))
                continue
            why = "was adjudicated already" if past else "has not begun"
            problems.append(Problem("", f"turn {sent_turn} {why}: orders now go in orders/{turn}/", file=file))
            continue
        power = power_of_file(Path(name))
        if power is None or power not in game.board.powers:
            continue  # reported with the turn's files
        if author is not None and not game.settings.may_write(author, power):
            player = game.settings.players.get(power)
            owner = f"its player @{player}" if player else "its player (none is registered in game.yaml)"
            problems.append(
                Problem("", f"@{author} may not write {power}'s orders: only {owner} or a game master", file=file)
            )
    return problems
