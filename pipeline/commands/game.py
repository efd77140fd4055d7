"""`judge new`, `status`, `validate`, `adjudicate`, `replay`, `rerun`, `verify`: a game's turns.

Plain functions over a game folder; they print through `echo` and raise `PipelineError` subclasses. The
clock and fresh secrets come from the command line (`now`, `fresh_secret`), so these functions give the
same files for the same inputs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from pipeline import __version__
from pipeline.errors import DataError, PipelineError, Problem
from pipeline.escape import log_line
from pipeline.games import family, profile
from pipeline.games.contract import TurnResult
from pipeline.schedule import deadline_after, is_past
from pipeline.shared import dice_chain
from pipeline.shared.dice import HashDice
from pipeline.shared.i18n import translator
from pipeline.storage.game_settings import AGE_RECIPIENT, check_login, parse_settings
from pipeline.storage.gamedir import Game, deadlines, family_facts, load_game
from pipeline.storage.lock import creates_game, writes_game
from pipeline.storage.maps import load_setup
from pipeline.storage.orders_files import Refusal, read_order_file, read_ruling_file
from pipeline.storage.private_files import TurnFiles, private_reports, private_state_path
from pipeline.storage.sealed import IDENTITY_ENV, SEALED_BYTES, SEALED_SUFFIX, generate_key, holds_key_of, unseal
from pipeline.storage.state_files import dump_yaml
from pipeline.storage.yamlio import load_yaml, read_bytes

from .turn_dice import dice_for, dice_secret, turn_seed, verify_dice
from .turn_files import Trigger, Why, differing_files, results_files, revealed_text, state_files, write_turn_files
from .turn_orders import (
    TurnOrders,
    check_sent_files,
    order_paths,
    powers_to_order,
    read_turn_orders,
    refusal_summary,
    resolved,
)

Echo = Callable[[str], None]

__all__ = ["powers_to_order"]  # re-exported: tests and the benchmark ask the commands who must order


# --- creating a game ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seating:
    """Who runs and plays a new game, and its secrecy: what `judge new` writes in game.yaml besides the
    rules. `public_key` is the game's age public key when its private half exists already (a club's key);
    else a game with secrets gets a new key pair."""

    masters: tuple[str, ...] = ()
    players: Mapping[str, str] = field(default_factory=dict)  # power -> GitHub login
    secret_orders: bool = False
    public_key: str | None = None


class NewGame(NamedTuple):
    """A game just created, and what its game master must keep out of the repository: the dice secret
    (for rules that roll dice) and the game's new private key (for a game with secrets), each None when
    there is none to keep (a demo keeps them in the open)."""

    game: Game
    dice_secret: str | None
    identity: str | None


@creates_game
def new_game(
    folder: Path,
    profile_name: str = "standard",
    title: str | None = None,
    fresh_secret: Callable[[], str] | None = None,
    demo: bool = False,
    map_name: str | None = None,
    options_data: Mapping[str, Any] | None = None,
    seating: Seating | None = None,
    fresh_key: Callable[[], tuple[str, str]] | None = None,
) -> NewGame:
    """Create a game folder with its game.yaml (profile, map, powers, options, masters and players) and
    first state; nothing is written if anything is wrong.

    For rules that roll dice, `fresh_secret` draws the game master's dice secret: game.yaml records only
    the end of its hash chain, and the secret is returned for the game master to keep (a CI secret). A game
    whose orders are secret (`seating.secret_orders`, and every game of a family whose business is always
    secret) takes `seating.public_key` or gets a new key pair from `fresh_key`: game.yaml records the public
    key, and the private one is returned (a CI secret). A `demo` game keeps both in the open in
    `demo-secrets.yaml`. `map_name` plays another map (board, scenario) than the profile's; `options_data`,
    game.yaml's `options:`, is fixed with the game (the first state is made with them)."""
    if (folder / "game.yaml").exists():
        raise DataError(f"a game already exists in {folder}")
    seating = seating or Seating()
    chosen = profile(profile_name)
    played_by = family(chosen.family)
    wrong = played_by.options.problems(dict(options_data or {}))  # an option the family has not, said with its own
    if wrong:
        raise DataError(wrong)
    rules = played_by.rules
    options = rules.with_version(rules.options_of(chosen.options, dict(options_data or {})), played_by.newest_version)
    map_name = map_name or chosen.map
    setup = load_setup(played_by, map_name)
    seats = rules.seats(setup, options)
    problems = _seating_problems(seating, seats)
    if problems:
        raise DataError(problems)
    secret = fresh_secret() if fresh_secret is not None and rules.rolls_dice(options) else None
    settings: dict[str, Any] = {"title": title or folder.name, "profile": profile_name, "map": map_name}
    if options_data:
        settings["options"] = dict(options_data)
    settings["languages"] = ["fr", "en"]
    settings["masters"] = list(seating.masters)
    settings["created_by"] = f"pbem-pipeline {__version__}"  # the release whose rules the game starts with
    settings["rules_version"] = played_by.newest_version  # the version of the family's rules it plays
    files: dict[Path, str] = {}
    identity = None
    if demo:
        identity, public = generate_key()
        settings |= {"demo": True, "secret_orders": True, "public_key": public}
        demo_data = {"age_identity": identity, **({"dice_secret": secret} if secret else {})}
        files[folder / "demo-secrets.yaml"] = dump_yaml(
            demo_data,
            "DEMO ONLY: this game's private keys, in the open so anyone can replay it. Never do this in a real game.",
        )
    elif rules.always_secret or seating.secret_orders:
        identity, public = _game_key(seating, fresh_key, chosen.family, rules.always_secret)
        settings |= {"secret_orders": True, "public_key": public}
    if secret is not None:
        settings["dice"] = {"commitment": dice_chain.commitment(secret), "links": dice_chain.DEFAULT_LENGTH}
    settings["powers"] = {p: {"player": seating.players.get(p)} for p in sorted(seats)}
    first, position = rules.start(setup, options, _setup_dice(secret, folder.name))
    files |= {folder / "game.yaml": dump_yaml(settings), folder / "orders" / first / ".keep": ""}
    parsed, problems = parse_settings(settings, family_facts(played_by, seats))
    if problems:
        raise DataError(problems)
    game = Game(folder, folder.name, settings["title"], map_name, setup, played_by, chosen, options, parsed, settings)
    first_state = state_files(game, position, first)
    first_state.public |= files
    write_turn_files(game, first_state)
    return NewGame(load_game(folder), None if demo else secret, None if demo else identity)


