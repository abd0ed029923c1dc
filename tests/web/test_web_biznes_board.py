"""The Biznes po polsku board as a new player reads it: every space's name whole, in text of
at least 11 px on the screen, inside its space, on a desktop and on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import browserkit
import pytest
from browserkit import Seat, bot, person

SMALLEST_PX = 11
"""The smallest text on the board's spaces, in screen pixels."""

MEASURE = """() => [...document.querySelectorAll('[data-testid=board] [data-space]')].map((space) => {
  const cell = space.querySelector('rect.cell').getBoundingClientRect();
  const lines = [...space.querySelectorAll('.space-name')];
  return {
    space: +space.dataset.space,
    label: space.getAttribute('aria-label'),
    cell: [cell.left, cell.top, cell.right, cell.bottom],
    lines: lines.map((t) => {
      const box = t.getBoundingClientRect();
      return {
        text: t.textContent,
        px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a,
        box: [box.left, box.top, box.right, box.bottom],
      };
    }),
    marks: [...space.querySelectorAll('text:not(.space-name)')].map(
      (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a),
  };
})"""

PIECES = """() => [...document.querySelectorAll('[data-testid=board] .piece circle')].map((c) => {
  const box = c.getBoundingClientRect();
  return [box.left, box.top, box.right, box.bottom];
})"""


def overlap(a: list[float], b: list[float]) -> float:
    """How far two boxes (left, top, right, bottom) overlap: the lesser of their overlaps
    across and down, 0 when they do not meet."""
    return max(0.0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_board_spaces_show_whole_names_in_text_of_at_least_11_px(
    server: Any, chromium: Any, size: str, tmp_path: Path
) -> None:
    viewport = browserkit.DESKTOP if size == "desktop" else browserkit.PHONE
    context = chromium.new_context(viewport=viewport)
    try:
        table = server.table("biznes_po_polsku", [person("Ann"), bot(), bot()])
        seat = Seat(context, table["seats"][0]["link"])
        # A few of Ann's moves first, so that the pieces stand about the board, some on firms.
        choose = browserkit.chooser(5, prefer=("roll",), avoid=("offer-sale", "offer-purchase", "offer-exchange"))
        for _ in range(6):
            if not seat.wait_turn_or_end():
                break
            seat.act(choose(seat, seat.choices()))
        seat.wait_turn_or_end()
        seat.page.locator("[data-testid=board] [data-space]").first.wait_for()
        spaces = seat.page.evaluate(MEASURE)
        assert len(spaces) == 40
        for space in spaces:
            name = space["label"].split("; ")[0].split(". ", 1)[1].removeprefix("Zawód: ")
            lines = [line["text"] for line in space["lines"]]
            # Whole: the lines put together again (a word broken with a hyphen joined) are the name.
            joined = " ".join(lines).replace("- ", "")
            assert "…" not in joined and joined.replace(" ", "") == name.replace(" ", ""), (name, lines)
            left, top, right, bottom = space["cell"]
            for line in space["lines"]:
                assert line["px"] >= SMALLEST_PX, (name, line)
                x0, y0, x1, y1 = line["box"]
                assert left - 0.5 <= x0 and x1 <= right + 0.5 and top <= y0 and y1 <= bottom + 0.5, (name, line)
            assert all(px >= SMALLEST_PX for px in space["marks"]), (name, space["marks"])
        # No piece covers a space's name.
        pieces = seat.page.evaluate(PIECES)
        assert len(pieces) == 3
        for piece in pieces:
            for space in spaces:
                for line in space["lines"]:
                    assert overlap(piece, line["box"]) <= 1, (space["label"], line["text"], piece)
        browserkit.assert_fits(seat.page)
        seat.page.screenshot(path=str(tmp_path / f"biznes-board-{size}.png"))
        assert not seat.errors
    finally:
        context.close()
