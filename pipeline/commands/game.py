"""`judge new`, `judge status`, `judge validate`, `judge adjudicate`, `judge replay`: a game's turns.

Plain functions over a game folder; they print through `echo` and raise `PipelineError` subclasses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pipeline import __version__
from pipeline.core.adjustment import adjustments_due
from pipeline.core.board import Board
from pipeline.core.calendar import PhaseResult, play_phase, start_position
from pipeline.core.dice import HashDice
from pipeline.core.orders import Order
from pipeline.core.position import PhaseKind, Position
from pipeline.core.rules import profile
from pipeline.core.units import AUTONOMOUS
from pipeline.errors import DataError, PipelineError, Problem
from pipeline.storage.gamedir import Game, load_game, turn_id, turn_key, write_all
from pipeline.storage.maps import load_board, map_path
from pipeline.storage.orders_files import OrderFile, read_order_file
from pipeline.storage.state_files import dump_yaml, outcomes_to_data, position_to_data, year_end_to_data

Echo = Callable[[str], None]


def new_game(folder: Path, profile_name: str = "standard", title: str | None = None) -> Game:
    """Create a game folder with its game.yaml (profile, map, powers) and first state."""
    if (folder / "game.yaml").exists():
        raise DataError(f"a game already exists in {folder}")
    map_name = profile(profile_name).map
    board = load_board(map_path(map_name))
    position = start_position(board, profile(profile_name))
    game_yaml = dump_yaml(
        {
            "title": title or folder.name,
            "profile": profile_name,
            "map": map_name,
            "powers": {p: {"player": None} for p in sorted(board.powers)},
        }
    )
    first = turn_id(position.phase)
    write_all(
        {
            folder / "game.yaml": game_yaml,
            folder / "state" / f"{first}.yaml": state_text(board, position, first),
            folder / "orders" / first / ".keep": "",
        }
    )
    return load_game(folder)


def turn_dice(game: Game, turn: str) -> HashDice:
    """The dice of a turn: derived from the game and the turn, so a replay rolls the same.

    Until the game records a hash chain of secrets (the game repository issue), anyone can compute them
    in advance; they are reproducible, not yet unpredictable.
    """
    return HashDice(f"{game.id}/{turn}")


def state_text(board: Board, position: Position, turn: str) -> str:
    return dump_yaml(position_to_data(board, position), f"State of the game for turn {turn}.")


def results_text(board: Board, result: PhaseResult, turn: str) -> str:
    header = f"Results of turn {turn}, adjudicated by judge {__version__}."
    data = outcomes_to_data(board, result.played, result.outcomes)
    data.update(year_end_to_data(result.income, result.draws, result.events))
    return dump_yaml(data, header)


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


def read_turn_orders(game: Game, turn: str, position: Position) -> TurnOrders:
    """Every order file of a turn; the problems of all files together."""
    files: dict[str, OrderFile] = {}
    problems: list[Problem] = []
    folder = game.orders_dir(turn)
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            f = read_order_file(game, turn, position, path)
        except DataError as err:
            problems.extend(err.problems)
            continue
        files[f.power] = f
    return TurnOrders(files, problems)


def status(folder: Path, echo: Echo) -> bool:
    """Say which powers have sent orders for the current turn; True if the turn is ready."""
    game = load_game(folder)
    turn = game.current_turn()
    position = game.position(turn)
    needed = powers_to_order(game.board, position)
    folder_ = game.orders_dir(turn)
    sent = {p.stem for p in folder_.glob("*.yaml")} if folder_.is_dir() else set()
    echo(f"{game.title}: turn {turn} ({position.phase})")
    for power in needed:
        echo(f"  {power:10} {'orders in' if power in sent else 'waiting'}")
    ready = all(p in sent for p in needed)
    echo("ready to adjudicate" if ready else "waiting for orders")
    return ready


def validate(folder: Path, echo: Echo) -> None:
    """Check the current turn's order files; raise `DataError` listing every problem of every file."""
    game = load_game(folder)
    turn = game.current_turn()
    orders = read_turn_orders(game, turn, game.position(turn))
    if orders.problems:
        raise DataError(orders.problems)
    echo(f"{turn}: {len(orders.files)} order file(s), all valid")


