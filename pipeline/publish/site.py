"""Writing the site's generated pages: only under site/games/, so hand-written pages stay as they are."""

from __future__ import annotations

from pathlib import Path

from pipeline.storage.gamedir import load_game, write_all

from .pages import Page, game_pages


def build_site(games_dir: Path, site_dir: Path) -> list[Page]:
    """Write the pages of every game in `games_dir` under `site_dir`/games; return them."""
    pages: list[Page] = []
    folders = sorted(p for p in games_dir.iterdir() if (p / "game.yaml").exists()) if games_dir.is_dir() else []
    for folder in folders:
        pages.extend(game_pages(load_game(folder)))
    index = ["# Games", ""] + [f"- [{load_game(f).title}]({f.name}/index.md)" for f in folders]
    pages.append(Page(Path("games") / "index.md", "\n".join(index) + "\n"))
    write_all({site_dir / p.path: p.content for p in pages})
    return pages
