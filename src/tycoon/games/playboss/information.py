"""What a seat may know of a game of Playboss, as numbers (the observation) and as a state
drawn anew from what it cannot see (the resample, for determinising search).

Almost everything in Playboss lies open on the table: the businesses' books, the market, the
bank's stock, the offers and the auctions. Two things do not:

* the risk cards not drawn yet. Their order is no part of the state: until every card has been
  drawn once, the next card is chance (``risk.py``), and afterwards the stack comes round in
  the order everybody saw. So there is nothing of the stack to draw anew;
* step 5's personal goals, written down secretly before a player's first roll and shown only
  when the game is over (``goals.py``). That one has been written down is public.

The observation (layout in ``docs/playboss.md``, "Observation for learning agents") shows the
public facts, the seats rotated so the viewer comes first, and the viewer's own personal goal;
a resample writes down another goal, drawn with the generator, for every other seat that has
written one, until the game is over.
"""

from __future__ import annotations

import dataclasses
import random
from array import array
from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING

from tycoon.core.actions import Action
from tycoon.core.game import CHANCE, TERMINAL, Observation, Segment
from tycoon.games.playboss import phases
from tycoon.games.playboss.actions import TRADE_GOODS
from tycoon.games.playboss.business import OWN, Business
from tycoon.games.playboss.deals import OFFERS
from tycoon.games.playboss.goals import PERSONAL
from tycoon.games.playboss.phases import OVER, RAISE

if TYPE_CHECKING:
    from tycoon.games.playboss.flow import PlaybossState
    from tycoon.games.playboss.game import Playboss
    from tycoon.games.playboss.state import PlaybossData

PHASES = (
    phases.SETUP,
    phases.TURN,
    phases.MOVE,
    phases.RED,
    phases.GREEN,
    phases.YELLOW,
    phases.WHITE,
    phases.LEASE,
    phases.RISK,
    phases.LOSE,
    phases.RAISE,
    phases.AUCTION,
    phases.BIDDING,
    phases.DUE,
    phases.UNDERBIDDING,
    phases.ANSWER,
    phases.COUNTER,
    phases.LABOUR,
    phases.OVER,
    "",
)
"""The kinds of pending decision, in the order of the layout's one-hot ("": the agenda runs)."""

OFFER_FIGURES = 5
"""Room for the figures of an offer (its fields but the recipient; the most any offer has)."""

PLAIN_FIGURES: tuple[tuple[str, str, float], ...] = (
    ("cash", "cash (Marks)", 10_000.0),
    ("debt", "bank debt (Marks)", 10_000.0),
    ("capital_received", "starting capital received (Marks)", 10_000.0),
    ("raw", "raw products", 5.0),
    ("finished", "finished products", 5.0),
    ("leased_out", "own machines leased out", 3.0),
    ("computer", "computer (0 none, 1 leased, 2 owned)", 1.0),
    ("lease_mark", "board space of the computer lease's mark (-1: none)", 10.0),
    ("webs", "WEB chips", 3.0),
    ("position", "board position (space index)", 10.0),
    ("laps", "laps completed (business years)", 3.0),
    ("turns", "die rolls made", 10.0),
    ("sales", "sales to the market (Marks)", 10_000.0),
    ("advertising", "advertising campaign running (0 or 1)", 1.0),
    ("firm", "runs a business (0 or 1)", 1.0),
    ("bankrupt", "bankrupt (0 or 1)", 1.0),
    ("fresh", "step 3: products made this turn", 3.0),
    ("tax_base", "step 4: taxed profit at the last statement (Marks)", 10_000.0),
    ("tax_loss", "step 4: losses carried forward (Marks)", 10_000.0),
)
"""The ``Business`` fields shown as they are: the field, its name in the layout, its scale."""

DERIVED_FIGURES: tuple[tuple[str, float], ...] = (
    ("private loans owed, arrears included (Marks)", 10_000.0),
    ("private loans given, still owed to it (Marks)", 10_000.0),
    ("machines on the floor", 3.0),
    ("double machines on the floor", 3.0),
    ("machines leased from others", 3.0),
    ("products the ready machines make on a red field", 3.0),
    ("step 3: marketing troughs owned", 1.0),
    ("step 5: personal goal (goals.PERSONAL index + 1; -1 written down unseen; 0 none)", 1.0),
)
"""The figures of a business that ``_derived`` works out, in its order."""

