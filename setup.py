"""The build's two steps beyond pyproject.toml's package data (the rest of the project's metadata is there).

- The catalogues compiled: `pipeline/locale/<lang>/LC_MESSAGES/messages.mo`, from the `.po` files, so that
  an installed release reads its messages without compiling them (pipeline/shared/i18n.py).
- What a club's repository is made from (`judge init`): the files of the checkout listed in
  pipeline/club/release.txt (the site's hand-written pages and assets, mkdocs.yml, the workflows, the issue
  form, the lock), copied under pipeline/club/release/ with their paths.

An editable install (a checkout) needs neither: it reads the `.po` files and the checkout's own files.
"""

from __future__ import annotations

import sys
from fnmatch import fnmatch
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))  # the checkout's pipeline.club (standard library only): the patterns of release.txt
from pipeline.club import CHECKOUT, patterns, release_files  # noqa: E402


class BuildWithRelease(build_py):
    """build_py, then the compiled catalogues and the club's files into the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "pipeline"
        catalogues = sorted((ROOT / "pipeline" / "locale").glob("*/LC_MESSAGES/messages.po"))
        if not catalogues:
            raise SystemExit("no pipeline/locale/*/LC_MESSAGES/messages.po: the release would have no messages")
        for po in catalogues:
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            mo = target / po.relative_to(ROOT / "pipeline").with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with mo.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
        assert CHECKOUT == ROOT, "setup.py builds the checkout it is in"
        found = release_files()
        for pattern in patterns():
            if not any(fnmatch(name, pattern) for name in found):
                raise SystemExit(f"no file matches {pattern!r} of pipeline/club/release.txt: the release would lack it")
        for name, data in found.items():
            copy = target / "club" / "release" / name
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(data)


setup(cmdclass={"build_py": BuildWithRelease})
