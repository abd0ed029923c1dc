"""What a seat may know, for learning agents and search: the observation and the resample.

Everything in Biznes po polsku is public but the order of the cards not yet drawn (``views.py``
says why): a card drawn is read aloud, a kept INSURANCE card lies face up in front of its
holder, the welfare and party cards and the money are on the table, and offers are made in the
open. So every seat's observation holds the whole board, the seats rotated so that the viewer
comes first, and the stacks as what each card is known to be doing: not yet drawn, waiting at
the bottom in a known order, or kept. ``resample`` draws anew the one thing nobody has seen:
the order of the cards not yet drawn. The layout is ``layout(game)``, documented in
docs/biznes-po-polsku.md ("Observation for learning agents").
"""

from __future__ import annotations

import random
from array import array
from typing import TYPE_CHECKING

from tycoon.core.game import Observation, Segment
from tycoon.games.biznes_po_polsku.actions import OfferExchange, OfferPurchase, OfferSale
from tycoon.games.biznes_po_polsku.data import DECKS, POSTS
from tycoon.games.biznes_po_polsku.phases import AUCTION, BANK, DRAW, OVER, SETUP, Phase
from tycoon.games.biznes_po_polsku.players import CAR, CAR_MORTGAGED
from tycoon.games.biznes_po_polsku.tasks import Pay, Wait

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.game import BiznesPoPolsku
    from tycoon.games.biznes_po_polsku.state import BiznesState

PHASES = tuple(Phase)
"""The pending decisions in the order of the observation's one-hot."""
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
_PHASE_NAME = {phase: str(phase) or "ready" for phase in PHASES}
SPACES = 41
"""A pawn's places: 0, the employment office inside the board, and the track's 1 to 40."""
MONEY = 1000.0
"""The scale of payments, prices and bids: a thousand złoty."""
KEEP = 4096
"""How many stacks a plan keeps before it forgets them all."""


