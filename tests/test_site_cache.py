"""The site's caches: `judge site` makes again only the games whose inputs changed, MkDocs converts and renders
again only the game pages whose inputs changed, and either way the site is byte for byte the one a build from
scratch gives."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.errors import DataError
from pipeline.publish import site as site_module
from pipeline.publish.site import build_site
from pipeline.shared.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    for name in ("demo", "machiavelli"):
        shutil.copytree(GAMES / name, folder / name)
    return folder


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games whose pages `build_site` makes (rather than takes from the cache), in order."""
    calls: list[str] = []
    real = site_module.game_pages

    def counting(game, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(game.id)
        return real(game, *args, **kwargs)

    monkeypatch.setattr(site_module, "game_pages", counting)
    return calls


def add_narrative(games: Path) -> None:
    narrative = games / "demo" / "narrative"
    narrative.mkdir()
    (narrative / "1901-spring-movement.md").write_text("# Opening\n\nEngland sails north.\n")


def test_a_rerun_takes_every_game_from_the_cache(games: Path, tmp_path: Path, made: list[str]) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    assert made == ["demo", "machiavelli"]
    first = snapshot(site)
    inodes = {p: p.stat().st_ino for p in (site / "games").rglob("*") if p.is_file()}
    build_site(games, site, cache_dir=cache, jobs=1)
    assert made == ["demo", "machiavelli"]  # nothing made again
    assert snapshot(site) == first
    assert {p: p.stat().st_ino for p in (site / "games").rglob("*") if p.is_file()} == inodes  # nor rewritten


def test_games_of_every_family_are_kept_and_taken_back(tmp_path: Path) -> None:
    """A game of a family of its own kind (Catan, Symmachia: their setups under the family's folder, not a
    map file) is kept in the cache under the digest of its own setup file, and a rerun takes it back as
    it was: the site is that of a build from scratch."""
    games = tmp_path / "games"
    for name in ("catan-demo", "symmachia-demo"):
        shutil.copytree(GAMES / name, games / name)
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    kept = sorted(p.name for p in cache.glob("*.pages"))
    assert kept == ["catan-demo.pages", "symmachia-demo.pages"]
    first, entries = snapshot(site), {p: p.stat().st_ino for p in cache.glob("*.pages")}
    build_site(games, site, cache_dir=cache, jobs=1)
    assert {p: p.stat().st_ino for p in cache.glob("*.pages")} == entries  # taken back, not made again
    assert snapshot(site) == first == snapshot(_fresh(games, tmp_path))


def test_a_changed_game_is_made_again_and_the_site_is_that_of_a_build_from_scratch(
    games: Path, tmp_path: Path, made: list[str]
) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    add_narrative(games)
    (games / "machiavelli" / "results" / "1454-fall-adjustment.yaml").unlink()  # a turn replayed away
    (games / "machiavelli" / "state" / "1455-spring-movement.yaml").unlink()
    made.clear()
    build_site(games, site, cache_dir=cache, jobs=1)
    assert made == ["demo", "machiavelli"]
    build_site(games, site, cache_dir=cache, jobs=1)
    assert made == ["demo", "machiavelli"]
    fresh = tmp_path / "fresh"
    build_site(games, fresh)
    assert snapshot(site) == snapshot(fresh)
    assert "England sails north." in (site / "games" / "demo" / "1901-spring-movement.md").read_text()
    assert not (site / "games" / "machiavelli" / "1454-fall-adjustment.md").exists()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The maps `build_site` draws (rather than takes from the cache): game and turn (one map for every
    language)."""
    calls: list[tuple[str, str]] = []
    real = site_module.turn_maps

    def counting(game, turn, languages, turns):  # type: ignore[no-untyped-def]
        assert tuple(languages) == LANGUAGES
        assert list(turns) == game.turns()  # listed once for all the game's maps
        calls.append((game.id, turn))
        return real(game, turn, languages, turns)

    monkeypatch.setattr(site_module, "turn_maps", counting)
    return calls


def test_a_game_made_again_draws_only_the_maps_whose_inputs_changed(
    games: Path, tmp_path: Path, drawn: list[tuple[str, str]]
) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    turns = sorted(p.stem for p in (games / "machiavelli" / "state").glob("*.yaml") if ".private" not in p.name)
    assert sorted(t for g, t in drawn if g == "machiavelli") == turns  # every turn's map, once
    drawn.clear()
    add_narrative(games)  # the demo game's pages change, none of its maps
    edited = games / "machiavelli" / "results" / "1454-fall-movement.yaml"
    edited.write_text(edited.read_text() + "# read again\n")  # that turn's results file, as bytes
    build_site(games, site, cache_dir=cache, jobs=1)
    assert drawn == [("machiavelli", "1454-fall-movement")]
    drawn.clear()
    game_file = games / "machiavelli" / "game.yaml"
    game_file.write_text(game_file.read_text() + "# read again\n")  # what every turn is drawn from
    build_site(games, site, cache_dir=cache, jobs=1)
    assert sorted(t for _, t in drawn) == turns
    assert snapshot(site) == snapshot(_fresh(games, tmp_path))
    maps = cache / site_module.MAPS / "machiavelli"
    assert len(list(maps.iterdir())) == len(turns)  # the maps drawn before the change removed


def _fresh(games: Path, tmp_path: Path) -> Path:
    fresh = tmp_path / "fresh"
    build_site(games, fresh)
    return fresh


def test_only_the_game_that_changed_is_made_again(games: Path, tmp_path: Path, made: list[str]) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    add_narrative(games)
    made.clear()
    build_site(games, site, cache_dir=cache, jobs=1)
    assert made == ["demo"]


def test_new_code_or_another_repository_makes_every_game_again(
    games: Path, tmp_path: Path, made: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    made.clear()
    build_site(games, site, repo_url="https://github.com/example/games", cache_dir=cache, jobs=1)
    assert made == ["demo", "machiavelli"]
    assert "https://github.com/example/games/tree/main/" in (site / "games" / "demo" / "index.md").read_text()
    made.clear()
    monkeypatch.setattr(site_module, "code_key", lambda: "another version of the judge")
    build_site(games, site, repo_url="https://github.com/example/games", cache_dir=cache, jobs=1)
    assert made == ["demo", "machiavelli"]


def test_the_code_key_covers_the_judges_files_and_libraries() -> None:
    key = site_module.code_key()
    assert re.fullmatch(r"[0-9a-f]{64}", key) and key == site_module.code_key()
    assert "babel" in site_module.LIBRARIES and "svgwrite" in site_module.LIBRARIES


def test_a_damaged_cache_entry_is_made_again(games: Path, tmp_path: Path, made: list[str]) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    first = snapshot(site)
    (cache / "demo.pages").write_text("{not json\n")
    entry = (cache / "machiavelli.pages").read_bytes()
    (cache / "machiavelli.pages").write_bytes(entry[:-100])  # cut short
    made.clear()
    build_site(games, site, cache_dir=cache, jobs=1)
    assert made == ["demo", "machiavelli"]
    assert snapshot(site) == first


def test_a_removed_game_leaves_the_cache(games: Path, tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(games, site, cache_dir=cache, jobs=1)
    assert sorted(p.name for p in cache.iterdir()) == ["demo.pages", "machiavelli.pages", "maps"]
    assert sorted(p.name for p in (cache / "maps").iterdir()) == ["demo", "machiavelli"]
    shutil.rmtree(games / "machiavelli")
    build_site(games, site, cache_dir=cache, jobs=1)
    assert sorted(p.name for p in cache.iterdir()) == ["demo.pages", "maps"]
    assert sorted(p.name for p in (cache / "maps").iterdir()) == ["demo"]
    assert not (site / "games" / "machiavelli").exists()


def test_the_command_keeps_its_cache_beside_the_site_folder(games: Path, tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(2):
        run = subprocess.run(
            [sys.executable, "-m", "pipeline", "site"], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in (tmp_path / "_build" / "cache" / "judge-site").iterdir()) == [
        "demo.pages",
        "machiavelli.pages",
        "maps",
    ]
    run = subprocess.run(
        [sys.executable, "-m", "pipeline", "site", "--no-cache", "--site", "other"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert snapshot(tmp_path / "other") == snapshot(tmp_path / "site")


# ---- MkDocs ------------------------------------------------------------------------------------------------
def mkdocs_project(work: Path, games: Path) -> Path:
    """A copy of the project's site and mkdocs.yml (its hook's path made absolute), with `games` as its games."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    work.mkdir()
    (work / "mkdocs.yml").write_text(re.sub(r"(?m)^(  - )(pipeline/)", rf"\g<1>{ROOT}/\g<2>", config))
    shutil.copytree(ROOT / "site", work / "site", ignore=shutil.ignore_patterns("games"))
    build_site(games, work / "site")
    return work


