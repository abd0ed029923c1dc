"""How the game's messages write amounts, counts, articles and seats: ``1,600 zł``, ``1 turn``,
``2 turns``, ``an accountant``, ``seat 1 and seat 3``. Seats are written ``seat N`` (from 0) one by one, so a front end
can put each player's name in its place. Imports nothing of the game."""

from __future__ import annotations

from collections.abc import Sequence


def zl(amount: int) -> str:
    """``1,600 zł``."""
    return f"{amount:,} zł"


def counted(n: int, noun: str) -> str:
    """``1 space``, ``6 spaces``: a count with its noun in agreement."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def turns(n: int) -> str:
    """``1 turn``, ``2 turns``."""
    return counted(n, "turn")


def seats_and(seats: Sequence[int]) -> str:
    """``seat 1``, ``seat 1 and seat 3``, ``seat 0, seat 1 and seat 3``."""
    names = [f"seat {s}" for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


AN_EXCEPTIONS = ("uni", "use", "usu", "eu", "one", "once")
"""Beginnings spelt with a vowel but said with a consonant (``a used-car dealer``)."""


AN_LETTERS = "AEFHILMNORSX"
"""Capitals whose names begin with a vowel sound, for abbreviations read letter by letter (``an MP``)."""


def a(noun: str) -> str:
    """``noun`` with its indefinite article: ``a teacher``, ``an accountant``, ``an MP``."""
    word = noun.split(" ", 1)[0]
    if len(word) > 1 and word.isupper():
        vowel = word[0] in AN_LETTERS
    else:
        lowered = noun.lower()
        vowel = lowered[:1] in ("a", "e", "i", "o", "u") and not lowered.startswith(AN_EXCEPTIONS)
    return f"{'an' if vowel else 'a'} {noun}"
