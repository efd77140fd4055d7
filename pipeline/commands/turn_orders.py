"""The order files of a turn: which are there, who may write them, what they say.

A turn's folder `orders/<turn>/` holds ``<power>.yaml`` or, in a game with secret orders,
``<power>.yaml.age``, and in a family that takes one the game master's ruling (``<ruling_file>.yaml``,
sealed like the orders: `GameFamily.ruling_file`). Once the turn is adjudicated, the plain text of each
encrypted file is written next to it (revealed), and that is what later replays read.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.errors import DataError, Problem
from pipeline.escape import visible
from pipeline.storage.gamedir import Game
from pipeline.storage.orders_files import (
    OrderFile,
    Refusal,
    RefusedFile,
    power_of_file,
    read_order_file,
    read_ruling_file,
)
from pipeline.storage.sealed import SEALED_BYTES, SEALED_SUFFIX


def powers_to_order(game: Game, state: Any) -> list[str]:
    """The powers that must send an order file for this turn (never the autonomous garrisons), as the
    game's family says (`GameFamily.powers_to_order`)."""
    return game.family.rules.powers_to_order(game.setup, state)


@dataclass(frozen=True)
class RefusedOrders:
    """An order file the adjudication could not use, or not in full: the public reason, and the problems
    in words (public for a plain file, sent only to its power's private report for an encrypted one)."""

    file: str  # its name in the turn's folder
    power: str | None  # None: the file is no power's order file
    reason: Refusal
    problems: tuple[Problem, ...] = ()
    dropped: int = 0  # Refusal.INVALID_ORDERS: how many orders were left out

    @property
    def sealed(self) -> bool:
        return self.file.endswith(SEALED_SUFFIX)

    def details(self) -> list[str]:
        """The problems in words, each with its line, without the file's path (the record names the file)."""
        return [str(Problem(p.where, p.message, p.line)) for p in self.problems]

    def said(self) -> list[dict[str, object] | None]:
        """Each problem as a report puts it into the reader's words (`Problem.said`, with its line), or
        None where only the English words say it."""
        return [{"line": p.line, **dict(p.said)} if p.said else None for p in self.problems]


@dataclass
class TurnOrders:
    files: dict[str, OrderFile]
    problems: list[Problem]
    refused: list[RefusedOrders] = field(default_factory=list)
    names: tuple[str, ...] = ()  # every file of the turn's folder the adjudication took into account
    ruling: Any = None  # the game master's ruling, read (None: no ruling file)
    order_lines: tuple[tuple[str, str], ...] = ()  # each power's orders, one line each, in order (the dice hash them)
    ruling_text: tuple[Path, str] | None = None  # the ruling file's path and its text as written (decrypted)

    def by_power(self) -> dict[str, Any]:
        """Each power's orders (the family's value), of the powers whose file could be used."""
        return {power: self.files[power].orders for power in sorted(self.files)}

    def pairs(self) -> list[tuple[str, str]]:
        """Each order as a line, with its power: what the dice seed hashes."""
        return list(self.order_lines)

    def sealed(self) -> list[OrderFile]:
        return [f for _, f in sorted(self.files.items()) if f.sealed]


def turn_folder_files(game: Game, turn: str) -> list[Path]:
    """The files a player may have sent for a turn: everything in its folder but hidden files (`.keep`, and
    the temporary files of a write that was interrupted)."""
    folder = game.orders_dir(turn)
    if not folder.is_dir():
        return []
    return [p for p in sorted(folder.iterdir()) if not p.name.startswith(".")]


def recorded_files(game: Game, turn: str) -> tuple[str, ...] | None:
    """The order files an adjudicated turn took into account, as its results list them (None: not adjudicated)."""
    if not game.results_path(turn).exists():
        return None
    data = game.recorded_results(turn) or {}
    names = data.get("order_files")
    return tuple(str(n) for n in names) if isinstance(names, list) else ()


