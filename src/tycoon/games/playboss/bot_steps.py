"""How the Playboss bot plays the expansion steps (Playboss II, steps 1 to 5).

* Step 1, the free market: it sells on a red field as in the base model, which announces its
  units at the market price. In the underbidding it never goes below its floor: its production
  cost per product plus what a finished product is worth at the end (1,500), so no sale loses
  against keeping the product. As first supplier it matches the price point while it is at
  least the floor and withdraws below it. As competitor it offers its finished products (at
  most the units in the bidding) one step below the price point while that is at least the
  floor; once the first supplier is out it stays at the price point down to the floor; else it
  withdraws.

* Step 2, purchase auctions: it values the lot's raw products as the bankruptcy auction's raw
  lot (what the machines can turn into sales before the end, less the production cost and a
  margin, the rest at the repurchase value), bids the lowest amount possible while the price per
  unit stays below that value, and never spends the cash it keeps for charges and production.
* Step 3, marketing organisations: it founds one only when the sales it expects through it
  (one product a turn, as far as its machines keep up) gain more than the founding price and
  the yearly costs ahead, and cash stays for production; it sells through an organisation at
  every turn while the price is above the final valuation; it renews the costs only while the
  year ahead earns them back, and otherwise gives the organisation up (its WEBs come back).
* Step 4, taxation: it keeps the tax a statement made now would ask in its reserve, so a
  crossing of start never forces a sale.
* Step 5: it plays for profit, whatever the goal, and writes that down as its personal goal.

Its figures (``reserve``, ``reds_left``, ``next_sale``, ...) are ``bot_figures``'s, below it;
``bot`` decides on top and calls it (docs/decisions/0021-playboss-layers.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.games.playboss import bot_figures as fig
from tycoon.games.playboss import free_market, goals, marketing, purchase_auction
from tycoon.games.playboss.actions import (
    PASS,
    Bid,
    DeclareGoal,
    FoundMarketing,
    GiveUpMarketing,
    MarketingSell,
    Offer,
    Pass,
    RenewMarketing,
)
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.flow import PlaybossState

if TYPE_CHECKING:
    from tycoon.games.playboss.bot import PlaybossBot

SINGLE_SALE_GAIN = 500
"""What selling one product at the dearest empty dimple earns above a batch sale's average."""
REDS_PER_ROLL = 20 / 43
"""Red fields per roll, about: 20 of the 43 spaces."""


def turn_business(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action | None:
    """The steps' business before the roll: a personal goal, a sale through an organisation,
    founding one."""
    if goals.can_declare(st, b):
        return DeclareGoal("profit")
    if not st.game.step(3):
        return None
    if marketing.sellable(st, b) > 0 and fig.next_sale(st, 0) > st.rules.value_finished:
        return MarketingSell()
    # One sale a turn however many organisations: a second one sells nothing more.
    owns = b.seat in st.expansion.troughs
    if not owns and FoundMarketing() in marketing.legal(st, b) and _founding_pays(bot, st, b):
        return FoundMarketing()
    return None


def _org_gain(bot: PlaybossBot, st: PlaybossState, b: Business, turns: float) -> float:
    """What an organisation would gain over ``turns`` turns: the products it could sell (one a
    turn, as far as stock and production keep up), each at a single sale's better price and
    sparing part of a red field's decision. With the rulebook's costs (15,000 a year for at
    most one product a turn) this seldom pays for profit alone."""
    cap = fig.capacity(b)
    if not cap:
        return 0.0
    supply = b.finished + cap * turns * REDS_PER_ROLL * 0.5
    sold = min(turns, supply)
    # A red-field sale sells a whole batch with one decision: a product sold through the
    # organisation spares only its share of that decision.
    batch = max(2.0, bot.tuning.sell_batch * cap)
    return sold * (SINGLE_SALE_GAIN + bot.tuning.decision_value / batch)


def _founding_pays(bot: PlaybossBot, st: PlaybossState, b: Business) -> bool:

    r = st.rules
    turns = fig.rolls_left(st, b.seat)
    crossings = int(turns * 3.5 / len(r.board))
    cost = r.marketing_founding + r.marketing_yearly * crossings
    if _org_gain(bot, st, b, turns) <= cost:
        return False
    spare = fig.liquid(st, b) - r.marketing_founding
    return spare >= fig.reserve(st, b) + fig.working_capital(st, b, bot.tuning, rounds=2)


def due(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action:
    """Step 3's yearly costs: renew while the coming year earns them back."""

    r = st.rules
    year = min(fig.rolls_left(st, b.seat), len(r.board) / 3.5)
    renew = RenewMarketing() in marketing.legal_due(st, b)
    spare = b.cash - r.marketing_yearly >= fig.reserve(st, b)
    if renew and spare and _org_gain(bot, st, b, year) > r.marketing_yearly:
        return RenewMarketing()
    return GiveUpMarketing()


def bid(bot: PlaybossBot, st: PlaybossState, b: Business) -> Action:
    """Step 2: bid for the rest of a price zone while the price per unit is below what the
    products are worth to the business and the cash kept for charges and production allows."""
    a = st.expansion.auction
    assert a is not None
    r = st.rules
    reds = fig.reds_left(st, b)
    cap = max(1, fig.capacity(b)) if b.machines else 0
    useful_raw = fig.useful_raw(b, reds, cap) if cap else 0
    if not b.machines and b.laps == 0 and reds >= bot.tuning.preload_reds:
        useful_raw = fig.preload(st, bot.tuning)  # stocking up for the first machine
    useful = max(0, min(a.units, useful_raw - b.raw))
    if not useful:
        return Pass()
    price = fig.next_sale(st, 0) if reds >= 2 else r.value_finished
    each = max(r.value_raw, min(price - b.production_cost(r) - 500, r.zone_prices[-1] + 250))
    value = useful * each + (a.units - useful) * r.value_raw
    keep = fig.reserve(st, b) + (fig.working_capital(st, b, bot.tuning) if reds >= 2 else 0)
    budget = min(value - 1, fig.liquid(st, b) - keep, b.cash)
    bids = [x for x in purchase_auction.bid_amounts(st, a) if x * a.units <= budget]
    return Bid(min(bids)) if bids else Pass()


def underbid_floor(st: PlaybossState, b: Business) -> int:
    """Step 1: the lowest price per unit the bot accepts: its production cost plus the final
    valuation of a finished product."""
    r = st.rules
    return b.production_cost(r) + r.value_finished


def underbid(st: PlaybossState, b: Business) -> Action:
    """Step 1: a decision in the underbidding (the module docstring gives the rule)."""
    f = st.expansion.free_market
    assert f is not None
    floor = underbid_floor(st, b)
    if f.turn == 0:
        match = Offer(f.units, f.price)
        return match if b.finished >= f.units and f.price >= floor else PASS
    most, prices = free_market.round_offers(st, b)
    if most < 1 or not prices:
        return PASS
    most = min(most, f.units)
    step = st.rules.underbid_step
    if f.price - step >= floor and f.price - step in prices:
        return Offer(most, f.price - step)
    if f.out[0] and f.price >= floor:
        return Offer(most, f.price)
    return PASS


def clamp_purchase(st: PlaybossState, count: int) -> int:
    """Step 2: a red-field purchase takes at most 2 units at market price."""
    limit = purchase_auction.limit(st) if st.game.step(2) else count
    return min(count, limit)
