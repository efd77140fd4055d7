"""MkDocs hooks of the site (mkdocs.yml `hooks:`), run by `mkdocs build`, not by `judge site`.

`on_page_markdown` fills the games block of a hand-written page (between `<!-- judge site: games -->` and
`<!-- judge site: end -->`, the home pages) with `games/.home.md` (`.home.fr.md` for a French page) as
`judge site` wrote it, so the hand-written files are never changed.

`on_post_page` drops the `<link rel="alternate" hreflang=...>` tags Material writes in each page's head.
Material's script fetches `sitemap.xml` next to every such link, expecting the root of another site (its
own `extra.alternate` of one project per language); mkdocs-static-i18n makes them links to the same page
in the other language, so every page asked for a `sitemap.xml` that is not there (a 404 in the console)
and, were one there, Material would take over clicks on links under that page. The languages of each page
stay in the header's language switch and in the plugin's sitemap (`xhtml:link` alternates).

`on_nav` names a section of the navigation after the heading of its index page (a game's section is its
title in the page's language, "Partie de démonstration : Diplomatie standard", not its folder's name
"Demo"); a section without an index page keeps its name, which `nav_translations` translates.

A site of a hundred games stays linear in its games (`docs/site.md`, "A club's site"):

`on_page_context` gives every page of a game (its page, phases, order form and private page) a navigation
with that game alone under Games: the full one listed every game in every page, a kilobyte a game in each
of them, so that the site grew with the square of its games. The other pages (home, the games' table,
rules, order syntax, hand-written pages) keep every game.

`on_page_markdown` leaves the pages that are not in the navigation (phases, order forms, private pages:
`not_in_nav` in mkdocs.yml) out of the search index, which every search downloads whole, and whose
de-duplication across languages (mkdocs-static-i18n's `reconfigure_search_duplicates`) compares every
entry with every other one.

`on_post_build` removes the sitemap of a site without `site_url` (its addresses would all begin with
"None"), and copies the games' private reports (`games/<id>/private/<turn>/<power>.yaml.age`, which the
private page's script fetches) into the built site as they are, once: `exclude_docs` in mkdocs.yml keeps them
from MkDocs, which handled each of them as a file of every language (eight powers, sixty turns: two
thirds of a game's files); `on_files` takes them out of its list of files.

The pages of a game that are not in the navigation (the phases: nearly every page of a club's site) are
kept between builds as MkDocs wrote them, in `_build/cache/mkdocs/` beside mkdocs.yml (`JUDGE_MKDOCS_CACHE`
names another folder, `off` turns it off; CI keeps it between runs), under the digest of all they are made
from (`_PageCache.look_up`): the page's Markdown and front matter, its path and address, where its links lead,
its other languages, the navigation, mkdocs.yml, this file and the versions of MkDocs and its plugins. A
page whose digest is in the cache is neither converted nor rendered again (a game's own page, which is in
the navigation and the search index, is kept as converted, its HTML and headings, and rendered again with
the build's navigation), and the site is byte for byte
the one a build from scratch gives (tested). A page that logged a warning is not kept, so a strict build
that fails fails again; entries no page used are removed after a build that ended without a warning.

`on_config` adds a Markdown extension (`_PlainTextExtension`) whose inline step gives a text to Markdown's
inline patterns only when one of them matches it, and which writes a table of plain cells (words and `code`:
a phase page's report) as the HTML Markdown makes of it (`_PlainTables`): the same HTML, a phase page
converted in about half the time. `on_startup` gives MkDocs's pages one Markdown, reset between pages
(`_OneMarkdown`), `on_env` renders Material's navigation once for the pages of a game out of it in one folder
(`_SharedNav`), and `on_config` spares the search plugin its scan of a page with nothing to take out
(`_search_scans_only_marked_pages`): the site's bytes the same (tests/test_site_cache.py).

What MkDocs copies from `judge site`'s folder (maps, order-form data) and the private reports are hard links
(`_link_or_copy`), and the theme's templates are compiled once (Jinja's bytecode cache, `jinja/` in the
cache folder).
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import os
import posixpath
import re
import shutil
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import markdown
from markdown import inlinepatterns, preprocessors, treeprocessors
from mkdocs.plugins import CombinedEvent, event_priority

# shared with `judge site` (site.py has HOME_BLOCK too, tests/test_site.py checks they agree); the hook itself
# imports nothing of the project, as MkDocs loads it by its path
BEGIN, END = "<!-- judge site: games -->", "<!-- judge site: end -->"
HOME_BLOCK = Path("games") / ".home.md"
_BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.DOTALL)
_LANGUAGE = re.compile(r"\.([a-z]{2})\.md$")

_INDEX = re.compile(r"(?:^|/)index(?:\.[a-z]{2})?\.md$")
_HEADING = re.compile(r"^# (.+?)\s*(?:(?<!\\)\{[^}]*\})?\s*$", re.MULTILINE)
# a heading's Markdown backslash escapes (`judge site` escapes a title that way, pipeline/escape.py), undone
# for a section's name, which the theme writes as it is; never `<` or `&`, which the title keeps as entities
_BACKSLASHED = re.compile(r"\\([\\`*_{}\[\]#+\-.!>~])")

# the tag (from its first letter, which Python's regular expressions look for fast: a leading `[ \t]*` made
# them try every place of the page, a millisecond a page) and its line's end; its indentation is cut apart
_ALTERNATE = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


# a game's folder; `games/rules/` is the Rules section (`judge site` refuses a game of that name)
_GAME_FOLDER = re.compile(r"^games/(?!rules/)([^/]+)/")
RULES_FOLDER = "games/rules/"  # the Rules section: the navigation shows it beside the games, not in them


def on_startup(command: str, dirty: bool) -> None:
    _CACHE.start(command == "build" and not dirty)
    from mkdocs.structure import pages

    if not isinstance(pages.markdown, _OneMarkdown):  # each page converted by one Markdown, reset
        pages.markdown = _OneMarkdown(markdown)  # type: ignore[assignment]
    if command == "build":  # serving, MkDocs may write a file in place: its source must stay as it is
        from mkdocs.structure import files

        files.utils.copy_file = _copy_file


def on_config(config: Any) -> Any:
    _CACHE.configure(config)
    if not any(isinstance(e, _PlainTextExtension) for e in config["markdown_extensions"]):
        config["markdown_extensions"].append(_PlainTextExtension())
    _LINKED[0] = os.path.join(os.path.abspath(config["docs_dir"]), "games", "")
    _search_scans_only_marked_pages(config.plugins)
    return config


def _search_scans_only_marked_pages(plugins: Any) -> None:
    """Material's search plugin, after indexing a page, takes its `data-search-*` attributes out of its HTML
    with a regular expression that tries every place of the page (a millisecond a page, most of them pages
    left out of the index): a page with no such attribute is indexed the same and left as it is. Its
    `on_page_context` is replaced among the build's page_context events (the only way in; its source is
    checked by tests/test_mkdocs_markdown.py, so that another version of Material fails a test)."""
    from material.plugins.search.plugin import SearchPlugin

    events = plugins.events["page_context"]
    for index, method in enumerate(events):
        search = getattr(method, "__self__", None)
        if (
            not isinstance(search, SearchPlugin)
            or getattr(method, "__func__", None) is not SearchPlugin.on_page_context
        ):
            continue

        def on_page_context(context: Any, *, page: Any, config: Any, nav: Any, search: Any = search) -> Any:
            if search.config.enabled and "data-search-" not in page.content:
                search.search_index.add_entry_from_context(page)
                return None
            return SearchPlugin.on_page_context(search, context, page=page, config=config, nav=nav)

        events[index] = on_page_context
        origins = getattr(plugins, "_event_origins", None)  # the plugin named in a warning it logs
        if isinstance(origins, dict) and method in origins:
            origins[on_page_context] = origins[method]


def on_files(files: Any, config: Any) -> Any:
    """The files MkDocs leaves out of the site (`exclude_docs`, dotfiles) taken out of the list, before
    mkdocs-static-i18n (which runs last) makes each of them a file of every language."""
    for file in [file for file in files if file.inclusion.is_excluded()]:
        files.remove(file)
    return files


def on_pre_page(page: Any, config: Any, files: Any) -> Any:
    _CACHE.watch(page)
    return page


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if not _in_nav(page):
        page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
    if BEGIN in markdown:
        found = _LANGUAGE.search(page.file.src_uri)
        block = Path(config["docs_dir"]) / (HOME_BLOCK.with_suffix(f".{found[1]}.md") if found else HOME_BLOCK)
        text = block.read_text(encoding="utf-8") if block.is_file() else ""
        markdown = _BLOCK.sub(lambda _: f"{BEGIN}\n\n{text}\n{END}", markdown)
    _CACHE.look_up(page, markdown, config, files)
    return markdown


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    _CACHE.check(page)
    return html


def on_env(env: Any, config: Any, files: Any) -> Any:
    return _NAV.shared_in(_CACHE.with_cached_template(env))


def on_post_page(output: str, page: Any, config: Any) -> str:
    cached = _CACHE.output(page)
    if cached is not None:
        return cached
    output = _without_alternates(output)
    _CACHE.keep(page, output)
    return output


def _after_the_pages(config: Any) -> None:
    plugin = config.plugins.get("i18n")
    if getattr(plugin, "current_language", None) == getattr(plugin, "default_language", None):
        # the default language's build, into the site's root (the others are built inside its on_post_build)
        _copy_private_reports(Path(config["docs_dir"]), Path(config["site_dir"]))
    _CACHE.finished()


@event_priority(-150)  # after mkdocs-static-i18n's (-100), which builds the other languages and the sitemap
def _after_every_language(config: Any) -> None:
    if not getattr(config.plugins.get("i18n"), "building", False) and not config.get("site_url"):
        _drop_sitemap(Path(config["site_dir"]))


on_post_build = CombinedEvent(_after_the_pages, _after_every_language)


SITEMAP = ("sitemap.xml", "sitemap.xml.gz")


def _drop_sitemap(site: Path) -> None:
    """A sitemap lists each page's absolute address, which only `site_url` gives: without it,
    mkdocs-static-i18n's sitemap writes "None" before every address (`<loc>Nonefair-play/</loc>`), a file no
    search engine can use. Such a site has none."""
    for name in SITEMAP:
        (site / name).unlink(missing_ok=True)


def _without_alternates(output: str) -> str:
    """The page less its `<link rel="alternate">` tags, each with the spaces before it and its line's end."""
    kept, end = [], 0
    for found in _ALTERNATE.finditer(output):
        start = found.start()
        while start > end and output[start - 1] in " \t":
            start -= 1
        kept.append(output[end:start])
        end = found.end()
    return "".join(kept) + output[end:] if kept else output


