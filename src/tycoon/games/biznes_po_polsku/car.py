"""The car: bought for 7,000 zł, mortgaged for 2,000, redeemed for 2,000 + 1,000.

Rulebook, "Car (SAMOCHÓD)". The five-space option is offered by ``board.rolled``; theft is a
card effect (``cards``). Designed here: a mortgaged car stands at the bank and gives no
five-space option until it is redeemed, as a mortgaged firm yields nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.errors import IllegalAction
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED, NO_CAR, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

RULE = 'rulebook, "Car (SAMOCHÓD)"'


def can_buy(st: BiznesState, p: Player) -> bool:
    return p.car == NO_CAR and st.bank_cars > 0 and p.cash >= st.rules.car_price


def buy(st: BiznesState, p: Player) -> None:
    if not can_buy(st, p):
        raise IllegalAction(
            f"a car costs {st.rules.car_price:,} zł, one per player, while the bank has one "
            f"(it has {st.bank_cars}); you hold {p.cash:,}",
            RULE,
        )
    st.bank_cars -= 1
    p.car = CAR
    st.pay(p, st.rules.car_price, "car")


def mortgage(st: BiznesState, p: Player) -> None:
    if p.car != CAR:
        raise IllegalAction("you have no unmortgaged car", RULE)
    p.car = CAR_MORTGAGED
    st.receive(p, st.rules.car_mortgage, "car_mortgage")


def redeem_cost(st: BiznesState) -> int:
    return st.rules.car_mortgage + st.rules.car_redeem_fee


def redeem(st: BiznesState, p: Player) -> None:
    cost = redeem_cost(st)
    if p.car != CAR_MORTGAGED or p.cash < cost:
        raise IllegalAction(f"redeeming the car takes a mortgaged car and {cost:,} zł", RULE)
    p.car = CAR
    st.pay(p, cost, "car_redeem")
