"""The information checks pass on the toy games, and catch toy games broken on purpose: an
observation that shows another seat's hand, a resample that changes the viewer's own hand, one
that only copies, one that changes the original, one that does not follow its generator, and a
vector alone that is not the observation's."""

from __future__ import annotations

import random
from array import array

import pytest

from toy_cards import OpenCards, OpenCardsState
from toy_game import DiceRace
from tycoon.core.game import Observation
from tycoon.testing.information import InformationError, check_information, has_observation

SEEDS = range(4)


def test_open_cards_passes() -> None:
    report = check_information(OpenCards(3, 9, 2), seeds=SEEDS, require_hidden=True)

    assert report.games == len(SEEDS)
    assert report.observations_checked > report.resamples_checked > 0
    assert 0 < report.resamples_changed < report.resamples_checked  # a finished game hides nothing
    assert report.playouts > 0


def test_dice_race_passes_and_hides_nothing() -> None:
    report = check_information(DiceRace(2), seeds=SEEDS)

    assert report.resamples_checked > 0
    assert report.resamples_changed == 0


def test_a_copy_is_no_resample_of_a_game_with_hidden_hands() -> None:
    class Copy(OpenCardsState):
        def resample(self, seat: int, rng: random.Random) -> OpenCardsState:
            return self.clone()

    with pytest.raises(InformationError, match=r"\[resample-hidden\]"):
        check_information(broken(Copy), seeds=SEEDS, require_hidden=True)


def test_an_observation_showing_another_hand_fails() -> None:
    class Leaky(OpenCardsState):
        def observation(self, seat: int) -> Observation:
            honest = super().observation(seat)
            other = self.hands[(seat + 1) % self.game.num_seats]
            return Observation(honest.vector, f"{honest.text}; the next seat holds {other}")

    with pytest.raises(InformationError, match=r"\[resample-observation\].*text differs"):
        check_information(broken(Leaky), seeds=SEEDS)


def test_a_resample_changing_the_viewers_hand_fails() -> None:
    class Careless(OpenCardsState):
        def resample(self, seat: int, rng: random.Random) -> OpenCardsState:
            # Draws every hand anew, the viewer's too.
            return super().resample((seat + 1) % self.game.num_seats, rng)

    with pytest.raises(InformationError, match=r"\[resample-observation\].*the viewer's hand"):
        check_information(broken(Careless), seeds=SEEDS)


def test_a_resample_changing_the_original_fails() -> None:
    class Mutating(OpenCardsState):
        def resample(self, seat: int, rng: random.Random) -> OpenCardsState:
            twin = super().resample(seat, rng)
            self.deck, twin.deck = twin.deck, self.deck
            return twin

    with pytest.raises(InformationError, match=r"\[resample-unchanged\]"):
        check_information(broken(Mutating), seeds=SEEDS)


def test_a_resample_sharing_lists_with_the_original_fails() -> None:
    class Sharing(OpenCardsState):
        def resample(self, seat: int, rng: random.Random) -> OpenCardsState:
            twin = super().resample(seat, rng)
            twin.laid = self.laid  # laying a card in the resample lays it in the original
            return twin

    with pytest.raises(InformationError, match=r"\[resample-unchanged\].*playing a resample"):
        check_information(broken(Sharing), seeds=SEEDS)


def test_a_resample_drawing_from_elsewhere_fails() -> None:
    elsewhere = random.Random(5)

    class Unseeded(OpenCardsState):
        def resample(self, seat: int, rng: random.Random) -> OpenCardsState:
            return super().resample(seat, elsewhere)

    with pytest.raises(InformationError, match=r"\[resample-determinism\]"):
        check_information(broken(Unseeded), seeds=SEEDS)


def test_a_vector_of_the_wrong_length_or_not_finite_fails() -> None:
    class Short(OpenCardsState):
        def observation(self, seat: int) -> Observation:
            honest = super().observation(seat)
            return Observation(honest.vector[:-1], honest.text)

    class Infinite(OpenCardsState):
        def observation(self, seat: int) -> Observation:
            honest = super().observation(seat)
            return Observation((float("inf"), *honest.vector[1:]), honest.text)

    with pytest.raises(InformationError, match=r"\[observation\].*tuple of"):
        check_information(broken(Short), seeds=SEEDS)
    with pytest.raises(InformationError, match=r"\[observation\].*finite float"):
        check_information(broken(Infinite), seeds=SEEDS)


def test_a_vector_alone_that_differs_from_the_observation_fails() -> None:
    class Drifting(OpenCardsState):
        def observation_vector(self, seat: int) -> array[float]:
            numbers = super().observation_vector(seat)
            numbers[-1] += 1.0
            return numbers

    class Listed(OpenCardsState):
        def observation_vector(self, seat: int) -> array[float]:
            return list(super().observation_vector(seat))  # type: ignore[return-value]

    with pytest.raises(InformationError, match=r"\[observation\].*differs from observation\(\d\)\.vector at entry"):
        check_information(broken(Drifting), seeds=SEEDS)
    with pytest.raises(InformationError, match=r"\[observation\].*must be an array\('d'\), got list"):
        check_information(broken(Listed), seeds=SEEDS)


def test_a_game_without_a_layout_is_recognised() -> None:
    class Silent(OpenCards):
        def observation_layout(self):  # type: ignore[no-untyped-def]
            return super(OpenCards, self).observation_layout()

    assert has_observation(OpenCards()) and not has_observation(Silent())


def broken(state_class: type[OpenCardsState]) -> OpenCards:
    class Broken(OpenCards):
        def new_state(self) -> OpenCardsState:
            return state_class(self)

    return Broken(3, 9, 2)
