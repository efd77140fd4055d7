"""The MkDocs hook's faster inline step (`mkdocs_hooks._PlainTextFirst`) and plain tables
(`mkdocs_hooks._PlainTables`, docs/site.md "A club's site") give the HTML Markdown's own gives, on every kind
of inline Markdown and of table, on the project's own pages and on the pages `judge site` writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from pipeline.publish import mkdocs_hooks

ROOT = Path(__file__).resolve().parent.parent

SNIPPETS = [
    "| Order | Meaning | Result |\n|---|---|---|\n| `A mil-com` | The army in Milan moves to Como. | Succeeds. |",
    "plain words only, with « guillemets », no-break spaces : and 1,000 ducats",
    "*emphasis*, **strong**, ***both***, _under_, __strong__, a * lone star and a _ lone underscore",
    "a `code span` and ``code with ` inside``, an escaped \\*star\\* and \\`tick\\`",
    '[a link](page.md), [a reference][ref], [ref], ![an image](map.svg){ .game-map loading="lazy" }\n\n'
    "[ref]: https://example.org",
    "<https://example.org> and <someone@example.org>, <span>inline html</span>, &amp; &#233; &copy;",
    "a line that breaks  \nhere, and <!-- a comment --> in a line",
    '# A heading {#its-id}\n\n## Another *with emphasis*\n\n!!! note "A note"\n    with *text*',
    '<div class="pbem-standings" markdown>\n\n| Power | Cities |\n|---|---|\n| **Milan** | 3 |\n\n</div>',
    "```\nfenced *code* stays `as is`\n```\n\n    indented <code> too",
]
# tables, plain (written by the hook) and of every other kind (left to Markdown)
TABLES = [
    "| Power | Cities | Units |\n|---|---|---|\n| Milan | 3 | `A mil`\u00a0`F gen` |\n| « Venise » | 0 |  |",
    "# Heading\n\n| a | b |\n| --- | --- |\n| ` spaced code ` | x `c` y |   \n\ntext after",
    "| a | b |\n|:--|--:|\n| aligned | cells |",
    "| a | b |\n|:-:|---|\n| centred | cell |",
    "| a | b |\n|---|---|\n| `a\\|b` | escaped \\| pipe |",
    "| a | b |\n|---|---|\n| `co|de` | pipe in code |",
    "a paragraph line\n| a | b |\n|---|---|\n| c | d |",
    "| a | b |\n|---|---|",
    "| a | b |\n|---|---|\n| one cell |\n| three | cells | here |",
    "| a | b |\n|---|---|\n| c | d |\na line of text that is a row",
    "    | a | b |\n    |---|---|\n    | indented | code |",
    "- an item\n\n    | a | b |\n    |---|---|\n    | in | list |",
    " | a | b |\n |---|---|\n | one | space |",
    "<div>html</div>\n\n| a | b |\n|---|---|\n| after | html |",
    "<div>html</div>\n| a | b |\n|---|---|\n| right after | html |",
    "```\n| a | b |\n|---|---|\n| in | fence |\n```",
    "| a | b |\n|---|---|\n| & | < > |",
    "| a | b |\n|---|---|\n| *em* | _under_ |\n| [link](page.md) | ![img](map.svg) |",
    "| a | b |\n|---|---|\n| {: .cls } | &amp; |\n| <span>x</span> | \\*escaped\\* |",
    "| a |\n|---|\n| one column |",
    "| a | b |\n|---|---|\n| c | d |\n\n| e | f |\n|---|---|\n| g | h |",
    "!!! note\n\n    | a | b |\n    |---|---|\n    | in | admonition |",
    '<div class="pbem-standings" markdown>\n\n| Power | Cities |\n|---|---|\n| Milan | 3 |\n\n</div>',
    "| a | b |\n|---|---|\n| ``double `tick` code`` | `` x `` |",
    "| a | b |\n|---|---|\n| trailing | pipe",
    "| a | b |\n|---|---|\n| `a``b` | `c` `d` |",
    "- a list\n\n| a | b |\n|---|---|\n| after | list |\n\n1. item\n| a | b |\n|---|---|\n| lazy | line |",
    "## Heading\n| a | b |\n|---|---|\n| right after | heading |\n\n> | a | b |\n> |---|---|\n> | quoted | table |",
]


def _extensions() -> tuple[list[Any], dict[str, Any]]:
    """The Markdown extensions of the site's mkdocs.yml, with their settings."""
    names: list[Any] = []
    settings: dict[str, Any] = {}
    for item in yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["markdown_extensions"]:
        if isinstance(item, dict):
            (name, config), *_ = item.items()
            names.append(name)
            settings[name] = config
        else:
            names.append(item)
    return names, settings


