"""`judge init FOLDER --wheel FILE`: a club's repository made from this release, with no copy of the pipeline.

The repository gets the site's configuration and hand-written pages in both languages (mkdocs.yml, site/),
the workflows of this project, the order issue form, CODEOWNERS from its games, a README for its
administrator and game masters in English and French, and the release itself: the wheel given, kept in
`.judge/`, and `requirements.txt`, this release's hash-locked requirements with that wheel's hash, from
which every workflow installs the judge (`--require-hashes`). The files come from the release
(pipeline/club); the changes made to them are the few below, each checked to apply, so that a release whose
files have moved fails here, not in a club's workflow.
"""

from __future__ import annotations

import hashlib
import os
import re
import zipfile
from pathlib import Path

from pipeline import __version__
from pipeline.club import HERE, release_files
from pipeline.errors import DataError, Problem
from pipeline.storage.atomic import write_all

from . import codeowners

WHEEL_FOLDER = ".judge"  # the release's wheel, in the club's repository
REQUIREMENTS = "requirements.txt"  # this checkout's lock, and the club's (that lock and the wheel)
HOOKS = "hooks/judge_site.py"
RELEASE_FOLDERS = (".github/workflows/", ".github/ISSUE_TEMPLATE/", "site/assets/", f"{WHEEL_FOLDER}/")
WHEEL_NAME = re.compile(r"pbem_pipeline-(?P<version>[0-9][0-9A-Za-z.+]*)-py3-none-any\.whl")

# what a club's repository takes of this checkout's files, changed as said: (file, this text, that text)
LOCK_INSTALL = (
    "python3 -m pip install --quiet --require-hashes -r requirements.txt\n"
    "          python3 -m pip install --quiet --no-deps --no-build-isolation ."
)
CLUB_INSTALL = f"python3 -m pip install --quiet --require-hashes -r {REQUIREMENTS}"
CHANGES: tuple[tuple[str, str, str], ...] = (
    ("mkdocs.yml", "  - pipeline/publish/mkdocs_hooks.py ", f"  - {HOOKS} "),
    *(
        (f".github/workflows/{name}.yml", f"run: |\n          {LOCK_INSTALL}", f"run: {CLUB_INSTALL}")
        for name in ("adjudicate", "orders-from-issue", "pages", "validate-orders")
    ),
    (
        ".github/workflows/pages.yml",
        '      - "pipeline/**"\n      - "pyproject.toml"\n      - "requirements.txt"\n',
        f'      - "{REQUIREMENTS}"\n',
    ),
    (
        ".github/workflows/pages.yml",
        "'pipeline/**', 'mkdocs.yml', 'pyproject.toml', 'requirements.txt'",
        f"'mkdocs.yml', '{REQUIREMENTS}'",
    ),
)

HOOKS_TEXT = '''"""The site's MkDocs hooks (mkdocs.yml `hooks:`): those of the judge installed from requirements.txt."""

from pipeline.publish.mkdocs_hooks import *  # noqa: F403
'''

GITIGNORE = """\
# made by `judge site` and `judge build-site`, never committed
_build/
site/games/
# the judge's own files in a game folder while it writes (never committed; a committed journal is refused)
.judge-commit.json
*.judge-tmp
.judge-lock
# a game's private key and dice secret, as `judge new` writes them: they go into the repository's secrets
*.key
*.dice
"""


def init(folder: Path, wheel: Path) -> list[str]:
    """Write a club's repository into `folder` (new or empty of these files) for the release of `wheel`,
    which must be this judge's own; returns the files written. Nothing is written if anything is wrong,
    and no file already there is written over."""
    data = wheel_bytes(wheel)
    files = club_files(folder, wheel.name, data)
    there = sorted(str(path) for path in files if path.exists() or path.is_symlink())
    if there:
        why = "already exists: judge init makes a new repository and writes over no file (nothing was written)"
        raise DataError([Problem("", why, file=name) for name in there])
    write(folder, files)
    return sorted(str(path.relative_to(folder)) for path in files)


def write(folder: Path, files: dict[Path, str | bytes]) -> None:
    """Write `files` as one change: the wheel first (a new file), then the text files together; if they
    cannot be written, the wheel is taken away again and nothing is changed."""
    binary = {path: content for path, content in files.items() if isinstance(content, bytes)}
    _write_binary(folder, binary)
    try:
        write_all({path: content for path, content in files.items() if isinstance(content, str)}, root=folder)
    except BaseException:
        for path in binary:
            path.unlink(missing_ok=True)
        raise


