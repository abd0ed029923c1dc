"""Actions: small frozen dataclasses with a JSON form and a short text form.

Every game defines one dataclass per kind of action, decorated with :func:`action`, which
gives it a ``kind`` (its name in JSON and in text). Field values are ``int`` (of signed 64
bits, what a message carries), ``str`` (UTF-8 text) or ``bool``. The text form is the kind
followed by the field values in order (``purchase 3``, ``bank-sell raw 2``), and
:class:`ActionCodec` reads both forms back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeVar, dataclass_transform

from tycoon.core.errors import InvalidNotation
from tycoon.core.forms import (
    JSONValue,
    action_json,
    action_problem,
    action_text,
    field_names,
    field_type,
    field_types,
    seat_problem,
)
from tycoon.core.wire import in_64_bits, is_text, shown

__all__ = [
    "Action",
    "ActionCodec",
    "JSONValue",
    "action",
    "action_problem",
    "field_names",
    "seat_problem",
]


class Action:
    """Base class of all actions. Subclasses are frozen, slotted dataclasses."""

    kind: ClassVar[str] = ""
    seat_fields: ClassVar[tuple[str, ...]] = ()
    """The fields that hold a seat number (counted from 0), so a front end can show and read
    them as the players' names or numbers."""

    def to_json(self) -> dict[str, JSONValue]:
        """The JSON-ready form: ``{"kind": ..., field: value, ...}``."""
        return action_json(self)

    def __str__(self) -> str:
        return action_text(self)


A = TypeVar("A", bound=type[Action])
T = TypeVar("T")


# dataclass_transform tells type checkers that the decorated class is a frozen dataclass, so
# ``Purchase(3)`` type-checks in the games.
@dataclass_transform(frozen_default=True)
def action(kind: str) -> Callable[[A], A]:
    """Class decorator: make ``cls`` a frozen slotted dataclass action named ``kind``."""

    def wrap(cls: A) -> A:
        cls.kind = kind
        made = dataclasses.dataclass(frozen=True, slots=True)(cls)
        return filled_by_slots(made)  # type: ignore[return-value]

    return wrap


def filled_by_slots(cls: type[T]) -> type[T]:
    """``cls``, a frozen slotted dataclass, with an ``__init__`` that writes each field through
    its slot's own setter: the same arguments, defaults and result as the dataclass's, which
    goes through ``object.__setattr__`` for each field and costs a third more. Actions are made
    at every draw of a family's member, and tasks at every step of an agenda."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not fields:
        return cls
    names = [f.name for f in fields]
    scope: dict[str, Any] = {f"_set_{name}": getattr(cls, name).__set__ for name in names}
    params = []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
    body = "".join(f"\n    _set_{name}(self, {name})" for name in names)
    exec(f"def __init__(self, {', '.join(params)}):{body}", scope)  # made from the fields' names, as dataclasses does
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class ActionCodec:
    """Reads a game's actions back from their JSON and text forms."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.kind:
                raise ValueError(f"{cls.__name__} has no kind; decorate it with @action")
            if cls.kind in self._by_kind:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self._by_kind[cls.kind] = cls
        self.field_types: dict[type, tuple[tuple[str, type], ...]] = {
            cls: field_types(cls) for cls in self._by_kind.values()
        }
        """Each of the game's action classes with its fields and the Python type of each
        (``object`` where the notation knows no such type): what ``action_problem`` checks."""

    @property
    def kinds(self) -> list[str]:
        """The known action kinds, in the order they were given."""
        return list(self._by_kind)

    def knows(self, cls: type[Action]) -> bool:
        """Whether ``cls`` is one of this game's action classes."""
        return self._by_kind.get(cls.kind) is cls

    def from_json(self, data: Mapping[str, Any]) -> Action:
        """Build the action from its JSON form, checking kind, fields and field types."""
        if not isinstance(data, Mapping) or "kind" not in data:
            raise InvalidNotation(f"an action must be an object with a 'kind', got {data!r}")
        cls = self._lookup(str(data["kind"]))
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        names = {f.name for f in fields}
        extra = set(data) - names - {"kind"}
        if extra:
            raise InvalidNotation(f"{cls.kind!r} has no field(s) {sorted(extra)}; it has {sorted(names)}")
        values: dict[str, Any] = {}
        for f in fields:
            if f.name not in data:
                raise InvalidNotation(f"{cls.kind!r} needs the field {f.name!r}")
            values[f.name] = _check_type(cls.kind, f, data[f.name])
        return cls(**values)

    def parse(self, text: str) -> Action:
        """Read the text form: the kind, then each field value in order."""
        words = text.split()
        if not words:
            raise InvalidNotation("an empty line is not an action")
        cls = self._lookup(words[0])
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        if len(words) - 1 != len(fields):
            usage = " ".join([cls.kind, *(f"<{f.name}>" for f in fields)])
            raise InvalidNotation(f"{cls.kind!r} takes {len(fields)} value(s): {usage}")
        values: dict[str, Any] = {}
        for f, word in zip(fields, words[1:], strict=True):
            values[f.name] = _parse_word(cls.kind, f, word)
        return cls(**values)

    def _lookup(self, kind: str) -> type[Action]:
        try:
            return self._by_kind[kind]
        except KeyError:
            known = ", ".join(self._by_kind)
            raise InvalidNotation(f"unknown action {kind!r}; known actions: {known}") from None


def _check_type(kind: str, f: dataclasses.Field[Any], value: Any) -> Any:
    want = field_type(f)
    ok = {
        "int": isinstance(value, int) and not isinstance(value, bool),
        "str": isinstance(value, str),
        "bool": isinstance(value, bool),
    }.get(want, False)
    if not ok:
        raise InvalidNotation(f"{kind!r}: field {f.name!r} must be {want}, got {value!r}")
    if want == "int" and not in_64_bits(value):
        raise InvalidNotation(
            f"{kind!r}: field {f.name!r} must be a whole number {SIXTY_FOUR_BITS}, got {shown(value)}"
        )
    if want == "str" and not is_text(value):
        raise InvalidNotation(f"{kind!r}: field {f.name!r} must be text, got {value!r} (a lone surrogate)")
    return value


SIXTY_FOUR_BITS = "from -2^63 to 2^63-1"
"""The whole numbers an action may hold: what a message carries (``tycoon.core.wire``)."""


def _parse_word(kind: str, f: dataclasses.Field[Any], word: str) -> Any:
    want = field_type(f)
    if want == "int":
        try:
            number = int(word.replace(",", "").replace("_", ""))
        except ValueError:
            raise InvalidNotation(f"{kind!r}: {f.name} must be a whole number, got {word!r}") from None
        if not in_64_bits(number):
            raise InvalidNotation(f"{kind!r}: {f.name} must be a whole number {SIXTY_FOUR_BITS}, got {shown(number)}")
        return number
    if want == "bool":
        if word.lower() in ("yes", "true", "1"):
            return True
        if word.lower() in ("no", "false", "0"):
            return False
        raise InvalidNotation(f"{kind!r}: {f.name} must be yes or no, got {word!r}")
    if not is_text(word):
        raise InvalidNotation(f"{kind!r}: {f.name} must be text, got {word!r} (a lone surrogate)")
    return word
