"""The dice of a turn, and `judge verify`: from the game's hash chain and the turn's orders.

A game created by `judge new` for rules that roll dice records the end of a hash chain (`dice_chain`);
each adjudicated turn reveals its link in its results, under `seed:`, with the hash of its orders and
the seed they make together. Adjudicating a new turn needs the game master's secret (a CI secret, or a
demo game's `demo-secrets.yaml`); replaying or re-running a turn already adjudicated reuses the link its
results revealed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pipeline.errors import PipelineError, Problem
from pipeline.shared import dice_chain
from pipeline.shared.dice import HashDice, derived_roll
from pipeline.storage.gamedir import Game
from pipeline.storage.private_files import MASTER, private_report_path
from pipeline.storage.sealed import DICE_SECRETS_ENV, dice_secret_from_env, holds_key_of, unseal
from pipeline.storage.yamlio import parse_yaml_fast

from .turn_orders import TurnOrders, files_digest


@dataclass(frozen=True)
class TurnSeed:
    turn_number: int
    link: str
    files: str  # the hash of the turn's order files as committed
    orders: str  # the hash of the turn's orders as read
    value: str

    def as_data(self) -> dict[str, Any]:
        return {
            "turn": self.turn_number,
            "link": self.link,
            "files": self.files,
            "orders": self.orders,
            "seed": self.value,
        }


def dice_secret(game: Game) -> str | None:
    """The game master's secret for the game's chain, if this run has it; checked against the commitment."""
    commitment = game.settings.dice
    if commitment is None:
        return None
    secret = dice_secret_from_env(game.id) or _demo_secret(game)
    if secret is None:
        return None
    try:
        ok = dice_chain.commitment(secret, commitment.links) == commitment.commitment
    except ValueError:
        ok = False
    if not ok:
        raise PipelineError(f"the dice secret given for {game.id} does not match the commitment in its game.yaml")
    return secret


def _demo_secret(game: Game) -> str | None:
    value = game.open_secrets().get("dice_secret")
    return str(value) if value else None


def revealed_seed(game: Game, turn: str) -> Mapping[str, Any] | None:
    """The `seed:` section of a turn's committed results, if any."""
    data = game.recorded_results(turn)
    seed = data.get("seed") if data is not None else None
    return seed if isinstance(seed, Mapping) else None


def turn_seed(game: Game, turn: str, orders: TurnOrders, secret: str | None) -> TurnSeed | None:
    """The seed of a turn's dice, or None for a game without a chain (its dice, if its rules roll any,
    come from the game and the turn alone: reproducible, not secret)."""
    commitment = game.settings.dice
    if commitment is None:
        return None
    number = game.turn_number(turn)
    digest = dice_chain.orders_digest((power, str(order)) for power, order in orders.pairs())
    files = files_digest(game, turn, orders.names)
    if secret is not None:
        link = dice_chain.turn_link(secret, commitment.links, number)
    else:
        revealed = revealed_seed(game, turn)
        if revealed is None or revealed.get("turn") != number or not isinstance(revealed.get("link"), str):
            raise PipelineError(
                f"turn {turn} of {game.id} needs the game master's dice secret (set {DICE_SECRETS_ENV})"
            )
        link = str(revealed["link"])
    return TurnSeed(number, link, files, digest, dice_chain.turn_seed(link, files, digest))


def dice_for(game: Game, turn: str, seed: TurnSeed | None) -> HashDice:
    return HashDice(seed.value if seed is not None else f"{game.id}/{turn}")


