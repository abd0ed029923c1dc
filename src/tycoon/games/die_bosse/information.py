"""What a seat may know of a game of Die Bosse, as numbers (the observation) and as a state
drawn anew from what it cannot see (the resample, for determinising search).

The layout is in ``docs/die-bosse.md``: everything face up, the turn's figures, each seat's
profit and hand size (from the viewer on), and the viewer's own hand as counts per kind of
card (identical cards are one kind). Never another hand, a stack's contents or the cards given
up face down.
"""

from __future__ import annotations

import random
from array import array
from functools import cache
from typing import TYPE_CHECKING

from tycoon.core.game import Observation, Segment
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.concerns import NEW
from tycoon.games.die_bosse.data import Rules
from tycoon.games.die_bosse.phases import ADVANCE, DISCARD, DRAW, OVER, PAY, PLACE, REFILL, SETUP, TURN
from tycoon.games.die_bosse.state import DieBosseData

if TYPE_CHECKING:
    from tycoon.games.die_bosse.flow import DieBosseState
    from tycoon.games.die_bosse.game import DieBosse

TRIES = 200
"""How many deals a resample draws before it keeps the hand of the player on turn."""

PHASES = (SETUP, TURN, PLACE, REFILL, ADVANCE, PAY, DISCARD, DRAW, OVER)
"""The phases a seat can see pending, in the order of the layout's one-hot."""


def kinds(rules: Rules) -> tuple[dict[int, int], tuple[int, ...]]:
    """Each action card's kind, counted from 0 (identical cards are one kind), and the lowest
    card number of each kind."""
    return _kinds(rules.first_same, rules.first_action)


@cache
def _kinds(first_same: tuple[int, ...], first_action: int) -> tuple[dict[int, int], tuple[int, ...]]:
    firsts = sorted(set(first_same[first_action:]))
    index = {first: i for i, first in enumerate(firsts)}
    return {c: index[first_same[c]] for c in range(first_action, len(first_same))}, tuple(firsts)


def layout(rules: Rules, n: int) -> tuple[Segment, ...]:
    """The observation's segments for ``n`` seats."""
    c, k = len(rules.companies), len(kinds(rules)[1])
    return (
        Segment("the pending phase (one-hot)", len(PHASES)),
        Segment("the seat to decide, from the viewer on (one-hot; none at chance or over)", n),
        Segment("the seat whose turn it is, from the viewer on (one-hot)", n),
        Segment("turns begun, profit distributions, the last turn (0 or 1)", 3, 10.0),
        Segment("cards in the industry stack, taken out, in the action stack, in the discard pile", 4, 20.0),
        Segment("the companies for sale (1 per company in the row)", c),
        Segment("the owner of each company, from the viewer on (one-hot per company)", c * n),
        Segment("the concern of each owned company (1 = its owner's first, 0: none)", c, 3.0),
        Segment("the company being placed, and those rationalised this turn (1 = placing, 2 = moved)", c),
        Segment("companies waiting to be rationalised: target concern + 1 (0: none, -1: a new concern)", c),
        Segment("profit on each seat's sheet, from the viewer on", n, 100.0),
        Segment("action cards in each hand, from the viewer on", n, 7.0),
        Segment("the viewer's hand: cards of each kind", k),
        Segment("action cards played this turn, of each kind", k),
        Segment("capital cards handed over in the payment being made, of each kind", k),
        Segment("the turn's bill, paid in advance, still due in advance, cards given up (millions, cards)", 4, 20.0),
    )


def observation(st: DieBosseState, seat: int) -> Observation:
    """What ``seat`` may know now, laid out as ``layout`` says, and in a few words."""
    return Observation(tuple(vector(st, seat)), text(st, seat))


@cache
def _shape(game: DieBosse) -> tuple[array[float], dict[int, int], int, int]:
    """For one configuration (a game hashes as itself): the vector of zeros, each card's kind,
    the number of kinds and of companies."""
    rules, n = game.rules, game.num_seats
    kind, firsts = kinds(rules)
    k, c = len(firsts), len(rules.companies)
    size = len(PHASES) + 2 * n + 3 + 4 + c * (n + 4) + 2 * n + 3 * k + 4
    return array("d", bytes(8 * size)), kind, k, c


