"""Expansion step 3: marketing organisations.

Playboss II, "3. Step: Marketing Organization": three troughs of 3 WEBs each. Any business may,
at any time, found an organisation in a free trough for 20,000 Marks paid to the bank, which
puts 3 WEBs into the trough; 15,000 more are due at each trip around the board. The owner may
sell one finished product without competition on each of his turns, but not one he produced
on that same turn. Withdrawing the WEBs, or not paying the costs due, frees the trough; the
WEBs go to the player, not to the bank.

Designed here, where the rulebook is silent:

* The 3 WEBs come from the bank's supply (the founding price pays for them); founding needs
  3 WEBs in the bank.
* The costs fall due at each of the owner's crossings of start, as a decision: pay 15,000 (with
  cash on hand: credit or sales to the bank come first, at any time) or give the organisation
  up. Each organisation is decided on its own.
* One sale per turn, however many organisations the owner has ("The owner of one or more
  marketing organizations then has the right to sell one of his finished products ... at every
  of his turns"), at the market price: the product goes into the dearest empty dimple and earns
  ten times that zone's price, exactly like a red-field sale of one product (without an
  advertising campaign, which serves red fields). It counts as sales.
* A turn runs from the business's turn decision to the end of its move; it may sell through the
  organisation at any point of it (before or after the roll), not during a payment it must
  raise. Products made on the turn are ``Business.fresh``.
* A bankrupt business's organisations close; their WEBs go back to the bank with its others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.agenda import Task
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.errors import IllegalAction
from tycoon.core.messages import Seat, msg
from tycoon.games.playboss import market
from tycoon.games.playboss.actions import FoundMarketing, GiveUpMarketing, MarketingSell, RenewMarketing
from tycoon.games.playboss.actions import WithdrawMarketing as Withdraw
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.expansion import FREE
from tycoon.games.playboss.naming import code, money
from tycoon.games.playboss.phases import DUE, OVER, RAISE, SETUP
from tycoon.games.playboss.promises import promised
from tycoon.games.playboss.tasks import MarketingDue

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.marketing")


def owned(st: PlaybossData, b: Business) -> list[int]:
    """The troughs ``b`` owns."""
    return [t for t, owner in enumerate(st.expansion.troughs) if owner == b.seat]


def sellable(st: PlaybossData, b: Business) -> int:
    """Finished products ``b`` may sell through its organisations now: one a turn, whether it
    owns one organisation or several, and never a product made on this turn."""

    ex = st.expansion
    if b.seat not in ex.troughs or st.turn_seat != b.seat or st.phase in (SETUP, OVER, RAISE):
        return 0
    if any(ex.trough_sold[t] for t in owned(st, b)):
        return 0
    return min(1, b.finished - b.fresh)


def legal(st: PlaybossData, b: Business) -> list[Action]:
    """Step 3's "at any time" actions for ``b``."""

    ex = st.expansion
    out: list[Action] = []
    r = st.rules
    if (
        FREE in ex.troughs
        and b.cash >= r.marketing_founding
        and st.bank_webs >= r.marketing_webs
        and b.cash - promised(st, b) >= r.marketing_founding
    ):
        out.append(FoundMarketing())
    if b.seat in ex.troughs:
        out += [Withdraw(t) for t in owned(st, b) if not _deciding(st, t)]
        if sellable(st, b) > 0:
            out.append(MarketingSell())
    return out


def _deciding(st: PlaybossData, trough: int) -> bool:
    """Whether the costs of ``trough`` are the decision pending."""
    return st.phase == DUE and st.expansion.due_trough == trough


