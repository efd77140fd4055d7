"""`judge new`, `status`, `validate`, `adjudicate`, `replay`, `rerun`, `verify`: a game's turns.

Plain functions over a game folder; they print through `echo` and raise `PipelineError` subclasses. The
clock and fresh secrets come from the command line (`now`, `fresh_secret`), so these functions give the
same files for the same inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedSeq

from pipeline import __version__
from pipeline.core import dice_chain
from pipeline.core.board import Board
from pipeline.core.calendar import PhaseResult, play_phase, start_position
from pipeline.core.position import Position
from pipeline.core.rules import profile
from pipeline.errors import DataError, PipelineError, Problem
from pipeline.schedule import deadline_after, is_past
from pipeline.storage.gamedir import Game, load_game, phase_of_turn, turn_id, turn_key, write_all
from pipeline.storage.maps import load_board, map_path
from pipeline.storage.orders_files import read_order_file
from pipeline.storage.sealed import SEALED_SUFFIX, available_identities, generate_key
from pipeline.storage.state_files import dump_yaml, outcomes_to_data, position_to_data, year_end_to_data
from pipeline.storage.yamlio import load_yaml, load_yaml_fast

from .turn_dice import TurnSeed, dice_for, dice_secret, turn_seed, verify_dice
from .turn_orders import TurnOrders, check_sent_files, order_paths, powers_to_order, read_turn_orders

Echo = Callable[[str], None]

__all__ = ["powers_to_order"]  # re-exported for the publishing side


@dataclass(frozen=True)
class Keys:
    """What this run holds of the game's secrets: private age keys, and the dice chain's secret."""

    identities: tuple[str, ...] = ()
    dice_secret: str | None = None


def identities_for(game: Game, identity_file: Path | None = None) -> tuple[str, ...]:
    """The private age keys at hand: a key file, the environment, a demo game's own."""
    demo = game.demo_secrets().get("age_identity")
    return (*available_identities(identity_file), *([str(demo)] if demo else []))


def keys_for(game: Game, identity_file: Path | None = None) -> Keys:
    return Keys(identities_for(game, identity_file), dice_secret(game))


# --- creating a game ----------------------------------------------------------------------------------


def new_game(
    folder: Path,
    profile_name: str = "standard",
    title: str | None = None,
    fresh_secret: Callable[[], str] | None = None,
    demo: bool = False,
) -> tuple[Game, str | None]:
    """Create a game folder with its game.yaml (profile, map, powers) and first state.

    For rules that roll dice, `fresh_secret` draws the game master's dice secret: game.yaml records only
    the end of its hash chain, and the secret is returned for the game master to keep (a CI secret). A
    `demo` game keeps it, and a key pair for secret orders, in the open in `demo-secrets.yaml`."""
    if (folder / "game.yaml").exists():
        raise DataError(f"a game already exists in {folder}")
    rules = profile(profile_name)
    board = load_board(map_path(rules.map))
    position = start_position(board, rules)
    secret = fresh_secret() if fresh_secret is not None and rules.dice and board.has_cities() else None
    settings: dict[str, Any] = {"title": title or folder.name, "profile": profile_name, "map": rules.map}
    settings["languages"] = ["fr", "en"]
    settings["masters"] = []
    files: dict[Path, str] = {}
    if demo:
        identity, public = generate_key()
        settings |= {"demo": True, "secret_orders": True, "public_key": public}
        demo_data = {"age_identity": identity, **({"dice_secret": secret} if secret else {})}
        files[folder / "demo-secrets.yaml"] = dump_yaml(
            demo_data,
            "DEMO ONLY: this game's private keys, in the open so anyone can replay it. Never do this in a real game.",
        )
    if secret is not None:
        settings["dice"] = {"commitment": dice_chain.commitment(secret), "links": dice_chain.DEFAULT_LENGTH}
    settings["powers"] = {p: {"player": None} for p in sorted(board.powers)}
    first = turn_id(position.phase)
    files |= {
        folder / "game.yaml": dump_yaml(settings),
        folder / "state" / f"{first}.yaml": state_text(board, position, first),
        folder / "orders" / first / ".keep": "",
    }
    write_all(files, root=folder)
    return load_game(folder), None if demo else secret


