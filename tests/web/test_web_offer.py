"""An offer made to a person comes to their page as a dialog with accept and decline, worded
in the game's terms; their answer settles it for both pages."""

from __future__ import annotations

import time
from typing import Any

import browserkit
from browserkit import Seat, person


def test_a_loan_offered_to_a_person_is_a_dialog_they_answer(server: Any, chromium: Any) -> None:
    table = server.table("playboss", [person("Ann"), person("Bob")], options={"years": 1})
    contexts = [chromium.new_context(viewport=browserkit.DESKTOP) for _ in range(2)]
    try:
        ann, bob = (Seat(c, s["link"]) for c, s in zip(contexts, table["seats"], strict=True))
        deadline = time.monotonic() + 30
        while True:
            mover = next((s for s in (ann, bob) if s.my_turn()), None)
            if mover is not None:
                mover.wait_turn_or_end()
                family = loan_family(mover)
                if family is not None:
                    break
                mover.act(mover.choices()[0])
            assert time.monotonic() < deadline, "no loan could be offered"
            time.sleep(0.05)
        other = bob if mover is ann else ann
        # A loan is a family: its form, filled in field by field, sends the member it shows.
        form = mover.page.locator("form[data-family=offer-loan]").first
        mover.page.evaluate(
            "() => { const f = document.querySelector('form[data-family=offer-loan]');"
            " const d = f && f.closest('details'); if (d) d.open = true; }"
        )
        lend = next(f for f in family["fields"] if f["name"] == "lend")
        form.locator("select[name=lend]").select_option(str(lend["values"].index(True)))
        form.locator("input[name=amount]").fill("1000")
        send = form.locator("button[type=submit]")
        offer = send.get_attribute("data-action")
        assert offer.startswith("offer-loan ") and offer.endswith(" yes"), offer
        before = mover.version()
        send.click()
        mover.page.wait_for_function(f"window.tycoon.connection.version > {before}")
        dialog = other.page.locator("dialog[open]")
        dialog.wait_for()
        text = dialog.locator("[data-testid=offer-text]").inner_text()
        amount = int(offer.split(" ")[2])
        assert f"offers to lend you {amount:,} Marks" in text and ("Ann" if mover is ann else "Bob") in text
        # The dialog holds the focus, and its choices are the answers.
        assert other.js("document.activeElement.closest('dialog') !== null")
        assert sorted(b.split(" ")[0] for b in other.choices()) == ["accept", "decline"]
        other.act("accept")
        other.page.wait_for_function("!document.querySelector('dialog[open]')")
        mover.page.wait_for_function(f"window.tycoon.connection.version >= {other.version()}")
        for seat in (ann, bob):
            loans_now = seat.view()["deals"]["loans"]
            assert len(loans_now) == 1 and loans_now[0]["amount"] == amount
        assert not ann.errors and not bob.errors
    finally:
        for c in contexts:
            c.close()


def loan_family(seat: Seat) -> dict[str, Any] | None:
    """The seat's family of loans when it may lend now, else ``None``."""
    families = seat.js("window.tycoon.connection.game.families") or []
    for family in families:
        if family["kind"] == "offer-loan":
            lend = next(f for f in family["fields"] if f["name"] == "lend")
            if True in lend["values"]:
                return dict(family)
    return None
