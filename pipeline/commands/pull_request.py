"""`judge check-pull-request`: may a player's pull request of orders be merged, and the merge to push.

Players have no write access: they send orders as pull requests from their forks, and the workflow
`validate-orders.yml` pushes the merge commit this check makes when it passes. So everything in the pull
request is hostile data, read as data. The check runs in a checkout of the base branch: the judge,
`game.yaml` (who plays which power) and the turn being played are the base's; the pull request's commits
are read with git's plumbing (`pipeline.storage.git`), never checked out.

What is checked is what will be pushed. The merge is made first, as the workflow pushes it (`git
merge-tree --write-tree` of the base and the head, without a work tree), and the check reads every path
that differs between the base and that merged tree (rename detection off, so a renamed file shows as a
deletion), the files' bytes from the merged tree. The history is checked too, so that no later merge can
bring what no diff showed: the head meets the base at exactly one commit (no criss-cross of merges, where
git would merge a virtual base), every commit it brings changes order files only, and the merge changes
exactly what the pull request's own change shows, path by path.

A pull request passes when every path of the merge is a plain file `games/<id>/orders/<turn>/<power>.yaml`
(`.yaml.age` in a game with secret orders) of the turn being played, for a power its author plays (a game
master may write any), within the size limit, and when the files, written into a copy of their game, pass
`judge validate --author`. An encrypted file cannot be read here (the job has no key): it must at least be
an armored age file. Then, and only then, the merge commit is made (base and head its parents): the
workflow pushes that very commit, fast-forward only.
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
from pipeline.storage.gamedir import Game, load_game
from pipeline.storage.orders_files import ORDER_FILE_BYTES, power_of_file
from pipeline.storage.sealed import SEALED_BYTES, SEALED_SUFFIX, armor_problem

from .issue_orders import GAME_NAME
from .markdown import capped, code, escaped, fenced, path_text

Echo = Callable[[str], None]
ORDER_PATH = re.compile(r"games/([^/]+)/orders/([^/]+)/([^/]+)")
WHAT_MAY_CHANGE = "a pull request of orders changes only games/<game>/orders/<turn>/<power>.yaml (.yaml.age if secret)"
NEW_BRANCH = "make a new branch from main's tip and send the order file again"
MAX_COMMITS = 100  # a pull request of orders is a commit or two; its history is read commit by commit


@dataclass(frozen=True)
class SentFile:
    """An order file the merge brings, its path checked: where it goes and its blob."""

    game: Game
    relative: Path  # inside the game's folder: orders/<turn>/<power>.yaml
    blob: str


@dataclass
class PullRequestCheck:
    passed: bool
    report: str
    refused: list[tuple[bytes, str]] = field(default_factory=list)  # path, why (Markdown, player values inert)
    merge: str | None = None  # the merge commit to push, made once the pull request passed


def check_pull_request(
    repo: Path, base: str, head: str, author: str, echo: Echo, message: str | None = None
) -> PullRequestCheck:
    """Check the pull request from `base` to `head` sent by `author`, in `repo`, a checkout of `base`.

    Returns whether it may be merged, the report for its comment (safe Markdown) and, when it passed and a
    commit `message` is given, the merge commit to push. `PipelineError` when the check cannot run (a commit
    missing, a checkout of another commit)."""
    problem = check_login(author, "--author")
    if problem is not None:
        raise PipelineError(str(problem))
    base_id, head_id = git.commit_id(repo, base), git.commit_id(repo, head)
    if git.commit_id(repo, "HEAD") != base_id:
        raise PipelineError(f"{repo} is not a checkout of the base {base_id}: the check reads the base's games")
    lines = ["## Orders in this pull request", ""]
    lines.append(f"Checked as {code(author)}, the author, against `{base_id[:12]}` (the base branch).")
    merged, sent, refused = _review(repo, base_id, head_id, author)
    if refused:
        lines += ["", "**This pull request cannot be merged**: it changes what a player may not change.", ""]
        lines += [f"- {code(path_text(path))}: {why}" if path else f"- {why}" for path, why in refused]
        lines += ["", f"Nothing else was checked: {WHAT_MAY_CHANGE}."]
        return _finish(PullRequestCheck(False, "\n".join(lines) + "\n", refused), echo)
    passed = True
    for game_id in sorted({f.game.id for f in sent}):
        valid, out = _validate_in_copy(repo, [f for f in sent if f.game.id == game_id], author)
        passed = passed and valid
        lines += ["", f"### `games/{escaped(game_id)}`: {'valid' if valid else 'problems'}", "", *fenced(out)]
    verdict = "every file is valid: the pull request is merged." if passed else "fix the problems and push again."
    lines += ["", f"**{verdict[0].upper()}{verdict[1:]}**"]
    check = PullRequestCheck(passed, "\n".join(lines) + "\n")
    if passed and message is not None and merged is not None:
        check.merge = git.commit_tree(repo, merged, (base_id, head_id), message)
    return _finish(check, echo)


def _finish(check: PullRequestCheck, echo: Echo) -> PullRequestCheck:
    check.report = capped(check.report)
    echo(check.report.rstrip("\n"))
    return check


def _review(
    repo: Path, base: str, head: str, author: str
) -> tuple[str | None, list[SentFile], list[tuple[bytes, str]]]:
    """The merged tree, the order files it brings and why any path may not change: the merge's every path,
    then the history that the head brings."""
    bases = git.merge_bases(repo, base, head)
    if len(bases) != 1:
        return None, [], [(b"", _meeting(len(bases)))]
    shown = {c.path: c for c in git.changes(repo, bases[0], head)}
    merged = git.merge_tree(repo, base, head)
    if merged is None:
        return None, [], _conflicts(repo, base, bases[0], shown, author)
    sent, refused = _merged_files(repo, base, bases[0], merged, dict(shown), author)
    refused += _history_problems(repo, base, head, {path for path, _ in refused})
    return merged, sent, refused


def _meeting(count: int) -> str:
    """Why a head that meets main's history at `count` commits (not one) is refused."""
    if count == 0:
        return f"its history shares no commit with main's: {NEW_BRANCH}"
    return (
        f"its history meets main's at {count} commits (merges that cross), where a merge could bring changes "
        f"that no difference shows: {NEW_BRANCH}"
    )


