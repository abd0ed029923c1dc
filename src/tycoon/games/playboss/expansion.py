"""What the expansion steps of Playboss II add to a game's state, as data (the rules are the
steps' own modules, above the state; ``steps.py`` connects them to the turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tycoon.games.playboss.free_market import FreeMarket
    from tycoon.games.playboss.labour import Labour
    from tycoon.games.playboss.purchase_auction import PurchaseAuction

FREE = -1
"""A marketing trough nobody owns (step 3)."""


class Expansion:
    """What the expansion steps add to a game's state."""

    __slots__ = ("auction", "due_trough", "free_market", "labour", "leader", "trough_sold", "troughs")

    def __init__(self, troughs: int) -> None:
        self.labour: Labour | None = None
        """Step 6: the labour market."""
        self.auction: PurchaseAuction | None = None
        """Step 2: the purchase auction under way."""
        self.free_market: FreeMarket | None = None
        """Step 1: the price underbidding under way."""
        self.troughs: list[int] = [FREE] * troughs
        """Step 3: the seat owning each marketing trough, or FREE."""
        self.trough_sold: list[bool] = [False] * troughs
        """Step 3: whether each organisation has sold on the turn running."""
        self.due_trough = -1
        """Step 3: the trough whose yearly costs are the pending decision."""
        self.leader = -1
        """Step 5: the seat that reached the sales target first (goal ``first-to-sales``)."""

    def clone(self) -> Expansion:
        e = Expansion(0) if COMPILED else Expansion.__new__(Expansion)
        e.auction = self.auction.clone() if self.auction else None
        e.free_market = self.free_market.clone() if self.free_market else None
        e.troughs = self.troughs.copy()
        e.trough_sold = self.trough_sold.copy()
        e.due_trough = self.due_trough
        e.leader = self.leader
        e.labour = self.labour.clone() if self.labour else None
        return e

    def fingerprint(self, prices: tuple[int, ...]) -> dict[str, Any]:
        return {
            "auction": self.auction.to_json(prices) if self.auction else None,
            "free_market": self.free_market.to_json() if self.free_market else None,
            "troughs": self.troughs.copy(),
            "trough_sold": self.trough_sold.copy(),
            "due_trough": self.due_trough,
            "leader": self.leader,
            "labour": self.labour.fingerprint() if self.labour else None,
        }


COMPILED = hasattr(Expansion, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (``TYCOON_COMPILE=1 pip install .``,
docs/decisions/0019-compiled-build.md), where a class's ``__new__`` runs its ``__init__``:
``clone`` starts from ``__init__`` there and copies every field over it."""
