"""`judge check-pull-request`: may a player's pull request of orders be merged?

Players have no write access: they send orders as pull requests from their forks, and the workflow
`validate-orders.yml` merges a pull request this check passes. So everything in the pull request is
hostile data, read as data. The check runs in a checkout of the base branch: the judge, `game.yaml` (who
plays which power) and the turn being played are the base's; the pull request's commits are read with
git's plumbing (`pipeline.storage.git`), never checked out.

A pull request passes when every path it changes since it branched off (rename detection off, so a
renamed file shows as a deletion) is a plain file `games/<id>/orders/<turn>/<power>.yaml` (`.yaml.age` in a
game with secret orders) of the turn being played, for a power its author plays (a game master may write
any), within the size limit, unchanged on the base branch meanwhile (so the merge gives the very bytes
checked), and when the files, written into a copy of their game, pass `judge validate --author`. An
encrypted file cannot be read here (the job has no key): it must at least be an armored age file.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.errors import DataError, PipelineError
from pipeline.storage import git
from pipeline.storage.game_settings import check_login
from pipeline.storage.gamedir import Game, load_game, turn_key
from pipeline.storage.orders_files import ORDER_FILE_BYTES, power_of_file
from pipeline.storage.sealed import SEALED_BYTES, SEALED_SUFFIX, armor_problem

from .issue_orders import GAME_NAME
from .markdown import capped, escaped, fenced, path_text

Echo = Callable[[str], None]
ORDER_PATH = re.compile(r"games/([^/]+)/orders/([^/]+)/([^/]+)")
WHAT_MAY_CHANGE = "a pull request of orders changes only games/<game>/orders/<turn>/<power>.yaml (.yaml.age if secret)"


@dataclass(frozen=True)
class SentFile:
    """An order file the pull request sends, its path checked: where it goes and its blob."""

    game: Game
    relative: Path  # inside the game's folder: orders/<turn>/<power>.yaml
    blob: str


@dataclass
class PullRequestCheck:
    passed: bool
    report: str
    refused: list[tuple[bytes, str]] = field(default_factory=list)  # path, why


def check_pull_request(repo: Path, base: str, head: str, author: str, echo: Echo) -> PullRequestCheck:
    """Check the pull request from `base` to `head` sent by `author`, in `repo`, a checkout of `base`.

    Returns whether it may be merged and the report for its comment (safe Markdown). `PipelineError`
    when the check cannot run (a commit missing, a checkout of another commit)."""
    problem = check_login(author, "--author")
    if problem is not None:
        raise PipelineError(str(problem))
    base_id, head_id = git.commit_id(repo, base), git.commit_id(repo, head)
    if git.commit_id(repo, "HEAD") != base_id:
        raise PipelineError(f"{repo} is not a checkout of the base {base_id}: the check reads the base's games")
    fork = git.merge_base(repo, base_id, head_id)
    games: dict[str, Game | None] = {}
    sent: list[SentFile] = []
    refused: list[tuple[bytes, str]] = []
    changes = git.changes(repo, fork, head_id)
    for change in changes:
        checked = _check_path(repo, change, author, games)
        if isinstance(checked, str):
            refused.append((change.path, checked))
        elif git.object_at(repo, base_id, change.path) != git.object_at(repo, fork, change.path):
            why = "changed on the base branch since this pull request began: bring the pull request up to date"
            refused.append((change.path, why))
        else:
            sent.append(checked)
    lines = ["## Orders in this pull request", ""]
    lines.append(f"Checked as `{author}`, the author, against `{base_id[:12]}` (the base branch).")
    if not changes:
        refused.append((b"", "the pull request changes no file"))
    if refused:
        lines += ["", "**This pull request cannot be merged**: it changes what a player may not change.", ""]
        lines += [f"- `{path_text(path)}`: {escaped(why)}" if path else f"- {escaped(why)}" for path, why in refused]
        lines += ["", f"Nothing else was checked: {WHAT_MAY_CHANGE}."]
        return _finish(PullRequestCheck(False, "\n".join(lines) + "\n", refused), echo)
    passed = True
    for game_id in sorted({f.game.id for f in sent}):
        valid, out = _validate_in_copy(repo, [f for f in sent if f.game.id == game_id], author)
        passed = passed and valid
        lines += ["", f"### `games/{escaped(game_id)}`: {'valid' if valid else 'problems'}", "", *fenced(out)]
    verdict = "every file is valid: the pull request is merged." if passed else "fix the problems and push again."
    lines += ["", f"**{verdict[0].upper()}{verdict[1:]}**"]
    return _finish(PullRequestCheck(passed, "\n".join(lines) + "\n"), echo)


def _finish(check: PullRequestCheck, echo: Echo) -> PullRequestCheck:
    check.report = capped(check.report)
    echo(check.report.rstrip("\n"))
    return check


def _check_path(repo: Path, change: git.Change, author: str, games: dict[str, Game | None]) -> SentFile | str:
    """The order file a changed path is, or why the pull request may not change it."""
    if change.status == "D" or change.new_mode == git.NO_FILE:
        return "deletes a file: a pull request of orders adds or changes order files only"
    if change.new_mode != git.REGULAR_FILE:
        kinds = {git.SYMLINK: "a symbolic link", git.SUBMODULE: "a submodule", git.EXECUTABLE_FILE: "executable"}
        kind = kinds.get(change.new_mode, f"mode {change.new_mode}")
        return f"is {kind}: an order file is a plain file"
    try:
        path = change.path.decode("utf-8")
    except UnicodeDecodeError:
        return f"is not an order file: {WHAT_MAY_CHANGE}"
    match = ORDER_PATH.fullmatch(path)
    if match is None:
        if re.fullmatch(r"games/[^/]+/.+", path, re.DOTALL):
            return "changes the game itself: only its game masters do, and " + WHAT_MAY_CHANGE
        return f"is outside the games' order folders: {WHAT_MAY_CHANGE}"
    game_id, turn, name = match.groups()
    game = _base_game(repo, game_id, games)
    if game is None:
        return f"there is no game {game_id!r} on the base branch"
    current = game.current_turn()
    if turn != current:
        try:
            why = "was adjudicated already" if turn_key(turn) < turn_key(current) else "has not begun"
        except (ValueError, KeyError):
            return f"{turn!r} is not a turn of {game_id} (now: {current})"
        return f"turn {turn} {why}: orders now go in games/{game_id}/orders/{current}/"
    power = power_of_file(Path(name))
    if power is None or power not in game.board.powers or name.startswith("."):
        return f"is not an order file: a turn's folder holds <power>.yaml for a power of {game_id}"
    sealed = name.endswith(SEALED_SUFFIX)
    if game.settings.secret_orders and not sealed:
        encrypted = f"{power}.yaml{SEALED_SUFFIX}, encrypted (judge encrypt, or the order form)"
        return f"orders are secret in {game_id}: send {encrypted}"
    if sealed and not game.settings.secret_orders:
        return f"orders are public in {game_id}: send {power}.yaml, in clear"
    if not game.settings.may_write(author, power):
        player = game.settings.players.get(power)
        owner = f"its player {player}" if player else "its player (none is registered in game.yaml)"
        return f"{author} may not write {power}'s orders: only {owner} or a game master"
    limit = SEALED_BYTES if sealed else ORDER_FILE_BYTES
    size = git.blob_size(repo, change.new_blob)
    if size > limit:
        return f"is {size:,} bytes: an order file is at most {limit:,}"
    return SentFile(game, Path("orders", turn, name), change.new_blob)


def _base_game(repo: Path, game_id: str, games: dict[str, Game | None]) -> Game | None:
    """The game as the base branch has it (None if there is none by that name), read once."""
    if game_id not in games:
        folder = repo / "games" / game_id
        exists = GAME_NAME.fullmatch(game_id) is not None and (folder / "game.yaml").is_file()
        games[game_id] = load_game(folder) if exists else None
    return games[game_id]


def _validate_in_copy(repo: Path, sent: list[SentFile], author: str) -> tuple[bool, list[str]]:
    """Write the files sent into a copy of their game (from the base checkout) and validate them there as
    `author`: whether they are valid, and what the validation said, with the copy's paths as the repository's."""
    from pipeline.commands.game import validate

    game = sent[0].game
    out: list[str] = []
    valid = True
    with tempfile.TemporaryDirectory(prefix="judge-pull-request-") as tmp:
        copy = Path(tmp) / "games" / game.id
        shutil.copytree(repo / "games" / game.id, copy, symlinks=True)
        paths = []
        for f in sent:
            data = git.blob(repo, f.blob)
            if f.relative.name.endswith(SEALED_SUFFIX) and (problem := armor_problem(data)) is not None:
                out.append(f"games/{game.id}/{f.relative}: {problem}")
                valid = False
            target = copy / f.relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            paths.append(target)
        try:
            validate(copy, out.append, author, paths)
        except DataError as err:
            out += [str(p) for p in err.problems]
            valid = False
        prefix = f"{tmp}/"
        return valid, [line.replace(prefix, "") for line in out]