def _pages() -> list[Any]:
    found = sorted([*(ROOT / "docs").rglob("*.md"), *(ROOT / "site").glob("*.md")])
    return [pytest.param(path.read_text(encoding="utf-8"), id=str(path.relative_to(ROOT))) for path in found]


def _both(text: str, *more: Any) -> tuple[str, str]:
    """The text converted by Markdown with mkdocs.yml's extensions (and `more`), without and with the hook's."""
    names, settings = _extensions()
    own = markdown.Markdown(extensions=[*names, *more], extension_configs=settings).convert(text)
    faster = markdown.Markdown(
        extensions=[*names, *more, mkdocs_hooks._PlainTextExtension()], extension_configs=settings
    ).convert(text)
    return own, faster


@pytest.mark.parametrize("text", [*SNIPPETS, *TABLES, *_pages()])
def test_the_faster_inline_step_gives_markdowns_html(text: str) -> None:
    own, faster = _both(text)
    assert faster == own


def test_the_pages_judge_site_writes_convert_as_markdown_converts_them(games_site: Path) -> None:
    """Every page `judge site` writes for the shipped games (phase pages: tables of orders, events), both ways;
    and their report tables are written by the hook, not parsed by Markdown."""
    pages = sorted(games_site.rglob("*.md"))
    written = 0
    store = markdown.util.HtmlStash.store

    def noted(stash: Any, html: Any) -> str:
        nonlocal written
        written += isinstance(html, str) and html.startswith("<table>")
        return store(stash, html)

    for path in pages:
        text = path.read_text(encoding="utf-8")
        own = markdown.Markdown(extensions=_extensions()[0], extension_configs=_extensions()[1]).convert(text)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(markdown.util.HtmlStash, "store", noted)
            faster = _both(text)[1]
        assert faster == own, path.relative_to(games_site)
    phases = [p for p in pages if p.name[:1].isdigit()]
    assert len(phases) > 20 and written >= len(phases)


def test_a_plain_table_is_not_parsed_by_markdown() -> None:
    from markdown.extensions import tables

    parsed: list[str] = []
    run = tables.TableProcessor.run

    def noted(self: Any, parent: Any, blocks: list[str]) -> None:
        parsed.append(blocks[0])
        run(self, parent, blocks)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tables.TableProcessor, "run", noted)
        own, faster = _both("| a | b |\n|---|---|\n| plain | `code` |\n\n| c | d |\n|:--|---|\n| left | x |")
    assert faster == own
    # Markdown's own conversion parsed both tables; the hook's only the aligned one
    assert [block.splitlines()[1] for block in parsed] == ["|---|---|", "|:--|---|", "|:--|---|"]


@pytest.mark.parametrize("extension", ["smarty", "abbr", "footnotes", "def_list", "pymdownx.magiclink"])
def test_tables_are_left_to_markdown_with_an_extension_the_hook_does_not_know(extension: str) -> None:
    """An extension a club adds may change a cell's words ("quotes" made curly, abbreviations, links): then
    Markdown converts every table itself."""
    table = '| a | b |\n|---|---|\n| "quoted" -- HTML | https://example.org x[^1] |'
    text = f"*[HTML]: Hyper Text\n\n{table}\n\n[^1]: a note"
    own, faster = _both(text, extension)
    assert faster == own


def test_plain_text_is_not_given_to_the_patterns() -> None:
    names, settings = _extensions()
    md = markdown.Markdown(extensions=[*names, mkdocs_hooks._PlainTextExtension()], extension_configs=settings)
    inline = md.treeprocessors["inline"]
    assert isinstance(inline, mkdocs_hooks._PlainTextFirst)
    tried: list[str] = []
    apply = inline._InlineProcessor__applyPattern  # Markdown's own: one pattern tried on one text

    def noted(pattern: Any, data: str, *args: Any) -> Any:
        tried.append(data)
        return apply(pattern, data, *args)

    inline._InlineProcessor__applyPattern = noted
    # an aligned table, which the hook leaves to Markdown: its cells go through the inline step
    html = md.convert("| a | b |\n|:--|---|\n| plain words | `code` |")
    assert '<td style="text-align: left;">plain words</td>' in html and "<td><code>code</code></td>" in html
    # the code cell (then what it became) given to the patterns, not the plain cells
    assert tried[0] == "`code`" and not {"a", "b", "plain words"} & set(tried)


