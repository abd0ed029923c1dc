"""Actions in the game's own words, with their figures, as each seat may read them.

Everything in Biznes po polsku is public but the order of the card stacks: the cards drawn are
read aloud (rulebook, "Chance (LOS) and Surprise (NIESPODZIANKA) Cards"), negotiations "are
open" ("Mortgage"), and money is on the table. So a description is the same for every viewer;
it never tells a card before it is drawn, nor the order of the cards still in a stack.
Seats are named ``seat N`` (from 0), as everywhere in the rules' messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action, JSONValue
from tycoon.games.biznes_po_polsku import reasons, trade
from tycoon.games.biznes_po_polsku.actions import (
    Accept,
    Bid,
    Buy,
    BuyCar,
    Claim,
    Counter,
    Die,
    Draw,
    Drive,
    EndTurn,
    Invest,
    JoinParty,
    Mortgage,
    MortgageCar,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Pass,
    Redeem,
    RedeemCar,
    Reject,
    RejectBecause,
    Roll,
    Run,
    SellInvestment,
    TakeJob,
)
from tycoon.games.biznes_po_polsku.data import Rules
from tycoon.games.biznes_po_polsku.phases import (
    AUCTION,
    BUY,
    COUNTER,
    JOB,
    OFFICE_CHOICE,
    PARTY,
    SETUP,
)
from tycoon.games.biznes_po_polsku.state import Said
from tycoon.games.biznes_po_polsku.text import a, counted, zl
from tycoon.games.biznes_po_polsku.track import ahead

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

OFFICES = {"councillor": "city council member", "mp": "MP", "senator": "senator"}
"""How a sentence names each office."""


def firm(r: Rules, n: int) -> str:
    """A firm by its printed name (``space N`` for a number that is no space)."""
    return r.space(n).name if 1 <= n <= len(r.board) else f"space {n}"


def space_name(r: Rules, n: int) -> str:
    """``space 21, Urząd skarbowy``."""
    return f"space {n}, {r.space(n).name}" if 1 <= n <= len(r.board) else f"space {n}"


def offer_terms(st: BiznesState, offer: Action, to_whom: bool = True) -> str:
    """What an offer between players proposes (``to buy Zakład fryzjerski from seat 1 for
    1,600 zł``); without the seat it is made to when ``to_whom`` is false."""
    if isinstance(offer, (OfferSale, OfferPurchase, OfferExchange)):
        return trade.terms(st, offer, to_whom)
    return str(offer)


def describe(st: BiznesState, action: Action, viewer: int | None = None) -> str:
    """A player's reading of ``action`` in ``st`` (before it is applied), as ``viewer`` may
    read it: firms by name, amounts in złoty (``mortgage Zakład fryzjerski for 800 zł``)."""
    r = st.rules
    seat = st.pending
    p = st.players[seat] if 0 <= seat < len(st.players) else None
    here = p.position if p is not None else 0
    if isinstance(action, Die):
        if st.phase == SETUP and st.roller < len(st.contenders):
            return f"seat {st.contenders[st.roller]} rolls {action.pips} for the start"
        return f"the die shows {action.pips}"
    if isinstance(action, Draw):
        deck = r.deck(action.deck) if action.deck in ("los", "niespodzianka") else ()
        if not 0 <= action.card < len(deck):
            return f"{action.deck.upper()} card {action.card}"
        return f"{action.deck.upper()} card: {deck[action.card].told_for(st.turn_seat)}"
    if isinstance(action, Roll):
        return "roll the die"
    if isinstance(action, Drive):
        target = ahead(here, action.steps) if here else action.steps
        how = "stop on" if action.steps == st.rolled else f"drive {counted(r.car_reach, 'space')} further, to"
        return f"{how} {space_name(r, target)} ({counted(action.steps, 'space')})"
    if isinstance(action, EndTurn):
        lost = sum(a for a, _ in p.claims) if p is not None else 0
        return f"end the turn, forfeiting the {zl(lost)} not claimed" if lost else "end the turn"
    if isinstance(action, Buy):
        return f"found {firm(r, here)} for {zl(r.space(here).cost)}" if here else "found the firm"
    if isinstance(action, TakeJob):
        space = r.space(here) if here else None
        return f"become {a(space.english)} (salary {zl(space.salary)})" if space else "take the profession"
    if isinstance(action, JoinParty):
        return f"join the party for {zl(r.space(r.party_space).fee)}"
    if isinstance(action, Run):
        space = r.space(here) if here else None
        if space is None or not space.post:
            return "run for the office"
        return f"run for {OFFICES[space.post]} for {zl(space.cost)} (allowance {zl(space.allowance)})"
    if isinstance(action, Pass):
        return _pass(st, here)
    if isinstance(action, (Invest, SellInvestment, Mortgage, Redeem)):
        return _firm_dealing(st, action)
    if isinstance(action, BuyCar):
        return f"buy a car for {zl(r.car_price)}"
    if isinstance(action, MortgageCar):
        return f"mortgage the car for {zl(r.car_mortgage)}"
    if isinstance(action, RedeemCar):
        return f"redeem the car for {zl(r.car_mortgage + r.car_redeem_fee)}"
    if isinstance(action, Claim):
        return _claim(st, viewer)
    if isinstance(action, (OfferSale, OfferPurchase, OfferExchange)):
        return f"offer {offer_terms(st, action)}"
    if isinstance(action, (Accept, Reject, RejectBecause, Counter)):
        return _answer(st, action)
    if isinstance(action, Bid):
        lot = st.auction.lots[0] if st.auction is not None and st.auction.lots else 0
        return f"bid {zl(action.amount)} for {firm(r, lot)}" if lot else f"bid {zl(action.amount)}"
    return str(action)


def _pass(st: BiznesState, here: int) -> str:
    r = st.rules
    if st.phase == AUCTION and st.auction is not None and st.auction.lots:
        return f"bid no more for {firm(r, st.auction.lots[0])}"
    if not here:
        return "pass"
    space = r.space(here)
    if st.phase == BUY:
        return f"do not found {space.name}"
    if st.phase == JOB:
        return f"do not become {a(space.english)}; wait for another profession"
    if st.phase == PARTY:
        return "do not join the party"
    if st.phase == OFFICE_CHOICE and space.post:
        return f"do not run for {OFFICES[space.post]}"
    return "pass"


def _firm_dealing(st: BiznesState, action: Invest | SellInvestment | Mortgage | Redeem) -> str:
    r = st.rules
    n = action.space
    if n not in r.firms:
        return f"{action.kind.replace('-', ' ')} space {n}"
    space = r.space(n)
    level = st.level[n]
    if isinstance(action, Invest):
        what = "the pyramid (level 5)" if level + 1 == r.levels else f"investment level {level + 1}"
        after = space.fees[min(level + 1, r.levels)]
        return f"invest in {space.name}: {what} for {zl(space.investment)}; the fee becomes {zl(after)}"
    if isinstance(action, SellInvestment):
        return f"sell investment level {level} of {space.name} back to the bank for {zl(space.investment // 2)}"
    if isinstance(action, Mortgage):
        built = sum(st.level[m] for m in r.groups[space.group])
        first = f", first selling the group's {built} investment levels at half price" if built > 1 else ""
        if built == 1:
            first = ", first selling the group's investment level at half price"
        return f"mortgage {space.name} for {zl(space.mortgage)}{first}"
    return f"redeem {space.name} for {zl(r.redemption(n))}"


def _claim(st: BiznesState, viewer: int | None) -> str:
    claimants = [q for q in st.players if q.claims]
    who = [q for q in claimants if q.seat == viewer] or (claimants if len(claimants) == 1 else [])
    if not who:
        return "claim the incomes passed"
    claims = who[0].claims
    total = sum(a for a, _ in claims)
    return f"claim {zl(total)}: {'; '.join(f'{why}, {zl(a)}' for a, why in claims)}"


# --- answers to offers, and their reasons ---------------------------------------------------

REASON_TEMPLATES = {
    "price": "the terms do not suit {seat}",
    "completes-group": "{firm} would complete {other}'s {group} group",
    "breaks-group": "{firm} is one of the {held} firms of the {group} group that {seat} holds",
    "no-use": "{firm} brings {seat} no nearer its group: {holder} holds {their_firm}",
    "short-of-cash": "{seat} would keep only {left} in hand",
    "mortgaged": "{firm} is mortgaged: its new owner redeems it for {redemption}",
    "too-cheap": "{paid} is less than the {cost} {firm} cost to found",
    "too-dear": "{paid} is more than the {cost} {firm} cost to found",
    "uneven": "{seat} would give {give} (founded for {give_cost}){added} for {take} (founded for {take_cost}){back}",
}
"""Each reason (``reasons.REASONS``) in the game's words: one template per key, its figures
named as ``reasons.figures`` finds them and written as ``PARAMETERS`` says."""

PARAMETERS = {
    "firm": "firm",
    "give": "firm",
    "take": "firm",
    "their_firm": "firm",
    "seat": "seat",
    "other": "seat",
    "holder": "seat",
    "paid": "money",
    "cost": "money",
    "left": "money",
    "redemption": "money",
    "give_cost": "money",
    "take_cost": "money",
    "added": "money added",
    "back": "money added",
    "held": "count",
    "group": "group",
}
"""What each figure of a reason is, so that it is written the one way: a firm by its name, a
seat as ``seat N`` (a front end puts the name in), złoty as ``1,600 zł``; ``money added`` is
`` and 600 zł``, or nothing for 0."""


def reason_text(st: BiznesState, key: str, facts: reasons.Facts) -> str:
    """The reason ``key`` in words, with its figures ``facts``."""
    r = st.rules

    def written(name: str, value: JSONValue) -> str:
        kind = PARAMETERS[name]
        if kind == "firm":
            return firm(r, int(value))
        if kind == "seat":
            return f"seat {value}"
        if kind == "money":
            return zl(int(value))
        if kind == "money added":
            return f" and {zl(int(value))}" if int(value) > 0 else ""
        return str(value)

    return REASON_TEMPLATES[key].format(**{name: written(name, value) for name, value in facts.items()})


def _bundle(r: Rules, give: int, payment: int) -> str:
    """What the proposer of an exchange hands over with ``payment``: ``Kiosk „Ruchu” and 200 zł``,
    ``Kiosk „Ruchu” with 300 zł back``."""
    if payment > 0:
        return f"{firm(r, give)} and {zl(payment)}"
    if payment < 0:
        return f"{firm(r, give)} with {zl(-payment)} back"
    return firm(r, give)


def _asks(st: BiznesState, deal: Action, amount: int, seat: int) -> str:
    """How a counter-offer of ``amount`` to ``deal`` by ``seat`` compares with it (``1,200 zł for
    Kiosk „Ruchu” is less than the 1,800 zł seat 2 asks``)."""
    r = st.rules
    if isinstance(deal, OfferPurchase):
        return f"{zl(deal.price)} for {firm(r, deal.space)} is less than the {zl(amount)} seat {seat} asks"
    if isinstance(deal, OfferSale):
        return f"{zl(deal.price)} for {firm(r, deal.space)} is more than the {zl(amount)} seat {seat} offers"
    assert isinstance(deal, OfferExchange)
    asked, offered = _bundle(r, deal.give, amount), _bundle(r, deal.give, deal.payment)
    return f"for {firm(r, deal.take)} seat {seat} asks {asked}, not {offered}"


def said(st: BiznesState, seat: int, action: Action, countering: bool) -> Said:
    """The answer ``action`` of ``seat`` to the deal pending (the offer, or the counter-offer
    handed back, when ``countering``), as the table hears it, read before it is carried out:
    ``Seat 2 declines: 1,200 zł for Kiosk „Ruchu” is less than the 1,800 zł seat 2 asks: Kiosk
    „Ruchu” would complete seat 1's violet group.``"""
    deal, by = (st.counter if countering else st.offer), st.proposer
    assert deal is not None
    key = action.reason if isinstance(action, (RejectBecause, Counter)) else ""
    facts: reasons.Facts = {}
    if key:
        side = reasons.side_of(st, deal, by, seat)
        facts = reasons.figures(st, key, side) or {}
    because = reason_text(st, key, facts) if key else ""
    whose = f" seat {trade.counterpart(st, deal)}'s counter-offer" if countering else ""
    to = by if not countering else trade.counterpart(st, deal)
    if isinstance(action, Accept):
        text = f"Seat {seat} accepts{whose}."
    elif isinstance(action, Reject):
        text = f"Seat {seat} rejects{whose}."
    elif isinstance(action, RejectBecause):
        text = f"Seat {seat} declines{whose}: {because}."
    else:
        assert isinstance(action, Counter)
        asks = _asks(st, deal, action.amount, seat)
        if key in ("too-cheap", "too-dear") and facts.get("cost") == action.amount:
            # The price asked is what the firm cost to found: said once, not as a second clause
            # repeating both figures.
            text = f"Seat {seat} declines: {asks}, what {firm(st.rules, int(facts['firm']))} cost to found."
        elif key != reasons.NEUTRAL:
            text = f"Seat {seat} declines: {asks}: {because}."
        else:
            text = f"Seat {seat} declines: {asks}."
    return Said(seat, to, action.kind, key, tuple(facts.items()), text)


