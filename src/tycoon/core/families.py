"""Action families: the parametric actions a seat may take, as a kind and a domain per field.

``State.legal_actions`` lists finite choices only. Anything with an amount, a price or a count
chosen freely (an offer between players, a bid, a loan, a sale in quantity) is an
:class:`ActionFamily` from ``State.action_families``: the action class and, for each of its
fields in order, a :class:`Choice` (a finite set: seats, goods, firms, cards) or an
:class:`IntRange` (``lo..hi`` with a step). The bounds come from the state and are as tight as
the rules make them; members inside the bounds may still be refused by ``apply`` when two
fields constrain each other (a count times a price beyond the buyer's cash), and then with
``IllegalAction`` and no change; ``State.narrow`` gives a field's domain once the fields
before it are chosen, with no such dead ends (docs/decisions/0024-narrowing-field-by-field.md).
A person fills a family in as a form, a random agent samples
it, a learning agent sees it through a fixed encoding, and a bot builds its few candidates
itself. See docs/decisions/0011-action-families.md; a family's words (its label, questions and
choices) are messages, docs/decisions/0045-families-in-the-readers-language.md.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action, JSONValue
from tycoon.core.errors import IllegalAction
from tycoon.core.forms import field_names
from tycoon.core.messages import Message, Text, msg, plain, to_wire

if TYPE_CHECKING:
    from tycoon.core.game import State


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0: the same number, drawn the same way.

    For a plain ``random.Random`` this is the standard library's own draw (``getrandbits`` of
    ``n``'s bit length until the number is below ``n``) without its interpreted layers, which
    cost more than the draw; any other generator is asked with ``randrange``. The random agent
    and the families' samples draw with it at every decision.
    """
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


@dataclass(frozen=True, slots=True)
class IntRange:
    """The whole numbers ``lo, lo + step, ..., hi`` (``hi`` is reachable: ``(hi - lo) % step == 0``)."""

    lo: int
    """The smallest member."""
    hi: int
    """The largest member; at least ``lo``."""
    step: int = 1
    """The distance between members (a price in 500-Mark steps: 500)."""

    # The frozen dataclass's own __init__ would be interpreted even in the compiled build (the
    # dataclasses module writes it), at over ten times the cost of this one: families are built
    # at every decision (docs/performance.md). The same goes for Choice and ActionFamily.
    def __init__(self, lo: int, hi: int, step: int = 1) -> None:
        if step < 1 or hi < lo or (hi - lo) % step:
            raise ValueError(f"not a range: {lo}..{hi} step {step}")
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        object.__setattr__(self, "step", step)

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.lo <= value <= self.hi
            and (value - self.lo) % self.step == 0
        )

    def __len__(self) -> int:
        return (self.hi - self.lo) // self.step + 1

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.lo, self.hi + 1, self.step))

    def sample(self, rng: random.Random) -> int:
        return self.lo + self.step * below(rng, (self.hi - self.lo) // self.step + 1)

    def to_json(self) -> dict[str, Any]:
        return {"type": "int", "lo": self.lo, "hi": self.hi, "step": self.step}

    def __str__(self) -> str:
        text = f"{self.lo:,}–{self.hi:,}" if self.lo != self.hi else f"{self.lo:,}"
        return text if self.step == 1 or self.lo == self.hi else f"{text} in steps of {self.step:,}"


@dataclass(frozen=True, slots=True)
class Choice:
    """A finite set of values, in the order a person is offered them."""

    values: tuple[JSONValue, ...]
    """The members; never empty."""
    labels: tuple[Text, ...] = ()
    """How a person reads each value, as a message in the game's words (a firm by its name and
    owner), or empty: the values themselves."""

    def __init__(self, values: tuple[JSONValue, ...], labels: tuple[Text, ...] = ()) -> None:
        if not values:
            raise ValueError("a choice needs at least one value")
        if labels and len(labels) != len(values):
            raise ValueError("a choice needs one label per value, or none")
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "labels", labels)

    def __contains__(self, value: object) -> bool:
        # bool is an int in Python: keep True from matching 1 and 1 from matching True.
        for v in self.values:  # noqa: SIM110 (twice as fast as any(): narrowing asks at every field)
            if v == value and type(v) is type(value):
                return True
        return False

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self) -> Iterator[JSONValue]:
        return iter(self.values)

    def sample(self, rng: random.Random) -> JSONValue:
        values = self.values
        return values[below(rng, len(values))]

    def label(self, value: JSONValue) -> Text:
        """The reading of ``value`` (its label, or the value itself)."""
        if self.labels:
            for v, text in zip(self.values, self.labels, strict=True):
                if type(v) is type(value) and v == value:
                    return text
        return str(value)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "choice", "values": list(self.values)}
        if self.labels:
            data["labels"] = [to_wire(label) for label in self.labels]
        return data

    def __str__(self) -> str:
        return ", ".join(plain(self.label(v)) for v in self.values)


