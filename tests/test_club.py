"""The release a club installs (issue 33): the hash-locked requirements, `judge init`, the version.

The wheel itself, installed outside this checkout and run as a club would, is tests/test_release.py."""

from __future__ import annotations

import hashlib
import re
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from pipeline import __version__
from pipeline.cli import cli
from pipeline.club import release_files
from pipeline.commands import club
from pipeline.commands.turn_files import as_recorded, results_header
from tests.test_workflows import installs, tool

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def pinned(lock: Path) -> dict[str, tuple[str, int]]:
    """Each package of a pip-compile lock: its pinned version and how many hashes it has."""
    text = lock.read_text(encoding="utf-8")
    found = {}
    for block in re.split(r"\n(?=[A-Za-z0-9.])", text):  # a block: a requirement and its indented lines
        head = re.match(r"([A-Za-z0-9._-]+)==(\S+)", block)
        if head:
            found[canonicalize_name(head[1])] = (head[2], block.count("--hash=sha256:"))
    return found


def required(lock: Path, extras: tuple[str, ...]) -> list[Requirement]:
    wanted = PYPROJECT["project"]["dependencies"] + PYPROJECT["build-system"]["requires"]
    for extra in extras:
        wanted += PYPROJECT["project"]["optional-dependencies"][extra]
    return [Requirement(line) for line in wanted]


@pytest.mark.parametrize(("lock", "extras"), [("requirements.txt", ()), ("requirements-dev.txt", ("dev",))])
def test_the_lock_is_current(lock: str, extras: tuple[str, ...]) -> None:
    """Every dependency of pyproject.toml (and its build's) is pinned in the lock at a version it allows,
    each pin with its hashes: a dependency added or a bound moved without tools/update_locks.sh fails."""
    locked = pinned(ROOT / lock)
    assert len(locked) > 20
    for requirement in required(ROOT / lock, extras):
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{lock} lacks {requirement.name} (run tools/update_locks.sh)"
        version = locked[name][0]
        assert requirement.specifier.contains(version, prereleases=True), f"{lock}: {name}=={version} not {requirement}"
    assert all(hashes > 0 for _, hashes in locked.values())


def test_the_dev_lock_pins_the_judges_packages_as_the_judges_lock_does() -> None:
    """CI tests exactly what the workflows and the clubs install."""
    judge, dev = pinned(ROOT / "requirements.txt"), pinned(ROOT / "requirements-dev.txt")
    assert {name: dev[name][0] for name in judge} == {name: version for name, (version, _) in judge.items()}


def test_the_installed_theme_is_the_locked_one() -> None:
    """The site is built and tested with the theme the workflows install (docs/site.md, the theme's future)."""
    from importlib.metadata import version

    locked = pinned(ROOT / "requirements.txt")
    for package in ("mkdocs", "mkdocs-material", "mkdocs-static-i18n"):
        assert version(package) == locked[package][0], f"{package}: pip install --require-hashes -r requirements.txt"