LABOUR_FIGURES: tuple[tuple[str, str, float], ...] = (
    ("workers", "step 6: workers employed", 3.0),
    ("wage", "step 6: salary per worker and red field (Marks)", 500.0),
    ("notice", "step 6: workers given notice", 1.0),
    ("leaving", "step 6: workers leaving", 1.0),
    ("strike", "step 6: strike (0 none, 1 called, 2 active)", 1.0),
    ("lockout", "step 6: lockout (0 or 1)", 1.0),
)
"""The labour market's lists per seat (``Labour`` fields) shown as they are (0 without step 6)."""

SEAT_FIGURES: tuple[tuple[str, float], ...] = (
    *((name, scale) for _, name, scale in PLAIN_FIGURES),
    *DERIVED_FIGURES,
    *((name, scale) for _, name, scale in LABOUR_FIGURES),
)
"""The figures of each seat, each a stretch of one number per seat from the viewer on: its
name in the layout and its scale."""

_plain = attrgetter(*(field for field, _, _ in PLAIN_FIGURES))


def _derived(st: PlaybossData, b: Business, viewer: int, owed: list[int], lent: list[int]) -> tuple[int, ...]:
    """``DERIVED_FIGURES`` of ``b``."""
    ms = b.machines
    if not b.goal:
        goal = 0
    elif b.seat == viewer or st.phase == OVER:
        goal = PERSONAL.index(b.goal) + 1
    else:
        goal = -1
    if ms:
        machines = (len(ms), sum(m[0] for m in ms), sum(m[2] != OWN for m in ms), b.ready_capacity())
    else:
        machines = (0, 0, 0, 0)
    return (owed[b.seat], lent[b.seat], *machines, st.expansion.troughs.count(b.seat), goal)


GAME_FIGURES = 7
"""The game's own figures: rounds, risk draws, cards seen, last card, the payment due and to
whom, products outside play."""
AUCTION_FIGURES = 14
"""The figures of the three auctions that may be under way (``_auctions``)."""


def layout(game: Playboss) -> tuple[Segment, ...]:
    """The observation's segments for ``game`` (its seats, its board, deck and steps)."""
    return _layout(game.num_seats, len(game.rules.zone_prices), len(game.rules.risk_cards))


@cache
def _layout(n: int, zones: int, deck: int) -> tuple[Segment, ...]:
    return (
        Segment("the pending decision (one-hot over information.PHASES)", len(PHASES)),
        Segment("the seat to decide, from the viewer on (one-hot; none at chance or over)", n),
        Segment("the seat on its turn, from the viewer on (one-hot)", n),
        Segment("the start seat, from the viewer on (one-hot)", n),
        Segment(
            "rounds done, risk cards drawn, risk cards seen, last card drawn + 1, payment due, "
            "seat it is owed to (from the viewer on, + 1; 0: the bank), products outside play",
            GAME_FIGURES,
            10.0,
        ),
        Segment("risk cards seen (1 per card of the deck)", deck),
        Segment("products lying in each price zone, cheapest first", zones, 5.0),
        Segment("the bank's machines, computers and WEB chips", 3, 10.0),
        *(Segment(f"{name}, of each seat from the viewer on", n, scale) for name, scale in SEAT_FIGURES),
        Segment(
            "auctions: bankruptcy (under way, debtor, lots left, high bid, high bidder), purchase "
            "(under way, buyer, units, zone, high bid, high bidder), free market (under way, "
            "price, units); seats from the viewer on + 1 (0: none)",
            AUCTION_FIGURES,
            1000.0,
        ),
        Segment(
            "step 6: support fund, units in hand, units removed, salaries negotiable, seat on "
            "its red field (from the viewer on + 1; 0: none)",
            5,
            10.0,
        ),
        Segment("the open offer's kind (one-hot: trade, loan, lease, workers, business)", len(OFFERS)),
        Segment("the open offer's offerer, from the viewer on (one-hot)", n),
        Segment("the open offer's recipient, from the viewer on (one-hot; first: the viewer)", n),
        Segment(
            "the open offer's figures: its fields but the recipient, in order (yes/no 0 or 1; "
            "goods: actions.TRADE_GOODS index)",
            OFFER_FIGURES,
            1000.0,
        ),
    )


