"""Reports for a pull request's comment or a run's summary: Markdown that a player's data cannot break.

A file name, an order or a message quoting a file may hold anything a player typed: newlines, control
characters, right-to-left overrides, backticks, a fence of tildes, Markdown, HTML, mentions. `escaped`
shows every such character as an escape (``\\n``, ``\\x1b``, ``\\u202e``) and turns backticks into quotes;
`code` is the one way a value a player chose (a path, a game id, a turn, a login) is shown in a report: an
escaped code span, where GitHub renders no Markdown, HTML, link or mention; `fenced` puts lines in a code
block whose fence is longer than any run of tildes inside; `capped` keeps a report under GitHub's 65,536
characters for a comment.
"""

from __future__ import annotations

import re

from pipeline.escape import markdown_code

COMMENT_LIMIT = 60_000  # GitHub refuses a comment over 65,536 characters; room for the footer


def escaped(text: str) -> str:
    """`text` on one line, with control and format characters as escapes and backticks as quotes (what a
    code span or a fenced block shows: `escape.markdown_code`)."""
    return markdown_code(text)


def code(value: str) -> str:
    """A value a player chose, inert in Markdown: escaped, in a code span (``(empty)`` for nothing)."""
    return f"`{escaped(value)}`" if value else "(empty)"


def path_text(path: bytes) -> str:
    """A path as git gave it (any bytes), readable: UTF-8 where it is, `\\xNN` for the other bytes."""
    return escaped(path.decode("utf-8", errors="backslashreplace"))


def fenced(lines: list[str]) -> list[str]:
    """The lines, each escaped, in a fenced code block nothing inside can close."""
    body = [escaped(line) for line in lines]
    longest = max((len(run) for line in body for run in re.findall(r"~+", line)), default=0)
    fence = "~" * max(10, longest + 1)
    return [fence, *body, fence]


def capped(text: str, limit: int = COMMENT_LIMIT) -> str:
    """`text` cut to `limit` characters at a line's end, saying so, for a comment."""
    if len(text) <= limit:
        return text
    cut = text.rfind("\n", 0, limit)
    return text[: cut if cut > 0 else limit] + "\n\n(cut here: the report is longer than a comment may be)\n"