def _seating_problems(seating: Seating, seats: tuple[str, ...]) -> list[Problem]:
    """What is wrong with the masters, players and key given to `judge new`, each said with its option."""
    problems = [p for m in seating.masters if (p := check_login(m, f"--master {m}")) is not None]
    for power, login in seating.players.items():
        where = f"--player {power}={login}"
        if power not in seats:
            problems.append(Problem(where, f"{power!r} is not a power of this game ({', '.join(sorted(seats))})"))
        elif (problem := check_login(login, where)) is not None:
            problems.append(problem)
    if seating.public_key is not None and not AGE_RECIPIENT.match(seating.public_key):
        what = f"{seating.public_key!r} is not an age public key (age1 followed by 58 characters)"
        problems.append(Problem("--public-key", what))
    return problems


def _game_key(
    seating: Seating, fresh_key: Callable[[], tuple[str, str]] | None, family_id: str, always: bool
) -> tuple[str | None, str]:
    """The game's private key (None: the public key given is a club's, its private half kept already) and
    its public key."""
    if seating.public_key is not None:
        return None, seating.public_key
    if fresh_key is None:
        why = f"a {family_id} game keeps each power's business encrypted" if always else "its orders are secret"
        raise DataError(f"{why}: the game needs a key pair (give its public key, or let judge new make one)")
    return fresh_key()


def options_file(path: Path | None) -> Mapping[str, Any] | None:
    """The rule options of `judge new --options FILE`: a YAML mapping, read with every problem at its line."""
    if path is None:
        return None
    data = load_yaml(path)
    if not isinstance(data, Mapping):
        raise DataError("an options file is a mapping of rule options, like famine: false", file=str(path))
    return data


def _setup_dice(secret: str | None, game_id: str) -> HashDice:
    """The dice of what a game draws once, at its creation (a family's secret draws: Symmachia's leaders'
    competences): from the game master's dice secret, so that nobody but him knows them before the game
    ends and publishes it (`judge publish-secrets`), and anyone can check them then; from the game's id
    alone for a game without a dice secret."""
    seed = f"{game_id}/setup" if secret is None else hashlib.sha256(f"setup\n{secret}".encode()).hexdigest()
    return HashDice(seed)


