"""Actions in the game's own words, as each seat may read them."""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.games.die_bosse.actions import Discard, Draw, Remove


def describe(action: Action, viewer: int | None = None) -> str:
    """A reading of ``action`` that tells nothing hidden: the cards drawn, taken out or given
    up stay secret when the terminal tells the move to everybody."""
    if isinstance(action, Draw):
        return "an action card is drawn"
    if isinstance(action, Remove):
        return "an industry card is taken out unseen"
    if isinstance(action, Discard):
        return "give up an action card"
    return str(action)