_PHASE_AT = {phase: i for i, phase in enumerate(PHASES)}


def vector(st: DieBosseState, seat: int) -> array[float]:
    """The numbers of ``observation`` as doubles: a copy of a vector of zeros, with only what
    is not zero set (taken at every step of a learning environment)."""
    n = st.game.num_seats
    zeros, kind, k, c = _shape(st.game)
    v = zeros[:]
    v[_PHASE_AT[st.phase]] = 1.0
    at = len(PHASES)
    current = st.current_player()
    if current >= 0:
        v[at + (current - seat) % n] = 1.0
    at += n
    v[at + (st.turn_seat - seat) % n] = 1.0
    at += n
    v[at] = float(st.turns)
    v[at + 1] = float(st.distributions)
    v[at + 2] = float(st.ending)
    v[at + 3] = float(len(st.industry_stack))
    v[at + 4] = float(len(st.removed))
    v[at + 5] = float(len(st.action_stack))
    v[at + 6] = float(len(st.discard))
    at += 7
    for company in st.row:
        v[at + company] = 1.0
    owners, concerns = at + c, at + c + c * n
    marks, moving = concerns + c, concerns + 2 * c
    for s, columns in enumerate(st.columns):
        rotated = owners + (s - seat) % n
        for index, column in enumerate(columns, 1):
            place = float(index)
            for company in column:
                v[rotated + company * n] = 1.0
                v[concerns + company] = place
    if st.placing >= 0:
        v[marks + st.placing] = 1.0
    for company in st.moved:
        v[marks + company] = 2.0
    for company, target in st.moving:
        v[moving + company] = -1.0 if target == NEW else float(target + 1)
    at = moving + c
    hands, sheets = st.hands, st.sheets
    for i in range(n):
        s = (seat + i) % n
        v[at + i] = float(sum(sheets[s]))
        v[at + n + i] = float(len(hands[s]))
    at += 2 * n
    for cards in (hands[seat], st.played, st.paying):
        if cards:
            counts = _counts(kind, k, tuple(cards))
            v[at : at + k] = counts
        at += k
    v[at] = float(st.bill)
    v[at + 1] = float(st.prepaid)
    v[at + 2] = float(st.advance_due()) if st.moving else 0.0
    v[at + 3] = float(st.discarded)
    return v


_COUNTS: dict[tuple[object, ...], array[float]] = {}
"""Cards counted by kind, by the kinds and the cards (emptied when it grows large)."""


def _counts(kind: dict[int, int], k: int, cards: tuple[int, ...]) -> array[float]:
    """How many of ``cards`` are of each of the ``k`` kinds."""
    # The kinds are made once per set of rules and kept (``_kinds``): their id names them.
    key = (id(kind), cards)
    found = _COUNTS.get(key)
    if found is None:
        if len(_COUNTS) > 4096:
            _COUNTS.clear()
        found = _COUNTS[key] = array("d", bytes(8 * k))
        for card in cards:
            found[kind[card]] += 1.0
    return found


def text(st: DieBosseState, seat: int) -> str:
    """What ``seat`` may know now in a few words (for a person, or a search's table)."""
    r = st.rules
    n = st.game.num_seats
    kind, firsts = kinds(r)
    hand = [firsts[kind[card]] for card in st.hands[seat]]
    return (
        f"seat {seat} sees: {st.phase}, turn {st.turns} of seat {st.turn_seat}; hand {hand}; "
        f"hands {[len(h) for h in st.hands]}; row {st.row}; concerns {st.columns}; "
        f"profits {[st.score(s) for s in range(n)]}; stacks {len(st.industry_stack)}/{len(st.action_stack)}"
        f"/{len(st.discard)}; played {[firsts[kind[x]] for x in st.played]}; paid "
        f"{[firsts[kind[x]] for x in st.paying]}; bill {st.bill}"
    )


