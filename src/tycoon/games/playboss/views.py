"""What a seat may see of a game of Playboss, as JSON-ready data: the board, the market, every
business with its balance sheet (public, as the bank values it) now and at the end of each of
its years, the risk card drawn last, the auctions, the private deals and what the expansion
steps add; another player's personal goal only once the game is over (``steps.view``). The
figures are the rules' own, never reckoned again by a page (decision 0040)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.messages import to_wire
from tycoon.games.playboss import deals, fields, market
from tycoon.games.playboss import steps as expansion_steps
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.decisions import phase_text
from tycoon.games.playboss.finance import BalanceSheet
from tycoon.games.playboss.phases import RAISE

if TYPE_CHECKING:
    from tycoon.games.playboss.flow import PlaybossState


def view(st: PlaybossState, seat: int | None, current: int) -> dict[str, Any]:
    """What ``seat`` sees (``None``: a spectator); ``current`` is the seat to move, as
    ``current_player`` says."""
    seen = common(st, current)
    return seen | own(st, seat, seen)


def own(st: PlaybossState, seat: int | None, seen: dict[str, Any]) -> dict[str, Any]:
    """What ``seat`` sees besides ``seen``, the common part: the steps' part, with its own
    personal goal (``State.own_view``)."""
    if seat is None:
        return {}
    return {"you": seat, "expansion": expansion_steps.view(st, seat)}


def common(st: PlaybossState, current: int) -> dict[str, Any]:
    """What every seat and a spectator see alike: the view of nobody's seat, every personal
    goal written down but not shown (``State.common_view``)."""
    r = st.rules
    return {
        "game": "playboss",
        "round": st.rounds_done,
        "year_target": st.game.years,
        "round_target": st.game.rounds,
        "pending": {
            "seat": current if current >= 0 else None,
            "decision": str(st.phase),
            "text": to_wire(phase_text(st)),
        },
        "you": None,
        "start_seat": st.start_seat,
        "turn": st.turn_seat,
        "board": list(r.board),
        "market": [
            {"price": p, "sale": market.sale_price(r, z, False), "products": n, "dimples": r.dimples}
            for z, (p, n) in enumerate(zip(r.zone_prices, st.market, strict=True))
        ],
        "prices": fields.prices(st),
        "outside_play": st.outside_play,
        "risk_cards": len(r.risk_cards),
        "last_risk_card": risk_card_json(st),
        "bank": {
            "machines": st.bank_machines,
            "computers": st.bank_computers,
            "webs": st.bank_webs,
            "web_price": r.web_price,
        },
        "businesses": [business_view(st, b) for b in st.businesses],
        # Apart from the businesses, which change at every move: a diff of the view sends
        # a business's years again only when one ends.
        "year_sheets": [[{"year": y[0]} | BalanceSheet(*y[1:]).to_json() for y in b.years] for b in st.businesses],
        "due": st.due if st.phase == RAISE else 0,
        "auction": st.auction.to_json() if st.auction else None,
        "expansion": expansion_steps.view(st, None),
        "deals": deals.view(st),
    }


def business_view(st: PlaybossState, b: Business) -> dict[str, Any]:
    """A business as everyone sees it, with its balance sheet now (public: the page shows it as
    the bank values it, not valued anew); ``year_sheets`` holds those of its years."""
    return b.to_json(st.rules) | {"sheet": st.balance_sheet(b.seat).to_json()}


def risk_card_json(st: PlaybossState) -> dict[str, Any] | None:
    """The risk card drawn last, as it was read aloud to the table (Playboss I, "The Blue Risk
    Field"), or ``None`` before the first: its number in the deck, its title and what it does
    (``data.RiskCard``)."""
    if st.card < 0:
        return None
    card = st.rules.risk_cards[st.card]
    return {
        "number": card.number,
        "title": card.title,
        "effect": card.effect,
        "amount": card.amount,
        "insurable": card.insurable,
        "computer_protects": card.computer_protects,
        "needs": card.needs or None,
    }