# --- the files a turn writes --------------------------------------------------------------------------


def state_text(board: Board, position: Position, turn: str) -> str:
    return dump_yaml(position_to_data(board, position), f"State of the game for turn {turn}.")


def results_text(
    board: Board, result: PhaseResult, turn: str, seed: TurnSeed | None = None, missing: list[str] | None = None
) -> str:
    header = f"Results of turn {turn}, adjudicated by judge {__version__}."
    data = outcomes_to_data(board, result.played, result.outcomes)
    if missing:
        data["no_orders"] = CommentedSeq(missing)  # powers that sent no file: their units hold (or disband, or default)
        data["no_orders"].fa.set_flow_style()
    data.update(year_end_to_data(result.income, result.draws, result.events))
    if seed is not None:
        data["seed"] = seed.as_data()
    return dump_yaml(data, header)


def play_turn(
    game: Game, turn: str, position: Position, keys: Keys, orders: TurnOrders | None = None
) -> tuple[Position, dict[Path, str]]:
    """Adjudicate one turn from its position and its order files: the next position, and the files
    that record it (the turn's results, the next turn's state, the revealed text of encrypted orders)."""
    orders = orders or read_turn_orders(game, turn, position, keys.identities)
    if orders.problems:
        raise DataError(orders.problems)
    seed = turn_seed(game, turn, orders, keys.dice_secret)
    result = play_phase(game.board, position, orders.pairs(), game.rules, dice_for(game, turn, seed))
    next_turn = turn_id(result.after.phase)
    missing = [p for p in powers_to_order(game.board, position) if p not in orders.files]
    files = {
        game.results_path(turn): results_text(game.board, result, turn, seed, missing),
        game.state_path(next_turn): state_text(game.board, result.after, next_turn),
    }
    for sealed in orders.sealed():
        files[game.orders_dir(turn) / f"{sealed.power}.yaml"] = sealed.text
    return result.after, files


# --- status, deadlines --------------------------------------------------------------------------------


def deadlines(game: Game) -> dict[str, datetime]:
    """The deadline of each turn that has one (`deadlines.yaml`: turn id -> ISO 8601 time)."""
    path = game.deadlines_path
    if not path.exists():
        return {}
    data = load_yaml(path)
    found: dict[str, datetime] = {}
    problems: list[Problem] = []
    for turn, value in (data or {}).items() if isinstance(data, Mapping) else []:
        try:
            when = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
            if when.tzinfo is None:
                raise ValueError
        except ValueError:
            problems.append(
                Problem(str(turn), f"{value!r} is not a time like 2026-12-03T20:00:00+01:00", file=str(path))
            )
            continue
        found[str(turn)] = when
    if problems:
        raise DataError(problems)
    return found


def _deadline_file(game: Game, turn: str, opened: datetime) -> dict[Path, str]:
    """deadlines.yaml with the deadline of a turn that opens at `opened`, if the game sets deadlines."""
    if game.settings.deadlines is None:
        return {}
    due = deadline_after(opened, phase_of_turn(turn).kind.value, game.settings.deadlines)
    if due is None:
        return {}
    known = {t: d.isoformat() for t, d in deadlines(game).items()}
    known[turn] = due.isoformat()
    ordered = {t: known[t] for t in sorted(known, key=turn_key)}
    return {game.deadlines_path: dump_yaml(ordered, "When each turn's orders are due (the game master may edit).")}


