"""`judge build-site`: MkDocs runs unless the built site already is the one its sources make; the build's
date is the last commit's, not the clock's (docs/site.md, "Nothing changed, nothing built")."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import cli
from pipeline.errors import DataError
from pipeline.publish import built_site
from pipeline.publish.built_site import STAMP, build_if_changed
from pipeline.publish.site import build_site as write_pages

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The project's hand-written site and mkdocs.yml (its hook's path made absolute), with one game."""
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    work = tmp_path / "work"
    work.mkdir()
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (work / "mkdocs.yml").write_text(re.sub(r"(?m)^(  - )(pipeline/)", rf"\g<1>{ROOT}/\g<2>", config))
    shutil.copytree(ROOT / "site", work / "site", ignore=shutil.ignore_patterns("games"))
    shutil.copytree(ROOT / "games" / "demo", tmp_path / "games" / "demo")
    write_pages(tmp_path / "games", work / "site", cache_dir=None, jobs=1)
    return work


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every MkDocs run `build_if_changed` starts (each still run)."""
    runs: list[list[str]] = []
    real = built_site._run

    def counting(command: list[str], env: dict[str, str]) -> int:
        runs.append(command)
        return real(command, env)

    monkeypatch.setattr(built_site, "_run", counting)
    return runs


def files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder` with its inode and modification time: what a build would change."""
    found = (p for p in folder.rglob("*") if p.is_file())
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns) for p in found}


def test_a_rebuild_with_nothing_changed_runs_no_mkdocs_and_leaves_the_site_as_it_is(
    project: Path, builds: list[list[str]]
) -> None:
    config = project / "mkdocs.yml"
    assert build_if_changed(config).built
    assert len(builds) == 1 and builds[0][-4:] == ["build", "--strict", "--config-file", str(config)]
    assert (project / STAMP).is_file()
    before = files(project / "_build" / "site")
    assert (project / "_build" / "site" / "games" / "demo" / "index.html").is_file()
    assert not build_if_changed(config).built
    assert len(builds) == 1  # MkDocs not run again
    assert files(project / "_build" / "site") == before


@pytest.mark.parametrize(
    "change",
    [
        "a page written by hand",
        "a page judge site wrote",
        "a map",
        "a file added to the site folder",
        "mkdocs.yml",
        "a file of the built site",
        "a file removed from the built site",
        "the date given to the build",
    ],
)
def test_any_change_of_what_mkdocs_reads_or_wrote_builds_again(
    project: Path, builds: list[list[str]], change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, built = project / "mkdocs.yml", project / "_build" / "site"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1000000000")
    build_if_changed(config)
    if change == "a page written by hand":
        page = project / "site" / "fair-play.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    elif change == "a page judge site wrote":
        page = project / "site" / "games" / "demo" / "index.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    elif change == "a map":
        svg = next((project / "site" / "games" / "demo").glob("*.svg"))
        svg.write_bytes(svg.read_bytes().replace(b"</svg>", b"<!-- x --></svg>"))
    elif change == "a file added to the site folder":
        (project / "site" / "assets" / "extra.txt").write_text("new\n", encoding="utf-8")
    elif change == "mkdocs.yml":
        config.write_text(config.read_text(encoding="utf-8").replace("Play-by-mail games", "A club's games"))
    elif change == "a file of the built site":
        page = built / "fair-play" / "index.html"
        page.write_text("<p>not what MkDocs wrote</p>", encoding="utf-8")
    elif change == "a file removed from the built site":
        (built / "fair-play" / "index.html").unlink()
    else:
        monkeypatch.setenv("SOURCE_DATE_EPOCH", "1100000000")
    assert build_if_changed(config).built
    assert len(builds) == 2
    if change == "a page written by hand":
        assert "One more line." in (built / "fair-play" / "index.html").read_text(encoding="utf-8")
    if change == "mkdocs.yml":
        assert "A club&#39;s games" in (built / "index.html").read_text(encoding="utf-8")
    if change.startswith("a file") and "built site" in change:
        assert "not what MkDocs wrote" not in (built / "fair-play" / "index.html").read_text(encoding="utf-8")
    assert not build_if_changed(config).built  # and then it is stamped again


def test_a_failed_build_leaves_no_stamp_and_the_next_run_builds(project: Path, builds: list[list[str]]) -> None:
    """A strict build that fails (a link to no page: a warning) says so in words, and the stamp of the build
    before is gone: the site folder is whatever MkDocs left of it."""
    config = project / "mkdocs.yml"
    build_if_changed(config)
    page = project / "site" / "fair-play.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text + "\n[a page that is not there](nowhere.md)\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"mkdocs build --strict failed for mkdocs\.yml .*: the site was not built"):
        build_if_changed(config)
    assert not (project / STAMP).exists()
    page.write_text(text, encoding="utf-8")  # back as it was: the site is the same, but built again
    assert build_if_changed(config).built
    assert len(builds) == 3


