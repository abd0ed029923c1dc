"""Playboss's information states: the observation shows the open table from the viewer's seat,
and a resample draws anew only the other seats' personal goals (step 5)."""

from __future__ import annotations

import random

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import play
from tycoon.games.playboss.actions import OfferLoan
from tycoon.games.playboss.deals import OFFERS
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.game import MAX_BUSINESSES, MAX_SEATS
from tycoon.games.playboss.goals import PERSONAL
from tycoon.games.playboss.information import OFFER_FIELDS, OFFER_FIGURES, SEAT_FIGURES
from tycoon.testing.information import check_information

ALL_STEPS = [1, 2, 3, 4, 5, 6]


def midgame(moves: int, seed: int = 3, **options: object) -> PlaybossState:
    game = load("playboss", **options)
    record = play(game, [RandomAgent() for _ in range(game.num_seats)], seed).record
    state = game.new_state()
    for move in record.moves[:moves]:
        state.apply(game.codec.from_json(move.action), move.seat)
    assert isinstance(state, PlaybossState)
    return state


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": MAX_BUSINESSES, "rounds": 2},
        {"players": 3, "rounds": 3, "steps": ALL_STEPS},
        {"players": MAX_SEATS, "rounds": 1, "steps": ALL_STEPS},
    ],
    ids=["2", "max", "steps", "steps-max"],
)
def test_the_information_checks_pass(options: dict[str, object]) -> None:
    report = check_information(load("playboss", **options), seeds=range(2), states_per_game=4, playout_moves=60)

    assert report.resamples_checked > 0 and report.playouts > 0


def test_a_resample_draws_the_other_goals_anew() -> None:
    report = check_information(
        load("playboss", players=3, rounds=2, steps=[5]), seeds=range(2), states_per_game=6, require_hidden=True
    )

    assert report.resamples_changed > 0


def test_the_vector_has_the_layouts_length_for_every_configuration() -> None:
    for options in ({"players": 1}, {"players": 4}, {"players": 9, "steps": ALL_STEPS}):
        state = midgame(40, **options)
        layout = state.game.observation_layout()
        n = state.game.num_seats

        assert all(len(state.observation(seat).vector) == sum(s.size for s in layout) for seat in range(n))
        assert sum(s.size == n and s.name.endswith("from the viewer on") for s in layout) >= len(SEAT_FIGURES)


def test_a_change_of_cash_changes_the_observation() -> None:
    state = midgame(60, players=3)
    seen = [state.observation(seat) for seat in range(3)]
    state.businesses[1].cash += 500

    assert all(state.observation(seat).vector != seen[seat].vector for seat in range(3))
    # Seat 1's cash stands first for seat 1, second for seat 0 and third for seat 2.
    cash = _cash_at(state)
    changes = [state.observation(s).vector[cash + (1 - s) % 3] - seen[s].vector[cash + (1 - s) % 3] for s in range(3)]
    assert changes == [500.0] * 3


def _cash_at(state: PlaybossState) -> int:
    at = 0
    for segment in state.game.observation_layout():
        if segment.name.startswith("cash"):
            return at
        at += segment.size
    raise AssertionError("no cash segment")


def test_another_seats_goal_does_not_show_until_the_game_is_over() -> None:
    state = midgame(30, players=3, steps=[5])
    state.businesses[1].goal, state.businesses[0].goal = PERSONAL[0], PERSONAL[1]
    seen = state.observation(0)
    state.businesses[1].goal = PERSONAL[2]

    assert state.observation(0) == seen
    state.businesses[0].goal = PERSONAL[3]  # the viewer's own goal does show
    assert state.observation(0).vector != seen.vector


def test_the_same_seed_gives_the_same_resample() -> None:
    state = midgame(30, players=4, steps=[5])
    for b in state.businesses:
        b.goal = PERSONAL[0]

    first = state.resample(0, random.Random(7))
    assert state.resample(0, random.Random(7)).fingerprint() == first.fingerprint()
    assert first.businesses[0].goal == PERSONAL[0]
    assert any(state.resample(0, random.Random(k)).fingerprint() != first.fingerprint() for k in range(8, 14))
    assert all(b.goal == PERSONAL[0] for b in state.businesses)  # the original is untouched


def test_a_resample_without_personal_goals_is_the_state_itself() -> None:
    state = midgame(80, players=3)

    assert state.resample(2, random.Random(1)).fingerprint() == state.fingerprint()


def test_an_open_offer_shows_its_kind_and_figures() -> None:
    state = midgame(60, players=3)
    seen = state.observation(0).vector
    state.deals.offer, state.deals.offerer = OfferLoan(to=0, amount=3000, interest=5, fee=200, laps=2, lend=True), 2
    vector = state.observation(0).vector
    at = len(vector) - OFFER_FIGURES - 2 * 3 - len(OFFERS)

    assert seen[at:] == (0.0,) * len(seen[at:])
    assert vector[at:] == (0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 3000.0, 5.0, 200.0, 2.0, 1.0)


def test_every_offer_has_room_for_its_figures() -> None:
    assert max(len(fields) for fields in OFFER_FIELDS.values()) == OFFER_FIGURES
