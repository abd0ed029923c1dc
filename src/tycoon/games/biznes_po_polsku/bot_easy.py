"""The ``easy`` level of Biznes po polsku: the bot's judgement with a beginner's mistakes.

It plays by the ``normal`` bot's rules (``bot.py``), but

- it misjudges prices: the cash it keeps in reserve when it founds a firm, and what a firm is
  worth to it and to the other side of a trade, it sees off by up to ``MISJUDGE`` either way,
  drawn anew at each decision, so it founds a firm it cannot afford, sells one cheap, buys one
  dear, and bargains at prices a careful player would not take;
- it passes up a good move now and then (``PASS_UP``): before the roll it rolls at once,
  leaving an investment unbought, a mortgage unredeemed, a trade unoffered;
- it is slow to build: afraid of running short, it keeps ``TIMID`` times the careful player's
  cash reserve in hand before it invests, redeems, offers a trade, buys the car, runs for an
  office or bids at an auction, so its groups stand unbuilt while the others' earn.

Its mistakes come from its own generator, seeded with the agent, so a seed replays a game.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.games.biznes_po_polsku.actions import BUY_FIRM, PASS, ROLL
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.bot_figures import helps_group, reserve
from tycoon.games.biznes_po_polsku.phases import ANSWER, BUY, COUNTER, TURN
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.state import BiznesState

MISJUDGE = 0.9
"""How far off the beginner's prices may be, as a share of the true ones."""
PASS_UP = 0.6
"""The chance that, before a roll, it rolls at once instead of doing its business."""
TIMID = 3
"""How many times the normal bot's cash reserve the beginner keeps in hand before it spends."""


class EasyBiznesBot(BiznesBot):
    """The normal bot's judgement, with a beginner's misjudged prices and business left undone."""

    name = "easy"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.factor = 1.0
        """How far off the beginner sees the figures of the decision at hand."""

    def off(self) -> float:
        """A factor by which the beginner misjudges a price this time."""
        return self.rng.uniform(1 - MISJUDGE, 1 + MISJUDGE)

    def judge(self, value: int) -> int:
        return int(value * self.factor)

    def reserve(self, st: BiznesState, p: Player) -> int:
        return TIMID * reserve(st, p)

    def choose(self, st: BiznesState, p: Player) -> Action:
        if p.claims:
            return super().choose(st, p)
        phase = st.phase
        if phase == TURN and self.rng.random() < PASS_UP:
            return ROLL
        if phase == BUY:
            space = st.rules.space(p.position)
            keep = 0 if helps_group(st, p, p.position) else reserve(st, p) // 2
            return BUY_FIRM if p.cash >= space.cost and p.cash - space.cost >= keep * self.off() else PASS
        # What a trade is worth, offered or answered, it sees off by one factor a decision.
        self.factor = self.off() if phase in (TURN, ANSWER, COUNTER) else 1.0
        return super().choose(st, p)
