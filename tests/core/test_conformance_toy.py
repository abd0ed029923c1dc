"""The conformance suite passes on the toy game, and catches toy games broken on purpose.

Each broken variant below has one bug of a kind a real game could have; the suite must fail on
it with the check that names the bug. A suite that passed them all would be worthless.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from toy_game import FACES, ONE_SIXTH, Concede, DiceRace, DiceRaceState, Face, Hold, Roll, spec_for
from tycoon.agents import RandomAgent
from tycoon.core import registry
from tycoon.core.actions import Action, ActionCodec, action
from tycoon.core.game import JSON, Game, Outcome, State
from tycoon.core.registry import load
from tycoon.testing import ConformanceError, check_game, check_state

SEEDS = range(20)


# -- the real toy game passes -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("concede", [False, True])
def test_dice_race_passes(players: int, concede: bool) -> None:
    report = check_game(load("dice-race", players=players, concede=concede), seeds=SEEDS)

    assert report.games == len(SEEDS)
    assert report.moves >= report.games
    # Every kind of check really ran.
    assert report.states_checked > report.games
    assert report.chance_nodes_checked > 0
    assert report.legal_actions_applied > 0
    assert report.illegal_actions_rejected > 0
    assert report.views_checked >= report.states_checked * (players + 1)
    assert "dice-race: 20 games" in str(report)


def test_check_every_checks_every_kth_state() -> None:
    game = load("dice-race", players=2, target=12)
    dense = check_game(game, seeds=[5], check_every=1, max_checked_states_per_game=10_000)
    sparse = check_game(game, seeds=[5], check_every=4, max_checked_states_per_game=10_000)

    # Every state, the final one included, against every 4th plus the final one.
    assert dense.states_checked == dense.moves + 1
    assert sparse.states_checked == len(range(0, sparse.moves + 1, 4)) + (sparse.moves % 4 != 0)


def test_checked_states_are_bounded_per_game() -> None:
    report = check_game(load("dice-race", players=4), seeds=SEEDS, max_checked_states_per_game=3)

    assert report.states_checked <= 3 * report.games
    assert report.longest_game > 3


def test_custom_agents_are_used() -> None:
    class Cautious:
        """Holds as soon as the turn is worth 6 points."""

        name = "cautious"

        def seed(self, seed: int | str) -> None:
            pass

        def act(self, state: State, seat: int) -> Action:
            assert isinstance(state, DiceRaceState)
            return Hold() if state.turn_points >= 6 else Roll()

    built: list[Game] = []

    def factory(game: Game) -> list[Cautious]:
        built.append(game)
        return [Cautious() for _ in range(game.num_seats)]

    game = load("dice-race", players=3)
    report = check_game(game, seeds=range(3), agents_factory=factory)

    assert report.games == 3
    assert built == [game] * 6  # fresh agents for each play, and again for the determinism check


def test_wrong_number_of_agents_is_a_usage_error() -> None:
    game = load("dice-race", players=3)
    with pytest.raises(ValueError, match="2 agents for 3 seats"):
        check_game(game, seeds=[0], agents_factory=lambda g: [RandomAgent(), RandomAgent()])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"check_every": 0}, "check_every must be 1 or more"),
        ({"max_checked_states_per_game": 1}, "at least 2"),
    ],
)
def test_bad_parameters_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_game(load("dice-race"), seeds=[0], **options)


def test_view_leak_hook_sees_every_seat_view() -> None:
    seen: list[tuple[int, JSON]] = []

    def leak_check(state: State, seat: int, view: JSON) -> None:
        assert view == state.view(seat)
        seen.append((seat, view))

    report = check_game(load("dice-race", players=3), seeds=[1], view_leak_check=leak_check)

    assert {seat for seat, _ in seen} == {0, 1, 2}
    assert len(seen) == 3 * report.states_checked


def test_view_leak_hook_failure_is_reported() -> None:
    def no_scores_of_others(state: State, seat: int, view: JSON) -> None:
        # Pretend the scores were secret: a view may not show them.
        if "scores" in view:
            raise AssertionError("the view shows every seat's score")

    with pytest.raises(ConformanceError) as caught:
        check_game(load("dice-race"), seeds=[3], view_leak_check=no_scores_of_others)

    error = caught.value
    assert error.check == "view-leak"
    assert error.seed == 3
    assert error.moves == 0
    assert "view(0) shows what seat 0 may not see: the view shows every seat's score" in str(error)


def test_check_state_on_a_set_up_scenario() -> None:
    state = load("dice-race", players=3, concede=True).new_state()
    for a in [Roll(), Face(5), Roll()]:
        state.apply(a)
    before = state.fingerprint()

    report = check_state(state, other_actions=[Hold(), Roll(), *FACES])

    assert report.states_checked == 1
    assert report.chance_nodes_checked == 1
    assert report.illegal_actions_rejected > 0
    assert state.fingerprint() == before


def test_conformance_error_names_where_and_pickles() -> None:
    error = ConformanceError("dice-race", 7, 12, "clone", "the clone shares the scores")

    assert str(error) == "dice-race seed 7, after 12 moves: [clone] the clone shares the scores"
    assert isinstance(error, AssertionError)
    again = pickle.loads(pickle.dumps(error))
    assert (again.seed, again.moves, again.check, str(again)) == (7, 12, "clone", str(error))
    assert str(ConformanceError("g", None, 1, "view", "x")) == "g, after 1 move: [view] x"


# -- broken variants --------------------------------------------------------------------------


class SharedScores(DiceRaceState):
    """clone() copies the scores list by reference, so a clone's banking reaches the original."""

    def clone(self) -> DiceRaceState:
        twin = super().clone()
        twin.scores = self.scores
        return twin