def apply(st: PlaybossData, b: Business, action: Action) -> None:
    """Carry out a step-3 "at any time" action, or raise IllegalAction changing nothing."""

    r = st.rules
    ex = st.expansion
    if isinstance(action, FoundMarketing):
        if FREE not in ex.troughs:
            raise IllegalAction(msg("pb.no.troughs_taken", n=r.marketing_troughs), RULE)
        keep = promised(st, b)
        if b.cash - keep < r.marketing_founding:
            founding, cash = money(r.marketing_founding), money(b.cash)
            raise IllegalAction(msg("pb.no.founding_cost", cost=founding, cash=cash, keep=keep), RULE)
        if st.bank_webs < r.marketing_webs:
            raise IllegalAction(msg("pb.no.bank_webs_trough", n=st.bank_webs, needed=r.marketing_webs), RULE)
        t = ex.troughs.index(FREE)
        ex.troughs[t] = b.seat
        st.bank_webs -= r.marketing_webs
        st.pay(b, r.marketing_founding, code("marketing_found", t))
    elif isinstance(action, Withdraw):
        if action.trough not in owned(st, b):
            raise IllegalAction(msg("pb.no.no_trough", trough=action.trough), RULE)
        if _deciding(st, action.trough):
            raise IllegalAction(msg("pb.no.trough_due"), RULE)
        release(st, b, action.trough, "pb.say.marketing_withdrawn")
    elif isinstance(action, MarketingSell):
        if sellable(st, b) < 1:
            raise IllegalAction(
                msg("pb.no.marketing_sell", owned=len(owned(st, b)), finished=b.finished, fresh=b.fresh), RULE
            )
        t = next(t for t in owned(st, b) if not ex.trough_sold[t])
        ex.trough_sold[t] = True
        zone = market.place(st.market, r.dimples, 1)[0]
        earned = r.sale_multiplier * r.zone_prices[zone]
        b.finished -= 1
        b.sales += earned
        st.receive(b, earned, "marketing_sale")
    else:
        raise IllegalAction(msg("pb.no.not_an_action", action=str(action)))


def release(st: PlaybossData, b: Business, trough: int, told: str) -> None:
    """The trough is free again; its WEBs go to the player, not to the bank. ``told``: the
    catalogue key of the narration's line (the owner withdraws, closes, gives it up)."""
    st.expansion.troughs[trough] = FREE
    b.webs += st.rules.marketing_webs
    webs = st.rules.marketing_webs
    st.say(msg(told, seat=Seat(b.seat), trough=trough, webs=webs))


def release_all(st: PlaybossData, b: Business) -> None:
    for t in owned(st, b):
        release(st, b, t, "pb.say.marketing_closed")


def costs_due(st: PlaybossData, b: Business) -> list[Task]:
    """The tasks for the costs ``b``'s organisations owe on crossing start."""
    return [MarketingDue(t) for t in owned(st, b)]


def due(st: PlaybossData, b: Business, trough: int) -> None:
    """The costs of ``trough`` fall due: the owner decides to pay them or give it up."""
    if st.expansion.troughs[trough] != b.seat:
        return  # given up meanwhile
    st.expansion.due_trough = trough
    st.say(msg("pb.say.marketing_owes", seat=Seat(b.seat), amount=money(st.rules.marketing_yearly), trough=trough))
    st.decide(DUE, b.seat)


def legal_due(st: PlaybossData, b: Business) -> list[Action]:

    pay = b.cash - promised(st, b) >= st.rules.marketing_yearly
    return [RenewMarketing(), GiveUpMarketing()] if pay else [GiveUpMarketing()]


def due_choices(st: PlaybossData, seat: int) -> list[Action]:
    return legal_due(st, st.businesses[seat])


def check_due(st: PlaybossData, seat: int, action: Action) -> Refusal:
    """Why ``seat`` may not answer the costs due so, or ``ALLOWED``."""
    b = st.businesses[seat]
    if isinstance(action, RenewMarketing):
        if RenewMarketing() not in legal_due(st, b):
            r = st.rules
            return msg("pb.no.marketing_costs", cost=money(r.marketing_yearly), cash=money(b.cash)), RULE
        return ALLOWED
    if isinstance(action, GiveUpMarketing):
        return ALLOWED
    return msg("pb.no.marketing_due", action=str(action)), RULE


def answer_due(st: PlaybossData, seat: int, action: Action) -> bool:
    """``seat`` pays the costs due or gives the organisation up (``check_due`` has allowed it)."""
    b = st.businesses[seat]
    ex = st.expansion
    if isinstance(action, RenewMarketing):
        st.pay(b, st.rules.marketing_yearly, code("marketing_year", ex.due_trough))
    else:
        release(st, b, ex.due_trough, "pb.say.marketing_given_up")
    ex.due_trough = -1
    return False