def mkdocs_build(work: Path, cache: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("JUDGE_MKDOCS_CACHE", None)
    if cache is not None:
        env["JUDGE_MKDOCS_CACHE"] = cache
    return subprocess.run(  # not -q, which silences the warnings a strict build fails on
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(work / "mkdocs.yml")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def entries(work: Path) -> dict[str, int]:
    return {p.name: p.stat().st_ino for p in (work / "_build" / "cache" / "mkdocs").glob("*.json")}


def test_mkdocs_renders_again_only_the_pages_that_changed(tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(GAMES / "demo", games / "demo")
    shutil.copytree(GAMES / "demo", games / "other")
    other = games / "other" / "game.yaml"
    other.write_text(re.sub(r"(?m)^title: .*$", "title: A second game", other.read_text()))
    work = mkdocs_project(tmp_path / "work", games)
    assert mkdocs_build(work).returncode == 0
    first = entries(work)
    # every phase, order form and game page of both games, in both languages; none of the other pages
    assert len(first) == 2 * 2 * (len(list((games / "demo" / "results").glob("*.yaml"))) + 2)
    game_pages = [
        e for e in map(json.loads, ((work / "_build/cache/mkdocs" / n).read_text() for n in first)) if "content" in e
    ]
    assert len(game_pages) == 2 * 2 and all("output" not in e and e["toc"] for e in game_pages)  # HTML, not the page
    built = work / "_build" / "site"
    phase = built / "games" / "demo" / "1901-spring-movement" / "index.html"
    search = (built / "search" / "search_index.json").read_text()
    assert re.search(r'"location": ?"games/demo/"', search) and "games/demo/1901-spring-movement/" not in search
    html = phase.read_text()
    assert "Demo game: standard Diplomacy" in html and "Fair play" in html  # its game and the rest of the nav
    assert "A second game" not in html  # but no other game's
    assert "A second game" not in (built / "games" / "demo" / "index.html").read_text()
    home = (built / "index.html").read_text()
    assert "A second game" in home and "Demo game: standard Diplomacy" in home
    # what `judge site` wrote is linked into the built site, not copied; hand-written assets are copied
    source = work / "site" / "games" / "demo" / "1901-spring-movement.svg"
    assert (built / "games" / "demo" / "1901-spring-movement.svg").stat().st_ino == source.stat().st_ino
    css = Path("assets") / "stylesheets" / "site.css"
    assert (built / css).stat().st_ino != (work / "site" / css).stat().st_ino
    assert (built / css).read_bytes() == (work / "site" / css).read_bytes()

    add_narrative(games)
    build_site(games, work / "site")
    built = mkdocs_build(work)
    assert built.returncode == 0, built.stderr
    again = entries(work)
    changed = {name for name in again if first.get(name) != again[name]}
    assert len(changed) == 2  # the turn with the narrative, in English and in French (which shows it too)
    assert "England sails north." in phase.read_text()

    scratch = tmp_path / "scratch"
    shutil.copytree(work, scratch, ignore=shutil.ignore_patterns("_build"))
    assert mkdocs_build(scratch, cache="off").returncode == 0
    assert not (scratch / "_build" / "cache").exists()
    assert snapshot(work / "_build" / "site") == snapshot(scratch / "_build" / "site")


# the hook with its shortcuts taken out: MkDocs's own conversion, navigation and search steps for every page
PLAIN_HOOK = """
import importlib.util

spec = importlib.util.spec_from_file_location("judge_hooks", {hook!r})
hooks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hooks)
hooks._PlainTextExtension.extendMarkdown = lambda self, md: None
hooks._OneMarkdown.Markdown = lambda self, **settings: self.module.Markdown(**settings)
hooks._NAV.shared_in = lambda env: env
hooks._search_scans_only_marked_pages = lambda plugins: None
globals().update({{name: getattr(hooks, name) for name in dir(hooks) if name.startswith("on_")}})
"""


def test_the_hooks_shortcuts_give_the_site_mkdocs_gives_without_them(games: Path, tmp_path: Path) -> None:
    """Plain tables written by the hook, plain text kept from the inline patterns, one Markdown for every page,
    one navigation for a game's pages out of it, the search plugin's scan skipped (docs/site.md, "A club's
    site"): the built site is byte for byte the one MkDocs builds without them."""
    work = mkdocs_project(tmp_path / "work", games)
    plain = tmp_path / "plain"
    shutil.copytree(work, plain)
    hook = plain / "plain_hooks.py"
    hook.write_text(PLAIN_HOOK.format(hook=str(ROOT / "pipeline" / "publish" / "mkdocs_hooks.py")))
    config = plain / "mkdocs.yml"
    config.write_text(re.sub(r"(?m)^(  - ).*mkdocs_hooks\.py", rf"\g<1>{hook}", config.read_text(encoding="utf-8")))
    for folder in (work, plain):
        built = mkdocs_build(folder, cache="off")
        assert built.returncode == 0, built.stderr
    site = snapshot(work / "_build" / "site")
    assert len([name for name in site if name.endswith(".html")]) > 30
    assert site == snapshot(plain / "_build" / "site")


def test_a_page_that_warns_is_not_kept_and_a_strict_build_fails_again(tmp_path: Path) -> None:
    """A phase page with a link to a page that is not there (written into the site's Markdown: `judge site`
    writes none, a narrative's shown as text) warns, which fails a strict build every time."""
    games = tmp_path / "games"
    shutil.copytree(GAMES / "demo", games / "demo")
    work = mkdocs_project(tmp_path / "work", games)
    with (work / "site" / "games" / "demo" / "1901-spring-movement.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [the missing page](missing.md).\n")
    for _ in range(2):
        built = mkdocs_build(work)
        assert built.returncode != 0 and "missing.md" in built.stderr
    kept = [json.loads((work / "_build" / "cache" / "mkdocs" / name).read_text()) for name in entries(work)]
    assert kept and not any("the missing page" in entry.get("output", entry.get("content")) for entry in kept)


def test_games_made_by_several_processes_give_the_same_bytes_and_errors(games: Path, tmp_path: Path) -> None:
    build_site(games, tmp_path / "one", jobs=1)
    build_site(games, tmp_path / "two", jobs=2)
    assert snapshot(tmp_path / "one") == snapshot(tmp_path / "two")
    state = games / "machiavelli" / "state" / "1454-fall-movement.yaml"
    state.write_text(state.read_text().replace("phase:", "phase: [", 1))
    errors = []
    for jobs in (1, 2):
        with pytest.raises(DataError) as caught:
            build_site(games, tmp_path / f"bad-{jobs}", jobs=jobs)
        errors.append(str(caught.value))
    assert errors[0] == errors[1] and "1454-fall-movement.yaml" in errors[0]
