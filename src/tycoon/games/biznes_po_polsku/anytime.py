"""What a player may do at any time during their own turn: invest, sell investments, mortgage
and redeem firms, buy, mortgage and redeem the car; and claim passed incomes (table-faithful
play). A player who owes a payment and lacks the cash may mortgage and sell investments to
raise it, on anybody's turn.

Rulebook, "Mortgage": "A transaction between players, or the mortgaging of a firm, may take
place only when it is the turn of the player wishing to carry out that transaction." Designed
here: the same holds for investing, selling investments and the car (the rulebook gives them
no time), so a player deals on their own turn, while their own decision is pending
(docs/decisions/0002-any-time-actions.md: legal without changing the pending decision).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.core.messages import msg
from tycoon.games.biznes_po_polsku import car, firms, naming
from tycoon.games.biznes_po_polsku.actions import (
    BUY_CAR,
    CLAIM,
    INVESTS,
    MORTGAGE_CAR,
    MORTGAGES,
    REDEEM_CAR,
    REDEEMS,
    SELLS,
    BuyCar,
    Claim,
    Invest,
    Mortgage,
    MortgageCar,
    Redeem,
    RedeemCar,
    SellInvestment,
)
from tycoon.games.biznes_po_polsku.phases import OWN_TURN, RAISE
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

TURN_RULE = msg("bp.no.rule.own_turn")
CLAIM_RULE = msg("bp.no.rule.claim")
RAISERS = (SellInvestment, Mortgage, MortgageCar)
"""What raises money when a payment is due."""


def own_turn(st: BiznesState, p: Player) -> bool:
    """Whether ``p`` may deal now: it is their turn and their own decision is pending."""
    return st.phase in OWN_TURN and st.pending == p.seat == st.turn_seat


def raising(st: BiznesState, p: Player) -> bool:
    """Whether ``p`` must raise a payment due now."""
    return st.phase == RAISE and st.pending == p.seat


def fund_raising(st: BiznesState, p: Player, mine: list[int] | None = None) -> list[Action]:
    """The options of a player who must raise a payment due (``mine``: ``p``'s firms, if known)."""
    if mine is None:
        mine = st.firms_of(p.seat)
    level, mortgaged = st.level, st.mortgaged
    out: list[Action] = [SELLS[n] for n in mine if level[n] and not firms.sell_level_error(st, p, n)]
    out += [MORTGAGES[n] for n in mine if not mortgaged[n]]
    if p.car == CAR:
        out.append(MORTGAGE_CAR)
    if p.claims:
        out.append(CLAIM)
    return out


def legal(st: BiznesState, p: Player) -> list[Action]:
    """Everything ``p`` may do at any time now: investing, then what raises money
    (``fund_raising``), then redeeming and the car."""
    if not own_turn(st, p):
        return [CLAIM] if p.claims and not p.bankrupt else []
    r = st.rules
    level, mortgaged, redemptions = st.level, st.mortgaged, r.redemptions
    cash = p.cash
    # One pass over the player's firms (asked at most decisions of a turn), each list in track
    # order: the mortgages go straight into the answer; investing and selling investments
    # (seldom possible) are put before them once the pass is over.
    out: list[Action] = []
    invests: list[Action] = []
    sells: list[Action] = []
    redeems: list[Action] = []
    for n in st.whole_groups[p.seat]:  # (no other firm takes an investment)
        if firms.can_invest(st, p, n):
            invests.append(INVESTS[n])
    for n in st.owned[p.seat]:
        if mortgaged[n]:
            if cash >= redemptions[n]:
                redeems.append(REDEEMS[n])
        else:
            out.append(MORTGAGES[n])
        if level[n] and not firms.sell_level_error(st, p, n):
            sells.append(SELLS[n])
    if invests or sells:
        out[:0] = invests + sells
    if p.car == CAR:
        out.append(MORTGAGE_CAR)
    if p.claims:
        out.append(CLAIM)
    out += redeems
    if car.can_buy(st, p):
        out.append(BUY_CAR)
    if p.car == CAR_MORTGAGED and cash >= car.redeem_cost(st):
        out.append(REDEEM_CAR)
    return out


def apply(st: BiznesState, p: Player, action: Action) -> None:
    """Carry out an "at any time" action, or raise IllegalAction leaving everything as it was."""
    if isinstance(action, Claim):
        if not p.claims:
            raise IllegalAction(msg("bp.no.nothing_to_claim"), CLAIM_RULE)
        for amount, why in p.claims:
            st.receive(p, amount, why)
        p.claims.clear()
        return
    if raising(st, p):
        if not isinstance(action, RAISERS):
            raise IllegalAction(msg("bp.no.due_raise", due=naming.zl(st.due)), TURN_RULE)
    elif not own_turn(st, p):
        raise IllegalAction(msg("bp.no.own_turn", action=str(action)), TURN_RULE)
    if isinstance(action, Invest):
        firms.invest(st, p, action.space)
    elif isinstance(action, SellInvestment):
        firms.sell_level(st, p, action.space)
    elif isinstance(action, Mortgage):
        firms.mortgage(st, p, action.space)
    elif isinstance(action, Redeem):
        firms.redeem(st, p, action.space)
    elif isinstance(action, BuyCar):
        car.buy(st, p)
    elif isinstance(action, MortgageCar):
        car.mortgage(st, p)
    elif isinstance(action, RedeemCar):
        car.redeem(st, p)
    else:
        raise IllegalAction(msg("bp.no.not_an_action", action=str(action)))
