"""Actions: small frozen dataclasses with a JSON form and a short text form.

Every game defines one dataclass per kind of action, decorated with :func:`action`, which
gives it a ``kind`` (its name in JSON and in text). Field values are ``int``, ``str`` or
``bool``. The text form is the kind followed by the field values in order (``purchase 3``,
``bank-sell raw 2``), and :class:`ActionCodec` reads both forms back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeVar, dataclass_transform

from tycoon.core.errors import InvalidNotation

JSONValue = int | str | bool


class Action:
    """Base class of all actions. Subclasses are frozen, slotted dataclasses."""

    kind: ClassVar[str] = ""
    seat_fields: ClassVar[tuple[str, ...]] = ()
    """The fields that hold a seat number (counted from 0), so a front end can show and read
    them as the players' names or numbers."""

    def to_json(self) -> dict[str, JSONValue]:
        """The JSON-ready form: ``{"kind": ..., field: value, ...}``."""
        data: dict[str, JSONValue] = {"kind": self.kind}
        for name in field_names(type(self)):
            data[name] = getattr(self, name)
        return data

    def __str__(self) -> str:
        values = [_text_value(getattr(self, name)) for name in field_names(type(self))]
        return " ".join([self.kind, *values])


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of the fields of the dataclass ``cls``, in order (looked up once per class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _text_value(value: JSONValue) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


A = TypeVar("A", bound=type[Action])


# dataclass_transform tells type checkers that the decorated class is a frozen dataclass, so
# ``Purchase(3)`` type-checks in the games.
@dataclass_transform(frozen_default=True)
def action(kind: str) -> Callable[[A], A]:
    """Class decorator: make ``cls`` a frozen slotted dataclass action named ``kind``."""

    def wrap(cls: A) -> A:
        cls.kind = kind
        return dataclasses.dataclass(frozen=True, slots=True)(cls)  # type: ignore[return-value]

    return wrap


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


def _field_type(f: dataclasses.Field[Any]) -> str:
    return f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))


def _check_type(kind: str, f: dataclasses.Field[Any], value: Any) -> Any:
    want = _field_type(f)
    ok = {
        "int": isinstance(value, int) and not isinstance(value, bool),
        "str": isinstance(value, str),
        "bool": isinstance(value, bool),
    }.get(want, False)
    if not ok:
        raise InvalidNotation(f"{kind!r}: field {f.name!r} must be {want}, got {value!r}")
    return value


def _parse_word(kind: str, f: dataclasses.Field[Any], word: str) -> Any:
    want = _field_type(f)
    if want == "int":
        try:
            return int(word.replace(",", "").replace("_", ""))
        except ValueError:
            raise InvalidNotation(f"{kind!r}: {f.name} must be a whole number, got {word!r}") from None
    if want == "bool":
        if word.lower() in ("yes", "true", "1"):
            return True
        if word.lower() in ("no", "false", "0"):
            return False
        raise InvalidNotation(f"{kind!r}: {f.name} must be yes or no, got {word!r}")
    return word


_PY_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool}
_FIELD_TYPES: dict[type[Action], tuple[tuple[str, type], ...]] = {}


def _types_of(cls: type[Action]) -> tuple[tuple[str, type], ...]:
    types = _FIELD_TYPES.get(cls)
    if types is None:
        types = tuple((f.name, _PY_TYPES.get(_field_type(f), object)) for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        _FIELD_TYPES[cls] = types
    return types


def action_problem(action: object, codec: ActionCodec) -> str | None:
    """Why ``action`` is not a well-formed action of the game ``codec`` reads, or ``None``.

    Catches what Python lets through when an action is built by hand: an object that is no
    action of this game, or a field of the wrong type (``Hire(1.5)``, ``Draw(card={})``; a
    ``bool`` is no whole number here). A game's ``apply`` refuses such an action as illegal
    before any rule looks at it, so the state stays exactly as it was.
    """
    if not isinstance(action, Action) or not codec.knows(type(action)):
        known = ", ".join(codec.kinds)
        return f"{action!r} is not an action of this game; its actions: {known}"
    cls = type(action)
    for name, want in _types_of(cls):
        value = getattr(action, name)
        if type(value) is not want and want is not object:
            return f"{cls.kind!r}: {name} must be {want.__name__}, not {value!r}"
    return None


def seat_problem(seat: object) -> str | None:
    """Why ``seat`` cannot name a seat (it must be a whole number or ``None``), or ``None``."""
    if seat is None or (isinstance(seat, int) and not isinstance(seat, bool)):
        return None
    return f"a seat is a whole number counted from 0 (or none for the seat to move), not {seat!r}"
