"""A bot answers a person's offer with a counter-offer: the person's page shows it as a dialog
with what the bot said and its terms, and the person accepts it there."""

from __future__ import annotations

import re
import time
from typing import Any

import browserkit
from browserkit import Seat, bot, person

from tycoon.core.messages import Message
from tycoon.words import render


def test_a_bot_counters_a_dear_sale_and_the_person_accepts_in_the_dialog(
    server: Any, chromium: Any, tmp_path: Any
) -> None:
    table = server.table("biznes_po_polsku", [person("Ann"), bot(), bot()])
    context = chromium.new_context(viewport=browserkit.DESKTOP)
    try:
        ann = Seat(context, table["seats"][0]["link"])
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "no bot ever countered Ann's offer"
            if not ann.wait_turn_or_end(timeout=30):
                raise AssertionError("the game ended before a bot countered Ann's offer")
            view = ann.view()
            if view["pending"]["decision"] == "counter":
                break
            options = ann.choices()
            if view["pending"]["decision"] == "turn" and sale_offered(ann):
                continue  # the bot answered: a counter-offer, or a refusal and the turn goes on
            buy = [o for o in options if o.startswith("buy") and not o.startswith("buy-car")]
            rest = [o for o in options if not o.startswith(("buy-car", "mortgage", "redeem", "invest", "sell"))]
            ann.act(buy[0] if buy else (rest or options)[0])
        dialog = ann.page.locator("dialog[open]")
        dialog.wait_for()
        offer = ann.view()["offer"]
        assert offer["counter"] and offer["kind"] == "offer-sale" and offer["from"] == 0
        bot_name = table["seats"][offer["to"]]["name"]
        assert dialog.locator("#offer-title").inner_text() == "A counter-offer to you"
        text = dialog.locator("[data-testid=offer-text]").inner_text()
        firm = next(s["name"] for s in offer_board(ann) if s["number"] == offer["space"])
        price = f"{offer['price']:,}"
        # What the bot said, in the game's words with the figures (a message: the firm by its
        # printed name with its meaning, as the catalogue says it), then its terms.
        told = render(Message(f"bp.space.{offer['space']}", {}))
        assert told.startswith(firm)
        name, what = re.escape(bot_name), re.escape(told)
        said = rf"{name} declines: [\d,]+ zł for {what} is more than the {re.escape(price)} zł {name} offers"
        assert re.match(said, text), text
        assert f"{bot_name} offers {price} zł for your {firm}." in text.replace("\u202f", ",").replace("\xa0", " ")
        # Ann may accept, reject, or reject saying why; a counter-offer is not countered again.
        assert sorted(b.split(" ")[0] for b in ann.choices()) == ["accept", "reject"]
        forms = dialog.locator("form[data-family]").evaluate_all("fs => fs.map(f => f.dataset.family)")
        assert forms == ["reject-because"]
        ann.page.screenshot(path=str(tmp_path / "counter-offer.png"))
        cash = ann.view()["players"][0]["cash"]
        ann.act("accept")
        ann.page.wait_for_function("!document.querySelector('dialog[open]')")
        view = ann.view()
        owner = next(f["owner"] for f in view["firms"] if f["space"] == offer["space"])
        assert owner == offer["to"] and view["players"][0]["cash"] == cash + offer["price"]
        assert view["answer"]["kind"] == "accept" and view["answer"]["seat"] == 0
        assert not ann.errors
    finally:
        context.close()


def offer_board(seat: Seat) -> list[dict[str, Any]]:
    board: list[dict[str, Any]] = seat.view()["board"]
    return board


def sale_offered(seat: Seat) -> bool:
    """Offer one of the seat's firms to the first buyer for as much as that buyer holds (more
    than a bot pays for it); whether it was offered."""
    families = seat.js("window.tycoon.connection.game.families") or []
    if not any(f["kind"] == "offer-sale" for f in families):
        return False
    seat.page.evaluate(
        "() => { const f = document.querySelector('form[data-family=offer-sale]');"
        " const d = f && f.closest('details'); if (d) d.open = true; }"
    )
    form = seat.page.locator("form[data-family=offer-sale]").first
    price = form.locator("input[name=price]")
    price.focus()  # the form asks the server for the price's bounds once it is worked in
    seat.page.wait_for_function(
        "() => { const i = document.querySelector('form[data-family=offer-sale] input[name=price]');"
        " return i && Number(i.max) > 0; }"
    )
    seat.page.wait_for_timeout(300)
    price.fill(price.get_attribute("max") or "10")
    send = form.locator("button[type=submit]")
    seat.page.wait_for_function(
        "() => !document.querySelector('form[data-family=offer-sale] button[type=submit]').disabled"
    )
    before = seat.version()
    send.click()
    seat.page.wait_for_function(f"window.tycoon.connection.version > {before}")
    return True