Domain = IntRange | Choice


@dataclass(frozen=True, slots=True)
class ActionFamily:
    """Every action of one class whose fields lie in the given domains.

    ``domains`` holds one domain per field of ``cls``, in field order; a field fixed by the
    state is a :class:`Choice` of one value. A game may list several families of one kind
    when that keeps the bounds tight (one per good traded, say).
    """

    cls: type[Action]
    """The action class its members belong to."""
    domains: tuple[Domain, ...]
    """One domain per field of ``cls``, in the order of the fields."""
    label: Text = ""
    """What a member does, in the game's words: a message (``pb.fam.offer_loan``: "Offer a
    loan, or ask for one"), rendered in the reader's language."""
    prompts: tuple[Text, ...] = ()
    """The question asked for each field (``fam.how_much``: "how much?"), as messages, or empty."""
    whole: bool = False
    """Every member is legal now (no two fields constrain each other, and each bound is exact:
    a bid from the lowest allowed to what the bidder can pay). The conformance suite then
    requires every corner and every sampled member to be accepted, and the random agent takes a
    sample without trying it first. Leave it ``False`` when some members may be refused."""

    def __init__(
        self,
        cls: type[Action],
        domains: tuple[Domain, ...],
        label: Text = "",
        prompts: tuple[Text, ...] = (),
        whole: bool = False,
    ) -> None:
        names = field_names(cls)
        if len(domains) != len(names):
            raise ValueError(f"{cls.__name__} has {len(names)} field(s) but the family gives {len(domains)}")
        if prompts and len(prompts) != len(names):
            raise ValueError("a family needs one prompt per field, or none")
        object.__setattr__(self, "cls", cls)
        object.__setattr__(self, "domains", domains)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "prompts", prompts)
        object.__setattr__(self, "whole", whole)

    @property
    def kind(self) -> str:
        return self.cls.kind

    @property
    def names(self) -> tuple[str, ...]:
        """The field names of ``cls``, in order."""
        return field_names(self.cls)

    def domain(self, name: str) -> Domain:
        """The domain of the field called ``name``."""
        return self.domains[self.names.index(name)]

    def prompt(self, index: int) -> Text:
        """The question for field ``index``; when the family gives none, the action class's
        label for the field, else the field's name."""
        if self.prompts:
            return self.prompts[index]
        return self._named(index) or self.names[index].replace("_", " ")

    def field_label(self, index: int) -> Text:
        """What a form calls field ``index`` ("Interest", "Crossings of start"): the action
        class's ``field_labels`` entry for it (a message), else its question."""
        return self._named(index) or self.prompt(index)

    def _named(self, index: int) -> Text:
        """The action class's ``field_labels`` entry for field ``index``, or ``""``."""
        labels: Mapping[str, Text] = getattr(self.cls, "field_labels", {})
        return labels.get(self.names[index], "")

    def field_unit(self, index: int) -> Text:
        """The unit field ``index`` counts in ("%", "Marks", "zł"): the action class's
        ``field_units`` entry for it (a message, or a sign every language writes alike), else
        none."""
        units: Mapping[str, Text] = getattr(self.cls, "field_units", {})
        return units.get(self.names[index], "")

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is a member: of ``cls``, each field in its domain."""
        if type(action) is not self.cls:
            return False
        # A loop rather than all() over a generator: bots ask this at many decisions.
        for name, domain in zip(field_names(self.cls), self.domains, strict=True):
            if getattr(action, name) not in domain:
                return False
        return True

    def size(self) -> int:
        """How many members the family has."""
        total = 1
        for domain in self.domains:
            total *= len(domain)
        return total

    def sample(self, rng: random.Random) -> Action:
        """A member drawn uniformly with ``rng``."""
        # Each value is drawn from its own domain: a member by construction, unchecked. A loop
        # rather than a comprehension, which costs more than drawing a family's few fields.
        values: list[JSONValue] = []
        for domain in self.domains:
            values.append(domain.sample(rng))
        return self.cls(*values)

    def build(self, values: Sequence[JSONValue] | Mapping[str, JSONValue]) -> Action:
        """The member with these field values (in field order, or by name); values outside
        their domain raise ``ValueError`` naming the field and its domain."""
        if isinstance(values, Mapping):
            missing = [n for n in self.names if n not in values]
            if missing:
                raise ValueError(f"{self.kind}: missing {', '.join(missing)}")
            values = [values[n] for n in self.names]
        if len(values) != len(self.domains):
            raise ValueError(f"{self.kind} takes {len(self.domains)} value(s), got {len(values)}")
        for name, domain, value in zip(self.names, self.domains, values, strict=True):
            if value not in domain:
                raise ValueError(f"{self.kind}: {name} must be one of {domain}, not {value!r}")
        return self.cls(*values)

    def corners(self) -> list[Action]:
        """The members at the ends of every range (each range at ``lo`` and at ``hi``, choices
        at their first value): for tests of tight bounds."""
        lows = [d.lo if isinstance(d, IntRange) else d.values[0] for d in self.domains]
        highs = [d.hi if isinstance(d, IntRange) else d.values[0] for d in self.domains]
        return [self.cls(*lows)] if lows == highs else [self.cls(*lows), self.cls(*highs)]

    def to_json(self) -> dict[str, Any]:
        """The form a client fills in: the kind, the label, and each field's name, question,
        label, unit and domain; the words as messages on the wire (``tycoon.core.messages``)."""
        return {
            "kind": self.kind,
            "label": to_wire(self.label),
            "fields": [
                {
                    "name": name,
                    "prompt": to_wire(self.prompt(i)),
                    "label": to_wire(self.field_label(i)),
                    "unit": to_wire(self.field_unit(i)),
                    **domain.to_json(),
                }
                for i, (name, domain) in enumerate(zip(self.names, self.domains, strict=True))
            ],
        }

    def __str__(self) -> str:
        parts = [f"{name} {domain}" for name, domain in zip(self.names, self.domains, strict=True)]
        return f"{self.kind}: {'; '.join(parts)}" if parts else self.kind


class CountedFamilies:
    """A seat's families (``State.action_families``), counted before they are built: a random
    agent draws among its options by their number and needs the families themselves only when
    it draws one of them (``State.counted_families``), and then only that one (``family``).

    ``build`` builds them all; ``makers``, when the game has them, are the calls that build
    them one each, in order (``Decision.makers``); :meth:`listed` counts families built already.
    """

    __slots__ = ("_build", "_built", "_makers", "count")

    def __init__(
        self,
        count: int,
        build: Callable[[], list[ActionFamily]],
        makers: Sequence[Callable[[], ActionFamily]] | None = None,
    ) -> None:
        self.count = count
        """How many families there are."""
        self._build = build
        self._built: list[ActionFamily] | None = None
        self._makers = makers

    @staticmethod
    def listed(families: list[ActionFamily]) -> CountedFamilies:
        """``families``, built already, counted (no call made to count them: a state answers so
        at every decision)."""
        counted = CountedFamilies(len(families), _built_already)
        counted._built = families
        return counted

    def families(self) -> list[ActionFamily]:
        """The families, built at the first call (the same list at every call)."""
        built = self._built
        if built is None:
            built = self._built = self._build()
            if len(built) != self.count:
                raise AssertionError(f"{self.count} families were counted but {len(built)} built")
        return built

    def family(self, index: int) -> ActionFamily:
        """The family at ``index`` (0 to ``count`` - 1) of ``families()``, equal to it, built
        alone by its maker when the game has ``makers`` and the list is not built yet."""
        makers = self._makers
        if self._built is None and makers is not None:
            if not 0 <= index < self.count:
                raise IndexError(f"family {index} of {self.count}")
            return makers[index]()
        return self.families()[index]


def _built_already() -> list[ActionFamily]:
    raise AssertionError("families counted as built were built again")


def family_of(action: Action, families: Sequence[ActionFamily]) -> ActionFamily | None:
    """The first family that contains ``action``, or ``None``."""
    for family in families:
        if action in family:
            return family
    return None


SEARCH_LIMIT = 4096
"""The most completions :func:`narrow_by_search` tries for one value of a field."""

Walks = dict[tuple[int, int | None], tuple[ActionFamily, dict[tuple[object, ...], Any]]]
"""What narrowing found of one state's families, per family and seat (see :func:`steady`)."""

