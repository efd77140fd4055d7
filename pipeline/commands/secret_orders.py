"""`judge encrypt` and `judge decrypt`: a player's side of secret orders."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from pipeline.errors import DataError, naming
from pipeline.escape import log_line
from pipeline.storage.gamedir import load_game
from pipeline.storage.lock import game_lock
from pipeline.storage.orders_files import ORDER_FILE_BYTES, power_of_file, read_order_file, read_ruling_file
from pipeline.storage.sealed import SEALED_BYTES, SEALED_SUFFIX, available_identities, seal, unseal
from pipeline.storage.yamlio import load_yaml


def encrypt_orders(
    folder: Path, file: Path, out: Path | None = None, echo: Callable[[str], None] | None = None
) -> Path:
    """Check a plain order file against the game's current turn, then encrypt it to the game's public key
    and to its player's, into ``orders/<turn>/<power>.yaml.age`` (or `out`). The file must name its game,
    turn and power, so that the ciphertext cannot be passed off for another. Writing into the game, it
    holds the game's lock (`out` elsewhere does not need the game folder to be writable). With `echo`, the
    orders as the judge reads them, in words, and the warnings of the check (what cannot run) are said
    first."""
    into_game = out is None or Path(os.path.abspath(out)).is_relative_to(os.path.abspath(folder))
    with game_lock(folder) if into_game and (folder / "game.yaml").is_file() else contextlib.nullcontext():
        return _encrypt(folder, file, out, echo or (lambda _: None))


def _encrypt(folder: Path, file: Path, out: Path | None, echo: Callable[[str], None]) -> Path:
    game = load_game(folder)
    if game.settings.public_key is None:
        raise DataError("the game has no public_key in its game.yaml: its orders are not secret")
    turn = game.current_turn()
    power = power_of_file(file)
    if power is None or file.name.endswith(SEALED_SUFFIX):
        raise DataError("give the plain order file, named <power>.yaml", file=str(file))
    data = load_yaml(file, max_bytes=ORDER_FILE_BYTES, aliases=False, tags=False)
    ruling = power == game.family.rules.ruling_file and power not in game.powers  # the game master's ruling
    binding = ("game", "turn") if ruling else ("game", "turn", "power")
    absent = [key for key in binding if not isinstance(data, dict) or data.get(key) is None]
    if absent:
        raise DataError(
            f"an encrypted order file must say its {', '.join(absent)} (game: {game.id}, turn: {turn})", file=str(file)
        )
    recipients = [game.settings.public_key]
    if ruling:
        _, text = read_ruling_file(game, turn, game.state(turn), file)
    else:
        read = read_order_file(game, turn, game.state(turn, public=True), file)  # a player has no game key
        text = read.text
        for line in game.family.rules.order_words(read.orders):  # a player's words: one line, no command
            echo("  " + log_line(line))
        for warning in read.warnings:
            echo("  warning: " + log_line(str(warning)))
        if power in game.settings.player_keys:
            recipients.append(game.settings.player_keys[power])
    target = out or game.orders_dir(turn) / f"{power}.yaml{SEALED_SUFFIX}"
    with naming(target):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(seal(text, recipients), encoding="ascii")
    return target


def decrypt_file(file: Path, identity_file: Path | None = None) -> str:
    try:
        size = file.stat().st_size
        if size > SEALED_BYTES * 8:
            raise DataError(f"the file is {size:,} bytes; not an encrypted order file or report", file=str(file))
        data = file.read_bytes()
    except OSError as err:
        raise DataError(f"cannot read the file: {err.strerror}", file=str(file)) from None
    return unseal(data, available_identities(identity_file), str(file))