def resample(st: DieBosseData, seat: int, rng: random.Random) -> None:
    """Deal anew, in ``st`` (a clone), what ``seat`` cannot see: the other hands, the cards the
    other players gave up face down (they lie in the discard pile, ``given_up``) and the action
    stack's cards are shuffled together and dealt back, each hand and each player's cards given
    up keeping their number; with two players, the industry stack and the cards taken out
    unseen likewise. What ``seat`` saw stays: its hand, the cards it gave up itself, the cards
    played and paid and the profit cards drawn, which went to the pile face up. Profit cards
    stay in the stack: no hand ever holds one (the first deal replaces them, a drawn one pays
    out at once).

    A known simplification: after a reshuffle the stack is drawn like any unseen card, though
    the seat saw some of the cards that went in (the resample knows less than the seat, never
    more).
    """
    r = st.rules
    profit = r.first_profit
    stack = [card for card in st.action_stack if r.first_same[card] != profit]
    kept = [card for card in st.action_stack if r.first_same[card] == profit]
    others = [s for s in range(st.game.num_seats) if s != seat]
    hands = [st.hands[s] for s in others]
    given = [st.given_up[s] for s in others]
    hidden = {card for pile in given for card in pile}
    # Sorted before the shuffle, so the deal depends on what is unseen, never on where it lies:
    # two states that ``seat`` cannot tell apart give the same resample for one generator.
    unseen = sorted(stack + [card for hand in hands for card in hand] + sorted(hidden))
    sizes = [len(hand) for hand in hands] + [len(pile) for pile in given]
    # The turn's bill is public, and a player could only run it up with the cards to pay it:
    # so the player on turn (another seat) holds enough, and a deal that breaks this is drawn
    # again; after ``TRIES`` the player on turn keeps the true hand (the rest is dealt).
    payer = others.index(st.turn_seat) if st.turn_seat in others and _owing(st) else -1
    for _ in range(TRIES):
        rng.shuffle(unseen)
        dealt, rest = _deal(unseen, sizes)
        if payer < 0 or _can_pay(st, dealt[payer]):
            break
    else:
        fixed = hands[payer]
        unseen = [card for card in unseen if card not in fixed]
        rng.shuffle(unseen)
        dealt, rest = _deal(unseen, [0 if i == payer else size for i, size in enumerate(sizes)])
        dealt[payer] = list(fixed)
    for s, hand in zip(others, dealt, strict=False):
        st.hands[s] = hand
    piles = dealt[len(others) :]
    for s, pile in zip(others, piles, strict=True):
        st.given_up[s] = pile
    # The pile as the seat knows it, then the others' cards given up, in seat order.
    st.discard = [card for card in st.discard if card not in hidden] + [card for pile in piles for card in pile]
    st.action_stack = sorted(rest + kept)
    if st.removed:
        companies = sorted(st.industry_stack + st.removed)
        rng.shuffle(companies)
        st.removed = companies[: len(st.removed)]
        st.industry_stack = sorted(companies[len(st.removed) :])


def _deal(cards: list[int], sizes: list[int]) -> tuple[list[list[int]], list[int]]:
    """``cards`` dealt in order into piles of ``sizes`` (each sorted), and what is left."""
    dealt, at = [], 0
    for size in sizes:
        dealt.append(sorted(cards[at : at + size]))
        at += size
    return dealt, cards[at:]


def _owing(st: DieBosseData) -> bool:
    """Whether the player on turn has a payment to make (the bill, or an advance)."""
    return st.phase != OVER and bool(st.bill or st.moving)


def _can_pay(st: DieBosseData, hand: list[int]) -> bool:
    """Whether the player on turn could make the payments pending with ``hand``."""
    r = st.rules
    if st.phase == ADVANCE:
        # The advance is being paid (``paying`` holds it): the rest must still cover the bill.
        capital = any(r.capital_slots[c - r.first_action][1] != -2 for c in hand)
        return capital and worth(r, hand) >= st.bill + st.advance_due()
    paid = worth(r, st.paying) if st.phase == PAY else 0
    return worth(r, hand) + paid >= st.bill
