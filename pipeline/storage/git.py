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


def git(repo: Path, *args: str, ok: tuple[int, ...] = (0,)) -> bytes:
    """The output of `git args...` in `repo`; `PipelineError` with git's message if it exits with another
    status than `ok`'s. Paths are taken literally (no pathspec magic in a file name)."""
    return _run(repo, args, ok)[1]


def _run(repo: Path, args: tuple[str, ...], ok: tuple[int, ...]) -> tuple[int, bytes]:
    """`git args...` in `repo`: its exit status (one of `ok`) and its output."""
    command = ["git", "--literal-pathspecs", "-C", str(repo), "-c", "core.quotePath=false", *args]
    try:
        done = subprocess.run(command, capture_output=True, check=False)
    except OSError as err:
        raise PipelineError(f"cannot run git: {err}") from None
    if done.returncode not in ok:
        message = done.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise PipelineError(f"git {args[0]} failed: {message[-1] if message else f'exit {done.returncode}'}")
    return done.returncode, done.stdout


def commit_id(repo: Path, revision: str) -> str:
    """The full id of the commit `revision` names (a sha, a branch, HEAD)."""
    if revision.startswith("-"):
        raise PipelineError(f"{revision!r} is not a commit")
    return git(repo, "rev-parse", "--verify", "--end-of-options", f"{revision}^{{commit}}").decode().strip()


def merge_bases(repo: Path, one: str, other: str) -> list[str]:
    """Every best common ancestor of two commits (`git merge-base --all`): one where a branch simply forked
    off, none when their histories never meet, several after criss-crossed merges."""
    out = git(repo, "merge-base", "--all", "--end-of-options", one, other, ok=(0, 1))
    return out.decode().split()


def merge_tree(repo: Path, ours: str, theirs: str) -> str | None:
    """The tree of the merge of two commits, written to the object store without a work tree (`git
    merge-tree --write-tree`, git's own merge machinery); None if they conflict."""
    status, out = _run(repo, ("merge-tree", "--write-tree", "--no-messages", ours, theirs), (0, 1))
    return out.split(b"\n")[0].decode("ascii") if status == 0 else None


def commit_tree(repo: Path, tree: str, parents: tuple[str, ...], message: str) -> str:
    """A new commit of `tree` with these parents (author and committer from git's environment)."""
    args = [arg for parent in parents for arg in ("-p", parent)]
    return git(repo, "commit-tree", tree, *args, "-m", message).decode().strip()


def new_commits(repo: Path, onto: str, head: str, limit: int) -> list[str]:
    """The commits `head` would bring into `onto`'s history (at most `limit`), newest first."""
    out = git(repo, "rev-list", f"--max-count={limit}", head, f"^{onto}", "--")
    return out.decode().split()


def commit_changes(repo: Path, commit: str) -> list[Change]:
    """What one commit changes: against its parent, every path of a first commit, and for a merge only the
    paths that differ from every parent (git's combined diff: what the merge itself brought)."""
    out = git(
        repo, "diff-tree", "-r", "-z", "-c", "--root", "--no-commit-id", "--no-renames", "--no-abbrev",
        "--no-ext-diff", "--no-textconv", "--ignore-submodules=none", commit,
    )  # fmt: skip
    return _raw_changes(out)


def changes(repo: Path, since: str, until: str) -> list[Change]:
    """Every path that differs between two commits, with rename and copy detection off: a renamed file is
    a deletion and an addition, so no change hides behind another path."""
    out = git(
        repo, "diff", "--raw", "-z", "--no-renames", "--no-abbrev", "--no-ext-diff", "--no-textconv",
        "--ignore-submodules=none", "--end-of-options", since, until,
    )  # fmt: skip
    return _raw_changes(out)


def _raw_changes(out: bytes) -> list[Change]:
    """Git's raw diff output (`-z`), one or several parents: each path with its status, its first parent's
    mode and the new mode and blob."""
    fields = out.split(b"\0")
    found: list[Change] = []
    i = 0
    while i + 1 < len(fields) and fields[i]:
        words = fields[i].lstrip(b":").decode("ascii").split(" ")
        modes, blobs = len(words) // 2, words[len(words) // 2 : -1]
        found.append(Change(words[-1][:1], fields[i + 1], words[0], words[modes - 1], blobs[-1]))
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
