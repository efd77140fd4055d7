"""`judge publish-secrets`: once the masters have ended a game, its secrets go public, so that anyone can
check every revealed order file against its ciphertext and every die against the whole chain.

While a game is played its private key and its dice secret are CI secrets; nothing in the repository
holds them. When its `game.yaml` says `ended: true`, this command writes them to the game's
`secrets.yaml` (checked first: the key must be the one of the game's `public_key`, the dice secret must
hash to the commitment). `judge verify` then reads them and checks what only they can check. An ended game
is never adjudicated again. The players' own keys are never published.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.errors import DataError
from pipeline.storage.atomic import write_all
from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import DICE_SECRETS_ENV, IDENTITY_ENV, holds_key_of, public_of
from pipeline.storage.state_files import dump_yaml

from .turn_dice import dice_secret

Echo = Callable[[str], None]


def publish_secrets(folder: Path, echo: Echo, identity_file: Path | None = None) -> Path:
    """Write an ended game's private key and dice secret to its `secrets.yaml`; the file's path."""
    game = load_game(folder, identity_file)
    if not game.settings.ended:
        raise DataError(
            f"{game.id} has not ended: its secrets are published only once its masters set `ended: true` in its "
            "game.yaml (no turn is adjudicated after that)"
        )
    if game.settings.demo:
        raise DataError(f"{game.id} is a demo game: its secrets are in the open already, in demo-secrets.yaml")
    data: dict[str, str] = {}
    key = game.settings.public_key
    if key is not None:
        if not holds_key_of(game.identities, key):
            raise DataError(f"the game's private key is not at hand (set {IDENTITY_ENV} or give --identity)")
        data["age_identity"] = next(i for i in game.identities if public_of(i) == key)
    if game.settings.dice is not None:
        secret = dice_secret(game)
        if secret is None:
            raise DataError(f"the game's dice secret is not at hand (set {DICE_SECRETS_ENV})")
        data["dice_secret"] = secret
    if not data:
        raise DataError(f"{game.id} has no secrets: neither secret orders nor dice")
    path = game.open_secrets_path
    write_all({path: dump_yaml(data, f"The secrets of the ended game {game.id}, published so anyone can verify it.")})
    echo(f"wrote {path}: `judge verify {folder}` now checks every revealed file and every die with them")
    return path
