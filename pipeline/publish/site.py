"""Writing the site's generated pages: only under site/games/, so hand-written pages stay as they are.

`judge site` writes, in English (`page.md`) and French (`page.fr.md`):

    site/games/index.md                the games and their state
    site/games/rules/                  the Rules section: each family's rules and order syntax for players,
                                       from the pages it ships in its package (reference.py)
    site/games/feed.xml                an RSS feed of the adjudicated phases (feed.fr.xml in French)
    site/games/<id>/...                each game's pages (see pages.py), its order page and, with secret
                                       money, its private-report page, with their data (order_form.py)
    site/games/order-form-<lang>.json  the order form script's words, in each language
    site/games/.generated              the list of files written, so that the next run removes the ones
                                       it no longer writes (a turn replayed away, a game removed)

    site/games/.home.md, .home.fr.md   the games block of the home pages

A game's pages are made again only when something they are made from has changed: the game's folder, the
judge's own files (code, maps, drawings, catalogues) and the libraries that shape them, the repository's
URL. Each game's pages are kept in a cache folder (`_build/cache/judge-site/<game-id>.json`, which CI keeps
between runs) under the digest of all that (`game_key`); a file whose bytes are already those on disk is
not written again. A game made again draws only the maps whose own inputs changed (`MapCache`, in
`maps/<game-id>/` of the cache folder). The pages that show every game (the games' table, the home block,
the feed) and the reference pages are made on every run: they cost little.

The hand-written home pages (`site/index.md`, `site/index.fr.md`) hold an empty block between
`<!-- judge site: games -->` and `<!-- judge site: end -->`; the MkDocs hook (`mkdocs_hooks.py`) puts the
games block in it at build time, so `judge site` never changes a file outside `site/games/` (and a file
starting with a dot is not a page of its own for MkDocs).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shutil
import sys
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.errors import DataError
from pipeline.shared.i18n import LANGUAGES, translator
from pipeline.storage.atomic import JUDGE_FILES, TEMP_SUFFIX
from pipeline.storage.gamedir import Game, load_game
from pipeline.storage.maps import setup_path

from . import mkdocs_config
from .digests import add_part
from .feed import feed
from .order_form import form_pages, ui_pages
from .pages import RULES, GameInfo, Maps, Page, game_info, game_pages, games_table, localized
from .reference import reference_pages
from .turns import turn_maps

if TYPE_CHECKING:
    from concurrent.futures import Future

MANIFEST = Path("games") / ".generated"
PENDING = Path("games") / ".generated.pending"  # what a run is writing, until its list is written
CACHE = Path("_build") / "cache" / "judge-site"  # beside the site folder, as mkdocs.yml's site_dir is
# the games block of the home pages, where the MkDocs hook reads it (`mkdocs_hooks.HOME_BLOCK`: not imported
# from there, which would import Markdown into every run of `judge site`)
HOME_BLOCK = Path("games") / ".home.md"
# the libraries whose versions shape the pages: dates and numbers (babel), the maps' and charts' SVG (svgwrite),
# what YAML files read as (ruamel.yaml)
LIBRARIES = ("babel", "svgwrite", "ruamel.yaml", "ruamel.yaml.clib")


def mkdocs_setting(site_dir: Path, key: str) -> str | None:
    """A top-level `key: value` of the mkdocs.yml beside the site folder (`mkdocs_config.setting`)."""
    path = site_dir.parent / "mkdocs.yml"
    return mkdocs_config.setting(path.read_text(encoding="utf-8"), key) if path.is_file() else None


GITHUB_REPOSITORY = re.compile(r"(?P<owner>[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))/(?P<name>[A-Za-z0-9._-]{1,100})")


def pages_url(repository: str) -> str | None:
    """The GitHub Pages address of a repository named ``owner/name`` (GitHub Actions' GITHUB_REPOSITORY):
    ``https://owner.github.io/name/``, or ``https://owner.github.io/`` for the owner's own ``owner.github.io``;
    None for anything else."""
    match = GITHUB_REPOSITORY.fullmatch(repository)
    if match is None or match["name"] in (".", ".."):
        return None
    owner = match["owner"].lower()
    if match["name"].lower() == f"{owner}.github.io":
        return f"https://{owner}.github.io/"
    return f"https://{owner}.github.io/{match['name']}/"


def language_setting(site_dir: Path, lang: str, key: str) -> str | None:
    """A `key: value` of `lang`'s entry in the i18n plugin's languages of the mkdocs.yml beside the site
    folder (`site_name` in French: `mkdocs_config.language_setting`)."""
    path = site_dir.parent / "mkdocs.yml"
    return mkdocs_config.language_setting(path.read_text(encoding="utf-8"), lang, key) if path.is_file() else None


def home_block(infos: list[GameInfo], lang: str) -> str:
    """The games block of the home page in `lang` (its links are relative to the home page)."""
    t = translator(lang)
    lines = [*games_table(infos, lang, "games/"), ""]
    lines.append(
        t.gettext("[The rules of each game](%(rules)s) · [RSS feed of new turns](%(feed)s)")
        % {"rules": "games/rules/index.md", "feed": "games/feed.xml"}
    )
    return "\n".join(lines) + "\n"


def index_page(infos: list[GameInfo], lang: str) -> str:
    t = translator(lang)
    lines = ["# " + t.gettext("Games"), "", *games_table(infos, lang, "")]
    lines += [
        "",
        t.gettext("[The rules of each game](%(rules)s) · [RSS feed of new turns](%(feed)s)")
        % {"rules": "rules/index.md", "feed": "feed.xml"},
    ]
    return "\n".join(lines) + "\n"


def build_site(
    games_dir: Path,
    site_dir: Path,
    repo_url: str | None = None,
    site_url: str | None = None,
    cache_dir: Path | None = None,
    jobs: int | None = None,
) -> list[Path]:
    """Write the pages of every game in `games_dir` under `site_dir`/games in every language, fill the
    home pages' games block, and remove the files a previous run wrote that this one does not; return
    the site's files (written, or already there with those bytes), relative to `site_dir`. `repo_url` and
    `site_url` default to those of the mkdocs.yml beside `site_dir`. With `cache_dir`, a game whose inputs
    are those of a previous run takes its pages from there (`game_key`) instead of making them again.

    The games to make are made by `jobs` processes at once (by default one per processor), and their pages
    written as each is made: a club's site of a hundred games holds a few games at a time in memory."""
    repo_url = repo_url or mkdocs_setting(site_dir, "repo_url")
    site_url = site_url or mkdocs_setting(site_dir, "site_url")
    folders = sorted(p for p in games_dir.iterdir() if (p / "game.yaml").exists()) if games_dir.is_dir() else []
    if any(folder.name == RULES.name for folder in folders):
        raise DataError(
            f"{games_dir / RULES.name}: a game may not be called {RULES.name!r}, the name of the site's Rules "
            "section (games/rules/): rename the game's folder"
        )
    infos = [game_info(load_game(folder), repo_url) for folder in folders]
    code = code_key() if cache_dir is not None else ""
    before = _previously_written(site_dir)
    written: set[Path] = set()

    def write(files: list[tuple[Path, bytes]]) -> None:
        # the pending list names each file before it is written: a run killed midway leaves no file that
        # the next run would not know to remove
        with (site_dir / PENDING).open("a", encoding="utf-8") as pending:
            pending.writelines(f"{path}\n" for path, _ in files)
        _write_changed(site_dir, {site_dir / path: data for path, data in files})
        written.update(path for path, _ in files)

    (site_dir / PENDING).parent.mkdir(parents=True, exist_ok=True)
    to_make: list[tuple[GameInfo, str, MapCache | None]] = []
    for info in infos:
        if cache_dir is None:
            to_make.append((info, "", None))
            continue
        files = game_files(info.game)  # each file read once, for the game's key and its maps' alike
        key = game_key(info.game, code, repo_url, files)
        cached = _cached_pages(cache_dir, info.game.id, key)
        if cached is None:
            to_make.append((info, key, MapCache(cache_dir / MAPS / info.game.id, map_keys(info.game, code, files))))
        else:
            write(cached)
    made_pages = _made_pages([(info, maps) for info, _, maps in to_make], jobs)
    for (info, key, maps), pages in zip(to_make, made_pages, strict=True):
        made = _encoded(pages)
        if cache_dir is not None:
            _keep_pages(cache_dir, info.game.id, key, made)
        if maps is not None:
            maps.tidy()
        info.game.forget_files()
        write(made)
    if cache_dir is not None:
        _forget_other_games(cache_dir, {info.game.id for info in infos})
    shared = [*reference_pages(), *ui_pages()]
    for lang in LANGUAGES:
        shared.append(Page(localized(Path("games") / "index.md", lang), index_page(infos, lang)))
        shared.append(Page(localized(HOME_BLOCK, lang), home_block(infos, lang)))
    name = mkdocs_setting(site_dir, "site_name") or ""
    for lang in LANGUAGES:
        title = language_setting(site_dir, lang, "site_name") or name  # the French feed: the French site name
        shared.append(Page(localized(Path("games") / "feed.xml", lang), feed(infos, site_url, title, lang)))
    write(_encoded(shared))
    _remove(site_dir, before - {str(path) for path in written})
    listing = "\n".join(sorted(str(path) for path in written)) + "\n"
    _write_changed(site_dir, {site_dir / MANIFEST: listing.encode("utf-8")})
    (site_dir / PENDING).unlink()
    return sorted(written)


def _encoded(pages: list[Page]) -> list[tuple[Path, bytes]]:
    return [(page.path, page.content.encode("utf-8")) for page in pages]


def _pages_of(info: GameInfo) -> list[Page]:
    """A game's pages and its order form's."""
    return [*game_pages(info.game, info=info), *form_pages(info)]


def _pages_in_folder(folder: Path, repo_url: str | None, maps: MapCache | None) -> list[Page]:
    """`_pages_of` the game in `folder`, as a worker process makes them."""
    return _pages_of(_drawn_by(game_info(load_game(folder), repo_url), maps))


# the folders of a game whose files belong to one turn each (by name): the others are every turn's input
TURN_FOLDERS = ("state", "results", "orders", "private", "narrative")
# the files of a game's folder no map is drawn from: when each turn's orders are due
NOT_DRAWN = ("deadlines.yaml",)


def map_keys(game: Game, code: str, files: GameFiles) -> dict[str, str]:
    """The digest of each turn's map (one for every language): of `code` (`code_key`), the game's map file,
    every file of the game's folder that is not a turn's own (game.yaml and anything else there, the
    deadlines aside), the turn's files and the next turn's in ``state/`` (the position played and the one it
    led to) and the turn's in ``results/``: all a turn's map is drawn from, and more. From `files`, the
    digests `game_key` read too."""
    every_turn = hashlib.sha256()
    for part in (code, game.id, game.map_name, files.setup):
        add_part(every_turn, part.encode())
    own: dict[tuple[str, str], hashlib._Hash] = {}  # (folder, turn) -> the digest of that turn's files there
    for name, file_digest in files.files:
        folder, _, rest = name.partition("/")
        if rest and folder in TURN_FOLDERS:
            if folder not in ("state", "results"):
                continue
            digest = own.setdefault((folder, rest.split(".", 1)[0]), hashlib.sha256())
        elif name in NOT_DRAWN:
            continue
        else:
            digest = every_turn
        add_part(digest, name.encode())
        add_part(digest, file_digest.encode())
    common = every_turn.hexdigest()
    turns = game.turns()
    keys = {}
    for turn, following in zip(turns, [*turns[1:], ""], strict=True):
        parts = [common, turn, following]
        parts += [
            own[place].hexdigest() if place in own else ""
            for place in (("state", turn), ("state", following), ("results", turn))
        ]
        digest = hashlib.sha256()
        for part in (*parts, *LANGUAGES):
            add_part(digest, part.encode())
        keys[turn] = digest.hexdigest()
    return keys


@dataclasses.dataclass(frozen=True)
class MapCache:
    """A game's maps as drawn before, in `folder` (`_build/cache/judge-site/maps/<game-id>/`), each turn's
    under the digest of what it is drawn from (`keys`, `map_keys`), so that a new turn draws its own maps,
    not every turn's again."""

    folder: Path
    keys: Mapping[str, str]  # turn -> the digest of its map (`map_keys`)

    def draw(self, game: Game, turn: str, turns: Sequence[str]) -> Maps:
        """A turn's maps by name and language (`turns.turn_maps`), as drawn before or drawn now and kept: one
        file for the turn, each drawing in it once however many languages it serves."""
        path = self.folder / f"{self.keys[turn]}.json"
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            return {
                name: {lang: kept["svgs"][i] for lang, i in by_lang.items()} for name, by_lang in kept["maps"].items()
            }
        except (OSError, ValueError, KeyError, TypeError, IndexError):  # not drawn yet
            pass
        maps = turn_maps(game, turn, LANGUAGES, turns)
        svgs: list[str] = []
        index: dict[str, dict[str, int]] = {}
        for name, by_lang in maps.items():
            for lang, svg in by_lang.items():
                if svg not in svgs:
                    svgs.append(svg)
                index.setdefault(name, {})[lang] = svgs.index(svg)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")
        try:
            temporary.write_text(json.dumps({"maps": index, "svgs": svgs}), encoding="utf-8")
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
        return maps

    def tidy(self) -> None:
        """Remove the game's maps that none of its turns is drawn from any more (a game made again)."""
        kept = {f"{key}.json" for key in self.keys.values()}
        for path in self.folder.iterdir() if self.folder.is_dir() else []:
            if path.name not in kept:
                path.unlink(missing_ok=True)


def _made_pages(games: list[tuple[GameInfo, MapCache | None]], jobs: int | None) -> Iterator[list[Page]]:
    """Each game's pages, in order, made by `jobs` processes (a few games ahead of the one given back), its
    maps drawn through its `MapCache` if it has one."""
    jobs = min(jobs or os.cpu_count() or 1, len(games))
    if jobs <= 1:
        yield from (_pages_of(_drawn_by(info, maps)) for info, maps in games)
        return
    from concurrent.futures import ProcessPoolExecutor  # here: a site of one game needs no worker processes

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        waiting: deque[tuple[GameInfo, MapCache | None, Future[list[Page]]]] = deque()
        for info, maps in games:
            waiting.append((info, maps, pool.submit(_pages_in_folder, info.game.folder, info.repo_url, maps)))
            if len(waiting) > 2 * jobs:
                yield _result(*waiting.popleft())
        while waiting:
            yield _result(*waiting.popleft())


def _result(info: GameInfo, maps: MapCache | None, made: Future[list[Page]]) -> list[Page]:
    try:
        return made.result()
    except Exception:  # made again here, so that its error is the one the command reports, as it is
        return _pages_of(_drawn_by(info, maps))


def _drawn_by(info: GameInfo, maps: MapCache | None) -> GameInfo:
    """The game with its maps drawn through the cache, if there is one."""
    return dataclasses.replace(info, draw_map=maps.draw) if maps is not None else info


def _write_changed(site_dir: Path, files: dict[Path, bytes]) -> None:
    """Write the files whose bytes differ from those on disk (each through a temporary file beside it, so a
    reader never sees half a page), only under site/games/. Nothing here needs a journal or a flush to
    disk: the site is made again from the games by the next run."""
    games = (site_dir / "games").resolve()
    allowed: dict[Path, bool] = {}
    for path, data in files.items():
        try:
            if path.read_bytes() == data:
                continue
        except OSError:
            pass
        folder = path.parent
        if folder not in allowed:
            allowed[folder] = folder.resolve().is_relative_to(games)
            if allowed[folder]:
                folder.mkdir(parents=True, exist_ok=True)
        if not allowed[folder]:  # a folder under site/games/ that is a link to elsewhere
            raise DataError(f"not written: {path} is not under {site_dir / 'games'}")
        temporary = folder / f".{path.name}.{os.getpid()}{TEMP_SUFFIX}"
        try:
            temporary.write_bytes(data)
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)


