"""Filling in a parametric action (an offer, a bid, a loan) by answering a question per field.

Each question shows what may be answered: a list to choose from (seats by their number on the
table or their name, other values by their number in the list or their word) or a range
``lo..hi step s``. A wrong answer is explained and the question asked again; ``cancel`` leaves
the form, ``help`` explains the field. Fields the state fixes (a choice of one) are not asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.text import Text

from tycoon.cli.menu import domain_text, family_title, field_docs
from tycoon.cli.naming import SeatNames
from tycoon.core.actions import JSONValue
from tycoon.core.families import ActionFamily, Choice, IntRange

Ask = Callable[[str], str]
Say = Callable[[Text], None]

CANCEL_WORDS = ("cancel", "back", "quit", "exit")
HELP_WORDS = ("help", "?")
YES = ("yes", "y", "true", "on")
NO = ("no", "n", "false", "off")


class Cancelled(Exception):
    """The person left the form (``cancel``, or the input closed)."""


class Form:
    """Asks a person for the fields of one :class:`ActionFamily`."""

    def __init__(self, family: ActionFamily, seats: SeatNames, ask: Ask, say: Say) -> None:
        self.family = family
        self.seats = seats
        self.ask = ask
        self.say = say

    def fill(self) -> list[JSONValue]:
        """The value of every field, in field order; raises :class:`Cancelled`."""
        family = self.family
        self.say(Text(f"{family_title(family)} — 'cancel' leaves, 'help' explains a question", style="bold"))
        values: list[JSONValue] = []
        for index, (name, domain) in enumerate(zip(family.names, family.domains, strict=True)):
            seat_field = name in family.cls.seat_fields
            question = family.prompt(index)
            if isinstance(domain, Choice) and len(domain) == 1:
                only = domain.values[0]
                self.say(Text(f"  {question}: {self.shown(only, domain, seat_field)} (the only choice)", style="dim"))
                values.append(only)
                continue
            values.append(self.field(name, question, domain, seat_field))
        return values

    def field(self, name: str, question: str, domain: Choice | IntRange, seat_field: bool) -> JSONValue:
        """Ask one field until the answer is allowed."""
        prompt = f"  {question} [{domain_text(domain, self.seats, seat_field)}]> "
        while True:
            try:
                line = self.ask(prompt)
            except (EOFError, KeyboardInterrupt):
                raise Cancelled from None
            word = line.strip()
            if word.lower() in CANCEL_WORDS:
                raise Cancelled
            if word.lower() in HELP_WORDS:
                meaning = field_docs(self.family.cls).get(name, "")
                text = f"  {name}: {meaning + ' — ' if meaning else ''}allowed now: "
                self.say(Text(text + domain_text(domain, self.seats, seat_field), style="dim"))
                continue
            value, problem = read_value(word, domain, self.seats, seat_field)
            if problem is None:
                return value
            self.say(Text(f"  ✗ {problem}", style="red"))

    def shown(self, value: JSONValue, domain: Choice, seat_field: bool) -> str:
        if seat_field and isinstance(value, int) and not isinstance(value, bool):
            return self.seats.label(value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return domain.label(value)


def read_value(
    word: str, domain: Choice | IntRange, seats: SeatNames, seat_field: bool = False
) -> tuple[JSONValue, str | None]:
    """The value ``word`` names in ``domain``, or a reason it names none (then the value is
    meaningless)."""
    if not word:
        return 0, f"answer with {_expected(domain, seats, seat_field)}, or 'cancel'"
    if isinstance(domain, IntRange):
        return _read_number(word, domain)
    if seat_field:
        seat = seats.read(word)
        if seat is None or seat not in domain:
            return 0, f"{word!r} is not a seat you may choose here; choose {_expected(domain, seats, True)}"
        return seat, None
    if all(isinstance(v, bool) for v in domain.values):
        lowered = word.lower()
        answer = True if lowered in YES else False if lowered in NO else None
        if answer is None or answer not in domain:
            return False, f"answer {_expected(domain, seats)}, not {word!r}"
        return answer, None
    listed = bool(domain.labels) or not all(isinstance(v, int) and not isinstance(v, bool) for v in domain.values)
    if listed:
        if re.fullmatch(r"\d+", word):
            index = int(word)
            if 1 <= index <= len(domain):
                return domain.values[index - 1], None
            return 0, f"there is no {index} in the list; choose 1 to {len(domain)} (or the word)"
        lowered = word.lower()
        for value in domain.values:
            if str(value).lower() == lowered or domain.label(value).lower() == lowered:
                return value, None
        return 0, f"{word!r} is not in the list; choose {_expected(domain, seats)}"
    number = _int(word)
    if number is None or number not in domain:
        return 0, f"{word!r} is not allowed; choose one of {_expected(domain, seats)}"
    return number, None


def _read_number(word: str, domain: IntRange) -> tuple[int, str | None]:
    number = _int(word)
    if number is None:
        return 0, f"{word!r} is not a whole number; type one of {_expected(domain)}"
    if not domain.lo <= number <= domain.hi:
        return 0, f"{number:,} is out of range; type a number of {_expected(domain)}"
    if (number - domain.lo) % domain.step:
        below = number - (number - domain.lo) % domain.step
        nearest = f"{below:,} and {below + domain.step:,}" if below + domain.step <= domain.hi else f"{below:,}"
        return 0, f"{number:,} is not in steps of {domain.step:,} from {domain.lo:,}; the nearest: {nearest}"
    return number, None


def _int(word: str) -> int | None:
    try:
        return int(word.replace(",", "").replace("_", ""))
    except ValueError:
        return None


def _expected(domain: Choice | IntRange, seats: SeatNames | None = None, seat_field: bool = False) -> str:
    return domain_text(domain, seats or SeatNames([]), seat_field)
