"""`judge orders-from-issue`: a player's orders sent as a GitHub issue (the form `.github/ISSUE_TEMPLATE/
orders.yml`), written as the order file `games/<id>/orders/<turn>/<power>.yaml` once `judge validate --author
LOGIN --file PATH` passes. Only for games whose orders are public: a secret game's orders would be in clear
in the issue. See docs/order-form.md and the workflow `.github/workflows/orders-from-issue.yml`.

GitHub writes an issue form's answers as Markdown, one section per field::

    ### Game

    demo

    ### Turn

    1902-fall-movement

    ### Power

    france

    ### Orders

    A par-bur
    F bre-mao

An unanswered field reads ``_No response_``; a field shown as code comes between ``` fences.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import DataError, naming
from pipeline.storage.gamedir import load_game
from pipeline.storage.lock import game_lock
from pipeline.storage.orders_files import order_file_text

from .markdown import capped, escaped, fenced

Echo = Callable[[str], None]
FIELDS = ("game", "turn", "power", "orders")
GAME_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
NO_RESPONSE = "_No response_"
MAX_BODY = 64 * 1024


@dataclass(frozen=True)
class IssueOrders:
    game: str
    turn: str
    power: str
    orders: tuple[str, ...]


def parse_issue_body(body: str) -> IssueOrders:
    """The answers of the order issue form; `DataError` saying what is missing or not understood."""
    if len(body.encode("utf-8")) > MAX_BODY:
        raise DataError(f"the issue is over {MAX_BODY:,} bytes: a power's orders fit in a few kilobytes")
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in body.replace("\r\n", "\n").split("\n"):
        heading = re.match(r"^###\s+(.*?)\s*$", line)
        if heading:
            name = heading[1].lower()
            current = sections.setdefault(name, []) if name in FIELDS else None
            continue
        if current is not None:
            current.append(line)
    problems = []
    values: dict[str, str] = {}
    for name in FIELDS:
        if name not in sections:
            problems.append(f"no '### {name.title()}' section")
            continue
        text = "\n".join(line for line in sections[name] if not line.strip().startswith("```")).strip()
        if not text or text == NO_RESPONSE:
            problems.append(f"the {name} is not given")
        values[name] = text
    if problems:
        raise DataError(
            "this issue is not the order form's (Game, Turn, Power and Orders, as the 'Orders' issue form writes "
            "them): " + "; ".join(problems)
        )
    for name in ("game", "turn", "power"):
        if len(values[name].split()) != 1:
            raise DataError(f"the {name} is one word, not {values[name]!r}")
    orders = []
    for line in values["orders"].split("\n"):
        text = re.sub(r"^\s*(?:[-*]\s+|\d+[.)]\s+)?", "", line).strip()
        if text and not text.startswith("#"):
            orders.append(text)
    if not orders:
        raise DataError("no order was found in the Orders section: write one order per line, like A par-bur")
    return IssueOrders(values["game"], values["turn"], values["power"].lower(), tuple(orders))


def orders_from_issue(games_dir: Path, body: str, author: str, echo: Echo, sender: str | None = None) -> Path:
    """Write the order file an issue asks for, as `author`, once `judge validate` passes; the file's path.
    `DataError` (and no file changed) if the issue was last written by someone else than its author (the
    event's `sender`, when given), is not understood, the game keeps its orders secret, the turn is not the
    current one, the author may not write that power's orders, or an order is not valid."""
    if sender is not None and sender.lower() != author.lower():
        # Whoever may edit an issue may change its text: the orders would be the editor's, not the author's.
        raise DataError(
            f"{sender} edited this issue, which {author} opened: orders are read only from the text their "
            f"author wrote. Nothing was written; {author} may edit the issue again to send them"
        )
    sent = parse_issue_body(body)
    if not GAME_NAME.match(sent.game) or not (games_dir / sent.game / "game.yaml").is_file():
        raise DataError(f"there is no game {sent.game!r} (a folder of {games_dir}/ with a game.yaml)")
    with game_lock(games_dir / sent.game):  # no other judge command writes the game meanwhile
        return _write_orders(games_dir / sent.game, sent, author, echo)


def _write_orders(folder: Path, sent: IssueOrders, author: str, echo: Echo) -> Path:
    from pipeline.commands.game import validate

    game = load_game(folder)
    if game.settings.secret_orders:
        raise DataError(
            f"orders are secret in {game.id}: an issue would show them to everybody. Use the game's order form "
            "on the site, which encrypts them, and commit the <power>.yaml.age file it gives"
        )
    turn = game.current_turn()
    if sent.turn != turn:
        raise DataError(f"the turn being played in {game.id} is {turn}, not {sent.turn!r}")
    power = sent.power
    if power not in game.powers:
        raise DataError(f"{power!r} is not a power of {game.id} ({', '.join(game.powers)})")
    if not game.settings.may_write(author, power):
        player = game.settings.players.get(power)
        owner = f"its player @{player}" if player else "its player (none is registered in game.yaml)"
        raise DataError(f"@{author} may not write {power}'s orders: only {owner} or a game master")
    path = game.orders_dir(turn) / f"{power}.yaml"
    before = path.read_bytes() if path.exists() else None
    try:
        with naming(path):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(order_file_text(game, turn, power, list(sent.orders)), encoding="utf-8")
        validate(game.folder, echo, author, [path])
    except BaseException:
        with naming(path):
            if before is None:
                path.unlink(missing_ok=True)
            else:
                path.write_bytes(before)
        raise
    return path


def issue_report(author: str, taken: bool, lines: list[str]) -> str:
    """The comment on the issue: what was read as `author`, or every problem, escaped (the orders are the
    player's text) and short enough for a comment."""
    heading = "Orders read as" if taken else "These orders were not taken, read as"
    return capped("\n".join([f"{heading} `{escaped(author)}`:", "", *fenced(lines), ""]))
