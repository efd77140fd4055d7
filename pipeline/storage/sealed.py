"""Secret files: age encryption (pyrage), keys, and where the adjudicator finds its private keys.

Order files of a game with secret orders are committed as ``<power>.yaml.age``, encrypted to the game's
public key (and to the player's own, so the player can read them back). The files are ASCII-armored, so
they can be pasted into GitHub's web editor and read in a diff. The adjudicator's private keys come from
the environment variable ``JUDGE_AGE_IDENTITY`` (age identities, one per line: a CI secret), from a file
given on the command line, or, for a demo game only, from its ``demo-secrets.yaml``.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterable
from pathlib import Path

import pyrage

from pipeline.errors import DataError

IDENTITY_ENV = "JUDGE_AGE_IDENTITY"
DICE_SECRETS_ENV = "JUDGE_DICE_SECRETS"
SEALED_SUFFIX = ".age"
SEALED_BYTES = 128 * 1024  # an encrypted order file: the 64 KiB of an order file, armored, and more


def generate_key() -> tuple[str, str]:
    """A new key pair: the private identity (``AGE-SECRET-KEY-1...``) and its public key (``age1...``)."""
    identity = pyrage.x25519.Identity.generate()
    return str(identity), str(identity.to_public())


def seal(text: str, recipients: Iterable[str]) -> str:
    """`text` encrypted to every recipient, ASCII-armored."""
    keys = []
    for r in recipients:
        try:
            keys.append(pyrage.x25519.Recipient.from_str(r))
        except pyrage.RecipientError:
            raise DataError(f"{r!r} is not an age public key") from None
    if not keys:
        raise DataError("nobody to encrypt to: the game has no public key")
    return pyrage.encrypt(text.encode("utf-8"), keys, armored=True).decode("ascii")


def unseal(data: bytes, identities: Iterable[str], name: str) -> str:
    """The text inside an encrypted file; `DataError` naming the file if it cannot be decrypted."""
    keys = [_identity(i, name) for i in identities]
    if not keys:
        raise DataError(
            f"this file is encrypted and no private key is at hand (set {IDENTITY_ENV} or give --identity)", file=name
        )
    try:
        plain = pyrage.decrypt(data, keys)
    except pyrage.DecryptError as err:
        reason = "it was not encrypted to this game's key" if "No matching keys" in str(err) else "it is damaged"
        raise DataError(f"cannot decrypt this file: {reason} ({err})", file=name) from None
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError("the decrypted file is not UTF-8 text", file=name) from None


def _identity(text: str, name: str) -> pyrage.x25519.Identity:
    try:
        return pyrage.x25519.Identity.from_str(text.strip())
    except pyrage.IdentityError:
        raise DataError(f"{name}: not an age private key (AGE-SECRET-KEY-1...)") from None


def public_of(identity: str) -> str | None:
    """The public key of a private one (None if the text is not an age private key)."""
    try:
        return str(pyrage.x25519.Identity.from_str(identity.strip()).to_public())
    except pyrage.IdentityError:
        return None


def holds_key_of(identities: Iterable[str], public_key: str) -> bool:
    """Whether one of these private keys is the one of `public_key`: without it, every encrypted file would
    be refused as undecryptable, so the adjudication must not start."""
    return any(public_of(i) == public_key for i in identities)


def identities_from_text(text: str) -> list[str]:
    """The identities of an age identity file: one per line, comments (#) and blank lines skipped."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def available_identities(identity_file: Path | None = None) -> list[str]:
    """The private keys given to this run: a file named on the command line, and the environment."""
    found: list[str] = []
    if identity_file is not None:
        try:
            found += identities_from_text(identity_file.read_text(encoding="utf-8"))
        except OSError as err:
            raise DataError(f"cannot read the key file: {err.strerror}", file=str(identity_file)) from None
        except UnicodeDecodeError:
            raise DataError("the key file is not text (AGE-SECRET-KEY-1... lines)", file=str(identity_file)) from None
    found += identities_from_text(os.environ.get(IDENTITY_ENV, ""))
    return found


def dice_secret_from_env(game_id: str) -> str | None:
    """The game master's dice secret for a game, from ``JUDGE_DICE_SECRETS`` (lines ``game-id secret``)."""
    for line in os.environ.get(DICE_SECRETS_ENV, "").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == game_id:
            return parts[1]
    return None


ARMOR_BEGIN = b"-----BEGIN AGE ENCRYPTED FILE-----"
ARMOR_END = b"-----END AGE ENCRYPTED FILE-----"
AGE_HEADER = b"age-encryption.org/v1\n"


def armor_problem(data: bytes) -> str | None:
    """What is wrong with a file that should be an ASCII-armored age file, or None if it looks like one:
    the armor's first and last lines, base64 between them, and age's header inside. Without the key this
    is all that can be checked; whether it decrypts is known at adjudication."""
    lines = data.replace(b"\r\n", b"\n").strip().split(b"\n")
    if not lines or lines[0].strip() != ARMOR_BEGIN:
        how = "judge encrypt, or the order form"
        return f"not an encrypted order file: it must begin with {ARMOR_BEGIN.decode()} ({how})"
    if len(lines) < 3 or lines[-1].strip() != ARMOR_END:
        return f"an encrypted order file cut short: it must end with {ARMOR_END.decode()}"
    try:
        inside = base64.b64decode(b"".join(line.strip() for line in lines[1:-1]), validate=True)
    except ValueError:
        return "an encrypted order file damaged: the text between its first and last lines is not base64"
    if not inside.startswith(AGE_HEADER):
        return "not an age file: the armored text does not begin with age's header"
    return None
