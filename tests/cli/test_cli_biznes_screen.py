"""Biznes po polsku's board at the terminal tells offers and cards in words, never as raw
numbers (``firm 28``, ``los:0``)."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

import tycoon.games
from tycoon.cli.render import renderer_for
from tycoon.core.driver import sample_chance
from tycoon.core.game import CHANCE
from tycoon.core.messages import from_wire
from tycoon.games.biznes_po_polsku import BOTS
from tycoon.words import render

NAMES = ["you", "bot 2", "bot 3"]


def _view_with_offer_and_card() -> dict[str, Any]:
    """Bots play a seeded game until a trade offer is on the table after a card was drawn."""
    game = tycoon.games.load("biznes_po_polsku", players=3)
    state = game.new_state()
    bots = [BOTS["bot"]() for _ in NAMES]
    for seat, bot in enumerate(bots):
        bot.seed(seat)
    rng = random.Random(1)
    for _ in range(5000):
        seat = state.current_player()
        state.apply(sample_chance(state, rng) if seat == CHANCE else bots[seat].act(state, seat), seat)
        view = state.view(0)
        if view["offer"] and view["last_card"]:
            return view
    raise AssertionError("no offer after a card in 5,000 moves")


def _text(view: dict[str, Any]) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderer_for("biznes_po_polsku").view(view, NAMES, 0))
    return console.export_text()


def test_the_offer_panel_names_the_firms_and_the_last_card_tells_what_it_said() -> None:
    view = _view_with_offer_and_card()
    text = _text(view)
    board = {s["number"]: s["name"] for s in view["board"]}
    offer = view["offer"]
    for field in ("space", "give", "take"):
        if field in offer:
            assert board[offer[field]] in text.split("Trade offer")[1]
    assert f"firm {offer.get('space', offer.get('give'))}" not in text
    assert view["last_card"] not in text  # "los:0" is the record's form, not a person's
    told = render(from_wire(view["last_card_text"]))
    deck, _, rest = told.partition(": ")
    assert deck in ("LOS (chance)", "NIESPODZIANKA (surprise)")
    assert f"Last card: {deck}: " in text and rest.split(" - ")[0] in text
