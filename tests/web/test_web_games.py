"""Playboss and Biznes po polsku played through the page for fifty decisions each, against
bots; the teacher's view of the Playboss table; an out-of-bounds offer refused with the
engine's own message and nothing changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import browserkit
from browserkit import Seat, bot, person

from tycoon.core.messages import from_wire
from tycoon.words import render


def test_fifty_decisions_of_playboss_and_the_teachers_view(server: Any, context: Any, chromium: Any) -> None:
    for attempt in range(3):
        table = server.table("playboss", [person("Ann"), bot(), bot()], options={"years": 3})
        seat = Seat(context, table["seats"][0]["link"])
        page = seat.page
        # The board is drawn by the game's page script, imported once the connection is open
        # (decision 0028): wait for it before counting its fields.
        page.locator("[data-testid=board] [data-field]").first.wait_for()
        assert page.locator("[data-testid=board] [data-field]").count() == len(seat.view()["board"])
        # Each field is named for a screen reader: the board is a group of them, not one picture
        # (ARIA's img has presentational children: a board with role img would hide its fields).
        tree = page.get_by_test_id("board").aria_snapshot()
        assert tree.startswith("- group") and tree.count('listitem "') == len(seat.view()["board"]), tree[:300]
        assert page.locator("[data-testid=market] .zone").count() == 8
        choose = browserkit.chooser(
            7 + attempt,
            prefer=("purchase", "invest", "sell", "produce", "roll"),
            avoid=("offer-loan", "offer-trade", "borrow"),
        )
        taken = browserkit.play(seat, 50, browserkit.checked(choose))
        if taken == 50 and seat.status() == "playing":
            break
        # The game ended before Ann's fiftieth decision (the dice and the risk cards ruined a
        # business, or one ran through its years): a game, not a fault of the page, which must
        # show it as over; a new table plays on.
        assert seat.status() == "finished", (taken, seat.status())
        page.locator("[data-testid=outcome]").wait_for()
        page.close()
    else:
        raise AssertionError("three games running ended before fifty decisions")
    browserkit.assert_fits(seat.page)
    # The risk card drawn last, as the view carries it: its title and what it does.
    risk = seat.view()["last_risk_card"]
    browserkit.assert_card_drawn(seat, risk and risk["title"])
    if risk:
        effect = page.locator("[data-testid=card-drawn] [data-testid=card-effect]").inner_text()
        assert effect.endswith(".") and "pb." not in effect, effect
    # The bots bargain: an offer of theirs may be open in its dialog, which holds the page's
    # pointer until answered. Ann declines it before reading back.
    if page.locator("dialog[open]").count():
        browserkit.play(seat, 1, browserkit.chooser(0, prefer=("decline",)))
        page.locator("dialog[open]").wait_for(state="detached")
    # The narration scrolls back; scrolled back, it stays there and offers the latest.
    narration = page.locator("[data-testid=narration]")
    assert narration.evaluate("e => e.scrollHeight > e.clientHeight")
    narration.evaluate("e => { e.scrollTop = 0; }")
    page.get_by_role("button", name="Show the latest").click()
    page.wait_for_function(
        "(() => { const e = document.querySelector('[data-testid=narration]');"
        " return e.scrollTop + e.clientHeight >= e.scrollHeight - 2; })()"
    )
    for b in seat.view()["businesses"]:
        panel = page.locator(f"[data-testid=business-{b['seat']}]")
        assert f"{b['cash']:,} Marks" in panel.inner_text()

    # A seat's own balance-sheet tab: each business year's end its page saw, and the chart.
    for _ in range(20):  # on, rolling, until some business has completed a year
        if any(b["laps"] for b in seat.view()["businesses"]):
            break
        browserkit.play(seat, 5, browserkit.chooser(9, prefer=("roll",), avoid=("offer-loan", "offer-trade", "borrow")))
    page.locator("[data-testid=tab-sheets]").click()
    names = {s["seat"]: s["name"] for s in seat.js("window.tycoon.connection.table.seats")}
    ended = [(names[b["seat"]], str(year)) for b in seat.view()["businesses"] for year in range(1, b["laps"] + 1)]
    assert ended, "no business year ended in fifty decisions"
    rows = [r.split("\t")[:2] for r in page.locator("[data-testid=statements] tbody tr").all_inner_texts()]
    assert sorted(ended) == sorted(tuple(r) for r in rows)
    assert page.locator("[data-testid=capital-chart] circle, [data-testid=capital-chart] path").count() > 0
    page.locator("[data-testid=tab-play]").click()

    # The teacher's view through the host link: every balance sheet live, statements, CSV.
    teacher = chromium.new_context(viewport=browserkit.DESKTOP, accept_downloads=True)
    try:
        host = Seat(teacher, table["host_link"])
        assert host.seat() is None
        # Opened late, the page shows the card drawn last: it is in the view, not in the
        # narration the page was never sent.
        risk = host.view()["last_risk_card"]
        browserkit.assert_card_drawn(host, risk and risk["title"])
        host.page.locator("[data-testid=tab-sheets]").click()
        for b in host.view()["businesses"]:
            sheet = host.page.locator(f"[data-testid=sheet-{b['seat']}]")
            assert "Cash" in sheet.inner_text() and f"{b['cash']:,}" in sheet.inner_text()
            # Every figure of the sheet is the view's, as the rules valued it.
            cells = sheet.locator("td.num").all_inner_texts()
            for _, figure in b["sheet"]["assets"] + b["sheet"]["liabilities"]:
                assert f"{figure:,}" in cells, (figure, cells)
        # Opened in the middle of the game, the host's page lists every business year ended so
        # far, though it saw none of them end: the years are in the view.
        years = host.view()["year_sheets"]
        ended = [
            (names[b["seat"]], str(y["year"])) for b in host.view()["businesses"] for y in years[b["seat"]] if y["year"]
        ]
        rows = [r.split("\t")[:2] for r in host.page.locator("[data-testid=statements] tbody tr").all_inner_texts()]
        assert ended and sorted(ended) == sorted(tuple(r) for r in rows)
        with host.page.expect_download() as caught:
            host.page.locator("[data-testid=csv]").click()
        csv = Path(caught.value.path()).read_text().splitlines()
        assert csv[0].startswith("seat,name,year,machines")
        assert len(csv) >= 4 and any(",Ann," in line for line in csv)
        # The printable page: the statements without the page's controls.
        host.page.emulate_media(media="print")
        assert host.page.locator(".print-only").first.is_visible()
        assert not host.page.locator("[data-testid=csv]").is_visible()
        assert not host.page.locator("[data-testid=decision]").is_visible()
        assert host.page.locator(f"[data-testid=sheet-{b['seat']}]").is_visible()
        host.page.emulate_media(media="screen")
        assert not host.errors
    finally:
        teacher.close()
    assert not seat.errors


def test_fifty_decisions_of_biznes_po_polsku_and_an_offer_out_of_bounds(server: Any, context: Any) -> None:
    for attempt in range(3):
        table = server.table("biznes_po_polsku", [person("Ann"), bot(), bot()])
        seat = Seat(context, table["seats"][0]["link"])
        page = seat.page
        assert page.locator("[data-testid=board] [data-space]").count() == 40
        tree = page.get_by_test_id("board").aria_snapshot()
        assert tree.startswith("- group") and tree.count('listitem "') == 40, tree[:300]
        choose = browserkit.chooser(
            2 + attempt,
            prefer=("roll", "take-job", "pass"),
            avoid=("offer-sale", "offer-purchase", "offer-exchange", "buy-car"),
        )
        taken = 0
        tried = False
        while taken < 50 and seat.wait_turn_or_end():
            form = page.locator("form[data-family]").first
            if not tried and form.count():
                tried = True
                offer_out_of_bounds(seat, form)
            browserkit.assert_controls(seat)
            seat.act(choose(seat, seat.choices()))
            taken += 1
        if taken == 50:
            break
        # The game ended before Ann's fiftieth decision (she or the others were ruined): a game,
        # not a fault of the page, which must show it as over; a new table plays on.
        assert seat.status() == "finished", (taken, seat.status())
        page.locator("[data-testid=outcome]").wait_for()
        page.close()
    else:
        raise AssertionError("three games running ended before fifty decisions")
    assert taken == 50 and tried
    browserkit.assert_fits(seat.page)
    assert_biznes_card(seat)
    # A spectator who comes now sees the same card, from the view.
    late = Seat(context, table["spectator_link"])
    late.page.locator("[data-testid=board]").wait_for()
    assert_biznes_card(late)
    late.page.close()
    for p in seat.view()["players"]:
        assert f"{p['cash']:,} zł" in page.locator(f"[data-testid=player-{p['seat']}]").inner_text()
    assert not seat.errors


def assert_biznes_card(seat: Seat) -> None:
    """The LOS or NIESPODZIANKA card drawn last, as the view words it, and who drew it."""
    view = seat.view()
    told = browserkit.rendered(seat, view["last_card_text"]) if view["last_card"] else None
    browserkit.assert_card_drawn(seat, told)
    if view["last_card"]:
        drawer = seat.page.locator("[data-testid=card-drawer]").inner_text()
        assert drawer == browserkit.named(seat, f"drawn by seat {view['last_card_seat']}"), drawer


def offer_out_of_bounds(seat: Seat, form: Any) -> None:
    """A price above the family's bound: the form says so as it is typed; sent anyway, the
    engine refuses it with its own message and nothing changes."""
    family = form.get_attribute("data-family")
    fields = next(f for f in seat.js("window.tycoon.connection.game.families") if f["kind"] == family)["fields"]
    price = next(f for f in fields if f["type"] == "int")
    seat.page.evaluate("(f) => { const d = f.closest('details'); if (d) d.open = true; }", form.element_handle())
    box = form.locator(f"input[name={price['name']}]")
    box.fill(str(price["hi"] + price["step"]))
    hint = form.locator(".hint.bad")
    assert hint.inner_text() == f"at most {price['hi']:,}"
    assert box.get_attribute("aria-invalid") == "true"
    send = form.locator("button[type=submit]")
    assert send.get_attribute("data-action").split(" ")[0] == family
    before_version = seat.version()
    before_view = seat.view()
    send.click()
    problem = form.locator("[data-testid=family-problem]")
    problem.wait_for()
    answers = [m for m in seat.messages() if m.get("type") == "error"]
    assert answers and answers[-1]["code"] == "illegal"
    # The engine's own message, a message on the wire, read in the page's English with the seats
    # named as the page names them (a sentence begins with a capital on the page).
    seats = seat.js("window.tycoon.connection.table.seats")
    names = [next(s.get("name") or f"Seat {n + 1}" for s in seats if s["seat"] == n) for n in range(len(seats))]
    said = render(from_wire(answers[-1]["message"]), "en", names)
    assert isinstance(answers[-1]["message"], dict)
    assert problem.inner_text() == said[:1].upper() + said[1:]
    assert seat.version() == before_version and seat.view() == before_view