def test_the_alternate_links_are_dropped_with_their_indentation_and_nothing_else() -> None:
    """`on_post_page` drops Material's `<link rel="alternate" hreflang>` tags from a page's head (docs/site.md,
    "Languages": each made the page fetch a sitemap.xml that is not there)."""
    head = (
        '<head>\n    <link rel="canonical" href="https://example.org/">\n'
        '    <link rel="alternate" href="/" hreflang="en">\n'
        '\t <link rel="alternate" href="/fr/" hreflang="fr">\n'
        '    <link rel="icon" href="x.png"><link rel="alternate" href="/x/" hreflang="de">\n</head>'
    )
    assert mkdocs_hooks._without_alternates(head) == (
        '<head>\n    <link rel="canonical" href="https://example.org/">\n    <link rel="icon" href="x.png"></head>'
    )
    page = '<head>\n  <link rel="alternate" type="application/rss+xml" href="feed.xml">\n</head>\n<p>alternate</p>'
    assert mkdocs_hooks._without_alternates(page) == page


def test_one_markdown_reset_converts_each_page_as_a_markdown_of_its_own() -> None:
    """MkDocs's pages are converted by one Markdown, reset between them (`mkdocs_hooks._OneMarkdown`): nothing
    of a page (its references, its headings' ids, its stashed HTML and code) reaches the next."""
    names, settings = _extensions()
    extensions = [*names, mkdocs_hooks._PlainTextExtension()]
    one = mkdocs_hooks._OneMarkdown(markdown)
    texts = [
        "# Orders\n\n[ref]: https://example.org\n\n[a reference][ref]",
        "# Orders\n\n[a reference][ref], no longer defined",
        *SNIPPETS,
        *TABLES,
        *(path.read_text(encoding="utf-8") for path in sorted((ROOT / "site").glob("*.md"))),
    ]
    made = []
    for text in texts:
        md = one.Markdown(extensions=extensions, extension_configs=settings)
        made.append(md)
        fresh = markdown.Markdown(extensions=extensions, extension_configs=settings)
        assert md.convert(text) == fresh.convert(text), text
        assert md.toc_tokens == fresh.toc_tokens
    assert all(md is made[0] for md in made)
    # another extension (one this file does not know to reset): a Markdown for each page
    assert one.Markdown(extensions=[*extensions, "abbr"], extension_configs=settings) is not one.Markdown(
        extensions=[*extensions, "abbr"], extension_configs=settings
    )


def test_mkdocs_pages_are_given_one_markdown() -> None:
    from mkdocs.structure import files, pages

    before, copy_file = pages.markdown, files.utils.copy_file
    try:
        mkdocs_hooks.on_startup("build", dirty=False)
        assert isinstance(pages.markdown, mkdocs_hooks._OneMarkdown)
        assert pages.markdown.Markdown is not None and pages.markdown.treeprocessors is markdown.treeprocessors
    finally:
        pages.markdown, files.utils.copy_file = before, copy_file  # type: ignore[assignment]
        mkdocs_hooks.on_shutdown()


# Material's search plugin's `on_page_context` as the hook knows it (mkdocs_hooks._search_scans_only_marked_pages
# does the same but for the scan of a page with no `data-search-*` attribute): another version fails here
SEARCH_PAGE_CONTEXT = "33eb62fd1688be4d99a4e7bf8fc51c1be3d37602b63ad5327c9be3abf5dc8d50"


def test_the_search_plugins_page_step_is_the_one_the_hook_knows() -> None:
    import hashlib
    import inspect

    from material.plugins.search.plugin import SearchPlugin

    source = inspect.getsource(SearchPlugin.on_page_context)
    assert hashlib.sha256(source.encode()).hexdigest() == SEARCH_PAGE_CONTEXT, source