PRIVATE_REPORTS = "games/*/private/*/*.yaml.age"  # as `exclude_docs` in mkdocs.yml leaves them out


def _copy_private_reports(docs: Path, site: Path) -> None:
    for source in sorted(docs.glob(PRIVATE_REPORTS)):
        target = site / source.relative_to(docs)
        target.parent.mkdir(parents=True, exist_ok=True)
        _link_or_copy(str(source), str(target))


def _link_or_copy(source: str, target: str) -> None:
    """`target` made the same file as `source` (a hard link: no byte read or written), or a copy of it where
    no link can be made (another file system). `judge site` replaces a file it changes rather than writing
    into it, and MkDocs removes the built site before building it, so the built file keeps its bytes."""
    try:
        os.link(source, target)
    except FileExistsError:
        os.unlink(target)
        _link_or_copy(source, target)
    except OSError:
        shutil.copyfile(source, target)


_LINKED = [""]  # the folder whose files are linked rather than copied: `judge site`'s, site/games/


def _copy_file(source_path: str, output_path: str) -> None:
    """MkDocs's `utils.copy_file`, which copies the files it does not convert: those `judge site` writes
    (maps, order-form data) made a hard link (`_link_or_copy`), any other (the theme's, hand-written
    assets, which another step may write into) copied as before."""
    os.makedirs(os.path.dirname(output_path), exist_ok=True)
    if os.path.isdir(output_path):
        output_path = os.path.join(output_path, os.path.basename(source_path))
    if _LINKED[0] and os.path.abspath(source_path).startswith(_LINKED[0]):
        _link_or_copy(source_path, output_path)
    else:
        shutil.copyfile(source_path, output_path)


