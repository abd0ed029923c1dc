"""Lines broken at word boundaries to the terminal's width, continued under their first word.

The terminal itself breaks a line too long for it wherever the width ends, in the middle of a
word; the menu, the help and the messages are broken here instead, between words, each
continuation indented under where the text began (a word wider than the line is cut). A line
breaks only at a plain space; :data:`KEEP` holds an item's words together.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

KEEP = "\u00a0"
"""A space a line never breaks at: it holds the parts of one item together (a card's number,
industry, letters and price)."""

WORD = re.compile(r"[^ ]+")
"""What lines break between: runs without a plain space (tabs and line ends are none here)."""


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` (one line) in pieces of at most ``width`` cells, broken between words; the
    spaces at a break are dropped, styles kept."""
    width = max(1, width)
    plain = text.plain
    pieces: list[Text] = []
    start: int | None = None
    end = 0
    for match in WORD.finditer(plain):
        w_start, w_end = match.span()
        while cell_len(plain[w_start:w_end]) > width and start is None:  # a word wider than a line
            cut = _fit(plain, w_start, w_end, width)
            pieces.append(text[w_start:cut])
            w_start = cut
        if start is None:
            start, end = w_start, w_end
        elif cell_len(plain[start:w_end]) <= width:
            end = w_end
        else:
            pieces.append(text[start:end])
            start, end = None, 0
            while cell_len(plain[w_start:w_end]) > width:
                cut = _fit(plain, w_start, w_end, width)
                pieces.append(text[w_start:cut])
                w_start = cut
            start, end = w_start, w_end
    if start is not None:
        pieces.append(text[start:end])
    return pieces or [Text("")]


def hanging(text: Text, width: int, indent: int | None = None) -> list[Text]:
    """``text`` broken to ``width`` with each continuation indented by ``indent`` spaces
    (default: under the first word after the line's leading spaces and any one-character mark,
    as in ``  ✗ not allowed``)."""
    plain = text.plain
    lead = len(plain) - len(plain.lstrip(" "))
    if indent is None:
        indent = lead
        rest = plain[lead:]
        if len(rest) > 2 and rest[1] == " " and not rest[0].isalnum():
            indent += 2
    if cell_len(plain) <= width:
        return [text]
    first_room = max(1, width - lead)
    body = text[lead:]
    first, *_ = wrap(body, first_room)
    lines = [Text(" " * lead).append_text(first) if lead else first]
    remainder = body[len(first.plain) :]
    stripped = remainder.plain.lstrip(" ")
    if stripped:
        remainder = remainder[len(remainder.plain) - len(stripped) :]
        for piece in wrap(remainder, max(1, width - indent)):
            lines.append(Text(" " * indent).append_text(piece))
    return lines


def _fit(plain: str, start: int, end: int, width: int) -> int:
    """The end of the longest run of ``plain[start:end]`` that fits in ``width`` cells (at least
    one character)."""
    cut = start + 1
    while cut < end and cell_len(plain[start : cut + 1]) <= width:
        cut += 1
    return cut
