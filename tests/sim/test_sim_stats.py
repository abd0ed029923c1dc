"""The statistics behind a simulation report."""

from __future__ import annotations

import doctest
import math

import pytest

from tycoon.sim import Summary, wilson_interval


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (50, 100, 0.4038, 0.5962),  # the textbook case
        (0, 10, 0.0, 0.2775),  # Newcombe (1998): no successes, yet the interval has width
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Stat. Med. 17:857, table I
    ],
)
def test_wilson_interval_matches_published_values(wins: float, n: int, low: float, high: float) -> None:
    got = wilson_interval(wins, n)
    assert got == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_wilson_interval_takes_shared_wins() -> None:
    # Ten games, three won outright and one tie of two: 3.5 wins.
    low, high = wilson_interval(3.5, 10)
    assert low < 0.35 < high
    assert (low, high) != wilson_interval(3, 10)


def test_wilson_interval_with_no_games_knows_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError, match="between 0 and the 10 trials"):
        wilson_interval(11, 10)
    with pytest.raises(ValueError, match="cannot be negative"):
        wilson_interval(0, -1)


def test_summary_uses_the_sample_standard_deviation() -> None:
    s = Summary.of([2, 4, 4, 4, 5, 5, 7, 9])
    assert (s.count, s.mean, s.minimum, s.maximum) == (8, 5.0, 2.0, 9.0)
    assert s.sd == pytest.approx(math.sqrt(32 / 7))


def test_summary_of_one_or_no_values() -> None:
    assert Summary.of([7]) == Summary(1, 7.0, 0.0, 7.0, 7.0)
    assert Summary.of([]) == Summary(0, 0.0, 0.0, 0.0, 0.0)


def test_the_docstring_examples_hold() -> None:
    import tycoon.sim.stats

    result = doctest.testmod(tycoon.sim.stats)
    assert result.attempted > 0 and result.failed == 0
