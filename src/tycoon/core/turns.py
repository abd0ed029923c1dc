"""Where the turn goes next, in games played in seat order in which a seat may drop out
(Playboss, Biznes po polsku): a round is complete when the turn passes the seat that began."""

from __future__ import annotations

from collections.abc import Sequence


def pass_turn(turn_seat: int, start_seat: int, playing: Sequence[bool]) -> tuple[int, int, bool]:
    """Where the turn goes from ``turn_seat``: the next seat in seat order still playing
    (``playing[seat]``), how many seats on it is, and whether on the way the turn passes
    ``start_seat`` again, completing a round. With no other seat playing the turn goes all the
    way round, back to ``turn_seat``."""
    n = len(playing)
    offset = (turn_seat - start_seat) % n
    nxt, k = turn_seat, 0
    for k in range(1, n + 1):
        nxt = (turn_seat + k) % n
        if playing[nxt]:
            break
    return nxt, k, offset + k >= n
