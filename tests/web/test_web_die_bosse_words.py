"""Die Bosse's page in a new player's words: the turn's end first among the choices with key 1,
concerns counted from 1, and profit shares with their unit."""

from __future__ import annotations

import re
from typing import Any

from browserkit import Seat, bot, person


def test_end_the_turn_comes_first_concerns_count_from_1_and_profit_shares_have_a_unit(
    server: Any, context: Any
) -> None:
    table = server.table("die_bosse", [person("Ann"), bot()])
    seat = Seat(context, table["seats"][0]["link"])
    assert seat.wait_turn_or_end()
    # The first button of the turn ends it, with key 1, above the purchases.
    first = seat.page.locator("[data-testid=decision] .choices button").first
    assert first.get_attribute("data-action") == "end"
    assert first.get_attribute("aria-keyshortcuts") == "1"
    buys = [c for c in seat.choices() if c.startswith("buy ")]
    assert buys
    seat.act(buys[0])
    assert seat.wait_turn_or_end()
    places = [c for c in seat.choices() if c.startswith("place ")]
    assert places == ["place 0"]
    label = seat.page.locator('[data-testid=decision] button[data-action="place 0"]').inner_text()
    assert "start a new concern 1 with" in label.lower()  # a label begins with a capital on the page
    seat.act("place 0")
    mine = seat.page.locator("[data-testid=player-0]")
    mine.locator(".concern-head").first.wait_for()
    assert mine.locator(".concern-head span").first.inner_text() == "concern 1"
    assert "concern 1:" in (mine.locator(".concern").first.get_attribute("aria-label") or "")
    profit = mine.locator(".profit").inner_text()
    assert re.fullmatch(r"\d+ million in profit shares", profit), profit
    shares = seat.page.locator(".distributions p").first.inner_text()
    assert re.search(r"3 companies \d+ million", shares), shares
    assert not seat.errors
