"""Trades between players: selling, buying and exchanging firms without investments.

Rulebook, "Mortgage": "Players may sell to each other the firms they have bought, but without
their investment elements. The price is agreed between the players. Players may also exchange
firms with each other, adding a payment or not. Negotiations ... may take place only before the
move of one of them ... A firm that has been mortgaged may also be sold (for any price); the
buyer is then obliged to redeem the mortgaged firm from the BANK. A transaction between
players ... may take place only when it is the turn of the player wishing to carry it out."

So the player whose turn it is may, before rolling, offer a trade to another player, who
accepts it, rejects it (saying why, or not), or hands back the same deal at other money terms,
which the proposer accepts or rejects (a counter-offer, not countered again and costing no
offer: the price "agreed between the players" is bargained over, designed here in
docs/decisions/0032-bots-that-negotiate.md); the offer and every answer are actions in the
record. An offer names any price the buyer can pay, an exchange any payment the side adding it
can pay (multiples of the smallest banknote, 10 zł); the buyer of a mortgaged firm redeems it at
once, so each side must be able to pay its part and the redemption. A firm can be traded only
while its colour group has no investments. At most ``offers_per_turn`` (3) offers before one
roll, so every game ends. The offers a player may make are action families (``families``), not
lists: docs/decisions/0017-biznes-po-polsku-layers-and-families.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING

from tycoon.core.actions import Action, JSONValue
from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.families import ActionFamily, Choice, Domain, IntRange, narrow_by_bounds
from tycoon.core.messages import Message, Param, Seat, Term, msg
from tycoon.games.biznes_po_polsku import naming, reasons
from tycoon.games.biznes_po_polsku.actions import (
    Accept,
    Counter,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Reject,
    RejectBecause,
)
from tycoon.games.biznes_po_polsku.data import rules
from tycoon.games.biznes_po_polsku.firms import is_firm, tradeable
from tycoon.games.biznes_po_polsku.phases import ANSWER, BANK, COUNTER, TURN
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.reasons import REASONS
from tycoon.games.biznes_po_polsku.state import SPACE_SHIFT, firm_of

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.data import Space
    from tycoon.games.biznes_po_polsku.flow import BiznesPlay
    from tycoon.games.biznes_po_polsku.state import BiznesState, Filed, Said

RULE = msg("bp.no.rule.trade")

Offer = OfferSale | OfferPurchase | OfferExchange
OFFERS = (OfferSale, OfferPurchase, OfferExchange)


def redeem_cost(st: BiznesState, n: int) -> int:
    """What the new owner of firm ``n`` must pay the bank at once: its redemption if mortgaged."""
    return st.rules.redemptions[n] if st.mortgaged[n] else 0


def counterpart(st: BiznesState, offer: Action) -> int:
    """The seat an offer is made to: the buyer of a sale, the owner of the firm wanted."""
    if isinstance(offer, OfferSale):
        return offer.to
    if isinstance(offer, OfferPurchase):
        return st.owner[offer.space]
    assert isinstance(offer, OfferExchange)
    return st.owner[offer.take]


# --- what may be offered: the families -----------------------------------------------------


def _top(lo: int, cap: int, step: int) -> int:
    """The largest ``lo + k·step`` not above ``cap`` (``cap`` ≥ ``lo``)."""
    return lo + (cap - lo) // step * step


def _label(board: tuple[Space, ...], code: int) -> Message:
    """The firm of ``code`` (``state.firm_code``) as a form lists it: ``Zakład fryzjerski
    (hairdresser's salon) — space 14, mortgaged, owned by seat 2`` (``bp.fam.firm_mortgaged``).
    A form may list the firms of several players (an offer to buy, an exchange): each says whose
    it is (a seat, which a front end names)."""
    number, owner, mortgaged = firm_of(code)
    space = board[number - 1]  # the track from START, space 1
    # The shipped board's space by its catalogue words, a board of one's own's by its own name.
    name: Param = Term(f"bp.space.{number}") if space == rules().space(number) else space.name
    return msg("bp.fam.firm_mortgaged" if mortgaged else "bp.fam.firm", firm=name, n=space.number, owner=Seat(owner))


class _Kept:
    """What the offers' families of one track share between decisions: its choices of firms by
    their codes, and each firm's label by its code."""

    __slots__ = ("board", "choices", "labels")

    def __init__(self, board: tuple[Space, ...]) -> None:
        self.board = board
        self.choices: dict[tuple[int, ...], Choice] = {}
        self.labels: dict[int, Message] = {}


_KEPT: dict[int, _Kept] = {}
"""Per track (by its identity, with the track): choices of firms already built, by the codes of
their firms in order (they are frozen, so every family may share them), and the firms' labels;
a track's choices are forgotten when they grow many."""


def _firm_choice(board: tuple[Space, ...], codes: tuple[int, ...]) -> Choice:
    """A choice of the firms ``codes`` (``state.firm_code``), read by name and owner (``Zakład
    fryzjerski (hairdresser's salon) — space 14, owned by seat 2``), in the order given."""
    kept = _KEPT.get(id(board))
    if kept is None or kept.board is not board:
        kept = _KEPT[id(board)] = _Kept(board)
    store = kept.choices
    choice = store.get(codes)
    if choice is None:
        if len(store) > 4096:
            store.clear()
        labels = kept.labels
        texts: list[Message] = []
        for code in codes:
            text = labels.get(code)
            if text is None:
                text = labels[code] = _label(board, code)
            texts.append(text)
        choice = store[codes] = Choice(tuple([code >> SPACE_SHIFT for code in codes]), tuple(texts))
    return choice


_SEATS: dict[tuple[int, ...], Choice] = {}
"""Choices of seats already built (a few per table)."""


def _seats(seats: tuple[int, ...]) -> Choice:
    """A choice of the seats given, in that order."""
    choice = _SEATS.get(seats)
    if choice is None:
        choice = _SEATS[seats] = Choice(seats)
    return choice


_WORDS: dict[str, Message] = {}
"""The messages ``_word`` made, by name."""


def _exchange_with(seat: int) -> Message:
    """The label of the exchanges offered to ``seat`` alone, made once a seat."""
    key = f"with {seat}"
    found = _WORDS.get(key)
    if found is None:
        found = _WORDS[key] = msg("bp.fam.exchange_with", seat=Seat(seat))
    return found


def _word(name: str) -> Message:
    """The family's word ``bp.fam.<name>`` (a label, a question), a message without parameters
    made once: the offers' families are built at every decision before a roll."""
    found = _WORDS.get(name)
    if found is None:
        found = _WORDS[name] = msg(f"bp.fam.{name}")
    return found


SALE_PROMPTS = (_word("which_firm"), _word("to_whom"), _word("for_how_much"))
PURCHASE_PROMPTS = (_word("which_firm"), _word("for_how_much"))
EXCHANGE_PROMPTS = (_word("which_own_firm"), _word("for_which_firm"), _word("adding"))
SALE, PURCHASE, EXCHANGE = _word("sale"), _word("purchase"), _word("exchange")
"""The offers' families' labels."""


def families(st: BiznesState, p: Player) -> list[ActionFamily]:
    """The offers ``p`` may make now, before the roll of their turn: a sale, a purchase and an
    exchange, each a family whose price (or payment) runs up to what the paying side can pay.

    The choices are ordered so that their first values reach both ends of every range: firms
    cheapest to take over (no redemption) first, buyers and the firms of other players richest
    owner first. Where no order can do that for an exchange (the richest owner's firms all cost
    more to take over than another's), there is one exchange family per other player. A family
    is ``whole`` when no member is cut out by a redemption or a poorer player.
    """
    return [make() for make in _offer_makers(st, p)]


def _offer_makers(st: BiznesState, p: Player) -> list[Callable[[], ActionFamily]]:
    """``families`` of ``p``, each as the call that builds it, in their order: what they are
    is settled here from each seat's firms that may change hands (``st.for_trade``, kept in
    order) and the players' cash, and their choices are built only when asked for, so that they
    can be counted without building them (``offer_makers``). The calls hold figures, never the
    state, and pickle with it (a table's state is pickled for a searching bot's process)."""
    r = st.rules
    if st.offers_made >= r.offers_per_turn:
        return []
    # Each seat's firms as (cost to take over, space, code), cheapest first (a bankrupt seat
    # owns none).
    filed = st.for_trade
    cash = p.cash
    mine = filed[p.seat]
    least = mine[0][0] if mine else 0
    # One pass over the other players (asked at every decision before a roll): they as (seat,
    # cash, firms that may change hands) in seat order, with the richest one's cash; those who
    # hold such firms, with the least any of them costs to take over; and the owners of a firm
    # one could take in exchange for one of one's own (each can pay the redemption of the
    # cheapest of one's own, and one can pay that of their cheapest), with the cash of the
    # richest of them, that one's cheapest firm and the cheapest of all of theirs.
    others: list[tuple[int, int, tuple[Filed, ...]]] = []
    held: list[tuple[int, int, tuple[Filed, ...]]] = []
    owners: list[tuple[int, int, tuple[Filed, ...]]] = []
    top = cheapest = richest = first = least_owned = 0
    for q in st.players:
        if q is p or q.bankrupt:
            continue
        their_cash, kept = q.cash, filed[q.seat]
        other = (q.seat, their_cash, kept)
        if not others or their_cash > top:
            top = their_cash
        others.append(other)
        if kept:
            cost = kept[0][0]
            if not held or cost < cheapest:
                cheapest = cost
            held.append(other)
            if mine and their_cash >= least and cash >= cost:
                if not owners or their_cash > richest:
                    richest, first = their_cash, cost
                elif their_cash == richest and cost < first:
                    first = cost
                if not owners or cost < least_owned:
                    least_owned = cost
                owners.append(other)
    if not others:
        return []
    step, board = r.smallest_note, r.board
    out: list[Callable[[], ActionFamily]] = []
    if mine and top - least >= step:
        out.append(partial(_sale, board, step, mine, others))
    if held and cash - cheapest >= step:
        out.append(partial(_purchase, board, step, cash, held))
    if owners:
        # One family when its first firm (the richest owner's cheapest) costs least to take
        # over of all: its first values then reach both ends of its range; else one for each.
        if first == least_owned:
            out.append(partial(_exchange, board, step, cash, mine, owners, EXCHANGE))
        else:
            for owner in owners:
                out.append(partial(_exchange, board, step, cash, mine, [owner], _exchange_with(owner[0])))
    return out


_CASH = itemgetter(1)
"""A buyer's cash, of (seat, cash)."""


def _sale(
    board: tuple[Space, ...], step: int, mine: Sequence[Filed], others: list[tuple[int, int, tuple[Filed, ...]]]
) -> ActionFamily:
    """The sales of one of ``mine`` ((cost, space, code), cheapest to take over first) to one of
    ``others`` ((seat, cash, firms)) who can pay for the cheapest, richest first."""
    cheapest = mine[0][0]
    # Loops, not comprehensions: a family is built at every other offer, and in this Python a
    # comprehension is a call of its own. Each seat's firms are kept cheapest first.
    buyers: list[tuple[int, int]] = []
    for seat, cash, _ in others:
        if cash - cheapest >= step:
            buyers.append((seat, cash))
    # Richest first: a stable sort keeps the seats' order among equals, reversed too.
    buyers.sort(key=_CASH, reverse=True)
    top = buyers[0][1]
    sold: list[int] = []
    dearest = cheapest
    for cost, _, code in mine:
        if top - cost < step:
            break
        sold.append(code)
        dearest = cost
    seats: list[int] = []
    for seat, _ in buyers:
        seats.append(seat)
    hi = _top(step, top - cheapest, step)
    return ActionFamily(
        OfferSale,
        (_firm_choice(board, tuple(sold)), _seats(tuple(seats)), IntRange(step, hi, step)),
        SALE,
        SALE_PROMPTS,
        whole=buyers[-1][1] - dearest >= hi,
    )


def _purchase(
    board: tuple[Space, ...], step: int, cash: int, held: list[tuple[int, int, tuple[Filed, ...]]]
) -> ActionFamily:
    """The purchases of a firm of one of the other players ``held`` ((seat, cash, firms as
    (cost, space, code))) that a player holding ``cash`` can pay for, cheapest to take over first."""
    wanted: list[Filed] = []
    for _, _, kept in held:
        for e in kept:  # cheapest first: the rest cost more
            if cash - e[0] < step:
                break
            wanted.append(e)
    wanted.sort()
    codes: list[int] = []
    for e in wanted:
        codes.append(e[2])
    hi = _top(step, cash - wanted[0][0], step)
    return ActionFamily(
        OfferPurchase,
        (_firm_choice(board, tuple(codes)), IntRange(step, hi, step)),
        PURCHASE,
        PURCHASE_PROMPTS,
        whole=cash - wanted[-1][0] >= hi,
    )


def offer_families(st: BiznesState, seat: int) -> list[ActionFamily]:
    """``families`` of ``seat``, whose turn it is, before the roll (the ``turn`` decision's)."""
    return [make() for make in _offer_makers(st, st.players[seat])]


def offer_makers(st: BiznesState, seat: int) -> list[Callable[[], ActionFamily]]:
    """``offer_families`` as the calls that build them, settled without building any (a random
    agent draws among its options by their number, and builds a family only when it draws one:
    more often than not it draws a kind of action instead)."""
    return _offer_makers(st, st.players[seat])


def _exchange(
    board: tuple[Space, ...],
    step: int,
    cash: int,
    mine: Sequence[Filed],
    owners: list[tuple[int, int, tuple[Filed, ...]]],
    label: Message,
) -> ActionFamily:
    """The exchanges of one of ``mine`` ((cost, space, code) triples, cheapest to take over
    first) for a firm of one of ``owners`` ((seat, cash, firms as ``mine``)), by a player holding
    ``cash``: the firms taken richest owner first, then cheapest to take over."""
    # (minus the owner's cash, the cost, the space, the code) of each firm one can take; each
    # seat's firms are kept cheapest first (loops, as in _sale).
    takes: list[tuple[int, int, int, int]] = []
    dearest_taken = 0
    for _, their_cash, kept in owners:
        for c, n, code in kept:
            if cash < c:
                break
            takes.append((-their_cash, c, n, code))
            if c > dearest_taken:
                dearest_taken = c
    takes.sort()
    richest, poorest = -takes[0][0], -takes[-1][0]
    gives: list[int] = []
    dearest_given = 0
    for cost, _, code in mine:
        if richest < cost:
            break
        gives.append(code)
        dearest_given = cost
    taken: list[int] = []
    for t in takes:
        taken.append(t[3])
    hi = (cash - takes[0][1]) // step * step
    lo = -((richest - mine[0][0]) // step * step)
    whole = cash - dearest_taken >= hi and poorest - dearest_given >= -lo
    return ActionFamily(
        OfferExchange,
        (_firm_choice(board, tuple(gives)), _firm_choice(board, tuple(taken)), IntRange(lo, hi, step)),
        label,
        EXCHANGE_PROMPTS,
        whole=whole,
    )


def offer_problem(st: BiznesState, p: Player, offer: Action) -> Message | None:
    """Why ``p`` may not make ``offer`` now, in a player's words (a message), or ``None`` when
    it may. It names what ``p`` may see: the other side's cash is public in this game."""
    r = st.rules
    if st.phase != TURN or st.pending != p.seat:
        return msg("bp.no.offer_before_roll")
    if st.offers_made >= r.offers_per_turn:
        return msg("bp.no.offers_per_turn", most=r.offers_per_turn)
    step = r.smallest_note
    owner = st.owner
    if isinstance(offer, OfferSale):
        n, to, price = offer.space, offer.to, offer.price
        if not is_firm(st, n) or owner[n] != p.seat:
            return msg("bp.no.not_your_firm", firm=naming.space(r, n))
        if not tradeable(st, n):
            return msg("bp.no.sold_without", firm=naming.space(r, n))
        if not 0 <= to < len(st.players) or to == p.seat or st.players[to].bankrupt:
            return msg("bp.no.no_other_player", seat=to)
        return _price_problem(price, st.players[to], redeem_cost(st, n), step, to)
    if isinstance(offer, OfferPurchase):
        n, price = offer.space, offer.price
        if not is_firm(st, n) or owner[n] in (p.seat, BANK):
            return msg("bp.no.not_their_firm", firm=naming.space(r, n))
        if not tradeable(st, n):
            return msg("bp.no.sold_without", firm=naming.space(r, n))
        return _price_problem(price, p, redeem_cost(st, n), step, None)
    if isinstance(offer, OfferExchange):
        give, take, pay = offer.give, offer.take, offer.payment
        if not is_firm(st, give) or owner[give] != p.seat:
            return msg("bp.no.not_your_firm", firm=naming.space(r, give))
        if not is_firm(st, take) or owner[take] in (p.seat, BANK):
            return msg("bp.no.not_their_firm", firm=naming.space(r, take))
        for n in (give, take):
            if not tradeable(st, n):
                return msg("bp.no.exchanged_without", firm=naming.space(r, n))
        if pay % step:
            return msg("bp.no.payment_step", step=naming.zl(step), payment=pay)
        q = st.players[owner[take]]
        mine, theirs = max(pay, 0) + redeem_cost(st, take), max(-pay, 0) + redeem_cost(st, give)
        if p.cash < mine:
            part = _part(pay, redeem_cost(st, take))
            return msg("bp.no.your_part", part=part, total=naming.zl(mine), cash=naming.zl(p.cash))
        if q.cash < theirs:
            part = _part(-pay, redeem_cost(st, give))
            total, cash = naming.zl(theirs), naming.zl(q.cash)
            return msg("bp.no.their_part", seat=Seat(q.seat), part=part, total=total, cash=cash)
        return None
    return msg("bp.no.no_offer", action=str(offer))


def _money_bounds(st: BiznesState, p: Player, offer: Action) -> tuple[int, int]:
    """The price or payment ``offer_problem`` allows ``offer`` (its firms and buyer as they
    are): from the smallest note up to what the buyer holds beyond the redemption; for an
    exchange, from what the other side can add down to what ``p`` can."""
    step = st.rules.smallest_note
    if isinstance(offer, OfferSale):
        return step, st.players[offer.to].cash - redeem_cost(st, offer.space)
    if isinstance(offer, OfferPurchase):
        return step, p.cash - redeem_cost(st, offer.space)
    assert isinstance(offer, OfferExchange)
    q = st.players[st.owner[offer.take]]
    return -(q.cash - redeem_cost(st, offer.give)), p.cash - redeem_cost(st, offer.take)


def narrow(st: BiznesPlay, p: Player, family: ActionFamily, prefix: list[JSONValue], seat: int | None) -> Domain:
    """``State.narrow`` for an offer family of ``p``: the price (or payment), its last field,
    runs as ``_money_bounds`` says for the firms and the buyer chosen."""
    cls = family.cls

    def bounds(values: list[JSONValue]) -> tuple[int, int]:
        return _money_bounds(st, p, cls(*values))

    return narrow_by_bounds(st, family, prefix, seat, money=len(family.domains) - 1, bounds=bounds)


def _price_problem(price: int, buyer: Player, redemption: int, step: int, other: int | None) -> Message | None:
    """Why ``price`` cannot be offered to ``buyer``: the seat ``other``, or the one offering
    (``None``)."""
    if price < step or price % step:
        return msg("bp.no.price_step", step=naming.zl(step), price=price)
    if buyer.cash < price + redemption:
        total, cash = naming.zl(price + redemption), naming.zl(buyer.cash)
        if other is None:
            return msg("bp.no.price_you", redemption=naming.zl(redemption), total=total, cash=cash)
        return msg("bp.no.price_them", redemption=naming.zl(redemption), total=total, seat=Seat(other), cash=cash)
    return None


def _part(payment: int, redemption: int) -> Message:
    """What one side of an exchange pays at once: the payment added, the redemption, or both."""
    if payment > 0 and redemption:
        return msg("bp.no.part_both", payment=naming.zl(payment), redemption=naming.zl(redemption))
    if payment > 0:
        return msg("bp.no.part_payment", payment=naming.zl(payment))
    if redemption:
        return msg("bp.no.part_redemption", redemption=naming.zl(redemption))
    return msg("bp.no.part_nothing")


# --- making and answering an offer --------------------------------------------------------


def check_offer(st: BiznesState, p: Player, action: Action) -> Refusal:
    """Why ``p`` may not make the offer ``action`` now (``offer_problem``, with the rule)."""
    problem = offer_problem(st, p, action)
    if problem is not None:
        return msg("bp.no.cannot_offer", action=str(action), problem=problem), RULE
    return ALLOWED


def offer(st: BiznesState, p: Player, action: Action) -> None:
    """``p`` makes the offer ``action`` (``check_offer`` has allowed it); the other player's
    answer is pending next."""
    st.offers_made += 1
    st.offer = action
    st.proposer = p.seat
    st.said = None
    other = counterpart(st, action)
    if st.log is not None:
        st.say(msg("bp.say.offers", seat=Seat(p.seat), terms=told_terms(st, action)))
    st.decide(ANSWER, other)


def told_terms(st: BiznesState, offer: Action, to_whom: bool = True) -> Message:
    """What an offer proposes, as the message after "offers" (``to buy Zakład fryzjerski from
    seat 1 for 1,600 zł``): ``bp.terms.…``. ``to_whom=False`` leaves out the seat it is made to,
    for that seat's own reading. A mortgaged firm says who redeems it."""
    r = st.rules

    def owner(n: int) -> int:
        return st.owner[n] if 1 <= n <= len(r.board) else BANK

    def note(n: int, who: str) -> Param:
        if n in r.firms and st.mortgaged[n]:
            return msg("bp.terms.mortgaged", firm=naming.space(r, n), who=who, amount=naming.zl(r.redemption(n)))
        return ""

    if isinstance(offer, OfferSale):
        told = {
            "firm": naming.space(r, offer.space),
            "price": naming.zl(offer.price),
            "note": note(offer.space, "buyer"),
        }
        if to_whom:
            return msg("bp.terms.sell_to", seat=Seat(offer.to), **told)
        return msg("bp.terms.sell", **told)
    if isinstance(offer, OfferPurchase):
        seller = owner(offer.space)
        told = {
            "firm": naming.space(r, offer.space),
            "price": naming.zl(offer.price),
            "note": note(offer.space, "buyer"),
        }
        if to_whom and seller != BANK:
            return msg("bp.terms.buy_from", seat=Seat(seller), **told)
        return msg("bp.terms.buy", **told)
    assert isinstance(offer, OfferExchange)
    other = owner(offer.take)
    payment: Param = ""
    if offer.payment > 0:
        payment = msg("bp.terms.adding", amount=naming.zl(offer.payment))
    elif offer.payment < 0:
        payment = msg("bp.terms.asking", amount=naming.zl(-offer.payment))
    told = {
        "give": naming.space(r, offer.give),
        "take": naming.space(r, offer.take),
        "payment": payment,
        "note": note(offer.give, "receiver"),
        "note_take": note(offer.take, "receiver"),
    }
    if to_whom and other != BANK:
        return msg("bp.terms.exchange_with", seat=Seat(other), **told)
    return msg("bp.terms.exchange", **told)


def counter_bounds(st: BiznesState) -> tuple[int, int] | None:
    """The money a counter-offer to the pending offer may name (the price, or the exchange's
    payment as the proposer adds it), lowest and highest, or ``None`` when there is none: always
    better for the player answering than the offer, and one the side paying can pay besides any
    redemption (so the proposer may accept every one)."""
    deal = st.offer
    if deal is None:
        return None
    step = st.rules.smallest_note
    p = st.players[st.proposer]
    if isinstance(deal, OfferPurchase):
        lo, hi = deal.price + step, p.cash - redeem_cost(st, deal.space)
    elif isinstance(deal, OfferSale):
        lo, hi = step, min(deal.price - step, st.players[deal.to].cash - redeem_cost(st, deal.space))
    else:
        assert isinstance(deal, OfferExchange)
        lo, hi = deal.payment + step, p.cash - redeem_cost(st, deal.take)
    hi = lo + (hi - lo) // step * step if hi >= lo else hi
    return (lo, hi) if lo <= hi else None


def countered(deal: Action, amount: int) -> Action:
    """``deal`` with ``amount`` as its price (a sale, a purchase) or payment (an exchange)."""
    if isinstance(deal, OfferSale):
        return OfferSale(deal.space, deal.to, amount)
    if isinstance(deal, OfferPurchase):
        return OfferPurchase(deal.space, amount)
    assert isinstance(deal, OfferExchange)
    return OfferExchange(deal.give, deal.take, amount)


def judged(st: BiznesState) -> tuple[Action | None, int]:
    """The deal the pending seat answers (the offer, or the counter-offer handed back: the same
    deal at other money terms) and the seat that proposed the offer."""
    return (st.counter if st.phase == COUNTER else st.offer), st.proposer


def answer_families(st: BiznesState, seat: int) -> list[ActionFamily]:
    """The answers with fields to the pending offer: a reason, or a counter-offer (the
    ``answer`` decision's); to a counter-offer, a reason only (the ``counter`` decision's)."""
    deal, by = judged(st)
    if deal is None:
        return []
    # Answering the offer, the deal judged is the offer itself: a refusal and a counter-offer
    # name the same reasons, found once.
    keys = _reasons(st, deal, by, seat)
    found = [_reasons_family(keys)]
    bounds = None if st.phase == COUNTER else counter_bounds(st)
    if bounds is not None:
        found.append(_counter_family(st, bounds, keys))
    return found


def answer_makers(st: BiznesState, seat: int) -> list[Callable[[], ActionFamily]]:
    """``answer_families`` as the calls that build them, settled without finding the reasons
    they name (a random agent that drew the reasons needs no counter-offer's range): the deal
    and the counter-offer's bounds found here are those the families are built with."""
    deal, by = judged(st)
    if deal is None:
        return []
    reasons_answered = partial(_reasons_answered, st, deal, by, seat)
    bounds = None if st.phase == COUNTER else counter_bounds(st)
    if bounds is None:
        return [reasons_answered]
    return [reasons_answered, partial(_counter_answered, st, deal, by, seat, bounds)]


def _reasons_answered(st: BiznesState, deal: Action, by: int, seat: int) -> ActionFamily:
    return _reasons_family(_reasons(st, deal, by, seat))


def _counter_answered(st: BiznesState, deal: Action, by: int, seat: int, bounds: tuple[int, int]) -> ActionFamily:
    return _counter_family(st, bounds, _reasons(st, deal, by, seat))


def _reasons(st: BiznesState, deal: Action, by: int, seat: int) -> tuple[str, ...]:
    """The keys of the reasons that apply to ``seat``'s part in ``deal``, offered by ``by``."""
    return tuple(reasons.applicable(st, reasons.side_of(st, deal, by, seat)))


_REASON_FAMILIES: dict[tuple[str, ...], ActionFamily] = {}
"""The ``reject-because`` family of each set of reasons, made once (at most one per subset of
the game's few reasons; families are frozen, so every answer may share them)."""


def _reasons_family(keys: tuple[str, ...]) -> ActionFamily:
    family = _REASON_FAMILIES.get(keys)
    if family is None:
        family = ActionFamily(
            RejectBecause, (REASONS.choice(keys),), _word("reject_because"), (_word("because"),), whole=True
        )
        _REASON_FAMILIES[keys] = family
    return family


def _counter_family(st: BiznesState, bounds: tuple[int, int], keys: tuple[str, ...]) -> ActionFamily:
    """``counter``: the money terms within ``bounds`` (``counter_bounds``), with the reasons ``keys``."""
    return ActionFamily(
        Counter,
        (IntRange(bounds[0], bounds[1], st.rules.smallest_note), REASONS.choice(keys)),
        _word("counter"),
        COUNTER_PROMPTS,
        whole=True,
    )


COUNTER_PROMPTS = (_word("counter_terms"), _word("because"))


def _reason_problem(st: BiznesState, seat: int, deal: Action, by: int, key: str) -> Message | None:
    if reasons.figures(st, key, reasons.side_of(st, deal, by, seat)) is not None:
        return None  # a reason of the game that applies
    problem = REASONS.problem(key)
    if problem is not None:
        return problem
    return msg("bp.no.reason_false", key=key, line=Term(f"bp.reason_line.{key}"))


def check_answer(st: BiznesState, seat: int, action: Action) -> Refusal:
    """Why ``action`` is no answer to the pending offer (for ``seat``, to whom it is made), or
    to the counter-offer handed back (for the proposer)."""
    deal, by = judged(st)
    if deal is None:
        return msg("bp.no.no_offer_to_answer"), RULE
    if isinstance(action, (Accept, Reject)):
        return ALLOWED
    if isinstance(action, RejectBecause):
        problem = _reason_problem(st, seat, deal, by, action.reason)
        return (msg("bp.no.not_possible", action=str(action), problem=problem), RULE) if problem else ALLOWED
    if isinstance(action, Counter):
        if st.phase == COUNTER:
            return msg("bp.no.counter_again", action=str(action)), RULE
        bounds = counter_bounds(st)
        step = st.rules.smallest_note
        if bounds is None:
            return msg("bp.no.no_better_terms", action=str(action)), RULE
        lo, hi = bounds
        if not lo <= action.amount <= hi or (action.amount - lo) % step:
            return msg("bp.no.counter_range", action=str(action), lo=lo, hi=naming.zl(hi), step=step), RULE
        problem = _reason_problem(st, seat, deal, by, action.reason)
        return (msg("bp.no.not_possible", action=str(action), problem=problem), RULE) if problem else ALLOWED
    what = msg("bp.phase.counter_plain") if st.phase == COUNTER else msg("bp.phase.answer_plain")
    return msg("bp.no.not_now", action=str(action), pending=what), RULE


def answer(st: BiznesState, q: Player, action: Action, said: Said) -> None:
    """``q``, to whom the pending offer is made, accepts, rejects or counters it
    (``check_answer`` has allowed it), as ``said`` tells it; the proposer's turn goes on, or the
    proposer answers the counter-offer."""
    deal = st.offer
    assert deal is not None
    p = st.players[st.proposer]
    st.said = said
    if st.log is not None:
        st.say(said.message)
    if isinstance(action, Accept):
        _carry_out(st, p, q, deal)
    elif isinstance(action, Counter):
        st.counter = countered(deal, action.amount)
        st.decide(COUNTER, p.seat)
        return
    st.offer = None
    st.proposer = BANK
    st.decide(TURN, p.seat)


def answer_counter(st: BiznesState, p: Player, action: Action, said: Said) -> None:
    """``p``, the proposer, accepts or rejects the counter-offer handed back (``check_answer``
    has allowed it), as ``said`` tells it; ``p``'s turn goes on."""
    deal = st.counter
    assert deal is not None
    st.said = said
    if st.log is not None:
        st.say(said.message)
    if isinstance(action, Accept):
        _carry_out(st, p, st.players[counterpart(st, deal)], deal)
    st.offer = None
    st.counter = None
    st.proposer = BANK
    st.decide(TURN, p.seat)


def _carry_out(st: BiznesState, p: Player, q: Player, deal: Action) -> None:
    """The trade ``deal``, offered by ``p`` to ``q``, is done."""
    if isinstance(deal, OfferSale):
        _hand_over(st, p, q, deal.space, deal.price)
    elif isinstance(deal, OfferPurchase):
        _hand_over(st, q, p, deal.space, deal.price)
    else:
        assert isinstance(deal, OfferExchange)
        if deal.payment > 0:
            st.transfer(p, q, deal.payment, "exchange")
        elif deal.payment < 0:
            st.transfer(q, p, -deal.payment, "exchange")
        _hand_over(st, p, q, deal.give, 0)
        _hand_over(st, q, p, deal.take, 0)


def _hand_over(st: BiznesState, seller: Player, buyer: Player, n: int, price: int) -> None:
    if price:
        st.transfer(buyer, seller, price, f"sale {n}")
    st.set_owner(n, buyer.seat)
    if st.log is not None:
        st.say(msg("bp.say.passes_to", firm=naming.space(st.rules, n), seat=Seat(buyer.seat)))
    if st.mortgaged[n]:
        # "the buyer is then obliged to redeem the mortgaged firm from the BANK".
        st.set_mortgaged(n, False)
        st.pay(buyer, st.rules.redemption(n), f"redeem {n}")
