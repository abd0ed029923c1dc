"""A finished Playboss game replayed in the page: to a business year's end, as a spectator."""

from __future__ import annotations

import time
from typing import Any

from browserkit import Seat, bot


def test_a_replay_jumps_to_the_end_of_a_business_year(server: Any, context: Any) -> None:
    table = server.table("playboss", [bot(), bot()], options={"years": 1})
    deadline = time.monotonic() + 90
    while server.get(f"/api/tables/{table['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    seat = Seat(context, table["spectator_link"])
    seat.page.locator("[data-testid=tab-replay]").click()
    seat.page.locator("[data-testid=replay-year]").select_option("1")
    seat.page.wait_for_function("!document.querySelector('.slider').textContent.includes('Move 0 of')")
    at = int(seat.page.locator(".slider").inner_text().split(" ")[1])
    assert at > 0
    # There a business has just completed its first year; one move earlier none had.
    now = server.get(f"/api/tables/{table['id']}/replay?at={at}")["view"]
    before = server.get(f"/api/tables/{table['id']}/replay?at={at - 1}")["view"]
    assert max(b["laps"] for b in now["businesses"]) == 1
    assert max(b["laps"] for b in before["businesses"]) == 0
    board = seat.page.locator("[data-testid=board]")
    assert board.count() == 1
    assert not seat.errors
