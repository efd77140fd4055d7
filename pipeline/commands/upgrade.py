"""`judge upgrade [FOLDER] --wheel FILE`: a club's repository moved to this release, or left as it was.

Run by the judge of the new release (installed from the wheel given). Every game of the repository is
replayed under this release first, each turn under the version of its family's rules the game recorded for
it (a rule changed in a new version changes no running game): if any committed file of any turn would come
out different, the upgrade is refused, naming the game, the turn and the first file that differs, and
nothing is written. A game whose family has a newer rules version is said to keep its own.
Otherwise the release's own files (`club.owned_by_release`: the requirements with the new wheel's hash,
the wheel, the workflows, the issue form, the site's assets, the hooks) are written as one change, and
the old wheel removed. The club's own files (mkdocs.yml, its pages, READMEs, CODEOWNERS) are not touched.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pipeline import __version__
from pipeline.errors import DataError, PipelineError
from pipeline.storage.gamedir import load_game

from . import club, game

# the release's wheel, first line of a club's requirements.txt (`club.requirements`)
WHEEL_LINE = re.compile(rf"^\./{re.escape(club.WHEEL_FOLDER)}/({club.WHEEL_NAME.pattern}) \\$", re.MULTILINE)


def installed_release(folder: Path) -> tuple[str, Path]:
    """The release a club's repository installs, and its wheel, from its requirements.txt."""
    path = folder / club.REQUIREMENTS
    if not path.is_file():
        raise DataError(f"{path}: missing: not a club's repository made by judge init")
    found = WHEEL_LINE.search(path.read_text(encoding="utf-8"))
    if found is None:
        raise DataError(f"{path}: names no wheel of the judge (./{club.WHEEL_FOLDER}/pbem_pipeline-...whl)")
    return found["version"], folder / club.WHEEL_FOLDER / found[1]


def upgrade(folder: Path, wheel: Path, echo: Callable[[str], None], identity_file: Path | None = None) -> str:
    """Move the club's repository in `folder` to this release, whose wheel is `wheel`; returns the release
    it was at. DataError, and nothing written, when a game's past would change or cannot be replayed."""
    data = club.wheel_bytes(wheel)
    old, old_wheel = installed_release(folder)
    if old == __version__:
        raise DataError(f"{folder} already installs release {__version__}: nothing to upgrade")
    for game_folder in sorted(p.parent for p in (folder / "games").glob("*/game.yaml")):
        _check_past(game_folder, old, identity_file)
        echo(f"{game_folder.name}: its past is the same under release {__version__}{newer_rules(game_folder)}")
    club.write(folder, club.release_owned(folder, wheel.name, data))
    if old_wheel.name != wheel.name:
        old_wheel.unlink(missing_ok=True)
    return old


def newer_rules(folder: Path) -> str:
    """What a game may move on to: the newer versions of its family's rules this release has, if any (a game
    keeps its own until its game masters move it on, `judge rules-version`)."""
    game = load_game(folder)
    current, newest = game.settings.rules.current, game.family.newest_version
    if current == newest:
        return ""
    return (
        f" (it plays version {current} of the {game.family.id} rules, and keeps it; this release has version "
        f"{newest}: `judge rules-version {folder} --to {newest}` moves it on)"
    )


def _check_past(folder: Path, old: str, identity_file: Path | None) -> None:
    """Replay a game under this release; DataError naming the turn and the first file that differs."""
    refused = f"release {__version__} refused, the repository left at release {old}"
    try:
        differences = game.replay(folder, lambda _: None, identity_file)
    except PipelineError as err:
        raise DataError(f"{folder}: cannot be replayed under release {__version__} ({err}): {refused}") from None
    if differences:
        first = differences[0].split(" (")[0]
        turn = turn_of(Path(first), folder)
        raise DataError(
            f"{folder}: its past would change under release {__version__}: turn {turn}, first in {first} "
            f"({len(differences)} file(s) in all): {refused}"
        )


def turn_of(path: Path, folder: Path) -> str:
    """The turn a game's file belongs to: `state/<turn>.yaml`, `results/<turn>.yaml`, `orders/<turn>/...`,
    `private/<turn>/...`."""
    try:
        parts = path.relative_to(folder).parts
    except ValueError:
        return "unknown"
    if len(parts) >= 2 and parts[0] in ("state", "results"):
        return parts[1].split(".")[0]
    return parts[1] if len(parts) >= 2 else "unknown"
