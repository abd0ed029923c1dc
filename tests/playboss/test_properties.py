"""Conservation laws of Playboss over random games (Hypothesis), checked after every action.

Playboss, "Game Materials": 40 products, 20 machines, 8 computers, 30 WEB chips; nothing is
created or lost. Money moves only between the bank and the businesses, through the bank's
ledger. Random agents play every seat; besides the pending decisions, players use the "at any
time" options (selling to the bank, credit, WEB options, computers) on other players' turns
and during chance, as the rulebook allows.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.core.actions import Action
from tycoon.games.playboss.actions import ANYTIME, DEALS, Accept, BuyComputer, Invest, OfferBusiness, OfferLoan
from tycoon.games.playboss.actions import Borrow as BorrowAction
from tycoon.games.playboss.business import NO_COMPUTER, OWN
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import AUCTION, RAISE, UNDERBIDDING

from .helpers import check_books, options

MAX_ACTIONS = 20_000
CLONE_EVERY = 37
"""Clone independence is checked at every this-many-th action (a deep comparison is slow)."""


def borrowed(action: Action) -> int:
    """Marks of bank credit ``action`` takes (0 for everything else)."""
    if isinstance(action, BorrowAction):
        return action.amount
    if isinstance(action, (Invest, BuyComputer)):
        return action.credit
    return 0


def check_invariants(state: PlaybossState, outside_play: int, credit: list[int]) -> None:
    # 40 products (market + warehouses + auction table + outside play), 20 machines, 8 computers,
    # 30 WEBs (2 per leased computer lie on the board), money only through the bank's ledger,
    # no negative cash.
    check_books(state)
    assert state.outside_play == outside_play
    assert state.bank_machines >= 0 and state.bank_computers >= 0 and state.bank_webs >= 0
    for b, taken in zip(state.businesses, credit, strict=True):
        assert 0 <= b.debt <= taken, f"seat {b.seat} owes {b.debt} but borrowed {taken} in all"
        assert b.raw >= 0 and b.finished >= 0 and b.webs >= 0
        if b.bankrupt and not (state.auction and state.auction.debtor == b.seat):
            assert (b.debt, b.raw, b.finished, b.webs, b.machines, b.computer) == (0, 0, 0, 0, [], NO_COMPUTER)
            assert b.seat not in state.expansion.troughs
        assert 0 <= b.fresh <= b.finished or b.seat != state.turn_seat
    # Private loans: every Mark lent is one owed; "Loans given" and "Other debt" agree.
    loans = state.deals.loans
    assert all(x.amount >= 0 and x.arrears >= 0 and x.owed() > 0 for x in loans)
    seats = range(len(state.businesses))
    given_total = sum(state.balance_sheet(s).loans_given for s in seats)
    assert given_total == sum(state.balance_sheet(s).other_debt for s in seats)
    # A bankrupt business's loans end with its auction: those it gave pass to the bank at once,
    # those it owes are settled after the bank.
    debtor = state.auction.debtor if state.auction else -1
    assert all(not state.businesses[x.lender].bankrupt for x in loans)
    assert all(not state.businesses[x.borrower].bankrupt or x.borrower == debtor for x in loans)
    # Leased machines (decision 0007): each stands in one factory (counted there by check_books)
    # and once more in its owner's books; no lease outlives a bankruptcy of either side.
    leased = [(m.lessor, x.seat, m) for x in state.businesses for m in x.machines if m.lessor != OWN]
    for b in state.businesses:
        assert b.leased_out == sum(lessor == b.seat for lessor, _, _ in leased)
    for lessor, lessee, m in leased:
        assert lessor != lessee and not state.businesses[lessor].bankrupt
        assert not state.businesses[lessee].bankrupt and m.rent >= 0
    owned = sum(b.machines_owned() for b in state.businesses)
    assert owned == sum(len(b.machines) for b in state.businesses)


def check_clone(state: PlaybossState, rng: random.Random) -> tuple[PlaybossState, dict[str, Any]]:
    """A clone equals its original, and acting on it leaves the original untouched. Returns
    the clone and its fingerprint, to check later that acting on the original leaves the clone
    untouched too."""
    before = copy.deepcopy(state.fingerprint())
    twin = state.clone()
    assert twin.fingerprint() == before
    other = twin.clone()
    seat = other.current_player()
    actions = options(other, seat)
    if actions:
        other.apply(rng.choice(actions), seat)
    assert state.fingerprint() == before
    assert twin.fingerprint() == before
    return twin, before


class SteadyAgent:
    """A random player that mostly takes the pending decision and only now and then an "at any
    time" option, so that its business lives long enough to own machines, lease computers and
    reach the write-off field (a uniformly random player soon ruins itself)."""

    name = "steady"

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def act(self, state: PlaybossState, seat: int) -> Action:
        actions = options(state, seat)
        decisions = [a for a in actions if not isinstance(a, (*ANYTIME, *DEALS))]
        if decisions and self.rng.random() < 0.9:
            actions = decisions
        return self.rng.choice(actions)


def play_checked(
    seed: int, players: int, length: dict[str, int], steady: bool = False, steps: tuple[int, ...] = ()
) -> PlaybossState:
    opts: dict[str, object] = {"steps": list(steps)} if steps else {}
    state = load("playboss", players=players, **length, **opts).new_state()
    assert isinstance(state, PlaybossState)
    rng = random.Random(seed)
    kind = SteadyAgent if steady else RandomAgent
    bystander_rate = 0.03 if steady else 0.25
    agents = [kind(f"{seed}:{s}") for s in range(players)]
    outside_play = 20 if players < 5 else 0
    credit = [0] * players
    check_invariants(state, outside_play, credit)
    twin: PlaybossState | None = None
    twin_print: dict[str, Any] = {}
    for count in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        current = state.current_player()
        bystanders = [s for s, b in enumerate(state.businesses) if not b.bankrupt and s != current]
        busy = state.phase in (AUCTION, RAISE, UNDERBIDDING)  # when others' options matter most
        if bystanders and rng.random() < (0.5 if busy else bystander_rate):
            # Somebody whose decision is not pending uses an "at any time" option.
            seat = rng.choice(bystanders)
            choices = options(state, seat)
            if not choices:
                continue
            action = rng.choice(choices)
        elif current == CHANCE:
            seat, action = CHANCE, sample_chance(state, rng)
        else:
            seat, action = current, agents[current].act(state, current)
        lent = [(x.lender, x.borrower, x.owed()) for x in state.deals.loans]
        solvent = [not b.bankrupt for b in state.businesses]
        offer, offerer = state.deals.offer, state.deals.offerer
        if isinstance(offer, OfferLoan) and isinstance(action, Accept):
            # The loan agreed now may pass to the bank at once, if the payment it serves makes
            # the lender bankrupt within the same action.
            lender, borrower = (offerer, offer.to) if offer.lend else (offer.to, offerer)
            lent.append((lender, borrower, offer.amount))
        state.apply(action, seat)
        if isinstance(offer, OfferBusiness) and isinstance(action, Accept):
            # A takeover: the buyer took over the seller's bank debt (decision 0009).
            buyer, seller = (offerer, offer.to) if offer.buy else (offer.to, offerer)
            credit[buyer] += credit[seller]
            credit[seller] = 0
        if seat != CHANCE:
            credit[seat] += borrowed(action)
        for lender, borrower, owed in lent:
            # A bankrupt lender's loans pass to the bank: the borrower owes it instead.
            if solvent[lender] and state.businesses[lender].bankrupt and solvent[borrower]:
                credit[borrower] += owed
        check_invariants(state, outside_play, credit)
        if twin is not None:
            assert twin.fingerprint() == twin_print, "acting on a state changed its clone"
        twin = None
        if count % CLONE_EVERY == 0:
            twin, twin_print = check_clone(state, rng)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    steady=st.booleans(),
    players=st.integers(min_value=1, max_value=8),
    length=st.one_of(
        st.builds(lambda n: {"years": n}, st.integers(min_value=1, max_value=2)),
        st.builds(lambda n: {"rounds": n}, st.integers(min_value=1, max_value=12)),
    ),
)
def test_components_and_money_are_conserved_in_random_games(
    seed: int, steady: bool, players: int, length: dict[str, int]
) -> None:
    """Playboss, "Game Materials" and I, "Lines of Credit" / "Repurchase Value" / "End of the Game"."""
    state = play_checked(seed, players, length, steady)

    outcome = state.outcome()
    assert len(outcome.scores) == players
    assert set(outcome.eliminated) == {s for s, b in enumerate(state.businesses) if b.bankrupt}
    assert outcome.scores == tuple(state.balance_sheet(s).profit for s in range(players))


@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    steady=st.booleans(),
    players=st.integers(min_value=1, max_value=9),
    steps=st.sets(st.sampled_from((1, 2, 3, 4, 5, 6)), min_size=1).map(lambda s: tuple(sorted(s))),
    length=st.one_of(
        st.builds(lambda n: {"years": n}, st.integers(min_value=1, max_value=2)),
        st.builds(lambda n: {"rounds": n}, st.integers(min_value=1, max_value=12)),
    ),
)
def test_components_and_money_are_conserved_with_expansion_steps(
    seed: int, steady: bool, players: int, steps: tuple[int, ...], length: dict[str, int]
) -> None:
    """Playboss, "Game Materials", with any combination of the six steps (Playboss II): products
    offered in the free market stay in the warehouses until sold, products under a purchase
    auction stay on the market until sold, WEBs lie in the marketing troughs, taxes and
    marketing costs go to the bank; with step 6 the 20 workers are with the representative, in
    the businesses or out of play, and the unemployment fund's Marks are counted."""
    # With step 6 a seat for the worker representative; 8 businesses at most (the ninth seat is his).
    players = max(players, 2) if 6 in steps else min(players, 8)
    state = play_checked(seed, players, length, steady, steps)
    assert state.outcome().scores == tuple(state.balance_sheet(s).profit for s in range(players))
    for b in state.businesses:
        if b.seat == state.game.representative:
            assert b.capital_received == 0  # he does not get a business to start
            continue
        assert b.capital_received == 20_000
        if 4 in steps and not b.bankrupt:
            assert len(b.statements) == b.laps


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.integers(min_value=5, max_value=8))
def test_full_length_games_with_a_full_market_conserve_everything(seed: int, players: int) -> None:
    """Playboss, "Game Materials" and I, "Preparation for Play": the default three-year game
    with 5 or more players, whose market starts full."""
    play_checked(seed, players, {"years": 3}, steady=True)
