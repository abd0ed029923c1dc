"""Bargaining in Playboss: a counter-offer is a deal the offerer could have offered and can
honour, better for the seat countering; reasons hold and name nothing hidden (a personal goal
of step 5); the bots answer with reasons and figures, make offers of their own, and replay the
same from the same seed (docs/decisions/0032-bots-that-negotiate.md)."""

from __future__ import annotations

from tycoon.agents import RandomAgent
from tycoon.core import load, play
from tycoon.core.actions import Action
from tycoon.core.driver import Agent
from tycoon.core.game import Game, State
from tycoon.games.playboss import deals, reasons
from tycoon.games.playboss.actions import Accept, Counter, Decline, DeclineBecause, OfferLoan, OfferTrade
from tycoon.games.playboss.bot import AnsweringBot, PlaybossBot
from tycoon.games.playboss.bot_easy import EasyPlaybossBot
from tycoon.games.playboss.bot_terms import _PREFERRED
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import ANSWER, COUNTER, TURN
from tycoon.testing.negotiation import check_reasons

from .helpers import give_machines, give_products, new_game, told

ALL_STEPS = (1, 2, 3, 4, 5, 6)


def bots(game: Game) -> list[Agent]:
    """Bots that bargain, normal and beginners."""
    return [PlaybossBot() if s % 2 == 0 else EasyPlaybossBot() for s in range(game.num_seats)]


def bots_and_random(game: Game) -> list[Agent]:
    """Bots that bargain, and random players, whose offers a bot declines or counters."""
    return [PlaybossBot() if s % 2 == 0 else RandomAgent() for s in range(game.num_seats)]


class Watching:
    """An agent that notes, before each of its moves, the state it moved in."""

    def __init__(self, agent: Agent, seen: list[tuple[State, int, Action]]) -> None:
        self.agent, self.seen, self.name = agent, seen, agent.name

    def seed(self, seed: int | str) -> None:
        self.agent.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        action = self.agent.act(state, seat)
        self.seen.append((state.clone(), seat, action))
        return action


def test_every_counter_offer_is_a_deal_the_offerer_could_offer_and_honour() -> None:
    seen: list[tuple[State, int, Action]] = []
    for seed in range(6):
        for steps in ((), ALL_STEPS):
            game = load("playboss", players=4, steps=steps)
            play(game, [Watching(a, seen) for a in bots_and_random(game)], seed)
    counters = [(st, seat, a) for st, seat, a in seen if isinstance(a, Counter)]
    assert len(counters) >= 10, len(counters)
    for st, seat, counter in counters:
        assert isinstance(st, PlaybossState) and isinstance(counter, Counter)
        d = st.deals
        assert st.phase == ANSWER and d.offer is not None and d.counter is None
        made = deals.countered(d.offer, counter.terms)
        # The offerer, with no offer open and none made since the last roll, could offer it.
        could = st.clone()
        could.phase, could.pending = d.resume
        could.deals.offer, could.deals.offerer = None, -1
        could.deals.last_offer[d.offerer] = -1
        assert deals.offer_refusal(could, could.businesses[d.offerer], made) is None, (made, counter)
        # Better for the seat countering than the offer: it pays less, or is paid more.
        pays = reasons.payer_of(st, d.offer, d.offerer) == seat
        assert counter.terms < deals.terms_of(d.offer) if pays else counter.terms > deals.terms_of(d.offer)
        # The offerer may accept it, and then the deal is done at the counter-offer's terms.
        after = st.clone()
        after.apply(counter, seat)
        assert after.phase == COUNTER and after.pending == d.offerer
        assert after.legal_actions(d.offerer)[:2] == [Accept(), Decline()]
        after.apply(Accept(), d.offerer)
        assert after.deals.offer is None and after.deals.counter is None


def test_reasons_name_nothing_hidden_in_games_of_bots_and_of_bots_and_random_players() -> None:
    """With step 5 every seat holds a personal goal the others may not see."""
    game = load("playboss", players=4, steps=ALL_STEPS)
    assert check_reasons(game, bots_and_random, range(4)) > 20
    assert check_reasons(load("playboss", players=4), bots_and_random, range(3)) > 10
    assert check_reasons(game, bots, range(3)) > 0


def test_a_bot_asked_for_a_cheap_loan_counters_at_the_interest_it_asks_and_says_why() -> None:
    state = new_game(4)
    state.log = []
    state.apply(OfferLoan(1, 3_000, 5, 0, 2, False), 0)  # seat 0 asks seat 1 for a loan at 5%
    answer = PlaybossBot().act(state, 1)
    assert isinstance(answer, Counter) and answer.terms > 5
    state.apply(answer, 1)
    assert told(state)[-1].startswith(
        f"Seat 1 declines: 5% on a loan of 3,000 Marks over 2 crossings of start is less than the {answer.terms}% "
        "seat 1 asks"
    )
    assert state.phase == COUNTER and state.pending == 0
    table = state.view(2)["deals"]["offer"]
    assert table["counter"] and table["was"]["offer"]["interest"] == 5 and table["offer"]["interest"] == answer.terms
    state.apply(Accept(), 0)
    assert state.phase == TURN and state.pending == 0
    loan = state.deals.loans[-1]
    assert (loan.lender, loan.borrower, loan.amount, loan.interest) == (1, 0, 3_000, answer.terms)


def test_a_bot_with_no_use_for_a_deal_declines_it_without_a_counter_offer() -> None:
    """Offered a loan while it holds plenty of cash, the bot says so; it does not ask to be paid
    to borrow, nor to borrow for nothing."""
    state = new_game(4)
    state.log = []
    state.apply(OfferLoan(1, 3_000, 5, 0, 2, True), 0)
    answer = PlaybossBot().act(state, 1)
    assert answer == DeclineBecause("cash-in-hand")
    state.apply(answer, 1)
    assert told(state)[-1] == "Seat 1 declines seat 0's offer: seat 1 holds 10,000 Marks in cash itself."


def test_a_bot_sells_spare_raw_products_at_its_price_and_accepts_a_fair_one() -> None:
    state = new_game(4)
    give_machines(state, 1)
    give_products(state, 1, raw=12)
    state.apply(OfferTrade(1, "raw", 3, 300, False), 0)
    answer = PlaybossBot().act(state, 1)
    assert isinstance(answer, Counter) and answer.terms > 300
    fair = new_game(4)
    give_machines(fair, 1)
    give_products(fair, 1, raw=12)
    fair.apply(OfferTrade(1, "raw", 3, answer.terms, False), 0)
    assert PlaybossBot().act(fair, 1) == Accept()


def test_bots_that_bargain_replay_the_same_game_from_the_same_seed() -> None:
    for steps in ((), ALL_STEPS):
        game = load("playboss", players=4, steps=steps)
        for seed in (3, 4):
            first = play(game, [PlaybossBot(), AnsweringBot(), PlaybossBot(), RandomAgent()], seed).record.moves
            again = play(game, [PlaybossBot(), AnsweringBot(), PlaybossBot(), RandomAgent()], seed).record.moves
            assert first == again


def test_bots_make_offers_of_their_own_and_take_what_other_bots_offer() -> None:
    kinds: list[str] = []
    for seed in range(4):
        game = load("playboss", players=4)
        moves = play(game, [PlaybossBot() for _ in range(4)], seed).record.moves
        kinds += [str(m.action["kind"]) for m in moves]
    offers = [k for k in kinds if k.startswith("offer-")]
    assert len(offers) >= 8
    assert kinds.count("accept") * 3 >= len(offers)


def test_the_bot_that_only_answers_never_offers_nor_counters() -> None:
    game = load("playboss", players=4)
    answered = 0
    for seed in range(4):
        moves = play(game, [AnsweringBot(), PlaybossBot(), AnsweringBot(), RandomAgent()], seed).record.moves
        own = [str(m.action["kind"]) for m in moves if m.seat in (0, 2)]
        assert not [k for k in own if k.startswith("offer-") or k == "counter"]
        answered += sum(k in ("accept", "decline-because") for k in own)
    assert answered > 0


def test_the_bots_order_of_reasons_names_every_reason_of_the_catalogue_once() -> None:
    """The bot's order of preference and the catalogue list one set of reasons: a reason
    added to the catalogue and not to the order would never be given, and one in the order
    but not the catalogue would have no words."""
    assert len(set(_PREFERRED)) == len(_PREFERRED)
    assert {*_PREFERRED, reasons.NEUTRAL} == set(reasons.REASONS.keys)
    assert reasons.NEUTRAL not in _PREFERRED
