"""Biznes po polsku actions, one frozen dataclass per kind. The text form is the kind and its
values (``buy``, ``mortgage 14``, ``offer-sale 14 2 1600``).

Firms are named by their space number, 1 to 40 from START, as printed on the board.
"""

from __future__ import annotations

from tycoon.core.actions import Action, ActionCodec, action

# --- chance -----------------------------------------------------------------------------


@action("die")
class Die(Action):
    """Chance: the die shows ``pips`` (1 to 6)."""

    pips: int


@action("card")
class Draw(Action):
    """Chance: the top card of ``deck`` (``los`` or ``niespodzianka``) is card ``card`` (its
    number in the deck's data file)."""

    deck: str
    card: int


# --- the turn ---------------------------------------------------------------------------


@action("roll")
class Roll(Action):
    """End the dealings before the move and roll the die."""


@action("drive")
class Drive(Action):
    """With a car: move ``steps`` spaces, the number rolled or five more (rulebook, "Car")."""

    steps: int


@action("end-turn")
class EndTurn(Action):
    """End the turn (offered only while a salary is waiting to be claimed, table-faithful play)."""


# --- decisions on a space ---------------------------------------------------------------


@action("buy")
class Buy(Action):
    """Found the unowned firm you stopped on, for its founding cost."""


@action("take-job")
class TakeJob(Action):
    """Take the free profession you stopped on."""


@action("join-party")
class JoinParty(Action):
    """Pay the entry fee and take a party membership card."""


@action("run")
class Run(Action):
    """Pay the campaign cost and take the office you stopped on (MP, senator, council member)."""


@action("pass")
class Pass(Action):
    """Decline what is offered: the firm, the profession, membership, the office, or the bid."""


# --- at any time during your own turn ---------------------------------------------------


@action("invest")
class Invest(Action):
    """Buy one investment level element for firm ``space``."""

    space: int


@action("sell-investment")
class SellInvestment(Action):
    """Sell one investment level of firm ``space`` back to the bank at half its price."""

    space: int


@action("mortgage")
class Mortgage(Action):
    """Mortgage firm ``space`` at the bank (its group's investments are sold first)."""

    space: int


@action("redeem")
class Redeem(Action):
    """Redeem mortgaged firm ``space``: its mortgage value plus 10%."""

    space: int


@action("buy-car")
class BuyCar(Action):
    """Buy a car for 7,000 zł."""


@action("mortgage-car")
class MortgageCar(Action):
    """Mortgage the car at the bank for 2,000 zł."""


@action("redeem-car")
class RedeemCar(Action):
    """Redeem the mortgaged car for 2,000 + 1,000 zł."""


@action("claim")
class Claim(Action):
    """Report passing a space that pays you (salary, allowance, welfare) to the Banker;
    needed only with the ``forfeit_forgotten_salary`` option."""


# --- trades between players -------------------------------------------------------------


@action("offer-sale")
class OfferSale(Action):
    """Offer your firm ``space`` to seat ``to`` for ``price`` zł."""

    space: int
    to: int
    price: int


@action("offer-purchase")
class OfferPurchase(Action):
    """Offer to buy firm ``space`` from its owner for ``price`` zł."""

    space: int
    price: int


@action("offer-exchange")
class OfferExchange(Action):
    """Offer your firm ``give`` for another player's firm ``take``; you add ``payment`` zł
    (a negative payment: the other player adds it)."""

    give: int
    take: int
    payment: int


@action("accept")
class Accept(Action):
    """Accept the offer made to you."""


@action("reject")
class Reject(Action):
    """Reject the offer made to you."""


# --- bankruptcy auction -----------------------------------------------------------------


@action("bid")
class Bid(Action):
    """Bid ``amount`` zł for the firm under the hammer."""

    amount: int


ANYTIME = (Invest, SellInvestment, Mortgage, Redeem, BuyCar, MortgageCar, RedeemCar, Claim)
"""What a player may do at any time during their own turn (and what raises funds when due)."""

OFFERS = (OfferSale, OfferPurchase, OfferExchange)
"""Trade offers, made before the roll of the proposer's turn."""

CODEC = ActionCodec(
    [
        Die,
        Draw,
        Roll,
        Drive,
        EndTurn,
        Buy,
        TakeJob,
        JoinParty,
        Run,
        Pass,
        *ANYTIME,
        *OFFERS,
        Accept,
        Reject,
        Bid,
    ]
)