def on_shutdown() -> None:
    _CACHE.tidy()


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    _name_sections(nav.items)
    _rules_beside_games(nav.items)
    _CACHE.navigation(nav)
    return nav


def _rules_beside_games(items: list[Any]) -> None:
    """The Rules section (games/rules/) moved out of the Games section, to stand after it at the top."""
    for at, item in enumerate(items):
        for child in getattr(item, "children", None) or []:
            pages = [c for c in getattr(child, "children", None) or [] if getattr(c, "is_page", False)]
            if getattr(child, "is_section", False) and any(p.file.src_uri.startswith(RULES_FOLDER) for p in pages):
                item.children.remove(child)
                child.parent = None
                items.insert(at + 1, child)
                return


def _name_sections(items: list[Any]) -> None:
    for item in items:
        children = getattr(item, "children", None)
        if not children:
            continue
        _name_sections(children)
        if not getattr(item, "is_section", False):
            continue
        for child in children:
            source = getattr(getattr(child, "file", None), "abs_src_path", None)
            if getattr(child, "is_page", False) and source and _INDEX.search(child.file.src_uri):
                found = _HEADING.search(Path(source).read_text(encoding="utf-8"))
                if found:
                    item.title = _BACKSLASHED.sub(r"\1", found[1])
                break


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    _CACHE.watch(page)
    game = _game_of(getattr(page.file, "src_uri", ""))
    if game is not None and context.get("nav") is not None and not _CACHE.found(page):
        shown = copy.copy(context["nav"])
        shown.items = _with_game_only(shown.items, game)
        context["nav"] = shown
    return context


