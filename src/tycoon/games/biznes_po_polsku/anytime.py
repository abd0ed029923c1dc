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
from tycoon.games.biznes_po_polsku import car, firms
from tycoon.games.biznes_po_polsku.actions import (
    BuyCar,
    Claim,
    Invest,
    Mortgage,
    MortgageCar,
    Redeem,
    RedeemCar,
    SellInvestment,
)
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

TURN_RULE = 'rulebook, "Mortgage": only on your own turn'
CLAIM_RULE = 'rulebook, "Profession": report passing before the next player moves'


def own_turn(st: BiznesState, p: Player) -> bool:
    """Whether ``p`` may deal now: it is their turn and their own decision is pending."""
    from tycoon.games.biznes_po_polsku import state as S

    return st.phase in S.OWN_TURN and st.pending == p.seat == st.turn_seat


def raisable(st: BiznesState, p: Player) -> int:
    """The most cash ``p`` can have by selling all investments, mortgaging every firm and the
    car, and claiming what waits to be claimed."""
    r = st.rules
    total = p.cash + sum(a for a, _ in p.claims)
    for n in r.firms:
        if st.owner[n] == p.seat:
            total += st.level[n] * r.space(n).investment // 2
            if not st.mortgaged[n]:
                total += r.space(n).mortgage
    if p.car == CAR:
        total += r.car_mortgage
    return total


def _firms_of(st: BiznesState, p: Player) -> list[int]:
    return [n for n in st.rules.firms if st.owner[n] == p.seat]


def fund_raising(st: BiznesState, p: Player) -> list[Action]:
    """The options of a player who must raise a payment due."""
    mine = _firms_of(st, p)
    out: list[Action] = [SellInvestment(n) for n in mine if not firms.sell_level_error(st, p, n)]
    out += [Mortgage(n) for n in mine if not st.mortgaged[n]]
    if p.car == CAR:
        out.append(MortgageCar())
    if p.claims:
        out.append(Claim())
    return out


def legal(st: BiznesState, p: Player) -> list[Action]:
    """Everything ``p`` may do at any time now."""
    if not own_turn(st, p):
        return [Claim()] if p.claims and not p.bankrupt else []
    mine = _firms_of(st, p)
    out: list[Action] = [Invest(n) for n in mine if not firms.invest_error(st, p, n)]
    out += fund_raising(st, p)
    out += [Redeem(n) for n in mine if st.mortgaged[n] and p.cash >= st.rules.redemption(n)]
    if car.can_buy(st, p):
        out.append(BuyCar())
    if p.car == CAR_MORTGAGED and p.cash >= car.redeem_cost(st):
        out.append(RedeemCar())
    return out


def apply(st: BiznesState, p: Player, action: Action) -> None:
    """Carry out an "at any time" action, or raise IllegalAction leaving everything as it was."""
    from tycoon.games.biznes_po_polsku import state as S

    if isinstance(action, Claim):
        if not p.claims:
            raise IllegalAction("there is nothing to claim", CLAIM_RULE)
        for amount, why in p.claims:
            st.receive(p, amount, why)
        p.claims.clear()
        return
    raising = st.phase == S.RAISE and st.pending == p.seat
    if raising:
        if not isinstance(action, (SellInvestment, Mortgage, MortgageCar)):
            raise IllegalAction(f"{st.due:,} zł are due: only mortgaging and selling investments raise it", TURN_RULE)
    elif not own_turn(st, p):
        raise IllegalAction(
            f"{action} is possible only during your own turn, while your decision is pending", TURN_RULE
        )
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
        raise IllegalAction(f"{action} is not an action of this game")
