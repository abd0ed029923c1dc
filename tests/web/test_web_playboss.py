"""The Playboss page as the host and a spectator see it: the balance sheets of every year."""

from __future__ import annotations

import time
from typing import Any

import browserkit
from browserkit import Seat, bot, person


def _finished(server: Any, players: int, **options: Any) -> dict[str, Any]:
    """A table of bots played to its end."""
    table: dict[str, Any] = server.table("playboss", [bot() for _ in range(players)], options=options)
    deadline = time.monotonic() + 90
    while server.get(f"/api/tables/{table['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table


def test_the_host_and_a_spectator_see_every_years_balance_sheets(server: Any, context: Any) -> None:
    table = _finished(server, 3, years=2)
    for link in (table["host_link"], table["spectator_link"]):
        # A page opened after the years ended, with nothing stored: the view carries them.
        viewer = Seat(context, link)
        assert viewer.seat() is None
        page = viewer.page
        page.locator("[data-testid=tab-sheets]").click()
        names = {s["seat"]: s["name"] for s in viewer.js("window.tycoon.connection.table.seats")}
        businesses = viewer.view()["businesses"]
        years = viewer.view()["year_sheets"]
        ended = [(names[b["seat"]], str(y["year"])) for b in businesses for y in years[b["seat"]] if y["year"]]
        assert {"1", "2"} <= {year for _, year in ended}, ended
        rows = [r.split("\t")[:2] for r in page.locator("[data-testid=statements] tbody tr").all_inner_texts()]
        assert sorted(ended) == sorted(tuple(r) for r in rows)
        assert "No business has finished a year yet" not in page.inner_text("body")
        # The chart: a point per business year and one for now, not a single dot per business.
        chart = page.locator("[data-testid=capital-chart]").first
        assert chart.locator(".point").count() == sum(len(years[b["seat"]]) + 1 for b in businesses)
        # The sheets shown are the view's, not valued anew by the page.
        for b in businesses:
            sheet = page.locator(f"[data-testid=sheet-{b['seat']}]").first.inner_text()
            assert f"{b['sheet']['total_assets']:,}" in sheet
        assert not viewer.errors
        page.close()


def test_the_representative_chosen_in_the_lobby_is_the_seat_shown_and_a_role_on_the_page(
    server: Any, context: Any
) -> None:
    page = context.new_page()
    page.goto(server.base + "/")
    page.get_by_label("Playboss").check()
    page.locator("details.options summary").click()
    page.locator("[data-testid=opt-steps-6]").check()
    page.locator("#seat-0-name").fill("Ann")
    # Seats are offered as the table numbers them: seat 1 is Ann's.
    page.locator("#opt-representative").select_option(label="Seat 1 (Ann)")
    page.locator("[data-testid=create]").click()
    page.locator("[data-testid=open-my-seat]").click()
    page.wait_for_selector("[data-testid=connection][data-status=open]")
    table = page.evaluate("window.tycoon.connection.table")
    assert table["options"] == {"steps": [6], "representative": 0}
    view = page.evaluate("window.tycoon.connection.game.view")
    assert view["expansion"]["labour"]["representative"] == 0
    # He is shown as what he is: a role with his fund and workers, not a business of 0 Marks,
    # and no piece of his stands on the board.
    role = page.locator("[data-testid=representative-0]")
    assert "Worker representative" in role.inner_text() and "Ann" in role.inner_text()
    assert page.locator("[data-testid=business-0]").count() == 0
    assert page.locator("[data-testid=business-1]").count() == 1
    assert sorted(
        int(x)
        for x in page.locator("[data-testid=board] [data-piece]").evaluate_all("els => els.map(e => e.dataset.piece)")
    ) == [1, 2]


def _to_a_red_field(seat: Seat) -> None:
    """Play ``seat`` on (rolling, doing nothing elsewhere) until it decides on a red field."""
    for _ in range(60):
        assert seat.wait_turn_or_end(), "the game ended before a red field"
        if seat.view()["pending"]["decision"] == "red" and seat.page.locator("form[data-family=purchase]").count():
            return
        options = seat.choices()
        quiet = [o for o in options if o.split(" ")[0] in ("roll", "nothing", "pass", "accept")]
        seat.act((quiet or [o for o in options if not o.startswith("offer")] or options)[0])
    raise AssertionError("no red field in sixty decisions")


def test_the_market_shows_marks_and_a_form_what_a_purchase_will_cost(server: Any, context: Any) -> None:
    table = server.table("playboss", [person("Ann"), bot()], options={"years": 3})
    seat = Seat(context, table["seats"][0]["link"])
    page = seat.page
    market = page.locator("section.market")
    assert "Marks" in market.locator(".zone").first.inner_text()
    assert "ten times" in market.inner_text()
    _to_a_red_field(seat)
    view = seat.view()
    prices = view["prices"]
    # The zones say what a raw product costs and a finished one brings there, in Marks.
    zone = view["market"][-1]
    assert f"{zone['price']:,} Marks" in market.locator(".zone").last.inner_text()
    assert f"{zone['sale']:,}" in market.locator(".zone").last.inner_text()
    assert f"brings {prices['sale'][0]:,} Marks" in page.locator("[data-testid=market-now]").inner_text()
    # Before it is sent, the purchase form says what the count filled in will cost.
    page.locator("details.families-group[data-family=purchase] > summary").click()  # forms are folded
    form = page.locator("form[data-family=purchase]")
    field = form.locator("input").first
    field.fill("2")
    note = form.locator(".form-note")
    assert note.inner_text().startswith(f"Buying 2 raw products costs {prices['purchase'][1]:,} Marks")
    field.fill("1")
    assert note.inner_text().startswith(f"Buying 1 raw product costs {prices['purchase'][0]:,} Marks")
    field.fill("")
    assert note.count() == 0  # nothing to say about a count not filled in
    assert not seat.errors


FIELD_WORDS = {
    "start": "Start",
    "red": "Decide",
    "green": "WEB",
    "blue": "Risk",
    "yellow": "Cost",
    "white": "Write-off",
}


def test_the_board_names_its_fields_with_a_legend_and_says_what_a_piece_stands_on(
    server: Any, context: Any, tmp_path: Any
) -> None:
    table = server.table("playboss", [person("Ann"), bot(), bot()], options={"years": 3})
    seat = Seat(context, table["seats"][0]["link"])
    page = seat.page
    browserkit.play(seat, 6, browserkit.chooser(3, prefer=("roll",), avoid=("offer-loan", "offer-trade", "borrow")))
    assert seat.wait_turn_or_end()  # Ann's decision: the bots wait, the page stands still
    view = seat.view()
    # Every field reads its kind in a word, not a letter, beside its number.
    for i, kind in enumerate(view["board"]):
        text = page.locator(f"[data-testid=board] [data-field='{i}'] > text").all_text_contents()
        assert text[:2] == [str(i), FIELD_WORDS[kind]], (i, kind, text)
    # The legend names each kind of field and says what it does.
    legend = page.locator("[data-testid=board-legend]")
    for kind in set(view["board"]):
        item = legend.locator(f"li[data-kind={kind}]")
        assert FIELD_WORDS[kind] in item.inner_text()
    assert "draw a risk card" in legend.locator("li[data-kind=blue]").inner_text()
    assert "one decision: buy raw products" in legend.locator("li[data-kind=red]").inner_text()
    assert "WEB chip for 1,000 Marks" in legend.locator("li[data-kind=green]").inner_text()
    # Each business's panel says where its piece stands and what that field does.
    for b in view["businesses"]:
        kind = view["board"][b["position"]]
        line = page.locator(f"[data-testid=stands-{b['seat']}]").inner_text()
        does = legend.locator(f"li[data-kind={kind}]").inner_text().split(": ", 1)[1]
        assert line.startswith(f"field {b['position']}, ") and line.endswith(does), (line, does)
    browserkit.assert_fits(page)
    for size, viewport in (("desktop", browserkit.DESKTOP), ("phone", browserkit.PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)
        page.locator("[data-testid=board]").screenshot(path=str(tmp_path / f"board-{size}.png"))
        legend.screenshot(path=str(tmp_path / f"legend-{size}.png"))
        page.locator("section.market").screenshot(path=str(tmp_path / f"market-{size}.png"))
        page.locator("[data-testid=business-0]").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"page-{size}.png"))
    assert not seat.errors
