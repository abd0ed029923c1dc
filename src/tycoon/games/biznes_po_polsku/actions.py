"""Biznes po polsku actions, one frozen dataclass per kind. The text form is the kind and its
values (``buy``, ``mortgage 14``, ``offer-sale 14 2 1600``).

Firms are named by their space number, 1 to 40 from START, as printed on the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.messages import Text, msg

# --- chance -----------------------------------------------------------------------------


@action("die")
class Die(Action):
    """Chance: the number the die shows, 1 to 6: the start rolls, and each move (``die 4``)."""

    pips: int
    """The number rolled, 1 to 6."""


@action("card")
class Draw(Action):
    """Chance: the card on top of a stack, LOS or NIESPODZIANKA, by its number in the deck's
    data file (``card los 7``)."""

    deck: str
    """The stack drawn from: ``los`` (LOS, chance) or ``niespodzianka`` (NIESPODZIANKA, surprise)."""
    card: int
    """The card's number in its deck's data file, 0 to 29 (``card los 7``)."""


# --- the turn ---------------------------------------------------------------------------


@action("roll")
class Roll(Action):
    """End the dealings before the move and roll the die."""


@action("drive")
class Drive(Action):
    """With a car: move the number rolled, or five spaces more (rulebook, "Car"): rolled 3,
    ``drive 3`` stops three spaces on, ``drive 8`` eight."""

    steps: int
    """Spaces to move: the number rolled, or that number plus 5."""


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
    """Buy the next investment level of one of your firms (``invest 14``): a brick for levels
    1 to 4, the pyramid for level 5; the whole colour group is needed, built evenly."""

    space: int
    """The firm's space number on the track, 1 to 40."""


@action("sell-investment")
class SellInvestment(Action):
    """Sell one investment level of one of your firms back to the bank at half its price
    (``sell-investment 14``), the most developed firms of the group first."""

    space: int
    """The firm's space number on the track, 1 to 40."""


@action("mortgage")
class Mortgage(Action):
    """Mortgage one of your firms at the bank for its mortgage value (``mortgage 14``: 800 zł
    for Zakład fryzjerski); its group's investments are sold first, at half price."""

    space: int
    """The firm's space number on the track, 1 to 40."""