def files_digest(game: Game, turn: str, names: Iterable[str]) -> str:
    """The hash of a turn's order files as committed, byte for byte: one ``name sha256`` line each, sorted.

    Encrypted files carry fresh randomness from their players' encryption, so nobody knows this hash before
    the last file is in, and nobody but the senders chooses it; the dice depend on it (`turn_dice`). A file
    no order file could be (a link, a folder, one over the size limit) is counted by its name and kind
    alone: never followed, never read."""
    lines = []
    for name in sorted(names):
        path = game.orders_dir(turn) / name
        try:
            if path.is_symlink():
                content = "link"
            elif not path.is_file():
                content = "not a file" if path.exists() else "missing"
            elif path.stat().st_size > SEALED_BYTES:
                content = f"over the limit: {path.stat().st_size} bytes"
            else:
                content = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            content = "missing"
        lines.append(f"{name} {content}\n")
    return hashlib.sha256("".join(lines).encode()).hexdigest()


def _beside_sealed(game: Game, paths: list[Path]) -> list[Path]:
    """The plain files that stand beside an encrypted file of the same power in a game with secret orders:
    the encrypted one is the power's orders, and its revealed text is written there once the turn is
    adjudicated (over whatever the player left), so the plain one is never a file of the turn."""
    if not game.settings.secret_orders:
        return []
    names = {p.name for p in paths}
    return [p for p in paths if p.name + SEALED_SUFFIX in names]


def _classify(game: Game, paths: list[Path]) -> tuple[dict[str, Path], list[RefusedOrders]]:
    """Which file of each power is its orders, and the files that cannot be: no power's file, a plain file in
    a game with secret orders or an encrypted one in a game with public orders."""
    secret = game.settings.secret_orders
    chosen: dict[str, Path] = {}
    refused: list[RefusedOrders] = []
    powers = ", ".join(game.powers)
    ruling = game.family.rules.ruling_file
    known = {*game.powers, *([ruling] if ruling else [])}
    for path in paths:
        power = power_of_file(path)
        if power is None or power not in known or not path.is_file() or path.is_symlink():
            why = f"not an order file: a turn's folder holds <power>{_EXPECTED[secret]} for a power of the game"
            why += f" ({powers})"
            refused.append(
                RefusedOrders(path.name, None, Refusal.NOT_AN_ORDER_FILE, (Problem("", why, file=str(path)),))
            )
            continue
        if path.name.endswith(SEALED_SUFFIX) != secret:
            why = (
                f"orders are secret in this game: send {power}.yaml{SEALED_SUFFIX} (judge encrypt, or the order "
                "form), never the plain file, which everybody can read"
                if secret
                else f"orders are public in this game: send {power}.yaml, not an encrypted file"
            )
            reason = Refusal.IN_CLEAR if secret else Refusal.SEALED_IN_OPEN_GAME
            refused.append(RefusedOrders(path.name, power, reason, (Problem("", why, file=str(path)),)))
            continue
        chosen[power] = path  # one name per power and kind: the other kind was refused just above
    return chosen, refused


_EXPECTED = {True: f".yaml{SEALED_SUFFIX}", False: ".yaml"}
_SUPERSEDED = "orders are secret in this game: this plain file is not read (the encrypted one is); remove it"


def order_paths(game: Game, turn: str) -> tuple[dict[str, Path], list[Problem]]:
    """The order file of each power in a turn's folder (nothing read yet), and the files that have no
    business there: while the turn is open, a game with secret orders takes only ``<power>.yaml.age`` and
    a game with public orders only ``<power>.yaml``; once it is adjudicated, the files its results list."""
    chosen, refused, superseded, _ = _turn_files(game, turn, as_recorded=True)
    problems = [p for r in refused for p in r.problems]
    if recorded_files(game, turn) is None:
        problems += [Problem("", _SUPERSEDED, file=str(p)) for p in superseded]
    return chosen, problems


