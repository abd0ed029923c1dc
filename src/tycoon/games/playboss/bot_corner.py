"""The bot the ``hard`` level of Playboss searches over: the normal bot (``bot.py``), which
corners the raw products in its first year and doubles a machine as soon as it can.

* **The corner.** With fewer than five players the market holds only its dear half, 20 raw
  products (Playboss I, "Preparation for Play"), and the market is refilled only by what is
  sold into it. In the base model a business has half its starting capital in the first year
  and buys its first machine after the first lap; the normal bot stocks a fair share of the
  products meanwhile (``Tuning.preload``). This one buys every raw product the market holds,
  keeping ``CORNER_KEEP`` in cash: the others then have nothing to work their machines with
  but what it sells them or into the market, while its own machines are busy for the rest of
  the game.
* **The double machine.** It doubles a machine (3 WEBs, "Efficiency Improvements") as soon as
  it holds the WEBs, where the normal bot first keeps 2 for the insurance: a second product
  every time it produces is worth more than the risks the 2 WEBs insure against.

Against three normal bots it wins 41% of four-seat games, against one 56% of two-seat games
(docs/agents.md, "Playboss: a bot that corners the market, and `hard` over it"; decision
0057).
"""

from __future__ import annotations

from tycoon.games.playboss import bot_steps, market
from tycoon.games.playboss.actions import Purchase
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.bot_figures import Tuning
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.flow import PlaybossState

CORNER_KEEP = 1000
"""Marks the corner leaves in cash (for the green field's WEB, a small charge)."""


class CorneringBot(PlaybossBot):
    """The normal bot with a first-year corner of the raw products and an early double
    machine (the module's text)."""

    name = "cornering"

    def __init__(self, seed: int | str = 0, tuning: Tuning | None = None, *, negotiate: bool = True) -> None:
        # The double machine: the normal bot's improvement, without the insurance first.
        super().__init__(seed, tuning or Tuning(insure_first=False), negotiate=negotiate)

    def _purchase_plan(self, st: PlaybossState, b: Business, reds: float) -> Purchase | None:
        if corners(st, b, reds >= self.tuning.preload_reds):
            return corner(st, b)
        return super()._purchase_plan(st, b, reds)


def corners(st: PlaybossState, b: Business, early: bool) -> bool:
    """Whether ``b`` corners the market now: in the base model's first year (half the starting
    capital now, half after the first lap), with fewer than five players (the market half
    full), before its first machine, ``early`` enough for the products to be worked."""
    r = st.rules
    few = len(st.businesses) < r.few_players
    return few and early and bool(r.after_first_lap) and b.laps == 0 and not b.machines and bool(sum(st.market))


def corner(st: PlaybossState, b: Business) -> Purchase | None:
    """Every raw product the market holds that the cash pays for, ``CORNER_KEEP`` kept."""
    r = st.rules
    n = market.max_purchase(st.market, r.zone_prices, max(0, b.cash - CORNER_KEEP))
    n = bot_steps.clamp_purchase(st, n)
    return Purchase(n) if n > 0 else None


__all__ = ["CORNER_KEEP", "CorneringBot", "corner", "corners"]
