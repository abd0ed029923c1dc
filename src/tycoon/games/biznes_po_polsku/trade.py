"""Trades between players: selling, buying and exchanging firms without investments.

Rulebook, "Mortgage": "Players may sell to each other the firms they have bought, but without
their investment elements. The price is agreed between the players. Players may also exchange
firms with each other, adding a payment or not. Negotiations ... may take place only before the
move of one of them ... A firm that has been mortgaged may also be sold (for any price); the
buyer is then obliged to redeem the mortgaged firm from the BANK. A transaction between
players ... may take place only when it is the turn of the player wishing to carry it out."

So the player whose turn it is may, before rolling, offer a trade to another player, who
accepts or rejects it; both the offer and the answer are actions in the record. An offer names
any price the buyer can pay, an exchange any payment the side adding it can pay (multiples of
the smallest banknote, 10 zł); the buyer of a mortgaged firm redeems it at once, so each side
must be able to pay its part and the redemption. A firm can be traded only while its colour
group has no investments. At most ``offers_per_turn`` (3) offers before one roll, so every game
ends. The offers a player may make are action families (``families``), not lists:
docs/decisions/0017-biznes-po-polsku-layers-and-families.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, IntRange
from tycoon.games.biznes_po_polsku.actions import Accept, OfferExchange, OfferPurchase, OfferSale, Reject
from tycoon.games.biznes_po_polsku.firms import is_firm
from tycoon.games.biznes_po_polsku.phases import ANSWER, BANK, TURN
from tycoon.games.biznes_po_polsku.players import Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

RULE = 'rulebook, "Mortgage": trades between players'

Offer = OfferSale | OfferPurchase | OfferExchange
OFFERS = (OfferSale, OfferPurchase, OfferExchange)


def tradeable(st: BiznesState, n: int) -> bool:
    """Whether firm ``n`` may change hands between players: its group has no investments."""
    level = st.level
    return not any(level[m] for m in st.rules.group_of[n])


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


_CHOICES: dict[tuple[tuple[int, ...], tuple[bool, ...]], Choice] = {}
"""Choices of firms already built, by the firms and whether each is mortgaged (they are
frozen, so every family may share them; the store is emptied when it grows large)."""


def _firms(st: BiznesState, spaces: list[int]) -> Choice:
    """A choice of firms, read by name (``Zakład fryzjerski (space 14)``), in the order given."""
    mortgaged = st.mortgaged
    key = (tuple(spaces), tuple([mortgaged[n] for n in spaces]))
    choice = _CHOICES.get(key)
    if choice is None:
        if len(_CHOICES) > 4096:
            _CHOICES.clear()
        board = st.rules.board
        labels = tuple(
            f"{board[n - 1].name} (space {n}{', mortgaged' if m else ''})" for n, m in zip(*key, strict=True)
        )
        choice = _CHOICES[key] = Choice(key[0], labels)
    return choice


SALE_PROMPTS = ("which firm?", "to whom?", "for how many złoty?")
PURCHASE_PROMPTS = ("which firm?", "for how many złoty?")
EXCHANGE_PROMPTS = ("which firm of yours?", "for which firm?", "adding how many złoty (negative: asking for them)?")


def families(st: BiznesState, p: Player) -> list[ActionFamily]:
    """The offers ``p`` may make now, before the roll of their turn: a sale, a purchase and an
    exchange, each a family whose price (or payment) runs up to what the paying side can pay.

    The choices are ordered so that their first values reach both ends of every range: firms
    cheapest to take over (no redemption) first, buyers and the firms of other players richest
    owner first. Where no order can do that for an exchange (the richest owner's firms all cost
    more to take over than another's), there is one exchange family per other player. A family
    is ``whole`` when no member is cut out by a redemption or a poorer player.
    """
    r = st.rules
    if st.offers_made >= r.offers_per_turn:
        return []
    step = r.smallest_note
    owner, level, mortgaged, redemptions = st.owner, st.level, st.mortgaged, r.redemptions
    players = st.players
    me = p.seat
    others = [q for q in players if q is not p and not q.bankrupt]
    if not others:
        return []
    board = r.board
    built = {board[n - 1].group for n in r.firms if level[n]}
    cost: dict[int, int] = {}
    for n in r.firms:
        if owner[n] != BANK and (not built or board[n - 1].group not in built):
            cost[n] = redemptions[n] if mortgaged[n] else 0
    mine = sorted((n for n in cost if owner[n] == me), key=lambda n: (cost[n], n))
    theirs = [n for n in cost if owner[n] != me]
    out: list[ActionFamily] = []
    if mine:
        richest = sorted(others, key=lambda q: -q.cash)
        buyers = [q for q in richest if q.cash - cost[mine[0]] >= step]
        if buyers:
            spaces = [n for n in mine if buyers[0].cash - cost[n] >= step]
            hi = _top(step, buyers[0].cash - cost[spaces[0]], step)
            out.append(
                ActionFamily(
                    OfferSale,
                    (_firms(st, spaces), Choice(tuple(q.seat for q in buyers)), IntRange(step, hi, step)),
                    "Offer a firm for sale",
                    SALE_PROMPTS,
                    whole=buyers[-1].cash - cost[spaces[-1]] >= hi,
                )
            )
    wanted = sorted((n for n in theirs if p.cash - cost[n] >= step), key=lambda n: (cost[n], n))
    if wanted:
        hi = _top(step, p.cash - cost[wanted[0]], step)
        out.append(
            ActionFamily(
                OfferPurchase,
                (_firms(st, wanted), IntRange(step, hi, step)),
                "Offer to buy a firm",
                PURCHASE_PROMPTS,
                whole=p.cash - cost[wanted[-1]] >= hi,
            )
        )
    if mine:
        takes = [n for n in theirs if p.cash >= cost[n] and players[owner[n]].cash >= cost[mine[0]]]
        takes.sort(key=lambda n: (-players[owner[n]].cash, cost[n], n))
        if takes and cost[takes[0]] == min(cost[n] for n in takes):
            family = _exchange(st, p, mine, takes, "Offer an exchange of firms")
            out += [family] if family is not None else []
        elif takes:
            for q in others:
                family = _exchange(
                    st, p, mine, [n for n in takes if owner[n] == q.seat], f"Offer seat {q.seat} an exchange"
                )
                out += [family] if family is not None else []
    return out


def _exchange(st: BiznesState, p: Player, mine: list[int], takes: list[int], label: str) -> ActionFamily | None:
    """The exchanges of one of ``mine`` (cheapest to take over first) for one of ``takes``
    (ordered so that the first has the richest owner and costs least to take over)."""
    if not takes:
        return None
    step = st.rules.smallest_note
    players, owner = st.players, st.owner
    cash = [players[owner[n]].cash for n in takes]
    gives = [n for n in mine if cash[0] >= redeem_cost(st, n)]
    give_cost = redeem_cost(st, gives[0])
    take_cost = [redeem_cost(st, n) for n in takes]
    hi = (p.cash - take_cost[0]) // step * step
    lo = -((cash[0] - give_cost) // step * step)
    whole = p.cash - max(take_cost) >= hi and min(cash) - redeem_cost(st, gives[-1]) >= -lo
    return ActionFamily(
        OfferExchange,
        (_firms(st, gives), _firms(st, takes), IntRange(lo, hi, step)),
        label,
        EXCHANGE_PROMPTS,
        whole=whole,
    )


def offer_problem(st: BiznesState, p: Player, offer: Action) -> str | None:
    """Why ``p`` may not make ``offer`` now, in a player's words, or ``None`` when it may."""
    r = st.rules
    if st.phase != TURN or st.pending != p.seat:
        return "offers are made before the roll of your own turn"
    if st.offers_made >= r.offers_per_turn:
        return f"at most {r.offers_per_turn} offers before a roll"
    step = r.smallest_note
    owner = st.owner
    if isinstance(offer, OfferSale):
        n, to, price = offer.space, offer.to, offer.price
        if not is_firm(st, n) or owner[n] != p.seat:
            return f"space {n} is not a firm of yours"
        if not tradeable(st, n):
            return f"{r.space(n).name}'s colour group has investments: firms are sold without them"
        if not 0 <= to < len(st.players) or to == p.seat or st.players[to].bankrupt:
            return f"seat {to} is no other player in the game"
        return _price_problem(price, st.players[to], redeem_cost(st, n), step, f"seat {to}")
    if isinstance(offer, OfferPurchase):
        n, price = offer.space, offer.price
        if not is_firm(st, n) or owner[n] in (p.seat, BANK):
            return f"space {n} is not another player's firm"
        if not tradeable(st, n):
            return f"{r.space(n).name}'s colour group has investments: firms are sold without them"
        return _price_problem(price, p, redeem_cost(st, n), step, "you")
    if isinstance(offer, OfferExchange):
        give, take, pay = offer.give, offer.take, offer.payment
        if not is_firm(st, give) or owner[give] != p.seat:
            return f"space {give} is not a firm of yours"
        if not is_firm(st, take) or owner[take] in (p.seat, BANK):
            return f"space {take} is not another player's firm"
        for n in (give, take):
            if not tradeable(st, n):
                return f"{r.space(n).name}'s colour group has investments: firms are exchanged without them"
        if pay % step:
            return f"a payment is a multiple of {step} zł (the smallest banknote), not {pay:,}"
        q = st.players[owner[take]]
        mine, theirs = max(pay, 0) + redeem_cost(st, take), max(-pay, 0) + redeem_cost(st, give)
        if p.cash < mine:
            return f"your part ({_part(pay, redeem_cost(st, take))}) is {mine:,} zł and you hold {p.cash:,}"
        if q.cash < theirs:
            return (
                f"seat {q.seat}'s part ({_part(-pay, redeem_cost(st, give))}) is {theirs:,} zł and seat "
                f"{q.seat} holds {q.cash:,}"
            )
        return None
    return f"{offer} is no offer"


def _price_problem(price: int, buyer: Player, redemption: int, step: int, who: str) -> str | None:
    if price < step or price % step:
        return f"a price is a multiple of {step} zł (the smallest banknote) from {step} zł, not {price:,}"
    if buyer.cash < price + redemption:
        extra = f" and the redemption, {redemption:,} zł," if redemption else ""
        holds = "hold" if who == "you" else "holds"
        return f"the price{extra} must be paid at once: {price + redemption:,} zł, and {who} {holds} {buyer.cash:,}"
    return None


def _part(payment: int, redemption: int) -> str:
    parts = [f"{payment:,} zł added"] if payment > 0 else []
    if redemption:
        parts.append(f"the redemption, {redemption:,} zł")
    return " and ".join(parts) or "nothing"


# --- making and answering an offer --------------------------------------------------------


def offer(st: BiznesState, p: Player, action: Action) -> None:
    """``p`` makes the offer ``action``; the other player's answer is pending next."""
    problem = offer_problem(st, p, action)
    if problem is not None:
        raise IllegalAction(f"{action} cannot be offered: {problem}", RULE)
    st.offers_made += 1
    st.offer = action
    st.proposer = p.seat
    other = counterpart(st, action)
    if st.log is not None:
        st.say(f"Seat {p.seat} offers seat {other}: {terms(st, action)}.")
    st.decide(ANSWER, other)


def terms(st: BiznesState, offer: Action) -> str:
    """What an offer says, as the narration tells it."""
    r = st.rules
    if isinstance(offer, OfferSale):
        return f"{r.space(offer.space).name} sold for {offer.price:,} zł"
    if isinstance(offer, OfferPurchase):
        return f"{r.space(offer.space).name} bought for {offer.price:,} zł"
    assert isinstance(offer, OfferExchange)
    text = f"{r.space(offer.give).name} exchanged for {r.space(offer.take).name}"
    if offer.payment > 0:
        text += f", adding {offer.payment:,} zł"
    elif offer.payment < 0:
        text += f", receiving {-offer.payment:,} zł"
    return text


def answer(st: BiznesState, q: Player, action: Action) -> None:
    """``q``, to whom the pending offer is made, accepts or rejects it."""
    if not isinstance(action, (Accept, Reject)):
        raise IllegalAction(f"{action} is not possible now: accept or reject the offer", RULE)
    deal = st.offer
    assert deal is not None
    p = st.players[st.proposer]
    if isinstance(action, Accept):
        if st.log is not None:
            st.say(f"Seat {q.seat} accepts.")
        if isinstance(deal, OfferSale):
            _hand_over(st, p, q, deal.space, deal.price)
        elif isinstance(deal, OfferPurchase):
            _hand_over(st, q, p, deal.space, deal.price)
        else:
            assert isinstance(deal, OfferExchange)
            if deal.payment > 0:
                st.transfer(p, q, deal.payment, "the exchange")
            elif deal.payment < 0:
                st.transfer(q, p, -deal.payment, "the exchange")
            _hand_over(st, p, q, deal.give, 0)
            _hand_over(st, q, p, deal.take, 0)
    else:
        if st.log is not None:
            st.say(f"Seat {q.seat} rejects.")
    st.offer = None
    st.proposer = BANK
    st.decide(TURN, p.seat)


def _hand_over(st: BiznesState, seller: Player, buyer: Player, n: int, price: int) -> None:
    space = st.rules.space(n)
    if price:
        st.transfer(buyer, seller, price, space.name)
    st.owner[n] = buyer.seat
    if st.log is not None:
        st.say(f"{space.name} passes to seat {buyer.seat}.")
    if st.mortgaged[n]:
        # "the buyer is then obliged to redeem the mortgaged firm from the BANK".
        st.mortgaged[n] = False
        st.pay(buyer, st.rules.redemption(n), f"redeeming {space.name}")