def _turn_files(
    game: Game, turn: str, as_recorded: bool
) -> tuple[dict[str, Path], list[RefusedOrders], list[Path], list[str]]:
    """A turn's order files: each power's, the refused ones, the plain files beside an encrypted one, and
    the names of the files its results list but its folder lacks."""
    recorded = recorded_files(game, turn)
    paths = turn_folder_files(game, turn)
    missing: list[str] = []
    if recorded is not None and as_recorded:
        listed = set(recorded)
        paths = [p for p in paths if p.name in listed]
        missing = sorted(listed - {p.name for p in paths})
    superseded = _beside_sealed(game, paths)
    chosen, refused = _classify(game, [p for p in paths if p not in superseded])
    return chosen, refused, superseded, missing


def read_turn_orders(
    game: Game, turn: str, position: Any, lenient: bool = False, as_recorded: bool = True
) -> TurnOrders:
    """Every order file of a turn (encrypted ones with the game's keys); the problems of all files together.

    With `lenient` (the adjudication), no file stops the turn: a file that cannot be used costs its power
    its orders, an illegal order costs that order, and each is listed in `TurnOrders.refused` instead of
    `problems`. A turn already adjudicated reads the files its results list (a file merged into its folder
    later is not part of it), and refuses them as it did then; `as_recorded=False` (a game master's rerun)
    reads the files as they are now."""
    recorded = recorded_files(game, turn)
    chosen, refused, superseded, missing = _turn_files(game, turn, as_recorded)
    if not lenient and recorded is None:
        refused += [
            RefusedOrders(p.name, power_of_file(p), Refusal.IN_CLEAR, (Problem("", _SUPERSEDED, file=str(p)),))
            for p in superseded
        ]
    prefer_sealed = bool(game.identities) and game.secret_money
    files: dict[str, OrderFile] = {}
    problems: list[Problem] = [
        Problem("", "listed in the turn's results, but not in its folder", file=str(game.orders_dir(turn) / name))
        for name in missing
    ]
    ruling_file = game.family.rules.ruling_file
    ruling, ruling_text, ruling_names = None, None, set()
    if ruling_file is not None and ruling_file in chosen:
        path = chosen.pop(ruling_file)
        ruling_names.add(path.name)
        revealed = path.with_name(path.name.removesuffix(SEALED_SUFFIX))
        # as the orders: once adjudicated, without the game's key, the revealed text; a rerun reads the file itself
        as_then = recorded is not None and as_recorded and not prefer_sealed
        read_path = revealed if as_then and path != revealed and revealed.is_file() else path
        try:
            ruling, text = read_ruling_file(game, turn, position, read_path)
            ruling_text = (path, text)
        except DataError as err:
            problems += err.problems  # the game master's own file stops the turn until he fixes it
    for power, path in chosen.items():
        read_path = path
        revealed = path.with_name(path.name.removesuffix(SEALED_SUFFIX))
        if recorded is not None and path.name.endswith(SEALED_SUFFIX) and not prefer_sealed:
            if not revealed.is_file():  # refused at the time, and nothing was revealed: as recorded
                refused.append(_recorded_refusal(game, turn, path.name, power))
                continue
            read_path = revealed
        try:
            f = read_order_file(game, turn, position, read_path, lenient=lenient)
        except DataError as err:
            reason = err.reason if isinstance(err, RefusedFile) else Refusal.UNREADABLE
            refused.append(RefusedOrders(path.name, power, reason, tuple(err.problems)))
            continue
        if f.dropped:
            refused.append(RefusedOrders(path.name, power, Refusal.INVALID_ORDERS, f.dropped, len(f.dropped)))
        files[power] = dataclasses.replace(f, path=path) if read_path != path else f
    names = tuple(sorted({path.name for path in chosen.values()} | ruling_names | {r.file for r in refused}))
    if not lenient:
        problems += [p for r in refused for p in r.problems]
        refused = []
    said = game.family.rules.order_lines
    lines = tuple((power, line) for power in sorted(files) for line in said(files[power].orders))
    return TurnOrders(files, problems, sorted(refused, key=lambda r: r.file), names, ruling, lines, ruling_text)


