"""Profit distributions: when a profit card is drawn, and once more at the end.

Rulebook "Profit": as soon as a profit card is drawn from the action stack, play pauses; every
concern with shared letters earns a profit share (the amounts are on the profit card: our
``profit_table``); the shares are worked out per player and written on a sheet. The profit
card goes to the discard pile and no replacement is drawn.

Rulebook "Einde en afrekening": after the last company is sold and its buyer's turn is over,
everybody gets one more distribution; only the shares written on the sheet count.
"""

from __future__ import annotations

from tycoon.core.messages import Items, Message, Param, Seat, msg
from tycoon.games.die_bosse.concerns import share, shared
from tycoon.games.die_bosse.state import DieBosseData
from tycoon.games.die_bosse.words import millions


def distribute(st: DieBosseData, why: Message) -> list[int]:
    """Pay every player's concerns and write the shares on the sheet; the amounts per seat."""
    r = st.rules
    st.distributions += 1
    told = st.log is not None  # narration only when somebody listens
    if told:
        st.say(msg("db.say.distribution", n=st.distributions, why=why))
    amounts = []
    for seat, columns in enumerate(st.columns):
        parts: list[Param] = []
        total = 0
        for column in columns:
            amount = share(r, column)
            if amount:
                if told:
                    letters = "".join(sorted(shared(r, column)))
                    parts.append(msg("db.say.share", size=len(column), letters=letters, amount=amount))
                total += amount
        st.sheets[seat].append(total)
        amounts.append(total)
        if told:
            written: dict[str, Param] = {
                "seat": Seat(seat),
                "total": millions(total),
                "all": millions(sum(st.sheets[seat])),
            }
            if parts:
                st.say(msg("db.say.writes_down_shares", shares=Items(tuple(parts)), **written))
            else:
                st.say(msg("db.say.writes_down", **written))
    return amounts
