"""The track: moving a pawn, and what passing a space brings.

Rulebook, "Meaning of the Track Spaces and Cards"; the corner and penalty spaces as the board
prints them (research 3.3). Passing a space means moving over it or stopping on it, except for
START, whose welfare benefit is paid only on passing it and is forfeited by stopping there
(rulebook, "Dismissal"). What a space does once the pawn stops is ``board.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.messages import Seat, msg
from tycoon.games.biznes_po_polsku import naming
from tycoon.games.biznes_po_polsku.players import Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

SIZE = 40
"""Spaces on the track, numbered 1 to 40 from START."""


def ahead(position: int, steps: int) -> int:
    """The space ``steps`` spaces after ``position`` (1 to 40, round the track)."""
    return (position - 1 + steps) % SIZE + 1


def move(st: BiznesState, p: Player, steps: int) -> None:
    """Move ``p`` forward ``steps`` spaces, collecting what passing brings on the way."""
    r = st.rules
    start = p.position
    offices = st.office_holder
    for i in range(1, steps + 1):
        n = (start - 1 + i) % SIZE + 1
        if n == 1 and i < steps and p.welfare:
            st.income(p, r.welfare, "welfare")
        if n == p.profession:
            st.income(p, r.space(n).salary, f"salary {n}")
        post = r.post_of.get(n)
        if post is not None and offices[post] == p.seat:
            st.income(p, r.space(n).allowance, f"allowance {n}")
    p.position = ahead(start, steps)
    if st.log is not None:
        st.say(msg("bp.say.moves", seat=Seat(p.seat), n=p.position, space=naming.space(r, p.position)))


def immune(st: BiznesState, p: Player) -> bool:
    """Rulebook, "MP": "An MP cannot be punished or detained by the police. An MP cannot go to prison." """
    return st.office_holder["mp"] == p.seat
