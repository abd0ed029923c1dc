"""How the game's messages write amounts, counts and seats: ``1,600 zł``, ``1 turn``, ``2
turns``, ``seat 1 and seat 3``. Seats are written ``seat N`` (from 0) one by one, so a front end
can put each player's name in its place. Imports nothing of the game."""

from __future__ import annotations

from collections.abc import Sequence


def zl(amount: int) -> str:
    """``1,600 zł``."""
    return f"{amount:,} zł"


def turns(n: int) -> str:
    """``1 turn``, ``2 turns``."""
    return f"{n} turn" if n == 1 else f"{n} turns"


def seats_and(seats: Sequence[int]) -> str:
    """``seat 1``, ``seat 1 and seat 3``, ``seat 0, seat 1 and seat 3``."""
    names = [f"seat {s}" for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
