"""The files a turn writes: the next state, the results, the revealed orders, and in a game with secret
money the encrypted part of each (`private_files`); written together, or compared with what is committed."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from pipeline import __version__
from pipeline.errors import DataError
from pipeline.games.contract import TurnResult
from pipeline.storage.atomic import write_all
from pipeline.storage.gamedir import Game, adjudication_time, recorded_time
from pipeline.storage.orders_files import OrderFile, order_file_text
from pipeline.storage.private_files import (
    MASTER,
    TurnFiles,
    private_report_path,
    private_state_path,
)
from pipeline.storage.sealed import SEALED_SUFFIX, seal, unseal
from pipeline.storage.state_files import dump_yaml, flow_list, flow_map, laid_out

from .turn_dice import TurnSeed
from .turn_orders import RefusedOrders, TurnOrders


class Why(StrEnum):
    """Why a turn was adjudicated when it was: recorded in its results, so that forcing shows."""

    ALL_ORDERS_IN = "all_orders_in"
    DEADLINE_PASSED = "deadline_passed"
    FORCED = "forced"  # a game master's --force, with orders missing before the deadline


@dataclass(frozen=True)
class Trigger:
    """How a turn came to be adjudicated: why, whether a game master ran it again (`judge rerun`), and when
    (`at`, the adjudication's clock in UTC to the second: what the site's feed dates the turn by; None when
    the command was given no clock). A replay keeps what the results recorded."""

    why: Why
    rerun: bool = False
    at: datetime | None = None

    def as_data(self) -> CommentedMap:
        data = CommentedMap([("why", self.why.value)])
        if self.rerun:
            data["rerun"] = True
        if self.at is not None:
            data["at"] = recorded_time(self.at)
        data.fa.set_flow_style()
        return data

    @staticmethod
    def recorded(game: Game, turn: str) -> Trigger | None:
        """The trigger an adjudicated turn's results record (None: not adjudicated, or not recorded)."""
        data = game.recorded_results(turn)
        raw = data.get("adjudicated") if data is not None else None
        if not isinstance(raw, dict):
            return None
        try:
            return Trigger(Why(str(raw.get("why"))), raw.get("rerun") is True, adjudication_time(raw.get("at")))
        except ValueError:
            return None


def _game_key(game: Game) -> tuple[str, ...]:
    if game.settings.public_key is None:
        raise DataError("a game with secret orders needs its public_key in game.yaml", file=str(game.folder))
    return (game.settings.public_key,)


def _recipients(game: Game, power: str) -> tuple[str, ...]:
    own = game.settings.player_keys.get(power)
    return _game_key(game) + ((own,) if own else ())


def _laid_out(data: Mapping[str, Any]) -> Any:
    """A family's plain data in the layout of the project's files; data a family lays out itself (ruamel's
    nodes, the board families') is kept as it is."""
    return data if isinstance(data, CommentedMap) else laid_out(data)


def state_files(game: Game, state: Any, turn: str) -> TurnFiles:
    header = f"State of the game for turn {turn}."
    data = game.family.rules.state_to_data(game.setup, state, game.secret_money)
    if data.secret is None:
        return TurnFiles({game.state_path(turn): dump_yaml(_laid_out(data.public), header)})
    note = game.family.presentation.secret_note
    files = TurnFiles({game.state_path(turn): dump_yaml(_laid_out(data.public), f"{header}\n{note}")})
    if data.secret:
        files.sealed[private_state_path(game.state_path(turn))] = (
            dump_yaml(_laid_out(data.secret), header),
            _game_key(game),
        )
    return files


def results_files(
    game: Game,
    result: TurnResult,
    turn: str,
    seed: TurnSeed | None,
    missing: list[str],
    orders: TurnOrders,
    trigger: Trigger,
) -> TurnFiles:
    """The turn's public results, the revealed text of its encrypted orders, each power's encrypted
    report (what the family keeps its own: a board family's money in a game with secret money; why its
    encrypted file or some of its orders were refused, which the public results say only in general
    words), and the game master's record where the family keeps one."""
    header = results_header(turn, __version__)
    data = CommentedMap(_laid_out(result.record))
    if missing:
        data["no_orders"] = flow_list(missing)  # powers that sent no file: their units hold (or disband, or default)
    # An encrypted file's problems would tell what it says: in a game with secret orders they go to its
    # power's private report, the public results keeping the reason alone.
    hidden = game.settings.secret_orders
    private = {r.power: r for r in orders.refused if hidden and r.sealed and r.power and r.problems}
    if orders.refused:
        data["refused"] = [_refusal_data(r, r not in private.values()) for r in orders.refused]
    data.update(_laid_out(result.record_end))
    data["order_files"] = flow_list(orders.names)
    data["adjudicated"] = trigger.as_data()
    if seed is not None:
        data["seed"] = seed.as_data()
    files = TurnFiles({game.results_path(turn): dump_yaml(data, header)})
    for f in orders.sealed():
        files.public[game.orders_dir(turn) / f"{f.power}.yaml"] = revealed_text(game, turn, f)
    if orders.ruling_text is not None and orders.ruling_text[0].name.endswith(SEALED_SUFFIX):
        path, text = orders.ruling_text
        files.public[path.with_name(path.name.removesuffix(SEALED_SUFFIX))] = text
    for power in sorted(game.powers):
        report = private_report(game, result, turn, power, private.get(power))
        if report is not None:
            files.sealed[private_report_path(game.folder, turn, power)] = (
                dump_yaml(report, f"{power}'s private report of turn {turn}."),
                _recipients(game, power),
            )
    if result.master:
        record = CommentedMap([("game", game.id), ("turn", turn)])
        record.update(_laid_out(result.master))
        files.sealed[private_report_path(game.folder, turn, MASTER)] = (
            dump_yaml(record, f"The game master's record of turn {turn}."),
            _game_key(game),
        )
    return files


