"""Building the families of Playboss's parametric actions (docs/decisions/0011-action-families.md).

A count, an amount of credit, a bid or a price is one field of a family whose bounds come from
the state; the rule modules build their families with these helpers, next to the checks their
``apply`` makes, so that bounds and checks say the same.
"""

from __future__ import annotations

from tycoon.core.actions import Action, JSONValue
from tycoon.core.families import ActionFamily, Choice, Domain, IntRange
from tycoon.core.messages import Message, Text, msg


def counts(
    cls: type[Action],
    lo: int,
    hi: int,
    *,
    step: int = 1,
    fixed: tuple[JSONValue, ...] = (),
    label: Text = "",
    shown: tuple[Text, ...] = (),
) -> list[ActionFamily]:
    """The family of ``cls`` whose fields ``fixed`` (each a choice of one value, read as its
    entry of ``shown`` when given) come first and whose last field runs from ``lo`` to ``hi`` in
    ``step`` s (``hi`` rounded down to the grid), every member legal; empty when ``hi < lo``."""
    if hi < lo:
        return []
    top = lo + (hi - lo) // step * step
    domains: list[Domain] = [Choice((v,), (shown[i],) if shown else ()) for i, v in enumerate(fixed)]
    domains.append(IntRange(lo, top, step))
    return [ActionFamily(cls, tuple(domains), label, whole=True)]


def one(value: JSONValue, label: Text = "") -> Choice:
    """A field fixed by the state: a choice of one value."""
    return Choice((value,), (label,) if label else ())


_WORDS: dict[str, Message] = {}
"""The messages ``word`` made, by name."""


def word(name: str) -> Message:
    """The family's word ``pb.fam.<name>`` (a label, a question), a message without parameters
    made once: families are built at every decision, and their words do not change."""
    found = _WORDS.get(name)
    if found is None:
        found = _WORDS[name] = msg(f"pb.fam.{name}")
    return found


def goods_word(kind: str) -> Message:
    """A kind of goods a form offers, without a count (``raw``: "raw products", "Rohware")."""
    return word(f"goods.{kind}")


def goods_choice(kinds: tuple[str, ...]) -> Choice:
    """A choice of kinds of goods, each read by its word (``goods_word``)."""
    return Choice(kinds, tuple([goods_word(k) for k in kinds]))


def span(lo: int, hi: int, step: int = 1) -> IntRange:
    """``lo..hi`` in ``step`` s, ``hi`` rounded down to the grid (``hi >= lo``)."""
    return IntRange(lo, lo + (hi - lo) // step * step, step)
