"""Messages: what the rules tell, as a key and typed parameters, never a sentence.

A game narrates (``State.say``) and describes its actions (``State.describe``) in messages; the
terminal, the page and the reports render them in their reader's language from one catalogue a
language (``tycoon.words``; the format in docs/decisions/0038-words-as-data.md). A message keeps
what it is about as data, so that a reader's front end names a seat by its player, a card by its
name in the reader's language, and an amount by the reader's way of writing numbers.

A parameter is a number, a plain string (a person's name), or one of the typed values below. A
message for one seat holds only what that seat may know: a hidden card is left out of the
message, not given and rendered blank (the secrecy tests read the parameters).

Text that is still a plain string (a part not yet written as messages, an old record) stays a
``str``: every renderer takes both (:data:`Text`). Where Python wants a sentence with no reader's
language at hand (``str`` of a refusal), :func:`plain` renders a message with the reader the
package ``tycoon`` sets (docs/decisions/0041-refusals-as-messages.md). Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

__all__ = [
    "Items",
    "Message",
    "Money",
    "Param",
    "Seat",
    "Term",
    "Text",
    "from_wire",
    "msg",
    "plain",
    "read_with",
    "to_wire",
]


@dataclass(frozen=True)
class Seat:
    """A seat, rendered as its player's name (or ``seat N`` in the reader's language)."""

    seat: int


@dataclass(frozen=True)
class Term:
    """A word of the game's vocabulary (a card, a firm, an industry, a field): a catalogue key
    rendered in the reader's language."""

    key: str


@dataclass(frozen=True)
class Money:
    """An amount of the game's money; ``unit`` is the catalogue key that writes it with its
    number as ``{n}`` (``"db.unit.million"``: ``16 million``)."""

    amount: int
    unit: str


@dataclass(frozen=True)
class Items:
    """Several values joined as the reader's language joins a list (``a, b and c``)."""

    items: tuple[Param, ...]


@dataclass(frozen=True)
class Message:
    """A key of the catalogue and its parameters by name."""

    key: str
    params: dict[str, Param]

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.params.items(), key=lambda item: item[0]))))

    def __str__(self) -> str:
        # A message printed without a renderer shows what it is, never an English sentence
        # made up here: the words are the catalogue's (tycoon.words.render).
        return f"{self.key}{self.params}" if self.params else self.key


Param: TypeAlias = "int | str | Seat | Term | Money | Items | Message"
"""A message's parameter."""

Text: TypeAlias = "str | Message"
"""What a game says: a message, or a plain string where nothing is written as messages yet."""


def msg(key: str, /, **params: Param) -> Message:
    """The message ``key`` with ``params``: ``msg("db.say.buys", seat=Seat(2), company=Term(…))``."""
    return Message(key, params)


# --- as a sentence, for a Python reader ------------------------------------------------------------

_reader: Callable[[Text], str] | None = None


def read_with(reader: Callable[[Text], str] | None) -> None:
    """Let ``reader`` write a message as a sentence wherever Python asks for one without a
    reader's language at hand (``str`` of an ``IllegalAction``). The package ``tycoon`` sets
    the English renderer of ``tycoon.words``, which the core may not import
    (docs/decisions/0041-refusals-as-messages.md); ``None`` unsets it."""
    global _reader
    _reader = reader


def plain(text: Text) -> str:
    """``text`` as one sentence for a Python reader: a string as it is; a message by the reader
    :func:`read_with` set (English), or its key and parameters when none is set or it fails."""
    if isinstance(text, str):
        return text
    if _reader is not None:
        try:
            return _reader(text)
        except Exception:  # a message that cannot be rendered still says what it is
            pass
    return str(text)


# --- on the wire -----------------------------------------------------------------------------------


def to_wire(text: Text) -> Any:
    """``text`` as plain JSON data: a string as it is, a message as ``{"k": key, "p": {…}}``,
    made anew each time (a view holding it is the reader's to change)."""
    if isinstance(text, str):
        return text
    if not text.params:
        return {"k": text.key}
    # Every version of a table writes each seat's labels and narration anew, so this runs
    # hundreds of thousands of times a minute on a busy server: the parameter's exact type
    # picks its form at once, the commonest first, without a call a parameter.
    wire: dict[str, Any] = {}
    for name, value in text.params.items():
        kind = type(value)
        if kind is int or kind is str:
            wire[name] = value
        elif isinstance(value, Term):
            wire[name] = {"term": value.key}
        elif isinstance(value, Message):
            wire[name] = {"msg": to_wire(value)}
        else:
            wire[name] = _param_to_wire(value)
    return {"k": text.key, "p": wire}


def _param_to_wire(value: Param) -> Any:
    if isinstance(value, int | str):
        return value
    if isinstance(value, Seat):
        return {"seat": value.seat}
    if isinstance(value, Term):
        return {"term": value.key}
    if isinstance(value, Money):
        return {"money": value.amount, "unit": value.unit}
    if isinstance(value, Items):
        return {"list": [_param_to_wire(item) for item in value.items]}
    return {"msg": to_wire(value)}


def from_wire(data: Any) -> Text:
    """What :func:`to_wire` made, back; ``ValueError`` saying what is wrong for anything else."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or not isinstance(data.get("k"), str) or not set(data) <= {"k", "p"}:
        raise ValueError(f"a message is a string or {{'k': key, 'p': {{...}}}}, not {data!r}")
    params = data.get("p", {})
    if not isinstance(params, dict):
        raise ValueError(f"a message's parameters are an object of names, not {params!r}")
    return Message(data["k"], {str(name): _param_from_wire(value) for name, value in params.items()})


def _param_from_wire(data: Any) -> Param:
    if isinstance(data, bool):
        raise ValueError(f"a message's parameter is not true or false: {data!r}")
    if isinstance(data, int | str):
        return data
    if isinstance(data, dict) and len(data) == 1:
        ((kind, value),) = data.items()
        if kind == "seat" and isinstance(value, int) and not isinstance(value, bool):
            return Seat(value)
        if kind == "term" and isinstance(value, str):
            return Term(value)
        if kind == "list" and isinstance(value, list):
            return Items(tuple(_param_from_wire(item) for item in value))
        if kind == "msg":
            found = from_wire(value)
            if isinstance(found, Message):
                return found
    if isinstance(data, dict) and set(data) == {"money", "unit"}:
        amount, unit = data["money"], data["unit"]
        if isinstance(amount, int) and not isinstance(amount, bool) and isinstance(unit, str):
            return Money(amount, unit)
    raise ValueError(
        "a message's parameter is a number, a string, or one of {'seat': n}, {'term': key}, "
        f"{{'money': n, 'unit': key}}, {{'list': [...]}}, {{'msg': {{...}}}}; not {data!r}"
    )
