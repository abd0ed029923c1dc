"""The lab's words in one language: catalogue texts (keys ``lab.``) and its figures written as
that language writes numbers.

The lab's figures keep their fixed decimals (``26.2%``, ``+0.03``), written with the language's
separators (``26,2 %`` in German, ``1 234,5`` in Polish): the same grouping as
:func:`tycoon.words.format_number`, without dropping a trailing zero that says how precise a
figure is. See docs/languages.md.
"""

from __future__ import annotations

from tycoon.core.messages import Message, Param
from tycoon.words import has, render

_SEPARATORS = {"de": {",": ".", ".": ","}, "nl": {",": ".", ".": ","}, "pl": {",": "\u00a0", ".": ","}}
"""How each language writes Python's thousands separator and decimal point (English as Python)."""


class Words:
    """Texts and figures of the lab's reports in ``language`` (``en``, ``de``, ``nl``, ``pl``)."""

    def __init__(self, language: str = "en") -> None:
        self.language = language
        """The language written."""

    def __call__(self, key: str, /, **params: Param) -> str:
        """The text of ``key`` with ``params``."""
        return render(Message(key, params), self.language)

    def fixed(self, value: float, spec: str) -> str:
        """``value`` formatted by the Python format ``spec`` (``",.0f"``, ``"+.1f"``), with this
        language's separators."""
        text = format(value, spec)
        swap = _SEPARATORS.get(self.language)
        return text if swap is None else "".join(swap.get(ch, ch) for ch in text)

    def count(self, value: int) -> str:
        """A whole number, grouped in thousands: ``12,000``."""
        return self.fixed(value, ",d")

    def percent(self, rate: float, digits: int = 1) -> str:
        """A rate as a percentage: ``26.2%`` (``26,2 %`` in German)."""
        return self("lab.percent", n=self.fixed(100 * rate, f".{digits}f"))

    def unit(self, unit: str) -> str:
        """A game's unit of money as its spec names it (``Marks``), in this language (``Mark``)."""
        key = f"lab.unit.{unit}"
        return self(key) if unit and has(key) else unit