def status(folder: Path, echo: Echo, now: datetime | None = None) -> bool:
    """Say which powers have sent orders for the current turn; True if the turn is ready."""
    game = load_game(folder)
    turn = game.current_turn()
    position = game.position(turn)
    needed = powers_to_order(game.board, position)
    sent, _ = order_paths(game, turn)
    echo(f"{game.title}: turn {turn} ({position.phase})")
    due = deadlines(game).get(turn)
    if due is not None:
        late = now is not None and game.settings.deadlines is not None and is_past(now, due, game.settings.deadlines)
        echo(f"  deadline {due.isoformat()}{' (passed)' if late else ''}")
    for power in needed:
        echo(f"  {power:10} {'orders in' if power in sent else 'waiting'}")
    ready = all(p in sent for p in needed)
    echo("ready to adjudicate" if ready else "waiting for orders")
    return ready


# --- validating ---------------------------------------------------------------------------------------


def validate(
    folder: Path,
    echo: Echo,
    author: str | None = None,
    sent: list[Path] | None = None,
    identity_file: Path | None = None,
) -> None:
    """Check the current turn's order files and print each as the adjudicator reads it; raise `DataError`
    listing every problem of every file. With `author`, each file sent (`sent`, or every file of the
    turn) must be one that login may write: its power's player's, or a game master's. Encrypted files
    are read when a private key is at hand; otherwise they wait for the adjudication."""
    game = load_game(folder)
    turn = game.current_turn()
    identities = identities_for(game, identity_file)
    paths, problems = order_paths(game, turn)
    problems += check_sent_files(game, turn, list(sent) if sent is not None else list(paths.values()), author)
    position = game.position(turn)
    for power, path in sorted(paths.items()):
        if path.name.endswith(SEALED_SUFFIX) and not identities:
            echo(f"{path}: {power}, encrypted; read when the turn is adjudicated")
            continue
        try:
            f = read_order_file(game, turn, position, path, identities)
        except DataError as err:
            problems += err.problems
            continue
        echo(f"{path}: {power}, {len(f.orders)} order(s)")
        for order in f.orders:
            echo(f"  {order}")
    if problems:
        raise DataError(problems)
    echo(f"{turn}: {len(paths)} order file(s), all valid")


# --- adjudicating -------------------------------------------------------------------------------------


def adjudicate(
    folder: Path,
    echo: Echo,
    force: bool = False,
    all_turns: bool = False,
    when_due: bool = False,
    now: datetime | None = None,
    identity_file: Path | None = None,
) -> int:
    """Adjudicate the current turn (and, with `all_turns`, every following turn whose orders are in).

    A turn is adjudicated when every power that has something to order has sent its file, or with
    `force` (powers without orders hold, do not retreat, or fall into civil disorder), or with `when_due`
    once its deadline and grace have passed (at `now`); with `when_due`, a turn not yet due is not an
    error. Results, the next state, the revealed orders and the next deadline are written together or
    not at all. Returns the number of turns adjudicated."""
    game = load_game(folder)
    keys = keys_for(game, identity_file)
    done = 0
    while True:
        turn = game.current_turn()
        position = game.position(turn)
        orders = read_turn_orders(game, turn, position, keys.identities)
        if orders.problems:
            raise DataError(orders.problems)
        missing = [p for p in powers_to_order(game.board, position) if p not in orders.files]
        late = when_due and _deadline_passed(game, turn, now)
        if missing and not force and not late:
            message = f"turn {turn}: waiting for orders from {', '.join(missing)}"
            if done == 0 and not when_due:
                raise PipelineError(f"{message} (use --force)")
            if done == 0:
                echo(f"{message}; not due yet")
            break
        after, files = play_turn(game, turn, position, keys, orders)
        next_turn = turn_id(after.phase)
        if now is not None:
            files |= _deadline_file(game, next_turn, now)
        write_all(files, root=game.folder)
        echo(f"{turn}: adjudicated{' (deadline passed)' if missing and late else ''}; next turn {next_turn}")
        done += 1
        if not all_turns or force or late:
            break
    return done