@action("redeem")
class Redeem(Action):
    """Redeem one of your mortgaged firms for its mortgage value plus 10% (``redeem 14``: 880 zł
    for Zakład fryzjerski)."""

    space: int
    """The firm's space number on the track, 1 to 40."""


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
    """Offer one of your firms to another player for a price (``offer-sale 14 1 1600``), before
    your roll; the other player accepts or rejects. A mortgaged firm's buyer also redeems it."""

    seat_fields = ("to",)
    field_labels: ClassVar[Mapping[str, Text]] = {
        "space": msg("bp.fam.field.your_firm"),
        "to": msg("bp.fam.field.to"),
        "price": msg("bp.fam.field.price"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"price": "zł"}
    space: int
    """Your firm's space number, 1 to 40; its colour group must have no investments."""
    to: int
    """The seat you offer it to."""
    price: int
    """What the buyer pays you: any multiple of 10 zł (the smallest banknote) from 10 zł up to
    what the buyer holds, less the redemption of a mortgaged firm."""


@action("offer-purchase")
class OfferPurchase(Action):
    """Offer to buy another player's firm for a price (``offer-purchase 31 750``), before your
    roll; the owner accepts or rejects. You redeem a mortgaged firm you buy."""

    field_labels: ClassVar[Mapping[str, Text]] = {
        "space": msg("bp.fam.field.their_firm"),
        "price": msg("bp.fam.field.price"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"price": "zł"}
    space: int
    """The firm's space number, 1 to 40: another player's, its colour group without investments."""
    price: int
    """What you pay the owner: any multiple of 10 zł from 10 zł up to what you hold, less the
    redemption of a mortgaged firm."""


@action("offer-exchange")
class OfferExchange(Action):
    """Offer one of your firms for another player's firm, before your roll, adding a payment or
    asking for one (``offer-exchange 8 14 600``: Kiosk „Ruchu” and 600 zł for Zakład
    fryzjerski; ``-600`` asks 600 zł in return). Each side redeems a mortgaged firm it
    receives."""

    field_labels: ClassVar[Mapping[str, Text]] = {
        "give": msg("bp.fam.field.your_firm"),
        "take": msg("bp.fam.field.for_their_firm"),
        "payment": msg("bp.fam.field.payment"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"payment": "zł"}
    give: int
    """Your firm's space number, 1 to 40."""
    take: int
    """The other player's firm's space number, 1 to 40."""
    payment: int
    """Złoty you add (positive) or ask for (negative), a multiple of 10; 0 for an even exchange.
    The side that adds it must be able to pay it besides any redemption."""


@action("accept")
class Accept(Action):
    """Accept the offer made to you."""


@action("reject")
class Reject(Action):
    """Reject the offer made to you (or the counter-offer made back to you), saying nothing."""


@action("reject-because")
class RejectBecause(Action):
    """Reject the offer made to you (or the counter-offer made back to you), saying why
    (``reject-because completes-group``): the reason is a key of ``trade.REASONS``, told in
    the game's words with the deal's figures."""

    field_labels: ClassVar[Mapping[str, Text]] = {"reason": msg("bp.fam.field.because")}
    reason: str
    """Why, as a key of ``trade.REASONS`` that applies to the deal (``completes-group``)."""


@action("counter")
class Counter(Action):
    """Reject the offer made to you and hand back the same deal at your money terms
    (``counter 1800 completes-group``): the price of the firm bought or sold, or the payment of
    the exchange, always better for you than the offer and one the proposer can pay. The
    proposer then accepts or rejects it; a counter-offer is not countered again."""

    field_labels: ClassVar[Mapping[str, Text]] = {
        "amount": msg("bp.fam.field.terms"),
        "reason": msg("bp.fam.field.because"),
    }
    field_units: ClassVar[Mapping[str, Text]] = {"amount": "zł"}
    amount: int
    """The price of a sale or a purchase; for an exchange, the payment as the proposer adds it
    (negative: what the proposer asks of you). A multiple of 10 zł."""
    reason: str
    """Why, as a key of ``trade.REASONS`` that applies to the offer (``price`` says no more
    than the terms)."""


# --- bankruptcy auction -----------------------------------------------------------------


@action("bid")
class Bid(Action):
    """Bid for the bankrupt player's firm under the hammer (``bid 600``: 600 zł)."""

    amount: int
    """Your bid in złoty: from the opening price (the firm's mortgage value), or 100 zł above the
    highest bid, in multiples of 10 zł, up to your cash."""


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
        RejectBecause,
        Counter,
        Bid,
    ]
)

# --- the finite actions, built once: they are frozen, so every list may share them ---------

ROLL = Roll()
END_TURN = EndTurn()
BUY_FIRM = Buy()
TAKE_JOB = TakeJob()
JOIN = JoinParty()
RUN = Run()
PASS = Pass()
BUY_CAR = BuyCar()
MORTGAGE_CAR = MortgageCar()
REDEEM_CAR = RedeemCar()
CLAIM = Claim()
ACCEPT = Accept()
REJECT = Reject()
DICE = {pips: Die(pips) for pips in range(1, 7)}
"""The die's outcomes by the number shown."""
DRAWS = {(deck, card): Draw(deck, card) for deck in ("los", "niespodzianka") for card in range(30)}
"""The card draws by deck and card number."""
DRIVES = {steps: Drive(steps) for steps in range(1, 12)}
"""The car's choices by the spaces driven (the number rolled, or five more)."""
INVESTS = {n: Invest(n) for n in range(1, 41)}
SELLS = {n: SellInvestment(n) for n in range(1, 41)}
MORTGAGES = {n: Mortgage(n) for n in range(1, 41)}
REDEEMS = {n: Redeem(n) for n in range(1, 41)}