def _conflicts(
    repo: Path, base: str, fork: str, shown: dict[bytes, git.Change], author: str
) -> list[tuple[bytes, str]]:
    """Why a pull request whose merge conflicts with main cannot be merged, path by path where it can say."""
    games: dict[str, Game | None] = {}
    found: list[tuple[bytes, str]] = []
    for path, change in shown.items():
        checked = _check_path(repo, change, author, games)
        if isinstance(checked, str):
            found.append((path, checked))
        elif git.object_at(repo, base, path) != git.object_at(repo, fork, path):
            found.append((path, _differs(repo, path, base, fork, change)))
    return found or [(b"", f"it conflicts with main: {NEW_BRANCH}")]


def _history_problems(repo: Path, base: str, head: str, said: set[bytes]) -> list[tuple[bytes, str]]:
    """Why the commits the head brings may not join main's history: too many, or one that changes more than
    order files (a path not `said` already)."""
    commits = git.new_commits(repo, base, head, MAX_COMMITS + 1)
    if len(commits) > MAX_COMMITS:
        return [(b"", f"it brings over {MAX_COMMITS} commits: {NEW_BRANCH}")]
    found: dict[bytes, str] = {}
    for commit in reversed(commits):
        for change in git.commit_changes(repo, commit):
            path = change.path.decode("utf-8", errors="backslashreplace")
            plain = change.new_mode in (git.REGULAR_FILE, git.NO_FILE)
            if (not ORDER_PATH.fullmatch(path) or not plain) and change.path not in said and change.path not in found:
                found[change.path] = (
                    f"changed in its commit `{commit[:12]}`: every commit of a pull request of orders changes "
                    f"order files only; {NEW_BRANCH}"
                )
    return list(found.items())


def _merged_files(
    repo: Path, base: str, fork: str, merged: str, shown: dict[bytes, git.Change], author: str
) -> tuple[list[SentFile], list[tuple[bytes, str]]]:
    """The order files the merge brings, or why each path it changes may not change: every path between the
    base and the merged tree, which must also be what the pull request's own change (`shown`) shows."""
    landing = git.changes(repo, base, merged)
    games: dict[str, Game | None] = {}
    sent: list[SentFile] = []
    refused: list[tuple[bytes, str]] = []
    for change in landing:
        own = shown.pop(change.path, None)
        checked = _check_path(repo, change, author, games)
        if isinstance(checked, str):
            refused.append((change.path, checked))
        elif own is None or (own.new_mode, own.new_blob) != (change.new_mode, change.new_blob):
            refused.append((change.path, _differs(repo, change.path, base, fork, own)))
        else:
            sent.append(checked)
    for path in shown:  # changed by the pull request, and not by the merge: main has the very same change
        refused.append((path, "is on main already as this pull request changes it: it sends nothing"))
    if not landing:
        refused.append((b"", "the pull request changes no file"))
    return sent, refused


def _differs(repo: Path, path: bytes, base: str, fork: str, own: git.Change | None) -> str:
    """Why the merge would write a path otherwise than the pull request's own change shows it."""
    if own is not None and git.object_at(repo, base, path) != git.object_at(repo, fork, path):
        return "changed on the base branch since this pull request began: bring the pull request up to date"
    return "the merge would change it otherwise than the pull request's own change shows: " + NEW_BRANCH


def _check_path(repo: Path, change: git.Change, author: str, games: dict[str, Game | None]) -> SentFile | str:
    """The order file a changed path is, or why the pull request may not change it (Markdown: every value
    the path gives shown by `code`)."""
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
        return f"there is no game {code(game_id)} on the base branch"
    current = game.current_turn()
    if turn != current:
        try:
            why = "was adjudicated already" if game.turn_key(turn) < game.turn_key(current) else "has not begun"
        except (ValueError, KeyError):
            return f"{code(turn)} is not a turn of {game_id} (now: {current})"
        return f"turn {code(turn)} {why}: orders now go in games/{game_id}/orders/{current}/"
    return _check_order_file(repo, change, game, turn, name, author)


def _check_order_file(repo: Path, change: git.Change, game: Game, turn: str, name: str, author: str) -> SentFile | str:
    """The order file `name` of the turn being played, or why the author may not send it as it is."""
    power = power_of_file(Path(name))
    if power is None or power not in game.powers or name.startswith("."):
        return f"is not an order file: a turn's folder holds <power>.yaml for a power of {game.id}"
    sealed = name.endswith(SEALED_SUFFIX)
    if game.settings.secret_orders and not sealed:
        encrypted = f"{power}.yaml{SEALED_SUFFIX}, encrypted (judge encrypt, or the order form)"
        return f"orders are secret in {game.id}: send {encrypted}"
    if sealed and not game.settings.secret_orders:
        return f"orders are public in {game.id}: send {power}.yaml, in clear"
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
