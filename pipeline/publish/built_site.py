"""`judge build-site`: `mkdocs build --strict`, unless the built site already is the one its sources make.

A rebuild with nothing changed should cost nearly nothing (issue 17): `judge site` takes every game from
its cache, and MkDocs, which always builds every page again (its own cache and the hook's save most of the
work, not all: about eight seconds at thirty games), is not run at all when nothing it reads has changed
since the build that made the site folder as it is. After each successful build a stamp is written
(`built-site.json`, in `_build/cache/` beside mkdocs.yml): the digest of the build's sources, and a list
of the built site's files as that build left them (path, size, modification time). The next run skips
MkDocs when both agree with what is on disk; any other run removes the stamp before it builds, so a build
that fails or stops half-way leaves none.

The sources are everything MkDocs reads that may change its output, by content: mkdocs.yml, every file of
its docs_dir (the hand-written pages and everything `judge site` wrote), its hooks' files, the versions of
every installed package (the theme, the plugins, Markdown and its extensions...) and Python's, the
variables of the environment that mkdocs.yml names (`!ENV`), and the build's date. The build's date is
the one thing MkDocs takes from the clock (the sitemap's `lastmod` and the gzip header of
`sitemap.xml.gz`), so the build gets a fixed one: `SOURCE_DATE_EPOCH` when it is set, else the time of
the repository's last commit (`git log -1`), so that the same commit gives the same bytes on any day.
Outside a git repository MkDocs keeps today's date, and a new day builds again.

The built site's files are checked by their listing, not their bytes: MkDocs writes every file it builds,
so a file written since (by another build, by hand) has another size or time, and a file removed or added
changes the list.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from pipeline.errors import DataError

from . import mkdocs_config
from .digests import add_part

STAMP = Path("_build") / "cache" / "built-site.json"  # beside mkdocs.yml, as the hook's cache is
STAMP_VERSION = 1


@dataclass(frozen=True)
class Outcome:
    """What `build_if_changed` did: built or not, and the date the build was given."""

    built: bool
    date_source: str  # "SOURCE_DATE_EPOCH", "the last commit" or "the clock"


def build_if_changed(
    config: Path,
    stamp: Path | None = None,
    environment: Mapping[str, str] | None = None,
    run: Callable[[list[str], dict[str, str]], int] | None = None,
) -> Outcome:
    """Build the site of `config` (a mkdocs.yml) with `mkdocs build --strict`, unless the stamp says the
    built site already is what these sources make. Raises DataError when MkDocs fails (its messages are
    its own, on the terminal)."""
    config = config.absolute()
    if not config.is_file():
        raise DataError(f"{config}: no such file (the site's mkdocs.yml)")
    stamp = stamp or config.parent / STAMP
    env = dict(os.environ if environment is None else environment)
    date_source = _fix_the_date(env, config.parent)
    text = config.read_text(encoding="utf-8")
    docs_dir = config.parent / (mkdocs_config.setting(text, "docs_dir") or "docs")
    site_dir = config.parent / (mkdocs_config.setting(text, "site_dir") or "site")
    sources = sources_key(config, text, docs_dir, env, date_source)
    if _stamped(stamp) == {"version": STAMP_VERSION, "sources": sources, "site": site_listing(site_dir)}:
        return Outcome(False, date_source)
    stamp.unlink(missing_ok=True)  # from here on the built site is not what the stamp says
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config)]
    status = (run or _run)(command, env)
    if status != 0:
        raise DataError(f"mkdocs build --strict failed for {config.name} (its messages above): the site was not built")
    _write_stamp(stamp, {"version": STAMP_VERSION, "sources": sources, "site": site_listing(site_dir)})
    return Outcome(True, date_source)


def _run(command: list[str], env: dict[str, str]) -> int:
    return subprocess.run(command, env=env, check=False).returncode


def _fix_the_date(env: dict[str, str], folder: Path) -> str:
    """Give the build a date that is not the clock's: `SOURCE_DATE_EPOCH` as set, else the last commit's."""
    if env.get("SOURCE_DATE_EPOCH", "").strip():
        return "SOURCE_DATE_EPOCH"
    try:
        log = subprocess.run(
            ["git", "-C", str(folder), "log", "-1", "--format=%ct"],
            capture_output=True,
            text=True,
            check=False,
            env={**env, "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0"},
        )
    except OSError:  # no git on this machine
        return "the clock"
    if log.returncode == 0 and log.stdout.strip().isdigit():
        env["SOURCE_DATE_EPOCH"] = log.stdout.strip()
        return "the last commit"
    return "the clock"


def sources_key(config: Path, text: str, docs_dir: Path, env: Mapping[str, str], date_source: str) -> str:
    """The digest of everything the build reads that may change its output (see the module's text)."""
    digest = hashlib.sha256()
    add_part(digest, b"mkdocs.yml")
    add_part(digest, text.encode())
    for name, path in _files(docs_dir):
        add_part(digest, name.encode())
        with open(path, "rb") as file:
            add_part(digest, file.read())
    for hook in mkdocs_config.hooks(text):
        hook_file = config.parent / hook
        add_part(digest, f"hook {hook}".encode())
        add_part(digest, hook_file.read_bytes() if hook_file.is_file() else b"(missing)")
    packages = sorted(f"{d.metadata['Name']} {d.version}" for d in metadata.distributions())
    add_part(digest, "\n".join([sys.version, *packages]).encode())
    for name in sorted(set(re.findall(r"!ENV\s*\[?\s*['\"]?(\w+)", text))):
        add_part(digest, f"{name}={env.get(name)}".encode())
    when = env["SOURCE_DATE_EPOCH"] if date_source != "the clock" else datetime.now(UTC).date().isoformat()
    add_part(digest, f"date {when}".encode())
    return digest.hexdigest()


def site_listing(site_dir: Path) -> str:
    """The digest of the list of the built site's files, each with its size and modification time."""
    digest = hashlib.sha256()
    for name, path in _files(site_dir):
        status = os.stat(path)
        add_part(digest, f"{name} {status.st_size} {status.st_mtime_ns}".encode())
    return digest.hexdigest()


def _files(folder: Path) -> Iterator[tuple[str, str]]:
    """The files under `folder` in a fixed order, each as its path in the folder (with `/`) and on disk;
    none when the folder does not exist. (Strings, not Paths: a club's site has tens of thousands.)"""
    top = str(folder)
    for root, dirs, names in os.walk(top):
        dirs.sort()
        inside = os.path.relpath(root, top).replace(os.sep, "/")
        prefix = "" if inside == "." else f"{inside}/"
        for name in sorted(names):
            yield prefix + name, os.path.join(root, name)


def _stamped(stamp: Path) -> object:
    try:
        return json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none, or damaged: build
        return None


def _write_stamp(stamp: Path, data: dict[str, object]) -> None:
    """All at once: a stamp half-written would only make the next run build, but is never read as whole."""
    stamp.parent.mkdir(parents=True, exist_ok=True)
    temporary = stamp.with_name(f".{stamp.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        os.replace(temporary, stamp)
    finally:
        temporary.unlink(missing_ok=True)
