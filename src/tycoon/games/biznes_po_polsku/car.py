"""The car: bought for 7,000 zł, mortgaged for 2,000, redeemed for 2,000 + 1,000.

Rulebook, "Car (SAMOCHÓD)". The five-space option is offered by ``board.rolled``; theft is a
card effect (``cards``). Designed here: a mortgaged car stands at the bank and gives no
five-space option until it is redeemed, as a mortgaged firm yields nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.errors import IllegalAction
from tycoon.core.messages import msg
from tycoon.games.biznes_po_polsku import naming
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED, NO_CAR, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

RULE = msg("bp.no.rule.car")


def can_buy(st: BiznesState, p: Player) -> bool:
    return p.car == NO_CAR and st.bank_cars > 0 and p.cash >= st.rules.car_price


def buy(st: BiznesState, p: Player) -> None:
    if not can_buy(st, p):
        raise IllegalAction(
            msg("bp.no.car", price=naming.zl(st.rules.car_price), left=st.bank_cars, cash=naming.zl(p.cash)), RULE
        )
    st.bank_cars -= 1
    p.car = CAR
    st.pay(p, st.rules.car_price, "car")


def mortgage(st: BiznesState, p: Player) -> None:
    if p.car != CAR:
        raise IllegalAction(msg("bp.no.no_car"), RULE)
    p.car = CAR_MORTGAGED
    st.receive(p, st.rules.car_mortgage, "car_mortgage")


def redeem_cost(st: BiznesState) -> int:
    return st.rules.car_mortgage + st.rules.car_redeem_fee


def redeem(st: BiznesState, p: Player) -> None:
    cost = redeem_cost(st)
    if p.car != CAR_MORTGAGED or p.cash < cost:
        raise IllegalAction(msg("bp.no.car_redeem", cost=naming.zl(cost)), RULE)
    p.car = CAR
    st.pay(p, cost, "car_redeem")
