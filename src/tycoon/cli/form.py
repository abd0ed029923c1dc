"""Filling in an action by answering a question per field.

A parametric action (an offer, a bid, a loan: an :class:`ActionFamily`) is a :class:`Form`;
one of many listed actions of a kind (sixteen loan offers differing in partner, amount and
terms) is a :class:`ListForm`, which asks only the fields in which they differ, each among the
values still possible after the answers before.

Each question shows what may be answered: a list to choose from (seats by their number on the
table or their name, other values by their number in the list or their word) or a range
``lo..hi step s``. A wrong answer is explained and the question asked again; ``cancel`` leaves
the form, ``help`` explains the field. Fields the state fixes (a choice of one) are not asked.

A form given the state's ``narrow`` (``State.narrow`` for the family and the seat) asks each
field within what the answers before it allow: the price of a firm up to what the chosen buyer
can pay, not what the richest could. A field left with one value is filled in and said; an
answer that leaves no legal action is refused there, before anything is sent. Where the game
cannot narrow a field, the field's own domain is asked and the rules judge the whole action.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable, Sequence

from rich.text import Text

from tycoon.cli.menu import domain_text, family_title, field_meanings
from tycoon.cli.naming import SeatNames, language, seat_fields
from tycoon.cli.say import number as grouped
from tycoon.cli.say import said, say
from tycoon.core.actions import Action, JSONValue
from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily, Choice, Domain, IntRange
from tycoon.core.messages import Items

Ask = Callable[[str], str]
Say = Callable[[Text], None]
Narrow = Callable[[Sequence[JSONValue]], Domain]
"""The domain of a family's next field given the values of the fields before it (``State.narrow``
with the family and the seat bound): raises ``IllegalAction`` when no legal action starts so,
``NotImplementedError`` when the game cannot tell."""

CANCEL_WORDS = ("cancel", "back", "quit", "exit")
HELP_WORDS = ("help", "?")
YES = ("yes", "y", "true", "on", "ja", "j", "tak", "t")
NO = ("no", "n", "false", "off", "nein", "nee", "nie")


class Cancelled(Exception):
    """The person left the form (``cancel``, or the input closed)."""


class Form:
    """Asks a person for the fields of one :class:`ActionFamily`, each within what the answers
    before it allow when ``narrow`` is given."""

    def __init__(
        self,
        family: ActionFamily,
        seats: SeatNames,
        ask: Ask,
        say: Say,
        narrow: Narrow | None = None,
        game: str = "",
    ) -> None:
        self.family = family
        self.game = game
        """The game's id, whose catalogue names each kind of action in another language."""
        self.seats = seats
        self.ask = ask
        self.say = say
        self.narrow = narrow

    def fill(self) -> list[JSONValue]:
        """The value of every field, in field order; raises :class:`Cancelled`."""
        family = self.family
        title = family_title(family, self.seats, self.game)
        self.say(Text(say("cli.form.title", title=title), style="bold"))
        values: list[JSONValue] = []
        seats = seat_fields(family.cls)
        domain = self.domain_after(values)
        while len(values) < len(family.names):
            index = len(values)
            name = family.names[index]
            asked = self.seats.named(field_question(family, index))
            why = self.because(values) if domain != family.domains[index] else ""
            value = ask_field(self, family.cls, name, asked, domain, name in seats, why)
            if index + 1 == len(family.names):
                values.append(value)
                break
            try:
                following = self.domain_after([*values, value])
            except IllegalAction as e:
                # Only a field asked in its own domain (the game could not narrow it) gets here.
                self.say(Text("  ✗ " + say("cli.form.not_taken", why=self.seats.named(e.text)), style="red"))
                continue
            values.append(value)
            domain = following
        return values

    def domain_after(self, values: Sequence[JSONValue]) -> Domain:
        """The domain of the field after ``values``: narrowed, or the family's own where the game
        cannot narrow it."""
        if self.narrow is not None:
            try:
                return self.narrow(values)
            except NotImplementedError:
                pass
        return self.family.domains[len(values)]

    def because(self, values: Sequence[JSONValue]) -> str:
        """What the answers so far were, as the reason a field's bounds are narrower than its own."""
        family = self.family
        seats = seat_fields(family.cls)
        parts = []
        for i, value in enumerate(values):
            name = family.names[i]
            if name in seats and isinstance(value, int) and not isinstance(value, bool):
                text = self.seats.label(value)
            elif isinstance(value, bool):
                text = yes_no(value)
            else:
                own = family.domains[i]
                text = (
                    self.seats.named(own.label(value))
                    if isinstance(own, Choice)
                    else f"{value:,}"
                    if isinstance(value, int)
                    else str(value)
                )
            label = self.seats.named(family.field_label(i))
            parts.append(f"{label[:1].lower()}{label[1:]} {text}")
        return ", ".join(parts)


