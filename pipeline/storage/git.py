"""Reading a git repository with git's plumbing: what a pull request changes, and its files' bytes.

The edge between the judge and git. Everything here runs `git` through `subprocess` with an argument
list (never a shell), reads objects by their ids, and never checks out, merges or runs anything: a pull
request's commits are data. Paths are bytes, as git stores them (`-z` output: no quoting, any byte).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import PipelineError

REGULAR_FILE = "100644"
EXECUTABLE_FILE = "100755"
SYMLINK = "120000"
SUBMODULE = "160000"
NO_FILE = "000000"


@dataclass(frozen=True)
class Change:
    """One path a diff changes: git's status letter (A, M, D, T), the modes and the new blob's id."""

    status: str
    path: bytes
    old_mode: str
    new_mode: str
    new_blob: str


def git(repo: Path, *args: str) -> bytes:
    """The output of `git args...` in `repo`; `PipelineError` with git's message if it fails. Paths are
    taken literally (no pathspec magic in a file name)."""
    command = ["git", "--literal-pathspecs", "-C", str(repo), "-c", "core.quotePath=false", *args]
    try:
        done = subprocess.run(command, capture_output=True, check=False)
    except OSError as err:
        raise PipelineError(f"cannot run git: {err}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise PipelineError(f"git {args[0]} failed: {message[-1] if message else f'exit {done.returncode}'}")
    return done.stdout


def commit_id(repo: Path, revision: str) -> str:
    """The full id of the commit `revision` names (a sha, a branch, HEAD)."""
    if revision.startswith("-"):
        raise PipelineError(f"{revision!r} is not a commit")
    return git(repo, "rev-parse", "--verify", "--end-of-options", f"{revision}^{{commit}}").decode().strip()


def merge_base(repo: Path, one: str, other: str) -> str:
    """The commit a branch began from: where `other` forked off `one`."""
    return git(repo, "merge-base", "--end-of-options", one, other).decode().strip()


def changes(repo: Path, since: str, until: str) -> list[Change]:
    """Every path that differs between two commits, with rename and copy detection off: a renamed file is
    a deletion and an addition, so no change hides behind another path."""
    out = git(
        repo, "diff", "--raw", "-z", "--no-renames", "--no-abbrev", "--no-ext-diff", "--no-textconv",
        "--ignore-submodules=none", "--end-of-options", since, until,
    )  # fmt: skip
    fields = out.split(b"\0")
    found: list[Change] = []
    i = 0
    while i + 1 < len(fields) and fields[i]:
        old_mode, new_mode, _old_blob, new_blob, status = fields[i].lstrip(b":").decode("ascii").split(" ")
        found.append(Change(status[:1], fields[i + 1], old_mode, new_mode, new_blob))
        i += 2
    return found


def blob_size(repo: Path, blob: str) -> int:
    """How many bytes a blob holds, without reading it."""
    return int(git(repo, "cat-file", "-s", blob).decode().strip())


def blob(repo: Path, blob_id: str) -> bytes:
    """A blob's bytes."""
    return git(repo, "cat-file", "blob", blob_id)


def object_at(repo: Path, commit: str, path: bytes) -> str | None:
    """The id of what `path` is in `commit`'s tree, or None if the path is not there."""
    out = git(repo, "ls-tree", "-z", "--full-tree", commit, "--", path.decode("utf-8", errors="surrogateescape"))
    entry = out.split(b"\0")[0]
    if not entry:
        return None
    return entry.split(b"\t")[0].split(b" ")[2].decode("ascii")
