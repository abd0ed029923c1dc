"""The expansion steps of Playboss II, switched on when a game is set up.

``Playboss(steps=[2, 4])`` plays the base model with steps 2 and 4. Each step lives in its own
module (``free_market``, ``purchase_auction``, ``marketing``, ``taxation``, ``goals``, ``labour``); this one keeps their
shared state's data (:class:`Expansion`, in ``expansion.py``) and connects them to the turn run
by ``flow.py``: what they change of the base model's decisions, their "at any time" actions, the
tasks they queue on crossing start, and the view (the decisions they add have their entries in
``decisions.py``). Like every rule module it reads and writes the state's data and
imports only what lies below it, never the flow (docs/decisions/0021-playboss-layers.md).

Playboss II, "Starting Capital": with any step on, every business starts with the full 20,000
Marks and the second 10,000 after the first lap goes away (``data.expanded``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Message, msg
from tycoon.games.playboss import free_market, goals, labour, marketing, purchase_auction, taxation
from tycoon.games.playboss.actions import (
    LABOUR_ANYTIME,
    DeclareGoal,
    FoundMarketing,
    MarketingSell,
    Offer,
    WithdrawMarketing,
)
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.expansion import FREE, Expansion
from tycoon.games.playboss.market import empty_dimples
from tycoon.games.playboss.phases import OVER
from tycoon.games.playboss.tasks import Tax

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

STEP_ANYTIME_RULES = {
    FoundMarketing: 3,
    WithdrawMarketing: 3,
    MarketingSell: 3,
    DeclareGoal: 5,
    **dict.fromkeys(LABOUR_ANYTIME, 6),
}
"""Which step each of the steps' "at any time" actions belongs to."""


def new(st: PlaybossData) -> Expansion:
    e = Expansion(st.rules.marketing_troughs if st.game.step(3) else 0)
    st.expansion = e
    e.labour = labour.new(st)
    return e


# --- the base model's decisions, as the steps change them ---------------------------------


def red_families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """Step 1: the first supplier's announcements below the market price."""
    return free_market.announcements(st, b) if st.game.step(1) else []


def offer_error(st: PlaybossData, b: Business, action: Offer) -> Message | None:
    """Step 1: why a red-field announcement is not possible (None when it is)."""
    if not st.game.step(1):
        return msg("pb.no.step_not_played", action=str(action), step=1)
    return free_market.announcement_error(st, b, action)


def red_sale(st: PlaybossData, b: Business, count: int, price: int | None, advertising: bool) -> bool:
    """Step 1: a red-field sale opens the underbidding (``price`` None: at the market price).
    Without step 1, or with an advertising campaign (nobody can underbid it), returns False:
    the base model's sale."""
    if not st.game.step(1) or advertising:
        return False
    free_market.start(st, b, count, price)
    return True


def purchase_limit(st: PlaybossData) -> int | None:
    """Step 2: the most a red-field purchase may take at market price (None: no limit)."""
    return purchase_auction.limit(st) if st.game.step(2) else None


def after_purchase(st: PlaybossData, b: Business, zone: int) -> None:
    """Step 2: a red-field purchase whose last unit came from ``zone`` opens its auction."""
    if st.game.step(2):
        purchase_auction.start(st, b, zone)


# --- at any time --------------------------------------------------------------------------


def anytime_legal(st: PlaybossData, b: Business) -> list[Action]:
    if not st.game.steps:
        return []
    out: list[Action] = []
    if st.game.step(3):
        out += marketing.legal(st, b)
    if st.game.step(6):
        out += labour.legal(st, b)
    out += goals.legal(st, b)
    return out


def anytime_families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """The expansion steps' "at any time" actions with an amount: step 6's hiring and notice."""
    return labour.families(st, b) if st.game.step(6) else []


def purse_families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """What a seat without a business may do at any time with an amount: the representative's
    notice on a red field, a business he bought hiring."""
    return labour.families(st, b) if st.game.step(6) and labour.is_rep(st, b.seat) else []


def purse_legal(st: PlaybossData, b: Business) -> list[Action]:
    """What a seat without a business may do at any time: the worker representative's rights."""
    return labour.legal(st, b) if st.game.step(6) and labour.is_rep(st, b.seat) else []


def anytime_apply(st: PlaybossData, b: Business, action: Action) -> None:
    step = STEP_ANYTIME_RULES.get(type(action))
    if step is None:
        raise IllegalAction(msg("pb.no.not_an_action", action=str(action)))
    if not st.game.step(step):
        raise IllegalAction(msg("pb.no.step_not_played", action=str(action), step=step))
    if isinstance(action, DeclareGoal):
        goals.declare(st, b, action)
    elif isinstance(action, LABOUR_ANYTIME):
        labour.apply(st, b, action)
    else:
        marketing.apply(st, b, action)


# --- the turn ---------------------------------------------------------------------------


def on_cross(st: PlaybossData, b: Business) -> None:
    """Crossing start: after the interest, each marketing organisation's costs, then the
    financial statement and its tax. They are tasks done before the landing."""
    extra = marketing.costs_due(st, b) if st.game.step(3) else []
    if st.game.step(4):
        extra.append(Tax())
    st.agenda.push(*extra)
    if st.game.step(6):
        labour.on_cross(st, b)


def on_turn_start(st: PlaybossData) -> None:
    """A new turn: organisations may sell again, and nothing is made on it yet."""
    ex = st.expansion
    for t in range(len(ex.trough_sold)):
        ex.trough_sold[t] = False
    for b in st.businesses:
        b.fresh = 0


def on_bankruptcy(st: PlaybossData, b: Business) -> None:
    """A bankrupt business's marketing organisations close."""
    if st.expansion.troughs:
        marketing.release_all(st, b)
    if st.expansion.labour:
        labour.on_bankruptcy(st, b)


# --- what players see -------------------------------------------------------------------


def view(st: PlaybossData, seat: int | None) -> dict[str, Any] | None:
    """The steps' public state; another player's personal goal shows only after the game."""
    if not st.game.steps:
        return None

    g = st.game
    ex = st.expansion
    r = st.rules
    businesses = []
    for b in st.businesses:
        entry: dict[str, Any] = {"seat": b.seat, "sales": b.sales}
        if g.step(4):
            entry["loss_carried"] = b.tax_loss
            entry["statements"] = [{"year": y, "profit": p, "loss_offset": o, "tax": t} for y, p, o, t in b.statements]
            entry["tax_if_due_now"] = taxation.estimated_tax(st, b)
        if g.step(5):
            shown = seat == b.seat or st.phase == OVER
            entry["goal"] = (b.goal or None) if shown else ("written down" if b.goal else None)
        businesses.append(entry)
    return {
        "steps": list(g.steps),
        "goal": g.goal if g.step(5) else None,
        "sales_target": g.sales_target,
        "purchase_auction": ex.auction.to_json(r.zone_prices) if ex.auction else None,
        "free_market": ex.free_market.to_json() if ex.free_market else None,
        "market_price": free_market.market_price(st) if g.step(1) and empty_dimples(st.market, r.dimples) else None,
        "troughs": [
            {
                "trough": t,
                "owner": o if o != FREE else None,
                "webs": r.marketing_webs if o != FREE else 0,
                "sold_this_turn": ex.trough_sold[t],
            }
            for t, o in enumerate(ex.troughs)
        ],
        "businesses": businesses,
        "labour": labour.view(st) if g.step(6) else None,
    }
