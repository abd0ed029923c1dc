"""Profit distributions: when a profit card is drawn, and once more at the end.

Rulebook "Profit": as soon as a profit card is drawn from the action stack, play pauses; every
concern with shared letters earns a profit share (the amounts are on the profit card: our
``profit_table``); the shares are worked out per player and written on a sheet. The profit
card goes to the discard pile and no replacement is drawn.

Rulebook "Einde en afrekening": after the last company is sold and its buyer's turn is over,
everybody gets one more distribution; only the shares written on the sheet count.
"""

from __future__ import annotations

from tycoon.games.die_bosse.concerns import share, shared
from tycoon.games.die_bosse.state import DieBosseData


def distribute(st: DieBosseData, why: str) -> list[int]:
    """Pay every player's concerns and write the shares on the sheet; the amounts per seat."""
    r = st.rules
    st.distributions += 1
    told = st.log is not None  # narration only when somebody listens
    if told:
        st.say(f"Profit distribution {st.distributions} ({why}).")
    amounts = []
    for seat, columns in enumerate(st.columns):
        parts = []
        total = 0
        for column in columns:
            amount = share(r, column)
            if amount:
                if told:
                    letters = "".join(sorted(shared(r, column)))
                    parts.append(f"{len(column)} companies sharing {letters}: {amount}M")
                total += amount
        st.sheets[seat].append(total)
        amounts.append(total)
        if told:
            detail = f" ({'; '.join(parts)})" if parts else ""
            st.say(f"Seat {seat} writes down {total} million{detail}; {sum(st.sheets[seat])} million in all.")
    return amounts