class Plan:
    """Where each stretch of one configuration's vector starts, worked out once per game: each
    attribute named after a stretch (``cash``, ``owner``, ``unseen[deck]``, ...) is the index
    of its first number."""

    def __init__(self, game: BiznesPoPolsku) -> None:
        r = game.rules
        n = game.num_seats
        self.rules = r
        """The rules the plan was made for (a game's track and decks may be its own)."""
        self.seats = n
        firms = len(r.firms)
        self.firm_index = [-1] * SPACES
        """Space number → the firm's place in the firm stretches, -1 for a space that is no firm."""
        for i, space in enumerate(r.firms):
            self.firm_index[space] = i
        self.deck_sizes = {d: len(r.deck(d)) for d in DECKS}
        segments: list[Segment] = []

        def add(name: str, size: int, scale: float = 1.0) -> int:
            start = sum(s.size for s in segments)
            segments.append(Segment(name, size, float(scale)))
            return start

        cash = float(r.start_cash)
        rounds = float(game.rounds or r.default_rounds)
        # Each seat, from the viewer on: entry k of a stretch is seat (viewer + k) mod seats.
        self.cash = add("cash of each seat", n, cash)
        self.fortune = add("fortune of each seat (0: bankrupt)", n, cash)
        self.bankrupt = add("bankrupt seats", n)
        self.position = add("pawn of each seat, one-hot over its places 0 to 40", n * SPACES)
        self.wait = add("turns each seat still waits", n, 2)
        self.welfare = add("seats holding a WELFARE BENEFIT card", n)
        self.member = add("seats holding a PARTY MEMBERSHIP card", n)
        self.insurance = {d: add(f"seats holding an INSURANCE card of the {d.upper()} stack", n) for d in DECKS}
        self.car = add("seats driving a car", n)
        self.car_mortgaged = add("seats whose car is mortgaged", n)
        self.claims = add("złoty each seat may claim", n, MONEY)
        self.turn = add("seat whose turn it is, one-hot", n)
        self.pending = add("seat whose decision is pending, one-hot", n)
        self.start = add("seat that began, one-hot", n)
        # The game as a whole.
        self.phase = add("pending decision, one-hot", len(PHASES))
        self.rounds_done = add("rounds completed", 1, rounds)
        self.rounds_left = add("rounds to the agreed end", 1, rounds)
        self.rolled = add("last number rolled for a move", 1, 6)
        self.offers_left = add("trade offers left before the roll", 1, r.offers_per_turn)
        # The board.
        self.owner = add("owner of each firm, one-hot", firms * n)
        self.level = add("investment level of each firm", firms, r.levels)
        self.mortgaged = add("mortgaged firms", firms)
        self.jobs = add("holder of each profession, one-hot", len(r.professions) * n)
        self.offices = add("holder of each office, one-hot", len(POSTS) * n)
        self.bricks = add("bricks in the bank", 1, r.bricks or 1)
        self.pyramids = add("pyramids in the bank", 1, r.pyramids or 1)
        self.cars = add("cars in the bank", 1, r.cars or 1)
        self.welfare_cards = add("WELFARE BENEFIT cards in the bank", 1, r.welfare_cards or 1)
        self.party_cards = add("PARTY MEMBERSHIP cards in the bank", 1, r.party_cards or 1)
        # The stacks: each card by its number in its deck's data file.
        self.stacks = sum(s.size for s in segments)
        """Where the stacks' stretches start: for each deck, not drawn, at the bottom, kept."""
        self.unseen: dict[str, int] = {}
        self.bottom: dict[str, int] = {}
        self.kept: dict[str, int] = {}
        for d in DECKS:
            size = self.deck_sizes[d]
            self.unseen[d] = add(f"{d.upper()} cards not yet drawn", size)
            self.bottom[d] = add(f"{d.upper()} cards at the bottom, their places", size, size)
            self.kept[d] = add(f"{d.upper()} cards kept as INSURANCE", size)
        self.drawing = add("stack a card is being drawn from, one-hot", len(DECKS))
        self.card: dict[str, int] = {}
        for d in DECKS:
            self.card[d] = add(f"last card drawn, if a {d.upper()} card, one-hot", self.deck_sizes[d])
        self.card_at = {f"{d}:{i}": self.card[d] + i for d in DECKS for i in range(self.deck_sizes[d])}
        """A card as the state names the last one drawn (``los:7``) → its place in the vector."""
        self.drawer = add("seat that drew the last card, one-hot", n)
        # What is due and queued.
        self.due = add("złoty the pending raise decision must raise", 1, MONEY)
        self.due_to = add("seat the raised money is owed to, one-hot", n)
        self.owes = add("złoty each seat must pay, queued", n, MONEY)
        self.owed = add("złoty each seat is to receive, queued", n, MONEY)
        self.waits = add("turns each seat is to wait, queued", n)
        # The open trade offer (negotiations are open: every seat sees it).
        self.offer = add("open offer: sale, purchase or exchange, one-hot", 3)
        self.proposer = add("seat that made the open offer, one-hot", n)
        self.counterpart = add("seat the open offer is made to, one-hot", n)
        self.gives = add("firm the offer's maker would give, one-hot", firms)
        self.takes = add("firm the offer's maker would take, one-hot", firms)
        self.pays = add("złoty the offer's maker would pay", 1, MONEY)
        # The bank's auction of a bankrupt player's firms.
        self.lot = add("firm under the hammer, one-hot", firms)
        self.lots = add("firms of the auction still to sell", 1, firms)
        self.debtor = add("seat whose firms are auctioned, one-hot", n)
        self.high_bid = add("standing bid", 1, MONEY)
        self.high_bidder = add("seat of the standing bid, one-hot", n)
        self.bidders = add("seats still bidding for the lot", n)
        self.to_bid = add("seat to bid next, one-hot", n)
        self.lowest = add("lowest bid allowed now", 1, MONEY)
        # The start.
        self.setup_rolls = add("each seat's last roll for the start", n, 6)
        self.contenders = add("seats still rolling for the start", n)
        self.layout = tuple(segments)
        assert self.car_mortgaged == self.car + n, "the car stretches lie one after the other"
        self.seat_offsets = [
            (
                self.cash + k,
                self.fortune + k,
                self.bankrupt + k,
                self.position + k * SPACES,
                self.wait + k,
                self.welfare + k,
                self.member + k,
                self.car + k,
                self.claims + k,
            )
            for k in range(n)
        ]
        """For the k-th seat from the viewer: where its cash, fortune, bankruptcy, pawn (the
        start of its one-hot), wait, welfare card, membership card, car and claims go."""
        self.size = sum(s.size for s in segments)
        self.zeros = array("d", bytes(8 * self.size))
        """A vector of zeros, copied for each observation."""
        self.boards: list[tuple[tuple[object, ...], array[float], tuple[int, ...]] | None] = [None] * n
        """Each viewer's last firms' stretches (``_board``), with the board they show: the
        board changes seldom from one observation of a seat to its next (a store of every
        board seen missed one time in two in a learning environment and cost more to keep)."""
        self.board_zeros = array("d", bytes(8 * firms * (n + 2)))
        self.stack_cache: dict[tuple[tuple[int, ...], ...], array[float]] = {}
        """The stacks' stretches already made (``_stacks``), by the cards at the bottom."""


