"""The choices of a Biznes po polsku decision worth trying beside the bot's own, best first: what
the searching level (``hard``, ``GameSpec.search``) compares before it chooses.

Every decision of the game but the roll is a choice between two or three things (found the firm
or pass, drive on or stop, take the profession, join, run, bid or pass, accept or decline), and
those are all tried; an answer declines saying why, with the bot's reason (a bare decline would
leave the one who offered without a word whenever the search departs from its bot). Before the
roll the legal moves are many and nearly all worthless to try: offers to other players at drawn
prices (a sale at 140 zł, a purchase at 11,380), mortgages and redemptions that undo one
another. So the candidates there are rolling, the investment that raises a fee most for its
price even below the cash the bot keeps back, and the bot's own best offers
(``bot_trade.offers``). Paying what is due (raising money), ending the turn and claiming an
income are left to the bot: their choices change little but the order of sales.

Watching the search choose among the legal moves drawn at random (docs/agents.md, "Strength")
showed it departing from its bot in 104 of 236 decisions of a 4-seat game, mostly by offers and
mortgages whose scores differed from rolling by less than the noise of so short a search.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.biznes_po_polsku import bankruptcy, board, bot_trade, firms, trade
from tycoon.games.biznes_po_polsku.actions import ACCEPT, INVESTS, PASS, REJECT, ROLL, Bid, RejectBecause
from tycoon.games.biznes_po_polsku.phases import (
    ANSWER,
    AUCTION,
    BUY,
    CAR,
    COUNTER,
    JOB,
    OFFICE_CHOICE,
    PARTY,
    TURN,
)
from tycoon.games.biznes_po_polsku.players import Player
from tycoon.games.biznes_po_polsku.reasons import side_of
from tycoon.games.biznes_po_polsku.state import BiznesState

OFFERS = 2
"""The bot's best offers tried before the roll."""


def candidates(state: State, seat: int) -> list[Action]:
    """The choices of ``seat``'s pending decision worth searching (see the module's docstring);
    none when the bot's choice should be taken at once."""
    assert isinstance(state, BiznesState)
    if seat != state.pending:
        return []
    p = state.players[seat]
    if p.bankrupt or p.claims:
        return []
    phase = state.phase
    if phase == TURN:
        return _before_roll(state, p)
    if phase == CAR:
        return board.car_choices(state, p)
    if phase == BUY:
        return board.buy_choices(state, p)
    if phase == JOB:
        return board.job_choices(state, p)
    if phase == PARTY:
        return board.party_choices(state, p)
    if phase == OFFICE_CHOICE:
        return board.office_choices(state, p)
    if phase == AUCTION:
        return _bids(state, p)
    if phase in (ANSWER, COUNTER):
        return [ACCEPT, _declining(state, seat)]
    return []


def _before_roll(st: BiznesState, p: Player) -> list[Action]:
    """Rolling, the best investment the cash pays for, and the bot's best offers."""
    out: list[Action] = [ROLL]
    best: tuple[float, int] | None = None
    for n in st.firms_of(p.seat):
        space = st.rules.board[n - 1]
        if not firms.can_invest(st, p, n):
            continue
        gain = (space.fees[st.level[n] + 1] - firms.fee(st, n)) / space.investment
        if best is None or gain > best[0]:
            best = (gain, n)
    if best is not None:
        out.append(INVESTS[best[1]])
    if st.offers_made < st.rules.offers_per_turn:
        out += [offer for _, offer in bot_trade.offers(st, p.seat)[:OFFERS]]
    return out


def _bids(st: BiznesState, p: Player) -> list[Action]:
    """Passing, and the lowest bid allowed when ``p`` can pay it."""
    lowest = bankruptcy.bidding(st).lowest()
    out: list[Action] = [PASS]
    if lowest <= p.cash:
        out.append(Bid(lowest))
    return out


def _declining(st: BiznesState, seat: int) -> Action:
    """Declining the offer or counter-offer made to ``seat``, with the reason its bot would give
    (``BiznesBot.answer``); a bare decline when no deal is pending."""
    deal, proposer = trade.judged(st)
    if deal is None:
        return REJECT
    return RejectBecause(bot_trade.reason(st, side_of(st, deal, proposer, seat)))