REFUSAL_WORDS = {
    Refusal.NOT_DECRYPTED: "it could not be decrypted (damaged, or not encrypted to the game's key)",
    Refusal.WRONG_BINDING: "it names another game, turn or power than its place in the folder",
    Refusal.UNREADABLE: "it could not be read as an order file",
    Refusal.IN_CLEAR: "it was sent in clear in a game whose orders are secret",
    Refusal.SEALED_IN_OPEN_GAME: "it was encrypted in a game whose orders are public",
    Refusal.NOT_AN_ORDER_FILE: "it is not an order file of a power of the game",
    Refusal.INVALID_ORDERS: "some of its orders could not be played",
}


def refusal_summary(refusal: RefusedOrders) -> str:
    """A refusal in general words, fit for a public log: never what an encrypted file says."""
    name = visible(refusal.file)  # a player's text (a file name, an order quoted in a problem) on one line
    if refusal.reason is Refusal.INVALID_ORDERS:
        what = f"{refusal.dropped} order(s) of {name} were not played ({refusal.power}'s units concerned have no order)"
    elif refusal.power is not None:
        what = f"{name} was refused: {REFUSAL_WORDS[refusal.reason]}; {refusal.power} has no orders from it"
    else:
        what = f"{name} was ignored: {REFUSAL_WORDS[refusal.reason]}"
    if not refusal.sealed and refusal.problems:
        what += " (" + "; ".join(visible(d) for d in refusal.details()) + ")"
    elif refusal.problems:
        what += " (the details are in its power's private report)"
    return what


def _recorded_refusal(game: Game, turn: str, name: str, power: str) -> RefusedOrders:
    """How an adjudicated turn refused an encrypted file, as its results say (without the game's key nobody
    can look inside it again)."""
    data = game.recorded_results(turn) or {}
    for item in data.get("refused") or []:
        if isinstance(item, dict) and item.get("file") == name:
            try:
                return RefusedOrders(name, power, Refusal(str(item.get("reason"))))
            except ValueError:
                break
    return RefusedOrders(name, power, Refusal.NOT_DECRYPTED)


def resolved(path: Path) -> Path:
    """A path as given on the command line, made absolute and resolved: how sent files are compared."""
    return (path if path.is_absolute() else Path.cwd() / path).resolve()


def check_sent_files(game: Game, turn: str, paths: list[Path], author: str | None) -> list[Problem]:
    """The problems of files a player sends (a pull request's changed files): each must be an order file
    of the turn being played, for a power the author may order for."""
    problems: list[Problem] = []
    orders_root = (game.folder / "orders").resolve()
    for given in paths:
        file = str(given)
        path = resolved(given)
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
                past = game.turn_key(sent_turn) < game.turn_key(turn)
            except (ValueError, KeyError):
                problems.append(Problem("", f"{sent_turn!r} is not a turn of this game (now: {turn})", file=file))
                continue
            why = "was adjudicated already" if past else "has not begun"
            problems.append(Problem("", f"turn {sent_turn} {why}: orders now go in orders/{turn}/", file=file))
            continue
        power = power_of_file(Path(name))
        if power is not None and power == game.family.rules.ruling_file and power not in game.powers:
            if author is not None and author.lower() not in (m.lower() for m in game.settings.masters):
                problems.append(Problem("", f"@{author} may not write the game master's ruling", file=file))
            continue
        if power is None or power not in game.powers:
            continue  # reported with the turn's files
        if author is not None and not game.settings.may_write(author, power):
            player = game.settings.players.get(power)
            owner = f"its player @{player}" if player else "its player (none is registered in game.yaml)"
            problems.append(
                Problem("", f"@{author} may not write {power}'s orders: only {owner} or a game master", file=file)
            )
    return problems