def test_the_build_takes_the_last_commits_date_not_the_clocks(project: Path) -> None:
    """The sitemap's dates (and the gzip header of sitemap.xml.gz) are the build's date: the last commit's,
    so the same commit gives the same bytes whatever the day."""
    config = project / "mkdocs.yml"  # a sitemap needs the site's address
    config.write_text(config.read_text(encoding="utf-8").replace("# site_url:", "site_url:"), encoding="utf-8")
    env = {**os.environ, "GIT_AUTHOR_DATE": "2001-02-03T04:05:06Z", "GIT_COMMITTER_DATE": "2001-02-03T04:05:06Z"}
    for command in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
        subprocess.run(["git", "-C", str(project), *command], check=True, env=env)
    outcome = build_if_changed(project / "mkdocs.yml")
    assert outcome.date_source == "the last commit"
    sitemap = (project / "_build" / "site" / "sitemap.xml").read_text(encoding="utf-8")
    dates = set(re.findall(r"<lastmod>([^<]*)</lastmod>", sitemap))
    assert dates == {"2001-02-03"}
    assert "<loc>https://OWNER.github.io/REPO/fair-play/</loc>" in sitemap
    first = (project / "_build" / "site" / "sitemap.xml.gz").read_bytes()
    assert int.from_bytes(first[4:8], "little") == 981158400  # the gzip header's time: the commit's day, 00:00 UTC


def test_outside_a_repository_the_clock_dates_the_build(project: Path) -> None:
    no_repository = {**os.environ, "GIT_CEILING_DIRECTORIES": str(project.parent)}
    outcome = build_if_changed(project / "mkdocs.yml", environment=no_repository)
    assert outcome.date_source == "the clock"


def test_the_command_says_what_it_did(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1000000000")
    first = CliRunner().invoke(cli, ["build-site"])
    assert first.exit_code == 0, first.output
    assert "built the site of mkdocs.yml (its date: SOURCE_DATE_EPOCH)" in first.output
    again = CliRunner().invoke(cli, ["build-site"])
    assert again.exit_code == 0
    assert "already the one its sources make: nothing to build" in again.output
    missing = CliRunner().invoke(cli, ["build-site", "--config", "other.yml"])
    assert missing.exit_code == 1
    assert "other.yml: no such file (the site's mkdocs.yml)" in missing.output
    assert "Traceback" not in missing.output


def test_a_site_without_its_address_has_no_sitemap(project: Path) -> None:
    """A sitemap's addresses are absolute: without `site_url` every one began with "None" (mkdocs-static-i18n's
    template), so such a site has none (the hook's `on_post_build`)."""
    build_if_changed(project / "mkdocs.yml")
    built = project / "_build" / "site"
    assert (built / "index.html").is_file()
    assert not (built / "sitemap.xml").exists() and not (built / "sitemap.xml.gz").exists()
    assert "None" not in "".join(p.name for p in built.rglob("*"))