OFFER_FIELDS: dict[type[Action], tuple[str, ...]] = {
    kind: tuple(f.name for f in dataclasses.fields(kind) if f.name != "to") for kind in OFFERS
}
"""The fields of each kind of offer that the observation shows as figures, in order."""


def _figure(value: object) -> int:
    if isinstance(value, str):
        return TRADE_GOODS.index(value) if value in TRADE_GOODS else -1
    return int(value) if isinstance(value, int) else 0


def observation(st: PlaybossState, seat: int) -> Observation:
    """What ``seat`` may know now, laid out as ``layout`` says, and in a few lines."""
    return Observation(tuple(vector(st, seat)), _text(st, seat, st.current_player()))


class _Plan:
    """Where the stretches of one configuration's vector start, and its vector of zeros."""

    def __init__(self, n: int, zones: int, deck: int) -> None:
        size = sum(s.size for s in _layout(n, zones, deck))
        self.zeros = array("d", bytes(8 * size))
        self.figures = len(PHASES) + 3 * n
        """The game's own figures (``GAME_FIGURES``), then the risk cards seen."""
        self.market = self.figures + GAME_FIGURES + deck
        self.seats = self.market + zones + 3
        """The seats' figures: ``SEAT_FIGURES`` stretches of ``n``, so seat ``i`` (from the
        viewer on) has its figures every ``n`` numbers from ``seats + i``."""
        self.auctions = self.seats + len(SEAT_FIGURES) * n
        self.labour = self.auctions + AUCTION_FIGURES
        self.offer = self.labour + 5
        self.end_of_seats = self.auctions
        self.deck = deck
        self.seen: dict[tuple[int, ...], array[float]] = {}
        """The stretch of the risk cards seen, by the cards seen in order."""


@cache
def _plan(n: int, zones: int, deck: int) -> _Plan:
    return _Plan(n, zones, deck)


def _seen(pl: _Plan, order: tuple[int, ...]) -> array[float]:
    """The risk cards seen, 1 per card of the deck, kept by the order they came in."""
    found = pl.seen.get(order)
    if found is None:
        if len(pl.seen) > 4096:
            pl.seen.clear()
        found = pl.seen[order] = array("d", bytes(8 * pl.deck))
        for card in order:
            found[card] = 1.0
    return found


_PHASE_AT = {phase: i for i, phase in enumerate(PHASES)}
_OFFER_AT = {kind: i for i, kind in enumerate(OFFERS)}
_COLUMNS: dict[tuple[int, ...], array[float]] = {}
"""Each seat's figures as doubles, by the figures (a business's figures change seldom from one
observation to the next: converting them is what costs; emptied when it grows large)."""
_NO_LABOUR = (0,) * len(LABOUR_FIGURES)