class MutatesBeforeRejecting(DiceRaceState):
    """Notes the die before checking that a die may be set at all."""

    def apply(self, action: Action, seat: int | None = None) -> None:
        if isinstance(action, Face):
            self.last_roll = action.value
        super().apply(action, seat)


class LoadedDie(DiceRaceState):
    """Gives each face 1/7: the probabilities sum to 6/7."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(face, Fraction(1, 7)) for face in FACES] if self.rolling else []


class FloatDie(DiceRaceState):
    """Gives probabilities as floats, which cannot sum exactly."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(face, 1 / 6) for face in FACES] if self.rolling else []  # type: ignore[misc]


class ChanceListDiffers(DiceRaceState):
    """legal_actions(CHANCE) forgets the six while chance_outcomes lists it."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        actions = super().legal_actions(seat)
        return [a for a in actions if a != Face(6)]


_unseeded = random.Random()


class RandomInRules(DiceRaceState):
    """Rolls its own die instead of reading chance's outcome: not deterministic."""

    def _land(self, value: int) -> None:
        super()._land(_unseeded.randint(1, 6))


class NeverEnds(DiceRaceState):
    """Rounds are never counted and nobody can reach the target."""

    def _pass_die(self) -> None:
        self.seat = (self.seat + 1) % self.game.num_seats

    def _land(self, value: int) -> None:
        self.rolling = False
        self._pass_die()


class SetInView(DiceRaceState):
    """Puts a set in the view, which JSON cannot hold."""

    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "in_race": {s for s, a in enumerate(self.active) if a}}


class HugeNumberInView(DiceRaceState):
    """Puts a whole number in the view that no 64-bit JSON encoder can send."""

    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "debts": [{"arrears": 2**64 + sum(self.scores)}]}


class LoneSurrogateInView(DiceRaceState):
    """Puts a string in the view that is no UTF-8 text."""

    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "name": "\ud800"}


class ViewSharesScores(DiceRaceState):
    """Hands out its own scores list in the view."""

    def view(self, seat: int | None) -> JSON:
        return {**super().view(seat), "scores": self.scores}


class SplitView(DiceRaceState):
    """Splits its view as a server may share it: everything in common but whose seat it is."""

    def common_view(self) -> JSON:
        return self.view(None)

    def own_view(self, seat: int | None, common: JSON) -> JSON:
        return {} if seat is None else {"you": seat}