# --- the files a turn writes --------------------------------------------------------------------------


def play_turn(
    game: Game,
    turn: str,
    position: Any,
    secret: str | None = None,
    orders: TurnOrders | None = None,
    trigger: Trigger | None = None,
    force: bool = False,
) -> tuple[str, Any, TurnFiles]:
    """Adjudicate one turn from its state and its order files: the next turn's id and state, and the files
    that record it (the turn's results, the next turn's state, the revealed text of encrypted orders,
    each power's encrypted report where it has one). With the game master's dice `secret` the turn's link
    is computed; without it, the link its results revealed is used (replays), and so is how it came to be
    adjudicated (`trigger`). No order file stops the turn: what cannot be used is refused and recorded."""
    orders = orders or read_turn_orders(game, turn, position, lenient=True)
    if orders.problems:
        raise DataError(orders.problems)
    seed = turn_seed(game, turn, orders, secret)
    result = adjudicate_turn(game, turn, position, orders, dice_for(game, turn, seed), force)
    sent = set(orders.files) | {r.power for r in orders.refused if r.power is not None}
    missing = [p for p in powers_to_order(game, position) if p not in sent]
    trigger = trigger or Trigger.recorded(game, turn) or Trigger(Why.FORCED if missing else Why.ALL_ORDERS_IN)
    files = results_files(game, result, turn, seed, missing, orders, trigger)
    files |= state_files(game, result.state, result.turn)
    return result.turn, result.state, files


def adjudicate_turn(
    game: Game, turn: str, state: Any, orders: TurnOrders, dice: HashDice, force: bool = False
) -> TurnResult[Any]:
    """The family's adjudication of one turn from its state, its orders read and the dice."""
    ruling = orders.ruling if orders.ruling is not None else game.family.rules.no_ruling(game.setup, state)
    return game.family.rules.adjudicate(
        game.setup, turn, state, game.options_at(turn), orders.by_power(), ruling, dice, game.secret_money, force
    )


class AwaitingRuling(PipelineError):
    """A turn that is due but waits for its game master's ruling (`waiting_for`), to come in the file `ruling`
    of the turn's folder: what it waits for is in words drawn from the order files, for the game master alone
    (`judge adjudicate` run with the game's key); a public log says only that the turn waits (`judge
    run-games`)."""

    def __init__(self, turn: str, waiting: list[str], ruling: str) -> None:
        self.turn, self.waiting, self.ruling = turn, waiting, ruling
        super().__init__(
            f"turn {turn}: waiting for the game master's ruling on {'; '.join(waiting)} "
            "(use --force to adjudicate without it)"
        )


def waiting_for(game: Game, turn: str, state: Any, orders: TurnOrders) -> list[str]:
    """What the turn waits for from the game master before it can be adjudicated (`--force` ignores it)."""
    rules = game.family.rules
    ruling = orders.ruling if orders.ruling is not None else rules.no_ruling(game.setup, state)
    return rules.waiting_for(game.setup, state, game.options_at(turn), orders.by_power(), ruling)


# --- status, deadlines --------------------------------------------------------------------------------


def _deadline_file(game: Game, turn: str, opened: datetime) -> dict[Path, str]:
    """deadlines.yaml with the deadline of a turn that opens at `opened`, if the game sets deadlines."""
    if game.settings.deadlines is None:
        return {}
    due = deadline_after(opened, game.family.rules.turn_kind(turn), game.settings.deadlines)
    if due is None:
        return {}
    known = {t: d.isoformat() for t, d in deadlines(game).items()}
    known[turn] = due.isoformat()
    ordered = {t: known[t] for t in sorted(known, key=game.turn_key)}
    return {game.deadlines_path: dump_yaml(ordered, "When each turn's orders are due (the game master may edit).")}


