"""Player text as data where it is shown: one escape for each medium the project writes a name or a text into
that a player or a game master chose (docs/security.md, "Player text is data").

- `markdown_text`: a value put into report or page Markdown (a sentence, a table cell, a heading): HTML's
  ``<`` and ``&`` and a table's ``|`` as entities, Markdown's link, image, emphasis, code and attribute syntax
  (``[ ] * _ ` { }``, hence ``{{ }}`` and ``{% %}`` too) escaped by a backslash, as a character that would
  open a block at a line's start (``#``, ``>``, a list's ``-``...), control and format characters (a newline,
  a right-to-left override) shown as escapes. An ordinary name comes out as it went in.
- `markdown_code`: a value inside an inline code span (`` `...` ``): on one line, no backtick to end it early.
- `markdown_without_html`: a game master's own Markdown (his narrative): its formatting kept, raw HTML,
  attribute lists, images and links into the site shown as text, outside code.
- `markup_text`: text or an attribute's value in HTML, SVG or the feed's XML: ``& < > " '`` as entities, and
  what XML 1.0 does not allow (most control characters) or a reader would not see (format characters) shown
  as escapes.
- `json_data`: data as JSON that is safe even inside a page's ``<script>``: ``<``, ``&`` and the line
  separators as ``\\u`` escapes.
- `log_line`: a line of the job's log: on one line, and never beginning (after spaces) with ``::``, which
  would make it a GitHub Actions workflow command.

Standard library only and pure, like `pipeline.errors`: the rules core and the families may import it.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections.abc import Collection

NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})  # control, format, surrogate, private, line breaks


def visible(text: str, keep: str = "") -> str:
    """`text` on one line, each control or format character (a newline, an escape, a right-to-left override,
    a zero-width joiner) but those in `keep` written as its escape: ``\\n``, ``\\x1b``, ``\\u202e``."""
    if text.isprintable():  # the common case, at the cost of one scan
        return text
    out = []
    for char in text:
        if char in keep:
            out.append(char)
        elif char in NAMED_ESCAPES:
            out.append(NAMED_ESCAPES[char])
        elif char != " " and unicodedata.category(char) in HIDDEN:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(char)
    return "".join(out)


# Markdown: the characters that begin inline syntax anywhere (escaped by a backslash, or as an entity where
# a backslash is not enough: a table's `|`, HTML's `<` and `&`), and those that begin a block at a line's start
_INLINE = {c: "\\" + c for c in "\\`*_[]{}"} | {"|": "&#124;", "<": "&lt;", "&": "&amp;"}
_INLINE_RE = re.compile("[" + re.escape("".join(_INLINE)) + "]")
_BLOCK_START = re.compile(r"^(?:[#>+\-!]|[=~:]|\d+[.)])")
_BLOCK_ENTITY = frozenset("=~:")  # no backslash escape in Markdown


def markdown_text(text: object) -> str:
    """A value as Markdown shows it and nothing more (in a sentence, a cell, a heading, a list item)."""
    line = _INLINE_RE.sub(lambda m: _INLINE[m[0]], visible(str(text)))
    start = _BLOCK_START.match(line)
    if start is not None:
        mark = start[0][-1]
        escaped = f"&#{ord(mark)};" if mark in _BLOCK_ENTITY else "\\" + mark
        line = line[: start.end() - 1] + escaped + line[start.end() :]
    return line


def markdown_code(text: object) -> str:
    """A value as the inside of an inline code span shows it: on one line, a backtick as a quote."""
    return visible(str(text)).replace("`", "'")


# a game master's Markdown: its fences and code spans (left as they are), its inline links (kept when they
# lead out of the site), and what raw HTML and attribute lists would be read from elsewhere
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
_LINK = re.compile(r"(!?)\[([^\[\]\n]*)\]\((\S*?)(?:\s+\"[^\"]*\")?\)")
_EXTERNAL = re.compile(r"(?:https?://|mailto:)", re.IGNORECASE)
_MARKUP = {"<": "&lt;", "{": "&#123;", "}": "&#125;", "[": "\\[", "]": "\\]"}


def markdown_without_html(text: str, pages: Collection[str] = ()) -> str:
    """A game master's Markdown (a narrative) with its formatting kept (headings, emphasis, lists, code, links
    to http(s) and mailto addresses, and to the `pages` beside it that exist, written exactly so: ``r40.md``),
    and no HTML, attribute list, image or other link into the site read in it: outside code, ``<``, ``{ }``
    and the brackets of any other link or image shown as they are written (an image would be a request out of
    the site, a link to a page that is not there fails the strict build); format characters (a right-to-left
    override) shown as escapes."""
    out, fence = [], ""
    for raw in text.split("\n"):
        line = visible(raw.rstrip("\r"), keep="\t")
        opened = _FENCE.match(line)
        if fence:
            fence = "" if opened and opened[1][0] == fence[0] and len(opened[1]) >= len(fence) else fence
            out.append(line)
            continue
        if opened:
            fence = opened[1]
            out.append(line)
            continue
        out.append(_outside_code(line, pages))
    return "\n".join(out)


def _outside_code(line: str, pages: Collection[str]) -> str:
    """A line of a game master's Markdown, outside fences: its code spans as they are, the brackets of its
    links out of the site and to the `pages` kept, every other character of markup shown as written."""
    code = {i for m in _CODE_SPAN.finditer(line) for i in range(*m.span())}
    kept = [m for m in _LINK.finditer(line) if not m[1] and (_EXTERNAL.match(m[3]) or m[3] in pages)]
    links = {i for m in kept for i in (m.start(), m.start(3) - 2)}
    return "".join(c if i in code or i in links else _MARKUP.get(c, c) for i, c in enumerate(line))


def markup_text(text: object, quote: bool = True) -> str:
    """A value as text or an attribute's value of HTML, SVG or XML (the feed): what XML 1.0 accepts, shown as
    it is; without `quote`, for an element's text only, quotes as they are."""
    return html.escape(visible(str(text)), quote=quote)


_JSON_UNSAFE = {"<": "\\u003c", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_JSON_UNSAFE_RE = re.compile("[" + "".join(_JSON_UNSAFE) + "]")


def json_data(data: object, indent: int | None = None) -> str:
    """`data` as JSON (keys sorted, characters as they are) that opens no tag, comment or entity, so closes no
    ``<script>``, wherever it is put; JSON readers read the same values."""
    text = json.dumps(data, indent=indent, sort_keys=True, ensure_ascii=False)
    return _JSON_UNSAFE_RE.sub(lambda m: _JSON_UNSAFE[m[0]], text)


def log_line(text: object) -> str:
    """A line of a command's output that may hold a player's text: on one line, and if it would begin (after
    spaces) with ``::``, a GitHub Actions workflow command, its first colon written ``\\x3a``."""
    line = visible(str(text))
    body = line.lstrip()
    if body.startswith("::"):
        line = line[: len(line) - len(body)] + "\\x3a" + body[1:]
    return line