class OwnPartDiffers(SplitView):
    """Its own part names a seat for the spectator too, which the spectator's view does not."""

    def own_view(self, seat: int | None, common: JSON) -> JSON:
        return {"you": seat}


class OwnPartChangesCommon(SplitView):
    """Its own part writes into the common part it was given."""

    def own_view(self, seat: int | None, common: JSON) -> JSON:
        common["scores"].append(0)
        return {"scores": list(self.scores), **super().own_view(seat, common)}


class AcceptsAfterTheEnd(DiceRaceState):
    """Forgets to refuse decisions once the race is over."""

    def apply(self, action: Action, seat: int | None = None) -> None:
        winners, self.winners = self.winners, None
        try:
            super().apply(action, seat)
        finally:
            if winners is not None:
                self.winners = winners


class WrongErrorType(DiceRaceState):
    """Raises ValueError rather than IllegalAction for a turn out of order."""

    def _check_turn(self, action: Action, seat: int) -> None:
        if seat != self.seat:
            raise ValueError("not your turn")
        super()._check_turn(action, seat)


class HoldWhileRolling(DiceRaceState):
    """Lists hold for the roller while the die is rolling, but apply refuses it."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        actions = super().legal_actions(seat)
        if self.rolling and seat == self.seat:
            actions.append(Hold())
        return actions


class LegalListForSeatZero(DiceRaceState):
    """legal_actions() without a seat answers for seat 0 instead of the current player."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return super().legal_actions(0 if seat is None else seat)


class CachedLegalList(DiceRaceState):
    """Returns the same list object on each call, so a caller's sort or trim reaches it."""

    _cache: dict[tuple[str, int | None], list[Action]]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if not hasattr(self, "_cache"):
            self._cache = {}
        key = (repr(self.fingerprint()), seat)
        return self._cache.setdefault(key, super().legal_actions(seat))


class LegalAfterTheEnd(DiceRaceState):
    """Still lists hold once the race is over (apply refuses it)."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.winners is not None and seat is not None and seat >= 0:
            return [Hold()]
        return super().legal_actions(seat)


class WinnerOutOfRange(DiceRaceState):
    """Names a seat that does not exist among the winners."""

    def outcome(self) -> Outcome:
        good = super().outcome()
        return Outcome(good.scores, (*good.winners, self.game.num_seats))


class DuplicateFaces(DiceRaceState):
    """Lists each face twice at half the probability: a sum of 1, but each outcome twice."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(f, ONE_SIXTH / 2) for f in FACES for _ in range(2)] if self.rolling else []


@action("shout")
class Shout(Action):
    """Words the text form cannot carry: they hold a space."""

    words: str


