"""Writing the site's generated pages: only under site/games/, so hand-written pages stay as they are."""

from __future__ import annotations

from pathlib import Path

from pipeline.storage.gamedir import load_game, write_all

from .i18n import LANGUAGES, translator
from .pages import Page, game_pages, localized


def build_site(games_dir: Path, site_dir: Path) -> list[Page]:
    """Write the pages of every game in `games_dir` under `site_dir`/games, in every report language;
    return them."""
    pages: list[Page] = []
    folders = sorted(p for p in games_dir.iterdir() if (p / "game.yaml").exists()) if games_dir.is_dir() else []
    for folder in folders:
        pages.extend(game_pages(load_game(folder)))
    for lang in LANGUAGES:
        # links name the default-language page: mkdocs-static-i18n sends each language to its own version
        index = ["# " + translator(lang).gettext("Games"), ""]
        index += [f"- [{load_game(f).title}]({f.name}/index.md)" for f in folders]
        pages.append(Page(localized(Path("games") / "index.md", lang), "\n".join(index) + "\n"))
    write_all({site_dir / p.path: p.content for p in pages})
    return pages