_PLANS: dict[BiznesPoPolsku, Plan] = {}
"""Plans already made, by game (a game is an immutable configuration, the same object for
every state of it)."""


def plan(game: BiznesPoPolsku) -> Plan:
    """The plan of ``game``'s observations."""
    made = _PLANS.get(game)
    if made is None:
        if len(_PLANS) >= 64:
            _PLANS.clear()
        made = _PLANS[game] = Plan(game)
    return made


def layout(game: BiznesPoPolsku) -> tuple[Segment, ...]:
    """The stretches of an observation of ``game``, in order."""
    return plan(game).layout


def observation(st: BiznesState, seat: int, current: int) -> Observation:
    """What ``seat`` knows of ``st`` (everything public; see the module's docstring);
    ``current`` is the seat to move, ``CHANCE`` or ``TERMINAL``."""
    return Observation(tuple(vector(st, seat, current)), text(st, seat, current))


def vector(st: BiznesState, seat: int, current: int) -> array[float]:
    """The numbers of ``observation`` as doubles (taken at every step of a learning
    environment)."""
    game = st.game
    n = game.num_seats
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"an observation is for one of the seats 0 to {n - 1}, not {seat!r}")
    pl = plan(game)
    r = st.rules
    # The board and the stacks change seldom: each is a stretch kept from an earlier
    # observation, copied into a vector of zeros.
    firms, worth = _board(pl, st, seat)
    v = pl.zeros[:]
    v[pl.owner : pl.owner + len(firms)] = firms
    stacks = _stacks(pl, st)
    v[pl.stacks : pl.stacks + len(stacks)] = stacks
    offsets = pl.seat_offsets
    insurance, kept, unseen = pl.insurance, pl.kept, pl.unseen
    for p in st.players:
        k = (p.seat - seat) % n
        cash_at, fortune_at, bankrupt_at, position_at, wait_at, welfare_at, member_at, car_at, claims_at = offsets[k]
        cash = p.cash
        v[cash_at] = float(cash)
        v[position_at + p.position] = 1.0
        if p.bankrupt:
            v[bankrupt_at] = 1.0
            continue
        fortune = cash + worth[k]
        if p.car == CAR:
            v[car_at] = 1.0
            fortune += r.car_price
        elif p.car == CAR_MORTGAGED:
            v[car_at + n] = 1.0  # the mortgaged cars' stretch follows the cars'
            fortune += r.car_price - r.car_mortgage - r.car_redeem_fee
        v[fortune_at] = float(fortune)
        if p.wait:
            v[wait_at] = float(p.wait)
        if p.welfare:
            v[welfare_at] = 1.0
        if p.member:
            v[member_at] = 1.0
        held = p.insurance
        if held is not None:
            deck, number = held
            v[insurance[deck] + k] = 1.0
            v[kept[deck] + number] = 1.0
            v[unseen[deck] + number] = 0.0
        if p.claims:
            v[claims_at] = float(sum(a for a, _ in p.claims))
    v[pl.turn + (st.turn_seat - seat) % n] = 1.0
    if current >= 0:
        v[pl.pending + (current - seat) % n] = 1.0
    v[pl.start + (st.start_seat - seat) % n] = 1.0
    phase = st.phase
    v[pl.phase + _PHASE_INDEX[phase]] = 1.0
    done = st.rounds_done
    v[pl.rounds_done] = float(done)
    if game.rounds:
        v[pl.rounds_left] = float(max(game.rounds - done, 0))
    v[pl.rolled] = float(st.rolled)
    v[pl.offers_left] = float(max(r.offers_per_turn - st.offers_made, 0))
    v[pl.bricks] = float(st.bank_bricks)
    v[pl.pyramids] = float(st.bank_pyramids)
    v[pl.cars] = float(st.bank_cars)
    v[pl.welfare_cards] = float(st.bank_welfare)
    v[pl.party_cards] = float(st.bank_party)
    if phase == DRAW:
        v[pl.drawing + DECKS.index(st.drawing)] = 1.0
    if st.card:
        v[pl.card_at[st.card]] = 1.0
        v[pl.drawer + (st.card_drawer - seat) % n] = 1.0
    if st.due:
        v[pl.due] = float(st.due)
        if st.due_to != BANK:
            v[pl.due_to + (st.due_to - seat) % n] = 1.0
    if st.agenda:
        _queued(pl, st, seat, v)
    if st.offer is not None:
        _offer(pl, st, seat, v)
    if st.auction is not None:
        _auction(pl, st, seat, v)
    if phase == SETUP:
        for s in range(n):
            v[pl.setup_rolls + (s - seat) % n] = float(st.setup_rolls[s])
        for s in st.contenders:
            v[pl.contenders + (s - seat) % n] = 1.0
    return v


