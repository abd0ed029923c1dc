"""Two people at one Playboss table, one reading German and one Polish (decision 0039): both see
the same game, each page tells it in its reader's language as tycoon.words tells it, and
neither page asks its catalogue for a key it lacks."""

from __future__ import annotations

import re
from typing import Any

import browserkit
from browserkit import Seat, bot, person

from tycoon.core.messages import from_wire
from tycoon.words import render

MISSING = re.compile(r"is not in the (\w+ )?catalogue|does not parse")
"""What the page's i18n.js warns of when a text is missing from the reader's catalogue (and
shown in English) or from every catalogue (shown as its key), or does not parse."""

ENGLISH = re.compile(r"\b(the|and|buys|pays|rolls|moves|receives|from|with|for|seat|player)\b")
"""Common English words of Playboss's narration, which no German or Polish line holds."""

NAMES = (
    "async () => { const ui = await import('/client/ui.js'); const table = window.tycoon.connection.table;"
    " return table.seats.map((s) => ui.seatName(table, s.seat)); }"
)
"""The name the page gives each seat (the players' names, a bot's name)."""

RENDER = "async ([message, names]) => (await import('/client/i18n.js')).render(message, names)"


def standing_alone(text: str, names: list[str]) -> str:
    """``text`` as the page shows a message on a line of its own: with a capital, unless it
    begins with a player's name (the terminal writes it after "Your decision: ")."""
    return text if any(text.startswith(name) for name in names) else text[:1].upper() + text[1:]


class Reader(Seat):
    """A seat's page that also keeps what its console warns of."""

    def __init__(self, context: Any, link: str) -> None:
        self.warnings: list[str] = []
        context.on("console", lambda m: self.warnings.append(m.text) if m.type in ("warning", "error") else None)
        super().__init__(context, link)


def test_a_german_and_a_polish_reader_see_the_same_playboss_game_each_in_their_words(
    server: Any, chromium: Any
) -> None:
    table = server.table("playboss", [person("Anna"), person("Bartek"), bot()], options={"years": 2})
    german = chromium.new_context(viewport=browserkit.DESKTOP, locale="de-DE")
    polish = chromium.new_context(viewport=browserkit.DESKTOP, locale="pl-PL")
    try:
        anna = Reader(german, table["seats"][0]["link"])
        bartek = Reader(polish, table["seats"][1]["link"])
        assert anna.js("document.documentElement.lang") == "de"
        assert bartek.js("document.documentElement.lang") == "pl"
        browserkit.play_together([anna, bartek], 16, browserkit.chooser(11, avoid=("borrow",)))
        version = max(anna.version(), bartek.version())
        for seat in (anna, bartek):
            seat.page.wait_for_function(f"window.tycoon.connection.version >= {version}")

        # The same game: the same moves and lines as messages, the same view of the board.
        events = "window.tycoon.connection.events.map((e) => [e.v, e.seat, e.by, e.text, e.log])"
        told = anna.js(events)
        assert told == bartek.js(events) and len(told) >= 16
        board = "JSON.stringify([window.tycoon.connection.game.view.round, window.tycoon.connection.game.view.market])"
        assert anna.js(board) == bartek.js(board)
        lines = [line for event in told for line in event[4] or []]
        assert lines and all(isinstance(line, dict) for line in lines)  # messages, not English text

        for seat, language, title in ((anna, "de", "Was passiert"), (bartek, "pl", "Co się dzieje")):
            assert seat.page.locator("#narration-title").inner_text() == title
            names = seat.js(NAMES)
            # Each line of the narration as tycoon.words renders it in the page's language.
            shown = seat.page.locator("[data-testid=narration] ul.log > li").all_inner_texts()
            expected = [render(from_wire(line), language, names) for line in lines]
            assert shown == expected[-len(shown) :] and len(shown) >= len(lines) // 2, (language, shown[:5])
            assert [t for t in shown if ENGLISH.search(t)] == [], language
            # The pending decision too, whoever decides.
            pending = seat.view()["pending"]["text"]
            if isinstance(pending, dict):
                text = seat.page.locator("[data-testid=pending]").inner_text()
                assert text == standing_alone(render(from_wire(pending), language, names), names)
            page_text = seat.page.locator("body").inner_text()
            assert not re.search(r"\bpb\.[a-z_]+\.", page_text), language
            assert [w for w in seat.warnings if MISSING.search(w)] == [], (language, seat.warnings[:5])
            assert seat.errors == []

        # Polish says a seat in the case a sentence needs, a name as it is written and a seat
        # without a name by its number, as tycoon.words does.
        names = bartek.js(NAMES)
        for seat_number in (1, 7):
            wire = {"k": "pb.say.computer_prevents", "p": {"seat": {"seat": seat_number}}}
            said = bartek.page.evaluate(RENDER, [wire, names])
            assert said == render(from_wire(wire), "pl", names)
            assert said.startswith(f"Komputer gracza {names[1] if seat_number == 1 else 7} "), said
        lease = {"k": "pb.lease_line", "p": {"lessor": {"seat": 0}, "lessee": {"seat": 9}}}
        lease["p"] |= {"machine": "maszyna", "rent": "500", "lap": 2}
        polish_lease = bartek.page.evaluate(RENDER, [lease, names])
        assert polish_lease == render(from_wire(lease), "pl", names)
        assert polish_lease.startswith(f"Leasing od gracza {names[0]} dla gracza 9:"), polish_lease
    finally:
        german.close()
        polish.close()
