"""Actions in the game's own words, with their figures, as each seat may read them.

Everything in Biznes po polsku is public but the order of the card stacks: the cards drawn are
read aloud (rulebook, "Chance (LOS) and Surprise (NIESPODZIANKA) Cards"), negotiations "are
open" ("Mortgage"), and money is on the table. So a description is the same for every viewer;
it never tells a card before it is drawn, nor the order of the cards still in a stack.
Seats are named ``seat N`` (from 0), as everywhere in the rules' messages.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tycoon.core.actions import Action, JSONValue
from tycoon.core.messages import Items, Message, Param, Seat, Text, msg
from tycoon.games.biznes_po_polsku import naming, reasons, trade
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
from tycoon.games.biznes_po_polsku.naming import zl
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
from tycoon.games.biznes_po_polsku.track import ahead

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState


def describe(st: BiznesState, action: Action, viewer: int | None = None) -> Text:
    """A player's reading of ``action`` in ``st`` (before it is applied), as ``viewer`` may
    read it: firms by name, amounts in złoty (``mortgage Zakład fryzjerski for 800 zł``)."""
    r = st.rules
    seat = st.pending
    p = st.players[seat] if 0 <= seat < len(st.players) else None
    here = p.position if p is not None else 0
    if isinstance(action, Die):
        if st.phase == SETUP and st.roller < len(st.contenders):
            return msg("bp.do.start_roll", seat=Seat(st.contenders[st.roller]), pips=action.pips)
        return msg("bp.do.die", pips=action.pips)
    if isinstance(action, Draw):
        deck = r.deck(action.deck) if action.deck in ("los", "niespodzianka") else ()
        if not 0 <= action.card < len(deck):
            return msg("bp.do.card_n", deck=action.deck.upper(), n=action.card)
        told = naming.card(deck[action.card], st.turn_seat)
        return msg("bp.do.card", deck=naming.deck(action.deck), card=told)
    if isinstance(action, Roll):
        return msg("bp.do.roll")
    if isinstance(action, Drive):
        target = ahead(here, action.steps) if here else action.steps
        where = {"n": target, "space": naming.space(r, target), "steps": action.steps}
        if action.steps == st.rolled:
            return msg("bp.do.stop", **where)
        return msg("bp.do.drive", reach=r.car_reach, **where)
    if isinstance(action, EndTurn):
        lost = sum(a for a, _ in p.claims) if p is not None else 0
        return msg("bp.do.end_forfeit", amount=zl(lost)) if lost else msg("bp.do.end")
    if isinstance(action, Buy):
        return (
            msg("bp.do.found", firm=naming.space(r, here), cost=zl(r.space(here).cost))
            if here
            else msg("bp.do.found_it")
        )
    if isinstance(action, TakeJob):
        if not here:
            return msg("bp.do.job_it")
        return msg("bp.do.job", job=naming.job(r, here), salary=zl(r.space(here).salary))
    if isinstance(action, JoinParty):
        return msg("bp.do.join", fee=zl(r.space(r.party_space).fee))
    if isinstance(action, Run):
        space = r.space(here) if here else None
        if space is None or not space.post:
            return msg("bp.do.run_it")
        return msg("bp.do.run", post=space.post, cost=zl(space.cost), allowance=zl(space.allowance))
    if isinstance(action, Pass):
        return _pass(st, here)
    if isinstance(action, (Invest, SellInvestment, Mortgage, Redeem)):
        return _firm_dealing(st, action)
    if isinstance(action, BuyCar):
        return msg("bp.do.buy_car", amount=zl(r.car_price))
    if isinstance(action, MortgageCar):
        return msg("bp.do.mortgage_car", amount=zl(r.car_mortgage))
    if isinstance(action, RedeemCar):
        return msg("bp.do.redeem_car", amount=zl(r.car_mortgage + r.car_redeem_fee))
    if isinstance(action, Claim):
        return _claim(st, viewer)
    if isinstance(action, (OfferSale, OfferPurchase, OfferExchange)):
        return msg("bp.do.offer", terms=trade.told_terms(st, action))
    if isinstance(action, (Accept, Reject, RejectBecause, Counter)):
        return _answer(st, action)
    if isinstance(action, Bid):
        lot = st.auction.lots[0] if st.auction is not None and st.auction.lots else 0
        if lot:
            return msg("bp.do.bid", amount=zl(action.amount), firm=naming.space(r, lot))
        return msg("bp.do.bid_plain", amount=zl(action.amount))
    return str(action)


def _pass(st: BiznesState, here: int) -> Text:
    r = st.rules
    if st.phase == AUCTION and st.auction is not None and st.auction.lots:
        return msg("bp.do.pass_auction", firm=naming.space(r, st.auction.lots[0]))
    if not here:
        return msg("bp.do.pass")
    space = r.space(here)
    if st.phase == BUY:
        return msg("bp.do.pass_found", firm=naming.space(r, here))
    if st.phase == JOB:
        return msg("bp.do.pass_job", job=naming.job(r, here))
    if st.phase == PARTY:
        return msg("bp.do.pass_party")
    if st.phase == OFFICE_CHOICE and space.post:
        return msg("bp.do.pass_office", post=space.post)
    return msg("bp.do.pass")


def _firm_dealing(st: BiznesState, action: Invest | SellInvestment | Mortgage | Redeem) -> Text:
    r = st.rules
    n = action.space
    if n not in r.firms:
        return msg("bp.do.not_a_firm", kind=action.kind, n=n)
    space = r.space(n)
    level = st.level[n]
    firm_ = naming.space(r, n)
    if isinstance(action, Invest):
        after = zl(space.fees[min(level + 1, r.levels)])
        if level + 1 == r.levels:
            return msg("bp.do.invest_pyramid", firm=firm_, level=r.levels, cost=zl(space.investment), fee=after)
        return msg("bp.do.invest", firm=firm_, level=level + 1, cost=zl(space.investment), fee=after)
    if isinstance(action, SellInvestment):
        return msg("bp.do.sell_level", firm=firm_, level=level, amount=zl(space.investment // 2))
    if isinstance(action, Mortgage):
        built = sum(st.level[m] for m in r.groups[space.group])
        if built:
            return msg("bp.do.mortgage_selling", firm=firm_, amount=zl(space.mortgage), n=built)
        return msg("bp.do.mortgage", firm=firm_, amount=zl(space.mortgage))
    return msg("bp.do.redeem", firm=firm_, amount=zl(r.redemption(n)))


def _claim(st: BiznesState, viewer: int | None) -> Text:
    claimants = [q for q in st.players if q.claims]
    who = [q for q in claimants if q.seat == viewer] or (claimants if len(claimants) == 1 else [])
    if not who:
        return msg("bp.do.claim_all")
    claims = who[0].claims
    total = sum(a for a, _ in claims)
    each = Items(tuple(msg("bp.do.claim_item", why=naming.why(st.rules, why), amount=zl(a)) for a, why in claims))
    return msg("bp.do.claim", total=zl(total), claims=each)


# --- answers to offers, and their reasons ---------------------------------------------------

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
"""What each figure of a reason is, so that it is typed the one way (``reason_message``): a firm
by its name, a seat as a seat, złoty as an amount; ``money added`` is `` and 600 zł``, or nothing
for 0."""


def reason_message(r: Rules, key: str, facts: reasons.Facts) -> Message:
    """The reason ``key`` as a message (``bp.reason.…``), its figures ``facts`` typed as
    ``PARAMETERS`` says (the names of the rules ``r``)."""

    def typed(name: str, value: JSONValue) -> Param:
        kind = PARAMETERS[name]
        if kind == "firm":
            return naming.space(r, int(value))
        if kind == "seat":
            return Seat(int(value))
        if kind == "money":
            return zl(int(value))
        if kind == "money added":
            return msg("bp.reason.and", amount=zl(int(value))) if int(value) > 0 else ""
        if kind == "group":
            return naming.group(str(value))
        return int(value)

    return Message(f"bp.reason.{key}", {name: typed(name, value) for name, value in facts.items()})


def _bundle_message(r: Rules, give: int, payment: int) -> Param:
    """What the proposer of an exchange hands over with ``payment``: ``Kiosk „Ruchu” and 200 zł``,
    ``Kiosk „Ruchu” with 300 zł back``."""
    if payment > 0:
        return msg("bp.bundle.adding", firm=naming.space(r, give), amount=zl(payment))
    if payment < 0:
        return msg("bp.bundle.back", firm=naming.space(r, give), amount=zl(-payment))
    return naming.space(r, give)


def _asks_message(r: Rules, deal: Action, amount: int, seat: int) -> Message:
    """How a counter-offer of ``amount`` to ``deal`` by ``seat`` compares with it (``1,200 zł for
    Kiosk „Ruchu” is less than the 1,800 zł seat 2 asks``): ``bp.asks.…``."""
    if isinstance(deal, OfferPurchase):
        return msg(
            "bp.asks.purchase",
            price=zl(deal.price),
            firm=naming.space(r, deal.space),
            amount=zl(amount),
            seat=Seat(seat),
        )
    if isinstance(deal, OfferSale):
        return msg(
            "bp.asks.sale", price=zl(deal.price), firm=naming.space(r, deal.space), amount=zl(amount), seat=Seat(seat)
        )
    assert isinstance(deal, OfferExchange)
    asked, offered = _bundle_message(r, deal.give, amount), _bundle_message(r, deal.give, deal.payment)
    return msg("bp.asks.exchange", take=naming.space(r, deal.take), seat=Seat(seat), asked=asked, offered=offered)


def said(st: BiznesState, seat: int, action: Action, countering: bool) -> Said:
    """The answer ``action`` of ``seat`` to the deal pending (the offer, or the counter-offer
    handed back, when ``countering``), as the table hears it, read before it is carried out:
    ``Seat 2 declines: 1,200 zł for Kiosk „Ruchu” is less than the 1,800 zł seat 2 asks: Kiosk
    „Ruchu” would complete seat 1's violet group.`` The figures are taken now; the words are put
    together when first read (``said_message``), which most answers of a simulated game never are."""
    deal, by = (st.counter if countering else st.offer), st.proposer
    assert deal is not None
    key = action.reason if isinstance(action, (RejectBecause, Counter)) else ""
    figures: tuple[tuple[str, JSONValue], ...] = ()
    if key:
        facts = reasons.figures(st, key, reasons.side_of(st, deal, by, seat))
        if facts is not None:
            figures = tuple(facts.items())
    to = by if not countering else trade.counterpart(st, deal)
    words = partial(said_message, st.rules, seat, action, deal, to if countering else None, figures)
    return Said(seat, to, action.kind, key, figures, words)


def said_message(
    r: Rules, seat: int, action: Action, deal: Action, other: int | None, figures: tuple[tuple[str, JSONValue], ...]
) -> Message:
    """The words of ``said``: the answer ``action`` of ``seat`` to ``deal``, with the reason's
    ``figures`` as the answer found them; ``other`` is the seat that countered when the answer is
    to a counter-offer (``None``: to the offer)."""
    key = action.reason if isinstance(action, (RejectBecause, Counter)) else ""
    facts = dict(figures)
    told: dict[str, Param] = {"seat": Seat(seat)}
    counter = "_counter" if other is not None else ""
    if other is not None:
        told["other"] = Seat(other)
    if key:
        told["because"] = reason_message(r, key, facts)
    if isinstance(action, Accept):
        return msg(f"bp.say.accepts{counter}", **told)
    if isinstance(action, Reject):
        return msg(f"bp.say.rejects{counter}", **told)
    if isinstance(action, RejectBecause):
        return msg(f"bp.say.declines{counter}", **told)
    assert isinstance(action, Counter)
    told["asks"] = _asks_message(r, deal, action.amount, seat)
    if key in ("too-cheap", "too-dear") and facts.get("cost") == action.amount:
        # The price asked is what the firm cost to found: said once, not as a second clause
        # repeating both figures.
        told["firm"] = naming.space(r, int(facts["firm"]))
        return msg("bp.say.counters_at_cost", **told)
    if key != reasons.NEUTRAL:
        return msg("bp.say.counters", **told)
    return msg("bp.say.counters_plain", **told)


def _answer(st: BiznesState, action: Action) -> Text:
    """A player's reading of an answer it may give (``reject seat 1's offer to buy ...``)."""
    deal, by = trade.judged(st)
    verb = {"accept": "accept", "reject": "reject", "reject-because": "reject", "counter": "counter"}[action.kind]
    if deal is None:
        return msg("bp.do.answer_none", verb=verb)
    if st.phase == COUNTER:
        what = msg(
            "bp.what.counter", seat=Seat(trade.counterpart(st, deal)), terms=trade.told_terms(st, deal, to_whom=False)
        )
    else:
        # Only the seat the offer is made to answers it: its reading leaves that seat out.
        what = msg("bp.what.offer", seat=Seat(by), terms=trade.told_terms(st, deal, to_whom=False))
    if isinstance(action, (RejectBecause, Counter)):
        # The reason with its figures where it holds; else what it means.
        seat = st.proposer if st.phase == COUNTER else trade.counterpart(st, deal)
        facts = reasons.figures(st, action.reason, reasons.side_of(st, deal, by, seat))
        because: Param
        if facts is not None:
            because = reason_message(st.rules, action.reason, facts)
        elif action.reason in reasons.REASONS:
            because = msg(f"bp.reason_line.{action.reason}")
        else:
            because = action.reason
        if isinstance(action, RejectBecause):
            return msg("bp.do.answer_because", verb=verb, what=what, because=because)
        terms = trade.told_terms(st, trade.countered(deal, action.amount))
        return msg("bp.do.counter", seat=Seat(by), terms=terms, because=because)
    return msg("bp.do.answer", verb=verb, what=what)