def test_the_version_is_written_once() -> None:
    """pyproject.toml takes it from pipeline/__init__.py; `judge --version` says it."""
    assert "version" in PYPROJECT["project"]["dynamic"] and "version" not in PYPROJECT["project"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "pipeline.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    result = CliRunner().invoke(cli, ["--version"])
    assert result.output == f"judge, version {__version__}\n"
    assert f"## {__version__} " in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_a_replay_keeps_the_release_that_adjudicated_each_turn() -> None:
    """A turn's results name the release that adjudicated it; a later release replaying it compares the
    rest, byte for byte (the demo games were adjudicated by 0.1.0)."""
    made = "# " + results_header("1901-spring-movement", "9.9.9") + "\nresults: [a]\n"
    committed = "# " + results_header("1901-spring-movement", "0.1.0") + "\nresults: [a]\n"
    assert as_recorded(made, committed) == committed
    assert as_recorded(made.replace("[a]", "[b]"), committed) != committed
    assert as_recorded("state: 1\n", "state: 2\n") == "state: 1\n"


def fake_wheel(folder: Path, version: str = __version__) -> Path:
    """A wheel of this release, as `judge init` checks it: its name and its club files."""
    path = folder / f"pbem_pipeline-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("pipeline/club/release/mkdocs.yml", "site_name: x\n")
    return path


def test_init_writes_a_club_repository(tmp_path: Path) -> None:
    wheel = fake_wheel(tmp_path)
    repo = tmp_path / "club"
    result = CliRunner().invoke(cli, ["init", str(repo), "--wheel", str(wheel)])
    assert result.exit_code == 0, result.output
    release = release_files()
    for name in release:
        if name != "requirements.txt":
            assert (repo / name).is_file(), name
    for name in ("README.md", "README.fr.md", ".github/CODEOWNERS", ".gitignore", club.HOOKS, "requirements.txt"):
        assert (repo / name).is_file(), name
    assert (repo / ".judge" / wheel.name).read_bytes() == wheel.read_bytes()
    assert (repo / "site/assets/javascripts/order-form.js").read_bytes() == release[
        "site/assets/javascripts/order-form.js"
    ]
    assert f"release {__version__}" in (repo / "README.md").read_text(encoding="utf-8")
    assert f"version {__version__}" in (repo / "README.fr.md").read_text(encoding="utf-8")
    mkdocs = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"  - {club.HOOKS} " in mkdocs and "pipeline/" not in mkdocs


def test_the_clubs_requirements_are_this_lock_and_the_wheel_by_hash(tmp_path: Path) -> None:
    wheel = fake_wheel(tmp_path)
    club.init(tmp_path / "club", wheel)
    text = (tmp_path / "club" / "requirements.txt").read_text(encoding="utf-8")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert f"./.judge/{wheel.name} \\\n    --hash=sha256:{digest}\n" in text
    assert pinned(tmp_path / "club" / "requirements.txt") == pinned(ROOT / "requirements.txt")


def test_the_clubs_workflows_install_the_release_by_hash_and_pass_the_linters(tmp_path: Path) -> None:
    """Every install of a club's workflow is `--require-hashes -r requirements.txt`, nothing of a checkout
    of the pipeline; actionlint and zizmor find nothing in them."""
    club.init(tmp_path / "club", fake_wheel(tmp_path))
    workflows = sorted((tmp_path / "club" / ".github" / "workflows").glob("*.yml"))
    assert {p.name for p in workflows} == {
        "adjudicate.yml",
        "orders-from-issue.yml",
        "pages.yml",
        "validate-orders.yml",
    }
    for path in workflows:
        text = path.read_text(encoding="utf-8")
        assert installs(text) == ["pip install --quiet --require-hashes -r requirements.txt"], path.name
        assert "pipeline/" not in text and "pyproject.toml" not in text, path.name
    lint = subprocess.run([tool("actionlint"), "-no-color", *map(str, workflows)], capture_output=True, text=True)
    assert (lint.returncode, lint.stdout + lint.stderr) == (0, "")
    audit = [tool("zizmor"), "--offline", "--no-config", "--persona", "auditor", "--color", "never"]
    result = subprocess.run([*audit, *map(str, workflows)], capture_output=True, text=True)
    assert result.returncode == 0 and "No findings to report" in result.stdout, result.stdout + result.stderr


def test_init_writes_over_nothing_and_names_every_file_there(tmp_path: Path) -> None:
    repo = tmp_path / "club"
    (repo / "site").mkdir(parents=True)
    (repo / "README.md").write_text("ours\n", encoding="utf-8")
    (repo / "site" / "index.md").write_text("ours\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["init", str(repo), "--wheel", str(fake_wheel(tmp_path))])
    assert result.exit_code == 1
    assert f"{repo / 'README.md'}: already exists" in result.output
    assert f"{repo / 'site' / 'index.md'}: already exists" in result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in repo.rglob("*")) == ["README.md", "index.md", "site"]
    assert (repo / "README.md").read_text(encoding="utf-8") == "ours\n"


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("pbem_pipeline-0.0.1-py3-none-any.whl", None, "release 0.0.1, but this judge is release"),
        ("judge.whl", None, "not the wheel of a release of the judge"),
        (f"pbem_pipeline-{__version__}-py3-none-any.whl", b"not a zip", "not a complete wheel of the judge"),
    ],
)
def test_init_takes_only_this_releases_wheel(tmp_path: Path, name: str, content: bytes | None, said: str) -> None:
    wheel = fake_wheel(tmp_path, "0.0.1") if content is None else tmp_path / name
    if content is not None:
        wheel.write_bytes(content)
    wheel = wheel.rename(tmp_path / name)
    result = CliRunner().invoke(cli, ["init", str(tmp_path / "club"), "--wheel", str(wheel)])
    assert result.exit_code == 1 and said in result.output and str(wheel) in result.output, result.output
    assert not (tmp_path / "club").exists()


OLD = "0.1.9"  # the release the club's repository is made with, in the upgrade's tests
ENGLAND = "game: dip\nturn: 1901-spring-movement\npower: england\norders: [F lon-nth, F edi-nwg, A lvp-yor]\n"


