"""The release as a club meets it (issue 33): the sdist built from this checkout and the wheel from the
sdist (as .github/workflows/release.yml builds them), installed in a new virtual environment outside it,
and a club's repository run with it from start to site, this checkout off the path and the current
folder elsewhere.

Offline, the wheel's dependencies cannot be fetched: the environment sees this machine's installed packages
(`--system-site-packages`) and the wheel is installed alone (`--no-deps`). That the club's
`requirements.txt` installs with `--require-hashes` is checked by its content (tests/test_club.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pipeline import __version__
from pipeline.club import patterns

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "CHANGELOG.md", "pipeline", *patterns())
ENGLAND = (
    "game: dip\nturn: 1901-spring-movement\npower: england\norders:\n  - F lon-nth\n  - F edi-nwg\n  - A lvp-yor\n"
)

pytestmark = pytest.mark.slow


def copy_sources(target: Path) -> None:
    """What the wheel is built from, copied: the build writes its own folders there, not in the checkout."""
    for pattern in SOURCES:
        for path in ROOT.glob(pattern):
            destination = target / path.relative_to(ROOT)
            destination.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                shutil.copytree(
                    path, destination, ignore=shutil.ignore_patterns("__pycache__", "*.mo"), dirs_exist_ok=True
                )
            else:
                shutil.copy2(path, destination)


def run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(command)}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """The wheel, built from the sdist of a copy of this checkout, and the `bin` folder of a virtual environment that
    has it installed; the environment without this checkout on its path."""
    work = tmp_path_factory.mktemp("release")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_NO_INPUT"] = "1"
    copy_sources(work / "source")
    # as .github/workflows/release.yml builds them: the sdist, then the wheel from the sdist
    sdist = f"import setuptools.build_meta as m; print(m.build_sdist({str(work / 'sdist')!r}))"
    name = run([sys.executable, "-c", sdist], work / "source", env).strip().splitlines()[-1]
    shutil.unpack_archive(work / "sdist" / name, work / "unpacked")
    (unpacked,) = (work / "unpacked").iterdir()
    build = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
    run([*build, "-w", str(work / "dist"), str(unpacked)], work, env)
    (wheel,) = (work / "dist").glob("*.whl")
    run([sys.executable, "-m", "venv", "--system-site-packages", str(work / "venv")], work, env)
    bin_dir = work / "venv" / "bin"
    run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--no-deps", str(wheel)], work, env)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return wheel, bin_dir, env


def test_the_wheel_carries_what_a_club_needs(installed: tuple[Path, Path, dict[str, str]]) -> None:
    wheel, _, _ = installed
    assert wheel.name == f"pbem_pipeline-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"pbem_pipeline-{__version__}.dist-info/METADATA").decode("utf-8")
    for name in ("mkdocs.yml", "site/index.fr.md", "site/assets/javascripts/order-form.js", "requirements.txt"):
        assert f"pipeline/club/release/{name}" in names, name
    assert "pipeline/club/release/.github/workflows/adjudicate.yml" in names
    assert "pipeline/club/release/.github/ISSUE_TEMPLATE/orders.yml" in names
    assert {"pipeline/locale/en/LC_MESSAGES/messages.mo", "pipeline/locale/fr/LC_MESSAGES/messages.mo"} <= names
    # the players' pages the site's Rules section is made from (Presentation.rules_page, orders_page)
    pages = {
        f"pipeline/games/{f}/pages/rules{lang}.md"
        for f in ("diplomacy", "machiavelli", "catan", "symmachia")
        for lang in ("", ".fr")
    }
    assert pages | {"pipeline/board/pages/orders.fr.md", "pipeline/games/catan/pages/orders.md"} <= names
    assert f"Version: {__version__}" in metadata
    assert all(family in metadata for family in ("Diplomacy", "Machiavelli", "Symmachia", "Catan"))


def test_a_club_runs_its_games_from_the_release(installed: tuple[Path, Path, dict[str, str]], tmp_path: Path) -> None:
    """`judge init`, a game of each family by `judge new`, a turn of orders validated and adjudicated, and
    the site built strict in English and French, by the installed release alone."""
    wheel, bin_dir, env = installed
    judge = str(bin_dir / "judge")
    where = run([str(bin_dir / "python"), "-c", "import pipeline; print(pipeline.__file__)"], tmp_path, env)
    assert Path(where.strip()).is_relative_to(bin_dir.parent), where
    assert run([judge, "--version"], tmp_path, env) == f"judge, version {__version__}\n"
    club = tmp_path / "club"
    run([judge, "init", str(club), "--wheel", str(wheel)], tmp_path, env)
    games = {"dip": "standard", "mach": "judge", "sym": "symmachia", "cat": "catan"}
    for game, profile in games.items():
        secrets = ["--key-file", str(tmp_path / f"{game}.key"), "--dice-secret-file", str(tmp_path / f"{game}.dice")]
        run([judge, "new", f"games/{game}", "--profile", profile, "--master", "alice", *secrets], club, env)
        assert f"created_by: pbem-pipeline {__version__}\n" in (club / "games" / game / "game.yaml").read_text()
    orders = club / "games" / "dip" / "orders" / "1901-spring-movement" / "england.yaml"
    orders.write_text(ENGLAND, encoding="utf-8")
    assert "all valid" in run([judge, "validate", "games/dip"], club, env)
    assert "next turn 1901-fall-movement" in run([judge, "adjudicate", "games/dip", "--force"], club, env)
    assert "replay matches" in run([judge, "replay", "--check", "games/dip"], club, env)
    results = (club / "games" / "dip" / "results" / "1901-spring-movement.yaml").read_text(encoding="utf-8")
    assert results.startswith(f"# Results of turn 1901-spring-movement, adjudicated by judge {__version__}.\n")
    run([judge, "codeowners", "--write", ".github/CODEOWNERS"], club, env)
    assert "/games/dip/ @alice" in (club / ".github" / "CODEOWNERS").read_text(encoding="utf-8")
    run([judge, "site"], club, {**env, "SOURCE_DATE_EPOCH": "1796000000"})
    run([judge, "build-site"], club, {**env, "SOURCE_DATE_EPOCH": "1796000000"})
    built = club / "_build" / "site"
    for lang in ("", "fr/"):
        for game in games:
            assert (built / f"{lang}games/{game}/index.html").is_file(), f"{lang}games/{game}"
        home = (built / f"{lang}index.html").read_text(encoding="utf-8")
        assert 'rel="alternate"' not in home  # the site's hooks ran, from the installed judge
    assert "Parties" in (built / "fr" / "index.html").read_text(encoding="utf-8")
