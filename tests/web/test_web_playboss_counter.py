"""A Playboss bot answers a person's request for a cheap loan with a counter-offer: the person's
page shows it as a dialog with what the bot said, in the game's words and figures, and the loan
at the bot's interest; the person accepts it there."""

from __future__ import annotations

import re
import time
from typing import Any

import browserkit
from browserkit import Seat, bot, person


def test_a_bot_counters_a_cheap_loan_and_the_person_accepts_in_the_dialog(
    server: Any, chromium: Any, tmp_path: Any
) -> None:
    table = server.table("playboss", [person("Ann"), bot(), bot()], options={"years": 2})
    context = chromium.new_context(viewport=browserkit.DESKTOP)
    try:
        ann = Seat(context, table["seats"][0]["link"])
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "no bot ever countered Ann's request for a loan"
            if not ann.wait_turn_or_end(timeout=30):
                raise AssertionError("the game ended before a bot countered Ann's request")
            view = ann.view()
            if view["pending"]["decision"] == "counter":
                break
            if view["pending"]["decision"] == "turn" and loan_asked(ann, to=1 + len(ann.messages()) % 2):
                continue  # the bot answered: a counter-offer, or a refusal and the turn goes on
            options = ann.choices()
            roll = [o for o in options if o.startswith("roll")]
            ann.act((roll or options)[0])
        dialog = ann.page.locator("dialog[open]")
        dialog.wait_for()
        deal = ann.view()["deals"]["offer"]
        assert deal["counter"] and deal["from"] == 0 and deal["offer"]["kind"] == "offer-loan"
        assert deal["was"]["offer"]["interest"] == 5
        bot_name = table["seats"][deal["to"]]["name"]
        interest = deal["offer"]["interest"]
        assert dialog.locator("#offer-title").inner_text() == "A counter-offer to you"
        text = dialog.locator("[data-testid=offer-text]").inner_text().replace("\u202f", ",").replace("\xa0", " ")
        # What the bot said, in the game's words with the figures, then the loan at its terms.
        name = re.escape(bot_name)
        said = (
            rf"{name} declines: 5% on a loan of 3,000 Marks over 2 crossings of start is less than "
            rf"the {interest}% {name} asks"
        )
        assert re.match(said, text), text
        assert (
            f"{bot_name} offers to lend you 3,000 Marks at {interest}% a year, no fee, due after 2 crossings" in text
        ), text
        # Ann may accept, decline, or decline saying why; a counter-offer is not countered again.
        assert sorted(b.split(" ")[0] for b in ann.choices()) == ["accept", "decline"]
        forms = dialog.locator("details[data-family]").evaluate_all("ds => ds.map(d => d.dataset.family)")
        assert forms == ["decline-because"]
        ann.page.screenshot(path=str(tmp_path / "playboss-counter-offer.png"))
        cash = ann.view()["businesses"][0]["cash"]
        ann.act("accept")
        ann.page.wait_for_function("!document.querySelector('dialog[open]')")
        view = ann.view()
        loan = view["deals"]["loans"][-1]
        assert (loan["lender"], loan["borrower"], loan["amount"]) == (deal["to"], 0, 3000)
        assert view["businesses"][0]["cash"] == cash + 3000
        assert view["deals"]["answer"]["kind"] == "accept" and view["deals"]["answer"]["seat"] == 0
        assert ann.page.locator("[data-testid=offer-answer]").inner_text().startswith("Ann accepts")
        assert not ann.errors
    finally:
        context.close()


def loan_asked(seat: Seat, to: int) -> bool:
    """Ask seat ``to`` for a loan of 3,000 Marks at 5% over two crossings of start through the
    page's form; whether it was asked."""
    families = seat.js("window.tycoon.connection.game.families") or []
    family = next((f for f in families if f["kind"] == "offer-loan"), None)
    if family is None:
        return False
    fields = {f["name"]: f for f in family["fields"]}
    if False not in fields["lend"]["values"] or to not in fields["to"]["values"]:
        return False
    seat.page.evaluate(
        "() => { const f = document.querySelector('form[data-family=offer-loan]');"
        " const d = f && f.closest('details'); if (d) d.open = true; }"
    )
    form = seat.page.locator("form[data-family=offer-loan]").first
    # Field by field, in order: each choice narrows the fields after it.
    form.locator("select[name=to]").select_option(str(fields["to"]["values"].index(to)))
    for name, value in (("amount", 3000), ("interest", 5), ("fee", 0), ("laps", 2)):
        form.locator(f"input[name={name}]").fill(str(value))
    send = form.locator("button[type=submit]")
    wanted = f"offer-loan {to} 3000 5 0 2 no"
    for _ in range(20):
        lend = form.locator("select[name=lend]")
        labels = lend.locator("option").all_inner_texts()
        lend.select_option(label=next(label for label in labels if label.lower() in ("no", "false", "ask")))
        seat.page.wait_for_timeout(100)
        if send.get_attribute("data-action") == wanted:
            break
    offer = send.get_attribute("data-action") or ""
    assert offer == wanted, (offer, labels)
    seat.page.wait_for_function(
        "() => !document.querySelector('form[data-family=offer-loan] button[type=submit]').disabled"
    )
    before = seat.version()
    send.click()
    seat.page.wait_for_function(f"window.tycoon.connection.version > {before}")
    return True
