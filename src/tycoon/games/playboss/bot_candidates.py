"""The Playboss decisions worth trying beside the bot's choice: what the searching level
(``hard``, ``GameSpec.search``) compares before it chooses.

Playboss's search is kept to these (``Search(explore=False)``): most of a seat's legal moves
are "at any time" business (borrowing and repaying in 500-Mark notes, offers to the other
players on drawn terms, selling to the bank, buying a computer) that its short search cannot
judge (a world or two each, twenty decisions ahead): drawn at random among its options, they
won by the luck of their worlds, and the search went bankrupt in most of its games
(docs/agents.md, "Strength"). So it only weighs the decision a field asks for, where the
choices are few and their effects show within the horizon:

* on a red field (Playboss I, "The Red Decision Field"): doing nothing, buying raw products
  (the batch the machines can work through in two rounds), producing at full capacity,
  selling every finished product; each only as far as the cash on hand pays for it. Not
  investing, unless the bot chooses it: the bot buys a machine only when the business can
  still pay the dearest charge it is not insured against, and in the first year only one
  (``PlaybossBot._invest_plan``); a machine bought on credit looks no worse on the sheet twenty
  decisions on, the risk card or the interest that breaks the business comes later, and with
  investing among its candidates the search won fewer games (18 of 60 rather than 22);
* on the other fields and answers (green, yellow, white, a lease falling due, a lost machine,
  an offer or a counter-offer): every choice the decision lists, never the business that may
  be done at any time; an answer declines saying why, with the bot's reason (a bare decline
  would leave the one who offered without a word whenever the search departs from its bot);
* the turn, raising money, auctions and the expansion steps' own decisions: none, the bot's
  choice alone (taken at once).
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.playboss import bot_figures, bot_terms, deals, labour, market
from tycoon.games.playboss.actions import (
    ANYTIME,
    STEP_ANYTIME,
    Decline,
    DeclineBecause,
    DoNothing,
    Produce,
    Purchase,
    Sell,
)
from tycoon.games.playboss.deals import ANYTIME_DEALS
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import ANSWER, COUNTER, GREEN, LEASE, LOSE, RED, WHITE, YELLOW
from tycoon.games.playboss.reasons import side_of

LISTED = (GREEN, YELLOW, WHITE, LEASE, LOSE, ANSWER, COUNTER)
"""The decisions whose every listed choice is a candidate."""

AT_ANY_TIME = (*ANYTIME, *STEP_ANYTIME, *ANYTIME_DEALS)
"""The kinds of business that wait for no decision: never candidates."""

ROUNDS_OF_RAW = 2
"""A candidate purchase: raw products for this many rounds of full production."""


def candidates(state: State, seat: int) -> list[Action]:
    """The choices of ``seat``'s pending field decision or answer (see the module's text);
    none on other decisions."""
    assert isinstance(state, PlaybossState)
    phase = state.phase
    if phase in LISTED:
        listed = [a for a in state.legal_actions(seat) if not isinstance(a, AT_ANY_TIME)]
        if phase in (ANSWER, COUNTER):
            return [_declining(state, seat) if isinstance(a, Decline) else a for a in listed]
        return listed
    if phase != RED:
        return []
    r = state.rules
    b = state.businesses[seat]
    cost = bot_figures.production_cost(state, b)
    ready = labour.capacity(state, b) if state.game.step(6) else b.ready_capacity()
    out: list[Action] = [DoNothing()]
    produce = min(ready, b.raw, b.cash // cost)
    if produce:
        out.append(Produce(produce))
    sellable = labour.sellable(state, b)
    if sellable:
        out.append(Sell(sellable))
    buy = min(
        market.max_purchase(state.market, r.zone_prices, b.cash),
        max(1, ROUNDS_OF_RAW * len(b.machines) - b.raw),
    )
    if buy > 0:
        out.append(Purchase(buy))
    return [a for a in out if state.refusal(a, seat) is None]


def _declining(st: PlaybossState, seat: int) -> Action:
    """Declining the offer or counter-offer made to ``seat``, with the reason its bot would give
    (``bot_deals.answer``); a bare decline when no deal is pending."""
    deal = deals.judged(st)
    if deal is None:
        return Decline()
    return DeclineBecause(bot_terms.reason(st, side_of(st, deal, st.deals.offerer, seat)))