_STEADY: ContextVar[tuple[State, Walks] | None] = ContextVar("tycoon_steady_state", default=None)


@contextmanager
def steady(state: State, walks: Walks) -> Iterator[None]:
    """Within, ``state`` does not change: :func:`narrow_by_search` and :func:`narrow_by_bounds`
    keep in ``walks`` what they find of its completions and read it back at the next field, so
    that narrowing one field after another (a decision made field by field) tries each
    completion once. ``walks`` is the caller's, empty at first, and belongs to ``state`` as it
    is now: a state that changes needs new walks (docs/decisions/0034-narrowing-a-steady-state.md)."""
    token = _STEADY.set((state, walks))
    try:
        yield
    finally:
        _STEADY.reset(token)


def _walked(state: State, family: ActionFamily, seat: int | None) -> dict[tuple[object, ...], Any] | None:
    """What earlier narrowing found of ``family`` in ``state`` for ``seat``, to add to, inside
    :func:`steady`; else ``None``."""
    held = _STEADY.get()
    if held is None or held[0] is not state:
        return None
    walks = held[1]
    key = (id(family), seat)
    entry = walks.get(key)
    # The family is kept with its walks, so its id names no other family while they last.
    if entry is None or entry[0] is not family:
        entry = walks[key] = (family, {})
    return entry[1]


