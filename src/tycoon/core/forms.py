"""What every move reads of an action: its field names, its JSON and text forms, and whether
it and its seat are well formed.

These are the helpers of :mod:`tycoon.core.actions` that run at every move (the driver records
each action's JSON, every ``apply`` starts with :func:`action_problem`). They live apart from
the ``Action`` class and its decorator, which stay Python in the compiled build
(docs/decisions/0019-compiled-build.md), so that this module is compiled. ``tycoon.core.actions``
imports them all, and that is where the rest of the code finds them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, cast

from tycoon.core.messages import Items, Message, msg
from tycoon.core.wire import INT_MAX, INT_MIN, shown

if TYPE_CHECKING:
    from tycoon.core.actions import Action, ActionCodec

JSONValue = int | str | bool

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of the fields of the dataclass ``cls``, in order (looked up once per class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple([f.name for f in dataclasses.fields(cls)])
    return names


def action_json(action: Action) -> dict[str, JSONValue]:
    """``action``'s JSON-ready form: ``{"kind": ..., field: value, ...}``."""
    # The names looked up here first: a record writes every move so.
    cls = type(action)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = field_names(cls)
    data: dict[str, JSONValue] = {"kind": action.kind}
    for name in names:
        data[name] = getattr(action, name)
    return data


def action_text(action: Action) -> str:
    """``action``'s text form: its kind and its field values in order (``offer-sale 14 2 1600``)."""
    words = [action.kind]
    for name in field_names(type(action)):
        words.append(text_value(getattr(action, name)))
    return " ".join(words)


def text_value(value: JSONValue) -> str:
    """A field value as the text form writes it (``yes`` and ``no`` for booleans)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


PY_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}


def field_type(f: dataclasses.Field[Any]) -> str:
    """The name of a field's declared type (``int``, ``str``, ``bool``)."""
    return f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))


def field_types(cls: type) -> tuple[tuple[str, type], ...]:
    """Each field of the dataclass ``cls`` with the Python type its values must have (``object``
    for a type the notation does not know)."""
    return tuple([(f.name, PY_TYPES.get(field_type(f), object)) for f in dataclasses.fields(cls)])


def action_problem(action: object, codec: ActionCodec) -> Message | None:
    """Why ``action`` is not a well-formed action of the game ``codec`` reads, or ``None``.

    Catches what Python lets through when an action is built by hand: an object that is no
    action of this game, or a field of the wrong type (``Hire(1.5)``, ``Draw(card={})``; a
    ``bool`` is no whole number here, nor one beyond signed 64 bits). A game's ``apply``
    refuses such an action as illegal before any rule looks at it, so the state stays exactly
    as it was.
    """
    cls = type(action)
    types = codec.field_types.get(cls)
    if types is None:
        return msg("refuse.no_such_action", action=repr(action), known=Items(tuple(codec.kinds)))
    for name, want in types:
        value = getattr(action, name)
        if type(value) is not want and want is not object:
            kind = cast("Action", action).kind  # a class the codec knows is an Action
            return msg("refuse.field_type", kind=kind, field=name, type=want.__name__, value=repr(value))
        if want is int and not INT_MIN <= value <= INT_MAX:
            # No action may hold what a record or a message cannot (tycoon.core.wire).
            kind = cast("Action", action).kind
            return msg("refuse.field_range", kind=kind, field=name, value=shown(value))
    return None


def seat_problem(seat: object) -> Message | None:
    """Why ``seat`` cannot name a seat (it must be a whole number or ``None``), or ``None``."""
    if seat is None or (isinstance(seat, int) and not isinstance(seat, bool)):
        return None
    return msg("refuse.seat_form", seat=repr(seat))
