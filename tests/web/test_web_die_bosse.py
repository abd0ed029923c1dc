"""A whole game of Die Bosse against a bot, played through the page to its end, paying with
the page's preview of what the chosen cards are worth (symbol sets as the rules count them,
from the view); then its replay, move by move."""

from __future__ import annotations

import random
import re
from typing import Any

import browserkit
from browserkit import Seat, bot, person

from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.data import rules


def pay_with_preview(seat: Seat, rng: random.Random) -> bool:
    """On a bill, choose capital cards until the preview says they cover it, then pay."""
    panel = seat.page.locator("[data-testid=paying]")
    if not panel.count():
        return False
    view = seat.view()
    turn = view["this_turn"]
    due = turn["advance_due"] if view["pending"]["decision"] == "advance" else turn["bill"]
    paid = [c["card"] for c in turn["paid"]]
    hand = [c["card"] for c in view["players"][view["you"]]["hand"]]
    title = seat.page.locator("#hand-title").inner_text()
    assert f"capital worth {worth(rules(), hand)} million" in title, title
    boxes = panel.locator("input[type=checkbox]")
    order = list(range(boxes.count()))
    rng.shuffle(order)
    for i in order:
        boxes.nth(i).check()
        preview = seat.page.locator("[data-testid=worth]").inner_text()
        together = int(re.search(r"with what was handed over, (\d+) million", preview).group(1))
        chosen = panel.locator("input[type=checkbox]:checked").evaluate_all(
            "boxes => boxes.map((b) => Number(b.closest('[data-card]').dataset.card))"
        )
        assert together == worth(rules(), paid + chosen), (preview, paid, chosen)
        if together >= due:
            break
    before = seat.version()
    shown = seat.page.locator("[data-testid=pay-chosen]")
    assert shown.get_attribute("data-action").startswith("pay ")
    shown.click()
    seat.page.wait_for_function(f"window.tycoon.connection.version > {before}")
    return True


def test_a_whole_game_against_a_bot_through_the_page(server: Any, context: Any) -> None:
    table = server.table("die_bosse", [person("Ann"), bot()])
    seat = Seat(context, table["seats"][0]["link"])
    rng = random.Random(3)
    choose = browserkit.chooser(5, prefer=("buy", "place"), avoid=("move", "transfer", "pay"))
    decisions = previews = 0
    while seat.wait_turn_or_end(timeout=30):
        # Others' hands are only counts on the page.
        assert seat.page.locator("[data-testid=hand]").count() == 1
        count = seat.page.locator("[data-testid=hand-count-1]").inner_text()
        assert re.fullmatch(r"1 card in hand|(0|[2-9]|\d\d+) cards in hand", count), count
        browserkit.assert_controls(seat)
        if pay_with_preview(seat, rng):
            previews += 1
        else:
            seat.act(choose(seat, seat.choices()))
        decisions += 1
        assert decisions < 1500, "the game did not end"
    assert seat.status() == "finished"
    outcome = seat.page.locator("[data-testid=outcome]")
    outcome.wait_for()
    assert "winner" in outcome.inner_text()
    assert previews > 0 and decisions > 30
    browserkit.assert_fits(seat.page)
    assert not seat.errors

    # The replay: forward, back and to the end, from the record.
    seat.page.locator("[data-testid=tab-replay]").click()
    move = seat.page.locator("[data-testid=replay-move]")
    move.wait_for()
    seat.page.locator("[data-testid=replay-forward]").click()
    seat.page.wait_for_function("document.querySelector('.slider').textContent.includes('Move 1 of')")
    first = move.inner_text()
    seat.page.locator("[data-testid=replay-forward]").click()
    seat.page.wait_for_function("document.querySelector('.slider').textContent.includes('Move 2 of')")
    seat.page.locator("[data-testid=replay-back]").click()
    seat.page.wait_for_function("document.querySelector('.slider').textContent.includes('Move 1 of')")
    assert move.inner_text() == first
    seat.page.locator("[data-testid=replay-end]").click()
    seat.page.wait_for_function(
        "(() => { const m = document.querySelector('.slider').textContent.match(/Move (\\d+) of (\\d+)/);"
        " return m && m[1] === m[2]; })()"
    )
    # To the start of a round, from the list of rounds.
    rounds = seat.page.locator("[data-testid=replay-round] option")
    assert rounds.count() > 2
    second = rounds.nth(2).get_attribute("value")
    seat.page.locator("[data-testid=replay-round]").select_option(second)
    seat.page.wait_for_function(
        "(n) => document.querySelector('.slider').textContent.includes(`Move ${n} of`)", arg=second
    )
    # The replay shows Bot's hand once asked to: the record holds every card after the end.
    seat.page.locator("[data-testid=replay-seat]").select_option("1")
    seat.page.wait_for_selector("[data-testid=hand]")
