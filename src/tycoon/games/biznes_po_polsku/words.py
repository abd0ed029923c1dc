"""Actions in the game's own words, as each seat may read them."""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.games.biznes_po_polsku.actions import (
    Drive,
    Invest,
    Mortgage,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Redeem,
    SellInvestment,
)
from tycoon.games.biznes_po_polsku.data import Rules, rules


def describe(action: Action, viewer: int | None = None, track: Rules | None = None) -> str:
    """A player's reading of an action: firms by name (``mortgage Zakład fryzjerski``), as the
    track of ``track`` (default the shipped one) names them."""
    r = rules() if track is None else track

    def firm(n: int) -> str:
        return r.space(n).name if 1 <= n <= 40 else f"space {n}"

    if isinstance(action, (Invest, SellInvestment, Mortgage, Redeem)):
        return f"{action.kind.replace('-', ' ')} {firm(action.space)}"
    if isinstance(action, OfferSale):
        return f"offer {firm(action.space)} to seat {action.to + 1} for {action.price:,} zł"
    if isinstance(action, OfferPurchase):
        return f"offer {action.price:,} zł for {firm(action.space)}"
    if isinstance(action, OfferExchange):
        text = f"offer {firm(action.give)} for {firm(action.take)}"
        if action.payment:
            text += f", {'adding' if action.payment > 0 else 'asking'} {abs(action.payment):,} zł"
        return text
    if isinstance(action, Drive):
        return f"drive {action.steps} spaces"
    return str(action)
