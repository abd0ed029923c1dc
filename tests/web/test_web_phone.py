"""The table page on a phone: what a decision needs (one's own hand, the companies for sale,
one's own business) comes right after the decision panel, not a long scroll below it."""

from __future__ import annotations

from typing import Any

from browserkit import Seat, bot, person

GAP = """(selector) => {
  const decision = document.querySelector('[data-testid=decision]').getBoundingClientRect();
  const target = document.querySelector(selector).getBoundingClientRect();
  return { gap: target.top - decision.bottom, decisionTop: decision.top,
    height: document.documentElement.scrollHeight };
}"""
"""How far below the bottom of the decision panel the top of what the selector names starts,
where the decision panel starts, and the page's height."""

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def gaps(server: Any, chromium: Any, game: str, viewport: dict[str, int], selectors: list[str]) -> list[dict[str, Any]]:
    """The gap from the decision panel to each selector, on the first seat's first turn."""
    context = chromium.new_context(viewport=viewport)
    try:
        table = server.table(game, [person("Ann"), bot()])
        seat = Seat(context, table["seats"][0]["link"])
        assert seat.wait_turn_or_end(timeout=30)
        for selector in selectors:
            seat.page.wait_for_selector(selector, state="attached")
        found = [seat.page.evaluate(GAP, s) for s in selectors]
        assert not seat.errors
        return found
    finally:
        context.close()


def test_die_bosse_hand_and_row_follow_the_decision_on_a_phone(server: Any, chromium: Any) -> None:
    hand, row = gaps(server, chromium, "die_bosse", PHONE, ["[data-testid=hand]", "[data-testid=row]"])
    # The hand first, right below the decision (only the margins between them), then
    # the row; before, the row stood between them and the hand began some 320 px lower.
    assert 0 <= hand["gap"] < 100, hand
    assert 0 <= row["gap"] < 400, row


def test_playboss_own_business_follows_the_decision_on_a_phone(server: Any, chromium: Any) -> None:
    (own,) = gaps(server, chromium, "playboss", PHONE, ["[data-testid=business-0]"])
    assert 0 <= own["gap"] < 400, own


def test_the_desktop_keeps_the_board_beside_the_decision(server: Any, chromium: Any) -> None:
    # On a wide screen the decision stays in the right-hand column at the top, the board and
    # the businesses to its left, so the gap is negative (side by side), not stacked.
    (own,) = gaps(server, chromium, "playboss", DESKTOP, ["[data-testid=business-0]"])
    assert own["decisionTop"] < 200, own
    (hand,) = gaps(server, chromium, "die_bosse", DESKTOP, ["[data-testid=hand]"])
    assert hand["decisionTop"] < 200 and hand["gap"] < 0, hand