def play_turn(
    game: Game, turn: str, position: Position, orders: TurnOrders | None = None
) -> tuple[Position, dict[Path, str]]:
    """Adjudicate one turn from its position and its order files: the next position, and the files
    that record it (the turn's results, the next turn's state)."""
    orders = orders or read_turn_orders(game, turn, position)
    if orders.problems:
        raise DataError(orders.problems)
    result = play_phase(game.board, position, orders.pairs(), game.rules, turn_dice(game, turn))
    next_turn = turn_id(result.after.phase)
    return result.after, {
        game.results_path(turn): results_text(game.board, result, turn),
        game.state_path(next_turn): state_text(game.board, result.after, next_turn),
    }


def adjudicate(folder: Path, echo: Echo, force: bool = False, all_turns: bool = False) -> int:
    """Adjudicate the current turn (and, with `all_turns`, every following turn whose orders are in).

    A turn is adjudicated when every power that has something to order has sent its file, or with
    `force` (powers without orders hold, do not retreat, or fall into civil disorder). Results and
    the next state are written together or not at all. Returns the number of turns adjudicated.
    """
    game = load_game(folder)
    done = 0
    while True:
        turn = game.current_turn()
        position = game.position(turn)
        orders = read_turn_orders(game, turn, position)
        if orders.problems:
            raise DataError(orders.problems)
        missing = [p for p in powers_to_order(game.board, position) if p not in orders.files]
        if missing and not force:
            if done == 0:
                raise PipelineError(f"turn {turn}: waiting for orders from {', '.join(missing)} (use --force)")
            break
        after, files = play_turn(game, turn, position, orders)
        write_all(files)
        echo(f"{turn}: adjudicated; next turn {turn_id(after.phase)}")
        done += 1
        if not all_turns or force:
            break
    return done


def rerun(folder: Path, turn: str, echo: Echo) -> int:
    """Re-adjudicate the game from `turn` on (after the game master fixed an order file, say): every
    turn that had been adjudicated is played again from the committed state of `turn`, with the order
    files as they are now; the results and states that change are rewritten, turns the game no longer
    reaches are removed, all together. Returns the number of turns adjudicated."""
    game = load_game(folder)
    turns = game.turns()
    if turn not in turns or not game.results_path(turn).exists():
        done = [t for t in turns if game.results_path(t).exists()]
        raise DataError(f"turn {turn!r} has not been adjudicated (adjudicated: {', '.join(done) or 'none'})")
    old = {t for t in turns[turns.index(turn) :] if game.results_path(t).exists()}
    position, current = game.position(turn), turn
    files: dict[Path, str] = {}
    played: set[str] = set()
    while current in old:
        position, written = play_turn(game, current, position)
        files |= written
        played.add(current)
        next_turn = turn_id(position.phase)
        echo(f"{current}: adjudicated again; next turn {next_turn}")
        current = next_turn
    later = [t for t in turns if turn_key(t) > turn_key(turn)]
    stale = [game.state_path(t) for t in later if t not in played and t != current]
    stale += [game.results_path(t) for t in later if t not in played and game.results_path(t).exists()]
    write_all(files, remove=stale)
    return len(played)


def replay(folder: Path, echo: Echo) -> list[str]:
    """Re-adjudicate every turn from the first state; return the files that would come out different."""
    game = load_game(folder)
    turns = game.turns()
    differences: list[str] = []
    if not turns:
        return differences
    position = game.position(turns[0])
    expected_first = state_text(game.board, position, turns[0])
    if game.state_path(turns[0]).read_text(encoding="utf-8") != expected_first:
        differences.append(str(game.state_path(turns[0])))
    for turn in turns:
        if not game.results_path(turn).exists():
            break
        position, files = play_turn(game, turn, position)
        for path, text in files.items():
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differences.append(str(path))
        echo(f"{turn}: replayed")
    return differences
