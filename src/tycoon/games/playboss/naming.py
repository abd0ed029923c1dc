"""Playboss's words as message parameters: amounts in Marks, and the catalogue keys the
narration, the labels and the refusals share.

The rules tell what happens in messages (``tycoon.core.messages``); the catalogues
(``server/client/messages/playboss/<lang>.json``, keys ``pb.…``) hold the words, in German the
edition's own (Mark, WEB-Chips, Risikokarten; ``docs/glossary.md``). Imports nothing of the game.
"""

from __future__ import annotations

from tycoon.core.messages import Money

MARK = "pb.unit.mark"
"""The catalogue key that writes an amount of Marks (``12,500 Marks``, ``12.500 Mark``)."""


def money(amount: int) -> Money:
    """An amount of Marks, as the catalogue writes it."""
    return Money(amount, MARK)
