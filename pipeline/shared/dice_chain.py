"""Dice nobody can predict or choose: a hash chain of secrets, revealed one link per turn.

The game master draws a secret and hashes it over and over: ``link(k) = sha256^k(secret)``. At the game's
creation only the chain's end, ``link(length)``, is written in game.yaml (the commitment). Turn number t
(1 for the first turn adjudicated) uses ``link(length - t)`` and reveals it in its results: anyone checks
that it hashes to the previous turn's link (or to the commitment), and nobody can compute it beforehand,
since that would mean inverting sha256. The turn's dice are derived from the link *and* the hash of the
turn's order files as committed *and* the hash of its orders as read. The order files carry what no
single party controls (each player's encryption is fresh randomness, each player's orders his own), so
the game master, who knows the chain, still cannot know the dice before the last file is in, nor choose
them: the chain was fixed at creation, and he writes no player's file.

Pure functions over hexadecimal strings; the secret itself is drawn outside the rules core.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

DEFAULT_LENGTH = 2000  # links: enough for any game (a Machiavelli year has 5 to 8 turns)


def step(link: str) -> str:
    """The next link towards the commitment: sha256 of the link's bytes, in hexadecimal."""
    return hashlib.sha256(bytes.fromhex(link)).hexdigest()


def link(secret: str, k: int) -> str:
    """``sha256^k(secret)``: link k of the chain (link 0 is the secret)."""
    value = secret
    for _ in range(k):
        value = step(value)
    return value


def commitment(secret: str, length: int = DEFAULT_LENGTH) -> str:
    return link(secret, length)


def turn_link(secret: str, length: int, turn_number: int) -> str:
    """The link revealed by turn number `turn_number` (1-based)."""
    if not 1 <= turn_number < length:
        raise ValueError(f"turn {turn_number} is beyond the chain of {length} links")
    return link(secret, length - turn_number)


def orders_digest(orders: Iterable[tuple[str, str]]) -> str:
    """The hash of a turn's orders as read: one ``power: order`` line each, sorted."""
    lines = sorted(f"{power}: {order}" for power, order in orders)
    return hashlib.sha256("".join(line + "\n" for line in lines).encode()).hexdigest()


def turn_seed(revealed_link: str, files: str, orders: str) -> str:
    """The seed of a turn's dice: the revealed link, the hash of the turn's order files as committed and
    the hash of its orders as read, together."""
    return hashlib.sha256(f"{revealed_link}\n{files}\n{orders}".encode()).hexdigest()


def chain_breaks(commitment_: str, links: Iterable[str]) -> list[int]:
    """The turn numbers (1-based) whose revealed link does not hash to the one before it."""
    breaks: list[int] = []
    previous = commitment_
    for number, revealed in enumerate(links, start=1):
        try:
            ok = step(revealed) == previous
        except ValueError:
            ok = False
        if not ok:
            breaks.append(number)
        previous = revealed
    return breaks
