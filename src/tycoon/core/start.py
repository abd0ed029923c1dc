"""Who begins, where every player rolls the die for it and the highest begins (Playboss,
Biznes po polsku): the contenders roll one after the other, and those tied for the highest
number roll again, until one rolled highest alone.

A game keeps the rolls on its state (``StartRolling``) and draws each roll as chance; it hands
each roll to :func:`roll_for_start` and starts the game with the seat that answers.
"""

from __future__ import annotations

from typing import Protocol

from tycoon.core.messages import Items, Seat, Text, msg


class StartRolling(Protocol):
    """The fields of a state that the start roll keeps."""

    setup_rolls: list[int]
    """Each seat's last roll for the start."""
    contenders: list[int]
    """The seats rolling for the start (after a tie, only those tied), in the order they roll."""
    roller: int
    """Index into ``contenders`` of the seat to roll next."""

    def say(self, text: Text) -> None:
        """Narrate an event, if anybody listens."""


def roll_for_start(st: StartRolling, pips: int, words: tuple[str, str] | None = None) -> int | None:
    """The contender whose turn it is rolled ``pips``: the seat that begins once every
    contender has rolled and one rolled highest alone, else ``None`` (the next contender rolls,
    or those tied roll again). ``words``: the catalogue keys of the game's messages for a roll
    (``seat``, ``pips``) and a tie (``seats``, ``pips``); without them, English sentences."""
    seat = st.contenders[st.roller]
    st.setup_rolls[seat] = pips
    st.say(msg(words[0], seat=Seat(seat), pips=pips) if words else f"Seat {seat} rolls {pips} for the start.")
    st.roller += 1
    if st.roller < len(st.contenders):
        return None
    best = max(st.setup_rolls[s] for s in st.contenders)
    tied = [s for s in st.contenders if st.setup_rolls[s] == best]
    if len(tied) == 1:
        return tied[0]
    if words:
        st.say(msg(words[1], seats=Items(tuple(Seat(s) for s in tied)), pips=best))
    else:
        # Each seat as "seat N", as the narration names a player everywhere, so that every
        # client puts the player's name in.
        named = [f"seat {s}" for s in tied]
        who = f"{', '.join(named[:-1])} and {named[-1]}"
        st.say(f"{who[0].upper()}{who[1:]} tie with {best} and roll again.")
    st.contenders = tied
    st.roller = 0
    return None
