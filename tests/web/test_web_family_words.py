"""Each game played a few moves on a German, a Dutch and a Polish page, its families' forms
opened: the forms' titles, questions, fields and choices read in the page's language, with no
key missing from its catalogue and none of the common English words the narration's tests look
for (tests/words)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import browserkit
import pytest
from browserkit import Seat, bot, person


def _english_words() -> tuple[str, ...]:
    """The common English words of ``tests/words/test_messages.py`` (``ENGLISH``)."""
    path = Path(__file__).parents[1] / "words" / "test_messages.py"
    spec = importlib.util.spec_from_file_location("words_test_messages", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    words: tuple[str, ...] = module.ENGLISH
    return words


ENGLISH = _english_words()

LOCALES = {"de": "de-DE", "nl": "nl-NL", "pl": "pl-PL"}

GAMES = {
    "playboss": (3, 12, browserkit.chooser(8, prefer=("purchase", "invest", "produce", "sell"), avoid=("pass",))),
    "biznes_po_polsku": (4, 40, browserkit.chooser(2, prefer=("buy", "roll", "take-job"), avoid=("pass",))),
    "die_bosse": (3, 12, browserkit.chooser(4, prefer=("buy", "place"), avoid=("move", "transfer", "end"))),
}
"""Each game: its seats (one person, bots), at most how many of the person's decisions are
played, and how the person chooses."""

FORMS = (
    "(() => { const panel = document.querySelector('[data-testid=decision]');"
    " panel.querySelectorAll('details').forEach((d) => { d.open = true; });"
    " return { forms: [...panel.querySelectorAll('form.family')].map((f) => f.innerText),"
    " panel: panel.innerText }; })()"
)
"""Open every folded part of the decision panel; each family's form and the whole panel as read."""


@pytest.mark.parametrize("language", list(LOCALES))
def test_each_games_families_read_in_the_pages_language(server: Any, chromium: Any, language: str) -> None:
    context = chromium.new_context(viewport=browserkit.DESKTOP, locale=LOCALES[language])
    warnings: list[str] = []
    context.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    english = tuple(w for w in ENGLISH if not (language == "nl" and w == " of "))  # Dutch "of": or
    try:
        for game, (seats, decisions, choose) in GAMES.items():
            table = server.table(game, [person("Ann")] + [bot() for _ in range(seats - 1)])
            ann = Seat(context, table["seats"][0]["link"])
            assert ann.js("document.documentElement.lang") == language
            forms: list[str] = []
            for _ in range(decisions):
                if not ann.wait_turn_or_end():
                    break
                read = ann.page.evaluate(FORMS)
                forms += read["forms"]
                panel = " ".join(read["panel"].split())
                leftovers = [w.strip() for w in english if w in f" {panel} "]
                assert leftovers == [], (game, leftovers, panel[:1500])
                assert not re.search(r"\b(pb|bp|db)?\.?fam\.", panel), panel[:1500]
                # The families come in the view with their words as messages.
                families = ann.js("window.tycoon.connection.game.families || []")
                assert all(isinstance(f["label"], dict) for f in families), families[:2]
                if read["forms"] and len(forms) > 3:
                    break
                browserkit.play(ann, 1, choose)
            if game != "die_bosse":  # Die Bosse has no families: it is played for its words alone
                assert forms, f"no family's form came up in {decisions} decisions of {game}"
            assert ann.errors == []
            ann.page.close()
        missing = [w for w in warnings if "catalogue" in w]
        assert missing == [], missing[:5]
    finally:
        context.close()
