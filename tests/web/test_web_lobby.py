"""The lobby: a table set up through its form (the game's options from GET /api/games, seats
of a person and two bots, a clock), its links, an open table joined from the list; a player
named like a script is shown as text."""

from __future__ import annotations

from typing import Any

import browserkit
from browserkit import Seat, bot, person


def test_a_table_set_up_in_the_lobby_and_played_from_the_link(server: Any, context: Any) -> None:
    page = context.new_page()
    page.goto(server.base + "/")
    browserkit.assert_fits(page)
    page.get_by_label("Playboss").check()
    page.locator("details.options summary").click()
    page.locator("#opt-years").fill("1")
    page.locator("[data-testid=opt-steps-2]").check()
    page.locator("#seat-0-name").fill("Ann")
    # The levels to choose from, without the older name of one of them; a new seat plays normal.
    offered = page.locator("#seat-1-bot option").evaluate_all("os => os.map(o => o.value)")
    assert offered == ["random", "easy", "normal", "hard"]
    assert page.locator("#seat-1-bot").input_value() == "normal"
    page.get_by_label("play with a clock").check()
    page.locator("[data-testid=create]").click()
    page.locator("[data-testid=link-spectator]").wait_for()
    browserkit.assert_fits(page)
    assert "#token=" in page.locator("[data-testid=link-0]").input_value()
    assert "#host=" in page.locator("[data-testid=link-host]").input_value()
    page.locator("[data-testid=open-my-seat]").click()
    page.wait_for_selector("[data-testid=connection][data-status=open]")
    table = page.evaluate("window.tycoon.connection.table")
    assert table["game"] == "playboss" and table["options"] == {"years": 1, "steps": [2]}
    assert table["clock"] == {"decision": 60.0, "bank": 300.0}
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot"]
    assert page.evaluate("window.tycoon.connection.seat") == 0
    page.locator("[data-testid=clock-0]").wait_for()


def test_an_open_table_is_joined_from_the_list(server: Any, chromium: Any) -> None:
    table = server.table("biznes_po_polsku", [person("Ann"), {"kind": "open"}, bot()])
    context = chromium.new_context(viewport=browserkit.PHONE)
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        entry = page.locator(f"[data-testid=open-{table['id']}]")
        entry.locator("input").fill("Bob")
        entry.get_by_role("button", name="Join").click()
        page.wait_for_selector("[data-testid=connection][data-status=open]")
        assert page.evaluate("window.tycoon.connection.seat") == 1
        assert "#token=" in page.url
        assert page.locator("[data-testid=seat-1]").inner_text().startswith("2")
        assert "Bob" in page.locator("[data-testid=seat-1]").inner_text()
    finally:
        context.close()


def test_a_name_like_a_script_is_shown_as_text(server: Any, context: Any) -> None:
    name = "<script>alert(1)</script>"
    table = server.table("die_bosse", [person(name), bot()])
    seat = Seat(context, table["seats"][0]["link"])
    seat.page.locator("[data-testid=seat-0]").wait_for()
    assert name in seat.page.locator("[data-testid=seat-0]").inner_text()
    assert name in seat.page.locator("[data-testid=player-0]").inner_text()
    # The text is in the page as text, never as an element; nothing ran.
    assert seat.js("document.querySelectorAll('body script').length") == 0
    browserkit.play(seat, 2, browserkit.chooser(1))
    seat.page.locator("#chat-text").fill(name)
    seat.page.locator("form.say button").click()
    seat.page.locator("[data-testid=chat] .text").first.wait_for()
    assert seat.page.locator("[data-testid=chat] .text").first.inner_text() == name
    assert seat.js("document.querySelectorAll('body script').length") == 0
    assert not seat.dialogs and not seat.errors


def test_the_host_starts_a_table_with_an_open_seat_and_a_bot_takes_it(server: Any, context: Any) -> None:
    table = server.table("die_bosse", [person("Ann"), {"kind": "open"}])
    host = Seat(context, table["host_link"])
    assert host.status() == "waiting"
    host.page.locator("[data-testid=start]").click()
    host.page.wait_for_function("window.tycoon.connection.game.status === 'playing'")
    # the open seat's stand-in may be told in the message after the start
    host.page.wait_for_function("window.tycoon.connection.table.seats[1].kind === 'bot'", timeout=10_000)


