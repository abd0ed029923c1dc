"""How the Biznes po polsku bots weigh a trade: what a deal is worth to each side, the money at
which it stops suiting a side, the counter-offer that suits both, the reason to give, and the
offers worth making.

Every figure is read from the public board (``bot_figures``), so a bot reckons the other side's
limit the way it reckons its own: it offers, and counters, at a price between the two limits,
leaving the other side ``THEIR_SHARE`` of what the deal gains the two of them. Nothing here
decides anything for a seat: ``bot.py`` does. See docs/decisions/0032-bots-that-negotiate.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.games.biznes_po_polsku import trade
from tycoon.games.biznes_po_polsku.actions import OfferExchange, OfferPurchase, OfferSale
from tycoon.games.biznes_po_polsku.bot_figures import acquire_value, denial, keep_value, reserve
from tycoon.games.biznes_po_polsku.firms import tradeable
from tycoon.games.biznes_po_polsku.phases import BANK
from tycoon.games.biznes_po_polsku.reasons import NEUTRAL, Side, applicable, side_of

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

THEIR_SHARE = 1 / 4
"""The share of a deal's gain to both sides that a bot leaves the other side when it names the
price: enough that the other side, reckoning as it does, takes it."""
LEAST_GAIN = 300
"""Złoty a deal must gain a bot, by its reckoning, before it proposes it."""

Judgement = Callable[[int], int]
"""How a bot sees a figure: as it is (the normal bot), or misjudged (a beginner)."""


def exact(value: int) -> int:
    return value


def worth(st: BiznesState, side: Side, judge: Judgement = exact) -> int:
    """What ``side``'s part in a deal is worth to its seat, money aside: what it gets (less its
    redemption), less what it gives and what the other side's gain costs it."""
    value = 0
    if side.gets:
        value += judge(acquire_value(st, side.seat, side.gets)) - trade.redeem_cost(st, side.gets)
    if side.gives:
        value -= judge(keep_value(st, side.seat, side.gives) + denial(st, side.other, side.gives))
    return value


def cap(st: BiznesState, side: Side, judge: Judgement = exact) -> int:
    """The most ``side`` will pay in the deal (negative: the least it must receive): no more than
    the deal is worth to it, and keeping half its cash reserve in hand."""
    redeem = trade.redeem_cost(st, side.gets) if side.gets else 0
    cash = st.players[side.seat].cash - redeem - reserve(st, st.players[side.seat]) // 2
    return min(worth(st, side, judge), cash)


def sign(deal: Action, proposer: bool) -> int:
    """+1 when the deal's money (its price or payment) is paid by the side named (the proposer,
    or the other player), -1 when it is received."""
    pays = not isinstance(deal, OfferSale)
    return 1 if pays == proposer else -1


def gain(st: BiznesState, deal: Action, seat: int, judge: Judgement = exact) -> int:
    """What ``deal``, proposed by ``seat``, gains it by its reckoning, money included."""
    side = side_of(st, deal, seat, seat)
    return worth(st, side, judge) - side.pays


def suits(st: BiznesState, deal: Action, proposer: int, seat: int, judge: Judgement = exact) -> bool:
    """Whether ``deal``, offered by ``proposer``, suits ``seat`` (either side) at its money."""
    side = side_of(st, deal, proposer, seat)
    return side.pays <= cap(st, side, judge)


