"""What a club's repository is made from (`judge init`, pipeline/commands/club.py): the files of a release.

The files are those of this project's checkout listed in `release.txt` (the site's hand-written pages and
assets, mkdocs.yml, the workflows, the issue form, the hash-locked requirements). An installed release
carries them under `release/` (setup.py copies them into the wheel); run from a checkout, they are read in
place. Either way they are data: read, changed as `judge init` says, and written, never run.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.errors import DataError

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "release.txt"
RELEASE = HERE / "release"  # in an installed release
CHECKOUT = HERE.parent.parent  # in a checkout (an editable install)


def release_root() -> Path:
    """The folder the release's files are read from: the installed release's copy, or the checkout."""
    if RELEASE.is_dir():
        return RELEASE
    if (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "mkdocs.yml").is_file():
        return CHECKOUT
    raise DataError(
        f"{RELEASE}: missing: this installation of the judge lacks its club files (reinstall it from its wheel)"
    )


def patterns() -> list[str]:
    """The glob patterns of release.txt, relative to the checkout's root."""
    lines = MANIFEST.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def release_files() -> dict[str, bytes]:
    """Every file of the release, by its path in the checkout ("site/index.md")."""
    root = release_root()
    found = sorted({p for pattern in patterns() for p in root.glob(pattern) if p.is_file()})
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in found}