@pytest.mark.parametrize(
    "content",
    [
        '<h1 id="orders">Orders</h1>\n<p>The army in Milan holds.</p>\n<h2 id="events">Events</h2>\n<p>Famine.</p>',
        '<h1 id="a">A</h1>\n<p data-search-exclude="true">left out</p>\n<p>kept, data-search- in words</p>',
    ],
)
@pytest.mark.parametrize("excluded", [False, True])
def test_the_search_plugin_indexes_and_cleans_a_page_as_before(content: str, excluded: bool) -> None:
    from types import SimpleNamespace

    from material.plugins.search.plugin import SearchIndex, SearchPlugin
    from mkdocs.plugins import PluginCollection
    from mkdocs.structure.toc import get_toc

    def run(replaced: bool) -> tuple[str, list[Any]]:
        search = SearchPlugin()
        search.load_config({})
        search.search_index = SearchIndex(**search.config)
        plugins = PluginCollection()
        plugins["material/search"] = search
        if replaced:
            mkdocs_hooks._search_scans_only_marked_pages(plugins)
            assert plugins.events["page_context"][0] != search.on_page_context
        meta = {"search": {"exclude": True}} if excluded else {}
        toc = get_toc([{"level": 1, "id": "orders", "name": "Orders", "children": []}])
        page = SimpleNamespace(content=content, meta=meta, toc=toc, url="games/x/", title="Orders")
        plugins.on_page_context({}, page=page, config={}, nav=None)
        return page.content, search.search_index.entries

    (content_after, entries), before = run(replaced=True), run(replaced=False)
    assert (content_after, entries) == before
    assert bool(entries) != excluded and "data-search-exclude" not in content_after


def test_the_navigation_is_shared_by_the_pages_of_a_game_out_of_it_in_one_folder() -> None:
    """`mkdocs_hooks._SharedNav`: one navigation for the pages whose links it gives are the same (docs/site.md,
    "A club's site"), none for a page in the navigation, of no game, or under which an item of it lies."""
    from types import SimpleNamespace

    class Inclusion:
        def __init__(self, in_nav: bool) -> None:
            self.in_nav = in_nav

        def is_in_nav(self) -> bool:
            return self.in_nav

    def page(url: str, src: str, in_nav: bool = False) -> Any:
        return SimpleNamespace(url=url, file=SimpleNamespace(src_uri=src, inclusion=Inclusion(in_nav)))

    section = SimpleNamespace(url=None, children=[SimpleNamespace(url="games/a/", children=None)])
    nav = SimpleNamespace(items=[SimpleNamespace(url="", children=None), section])
    shared = mkdocs_hooks._SharedNav()

    def key(of: Any, navigation: Any = nav) -> Any:
        return shared._key({"page": of, "nav": navigation})

    spring, fall = (
        page("games/a/1901-spring/", "games/a/1901-spring.md"),
        page("games/a/1901-fall/", "games/a/1901-fall.md"),
    )
    assert key(spring) is not None and key(spring) == key(fall)
    assert key(page("games/b/1901-spring/", "games/b/1901-spring.md")) != key(spring)  # another game
    assert key(page("games/a/x/1901/", "games/a/x/1901.md")) != key(spring)  # another folder
    assert key(page("games/a/", "games/a/index.md", in_nav=True)) is None
    assert key(page("rules/", "rules.md")) is None
    assert key(page("games/rules/diplomacy/", "games/rules/diplomacy/index.md")) is None  # the Rules section
    assert mkdocs_hooks._game_of("games/rules/diplomacy/orders.md") is None
    assert mkdocs_hooks._game_of("games/rulesets/index.md") == "rulesets"  # a game whose name begins so
    under = SimpleNamespace(items=[*nav.items, SimpleNamespace(url="games/a/1901-spring/notes/", children=None)])
    assert key(spring, under) is None and key(fall, under) is not None
    # without directory URLs a page's links are relative to its folder, which its neighbours share
    assert key(page("games/a/1901-spring.html", "games/a/1901-spring.md")) == key(
        page("games/a/1901-fall.html", "games/a/1901-fall.md")
    )


@given(
    st.lists(
        st.lists(st.text(alphabet="ab `*_[]()!<>&\\|{}:#-.\u00a0\t", max_size=8), min_size=2, max_size=3),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from(["|---|---|---|", "| --- | --- | --- |", "|:--|---|---|"]),
    st.sampled_from(["", "text\n", "\n", "# Title\n\n"]),
)
def test_any_table_converts_as_markdown_converts_it(rows: list[list[str]], rule: str, before: str) -> None:
    """Tables of random cells (words, code, Markdown's special characters, pipes, rows of other widths)."""
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    text = before + "\n".join([lines[0], rule, *lines[1:]]) + "\n"
    own, faster = _both(text)
    assert faster == own