def _deadline_passed(game: Game, turn: str, now: datetime | None) -> bool:
    due = deadlines(game).get(turn)
    settings = game.settings.deadlines
    return due is not None and now is not None and settings is not None and is_past(now, due, settings)


def rerun(folder: Path, turn: str, echo: Echo, identity_file: Path | None = None) -> int:
    """Re-adjudicate the game from `turn` on (after the game master fixed an order file, say): every
    turn that had been adjudicated is played again from the committed state of `turn`, with the order
    files as they are now; the results and states that change are rewritten, turns the game no longer
    reaches are removed, all together. Returns the number of turns adjudicated."""
    game = load_game(folder)
    keys = keys_for(game, identity_file)
    turns = game.turns()
    if turn not in turns or not game.results_path(turn).exists():
        done = game.adjudicated()
        raise DataError(f"turn {turn!r} has not been adjudicated (adjudicated: {', '.join(done) or 'none'})")
    old = {t for t in turns[turns.index(turn) :] if game.results_path(t).exists()}
    position, current = game.position(turn), turn
    files: dict[Path, str] = {}
    played: set[str] = set()
    while current in old:
        position, written = play_turn(game, current, position, keys)
        files |= written
        played.add(current)
        next_turn = turn_id(position.phase)
        echo(f"{current}: adjudicated again; next turn {next_turn}")
        current = next_turn
    later = [t for t in turns if turn_key(t) > turn_key(turn)]
    stale = [game.state_path(t) for t in later if t not in played and t != current]
    stale += [game.results_path(t) for t in later if t not in played and game.results_path(t).exists()]
    write_all(files, remove=stale, root=game.folder)
    return len(played)


def replay(folder: Path, echo: Echo) -> list[str]:
    """Re-adjudicate every turn from the first state; return the files that would come out different.

    Needs no secret: encrypted orders were revealed, and each turn's dice link was, in its results."""
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
        position, files = play_turn(game, turn, position, Keys())
        for path, text in files.items():
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differences.append(str(path))
        echo(f"{turn}: replayed")
    return differences


def verify(folder: Path, echo: Echo, identity_file: Path | None = None) -> list[Problem]:
    """Check every die of the game: each revealed link against the chain and the commitment, each seed
    against its link and the turn's orders, each roll against its seed; and, when the game's private key
    is at hand, that each revealed order file is the text of its encrypted one."""
    game = load_game(folder)
    identities = keys_for(game, identity_file).identities
    orders_of: dict[str, TurnOrders] = {}
    problems: list[Problem] = []
    for turn in game.adjudicated():
        position = game.position(turn)
        orders_of[turn] = read_turn_orders(game, turn, position)
        problems += orders_of[turn].problems
        problems += _check_revealed(game, turn, position, orders_of[turn], identities)
    problems += verify_dice(game, orders_of)
    if game.settings.dice is None:
        echo(f"{game.id}: no dice chain (its rules roll no dice, or it was created without one)")
    else:
        rolls = sum(_count_rolls(game, t) for t in orders_of)
        echo(f"{game.id}: {len(orders_of)} turn(s), {rolls} die roll(s) checked against the chain")
    return problems


def _count_rolls(game: Game, turn: str) -> int:
    data = load_yaml_fast(game.results_path(turn))
    return len(data.get("dice") or []) if isinstance(data, Mapping) else 0


def _check_revealed(
    game: Game, turn: str, position: Position, revealed: TurnOrders, identities: tuple[str, ...]
) -> list[Problem]:
    problems: list[Problem] = []
    for power, plain in revealed.files.items():
        sealed_path = game.orders_dir(turn) / f"{power}.yaml.age"
        if not sealed_path.exists():
            continue
        if not identities:
            continue  # without the key, the revealed text can only be trusted as published
        try:
            sealed = read_order_file(game, turn, position, sealed_path, identities)
        except DataError as err:
            problems += err.problems
            continue
        if sealed.text != plain.text:
            problems.append(Problem("", "the revealed orders differ from the encrypted file", file=str(plain.path)))
    return problems