# ---- one navigation for the pages of a game left out of it -----------------------------------------------
NAV_TEMPLATE = "partials/nav.html"  # Material's navigation, which base.html includes in every page
THEME = "judge-theme"  # the theme's templates (with a site's overrides) under this prefix, as they are


class _SharedNav:
    """Material's navigation rendered once for all the pages of a game that are not in it, in one folder (the
    phases, order forms and private pages: nearly every page of a club's site), instead of once a page (a
    fifth of the theme's work on a page). Such a page is no item of it: none of them is marked as the page,
    open or active, the navigation shows its game alone (`on_page_context`), and its links are relative to
    the page's folder, the same for every page of that folder unless an item of the navigation lies under
    the page itself (then it is rendered for the page). A build of each language starts anew."""

    def __init__(self) -> None:
        self.rendered: dict[tuple[object, ...], str] = {}
        self.build = 0

    def shared_in(self, env: Any) -> Any:
        import jinja2

        if "judge_shared_nav" not in env.globals:
            theme = env.loader
            env.loader = jinja2.ChoiceLoader(
                [
                    jinja2.DictLoader({NAV_TEMPLATE: "{{ judge_shared_nav() }}"}),
                    jinja2.PrefixLoader({THEME: theme}),
                    theme,
                ]
            )

            @jinja2.pass_context
            def shared_nav(context: Any) -> str:
                return self.render(context)

            env.globals["judge_shared_nav"] = shared_nav
        self.rendered.clear()
        self.build += 1
        return env

    def render(self, context: Any) -> str:
        import markupsafe

        key = self._key(context)
        html = self.rendered.get(key) if key is not None else None
        if html is None:
            # as `{% include %}` renders it: with the including template's context and its names
            html = context.environment.get_template(f"{THEME}/{NAV_TEMPLATE}").render(context.get_all())
            if key is not None:
                self.rendered[key] = html
        return markupsafe.Markup(html)

    def _key(self, context: Any) -> tuple[object, ...] | None:
        page, nav = context.get("page"), context.get("nav")
        file = getattr(page, "file", None)
        game = _game_of(getattr(file, "src_uri", ""))
        if game is None or nav is None or _in_nav(page) or not isinstance(getattr(page, "url", None), str):
            return None
        # links are made relative to the page's folder (MkDocs's `get_relative_url`), which is the page's URL
        # itself unless its last part has a dot (a file): then the same for its neighbours; else the same for
        # pages of the same parent whose URL no item of the navigation is under
        folder, _, last = page.url.rpartition("/")
        if "." in last:
            return (self.build, game, folder, "file")
        own = page.url.strip("/") + "/"
        if any(f"{url.strip('/')}/".startswith(own) for url in _navigation_urls(nav.items)):
            return None
        return (self.build, game, own.rstrip("/").rpartition("/")[0], "folder", page.url.endswith("/"))


_NAV = _SharedNav()


def _navigation_urls(items: list[Any]) -> list[str]:
    urls = []
    for item in items:
        url = getattr(item, "url", None)
        if isinstance(url, str):
            urls.append(url)
        urls.extend(_navigation_urls(getattr(item, "children", None) or []))
    return urls


def _in_nav(page: Any) -> bool:
    inclusion = getattr(page.file, "inclusion", None)
    return inclusion is None or inclusion.is_in_nav()


def _game_of(src_uri: str) -> str | None:
    """The game a page belongs to (``games/<id>/...``), None for any other page."""
    found = _GAME_FOLDER.match(src_uri)
    return found[1] if found else None


def _with_game_only(items: list[Any], game: str) -> list[Any]:
    """The navigation's items less the sections of other games (copies: the navigation itself is shared by
    every page, and the copies keep which item is the page's, as this page's build marked them)."""
    kept = []
    for item in items:
        children = getattr(item, "children", None)
        if getattr(item, "is_section", False) and children:
            owner = next((_game_of(c.file.src_uri) for c in children if getattr(c, "is_page", False)), None)
            if owner is not None and owner != game:
                continue
            item = copy.copy(item)
            item.children = _with_game_only(children, game)
        kept.append(item)
    return kept


