"""The bot that plays on in the worlds a search deals (``GameSpec.search``'s ``rollout``): the
normal bot, less the trades it would offer.

Looking for an offer to make is most of what the normal bot does before it rolls (it reckons
every purchase and exchange that would complete a group, at four prices each, against every
other player), and a search asks it thousands of times a decision, while few such offers are
made and fewer accepted in the few turns a search looks ahead. Without them a search of the
same size takes about a sixth less time at two seats and a third less at four (docs/agents.md,
"The searching bot"). It answers offers made to it as the normal bot does.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.state import BiznesState


class RolloutBot(BiznesBot):
    """The normal bot that offers no trade of its own."""

    name = "rollout"

    def best_offer(self, st: BiznesState, p: Player, cash_reserve: int) -> Action | None:
        return None