def club_files(folder: Path, wheel_name: str, wheel: bytes) -> dict[Path, str | bytes]:
    """Every file of a club's repository in `folder`, for the release whose wheel is `wheel`: the
    release's own (`release_owned`) and those that are the club's once written (its site's configuration
    and pages, its READMEs, CODEOWNERS)."""
    text = {name: content for name, content in _release_text().items() if not owned_by_release(name)}
    text[".gitignore"] = GITIGNORE
    text[".github/CODEOWNERS"] = codeowners.codeowners(folder / "games")
    for lang in ("", ".fr"):
        readme = (HERE / f"README{lang}.md").read_text(encoding="utf-8")
        text[f"README{lang}.md"] = readme.replace("{version}", __version__).replace("{wheel}", wheel_name)
    return {folder / name: content for name, content in text.items()} | release_owned(folder, wheel_name, wheel)


def owned_by_release(name: str) -> bool:
    """Whether a file of a club's repository is the release's, which `judge upgrade` writes again: the
    workflows, the issue form, the site's assets (the order form's scripts read the judge's data), the
    hooks, the requirements and the wheel. The others are the club's to edit."""
    return name in (HOOKS, REQUIREMENTS) or name.startswith(RELEASE_FOLDERS)


def release_owned(folder: Path, wheel_name: str, wheel: bytes) -> dict[Path, str | bytes]:
    """The files of a club's repository that are the release's (`owned_by_release`), for this release."""
    release = _release_text()
    text = {name: content for name, content in release.items() if owned_by_release(name)}
    text[REQUIREMENTS] = requirements(release[REQUIREMENTS], wheel_name, wheel)
    text[HOOKS] = HOOKS_TEXT
    files: dict[Path, str | bytes] = {folder / name: content for name, content in text.items()}
    files[folder / WHEEL_FOLDER / wheel_name] = wheel
    return files


def _release_text() -> dict[str, str]:
    """The release's files as a club's repository has them (`CHANGES` made); the lock as it is."""
    text = {name: data.decode("utf-8") for name, data in release_files().items()}
    for name, this, that in CHANGES:
        if this not in text.get(name, ""):
            raise DataError(f"this release's {name} lacks {this!r}: the release is broken, not your repository")
        text[name] = text[name].replace(this, that)
    return text


def requirements(lock: str, wheel_name: str, wheel: bytes) -> str:
    """The club's requirements: this release's lock (the judge's dependencies, each pinned with its
    hashes) and the release's wheel, by its path in the repository and its hash."""
    body = "\n".join(line for line in lock.splitlines() if not line.startswith("#"))  # its header said
    digest = hashlib.sha256(wheel).hexdigest()
    return (
        f"# The judge, release {__version__}, and what it needs, each with its hashes: every workflow installs\n"
        f"# them with `pip install --require-hashes -r {REQUIREMENTS}`. Written by `judge init`; changed only by\n"
        "# `judge upgrade`, never by hand.\n"
        f"./{WHEEL_FOLDER}/{wheel_name} \\\n    --hash=sha256:{digest}\n{body.strip()}\n"
    )


def wheel_bytes(wheel: Path) -> bytes:
    """The wheel's bytes, once it is known to be this release's (its name, and its files)."""
    match = WHEEL_NAME.fullmatch(wheel.name)
    if match is None:
        raise DataError(
            "not the wheel of a release of the judge (pbem_pipeline-VERSION-py3-none-any.whl)", file=str(wheel)
        )
    if match["version"] != __version__:
        raise DataError(
            f"release {match['version']}, but this judge is release {__version__}: give the wheel this judge was "
            "installed from, or install the judge from that wheel",
            file=str(wheel),
        )
    data = wheel.read_bytes()
    try:
        with zipfile.ZipFile(wheel) as archive:
            complete = "pipeline/club/release/mkdocs.yml" in archive.namelist()
    except zipfile.BadZipFile:
        complete = False
    if not complete:
        raise DataError("not a complete wheel of the judge (no pipeline/club/release/ in it)", file=str(wheel))
    return data


def _write_binary(folder: Path, files: dict[Path, bytes]) -> None:
    """Write each file whole (a temporary file renamed), its folder made as needed, never through a
    symbolic link out of `folder`."""
    inside = folder.resolve()
    for path, data in files.items():
        if not path.parent.resolve().is_relative_to(inside):
            raise DataError(f"not written: {path.parent} leads out of {folder}; nothing was changed")
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".judge-tmp")
        temporary.write_bytes(data)
        os.replace(temporary, path)
