"""Trades between players: selling, buying and exchanging firms without investments.

Rulebook, "Mortgage": "Players may sell to each other the firms they have bought, but without
their investment elements. The price is agreed between the players. Players may also exchange
firms with each other, adding a payment or not. Negotiations ... may take place only before the
move of one of them ... A firm that has been mortgaged may also be sold (for any price); the
buyer is then obliged to redeem the mortgaged firm from the BANK. A transaction between
players ... may take place only when it is the turn of the player wishing to carry it out."

So the player whose turn it is may, before rolling, offer a trade to another player, who
accepts or rejects it; both the offer and the answer are actions in the record. Designed here:

- an offer names one of a few prices, a percentage of the firm's founding cost
  (rules.toml ``price_percents``: 50, 100, 150, 200%); an exchange is even, or the player
  whose firm is cheaper adds the difference of the founding costs, or the other way round;
- a firm can be traded only while its colour group has no investments;
- the buyer of a mortgaged firm redeems it at once (mortgage value plus 10%), so an offer is
  made only when both sides can pay their part;
- at most ``offers_per_turn`` (3) offers before one roll, so every game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction
from tycoon.games.biznes_po_polsku import firms
from tycoon.games.biznes_po_polsku.actions import Accept, OfferExchange, OfferPurchase, OfferSale, Reject
from tycoon.games.biznes_po_polsku.players import Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

RULE = 'rulebook, "Mortgage": trades between players'


def prices(st: BiznesState, n: int) -> list[int]:
    """The prices an offer for firm ``n`` may name."""
    cost = st.rules.space(n).cost
    return [cost * pc // 100 for pc in st.rules.price_percents]


def payments(st: BiznesState, give: int, take: int) -> list[int]:
    """The payments an exchange of ``give`` for ``take`` may add (positive: the proposer pays)."""
    d = abs(st.rules.space(give).cost - st.rules.space(take).cost)
    return [0, d, -d] if d else [0]


def tradeable(st: BiznesState, n: int) -> bool:
    return not firms.group_built(st, n)


def _redeem(st: BiznesState, n: int) -> int:
    return st.rules.redemption(n) if st.mortgaged[n] else 0


def _deals(st: BiznesState, p: Player) -> list[Action]:
    r = st.rules
    mine = [n for n in r.firms if st.owner[n] == p.seat and tradeable(st, n)]
    theirs = [n for n in r.firms if st.owner[n] not in (p.seat, -1) and tradeable(st, n)]
    others = [q for q in st.players if q is not p and not q.bankrupt]
    out: list[Action] = []
    for n in mine:
        for q in others:
            out += [OfferSale(n, q.seat, x) for x in prices(st, n) if q.cash >= x + _redeem(st, n)]
    for n in theirs:
        out += [OfferPurchase(n, x) for x in prices(st, n) if p.cash >= x + _redeem(st, n)]
    for give in mine:
        for take in theirs:
            q = st.players[st.owner[take]]
            for pay in payments(st, give, take):
                if p.cash >= max(pay, 0) + _redeem(st, take) and q.cash >= max(-pay, 0) + _redeem(st, give):
                    out.append(OfferExchange(give, take, pay))
    return out


def _allowed(st: BiznesState, p: Player, action: Action) -> bool:
    """Whether ``_deals`` lists ``action``, checked directly."""
    r = st.rules
    if isinstance(action, OfferSale):
        n, to = action.space, action.to
        if n not in r.firms or st.owner[n] != p.seat or not tradeable(st, n):
            return False
        if not 0 <= to < len(st.players) or to == p.seat or st.players[to].bankrupt:
            return False
        return action.price in prices(st, n) and st.players[to].cash >= action.price + _redeem(st, n)
    if isinstance(action, OfferPurchase):
        n = action.space
        if n not in r.firms or st.owner[n] in (p.seat, -1) or not tradeable(st, n):
            return False
        return action.price in prices(st, n) and p.cash >= action.price + _redeem(st, n)
    if isinstance(action, OfferExchange):
        give, take = action.give, action.take
        if give not in r.firms or take not in r.firms or st.owner[give] != p.seat:
            return False
        if st.owner[take] in (p.seat, -1) or not tradeable(st, give) or not tradeable(st, take):
            return False
        q = st.players[st.owner[take]]
        pay = action.payment
        return (
            pay in payments(st, give, take)
            and p.cash >= max(pay, 0) + _redeem(st, take)
            and q.cash >= max(-pay, 0) + _redeem(st, give)
        )
    return False


def legal_offers(st: BiznesState, p: Player) -> list[Action]:
    if st.offers_made >= st.rules.offers_per_turn:
        return []
    return _deals(st, p)


def legal_answers() -> list[Action]:
    return [Accept(), Reject()]


def offer(st: BiznesState, p: Player, action: Action) -> None:
    from tycoon.games.biznes_po_polsku import state as S

    if st.offers_made >= st.rules.offers_per_turn:
        raise IllegalAction(f"at most {st.rules.offers_per_turn} offers before a roll", RULE)
    if not _allowed(st, p, action):
        raise IllegalAction(
            f"{action} is not an offer you can make: firms without investments in their group, at "
            f"{', '.join(f'{pc}%' for pc in st.rules.price_percents)} of the founding cost, that both "
            "sides can pay (with the redemption of a mortgaged firm)",
            RULE,
        )
    st.offers_made += 1
    st.offer = action
    st.proposer = p.seat
    other = counterpart(st, action)
    st.say(f"Seat {p.seat} offers seat {other}: {describe(st, action)}.")
    st.decide(S.ANSWER, other)


def counterpart(st: BiznesState, action: Action) -> int:
    if isinstance(action, OfferSale):
        return action.to
    if isinstance(action, OfferPurchase):
        return st.owner[action.space]
    assert isinstance(action, OfferExchange)
    return st.owner[action.take]


def describe(st: BiznesState, action: Action) -> str:
    r = st.rules
    if isinstance(action, OfferSale):
        return f"{r.space(action.space).name} sold for {action.price:,} zł"
    if isinstance(action, OfferPurchase):
        return f"{r.space(action.space).name} bought for {action.price:,} zł"
    assert isinstance(action, OfferExchange)
    text = f"{r.space(action.give).name} exchanged for {r.space(action.take).name}"
    if action.payment > 0:
        text += f", adding {action.payment:,} zł"
    elif action.payment < 0:
        text += f", receiving {-action.payment:,} zł"
    return text


def answer(st: BiznesState, q: Player, action: Action) -> None:
    from tycoon.games.biznes_po_polsku import state as S

    if not isinstance(action, (Accept, Reject)):
        raise IllegalAction(f"{action} is not possible now: accept or reject the offer", RULE)
    deal = st.offer
    assert deal is not None
    p = st.players[st.proposer]
    if isinstance(action, Accept):
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
        st.say(f"Seat {q.seat} rejects.")
    st.offer = None
    st.proposer = S.BANK
    st.decide(S.TURN, p.seat)


def _hand_over(st: BiznesState, seller: Player, buyer: Player, n: int, price: int) -> None:
    space = st.rules.space(n)
    if price:
        st.transfer(buyer, seller, price, space.name)
    st.owner[n] = buyer.seat
    st.say(f"{space.name} passes to seat {buyer.seat}.")
    if st.mortgaged[n]:
        # "the buyer is then obliged to redeem the mortgaged firm from the BANK".
        st.mortgaged[n] = False
        st.pay(buyer, st.rules.redemption(n), f"redeeming {space.name}")
