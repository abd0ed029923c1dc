"""What Playboss tells of a position: each business's standing, for a search that stops short
of the end (``GameSpec.evaluate``), and the balance sheets at the end (``GameSpec.report``)."""

from __future__ import annotations

import math
from typing import Any

from tycoon.core.game import State
from tycoon.games.playboss import bot_figures, goals, market
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.flow import PlaybossState


def evaluate(state: State) -> list[float]:
    """Each business's standing for the search (``GameSpec.evaluate``): the profit its balance
    sheet shows now, as the end of the game counts it, and, while red fields remain to turn
    stock into sales, what the sheet leaves out of a business that goes on (``going_concern``);
    a bankrupt business stands below everyone."""
    assert isinstance(state, PlaybossState)
    return [
        -math.inf if b.bankrupt else float(state.profit(s)) + going_concern(state, b)
        for s, b in enumerate(state.businesses)
    ]


def going_concern(st: PlaybossState, b: Business) -> float:
    """What ``b``'s stock is worth beyond the end of the game's valuation while the game goes
    on (Playboss I, "End of the Game" values a raw product at 150, a finished one at 1,500 and a
    WEB at nothing): finished products at what they would sell for now, raw products at what
    they would cost to buy now, WEBs at their price (they insure, double a machine, advertise).
    A search scored by the sheet alone, twenty decisions ahead, saw every purchase of raw
    products at 350 to 500 as a loss, and a WEB as 1,000 thrown away: it stopped buying both,
    ran its machines idle and uninsured, and went bankrupt (docs/agents.md, "Strength"). The
    premium fades as the end nears: a finished product needs one more red field to be sold, a
    raw product two (one to produce it), a WEB as long."""
    r = st.rules
    reds = bot_figures.reds_left(st, b)
    worth = 0.0
    if b.finished and reds > 0:
        prices = market.sale_prices(st.market, r, b.finished)
        worth += min(reds, 1.0) * sum(max(p - r.value_finished, 0) for p in prices)
    if (b.raw or b.webs) and reds > 1:
        occupied = [price for price, n in zip(r.zone_prices, st.market, strict=True) if n]
        buy = occupied[0] if occupied else r.zone_prices[-1]
        worth += min(reds - 1, 1.0) * (b.raw * max(buy - r.value_raw, 0) + b.webs * r.web_price)
    return worth


def report(state: State) -> list[dict[str, Any]]:
    """Each business's balance sheet, as the rulebook lays it out; with expansion steps on,
    also its sales, its yearly financial statements and taxes (step 4), and its personal goal
    set against what every business achieved (step 5)."""
    assert isinstance(state, PlaybossState)
    personal = goals.report(state) if state.game.step(5) else []
    sheets = []
    for seat in range(len(state.businesses)):
        sheet = state.balance_sheet(seat)
        assets, liabilities = sheet.rows()
        sheets.append(
            {
                "seat": seat,
                "assets": [list(row) for row in assets],
                "liabilities": [list(row) for row in liabilities],
                "total_assets": sheet.total_assets,
                "total_liabilities": sheet.total_liabilities,
                "profit": sheet.profit,
                "bankrupt": state.businesses[seat].bankrupt,
            }
        )
        b = state.businesses[seat]
        if state.game.steps:
            sheets[-1]["sales"] = b.sales
        if state.game.step(4):
            sheets[-1]["statements"] = [
                {"year": y, "profit": p, "loss_offset": o, "tax": t} for y, p, o, t in b.statements
            ]
            sheets[-1]["loss_carried"] = b.tax_loss
        if personal:
            sheets[-1]["personal_goal"] = personal[seat]
        if seat == state.game.representative:
            sheets[-1]["worker_representative"] = True
    return sheets