# ---- plain text converted faster ----------------------------------------------------------------------
class _PlainTextFirst(treeprocessors.InlineProcessor):
    """Markdown's inline processor (code, links, emphasis, entities...), which gives a text to its patterns
    only when one of them matches it somewhere. Markdown tries every pattern on every text, a table cell at
    a time, through its registry (a phase page has a hundred cells, most of them plain words: a quarter of
    the site's build went there); a text no pattern matches comes out as it went in, so the HTML is the same."""

    def run(self, tree: Any, ancestors: list[str] | None = None) -> Any:
        # each pattern's test as Markdown applies it to a text from its start: `search` (a match anywhere)
        # for a pattern of today's kind, `match` (its regex spans the text) for one of the old kind
        self.tests = [
            (
                p.getCompiledRegExp().search
                if isinstance(p, inlinepatterns.InlineProcessor)
                else p.getCompiledRegExp().match
            )
            for p in self.inlinePatterns
        ]
        return super().run(tree, ancestors)

    # Markdown's own `__handleInline`, by the name Python gives it
    def _InlineProcessor__handleInline(self, data: str, patternIndex: int = 0) -> str:
        if any(test(data) for test in self.tests[patternIndex:]):
            return str(super()._InlineProcessor__handleInline(data, patternIndex))  # type: ignore[misc]
        return data


# a table cell whose HTML is its text: plain words and `code` spans, none of the characters that start an inline
# pattern of Markdown (code, escape, links and images, autolinks and raw HTML, entities, emphasis), a pipe or a
# brace (attr_list), or a control character (Markdown's placeholders)
_PLAIN = r"[^`\\|*_\[\]!<>&{}\x00-\x1f]"
_CELL = re.compile(rf"(?:{_PLAIN}|`[^`\\|&<>\x00-\x1f]+`(?!`))*")  # `a``b` is one span to Markdown: left to it
_CODE = re.compile(r"`([^`]+)`")
_RULE = re.compile(r" *-+ *")  # a column of the line under the header, with no alignment
# what may touch a table between Markdown's reading it and writing it out, besides the table itself: the
# processors of Markdown and of the extensions of mkdocs.yml, MkDocs's own and this file's (by class, as a
# registry of Markdown lists its items); with any other, the tables are left to Markdown
_KNOWN = {
    "markdown.preprocessors.NormalizeWhitespace",
    "markdown.preprocessors.HtmlBlockPreprocessor",
    "markdown.extensions.md_in_html.HtmlBlockPreprocessor",
    "pymdownx.superfences.SuperFencesBlockPreprocessor",
    "mkdocs.structure.pages._RawHTMLPreprocessor",
    "markdown.treeprocessors.PrettifyTreeprocessor",
    "markdown.treeprocessors.UnescapeTreeprocessor",
    "markdown.extensions.attr_list.AttrListTreeprocessor",
    "markdown.extensions.toc.TocTreeprocessor",
    "mkdocs.structure.pages._ExtractAnchorsTreeprocessor",
    "mkdocs.structure.pages._RelativePathTreeprocessor",
    "mkdocs.structure.pages._ExtractTitleTreeprocessor",
    "markdown.postprocessors.RawHtmlPostprocessor",
    "markdown.extensions.md_in_html.MarkdownInHTMLPostprocessor",
    "markdown.postprocessors.AndSubstitutePostprocessor",
}
_KNOWN_INLINE = {
    "markdown.inlinepatterns.BacktickInlineProcessor",
    "markdown.inlinepatterns.EscapeInlineProcessor",
    "markdown.inlinepatterns.ReferenceInlineProcessor",
    "markdown.inlinepatterns.LinkInlineProcessor",
    "markdown.inlinepatterns.ImageInlineProcessor",
    "markdown.inlinepatterns.ImageReferenceInlineProcessor",
    "markdown.inlinepatterns.ShortReferenceInlineProcessor",
    "markdown.inlinepatterns.ShortImageReferenceInlineProcessor",
    "markdown.inlinepatterns.AutolinkInlineProcessor",
    "markdown.inlinepatterns.AutomailInlineProcessor",
    "markdown.inlinepatterns.SubstituteTagInlineProcessor",
    "markdown.inlinepatterns.HtmlInlineProcessor",
    "markdown.inlinepatterns.DelimiterProcessor",  # emphasis, * and _
    "markdown.inlinepatterns.AsteriskProcessor",  # the same in Markdown before 3.11
    "markdown.inlinepatterns.UnderscoreProcessor",
}
# the block processors that look at a block before Markdown's tables do (by priority), none of which takes
# a block of lines starting with a pipe: md_in_html's (a stashed element), admonition's (`!!!`), the empty
# block's, the indented ones (list continuations, code)
_KNOWN_BEFORE_TABLES = {
    "markdown.extensions.md_in_html.MarkdownInHtmlProcessor",
    "markdown.extensions.admonition.AdmonitionProcessor",
    "markdown.blockprocessors.EmptyBlockProcessor",
    "markdown.blockprocessors.ListIndentProcessor",
    "markdown.blockprocessors.CodeBlockProcessor",
    "pymdownx.superfences.SuperFencesCodeBlockProcessor",
}


