"""A refusal and the pending decision on the page, in its reader's language (decision 0041): the
server sends both as messages, and a German page reads them in German, the rule cited in
German with the Dutch rulebook's heading beside it."""

from __future__ import annotations

from typing import Any

import browserkit
from browserkit import Seat, bot, person

REFUSED = (
    "async (action) => { try { await window.tycoon.connection.act(action); return null; }"
    " catch (error) { return { code: error.code, said: error.said, text: error.message,"
    " read: (await import('/client/ui.js')).readable(error.said, window.tycoon.connection.table) }; } }"
)
"""Send ``action`` as the page sends a choice, and what the page makes of the refusal."""


def test_a_refusal_and_the_pending_decision_read_in_german_on_a_german_page(server: Any, chromium: Any) -> None:
    table = server.table("die_bosse", [person("Anna"), bot()])
    german = chromium.new_context(viewport=browserkit.DESKTOP, locale="de-DE")
    try:
        anna = Seat(german, table["seats"][0]["link"])
        assert anna.js("document.documentElement.lang") == "de"
        assert anna.wait_turn_or_end()

        # The pending decision: a message in the view, read in German on the page.
        assert anna.view()["pending"]["text"] == {"k": "db.phase.turn"}
        pending = anna.page.locator("[data-testid=pending]").inner_text()
        assert pending == "Unternehmen kaufen, Transferkarten spielen, rationalisieren oder den Zug beenden"

        # A company that is not in the row cannot be bought: refused, as a message on the wire.
        before = anna.version()
        refused = anna.page.evaluate(REFUSED, {"kind": "buy", "card": 999})
        assert refused is not None and refused["code"] == "illegal"
        assert refused["said"]["k"] == "refuse.cited"
        assert refused["said"]["p"]["reason"] == {"msg": {"k": "db.no.not_in_row"}}
        german_text = (
            "Nur die offen ausliegenden Unternehmen können gekauft werden (Die Bosse, „1. Unternehmen kaufen"
            " und Konzerne ausbauen“ („1. Bedrijven kopen en concern uitbouwen“))"
        )
        assert refused["read"] == refused["text"] == german_text
        errors = [m for m in anna.messages() if m.get("type") == "error"]
        assert errors and isinstance(errors[-1]["message"], dict), errors
        assert anna.version() == before  # nothing changed

        # The page shows what the server refused in its own words: the refusal's text, not a key.
        assert "db.no." not in refused["read"] and "refuse." not in refused["read"]
        assert anna.errors == []
    finally:
        german.close()
