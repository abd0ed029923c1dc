"""A family's form asks the server for each later field once an earlier one changes: the price
of a firm offered for sale follows the buyer chosen, up to what that buyer holds."""

from __future__ import annotations

import time
from typing import Any

import browserkit
from browserkit import Seat, bot, person

SCREENSHOT_SIZE = browserkit.DESKTOP


def test_the_price_of_a_firm_offered_follows_the_buyer_chosen(server: Any, chromium: Any, tmp_path: Any) -> None:
    table = server.table("biznes_po_polsku", [person("Ann"), bot(), bot()])
    context = chromium.new_context(viewport=SCREENSHOT_SIZE)
    try:
        ann = Seat(context, table["seats"][0]["link"])
        deadline = time.monotonic() + 90
        # Play until Ann may offer a firm to two players who hold different sums.
        while True:
            assert time.monotonic() < deadline, "Ann never had a firm to offer to two buyers of different means"
            if not ann.wait_turn_or_end(timeout=30):
                raise AssertionError("the game ended before Ann could offer a firm")
            buyers = sale_buyers(ann)
            if buyers is not None:
                break
            options = ann.choices()
            buy = [o for o in options if o.startswith("buy")]
            ann.act(buy[0] if buy else options[0])
        form = ann.page.locator("form[data-family=offer-sale]").first
        ann.page.evaluate(
            "() => { const f = document.querySelector('form[data-family=offer-sale]');"
            " const d = f && f.closest('details'); if (d) d.open = true; }"
        )
        price = form.locator("input[name=price]")
        seen = {}
        for seat, cash in buyers:
            index = ann.js(
                "(() => { const s = document.querySelector('form[data-family=offer-sale] select[name=to]');"
                f" return [...s.options].findIndex(o => o.textContent.includes('{seat_name(ann, seat)}')); }})()"
            )
            assert index >= 0, f"seat {seat} is not among the buyers offered"
            form.locator("select[name=to]").select_option(str(index))
            expected = cash - cash % 10
            ann.page.wait_for_function(
                "(want) => { const i = document.querySelector('form[data-family=offer-sale] input[name=price]');"
                " return i && Number(i.max) === want; }",
                arg=expected,
                timeout=10_000,
            )
            hint = form.locator("[data-testid$=-price-hint]").inner_text()
            assert f"{expected:,}" in hint.replace("\u202f", ",").replace("\xa0", ","), hint
            seen[seat] = int(price.get_attribute("max"))
        assert len(set(seen.values())) == 2, seen
        ann.page.screenshot(path=str(tmp_path / "narrowed-sale.png"))
        assert not ann.errors
    finally:
        context.close()


def sale_buyers(seat: Seat) -> list[tuple[int, int]] | None:
    """Two seats Ann may offer her first firm (not mortgaged) to, with their cash, when they
    hold different sums."""
    families = seat.js("window.tycoon.connection.game.families") or []
    family = next((f for f in families if f["kind"] == "offer-sale"), None)
    if family is None:
        return None
    view = seat.view()
    mortgaged = {f["space"] for f in view["firms"] if f["mortgaged"]}
    spaces = next(f for f in family["fields"] if f["name"] == "space")["values"]
    if spaces[0] in mortgaged:  # the form's first firm: its buyer would also redeem it
        return None
    to = next(f for f in family["fields"] if f["name"] == "to")["values"]
    cash = {p["seat"]: p["cash"] for p in view["players"]}
    buyers = [(s, cash[s]) for s in to]
    if len(buyers) < 2 or len({c for _, c in buyers[:2]}) < 2:
        return None
    return buyers[:2]


def seat_name(seat: Seat, number: int) -> str:
    name: str = seat.js(f"window.tycoon.connection.table.seats.find(s => s.seat === {number}).name")
    return name