def _class(item: object) -> str:
    return f"{type(item).__module__}.{type(item).__qualname__}"


class _PlainTables(preprocessors.Preprocessor):
    """Markdown's tables whose cells are plain words and `code` (every table of a phase page's report) written
    as the HTML Markdown makes of them, and kept aside as raw HTML: the tables parsed, each cell given to the
    inline step, each element indented and written out cost a phase page half of its conversion. A table of
    any other kind (alignment, links, emphasis, a cell too few...), or any Markdown extension this file does
    not know, and the table is left to Markdown. Runs after the HTML blocks and fenced code are kept aside."""

    def run(self, lines: list[str]) -> list[str]:
        if not any(line.startswith("|") for line in lines) or not self._only_known():
            return lines
        out: list[str] = []
        index = 0
        while index < len(lines):
            end = index
            if lines[index].startswith("|") and (index == 0 or lines[index - 1] == ""):
                while end < len(lines) and lines[end] != "":
                    end += 1
            html = self._table(lines[index:end]) if end > index else None
            if html is None:
                out.append(lines[index])
                index += 1
            else:
                out.append(self.md.htmlStash.store(html))
                index = end
        return out

    def _only_known(self) -> bool:
        md = self.md
        tables = md.parser.blockprocessors.get_index_for_name("table") if "table" in md.parser.blockprocessors else None
        if tables is None or _class(md.parser.blockprocessors[tables]) != "markdown.extensions.tables.TableProcessor":
            return False
        processors = [*md.preprocessors, *md.treeprocessors, *md.postprocessors]
        return (
            all(_class(p) in _KNOWN or p is self or isinstance(p, _PlainTextFirst) for p in processors)
            and all(_class(p) in _KNOWN_INLINE for p in md.inlinePatterns)
            and all(_class(p) in _KNOWN_BEFORE_TABLES for p in list(md.parser.blockprocessors)[:tables])
        )

    @staticmethod
    def _table(block: list[str]) -> str | None:
        """The HTML of a block of table lines as Markdown writes it, or None for a table not of plain cells."""
        if len(block) < 3 or not all(line.rstrip(" ").endswith("|") and len(line.rstrip(" ")) > 1 for line in block):
            return None
        rows = [line.rstrip(" ")[1:-1].split("|") for line in block]
        width = len(rows[0])
        if width < 2 or any(len(row) != width for row in rows) or not all(_RULE.fullmatch(c) for c in rows[1]):
            return None
        if not all(_CELL.fullmatch(cell) for row in rows for cell in row):
            return None

        def cells(row: list[str], tag: str) -> str:
            return "".join(f"<{tag}>{_cell_html(cell.strip(' '))}</{tag}>\n" for cell in row)

        body = "".join(f"<tr>\n{cells(row, 'td')}</tr>\n" for row in rows[2:])
        return f"<table>\n<thead>\n<tr>\n{cells(rows[0], 'th')}</tr>\n</thead>\n<tbody>\n{body}</tbody>\n</table>"


def _cell_html(text: str) -> str:
    """A plain cell's HTML: its `code` spans as Markdown writes them (the code's spaces stripped)."""
    return _CODE.sub(lambda found: f"<code>{found[1].strip()}</code>", text) if "`" in text else text


class _PlainTextExtension(markdown.Extension):
    def extendMarkdown(self, md: Any) -> None:
        md.treeprocessors.register(_PlainTextFirst(md), "inline", 20)  # in place of Markdown's, at its rank
        md.preprocessors.register(_PlainTables(md), "judge_plain_tables", 15)  # after html_block (20)


# ---- one Markdown for every page -----------------------------------------------------------------------
# the extensions whose state Markdown's `reset` clears (each its own `reset`, or none kept): MkDocs's
# defaults and those of mkdocs.yml; a page of a site with any other is converted by a Markdown of its own
_RESETTABLE = {"toc", "tables", "fenced_code", "attr_list", "md_in_html", "admonition", "pymdownx.superfences"}