def _answer(st: BiznesState, action: Action) -> str:
    """A player's reading of an answer it may give (``reject seat 1's offer to buy ...``)."""
    deal, by = trade.judged(st)
    verb = {"accept": "accept", "reject": "reject", "reject-because": "reject", "counter": "counter"}[action.kind]
    if deal is None:
        return f"{verb} the offer"
    if st.phase == COUNTER:
        what = f"seat {trade.counterpart(st, deal)}'s counter-offer {offer_terms(st, deal, to_whom=False)}"
    else:
        # Only the seat the offer is made to answers it: its reading leaves that seat out.
        what = f"seat {by}'s offer {offer_terms(st, deal, to_whom=False)}"
    if isinstance(action, (RejectBecause, Counter)):
        # The reason with its figures where it holds; else what it means.
        seat = st.proposer if st.phase == COUNTER else trade.counterpart(st, deal)
        facts = reasons.figures(st, action.reason, reasons.side_of(st, deal, by, seat))
        if facts is not None:
            because = reason_text(st, action.reason, facts)
        else:
            because = reasons.REASONS.line(action.reason) if action.reason in reasons.REASONS else action.reason
        if isinstance(action, RejectBecause):
            return f"{verb} {what}: {because}"
        terms = offer_terms(st, trade.countered(deal, action.amount))
        return f"counter seat {by}'s offer: seat {by} {terms}; {because}"
    return f"{verb} {what}"
