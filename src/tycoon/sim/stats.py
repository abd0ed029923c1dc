"""The statistics a simulation reports: win-rate intervals and summaries of samples.

Standard library only, so a report can be computed wherever the games are played.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    ``successes`` may be fractional: a tie shared by ``k`` seats counts ``1/k`` win to each.
    With no trials nothing is known and the interval is ``(0.0, 1.0)``.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    if trials < 0:
        raise ValueError(f"the number of trials cannot be negative, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie between 0 and the {trials} trials, got {successes}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Summary:
    """Mean, sample standard deviation, minimum and maximum of a sample of numbers."""

    count: int
    """How many values the sample holds."""
    mean: float
    """The arithmetic mean (0.0 for an empty sample)."""
    sd: float
    """The sample standard deviation (divisor ``count - 1``); 0.0 with fewer than 2 values."""
    minimum: float
    """The smallest value (0.0 for an empty sample)."""
    maximum: float
    """The largest value (0.0 for an empty sample)."""

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        """Summarise ``values``.

        >>> Summary.of([2, 4, 4, 4, 5, 5, 7, 9])
        Summary(count=8, mean=5.0, sd=2.138089935299395, minimum=2.0, maximum=9.0)
        """
        if not values:
            return cls(0, 0.0, 0.0, 0.0, 0.0)
        sd = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(
            len(values),
            float(statistics.fmean(values)),
            float(sd),
            float(min(values)),
            float(max(values)),
        )
