"""Two people in two browser contexts at one Die Bosse table with a bot, each through their own
invitation link: they see each other's moves; neither page ever holds a card of the other's
hand (in its DOM or in any WebSocket message it received, the updates being diffs applied to
the view before); a reload puts a person back in
their seat; a dropped socket comes back by itself."""

from __future__ import annotations

from typing import Any

import browserkit
from browserkit import Seat, action_cards, bot, person


def hands_by_version(seat: Seat) -> dict[int, set[int]]:
    """The seat's own hand at every version it was told of, from its own messages."""
    out: dict[int, set[int]] = {}
    for m, view in seat.pictures():
        if view and view.get("you") is not None:
            out[m["version"]] = {c["card"] for c in view["players"][view["you"]]["hand"]}
    return out


def told_at(seat: Seat, version: int) -> dict[str, Any]:
    """The view ``seat``'s messages left it at ``version``, once this test has heard of them (the
    page may take a message a moment before the test's frame listener does)."""
    for _ in range(100):
        found = [view for m, view in seat.pictures() if m["version"] == version]
        if found:
            return found[-1]
        seat.page.wait_for_timeout(20)
    raise AssertionError(f"no message of version {version} reached the test")


def assert_secret(watcher: Seat, other: Seat) -> None:
    """No message ``watcher`` received names a card in ``other``'s hand at that version, no
    view it got shows another seat's hand, and its DOM shows none of ``other``'s cards now."""
    hands = hands_by_version(other)
    me = watcher.seat()
    checked = 0
    diffs = 0
    for m, view in watcher.pictures():
        diffs += "view_set" in m
        for p in view["players"]:
            assert p["seat"] == me or p["hand"] is None, (m["version"], p)
        hidden = hands.get(m["version"])
        if hidden is not None:
            assert not (action_cards(m) & hidden), (m["version"], action_cards(m) & hidden)
            checked += 1
    assert checked and diffs
    # The page holds what the diffs built: the view its messages of its version left it.
    version, held = watcher.version(), watcher.view()
    assert held == told_at(watcher, version)
    # The DOM: every action card the watcher's page shows is its own, never one in the other's hand.
    if watcher.version() == other.version():
        shown = set(
            watcher.js("[...document.querySelectorAll('.action-card[data-card]')].map(e => Number(e.dataset.card))")
        )
        theirs = told_at(other, other.version())
        assert not (shown & {c["card"] for c in theirs["players"][theirs["you"]]["hand"]})
        mine = {c["card"] for c in watcher.view()["players"][me]["hand"]}
        assert shown <= mine | {c["card"] for c in watcher.view()["this_turn"]["played"]}


def test_two_people_and_a_bot_see_each_others_moves_and_never_each_others_cards(server: Any, chromium: Any) -> None:
    table = server.table("die_bosse", [person("Ann"), person("Bob"), bot()])
    ann_context = chromium.new_context(viewport=browserkit.DESKTOP)
    bob_context = chromium.new_context(viewport=browserkit.PHONE)
    try:
        ann = Seat(ann_context, table["seats"][0]["link"])
        bob = Seat(bob_context, table["seats"][1]["link"])
        assert ann.seat() == 0 and bob.seat() == 1
        choose = browserkit.chooser(11, prefer=("buy", "place"), avoid=("move", "transfer"))

        # Whoever begins moves; the other's page tells it.
        browserkit.play_together([ann, bob], 1, choose)
        mover, other = (
            (ann, bob) if any(e.get("seat") == 0 for m in ann.messages() for e in m.get("events", [])) else (bob, ann)
        )
        event = next(e for m in mover.messages() for e in m.get("events", []) if e.get("seat") == mover.seat())
        other.page.wait_for_function(
            "(v) => !!document.querySelector(`[data-testid=narration] [data-v='${v}']`)", arg=event["v"]
        )
        assert other.page.locator(f"[data-testid=narration] [data-v='{event['v']}'] .who").inner_text() == (
            "Ann" if mover is ann else "Bob"
        )

        # Both play a few turns; every step each page is checked for the other's cards.
        browserkit.play_together([ann, bob], 30, choose)
        ann.page.wait_for_function(f"window.tycoon.connection.version >= {bob.version()}")
        bob.page.wait_for_function(f"window.tycoon.connection.version >= {ann.version()}")
        assert_secret(ann, bob)
        assert_secret(bob, ann)
        # Bob's page shows Ann's moves by her name.
        assert "Ann" in bob.page.locator("[data-testid=narration]").inner_text()

        # A reload mid-game: Ann is back in her seat with the same hand, and plays on.
        hand = sorted(c["card"] for c in ann.view()["players"][0]["hand"])
        ann.page.reload()
        ann.wait_connected()
        assert ann.seat() == 0
        ann.page.wait_for_function(f"window.tycoon.connection.version >= {bob.version()}")
        if ann.version() == bob.version():
            assert sorted(c["card"] for c in ann.view()["players"][0]["hand"]) == hand or ann.view()["turn"] != 0
        assert ann.page.locator("[data-testid=hand]").count() == 1

        # A dropped socket: the page says so, comes back by itself and catches up.
        bob.js("window.tycoon.connection.drop()")
        bob.page.wait_for_selector("[data-testid=connection][data-status=reconnecting]")
        bob.page.wait_for_selector("[data-testid=connection][data-status=open]")
        browserkit.play_together([ann, bob], 12, choose)
        bob.page.wait_for_function(f"window.tycoon.connection.version >= {ann.version()}")
        assert bob.version() >= ann.version() - 1
        assert_secret(ann, bob)
        assert_secret(bob, ann)
        # Bob closes his page: Ann's page shows him away; his link brings him back.
        assert ann.page.locator("[data-testid=presence-1]").inner_text() == "connected"
        bob.page.close()
        ann.page.wait_for_function(
            "(() => { const t = document.querySelector('[data-testid=presence-1]').textContent;"
            " return t.startsWith('away'); })()"
        )
        bob = Seat(bob_context, table["seats"][1]["link"])
        assert bob.seat() == 1
        ann.page.wait_for_function("document.querySelector('[data-testid=presence-1]').textContent === 'connected'")
        assert not ann.errors and not bob.errors
    finally:
        ann_context.close()
        bob_context.close()