def text(st: BiznesState, seat: int, current: int) -> str:
    """What ``seat`` knows of ``st`` in a few lines."""
    phase = st.phase
    done = st.rounds_done
    lines = [f"seat {p.seat}: out" if p.bankrupt else f"seat {p.seat}: {p.cash} zł on {p.position}" for p in st.players]
    if phase == OVER:
        head = f"seat {seat} sees the game over after {done} rounds"
    elif phase == SETUP:
        head = f"seat {seat} sees the die decide who begins"
    else:
        head = f"seat {seat} sees round {done + 1}, seat {st.turn_seat}'s turn: {_PHASE_NAME[phase]}"
        if current >= 0:
            head += f" for seat {current}"
    return head + "\n" + "; ".join(lines)


def _board(pl: Plan, st: BiznesState, seat: int) -> tuple[array[float], tuple[int, ...]]:
    """The stretches of the firms (owner, level, mortgaged) for ``seat``, and what the firms add
    to each seat's fortune, from the viewer on; the last ones made for ``seat`` while the board
    stays as it was."""
    owner, level, mortgaged = st.owner, st.level, st.mortgaged
    key = (tuple(owner), tuple(level), tuple(mortgaged))
    last = pl.boards[seat]
    if last is not None and last[0] == key:
        return last[1], last[2]
    n = pl.seats
    r = pl.rules
    count = len(r.firms)
    out = pl.board_zeros[:]
    worth = [0] * n
    lv, mo = count * n, count * (n + 1)
    for i, space in enumerate(r.firms):
        o = owner[space]
        if o == BANK:
            continue
        k = (o - seat) % n
        out[i * n + k] = 1.0
        built = level[space]
        value = r.board[space - 1].cost
        if built:
            out[lv + i] = float(built)
            value += built * r.board[space - 1].investment
        if mortgaged[space]:
            out[mo + i] = 1.0
            value -= r.redemptions[space]
        worth[k] += value
    pl.boards[seat] = (key, out, tuple(worth))
    return out, tuple(worth)