def test_keyboard_play_a_number_key_takes_the_numbered_choice(server: Any, context: Any) -> None:
    table = server.table("biznes_po_polsku", [person("Ann"), bot()])
    seat = Seat(context, table["seats"][0]["link"])
    for _ in range(3):
        assert seat.wait_turn_or_end()
        first = seat.page.locator('[data-testid=decision] button[aria-keyshortcuts="1"]')
        expected = first.get_attribute("data-action")
        before = seat.version()
        seat.page.keyboard.press("1")
        seat.page.wait_for_function(f"window.tycoon.connection.version > {before}")
        mine = [e for m in seat.messages() for e in m.get("events", []) if e.get("seat") == 0 and "action" in e]
        assert mine and mine[-1]["v"] > before
        assert f"{mine[-1]['action']['kind']}" == expected.split(" ")[0]
        # The focus is not left on the page's body: once the page has drawn the move, the
        # decision's heading or a control has it (the page draws after the connection has the
        # new version, so this waits for the drawing, not for a time).
        seat.page.wait_for_function(
            "document.activeElement !== document.body || !window.tycoon.connection.game.legal.length", timeout=5_000
        )


FOCUSED = """(() => { const e = document.activeElement;
  return { action: e.dataset.action || '', family: e.closest('form[data-family]')?.dataset.family || '',
           inside: !!e.closest('[data-testid=decision]'), summary: e.tagName === 'SUMMARY' && !e.parentElement.open,
           id: e.id }; })()"""


def test_keyboard_alone_reaches_every_choice_and_every_form(server: Any, context: Any) -> None:
    table = server.table("playboss", [person("Ann"), bot()], options={"years": 1})
    seat = Seat(context, table["seats"][0]["link"])
    page = seat.page
    assert seat.wait_turn_or_end()
    browserkit.play(seat, 2, browserkit.chooser(4, prefer=("roll",), avoid=("offer-loan", "offer-trade")))
    assert seat.wait_turn_or_end()
    page.keyboard.press("d")
    assert seat.js(FOCUSED)["id"] == "decision-title"
    reached: set[str] = set()
    forms: set[str] = set()
    for _ in range(400):
        page.keyboard.press("Tab")
        now = seat.js(FOCUSED)
        if not now["inside"]:
            break
        if now["summary"]:
            page.keyboard.press("Enter")  # a folded group of choices opens from the keyboard
        reached.add(now["action"])
        forms.add(now["family"])
    game = seat.js("window.tycoon.connection.game")
    assert {c["text"] for c in game["legal"]} <= reached
    assert {f["kind"] for f in game["families"]} <= forms
    # And a choice is taken with the keyboard: the decision, Tab to its first choice, Enter.
    before = seat.version()
    page.keyboard.press("d")
    page.keyboard.press("Tab")
    assert seat.js(FOCUSED)["action"]
    page.keyboard.press("Enter")
    page.wait_for_function(f"window.tycoon.connection.version > {before}")
    assert not seat.errors


def test_the_lobby_s_defaults_alone_seat_a_new_user_with_two_bots(server: Any, context: Any) -> None:
    """What the README promises a new user: open the address, set up the table, play."""
    page = context.new_page()
    page.goto(server.base + "/")
    page.locator("[data-testid=create]").click()
    page.locator("[data-testid=open-my-seat]").click()
    page.wait_for_selector("[data-testid=connection][data-status=open]")
    table = page.evaluate("window.tycoon.connection.table")
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot"]
    assert page.evaluate("window.tycoon.connection.seat") == 0
    page.wait_for_function("window.tycoon.connection.game.status === 'playing'")


def test_every_invitation_is_clean_and_the_host_link_is_shown_apart(server: Any, context: Any, tmp_path: Any) -> None:
    page = context.new_page()
    page.goto(server.base + "/")
    page.get_by_label("Die Bosse").check()
    page.locator("#seat-0-name").fill("Teacher")
    page.locator("#seat-1-kind").select_option("human")
    page.locator("#seat-1-name").fill("Bob")
    page.locator("[data-testid=create]").click()
    page.locator("[data-testid=link-spectator]").wait_for()
    page.screenshot(path=str(tmp_path / "created.png"))
    invitations = page.locator("[data-testid=invitations]")
    links = [invitations.locator(f"[data-testid=link-{n}]").input_value() for n in (0, 1)]
    assert all("#token=" in link and "host=" not in link for link in links)
    assert "host=" not in invitations.inner_text()
    yours = page.locator("[data-testid=your-links]")
    assert "keep" in yours.inner_text().lower()
    mine = yours.locator("[data-testid=link-mine]").input_value()
    assert "#token=" in mine and "&host=" in mine
    assert mine.split("&host=")[0] == links[0]  # seat 1's own seat, with the host's key besides
    assert "#host=" in yours.locator("[data-testid=link-host]").input_value()
    assert page.locator("[data-testid=open-my-seat]").get_attribute("href") == mine
    page.goto(links[0])  # seat 1's invitation seats its person, and no more
    page.wait_for_selector("[data-testid=connection][data-status=open]")
    assert page.evaluate("window.tycoon.connection.seat") == 0
    assert page.locator("[data-testid=start]").count() == 0
