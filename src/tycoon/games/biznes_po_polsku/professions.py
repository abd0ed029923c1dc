"""Professions, dismissal, the employment office and the welfare benefit.

Rulebook, "Profession (ZAWÓD)" and "Dismissal (ZWOLNIENIE) and the Employment Office". The
salary itself is paid by the movement (``track.move``): on passing or stopping on the space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.messages import Seat, msg
from tycoon.games.biznes_po_polsku import naming
from tycoon.games.biznes_po_polsku.phases import BANK, JOB
from tycoon.games.biznes_po_polsku.players import OFFICE, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState


def land(st: BiznesState, p: Player, n: int) -> None:
    """``p`` stops on profession ``n``: may take it, or pays its fee."""
    space = st.rules.space(n)
    holder = st.job_holder[n]
    if holder == p.seat:
        return
    if holder != BANK:
        # "every player who has chosen a profession receives a fee from any player who stops
        # on the space of that profession."
        st.charge(p, space.fee, f"services {n}", holder)
    elif p.profession:
        # "If a player has chosen his profession and stops on another, unoccupied profession
        # space, he pays the fee stated there to the BANK."
        st.charge(p, space.fee, f"services {n}")
    else:
        # "a player who stops on a Profession space for the first time does not have to choose it."
        st.decide(JOB, p.seat)


def take(st: BiznesState, p: Player, n: int) -> None:
    """``p`` takes the free profession ``n``."""
    p.profession = n
    st.job_holder[n] = p.seat
    st.say(msg("bp.say.becomes", seat=Seat(p.seat), job=naming.job(st.rules, n)))
    if p.welfare:
        # "upon accepting a PROFESSION card he returns the WELFARE BENEFIT card."
        p.welfare = False
        st.bank_welfare += 1
        st.say(msg("bp.say.returns_welfare", seat=Seat(p.seat)))


def dismiss(st: BiznesState, p: Player) -> None:
    """The DISMISSAL space or the "Staff reduction" card: lose the profession, return the
    INSURANCE card, go to the EMPLOYMENT OFFICE and wait one round there. A player without a
    profession has no job to lose and is not affected (designed reading)."""
    if not p.profession:
        st.say(msg("bp.say.no_job", seat=Seat(p.seat)))
        return
    st.say(msg("bp.say.dismissed", seat=Seat(p.seat), job=naming.job(st.rules, p.profession)))
    st.job_holder[p.profession] = BANK
    p.profession = 0
    st.return_insurance(p)
    p.position = OFFICE
    p.wait = max(p.wait, 1)
    st.say(msg("bp.say.employment_office", seat=Seat(p.seat)))