def _completions(domains: Sequence[Domain]) -> int:
    total = 1
    for domain in domains:
        total *= len(domain)
    return total


def check_prefix(family: ActionFamily, prefix: Sequence[JSONValue]) -> None:
    """Raise ``IllegalAction`` unless ``prefix`` leaves a field to choose and each of its values
    lies in its field's own domain."""
    if len(prefix) >= len(family.domains):
        raise IllegalAction(
            msg("refuse.prefix_too_long", kind=family.kind, fields=len(family.domains), given=len(prefix))
        )
    for name, domain, value in zip(family.names, family.domains, prefix, strict=False):
        if value not in domain:
            raise IllegalAction(
                msg("refuse.not_in_domain", kind=family.kind, field=name, domain=str(domain), value=repr(value))
            )


def narrow_by_search(
    state: State, family: ActionFamily, prefix: Sequence[JSONValue], seat: int | None = None
) -> Domain:
    """``State.narrow``'s default: a ``whole`` family's own domain for the next field, and for
    any other family the values of the next field that some completion makes legal, found by
    asking ``state.refusal`` of every completion while there are at most ``SEARCH_LIMIT`` of
    them per value. A game whose family is wider than that overrides ``State.narrow``."""
    check_prefix(family, prefix)
    index = len(prefix)
    domain = family.domains[index]
    if family.whole:
        return domain
    rest = family.domains[index + 1 :]
    if _completions(rest) > SEARCH_LIMIT:
        raise NotImplementedError(
            f"{family.kind}: {_completions(rest):,} completions per value are too many to try; "
            f"{type(state).__name__}.narrow must say which values of {family.names[index]} have one"
        )

    walked = _walked(state, family, seat)

    def completes(values: list[JSONValue], depth: int) -> bool:
        key = tuple(values)
        if walked is not None and key in walked:
            found: bool = walked[key]
            return found
        if depth == len(family.domains):
            found = state.refusal(family.cls(*values), seat) is None
        else:
            found = any(completes([*values, v], depth + 1) for v in family.domains[depth])
        if walked is not None:
            walked[key] = found
        return found

    kept = [v for v in domain if completes([*prefix, v], index + 1)]
    if not kept:
        raise IllegalAction(dead_end(family, prefix))
    return narrowed(domain, kept)