def code_key() -> str:
    """The digest of what makes every game's pages besides the game: the judge's own files (code, maps,
    drawings, catalogues: everything in the package), the versions of the libraries that shape its output,
    and Python's."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".mo"):
            add_part(digest, path.relative_to(package).as_posix().encode())
            add_part(digest, path.read_bytes())
    for name in LIBRARIES:
        add_part(digest, f"{name} {metadata.version(name)}".encode())
    add_part(digest, sys.version.encode())
    return digest.hexdigest()


@dataclasses.dataclass(frozen=True)
class GameFiles:
    """What a game is made from, each file read once (`game_files`): the digest of its map file, and of each
    file of its folder by its path there (`_game_files`)."""

    setup: str
    files: tuple[tuple[str, str], ...]


def game_files(game: Game) -> GameFiles:
    """The digests of the game's map file and of every file of its folder (the judge's lock and journal
    aside), each file read once."""
    files = []
    for name, path in _game_files(game):
        with open(path, "rb") as file:
            files.append((name, hashlib.sha256(file.read()).hexdigest()))
    setup = hashlib.sha256(setup_path(game.family, game.map_name).read_bytes()).hexdigest()
    return GameFiles(setup, tuple(files))


def game_key(game: Game, code: str, repo_url: str | None, files: GameFiles) -> str:
    """The digest of everything a game's pages are made from: `code` (`code_key`), the repository's URL,
    the game's map file, and every file of the game's folder, by path and bytes (`files`, `game_files`)."""
    digest = hashlib.sha256()
    for part in (code, repo_url or "", game.id, game.map_name, files.setup):
        add_part(digest, part.encode())
    for name, file_digest in files.files:
        add_part(digest, name.encode())
        add_part(digest, file_digest.encode())
    return digest.hexdigest()


def _game_files(game: Game) -> Iterator[tuple[str, str]]:
    """Every file of the game's folder (the judge's lock and journal aside), in a set order: its path in
    the folder (``state/1454-spring-movement.yaml``) and on disk."""
    root = str(game.folder)
    for top, folders, names in os.walk(root):
        folders.sort()
        for name in sorted(names):
            if name not in JUDGE_FILES and not name.endswith(TEMP_SUFFIX):
                path = os.path.join(top, name)
                yield os.path.relpath(path, root).replace(os.sep, "/"), path


CACHE_SUFFIX = ".pages"
MAPS = "maps"  # the folder of the maps' cache, in the cache folder


def _cache_file(cache_dir: Path, game_id: str) -> Path:
    return cache_dir / f"{game_id}{CACHE_SUFFIX}"


def _cached_pages(cache_dir: Path, game_id: str, key: str) -> list[tuple[Path, bytes]] | None:
    """The game's files as a previous run made them from the same inputs, or None.

    An entry is a line of JSON (the key, then each file's path and length) and the files' bytes one after
    the other: read back without decoding a page."""
    try:
        data = _cache_file(cache_dir, game_id).read_bytes()
        end = data.index(b"\n")
        header = json.loads(data[:end])
        if header["key"] != key:
            return None
        files, at = [], end + 1
        for path, size in header["files"]:
            files.append((Path(path), data[at : at + size]))
            at += size
        return files if at == len(data) else None
    except (OSError, ValueError, KeyError, TypeError):  # none yet, or not one this code wrote: made again
        return None


def _keep_pages(cache_dir: Path, game_id: str, key: str, files: list[tuple[Path, bytes]]) -> None:
    cache_dir.mkdir(parents=True, exist_ok=True)
    path = _cache_file(cache_dir, game_id)
    temporary = path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    header = {"key": key, "files": [[name.as_posix(), len(data)] for name, data in files]}
    try:
        with temporary.open("wb") as out:
            out.write(json.dumps(header, ensure_ascii=False).encode("utf-8") + b"\n")
            out.writelines(data for _, data in files)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _forget_other_games(cache_dir: Path, game_ids: set[str]) -> None:
    """Remove the cache's entries of games that are no longer there."""
    for path in cache_dir.glob(f"*{CACHE_SUFFIX}") if cache_dir.is_dir() else []:
        if path.name.removesuffix(CACHE_SUFFIX) not in game_ids:
            path.unlink(missing_ok=True)
    maps = cache_dir / MAPS
    for folder in maps.iterdir() if maps.is_dir() else []:
        if folder.name not in game_ids and folder.is_dir():
            shutil.rmtree(folder)


def _previously_written(site_dir: Path) -> set[str]:
    """The files the last run wrote, and those a run killed midway was writing."""
    found: set[str] = set()
    for listing in (site_dir / MANIFEST, site_dir / PENDING):
        if listing.is_file():
            found.update(line for line in listing.read_text(encoding="utf-8").splitlines() if line)
    return found


def _remove(site_dir: Path, stale: set[str]) -> None:
    """Remove files of an older run, only under site/games/, then the folders they leave empty."""
    games = (site_dir / "games").resolve()
    for name in sorted(stale):
        path = (site_dir / name).resolve()
        if path.is_relative_to(games) and path.is_file():
            path.unlink()
            parent = path.parent
            while parent != games and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent
