"""The Playboss bot in the labour market (Playboss II, "6. Step"), as a business and as the worker
representative (``bot_labour.py``): only legal moves, it beats random play with all six steps
on, and it plays the step sensibly."""

from __future__ import annotations

from tycoon.agents import RandomAgent
from tycoon.core import load, play
from tycoon.core.driver import Agent
from tycoon.games.playboss.actions import Accept, CallStrike, Counter, DoNothing, Hire, OfferWorkers, Roll
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.labour import ACTIVE, CALLED
from tycoon.games.playboss.phases import ANSWER, LABOUR, TURN

from .helpers import end_first_lap, give_machines, labour_of, land_on, new_game, set_cash, space_of
from .test_bot import Checked

SIX = [1, 2, 3, 4, 5, 6]
REP = 2


def game() -> PlaybossState:
    """Seats 0 and 1 run businesses, seat 2 is the worker representative; seat 0 begins."""
    return new_game(3, steps=[6])


def test_the_bot_beats_random_players_with_all_six_steps_on() -> None:
    """200 seeded games of two businesses and the worker representative (played by the bot),
    the bot's business alternating between the seats: it ends ahead of the random agent's
    business in every one of them with these seeds."""
    game6 = load("playboss", players=3, steps=SIX)
    ahead = 0
    for seed in range(200):
        seat = seed % 2
        agents: list[Agent] = [PlaybossBot() if s == seat else RandomAgent() for s in range(2)]
        scores = play(game6, [*agents, PlaybossBot()], seed).state.outcome().scores
        ahead += scores[seat] > scores[1 - seat]
    assert ahead / 200 >= 0.9


def test_the_bot_runs_the_worker_representative_better_than_a_random_agent() -> None:
    """The same 60 seeded games, bot businesses, the representative played by the bot and by a
    random agent: the bot earns more in each (a random representative calls strikes he cannot
    pay for and mostly goes bankrupt)."""
    game6 = load("playboss", players=3, steps=SIX)
    better = 0
    for seed in range(60):
        bot = play(game6, [PlaybossBot(), PlaybossBot(), PlaybossBot()], seed).state.outcome().scores[REP]
        rnd = play(game6, [PlaybossBot(), PlaybossBot(), RandomAgent(seed)], seed).state.outcome().scores[REP]
        better += bot > rnd
    assert better / 60 >= 0.9


def test_the_bot_takes_only_legal_actions_in_the_labour_market() -> None:
    for opts in (
        {"players": 3, "steps": [6]},
        {"players": 5, "steps": SIX, "years": 2},
        {"players": 2, "steps": [6], "representative": 0},
    ):
        game6 = load("playboss", **opts)
        for seed in range(4):
            agents: list[Agent] = [
                Checked(PlaybossBot()) if s % 2 == 0 or seed % 2 else Checked(RandomAgent())
                for s in range(game6.num_seats)
            ]
            assert play(game6, agents, seed, max_actions=20_000).state.is_terminal()


def test_bots_running_businesses_make_money_with_the_labour_market() -> None:
    game6 = load("playboss", players=3, steps=[6])
    profits: list[int] = []
    for seed in range(20):
        profits += play(game6, [PlaybossBot() for _ in range(3)], seed).state.outcome().scores[:2]
    assert sum(profits) / len(profits) > 0


def test_in_the_first_lap_it_hires_for_its_machines_and_one_more() -> None:
    state = game()
    give_machines(state, 0, 1)
    assert PlaybossBot().act(state, 0) == Hire(2)


def test_before_the_first_lap_may_end_it_hires_for_the_game() -> None:
    state = game()
    state.businesses[1].position = len(state.rules.board) - 5  # seat 1 may cross soon
    assert PlaybossBot().act(state, 0) == Hire(2)


def test_it_ends_a_strike_against_it_by_an_agreement_one_salary_step_up() -> None:
    state = game()
    lab = labour_of(state)
    give_machines(state, 0, 1)
    state.apply(Hire(1), 0)
    end_first_lap(state)
    lab.strike[1] = CALLED
    lab.workers[1], lab.removed = 1, lab.removed - 1
    assert state.phase == TURN and state.current_player() == 1
    assert PlaybossBot().act(state, 1) == OfferWorkers(REP, 0, 700)


def test_as_representative_it_accepts_agreements_at_the_starting_salary_or_more() -> None:
    state = game()
    state.apply(Hire(1), 0)
    state.apply(Hire(1), 1)
    end_first_lap(state)
    state.apply(OfferWorkers(REP, 0, 500), 0)
    assert state.phase == ANSWER
    assert PlaybossBot().act(state, REP) == Accept()
    state.apply(Accept(), REP)
    state.apply(OfferWorkers(REP, 0, 400), 1)
    # Below the starting salary it counters: at least that, saying the salary is below the
    # highest agreed (bot_terms: the representative asks the starting salary or more).
    answer = PlaybossBot().act(state, REP)
    assert isinstance(answer, Counter) and answer.terms >= 500 and answer.reason == "salary-below"


def test_as_representative_it_asks_a_prosperous_business_for_a_raise_and_strikes_only_underpayers() -> None:
    state = game()
    lab = labour_of(state)
    state.apply(Hire(1), 0)
    state.apply(Hire(1), 1)
    end_first_lap(state)
    land_on(state, 1, space_of(state, "red", after=6), 2)
    assert state.phase == LABOUR
    set_cash(state, 1, 20_000)
    assert PlaybossBot().act(state, REP) == OfferWorkers(1, 0, 700)
    set_cash(state, 1, 5_000)
    assert PlaybossBot().act(state, REP) == DoNothing()
    lab.wage[0] = 300
    assert PlaybossBot().act(state, REP) == CallStrike(0)


def test_it_never_keeps_a_strike_going_and_never_locks_out() -> None:
    state = game()
    lab = labour_of(state)
    give_machines(state, 0, 1)
    state.apply(Hire(2), 0)
    state.apply(Hire(1), 1)
    lab.strike[1] = ACTIVE  # a lockout is open to seat 0 now
    assert PlaybossBot().act(state, 0) == Roll()