class ListForm:
    """Asks a person which of several listed actions of one kind to take, field by field."""

    def __init__(self, actions: Sequence[Action], seats: SeatNames, ask: Ask, say: Say) -> None:
        if not actions or len({type(a) for a in actions}) != 1:
            raise ValueError("a list form needs actions of one kind")
        self.actions = list(actions)
        self.seats = seats
        self.ask = ask
        self.say = say

    def fill(self) -> Action:
        """The action chosen; raises :class:`Cancelled`."""
        left = list(self.actions)
        cls = type(left[0])
        seats = seat_fields(cls)
        self.say(Text(say("cli.form.list_title", kind=cls.kind, n=len(left)), style="bold"))
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            values: list[JSONValue] = []
            for action in left:
                value = getattr(action, f.name)
                if not any(type(v) is type(value) and v == value for v in values):
                    values.append(value)
            seat_field = f.name in seats
            domain = Choice(tuple(values)) if seat_field else as_domain(values)
            chosen = ask_field(self, cls, f.name, question(f.name, seat_field), domain, seat_field)
            left = [a for a in left if type(getattr(a, f.name)) is type(chosen) and getattr(a, f.name) == chosen]
        return left[0]


def as_domain(values: Sequence[JSONValue]) -> Choice | IntRange:
    """The values to choose among: a range ``lo..hi step s`` when they are every step of one
    (four at least: ``hire 1`` … ``hire 18``), else the list."""
    numbers = sorted(v for v in values if isinstance(v, int) and not isinstance(v, bool))
    if len(numbers) == len(values) >= 4:
        step = numbers[1] - numbers[0]
        if step > 0 and all(b - a == step for a, b in itertools.pairwise(numbers)):
            return IntRange(numbers[0], numbers[-1], step)
    return Choice(tuple(values))


def field_question(family: ActionFamily, index: int) -> str:
    """What the form asks for field ``index``: the family's own question, or else the label the
    page's form shows with its unit ("Interest at each crossing of start (%)"), not the bare
    field name ("interest")."""
    if family.prompts:
        return said(family.prompt(index))
    label, unit = said(family.field_label(index)), said(family.field_unit(index))
    return f"{label} ({unit})" if unit and unit not in label else label


def question(name: str, seat_field: bool) -> str:
    """The question for a field that has no prompt of its own: its name, or "to whom"."""
    if seat_field:
        return say("cli.form.to_whom") if name == "to" else say("cli.form.which_player", name=name.replace("_", " "))
    return name.replace("_", " ")


def ask_field(
    form: Form | ListForm,
    cls: type[Action],
    name: str,
    asked: str,
    domain: Choice | IntRange,
    seat_field: bool,
    why: str = "",
) -> JSONValue:
    """Ask one field until the answer is allowed; a choice of one is said, not asked. ``why``
    names the answers that narrowed ``domain`` (empty when it is the field's own): a value of
    one is then said too, and a refusal says what allowed the rest."""
    mark = "" if asked.endswith("?") else ":"
    if isinstance(domain, Choice) and len(domain) == 1:
        only = domain.values[0]
        only_one = shown(only, domain, form.seats, seat_field)
        form.say(Text(f"  {asked}{mark} {only_one} {say('cli.form.only_choice')}", style="dim"))
        return only
    if why and isinstance(domain, IntRange) and domain.lo == domain.hi:
        form.say(Text(f"  {asked}{mark} {grouped(domain.lo)} {say('cli.form.only_allowed', why=why)}", style="dim"))
        return domain.lo
    prompt = f"  {asked} [{domain_text(domain, form.seats, seat_field)}]> "
    while True:
        try:
            line = form.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Cancelled from None
        word = line.strip()
        if word.lower() in CANCEL_WORDS:
            raise Cancelled
        if word.lower() in HELP_WORDS:
            meaning = field_meanings(cls).get(name, "")
            allowed = domain_text(domain, form.seats, seat_field)
            text = f"  {name}: {meaning + ' — ' if meaning else ''}{say('cli.form.allowed_now', values=allowed)}"
            text += " " + say("cli.form.with", why=why) if why else ""
            form.say(Text(text, style="dim"))
            continue
        value, problem = read_value(word, domain, form.seats, seat_field)
        if problem is None:
            return value
        if why:
            problem += " " + say("cli.form.what_allows", why=why)
        form.say(Text(f"  ✗ {problem}", style="red"))