class _OneMarkdown:
    """The `markdown` module as MkDocs's pages see it, whose `Markdown(...)` is one instance, reset, for every
    page converted with the same extensions and settings: MkDocs made one for each page, loading every
    extension again (a millisecond a page). Markdown's `reset` is its way to convert another text; MkDocs
    registers its own processors of the page again, under the same names, in place of the last page's."""

    def __init__(self, module: Any) -> None:
        self.module = module
        self.kept: tuple[object, Any] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.module, name)

    def Markdown(self, *, extensions: list[Any], extension_configs: dict[str, Any]) -> Any:  # as MkDocs calls it
        if not all(e in _RESETTABLE if isinstance(e, str) else isinstance(e, _PlainTextExtension) for e in extensions):
            return self.module.Markdown(extensions=extensions, extension_configs=extension_configs)
        key = (
            [e if isinstance(e, str) else id(e) for e in extensions],
            json.dumps(extension_configs, sort_keys=True, default=repr),
        )
        if self.kept is None or self.kept[0] != key:
            self.kept = (key, self.module.Markdown(extensions=extensions, extension_configs=extension_configs))
        return self.kept[1].reset()


# ---- the page cache -------------------------------------------------------------------------------------
CACHE_ENV = "JUDGE_MKDOCS_CACHE"  # a folder for the cache, or "off"
CACHE_DIR = Path("_build") / "cache" / "mkdocs"  # beside mkdocs.yml
JINJA_DIR = "jinja"  # in the cache folder: the theme's compiled templates
CACHED_TEMPLATE = "judge-cached-page.html"  # renders nothing: the page's output is the cached one
# what shapes a page besides its own inputs: the site's builder, theme, plugins and Markdown extensions
PACKAGES = ("mkdocs", "mkdocs-material", "mkdocs-static-i18n", "markdown", "pymdown-extensions", "jinja2")
_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)|\b(?:href|src)=[\"']([^\"']+)")


class _Warnings(logging.Handler):
    """Counts the warnings MkDocs and its plugins log: a page that logged one is not kept."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def _digest(*parts: object) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else json.dumps(part, sort_keys=True, default=str).encode()
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


class _PageCache:
    """The pages of games left out of the navigation, as MkDocs wrote them, by the digest of their inputs."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.enabled = False
        self.build = ""  # the digest of what every page shares: mkdocs.yml, this file, the packages
        self.language = ""
        self.languages: list[str] = []
        self.nav = ""  # the digest of this build's navigation
        self.warnings = _Warnings()
        self.started = self.ended = 0
        self.used: set[str] = set()
        self.hits: dict[str, str] = {}  # key -> output, for the pages of this build found in the cache

    def start(self, enabled: bool) -> None:
        self.enabled = enabled and os.environ.get(CACHE_ENV, "") != "off"
        logging.getLogger("mkdocs").addHandler(self.warnings)

    def configure(self, config: Any) -> None:
        """Once per language built (mkdocs-static-i18n builds each language in turn with the same config)."""
        self.started += 1
        if not self.enabled:
            return
        config_file = Path(config.config_file_path)
        named = os.environ.get(CACHE_ENV, "")
        self.folder = Path(named) if named else config_file.parent / CACHE_DIR
        versions = [(name, metadata.version(name)) for name in PACKAGES]
        self.build = _digest(config_file.read_bytes(), Path(__file__).read_bytes(), versions, sys.version)
        plugin = config.plugins.get("i18n")
        self.language = str(getattr(plugin, "current_language", "") or config.theme.get("language", ""))
        # the suffixes a link may be resolved to (``map.svg`` -> ``map.fr.svg``, mkdocs-static-i18n's way)
        self.languages = sorted(
            {str(lang.locale) for lang in getattr(getattr(plugin, "config", None), "languages", [])}
        )

    def navigation(self, nav: Any) -> None:
        """The digest of the navigation as its pages' sources make it: titles from each page's first heading
        and front matter, so that a page's standings changing does not change it."""
        self.nav = _digest(self.language, [_navigation_item(item) for item in nav.items]) if self.enabled else ""

    def watch(self, page: Any) -> None:
        """Note the warnings so far, before the page is converted (and again before it is rendered)."""
        page.judge_warnings = self.warnings.count

    def look_up(self, page: Any, markdown: str, config: Any, files: Any) -> None:
        if self.folder is None or _game_of(page.file.src_uri) is None:
            return
        alternates = {lang: f.url for lang, f in sorted((getattr(page.file, "alternates", None) or {}).items())}
        targets = {found[1] or found[2] for found in _LINK.finditer(markdown)}
        links = sorted(_link_target(target, page.file.src_uri, files, self.languages) for target in targets)
        key = _digest(
            self.build, self.nav, self.language, page.file.src_uri, page.url, markdown, page.meta, alternates, links
        )
        page.judge_key = key
        in_nav = _in_nav(page)
        try:
            entry = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
            title, anchors = entry["title"], set(entry["anchors"])
            output = None if in_nav else str(entry["output"])
            content, toc = (str(entry["content"]), list(entry["toc"])) if in_nav else ("", [])
        except (OSError, ValueError, KeyError, TypeError):  # not kept yet, or not as this file keeps them
            if in_nav:  # its HTML and headings noted as converted, before any plugin's on_page_content
                converted = page.render

                def render_and_note(config: Any, files: Any) -> None:
                    converted(config, files)
                    page.judge_converted = (page.content, [_toc_token(item) for item in page.toc])

                page.render = render_and_note
            return
        self.used.add(key)
        if output is not None:
            self.hits[key] = output
            page.meta["template"] = CACHED_TEMPLATE

        def render(config: Any, files: Any) -> None:  # instead of converting the Markdown again
            from mkdocs.structure.toc import get_toc

            page.content, page.toc, page._title_from_render = content, get_toc(toc), title
            page.present_anchor_ids, page.links_to_anchors = anchors, None

        page.render = render

    def check(self, page: Any) -> None:
        """After the page's conversion: a warning logged meanwhile keeps it out of the cache."""
        if self.warnings.count != getattr(page, "judge_warnings", self.warnings.count):
            page.judge_key = None

    def with_cached_template(self, env: Any) -> Any:
        if self.folder is not None:
            import jinja2

            env.loader = jinja2.ChoiceLoader([jinja2.DictLoader({CACHED_TEMPLATE: ""}), env.loader])
            # the theme's templates compiled once, not at every build: Jinja keeps each under its name and
            # checks it against the template's source (and its own version) before using it
            (self.folder / JINJA_DIR).mkdir(parents=True, exist_ok=True)
            env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(self.folder / JINJA_DIR))
        return env

    def found(self, page: Any) -> bool:
        """Whether the page's HTML is the cache's (nothing of its context matters then)."""
        return getattr(page, "judge_key", None) in self.hits

    def output(self, page: Any) -> str | None:
        key = getattr(page, "judge_key", None)
        return self.hits.pop(key) if key in self.hits else None

    def keep(self, page: Any, output: str) -> None:
        key = getattr(page, "judge_key", None)
        if self.folder is None or key is None or self.warnings.count != getattr(page, "judge_warnings", -1):
            return
        entry: dict[str, object] = {"title": page.title, "anchors": sorted(page.present_anchor_ids or ())}
        if not _in_nav(page):
            entry["output"] = output
        elif hasattr(page, "judge_converted"):  # rendered again with every build's navigation and search
            entry["content"], entry["toc"] = page.judge_converted
        else:  # taken from the cache
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{key}.json"
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(json.dumps(entry, ensure_ascii=False), encoding="utf-8")
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
        self.used.add(key)

    def finished(self) -> None:
        self.ended += 1

    def tidy(self) -> None:
        """After every language was built without a warning, remove the entries no page of the site used."""
        logging.getLogger("mkdocs").removeHandler(self.warnings)
        if self.folder is None or not self.folder.is_dir() or self.warnings.count or self.ended != self.started:
            return
        for path in self.folder.glob("*.json"):
            if path.stem not in self.used:
                path.unlink(missing_ok=True)