def vector(st: PlaybossState, seat: int) -> array[float]:
    """The numbers of ``observation`` as doubles (taken at every step of a learning
    environment): a copy of a vector of zeros with what is not zero set, each seat's figures
    copied in at once."""
    r = st.rules
    n = st.game.num_seats
    pl = _plan(n, len(r.zone_prices), len(r.risk_cards))
    v = pl.zeros[:]

    def rel(s: int) -> int:
        return 0 if s < 0 else (s - seat) % n + 1

    v[_PHASE_AT[st.phase]] = 1.0
    at = len(PHASES)
    current = st.current_player()
    if current >= 0:
        v[at + (current - seat) % n] = 1.0
    v[at + n + (st.turn_seat - seat) % n] = 1.0
    v[at + 2 * n + (st.start_seat - seat) % n] = 1.0
    at = pl.figures
    v[at] = st.rounds_done
    v[at + 1] = st.risk_draws
    v[at + 2] = len(st.risk_order)
    v[at + 3] = st.card + 1
    if st.phase == RAISE:
        v[at + 4] = st.due
        v[at + 5] = rel(st.due_to)
    v[at + 6] = st.outside_play
    at += GAME_FIGURES
    if st.risk_order:
        seen = _seen(pl, tuple(st.risk_order))
        v[at : at + len(seen)] = seen
    at = pl.market
    for i, count in enumerate(st.market):
        if count:
            v[at + i] = count
    at = pl.seats - 3
    v[at], v[at + 1], v[at + 2] = st.bank_machines, st.bank_computers, st.bank_webs
    businesses = st.businesses
    owed, lent = [0] * n, [0] * n
    for loan in st.deals.loans:
        owed[loan.borrower] += loan.owed()
        lent[loan.lender] += loan.owed()
    lab = st.expansion.labour
    columns = _COLUMNS
    if len(columns) > 4096:
        columns.clear()
    for i in range(n):
        b = businesses[(seat + i) % n]
        figures = (
            *_plain(b),
            *_derived(st, b, seat, owed, lent),
            *(_NO_LABOUR if lab is None else [getattr(lab, field)[b.seat] for field, _, _ in LABOUR_FIGURES]),
        )
        column = columns.get(figures)
        if column is None:
            column = columns[figures] = array("d", figures)
        v[pl.seats + i : pl.end_of_seats : n] = column
    if st.auction is not None or st.expansion.auction is not None or st.expansion.free_market is not None:
        v[pl.auctions : pl.labour] = array("d", _auctions(st, rel))
    if lab is not None:
        at = pl.labour
        v[at], v[at + 1], v[at + 2], v[at + 3], v[at + 4] = (
            lab.fund,
            lab.free,
            lab.removed,
            lab.negotiable,
            rel(lab.field),
        )
    # While a counter-offer waits (the phase says so), its terms: the same deal, other money.
    offer = st.deals.counter or st.deals.offer
    if offer is not None:
        at = pl.offer
        v[at + _OFFER_AT[type(offer)]] = 1.0
        at += len(OFFERS)
        v[at + (st.deals.offerer - seat) % n] = 1.0
        v[at + n + (offer.to - seat) % n] = 1.0
        at += 2 * n
        for i, name in enumerate(OFFER_FIELDS[type(offer)]):
            v[at + i] = _figure(getattr(offer, name))
    return v


def _auctions(st: PlaybossData, rel: Callable[[int], int]) -> list[int]:
    out = [0] * AUCTION_FIGURES
    a = st.auction
    if a is not None:
        out[0:5] = [1, rel(a.debtor), len(a.lots), a.high_bid, rel(a.high_bidder)]
    p = st.expansion.auction
    if p is not None:
        out[5:11] = [1, rel(p.buyer), p.units, p.zone, p.high_bid, rel(p.high_bidder)]
    f = st.expansion.free_market
    if f is not None:
        out[11:14] = [1, f.price, f.units]
    return out


def _text(st: PlaybossData, seat: int, current: int) -> str:
    b = st.businesses[seat]
    who = "chance" if current == CHANCE else "nobody" if current == TERMINAL else f"seat {current}"
    text = (
        f"seat {seat} sees: round {st.rounds_done}, seat {st.turn_seat} on turn, {st.phase or 'running'} "
        f"pending for {who}\nyour cash {b.cash} Marks, bank debt {b.debt}, raw {b.raw}, finished "
        f"{b.finished}, machines {len(b.machines)}, WEBs {b.webs}, on space {b.position}, goal {b.goal or '-'}"
        f"\ncash by seat {[x.cash for x in st.businesses]}; market {st.market}; risk cards seen "
        f"{len(st.risk_order)}, drawn {st.risk_draws}"
    )
    if st.phase == OVER:
        text += f"\ngoals {[x.goal for x in st.businesses]}"
    else:
        text += f"\ngoals written down by seat {[x.seat for x in st.businesses if x.goal]}"
    if st.deals.offer is not None:
        text += f"\nopen offer from seat {st.deals.offerer}: {st.deals.offer}"
    return text


def resample(st: PlaybossData, seat: int, rng: random.Random) -> None:
    """Draw anew, in ``st`` (a clone), what ``seat`` cannot see: the personal goal of every
    other seat that has written one down (step 5), while the game is not over. The undrawn risk
    cards need nothing: their order is no part of the state (the next one is chance)."""
    if st.phase == OVER:
        return
    for b in st.businesses:
        if b.goal and b.seat != seat:
            b.goal = rng.choice(PERSONAL)