def dead_end(family: ActionFamily, prefix: Sequence[JSONValue]) -> Message:
    """The message for a prefix that no legal member of ``family`` starts with."""
    if not prefix:
        return msg("refuse.dead_end_empty", kind=family.kind)
    shown = ", ".join(f"{n} {v!r}" for n, v in zip(family.names, prefix, strict=False))
    return msg("refuse.dead_end", kind=family.kind, prefix=shown)


def narrowed(domain: Domain, kept: Sequence[JSONValue]) -> Domain:
    """The values ``kept`` of ``domain`` (in its order, at least one) as a domain: a range
    when they are evenly spaced whole numbers, else a choice (keeping the labels)."""
    if isinstance(domain, Choice):
        labels = tuple(domain.label(v) for v in kept) if domain.labels else ()
        return Choice(tuple(kept), labels)
    ints = [int(v) for v in kept]
    steps = {b - a for a, b in itertools.pairwise(ints)}
    if len(steps) <= 1:
        return IntRange(ints[0], ints[-1], steps.pop() if steps else 1)
    return Choice(tuple(kept))


def narrow_by_bounds(
    state: State,
    family: ActionFamily,
    prefix: Sequence[JSONValue],
    seat: int | None,
    *,
    money: int | None,
    bounds: Callable[[list[JSONValue]], tuple[int, int]],
    free: Sequence[int] = (),
) -> Domain:
    """``State.narrow`` for a family whose one wide field (``money``, an index: a price, an
    amount lent) is legal exactly within ``bounds(values)`` (lowest and highest, the other
    fields as in ``values``; the field ``money`` itself holds any value there), whose fields
    ``free`` (indices: terms the rules leave open) are legal at any value of their domains,
    and whose other fields are few enough to try one by one.

    A free field stands in by its lowest value; the wide field's range is cut to its domain's
    steps and each end confirmed with ``state.refusal`` (a range whose ends are refused counts
    as empty, so what is kept always completes)."""
    check_prefix(family, prefix)
    domains = family.domains
    index = len(prefix)
    cls = family.cls
    # Inside ``steady``: what the fields before this one found (keys: ``(None, *member)`` for a
    # grid, the values of a prefix for whether it completes, its free ranges left out: a prefix
    # completes at any value of them if at one; ``(None,)`` for the family's ``options``; None
    # is no field's value).
    walked = _walked(state, family, seat)
    made: tuple[list[Iterable[JSONValue]], frozenset[int]] | None = None
    if walked is not None:
        made = walked.get((None,))
    if made is None:
        # The values each field is tried at: one stand-in for the wide field and for a free
        # range (the lowest), every value of the others; and the free ranges.
        tried: list[Iterable[JSONValue]] = [
            (d.lo if isinstance(d, IntRange) else d.values[0],)
            if i == money or (i in free and isinstance(d, IntRange))
            else d
            for i, d in enumerate(domains)
        ]
        made = (tried, frozenset(i for i in free if isinstance(domains[i], IntRange)))
        if walked is not None:
            walked[(None,)] = made
    options, stood = made

    def key_of(values: Sequence[JSONValue]) -> tuple[JSONValue, ...]:
        return tuple([v for i, v in enumerate(values) if i not in stood]) if stood else tuple(values)

    def grid(member: tuple[JSONValue, ...]) -> tuple[int, int] | None:
        """The legal values of the wide field for ``member`` (its other fields as they are)."""
        if walked is None:
            return _grid(member)
        key = (None, *member)
        if key in walked:
            kept: tuple[int, int] | None = walked[key]
            return kept
        found = walked[key] = _grid(member)
        return found

    def _grid(member: tuple[JSONValue, ...]) -> tuple[int, int] | None:
        assert money is not None
        d = domains[money]
        assert isinstance(d, IntRange)
        values = list(member)
        lo, hi = bounds(values)
        lo, hi = max(lo, d.lo), min(hi, d.hi)
        lo += -(lo - d.lo) % d.step
        hi -= (hi - d.lo) % d.step
        if lo > hi:
            return None
        for end in (lo, hi) if hi != lo else (lo,):
            values[money] = end
            if state.refusal(cls(*values), seat) is not None:
                return None
        return lo, hi

    def ranges(values: list[JSONValue]) -> Iterator[tuple[int, int]]:
        """The wide field's legal values in each completion of ``values``, in order."""
        for rest in itertools.product(*options[len(values) :]):
            found = grid((*values, *rest))
            if found is not None:
                yield found

    def completes(values: list[JSONValue]) -> bool:
        if walked is None:
            return _completes(values)
        key = key_of(values)
        if key in walked:
            found: bool = walked[key]
            return found
        found = walked[key] = _completes(values)
        return found

    def _completes(values: list[JSONValue]) -> bool:
        if money is not None and money >= len(values):
            return next(ranges(values), None) is not None
        for rest in itertools.product(*options[len(values) :]):
            member = (*values, *rest)
            legal = state.refusal(cls(*member), seat) is None
            if walked is not None:
                walked[key_of(member)] = legal  # the next field may ask for this member
            if legal:
                return True
        return False

    domain = domains[index]
    values = list(prefix)
    if index == money:
        found = sorted(ranges(values))
        if not found:
            raise IllegalAction(dead_end(family, prefix))
        assert isinstance(domain, IntRange)
        lo, hi = found[0]
        for a, z in found[1:]:
            if a > hi + domain.step:
                # Separate ranges: every value kept, listed.
                return narrowed(domain, [v for v in domain if any(x <= v <= y for x, y in found)])
            hi = max(hi, z)
        return IntRange(lo, hi, domain.step)
    if index in free:
        if not completes(values):
            raise IllegalAction(dead_end(family, prefix))
        return domain
    kept = [v for v in domain if completes([*values, v])]
    if not kept:
        raise IllegalAction(dead_end(family, prefix))
    return narrowed(domain, kept)


def draw_member(state: State, family: ActionFamily, rng: random.Random, seat: int | None = None) -> Action:
    """A legal member of ``family`` drawn field by field with ``state.narrow``: each value
    uniformly from what keeps a legal completion."""
    values: list[JSONValue] = []
    for _ in family.domains:
        values.append(state.narrow(family, values, seat).sample(rng))
    return family.cls(*values)
