"""Writing the site's generated pages: only under site/games/, so hand-written pages stay as they are.

`judge site` writes, in English (`page.md`) and French (`page.fr.md`):

    site/games/index.md                the games and their state
    site/games/rules.md, orders.md     the rule profiles and the order syntax (from the code and docs/)
    site/games/feed.xml                an RSS feed of the adjudicated phases (feed.fr.xml in French)
    site/games/<id>/...                each game's pages (see pages.py), its order page and, with secret
                                       money, its private-report page, with their data (order_form.py)
    site/games/order-form-<lang>.json  the order form script's words, in each language
    site/games/.generated              the list of files written, so that the next run removes the ones
                                       it no longer writes (a turn replayed away, a game removed)

    site/games/.home.md, .home.fr.md   the games block of the home pages

The hand-written home pages (`site/index.md`, `site/index.fr.md`) hold an empty block between
`<!-- judge site: games -->` and `<!-- judge site: end -->`; the MkDocs hook (`mkdocs_hooks.py`) puts the
games block in it at build time, so `judge site` never changes a file outside `site/games/` (and a file
starting with a dot is not a page of its own for MkDocs).
"""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.storage.gamedir import load_game, write_all

from .feed import feed
from .i18n import LANGUAGES, translator
from .mkdocs_hooks import HOME_BLOCK
from .order_form import form_pages, ui_pages
from .pages import GameInfo, Page, game_info, game_pages, games_table, localized
from .reference import reference_pages

MANIFEST = Path("games") / ".generated"


def mkdocs_setting(site_dir: Path, key: str) -> str | None:
    """A top-level `key: value` of the mkdocs.yml beside the site folder (read as a line: the file may
    hold tags only mkdocs knows)."""
    path = site_dir.parent / "mkdocs.yml"
    if not path.is_file():
        return None
    match = re.search(rf"^{key}:[ \t]*([^#\n]*?)[ \t]*(?:#.*)?$", path.read_text(encoding="utf-8"), re.MULTILINE)
    return (match[1].strip("'\"") or None) if match else None


def language_setting(site_dir: Path, lang: str, key: str) -> str | None:
    """A `key: value` of `lang`'s entry in the i18n plugin's languages of the mkdocs.yml beside the site
    folder (`site_name` in French), read as lines like `mkdocs_setting`."""
    path = site_dir.parent / "mkdocs.yml"
    if not path.is_file():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if re.fullmatch(rf"(\s*)- locale:\s*{lang}\s*", line):
            indent = len(line) - len(line.lstrip()) + 2
            for entry in lines[i + 1 :]:
                if len(entry) - len(entry.lstrip()) < indent or entry.lstrip().startswith("- "):
                    break
                found = re.fullmatch(rf"\s*{key}:[ \t]*([^#\n]*?)[ \t]*(?:#.*)?", entry)
                if found:
                    return found[1].strip("'\"") or None
    return None


def home_block(infos: list[GameInfo], lang: str) -> str:
    """The games block of the home page in `lang` (its links are relative to the home page)."""
    t = translator(lang)
    lines = [*games_table(infos, lang, "games/"), ""]
    lines.append(
        t.gettext("[Rule profiles](%(rules)s) · [Order syntax](%(orders)s) · [RSS feed of new turns](%(feed)s)")
        % {"rules": "games/rules.md", "orders": "games/orders.md", "feed": "games/feed.xml"}
    )
    return "\n".join(lines) + "\n"


def index_page(infos: list[GameInfo], lang: str) -> str:
    t = translator(lang)
    lines = ["# " + t.gettext("Games"), "", *games_table(infos, lang, "")]
    lines += [
        "",
        t.gettext("[Rule profiles](%(rules)s) · [Order syntax](%(orders)s) · [RSS feed of new turns](%(feed)s)")
        % {"rules": "rules.md", "orders": "orders.md", "feed": "feed.xml"},
    ]
    return "\n".join(lines) + "\n"


def build_site(games_dir: Path, site_dir: Path, repo_url: str | None = None, site_url: str | None = None) -> list[Page]:
    """Write the pages of every game in `games_dir` under `site_dir`/games in every language, fill the
    home pages' games block, and remove the files a previous run wrote that this one does not; return
    the pages written. `repo_url` and `site_url` default to those of the mkdocs.yml beside `site_dir`."""
    repo_url = repo_url or mkdocs_setting(site_dir, "repo_url")
    site_url = site_url or mkdocs_setting(site_dir, "site_url")
    folders = sorted(p for p in games_dir.iterdir() if (p / "game.yaml").exists()) if games_dir.is_dir() else []
    infos = [game_info(load_game(folder), repo_url) for folder in folders]
    pages: list[Page] = []
    for info in infos:
        pages.extend(game_pages(info.game, info=info))
        pages.extend(form_pages(info))
    pages.extend(reference_pages())
    pages.extend(ui_pages())
    for lang in LANGUAGES:
        pages.append(Page(localized(Path("games") / "index.md", lang), index_page(infos, lang)))
        pages.append(Page(localized(HOME_BLOCK, lang), home_block(infos, lang)))
    name = mkdocs_setting(site_dir, "site_name") or ""
    for lang in LANGUAGES:
        title = language_setting(site_dir, lang, "site_name") or name  # the French feed: the French site name
        pages.append(Page(localized(Path("games") / "feed.xml", lang), feed(infos, site_url, title, lang)))
    files = {site_dir / p.path: p.content for p in pages}
    written = sorted(str(p.path) for p in pages)
    files[site_dir / MANIFEST] = "\n".join(written) + "\n"
    stale = _previously_written(site_dir) - set(written)
    write_all(files)
    _remove(site_dir, stale)
    return pages


def _previously_written(site_dir: Path) -> set[str]:
    manifest = site_dir / MANIFEST
    if not manifest.is_file():
        return set()
    return {line for line in manifest.read_text(encoding="utf-8").splitlines() if line}


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