def status(folder: Path, echo: Echo, now: datetime | None = None) -> bool:
    """Say which powers have sent orders for the current turn; True if the turn is ready."""
    game = load_game(folder)
    turn = game.current_turn()
    position = game.state(turn, public=not game.identities)
    needed = powers_to_order(game, position)
    sent, _ = order_paths(game, turn)
    phase = getattr(position, "phase", None)  # a board game's turn is a phase: said in words
    echo(log_line(f"{game.title}: turn {turn}" + (f" ({phase})" if phase is not None else "")))
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
    turn) must be one that login may write: its power's player's, or a game master's. With `sent`, only
    those files are checked: another power's file, good or bad, is none of the sender's business. Encrypted
    files are read when a private key is at hand; otherwise they wait for the adjudication."""
    game = load_game(folder, identity_file)
    turn = game.current_turn()
    identities = game.identities
    paths, problems = order_paths(game, turn)
    problems += check_sent_files(game, turn, list(sent) if sent is not None else list(paths.values()), author)
    if sent is not None:
        mine = {resolved(p) for p in sent}
        paths = {power: path for power, path in paths.items() if resolved(path) in mine}
        problems = [p for p in problems if p.file is None or resolved(Path(p.file)) in mine]
    position = game.state(turn, public=not identities)  # without the key, no treasury: money is checked later
    rules = game.family.rules
    warned = 0
    for power, path in sorted(paths.items()):
        if path.name.endswith(SEALED_SUFFIX) and not identities:
            echo(f"{path}: {power}, encrypted; read when the turn is adjudicated")
            continue
        if power == rules.ruling_file and power not in game.powers:
            try:
                read_ruling_file(game, turn, position, path)
            except DataError as err:
                problems += err.problems
                continue
            echo(f"{path}: the game master's ruling")
            continue
        try:
            f = read_order_file(game, turn, position, path)
        except DataError as err:
            problems += err.problems
            continue
        lines = rules.order_words(f.orders)
        echo(log_line(f"{path}: {power}, {len(lines)} order(s)"))
        for line in lines:  # what a player wrote (a speech, a note) on one line, beginning no workflow command
            echo("  " + log_line(line))
        for warning in f.warnings:
            echo("  warning: " + log_line(str(warning)))
        warned += len(f.warnings)
    if problems:
        raise DataError(problems)
    echo(f"{turn}: {len(paths)} order file(s), all valid" + (f"; {warned} warning(s) above" if warned else ""))


# --- adjudicating -------------------------------------------------------------------------------------


@writes_game
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
    game = load_game(folder, identity_file)
    _require_playing(game)
    _require_game_key(game)
    secret = dice_secret(game)
    done = 0
    while True:
        turn = game.current_turn()
        position = game.state(turn)
        if _is_over(game, position, echo, done == 0 and not when_due):
            break
        sent, _ = order_paths(game, turn)  # which files are there, decided before any is read
        missing = [p for p in powers_to_order(game, position) if p not in sent]
        late = when_due and _deadline_passed(game, turn, now)
        if missing and not force and not late:
            message = f"turn {turn}: waiting for orders from {', '.join(missing)}"
            if done == 0 and not when_due:
                raise PipelineError(f"{message} (use --force)")
            if done == 0:
                echo(f"{message}; not due yet")
            break
        why = Why.DEADLINE_PASSED if missing and late else Why.FORCED if missing else Why.ALL_ORDERS_IN
        orders = read_turn_orders(game, turn, position, lenient=True)
        if orders.problems:
            raise DataError(orders.problems)
        waiting = waiting_for(game, turn, position, orders)
        if waiting and not force:
            if done == 0:
                sealed = SEALED_SUFFIX if game.settings.secret_orders else ""
                raise AwaitingRuling(turn, waiting, f"{game.family.rules.ruling_file}.yaml{sealed}")
            echo(f"turn {turn}: waiting for the game master's ruling on {'; '.join(waiting)}")
            break
        next_turn, _, files = play_turn(game, turn, position, secret, orders, Trigger(why, at=now), force=force)
        if now is not None:
            files.public |= _deadline_file(game, next_turn, now)
        write_turn_files(game, files)
        for refusal in orders.refused:
            echo(f"{turn}: {refusal_summary(refusal)}")
        echo(f"{turn}: adjudicated{' (deadline passed)' if why is Why.DEADLINE_PASSED else ''}; next turn {next_turn}")
        done += 1
        if not all_turns or force or late:
            break
    return done


class GameOverError(PipelineError):
    """A game that is over by its rules: no turn is adjudicated any more."""


def _is_over(game: Game, state: Any, echo: Echo, refuse: bool) -> bool:
    """Whether the game is over in `state` by its rules (`Rules.game_over`): said in words, and with `refuse`
    an error (a game master asked to adjudicate it)."""
    over = game.family.rules.game_over(game.setup, state, game.options)
    if over is None:
        return False
    said = game.family.presentation.outcome_words(game.setup, over, translator("en"))
    message = f"{game.id} is over: {said} No turn is adjudicated any more"
    if refuse:
        raise GameOverError(message)
    echo(message)
    return True


def _require_playing(game: Game) -> None:
    """An ended game is never adjudicated again (its secrets may be public by now)."""
    if game.settings.ended:
        raise PipelineError(f"{game.id} has ended (game.yaml says `ended: true`): no turn is adjudicated")


def _require_game_key(game: Game) -> None:
    """A game with secrets is adjudicated only with its own private key at hand: without it every encrypted
    file would be refused, and the turn played as if nobody had sent orders."""
    key = game.settings.public_key
    if (game.settings.secret_orders or game.secret_money) and key and not holds_key_of(game.identities, key):
        raise PipelineError(
            f"{game.id}: the game's private key (the one of its public_key) is not at hand: set {IDENTITY_ENV} "
            "or give --identity; nothing was adjudicated"
        )


def _deadline_passed(game: Game, turn: str, now: datetime | None) -> bool:
    due = deadlines(game).get(turn)
    settings = game.settings.deadlines
    return due is not None and now is not None and settings is not None and is_past(now, due, settings)


@writes_game
def rerun(folder: Path, turn: str, echo: Echo, identity_file: Path | None = None) -> int:
    """Re-adjudicate the game from `turn` on (after the game master fixed an order file, say): every
    turn that had been adjudicated is played again from the committed state of `turn`, with the order
    files as they are now; the results and states that change are rewritten, turns the game no longer
    reaches are removed, all together. Returns the number of turns adjudicated."""
    game = load_game(folder, identity_file)
    _require_playing(game)
    _require_game_key(game)
    secret = dice_secret(game)
    turns = game.turns()
    if turn not in turns or not game.results_path(turn).exists():
        done = game.adjudicated()
        raise DataError(f"turn {turn!r} has not been adjudicated (adjudicated: {', '.join(done) or 'none'})")
    old = {t for t in turns[turns.index(turn) :] if game.results_path(t).exists()}
    position, current = game.state(turn), turn
    files = TurnFiles()
    played: set[str] = set()
    while current in old:
        recorded = Trigger.recorded(game, current)
        trigger = Trigger(recorded.why if recorded else Why.FORCED, rerun=True, at=recorded.at if recorded else None)
        orders = read_turn_orders(game, current, position, lenient=True, as_recorded=False)
        next_turn, position, written = play_turn(game, current, position, secret, orders, trigger, force=True)
        files |= written
        played.add(current)
        echo(f"{current}: adjudicated again; next turn {next_turn}")
        current = next_turn
    later = [t for t in turns if game.turn_key(t) > game.turn_key(turn)]
    gone = [t for t in later if t not in played and t != current]
    stale = [game.state_path(t) for t in gone] + [private_state_path(game.state_path(t)) for t in gone]
    stale += [game.results_path(t) for t in later if t not in played and game.results_path(t).exists()]
    stale += [p for t in later if t not in played for p in private_reports(game.folder, t)]
    written = set(files.paths())
    stale += [p for t in played for p in private_reports(game.folder, t) if p not in written]
    write_turn_files(game, files, remove=[p for p in stale if p.exists()])
    return len(played)


def replay(folder: Path, echo: Echo, identity_file: Path | None = None) -> list[str]:
    """Re-adjudicate every turn from the rules' start; return the files that would come out different, and
    every file under `state/`, `results/` and `private/` that no turn of the game's history writes (a forged
    state for a turn never adjudicated, say).

    Needs no dice secret: each turn's link was revealed in its results. Encrypted orders were revealed
    too, except, in a game with secret money, the money orders: replaying such a game needs its key, and
    its encrypted files are compared by their text."""
    game = load_game(folder, identity_file)
    turns = game.turns()
    differences: list[str] = []
    if not turns:
        return differences
    start_options = game.family.rules.with_version(game.options, game.settings.rules.first)  # judge new's
    first_turn, position = game.family.rules.start(game.setup, start_options, _setup_dice(dice_secret(game), game.id))
    turn = turns[0]
    if first_turn != turn:
        differences.append(f"{game.state_path(turn)} (the game's first turn is {first_turn})")
    first = state_files(game, position, turn)
    differences += differing_files(game, first)
    produced = set(first.paths())
    while game.results_path(turn).exists():
        next_turn, position, files = play_turn(game, turn, position, force=True)
        differences += differing_files(game, files)
        produced |= set(files.paths())
        echo(f"{turn}: replayed")
        turn = next_turn
    for kept in ("state", "results", "private"):
        for path in sorted((game.folder / kept).rglob("*")):
            if path.is_file() and path not in produced:
                differences.append(f"{path} (no adjudicated turn of the game writes this file)")
    return differences


def verify(folder: Path, echo: Echo, identity_file: Path | None = None) -> list[Problem]:
    """Check every die of the game: each revealed link against the chain and the commitment, each seed
    against its link and the turn's orders, each roll against its seed; and, when the game's private key
    is at hand, that each revealed order file is the text of its encrypted one."""
    game = load_game(folder, identity_file)
    identities = game.identities
    orders_of: dict[str, TurnOrders | None] = {}
    problems: list[Problem] = []
    for turn in game.adjudicated():
        position = game.state(turn, public=not identities)
        orders = read_turn_orders(game, turn, position, lenient=True)
        problems += orders.problems
        problems += _check_revealed(game, turn, position, orders)
        hidden = game.secret_money and not identities and any(game.orders_dir(turn).glob(f"*{SEALED_SUFFIX}"))
        orders_of[turn] = None if hidden else orders  # money orders unread: the orders' hash is not checked
    dice_problems, rolls = verify_dice(game, orders_of)
    if game.settings.dice is None:
        echo(f"{game.id}: no dice chain (its rules roll no dice, or it was created without one)")
    else:
        echo(f"{game.id}: {len(orders_of)} turn(s), {rolls} die roll(s) checked against the chain")
    return problems + dice_problems


def _revealed_ruling_problem(game: Game, turn: str, name: str) -> Problem | None:
    """The game master's revealed ruling against the text of its encrypted file."""
    sealed_path = game.orders_dir(turn) / name
    plain_path = sealed_path.with_name(name.removesuffix(SEALED_SUFFIX))
    try:
        text = unseal(read_bytes(sealed_path, SEALED_BYTES), game.identities, str(sealed_path))
    except DataError as err:
        return err.problems[0]
    if not plain_path.exists() or plain_path.read_text(encoding="utf-8") != text:
        return Problem("", "the revealed ruling differs from the encrypted file", file=str(plain_path))
    return None


def _check_revealed(game: Game, turn: str, position: Any, orders: TurnOrders) -> list[Problem]:
    """Each revealed order file against the text of its encrypted one (when the key is at hand)."""
    problems: list[Problem] = []
    if not game.identities:
        return problems  # without the key, the revealed text can only be trusted as published
    refused = {r.file for r in orders.refused if r.reason is not Refusal.INVALID_ORDERS}
    ruling = orders.ruling_text[0].name if orders.ruling_text is not None else None
    for name in orders.names:
        if not name.endswith(SEALED_SUFFIX) or name in refused:
            continue
        if name == ruling:
            if revealed := _revealed_ruling_problem(game, turn, name):
                problems.append(revealed)
            continue
        sealed_path = game.orders_dir(turn) / name
        plain_path = sealed_path.with_name(sealed_path.name.removesuffix(SEALED_SUFFIX))
        if not plain_path.exists():
            problems.append(
                Problem("", "an adjudicated turn's encrypted orders were not revealed", file=str(sealed_path))
            )
            continue
        try:
            sealed = read_order_file(game, turn, position, sealed_path, lenient=True)
        except DataError as err:
            problems += err.problems
            continue
        if revealed_text(game, turn, sealed) != plain_path.read_text(encoding="utf-8"):
            problems.append(Problem("", "the revealed orders differ from the encrypted file", file=str(plain_path)))
    return problems