class SpacesInText(DiceRaceState):
    """Offers an action whose text form does not parse back."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        actions = super().legal_actions(seat)
        return [*actions, Shout("go go")] if Roll() in actions else actions

    def apply(self, action: Action, seat: int | None = None) -> None:
        if not isinstance(action, Shout):
            super().apply(action, seat)


class FingerprintCountsCalls(DiceRaceState):
    """Puts a call counter in the fingerprint, so two calls never agree."""

    calls = 0

    def fingerprint(self) -> JSON:
        FingerprintCountsCalls.calls += 1
        return {**super().fingerprint(), "calls": FingerprintCountsCalls.calls}


BROKEN: list[tuple[type[DiceRaceState], str]] = [
    (SharedScores, "clone"),
    (MutatesBeforeRejecting, "illegal-rejected"),
    (LoadedDie, "chance"),
    (FloatDie, "chance"),
    (ChanceListDiffers, "chance"),
    (RandomInRules, "determinism"),
    (NeverEnds, "ends"),
    (SetInView, "view"),
    (HugeNumberInView, "view"),
    (LoneSurrogateInView, "view"),
    (ViewSharesScores, "view"),
    (OwnPartDiffers, "view"),
    (OwnPartChangesCommon, "view"),
    (AcceptsAfterTheEnd, "illegal-rejected"),
    (WrongErrorType, "illegal-rejected"),
    (HoldWhileRolling, "legal-applies"),
    (LegalListForSeatZero, "legal-actions"),
    (CachedLegalList, "legal-actions"),
    (LegalAfterTheEnd, "game-over"),
    (WinnerOutOfRange, "outcome"),
    (DuplicateFaces, "chance"),
    (SpacesInText, "codec"),
    (FingerprintCountsCalls, "fingerprint"),
]


def broken_game(state_class: type[DiceRaceState], players: int = 3) -> DiceRace:
    """A dice race whose states are of the broken class, under an id of its own."""

    class Broken(DiceRace):
        id = f"dice-race-{state_class.__name__}"
        codec = ActionCodec([Roll, Hold, Concede, Face, Shout])

        def new_state(self) -> DiceRaceState:
            return state_class(self)

    return Broken(players=players)


@pytest.fixture
def scratch_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the broken games only for the test, so no other test ever loads one."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    yield


@pytest.mark.usefixtures("scratch_registry")
@pytest.mark.parametrize(("state_class", "check"), BROKEN, ids=[c.__name__ for c, _ in BROKEN])
def test_suite_catches_broken_game(state_class: type[DiceRaceState], check: str) -> None:
    game = broken_game(state_class)
    registry.register(spec_for(type(game), game.id))

    with pytest.raises(ConformanceError) as caught:
        check_game(game, seeds=SEEDS, max_actions=2_000)

    error = caught.value
    assert error.check == check, str(error)
    assert error.game_id == game.id
    assert error.seed in SEEDS
    assert f"seed {error.seed}" in str(error)
    assert f"[{check}]" in str(error)


@pytest.mark.usefixtures("scratch_registry")
def test_a_view_split_in_a_common_and_an_own_part_passes() -> None:
    game = broken_game(SplitView)
    registry.register(spec_for(type(game), game.id))

    assert check_game(game, seeds=SEEDS, max_actions=2_000).views_checked > 0


@pytest.mark.usefixtures("scratch_registry")
def test_failure_names_the_first_broken_seed_and_move() -> None:
    game = broken_game(LoadedDie, players=2)
    registry.register(spec_for(type(game), game.id))

    with pytest.raises(ConformanceError) as caught:
        check_game(game, seeds=[11, 12])

    # The first move of a race is seat 0's choice; the first chance node follows a roll.
    error = caught.value
    assert error.seed == 11
    assert error.moves is not None and error.moves >= 1
    assert "sum to 6/7, not exactly 1" in str(error)


def test_unregistered_game_fails_the_replay_check() -> None:
    game = broken_game(DiceRaceState)  # a sound game, but nobody registered its id

    with pytest.raises(ConformanceError) as caught:
        check_game(game, seeds=[0])

    assert caught.value.check == "replay"
    assert "unknown game 'dice-race-DiceRaceState'" in str(caught.value)


@pytest.mark.usefixtures("scratch_registry")
def test_rules_that_crash_are_reported_with_the_move() -> None:
    class CrashOnSix(DiceRaceState):
        def _land(self, value: int) -> None:
            if value == 6:
                raise KeyError("six")
            super()._land(value)

    game = broken_game(CrashOnSix)
    registry.register(spec_for(type(game), game.id))

    with pytest.raises(ConformanceError) as caught:
        check_game(game, seeds=SEEDS)

    error = caught.value
    assert error.check == "plays"
    assert error.moves is not None
    assert "applying the legal action 'face 6' for chance raised KeyError" in str(error)


def test_nondeterministic_agent_is_caught() -> None:
    class Restless(RandomAgent):
        """Ignores the seed it is given."""

        def seed(self, seed: int | str) -> None:
            self.rng.seed()

    game = load("dice-race", players=2)
    with pytest.raises(ConformanceError) as caught:
        check_game(game, seeds=range(5), agents_factory=lambda g: [Restless(), Restless()])

    assert caught.value.check == "determinism"