def shown(value: JSONValue, domain: Choice, seats: SeatNames, seat_field: bool) -> str:
    """A value as the form shows it: a seat by number and name, yes/no, or its label with the
    players' names in it ("owned by seat 3" reads "owned by Bot 4", as the menus say)."""
    if seat_field and isinstance(value, int) and not isinstance(value, bool):
        return seats.label(value)
    if isinstance(value, bool):
        return yes_no(value)
    return seats.named(domain.label(value))


def yes_no(value: bool) -> str:
    """``yes`` or ``no`` in the terminal's language."""
    return say("cli.form.yes") if value else say("cli.form.no")


def read_value(
    word: str, domain: Choice | IntRange, seats: SeatNames, seat_field: bool = False
) -> tuple[JSONValue, str | None]:
    """The value ``word`` names in ``domain``, or a reason it names none (then the value is
    meaningless)."""
    if not word:
        return 0, say("cli.form.answer_with", expected=_expected(domain, seats, seat_field))
    if isinstance(domain, IntRange):
        return _read_number(word, domain)
    if seat_field:
        seat = seats.read(word)
        if seat is None or seat not in domain:
            return 0, say("cli.form.no_seat", word=repr(word), expected=_expected(domain, seats, True))
        return seat, None
    if all(isinstance(v, bool) for v in domain.values):
        lowered = word.lower()
        answer = True if lowered in YES else False if lowered in NO else None
        if answer is None or answer not in domain:
            return False, say("cli.form.answer_not", expected=_expected(domain, seats), word=repr(word))
        return answer, None
    listed = bool(domain.labels) or not all(isinstance(v, int) and not isinstance(v, bool) for v in domain.values)
    if listed:
        if re.fullmatch(r"\d+", word):
            index = int(word)
            if 1 <= index <= len(domain):
                return domain.values[index - 1], None
            return 0, say("cli.form.no_index", index=str(index), n=len(domain))
        lowered = word.lower()
        for value in domain.values:
            if str(value).lower() == lowered or seats.named(domain.label(value)).lower() == lowered:
                return value, None
        return 0, say("cli.form.not_listed", word=repr(word), expected=_expected(domain, seats))
    number = _int(word)
    if number is None or number not in domain:
        return 0, say("cli.form.not_allowed", word=repr(word), expected=_expected(domain, seats))
    return number, None


def _read_number(word: str, domain: IntRange) -> tuple[int, str | None]:
    number = _int(word)
    if number is None:
        return 0, say("cli.form.not_whole", word=repr(word), expected=_expected(domain))
    if not domain.lo <= number <= domain.hi:
        if domain.lo == domain.hi:
            return 0, say("cli.form.only_number", n=number, only=domain.lo)
        return 0, say("cli.form.out_of_range", n=number, expected=_expected(domain))
    if (number - domain.lo) % domain.step:
        below = number - (number - domain.lo) % domain.step
        above = below + domain.step
        nearest = Items((below, above)) if above <= domain.hi else below
        return 0, say("cli.form.steps", n=number, step=domain.step, lo=domain.lo, nearest=nearest)
    return number, None


def _int(word: str) -> int | None:
    try:
        # Thousands grouped as the terminal's language writes them: 12,500, 12.500, 12 500.
        grouping = {"de": ".", "nl": ".", "pl": "\u00a0 "}.get(language(), "")
        return int(word.translate({ord(ch): None for ch in ",_" + grouping}))
    except ValueError:
        return None


def _expected(domain: Choice | IntRange, seats: SeatNames | None = None, seat_field: bool = False) -> str:
    return domain_text(domain, seats or SeatNames([]), seat_field)