def verify_dice(game: Game, orders_of: Mapping[str, TurnOrders | None]) -> tuple[list[Problem], int]:
    """Every revealed link against the chain, every seed against its link and orders, every die rolled
    against its seed; the problems, and how many dice were checked. `orders_of` gives each adjudicated
    turn's orders as read from its files (None where some cannot be read without the game's key: then the
    orders' hash is taken as recorded)."""
    commitment = game.settings.dice
    problems: list[Problem] = []
    if commitment is None:
        return problems, 0
    numbers = {turn: n for n, turn in enumerate(game.turns(), start=1)}
    revealed: list[tuple[str, Mapping[str, Any], Mapping[str, Any]]] = []  # turn, seed, results
    for turn in game.adjudicated():
        data = game.recorded_results(turn) or {}
        seed = data.get("seed")
        if not isinstance(seed, Mapping) or not isinstance(seed.get("link"), str):
            problems.append(
                Problem("seed", "the results reveal no link of the dice chain", file=str(game.results_path(turn)))
            )
        else:
            revealed.append((turn, seed, data))
    breaks = set(dice_chain.chain_breaks(commitment.commitment, (str(seed["link"]) for _, seed, _ in revealed)))
    rolls = 0
    for index, (turn, seed, data) in enumerate(revealed):
        file = str(game.results_path(turn))
        if seed.get("turn") != numbers[turn]:
            problems.append(
                Problem("seed.turn", f"expected turn number {numbers[turn]}, found {seed.get('turn')!r}", file=file)
            )
        if index + 1 in breaks:
            before = f"turn {revealed[index - 1][0]}" if index else "the commitment in game.yaml"
            problems.append(Problem("seed.link", f"the link does not hash to the one of {before}", file=file))
        orders = orders_of[turn]
        digest = str(seed.get("orders"))
        if orders is not None:
            digest = dice_chain.orders_digest((p, str(o)) for p, o in orders.pairs())
        if seed.get("orders") != digest:
            problems.append(
                Problem("seed.orders", "the hash of the turn's orders differs from the order files", file=file)
            )
        names = data.get("order_files")
        files = files_digest(game, turn, [str(n) for n in names] if isinstance(names, list) else [])
        if seed.get("files") != files:
            problems.append(
                Problem("seed.files", "the hash of the turn's order files differs from the files committed", file=file)
            )
        value = dice_chain.turn_seed(str(seed["link"]), files, digest)
        if seed.get("seed") != value:
            problems.append(Problem("seed.seed", "the seed is not the hash of the link and the orders", file=file))
        checked: set[tuple[str, int]] = set()  # (purpose, n): a die several powers read, counted once
        for dice, where in [(data.get("dice"), file), *_sealed_dice(game, turn)]:
            found, dice_problems = _check_rolls(dice if isinstance(dice, list) else [], value, where)
            checked |= found
            problems += dice_problems
        rolls += len(checked)
    return problems, rolls


def _sealed_dice(game: Game, turn: str) -> list[tuple[Any, str]]:
    """The dice a turn wrote where only some read them, each list with its file: the game master's record
    (a Symmachia leader's competence, the battle dice while sealed, a Catan card's draw) and each power's
    private report (a plot's die, a die of its secret money), when the game's key is at hand (an ended
    game's published key, a demo's): checked like the public ones. None without the key: they stay
    sealed."""
    key = game.settings.public_key
    if key is None or not holds_key_of(game.identities, key):
        return []
    out: list[tuple[Any, str]] = []
    for reader in (MASTER, *sorted(game.powers)):
        path = private_report_path(game.folder, turn, reader)
        if path.exists():
            record = parse_yaml_fast(unseal(path.read_bytes(), game.identities, str(path)), str(path))
            out.append((record.get("dice") if isinstance(record, Mapping) else None, str(path)))
    return out


def _check_rolls(rolls: list[Any], seed: str, file: str) -> tuple[set[tuple[str, int]], list[Problem]]:
    """Each die of a list against the seed: the n-th roll of its purpose, n its rank among the list's rolls
    of that purpose unless it says its own (`shared.dice.shares`). The dice checked (purpose, n), and the
    problems."""
    problems: list[Problem] = []
    counts: dict[str, int] = {}
    checked: set[tuple[str, int]] = set()
    for i, roll in enumerate(rolls):
        try:
            purpose, sides, value = str(roll["purpose"]), int(roll["sides"]), int(roll["value"])
            n = int(roll.get("n", counts.get(purpose, 0)))
        except (KeyError, TypeError, ValueError, AttributeError):
            problems.append(Problem(f"dice[{i}]", "expected purpose, sides and value", file=file))
            continue
        if sides < 1 or n < 0:
            said = f"{purpose}: expected at least 1 side and a roll number n from 0, found {sides} sides and n {n}"
            problems.append(Problem(f"dice[{i}]", said, file=file))
            continue
        counts[purpose] = counts.get(purpose, 0) + 1
        checked.add((purpose, n))
        expected = derived_roll(seed, purpose, n, sides)
        if value != expected:
            problems.append(Problem(f"dice[{i}]", f"{purpose}: {value} rolled, the seed gives {expected}", file=file))
    return checked, problems