def _refusal_data(refusal: RefusedOrders, details: bool) -> CommentedMap:
    """A refused file in the public results: its name, power and reason, and with `details` the problems in
    words (a plain file's text is public anyway)."""
    item = CommentedMap([("file", refusal.file)])
    if refusal.power is not None:
        item["power"] = refusal.power
    item["reason"] = refusal.reason.value
    if refusal.dropped:
        item["orders"] = refusal.dropped
    if details and refusal.problems:
        item["problems"] = refusal.details()
        said = [flow_map(s) for s in refusal.said() if s is not None]
        if said:  # the same problems as data: the report says each order where its power's orders stand
            item["said"] = said
    else:
        item.fa.set_flow_style()
    return item


def revealed_text(game: Game, turn: str, f: OrderFile) -> str:
    """What is published of an encrypted order file once the turn is adjudicated: the file as written, or
    what of it the family publishes (a board family's unit orders only, in a game with secret money)."""
    kept = game.family.rules.revealed_lines(f.orders, game.secret_money)
    if kept is None:
        return f.text
    note = game.family.presentation.revealed_note
    return f"# Revealed after adjudication; {note}\n" + order_file_text(game, turn, f.power, kept)


def private_report(
    game: Game, result: TurnResult, turn: str, power: str, refusal: RefusedOrders | None = None
) -> CommentedMap | None:
    """One power's own report of a turn: what the family keeps its own (a board family's treasury and
    loans after it, money orders and their results, income line by line, in a game with secret money);
    and why its encrypted order file, or some of its orders, could not be used. None if there is nothing
    to say."""
    own = result.private.get(power)
    if not own and refusal is None:
        return None
    report = CommentedMap([("game", game.id), ("turn", turn), ("power", power)])
    if own:
        report.update(_laid_out(own))
    if refusal is not None:
        report["refused"] = CommentedMap(
            [("file", refusal.file), ("reason", refusal.reason.value), ("problems", refusal.details())]
        )
        said = refusal.said()
        if any(said):  # the same problems as data, for the private page to say in the reader's language
            report["refused"]["said"] = [flow_map(s) if s is not None else None for s in said]
    return report


def write_turn_files(game: Game, files: TurnFiles, remove: Iterable[Path] = ()) -> None:
    """Encrypt what is secret, then write everything as one change."""
    sealed = {path: seal(text, recipients) for path, (text, recipients) in files.sealed.items()}
    write_all(files.public | sealed, remove=remove, root=game.folder)


def results_header(turn: str, release: str) -> str:
    """The first line of a turn's results: the turn, and the release of the judge that adjudicated it."""
    return f"Results of turn {turn}, adjudicated by judge {release}."


# the release named by a results file's first line (`results_header`, a YAML comment)
_ADJUDICATED_BY = re.compile(r"^# Results of turn \S+, adjudicated by judge (?P<release>[0-9A-Za-z.+-]+)\.\n")


def as_recorded(made: str, committed: str) -> str:
    """`made` with the release in its header that `committed` names: a replay asks whether this release
    gives the past's results, and the release that adjudicated a turn is its record, not its result."""
    was, now = _ADJUDICATED_BY.match(committed), _ADJUDICATED_BY.match(made)
    if was is None or now is None:
        return made
    return made[: now.start("release")] + was["release"] + made[now.end("release") :]


def differing_files(game: Game, files: TurnFiles) -> list[str]:
    """The files that are not as committed: public ones byte for byte (a results file's header keeping
    the release that adjudicated the turn, `as_recorded`), encrypted ones by their text."""
    differ = [str(p) for p, text in files.public.items() if not p.exists() or _differs(p, text)]
    for path, (text, _) in files.sealed.items():
        if not path.exists() or unseal(path.read_bytes(), game.identities, str(path)) != text:
            differ.append(str(path))
    return differ


def _differs(path: Path, text: str) -> bool:
    committed = path.read_text(encoding="utf-8")
    return as_recorded(text, committed) != committed