def _toc_token(item: Any) -> dict[str, object]:
    """An entry of a page's table of contents as Markdown's `toc` extension gave it (`toc.get_toc` makes it
    again)."""
    return {"level": item.level, "id": item.id, "name": item.title, "children": [_toc_token(c) for c in item.children]}


def _navigation_item(item: Any) -> object:
    children = getattr(item, "children", None)
    if getattr(item, "is_section", False):
        return ["section", item.title, [_navigation_item(child) for child in children or []]]
    if getattr(item, "is_page", False):
        source = Path(item.file.abs_src_path).read_text(encoding="utf-8") if item.file.abs_src_path else ""
        front = source.split("\n---", 1)[0] if source.startswith("---") else ""
        heading = _HEADING.search(source)
        return ["page", item.file.src_uri, item.url, front, heading[1] if heading else None]
    return ["link", getattr(item, "title", None), getattr(item, "url", None)]


def _link_target(target: str, src_uri: str, files: Any, languages: list[str]) -> tuple[str, list[str | None]]:
    """A link of a page and what it may lead to: the address of each file it may be resolved to (the path
    from the page's folder, and that path with each language's suffix), None where there is no such file.
    Nothing to look up for a link out of the site."""
    path = target.split("#", 1)[0].split("?", 1)[0]
    if not path or "://" in path or path.startswith(("/", "mailto:")):
        return target, []
    full = posixpath.normpath(posixpath.join(posixpath.dirname(src_uri), path))
    stem, dot, suffix = full.rpartition(".")
    candidates = [full, *(f"{stem}.{lang}.{suffix}" for lang in languages)] if dot else [full]
    found = [files.src_uris.get(candidate) for candidate in candidates]
    return target, [file.url if file is not None else None for file in found]


_CACHE = _PageCache()
