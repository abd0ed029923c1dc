"""The moves of a Die Bosse turn worth trying beside the bot's choice, best first: what the
searching level (``hard``, ``GameSpec.search``) compares before it chooses.

The bot takes, one at a time, the purchase, transfer or rationalising move that raises its
estimate most (``bot.py``); a search does better to try its runners-up too, and ending the turn
there. Of the dozens of legal choices of a turn most are rationalising moves that undo one
another, so the candidates are: ending the turn, then every purchase and transfer the hand
can pay for, ranked by the bot's figures (``bot_figures``). A transfer counts what it takes
from the other player as a share of what it gives: in a game of two the other player's loss is
the bot's gain, in a game of ``n`` it is shared among ``n - 1`` rivals. Laying a company has
few choices, all of them candidates. Paying and giving up a card have none besides the bot's
(the search, which tries nothing else, ``Search(explore=False)``, takes its choice at once):
which card pays makes little difference a few turns on, and a search spent on it is a search
not spent on the turn (docs/decisions/0047-die-bosse-searches-its-turns.md).
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.die_bosse.actions import Buy, End, Transfer
from tycoon.games.die_bosse.bot_figures import MONEY, FiguresMemo, best_place_among
from tycoon.games.die_bosse.cards import representatives
from tycoon.games.die_bosse.data import TRANSFER
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.games.die_bosse.paying import budget
from tycoon.games.die_bosse.phases import PLACE, TURN

_MEMO = FiguresMemo()
"""The figures of the concerns met lately (a pure function of the concern)."""


def candidates(state: State, seat: int) -> list[Action]:
    """On ``seat``'s turn: ending it, then each purchase and transfer it can pay for, the one
    that raises the bot's estimate most first; laying a company: every concern it may go to;
    on the other decisions (paying, giving up a card), none."""
    assert isinstance(state, DieBosseState)
    if state.phase == PLACE:
        return state.legal_actions(seat)
    if state.phase != TURN:
        return []
    r = state.rules
    memo = _MEMO
    concerns = [memo.of(r, col).concern for col in state.columns[seat]]
    left = budget(state, seat)
    harm = 1 / (state.game.num_seats - 1)
    ranked: list[tuple[float, int, Action]] = []
    for card in state.row:
        price = r.prices[card]
        if price <= left:
            ranked.append((best_place_among(r, concerns, card)[1] - MONEY * price, len(ranked), Buy(card)))
    transfers = [c for c in representatives(r, state.hands[seat]) if r.action(c).kind == TRANSFER]
    for other, columns in enumerate(state.columns):
        if other == seat or not transfers:
            continue
        for col in columns:
            company = col[-1]
            price = r.prices[company]
            victim = memo.of(r, col)
            gain = best_place_among(r, concerns, company)[1] + harm * (victim.value - victim.without_last)
            for t in transfers:
                cost = price * r.action(t).halves // 2
                if cost <= left:
                    ranked.append((gain - MONEY * cost, len(ranked), Transfer(t, company)))
    ranked.sort(key=lambda item: (-item[0], item[1]))
    return [End(), *(action for _, _, action in ranked)]