def meeting(st: BiznesState, deal: Action, proposer: int, seat: int, judge: Judgement = exact) -> int | None:
    """The money at which ``deal`` (offered by ``proposer``) suits both sides, leaving the side
    other than ``seat`` ``THEIR_SHARE`` of the gain, in multiples of the smallest note; ``None``
    when no money suits both."""
    mine = side_of(st, deal, proposer, seat)
    theirs = side_of(st, deal, proposer, mine.other)
    s = sign(deal, seat == proposer)
    # seat pays s·m, the other side -s·m: seat wants s·m ≤ my_cap, the other -s·m ≤ their_cap.
    mine_cap, their_cap = cap(st, mine, judge), cap(st, theirs, exact)
    if mine_cap + their_cap < 0:
        return None
    # In seat's payments: from -their_cap (the other side gains nothing) to mine_cap.
    paid = -their_cap + (mine_cap + their_cap) * THEIR_SHARE
    step = st.rules.smallest_note
    paid_steps = -((-int(paid)) // step) * step  # rounded up: the other side's share kept
    if paid_steps > mine_cap:
        return None
    return s * paid_steps


def asking(st: BiznesState, deal: Action, proposer: int, seat: int, judge: Judgement = exact) -> int | None:
    """``seat``'s own limit for ``deal`` (offered by ``proposer``): the money at which it just
    suits ``seat``, in multiples of the smallest note, its way; ``None`` when the offer is far
    from it (further than the founding costs of the firms at stake): not worth a counter-offer."""
    mine = side_of(st, deal, proposer, seat)
    s = sign(deal, seat == proposer)
    step = st.rules.smallest_note
    limit = cap(st, mine, judge) // step * step  # what seat pays at most, rounded down
    r = st.rules
    stake = sum(r.space(n).cost for n in (mine.gives, mine.gets) if n)
    if abs(limit - mine.pays) > stake:
        return None
    return s * limit


def reason(st: BiznesState, side: Side, judge: Judgement = exact) -> str:
    """The reason ``side`` gives for declining (a key of ``reasons.REASONS`` that holds): what
    weighs most in its reckoning. When its cash is what stops it, it says so; else what the firms
    are worth to it: a group the other side completes, a group of its own broken, a firm of no
    use, then the price against the founding cost."""
    keys = applicable(st, side)
    p = st.players[side.seat]
    redeem = trade.redeem_cost(st, side.gets) if side.gets else 0
    if "short-of-cash" in keys and p.cash - redeem - reserve(st, p) // 2 < worth(st, side, judge):
        return "short-of-cash"
    if "completes-group" in keys and denial(st, side.other, side.gives):
        return "completes-group"
    gives = side.gives
    if "breaks-group" in keys and keep_value(st, side.seat, gives) > st.rules.space(gives).cost:
        return "breaks-group"
    for key in ("no-use", "mortgaged", "uneven", "too-cheap", "too-dear"):
        if key in keys:
            return key
    return NEUTRAL


def _useful(st: BiznesState, seat: int, n: int) -> bool:
    """Whether ``seat`` holds another firm of ``n``'s colour group."""
    owner = st.owner
    for m in st.rules.group_of[n]:  # noqa: SIM110 (a loop: all()/any() of a generator costs twice as much, on a hot path of the bots)
        if m != n and owner[m] == seat:
            return True
    return False


def offers(st: BiznesState, seat: int, judge: Judgement = exact) -> list[tuple[int, Action]]:
    """The trades worth proposing for ``seat``, each with what it gains ``seat`` by its
    reckoning, best first: buying another player's firm of a group it has begun, selling one of
    its firms to a player who has begun its group, exchanging one for the other; each at the
    money where it suits both (``meeting``), and gaining at least ``LEAST_GAIN``."""
    owner = st.owner
    players = st.players
    mine = [n for n in st.firms_of(seat) if tradeable(st, n)]
    theirs = [n for n in st.rules.firms if owner[n] not in (seat, BANK) and tradeable(st, n)]
    theirs = [n for n in theirs if not players[owner[n]].bankrupt]
    wanted = [n for n in theirs if _useful(st, seat, n)]
    found: list[tuple[int, Action]] = []

    def consider(deal: Action, amount: int | None) -> None:
        if amount is None:
            return
        made = trade.countered(deal, amount)
        if trade.offer_problem(st, players[seat], made) is not None:
            return
        gained = gain(st, made, seat, judge)
        if gained >= LEAST_GAIN:
            found.append((gained, made))

    for n in wanted:
        deal = OfferPurchase(n, 0)
        consider(deal, meeting(st, deal, seat, seat, judge))
    for n in mine:
        for q in players:
            if q.seat != seat and not q.bankrupt and _useful(st, q.seat, n):
                sale = OfferSale(n, q.seat, 0)
                consider(sale, meeting(st, sale, seat, seat, judge))
    for take in wanted:
        other = owner[take]
        for give in mine:
            if give in st.rules.group_of[take] or not (_useful(st, other, give) or not _useful(st, seat, give)):
                continue
            exchange = OfferExchange(give, take, 0)
            consider(exchange, meeting(st, exchange, seat, seat, judge))
    found.sort(key=lambda item: -item[0])
    return found