def _stacks(pl: Plan, st: BiznesState) -> array[float]:
    """The stretches of the stacks, every card not at the bottom marked as not yet drawn (the
    caller marks the INSURANCE cards kept as kept instead); kept by the cards at the bottom.

    A card is in exactly one place: not yet drawn, at the bottom, or kept; so the cards not yet
    drawn are known without reading ``state.unseen``, and their order cannot show."""
    known = st.known
    key = tuple(tuple(known[d]) for d in DECKS)
    kept = pl.stack_cache.get(key)
    if kept is not None:
        return kept
    if len(pl.stack_cache) > KEEP:
        pl.stack_cache.clear()
    out = array("d")
    for d, bottom in zip(DECKS, key, strict=True):
        size = pl.deck_sizes[d]
        unseen, places = [1.0] * size, [0.0] * size
        for place, number in enumerate(bottom, 1):
            places[number] = float(place)
            unseen[number] = 0.0
        out.extend(unseen)
        out.extend(places)
        out.extend([0.0] * size)
    made = out
    pl.stack_cache[key] = made
    return made


def _queued(pl: Plan, st: BiznesState, seat: int, v: array[float]) -> None:
    """The payments and waits queued on the agenda, into ``v``."""
    n = pl.seats
    for task in st.agenda:
        if isinstance(task, Pay):
            v[pl.owes + (task.payer - seat) % n] += float(task.amount)
            if task.payee != BANK:
                v[pl.owed + (task.payee - seat) % n] += float(task.amount)
        elif isinstance(task, Wait):
            v[pl.waits + (task.seat - seat) % n] += float(task.turns)


def _offer(pl: Plan, st: BiznesState, seat: int, v: array[float]) -> None:
    """The open trade offer, into ``v``: while a counter-offer waits (the phase says so), its
    terms, the same deal at the money the other player asks."""
    n = pl.seats
    offer, owner, index = st.counter or st.offer, st.owner, pl.firm_index
    v[pl.proposer + (st.proposer - seat) % n] = 1.0
    if isinstance(offer, OfferSale):
        v[pl.offer] = 1.0
        v[pl.counterpart + (offer.to - seat) % n] = 1.0
        v[pl.gives + index[offer.space]] = 1.0
        v[pl.pays] = float(-offer.price)
    elif isinstance(offer, OfferPurchase):
        v[pl.offer + 1] = 1.0
        v[pl.counterpart + (owner[offer.space] - seat) % n] = 1.0
        v[pl.takes + index[offer.space]] = 1.0
        v[pl.pays] = float(offer.price)
    elif isinstance(offer, OfferExchange):
        v[pl.offer + 2] = 1.0
        v[pl.counterpart + (owner[offer.take] - seat) % n] = 1.0
        v[pl.gives + index[offer.give]] = 1.0
        v[pl.takes + index[offer.take]] = 1.0
        v[pl.pays] = float(offer.payment)


def _auction(pl: Plan, st: BiznesState, seat: int, v: array[float]) -> None:
    """The bank's auction of a bankrupt player's firms, into ``v``."""
    n = pl.seats
    sale = st.auction
    assert sale is not None
    v[pl.debtor + (sale.debtor - seat) % n] = 1.0
    v[pl.lots] = float(len(sale.lots))
    if sale.lots:
        v[pl.lot + pl.firm_index[sale.lots[0]]] = 1.0
    bidding = sale.bidding
    if bidding is None:
        return
    v[pl.high_bid] = float(bidding.high_bid)
    if bidding.high_bidder >= 0:
        v[pl.high_bidder + (bidding.high_bidder - seat) % n] = 1.0
    for bidder in bidding.bidders:
        v[pl.bidders + (bidder - seat) % n] = 1.0
    if st.phase == AUCTION:
        v[pl.to_bid + (bidding.to_bid - seat) % n] = 1.0
        v[pl.lowest] = float(bidding.lowest())


def resample(st: BiznesState, seat: int, rng: random.Random) -> BiznesState:
    """A copy of ``st`` with the cards not yet drawn in an order drawn anew with ``rng``: the
    only thing no seat has seen. ``st`` is left as it was."""
    n = st.game.num_seats
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"a resample is for one of the seats 0 to {n - 1}, not {seat!r}")
    twin = st.clone()
    for d in DECKS:
        # Sorted first, so the order drawn depends only on which cards are unseen.
        twin.unseen[d].sort()
        rng.shuffle(twin.unseen[d])
    return twin