@pytest.fixture
def older_club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A club's repository made by release 0.1.9 (this judge, calling itself so), with a Diplomacy game
    whose first turn that release adjudicated."""
    from pipeline.commands import turn_files

    monkeypatch.setattr(club, "__version__", OLD)
    monkeypatch.setattr(turn_files, "__version__", OLD)
    repo = tmp_path / "club"
    club.init(repo, fake_wheel(tmp_path, OLD))
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(repo / "games" / "dip"), "--master", "alice"]).exit_code == 0
    (repo / "games" / "dip" / "orders" / "1901-spring-movement" / "england.yaml").write_text(ENGLAND, encoding="utf-8")
    assert runner.invoke(cli, ["adjudicate", str(repo / "games" / "dip"), "--force"]).exit_code == 0
    monkeypatch.undo()
    return repo


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_upgrade_moves_a_club_whose_past_is_unchanged(older_club: Path, tmp_path: Path) -> None:
    """Issue 33: every game replayed under the new release, then the lock, the wheel and the workflows
    written again; the games and the club's own files untouched."""
    (older_club / "site" / "index.md").write_text("# Our club\n", encoding="utf-8")
    (older_club / ".github" / "workflows" / "pages.yml").write_text("edited\n", encoding="utf-8")
    before = snapshot(older_club)
    (tmp_path / "dist").mkdir()
    wheel = fake_wheel(tmp_path / "dist")
    result = CliRunner().invoke(cli, ["upgrade", str(older_club), "--wheel", str(wheel)])
    assert result.exit_code == 0, result.output
    assert f"dip: its past is the same under release {__version__}" in result.output
    assert f"upgraded from release {OLD} to {__version__}" in result.output
    after = snapshot(older_club)
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert f"./.judge/{wheel.name} \\\n    --hash=sha256:{digest}\n" in after["requirements.txt"].decode()
    assert f".judge/pbem_pipeline-{OLD}-py3-none-any.whl" not in after and f".judge/{wheel.name}" in after
    assert after[".github/workflows/pages.yml"] != b"edited\n"  # the release's file, written again
    unchanged = [name for name in before if not club.owned_by_release(name)]
    assert {name: after[name] for name in unchanged} == {name: before[name] for name in unchanged}
    results = after["games/dip/results/1901-spring-movement.yaml"].decode()
    assert results.startswith(f"# Results of turn 1901-spring-movement, adjudicated by judge {OLD}.\n")


def test_upgrade_refuses_a_release_that_would_change_the_past(older_club: Path, tmp_path: Path) -> None:
    """A game whose committed results the new release would not give again (here the old release had
    England's fleet bounce): refused, naming the game, the turn and the file; not a byte written."""
    results = older_club / "games" / "dip" / "results" / "1901-spring-movement.yaml"
    text = results.read_text(encoding="utf-8")
    was = "{order: F edi-nwg, result: succeeds, succeeded: true}"
    assert was in text
    results.write_text(text.replace(was, "{order: F edi-nwg, result: bounced, succeeded: false}"), encoding="utf-8")
    before = snapshot(older_club)
    (tmp_path / "dist").mkdir()
    result = CliRunner().invoke(cli, ["upgrade", str(older_club), "--wheel", str(fake_wheel(tmp_path / "dist"))])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert f"{older_club / 'games' / 'dip'}: its past would change under release {__version__}" in said
    assert f"turn 1901-spring-movement, first in {results}" in said
    assert f"refused, the repository left at release {OLD}" in said
    assert "Traceback" not in result.output
    assert snapshot(older_club) == before


def test_upgrade_to_the_release_installed_is_refused(tmp_path: Path) -> None:
    wheel = fake_wheel(tmp_path)
    club.init(tmp_path / "club", wheel)
    result = CliRunner().invoke(cli, ["upgrade", str(tmp_path / "club"), "--wheel", str(wheel)])
    assert result.exit_code == 1 and f"already installs release {__version__}" in result.output


def test_init_writes_nothing_through_a_link_out_of_the_repository(tmp_path: Path) -> None:
    """The wheel's folder a symbolic link to elsewhere: refused before anything is written."""
    repo, elsewhere = tmp_path / "club", tmp_path / "elsewhere"
    repo.mkdir()
    elsewhere.mkdir()
    (repo / ".judge").symlink_to(elsewhere)
    result = CliRunner().invoke(cli, ["init", str(repo), "--wheel", str(fake_wheel(tmp_path))])
    assert result.exit_code == 1 and "leads out of" in result.output, result.output
    assert list(elsewhere.iterdir()) == [] and sorted(p.name for p in repo.iterdir()) == [".judge"]
