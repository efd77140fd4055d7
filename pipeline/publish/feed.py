"""An RSS 2.0 feed of the adjudicated phases of every game, `games/feed.xml`, written by `judge site`.

Written by hand rather than by mkdocs-rss-plugin, which dates pages from `git log` (a shallow CI checkout
has no history) and would date a page by its last commit rather than by its turn. Turn ids carry no date:
an item is dated by the time its turn's results record it was adjudicated at (`adjudicated: {at: ...}`),
else by the turn's deadline in the game's `deadlines.yaml`, else not at all. The same commit gives the same
bytes (no build time in the feed). Its links are absolute from the site's address (`site_url`: `judge site
--site-url`, mkdocs.yml's, or the repository's GitHub Pages address in CI); relative without one.
"""

from __future__ import annotations

from email.utils import format_datetime

from pipeline.escape import markup_text
from pipeline.shared.i18n import LANGUAGES, translator

from .pages import GameInfo


def _text(text: str) -> str:
    """An element's text as XML takes it (`markup_text`)."""
    return markup_text(text, quote=False)


def feed(infos: list[GameInfo], site_url: str | None, site_name: str, lang: str = LANGUAGES[0]) -> str:
    """The feed in `lang` (`feed.xml` in English, `feed.fr.xml` in French, published as `fr/games/feed.xml`);
    links are absolute when `site_url` is known."""
    t = translator(lang)
    base = site_url.rstrip("/") + "/" if site_url else ""
    if lang != LANGUAGES[0]:
        base += f"{lang}/"
    items = []
    for info in infos:
        for turn in info.adjudicated:
            when = info.game.adjudicated_at(turn) or info.deadlines.get(turn)
            items.append(((when.timestamp() if when else 0.0), info.game.id, info.game.turn_key(turn), info, turn))
    items.sort(key=lambda item: (item[0], item[1], item[2]), reverse=True)
    description = t.gettext("New turns of the games")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0">',
        "<channel>",
        f"<title>{_text(site_name)}</title>",
        f"<link>{_text(base + 'games/')}</link>",
        f"<description>{_text(description)}</description>",
        f"<language>{lang}</language>",
    ]
    for _, _, _, info, turn in items:
        link = f"{base}games/{info.game.id}/{turn}/"
        title = t.pgettext("feed item", "%(phase)s — %(game)s") % {  # the new turn first, then its game
            "game": info.game.title_in(lang),
            "phase": info.game.family.presentation.title(info.game.setup, turn, t),
        }
        lines += [
            "<item>",
            f"<title>{_text(title)}</title>",
            f"<link>{_text(link)}</link>",
            f'<guid isPermaLink="false">{_text(info.game.id + "/" + turn)}</guid>',
        ]
        when = info.game.adjudicated_at(turn) or info.deadlines.get(turn)
        if when is not None:
            lines.append(f"<pubDate>{format_datetime(when)}</pubDate>")
        lines.append("</item>")
    lines += ["</channel>", "</rss>"]
    return "\n".join(lines) + "\n"
