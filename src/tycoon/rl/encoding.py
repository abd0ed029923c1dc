"""The action encoding: every decision of a game as a few picks from one flat ``Discrete(N)``.

A learner picks a *kind* first (one slot per action class of the game), then, for an action
with fields, one value per field, field by field; a field with more than ``values`` possible
values is chosen coarse to fine, a chunk of its positions at a time. Every mask is exact: an
allowed index always leads on to at least one action the state accepts, and every legal action
(finite or a member of a family) is reachable. docs/rl.md ("Action encoding") describes the
layout; :class:`Pending` is one decision in progress.

Only :meth:`Pending.mask` needs numpy; the rest is plain Python.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from tycoon.core.actions import Action, JSONValue
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Domain, IntRange, Walks, steady
from tycoon.core.forms import field_names
from tycoon.core.game import Game, Segment, State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

VALUES = 64
"""The value slots after the kind slots: the most values one pick chooses among."""


class Numbers(Protocol):
    """Where numbers are written one at a time: a list of floats, a numpy array."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


def _same(a: JSONValue, b: JSONValue) -> bool:
    # bool is an int in Python: True must not stand for 1.
    return type(a) is type(b) and a == b


@dataclass(frozen=True, slots=True)
class Run:
    """Positions ``first, first + step, ...`` (``count`` of them) that a field may take."""

    first: int
    step: int
    count: int

    # The dataclass's own __init__ costs twice this one; runs are cut at every pick of a wide
    # field (``clip``).
    def __init__(self, first: int, step: int, count: int) -> None:
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "count", count)

    @property
    def last(self) -> int:
        return self.first + self.step * (self.count - 1)

    def clip(self, lo: int, hi: int) -> Run | None:
        """The positions within ``lo..hi``, or ``None``."""
        if hi < self.first or lo > self.last:
            return None
        k = max(0, -(-(lo - self.first) // self.step))
        first = self.first + k * self.step
        if first > min(hi, self.last):
            return None
        return Run(first, self.step, (min(hi, self.last) - first) // self.step + 1)


@dataclass(frozen=True, slots=True)
class FieldChoice:
    """The values one field may take now, as positions ``0 .. size - 1``.

    ``mode`` is ``"absolute"`` (whole numbers all in ``0 .. VALUES - 1``: the position is the
    value), ``"span"`` (whole numbers: the position counts ``step`` from ``lo``, the smallest
    allowed value) or ``"choice"`` (anything else: the position indexes ``base``, the sorted
    values the field's sources declare).
    """

    mode: str
    size: int
    runs: tuple[Run, ...]
    """The allowed positions as runs, when ``spots`` does not list them (else empty)."""
    lo: int = 0
    step: int = 1
    base: tuple[JSONValue, ...] = ()
    spots: tuple[int, ...] | None = None
    """Every allowed position, ascending, when there are few (``None``: see ``runs``)."""

    # The dataclass's own __init__ costs three times this one; a field is laid out at every
    # decision that has one.
    def __init__(
        self,
        mode: str,
        size: int,
        runs: tuple[Run, ...],
        lo: int = 0,
        step: int = 1,
        base: tuple[JSONValue, ...] = (),
        spots: tuple[int, ...] | None = None,
    ) -> None:
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "runs", runs)
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "spots", spots)

    def value(self, position: int) -> JSONValue:
        if self.mode == "choice":
            return self.base[position]
        return self.lo + self.step * position

    def position(self, value: JSONValue) -> int | None:
        """Where ``value`` sits, or ``None`` when it is no allowed value."""
        if self.mode == "choice":
            spot = next((i for i, v in enumerate(self.base) if _same(v, value)), None)
        else:
            if not isinstance(value, int) or isinstance(value, bool) or (value - self.lo) % self.step:
                return None
            spot = (value - self.lo) // self.step
        if spot is None:
            return None
        if self.spots is not None:
            return spot if spot in self.spots else None
        if not any(r.clip(spot, spot) for r in self.runs):
            return None
        return spot


def _value_key(value: JSONValue) -> tuple[str, JSONValue]:
    return (type(value).__name__, value)


_CHOICES: dict[tuple[object, ...], FieldChoice] = {}
"""Fields already laid out, by the kind, the field and their sources (a decision offers the
same few domains again and again: the seats, the goods, the terms); emptied when it grows."""
KEEP = 4096
"""How many laid-out fields ``_CHOICES`` keeps before it forgets them all."""


def cached_field_choice(
    kind: str, field: int, finite: Sequence[JSONValue], domains: Sequence[Domain], declared: Sequence[Domain]
) -> FieldChoice:
    """``field_choice(finite, domains, declared)``, kept by what it is made of. The kind and the
    field are in the key so that values equal across types (``True == 1``) never meet: one
    field of one action class holds one type."""
    try:
        key = (kind, field, tuple(finite), tuple(domains), tuple(declared))
        kept = _CHOICES.get(key)
    except TypeError:  # a value that is no key (a list): laid out afresh
        return field_choice(finite, domains, declared)
    if kept is None:
        if len(_CHOICES) >= KEEP:
            _CHOICES.clear()
        kept = _CHOICES[key] = field_choice(finite, domains, declared)
    return kept


def _whole(value: JSONValue) -> bool:
    # bool is an int in Python: True is no whole number here.
    return isinstance(value, int) and not isinstance(value, bool)


def _sources(finite: Sequence[JSONValue], domains: Sequence[Domain]) -> list[tuple[int, int, int]] | None:
    """Each source of a field's values as a run of whole numbers, ``(first, step, count)``, in
    order; ``None`` when some value is no whole number."""
    sources: list[tuple[int, int, int]] = []
    for v in finite:
        if not _whole(v):
            return None
        sources.append((int(v), 1, 1))
    for d in domains:
        if isinstance(d, IntRange):
            sources.append((d.lo, d.step, len(d)))
            continue
        for v in d.values:
            if not _whole(v):
                return None
            sources.append((int(v), 1, 1))
    return sources


def field_choice(finite: Sequence[JSONValue], domains: Sequence[Domain], declared: Sequence[Domain]) -> FieldChoice:
    """The positions of a field whose allowed values are ``finite`` and the members of the
    narrowed ``domains``; ``declared`` are the families' own domains of the field (for a
    ``choice`` field's base)."""
    sources = _sources(finite, domains)
    if sources is not None:
        # Few values, each alone: listed one by one (``spots``), no runs needed.
        if len(sources) <= SPOTS and all(c == 1 for _, _, c in sources):
            values = sorted({f for f, _, _ in sources})
            lo, hi = values[0], values[-1]
            if lo >= 0 and hi < VALUES:
                return FieldChoice("absolute", VALUES, (), spots=tuple(values))
            step = math.gcd(*[v - lo for v in values]) or 1
            return FieldChoice(
                "span", (hi - lo) // step + 1, (), lo=lo, step=step, spots=tuple([(v - lo) // step for v in values])
            )
        lo = min(s[0] for s in sources)
        hi = max(s[0] + s[1] * (s[2] - 1) for s in sources)
        if lo >= 0 and hi < VALUES:
            return FieldChoice("absolute", VALUES, tuple(Run(f, s, c) for f, s, c in sources))
        step = 0
        for first, s, count in sources:
            step = math.gcd(step, first - lo)
            if count > 1:
                step = math.gcd(step, s)
        step = step or 1
        runs = tuple(Run((f - lo) // step, max(1, s // step) if c > 1 else 1, c) for f, s, c in sources)
        return FieldChoice("span", (hi - lo) // step + 1, runs, lo=lo, step=step)
    pool: list[JSONValue] = list(finite)
    for d in [*declared, *domains]:
        pool.extend(d)
    base: list[JSONValue] = []
    for v in sorted(pool, key=_value_key):
        if not base or not _same(base[-1], v):
            base.append(v)
    allowed = [*finite, *(v for d in domains for v in d)]
    try:
        where = {(type(b), b): i for i, b in enumerate(base)}
        found = {where[(type(v), v)] for v in allowed}
    except TypeError:  # a value that is no key (a list): looked for one by one
        found = {next(i for i, b in enumerate(base) if _same(b, v)) for v in allowed}
    return FieldChoice("choice", len(base), (), base=tuple(base), spots=tuple(sorted(found)))


SPOTS = 4 * VALUES
"""The most single positions a field lists one by one (more are read from its runs)."""


class Encoding:
    """The flat action space of one game configuration: ``size`` = kinds + ``values`` slots.

    Index ``i < len(kinds)`` picks the action kind ``kinds[i]`` (the game's action classes in
    the order its codec lists them); index ``len(kinds) + d`` is digit ``d`` of the field
    being chosen.
    """

    def __init__(self, game: Game, values: int = VALUES) -> None:
        if values != VALUES:
            raise ValueError(f"the encoding has {VALUES} value slots; {values} is not supported")
        self.game = game
        self.kinds: tuple[str, ...] = tuple(game.codec.kinds)
        """The kind slots, in order."""
        self.values = values
        """How many value slots follow the kind slots."""
        self.size = len(self.kinds) + values
        """N: the number of indices of the ``Discrete(N)`` action space."""
        self.max_fields = max((len(field_names(cls)) for cls in game.codec.field_types), default=0)
        """The most fields an action of the game has."""
        self.classes: dict[str, type[Action]] = {
            cls.kind: cls for cls in reversed(game.codec.field_types) if issubclass(cls, Action)
        }
        """The action class of each kind."""
        self.slot: dict[str, int] = {kind: i for i, kind in enumerate(self.kinds)}
        """The index of each kind's slot."""
        self._masks: dict[tuple[int, ...], npt.NDArray[np.int8]] = {}
        """Masks already made, by their allowed indices (a game's picks repeat a few masks)."""

    def mask_of(self, allowed: Sequence[int]) -> npt.NDArray[np.int8]:
        """The mask with 1 at the indices ``allowed``: one kept per set of indices, never to be
        changed (callers copy it)."""
        key = tuple(allowed)
        mask = self._masks.get(key)
        if mask is None:
            import numpy as np

            flags = bytearray(self.size)
            for index in key:
                flags[index] = 1
            if len(self._masks) >= KEEP:
                self._masks.clear()
            mask = self._masks[key] = np.frombuffer(bytes(flags), dtype=np.int8)
        return mask

    def pending(self, state: State, seat: int) -> Pending:
        """A fresh decision for ``seat`` in ``state`` (which must not change while it lasts)."""
        return Pending(self, state, seat)

    def pending_layout(self) -> tuple[Segment, ...]:
        """The stretches of :meth:`Pending.pending_vector`, in order."""
        k, f = len(self.kinds), self.max_fields
        return (
            Segment("1 while the kind is to be chosen", 1),
            Segment("the chosen kind, one-hot over the kind slots", k),
            Segment("the field being chosen, one-hot", f),
            Segment("the values chosen so far (a number, or its position in a choice)", f),
            Segment("1 for each field already chosen", f),
            Segment("the digit being chosen of the field (0: the coarsest)", 1),
            Segment("the lowest and highest value the current pick can still reach, and the step", 3),
        )

    def pending_size(self) -> int:
        return sum(s.size for s in self.pending_layout())

    def encode(self, state: State, seat: int, action: Action) -> list[int]:
        """The indices that choose ``action`` for ``seat``, each allowed at its step; raises
        ``IllegalAction`` when ``action`` is not one the encoding offers (not legal now)."""
        decision = self.pending(state, seat)
        indices: list[int] = []
        done: Action | None = None
        while done is None:
            index = decision.index_toward(action)
            indices.append(index)
            done = decision.push(index)
        if done != action:
            raise AssertionError(f"encoding {action} led to {done}")
        return indices

    def decode(self, state: State, seat: int, indices: Sequence[int]) -> Action:
        """The action that ``indices`` choose for ``seat``; ``IllegalAction`` when one is not
        allowed at its step or they stop short of an action."""
        decision = self.pending(state, seat)
        for n, index in enumerate(indices):
            done = decision.push(index)
            if done is not None:
                if n != len(indices) - 1:
                    raise IllegalAction(f"the action was complete after {n + 1} of {len(indices)} indices")
                return done
        raise IllegalAction(f"{len(indices)} indices do not complete an action; next: {decision.describe()}")


class Pending:
    """One decision of one seat in progress: pick a kind, then each field, digit by digit.

    A pick with a single allowed index is made at once (a field fixed by the state, a digit
    with one way on), except the pick of the kind.
    """

    def __init__(self, encoding: Encoding, state: State, seat: int) -> None:
        self.encoding = encoding
        self.state = state
        self.seat = seat
        self._finite: dict[str, list[Action]] = {}
        for a in state.legal_actions(seat):
            self._finite.setdefault(a.kind, []).append(a)
        self._families: dict[str, list[ActionFamily]] = {}
        for f in state.action_families(seat):
            self._families.setdefault(f.kind, []).append(f)
        self.kind: str | None = None
        """The kind chosen, or ``None`` while it is to be chosen."""
        self.cls: type[Action] | None = None
        self.values: list[JSONValue] = []
        """The values chosen so far, one per field in order."""
        self._numbers: list[float] = []
        self.field: FieldChoice | None = None
        """The positions of the field being chosen."""
        self.digit = 0
        """Which digit of the field is being chosen (0: the coarsest)."""
        self._start = 0
        self._span = 0
        self.done: Action | None = None
        """The completed action, once the last pick is made."""
        self._allowed: list[int] | None = None
        self._mask: npt.NDArray[np.int8] | None = None
        self.picks = 0
        """Picks made so far (forced ones included): a new number, a new pick."""
        self._left: list[Action] = []
        """The kind's finite actions that agree with the values chosen so far."""
        self._walks: Walks = {}
        """What narrowing found of the state's completions: it stays as it is while the
        decision lasts, so each field's narrowing reads what the earlier fields' found."""
        self._live: list[tuple[ActionFamily, Domain]] = []
        """The kind's families whose narrowing kept every value chosen so far, each with its
        narrowed domain of the field being chosen."""
        slot = encoding.slot
        offered = {*self._finite, *self._families}
        unknown = [k for k in offered if k not in slot]
        if unknown:
            raise ValueError(f"{state.game.id} offers kinds its codec does not list: {sorted(unknown)}")
        self._kind_slots = sorted([slot[k] for k in offered])
        if not self._kind_slots:
            raise IllegalAction(f"seat {seat} has no legal action")

    # -- the picks ---------------------------------------------------------------------------

    def allowed(self) -> list[int]:
        """The allowed indices now, ascending."""
        if self._allowed is None:
            self._allowed = self._find_allowed()
        return self._allowed

    def _find_allowed(self) -> list[int]:
        if self.kind is None:
            return list(self._kind_slots)
        if self.done is not None:
            return []
        k = len(self.encoding.kinds)
        return [k + d for d in self._digits()]

    def mask(self) -> npt.NDArray[np.int8]:
        """The allowed indices as 1s in an ``int8`` array of the encoding's size."""
        # Made once per pick; each call gets its own copy, which the caller may keep or change.
        if self._mask is None:
            self._mask = self.encoding.mask_of(self.allowed())
        return self._mask.copy()

    def push(self, index: int) -> Action | None:
        """Make the pick ``index``: the completed action, or ``None`` while picks remain.
        ``IllegalAction`` (and no change) when ``index`` is not allowed."""
        if isinstance(index, bool) or not isinstance(index, int):
            index = int(index)
        if index not in self.allowed():
            raise IllegalAction(f"index {index} is not allowed now ({self.describe()}); allowed: {self.allowed()}")
        self._allowed = None
        self._mask = None
        self.picks += 1
        if self.kind is None:
            self.kind = self.encoding.kinds[index]
            self.cls = self._cls_of(self.kind)
            self._left = self._finite.get(self.kind, [])
        else:
            self._advance(index - len(self.encoding.kinds))
        self.done = self._settle()
        return self.done

    def index_toward(self, action: Action) -> int:
        """The index that leads on toward ``action``; ``IllegalAction`` when none does."""
        if self.kind is None:
            if action.kind not in self.encoding.kinds:
                raise IllegalAction(f"{action.kind!r} is no kind of {self.state.game.id}")
            index = self.encoding.slot[action.kind]
            if index not in self._kind_slots:
                raise IllegalAction(f"{action} is not legal now: no {action.kind!r} is offered")
            return index
        assert self.field is not None
        value = getattr(action, field_names(type(action))[len(self.values)])
        spot = self.field.position(value)
        if spot is None:
            raise IllegalAction(f"{action} is not legal now: {value!r} is not allowed for its field")
        digit = (spot - self._start) // self._chunk()
        return len(self.encoding.kinds) + digit

    def describe(self) -> str:
        """The pick in progress in a few words."""
        if self.kind is None:
            return "choosing the kind"
        assert self.cls is not None
        name = field_names(self.cls)[len(self.values)]
        return f"{self.kind}: choosing {name}, digit {self.digit}"

    # -- the pending segment -----------------------------------------------------------------

    def pending_vector(self) -> list[float]:
        """Which pick this is, laid out as ``Encoding.pending_layout`` says."""
        out = [0.0] * self.encoding.pending_size()
        self.write_pending(out, 0)
        return out

    def write_pending(self, out: Numbers, at: int) -> None:
        """Write :meth:`pending_vector` into ``out`` from ``at`` on, where it is all zeros:
        only the few numbers that are not zero are set."""
        enc = self.encoding
        k, f = len(enc.kinds), enc.max_fields
        if self.kind is None:
            out[at] = 1.0
            return
        out[at + 1 + enc.slot[self.kind]] = 1.0
        at += 1 + k
        out[at + len(self.values)] = 1.0
        for i, number in enumerate(self._numbers):
            out[at + f + i] = number
            out[at + 2 * f + i] = 1.0
        at += 3 * f
        out[at] = float(self.digit)
        assert self.field is not None
        lo, hi = self._start, self._start + self._span - 1
        if self.field.mode == "choice":
            out[at + 1], out[at + 2], out[at + 3] = float(lo), float(hi), 1.0
        else:
            out[at + 1] = float(self.field.value(lo))
            out[at + 2] = float(self.field.value(hi))
            out[at + 3] = float(self.field.step * self._chunk())

    # -- inside ------------------------------------------------------------------------------

    def _cls_of(self, kind: str) -> type[Action]:
        return self.encoding.classes[kind]

    def _settle(self) -> Action | None:
        """Set up the next pick, making every forced one; the action once complete."""
        assert self.cls is not None
        names = field_names(self.cls)
        while True:
            if self.field is None:
                if len(self.values) == len(names):
                    return self.cls(*self.values)
                self._open_field(names)
            digits = self._digits()
            if len(digits) != 1:
                k = len(self.encoding.kinds)
                self._allowed = [k + d for d in digits]
                return None
            self._advance(digits[0])

    def _open_field(self, names: tuple[str, ...]) -> None:
        """The allowed values of the next field, from the kind's legal actions and families."""
        kind = self.kind or ""
        j = len(self.values)
        prefix = self.values
        if j:
            # Only what agrees with the value just chosen goes on: the finite actions holding
            # it, the families whose narrowed domain held it.
            name, value = names[j - 1], prefix[-1]
            self._left = [a for a in self._left if _same(getattr(a, name), value)]
            candidates = [family for family, domain in self._live if value in domain]
        else:
            candidates = self._families.get(kind, [])
        finite = [getattr(a, names[j]) for a in self._left]
        live: list[tuple[ActionFamily, Domain]] = []
        domains: list[Domain] = []
        declared: list[Domain] = []
        with steady(self.state, self._walks):
            for family in candidates:
                own = family.domains[j]
                if family.whole or len(own) == 1:
                    # Nothing to narrow: every member of a whole family is legal, and a family
                    # still live (listed, so with a legal member, and holding every value
                    # chosen so far) has a legal member starting with the prefix, whose value
                    # here can only be the field's one value.
                    domain = own
                else:
                    try:
                        domain = self.state.narrow(family, prefix, self.seat)
                    except IllegalAction:
                        continue
                live.append((family, domain))
                domains.append(domain)
                declared.append(own)
        self._live = live
        if not finite and not domains:
            raise AssertionError(f"{self.kind}: no value of {names[j]} follows {prefix}")
        self.field = cached_field_choice(kind, j, finite, domains, declared)
        self.digit = 0
        self._start, self._span = 0, self.field.size

    def _chunk(self) -> int:
        return -(-self._span // VALUES)

    def _digits(self) -> list[int]:
        """The digits of the current field's pick that reach an allowed position."""
        assert self.field is not None
        chunk = self._chunk()
        lo, hi = self._start, self._start + self._span - 1
        spots = self.field.spots
        if spots is not None:
            inside = spots[bisect_left(spots, lo) : bisect_right(spots, hi)]
            if chunk == 1:
                return [p - lo for p in inside]
            return list(dict.fromkeys((p - lo) // chunk for p in inside))
        runs = self.field.runs
        if len(runs) == 1:  # one range: its digits run on, or step through in order
            part = runs[0].clip(lo, hi)
            if part is None:
                return []
            if part.step <= chunk:
                return list(range((part.first - lo) // chunk, (part.last - lo) // chunk + 1))
            return list(dict.fromkeys((p - lo) // chunk for p in range(part.first, part.last + 1, part.step)))
        found: set[int] = set()
        for run in runs:
            part = run.clip(lo, hi)
            if part is None:
                continue
            if part.step <= chunk:
                found.update(range((part.first - lo) // chunk, (part.last - lo) // chunk + 1))
            else:
                found.update((p - lo) // chunk for p in range(part.first, part.last + 1, part.step))
        return sorted(found)

    def _advance(self, digit: int) -> None:
        """Narrow the current field to the chunk ``digit``; take its value once one is left."""
        assert self.field is not None
        chunk = self._chunk()
        self._start += digit * chunk
        self._span = min(chunk, self._span - digit * chunk)
        self.digit += 1
        if self._span == 1:
            value = self.field.value(self._start)
            self.values.append(value)
            self._numbers.append(float(value) if self.field.mode != "choice" else float(self._start))
            self.field = None
            self.digit = 0


def pending_values(pending: Pending) -> dict[str, Any]:
    """The pick in progress as plain data (for an ``info`` dict)."""
    return {"kind": pending.kind, "values": list(pending.values), "digit": pending.digit}
