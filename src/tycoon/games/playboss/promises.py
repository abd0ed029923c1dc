"""Cash a business has promised: a standing high bid at an auction is a promise to pay, so buying
a computer, repaying credit, founding a marketing organisation, lending or buying a business may
not touch it (bankruptcy.py, purchase_auction.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.games.playboss import purchase_auction

if TYPE_CHECKING:
    from tycoon.games.playboss.business import Business
    from tycoon.games.playboss.state import PlaybossData


def promised(st: PlaybossData, b: Business) -> int:
    """Cash ``b`` must keep to pay its standing high bids: at a bankruptcy auction
    (``bankruptcy.py``) and, with step 2, at a purchase auction."""
    a = st.auction
    held = a.high_bid if a is not None and a.high_bidder == b.seat else 0
    return held + (purchase_auction.promised(st, b) if st.expansion.auction else 0)
