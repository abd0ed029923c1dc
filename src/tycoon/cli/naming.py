"""Seats as the people at the terminal read and type them.

The rules count seats from 0 and narrate them as ``seat N``; the terminal shows the players'
names and numbers counted from 1, and takes those back. :class:`SeatNames` turns one into the
other: it puts names into the rules' messages (with the grammar a sentence about "you" needs)
and reads a seat a person typed, as a number from the table or a name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tycoon.core.messages import Message, Text

SEAT_MENTION = re.compile(r"\b([Ss])eat (-?\d+)('s)?(?=\b|$)")
"""How the rules name a player in their messages: ``seat N`` (from 0), maybe possessive;
``seat -1`` is chance."""

CHANCE_SEAT = -1
"""The seat number of chance (``tycoon.core.game.CHANCE``), named "chance" in messages."""

SEAT_FIELD_NAMES = frozenset({"to", "seat", "lender", "borrower", "buyer", "seller", "target", "player"})
"""Whole-number fields read as seats when an action class declares no ``seat_fields``: the
names the games give the seat an offer goes to or an action is aimed at."""

YOU = "you"
"""The name of the one person at a table of bots; sentences about "you" change their verb."""

SUBJECT_BEFORE = re.compile(r"(^|[.;:!?(—–]\s*|,\s+|\b(?:and|but|then|so|while|when|if|until)\s+)$")
"""What comes before a seat mentioned as the subject of a sentence (its start, a comma, ...)."""

COORDINATED = re.compile(r"(,?\s+(?:and|but|then|or)\s+(?:then\s+)?)([a-z]+s)\b")
"""A second verb of the same subject: "you roll 5 *and moves* to space 6"."""
CLAUSE_END = re.compile(r"[.;:!?(—–]")

IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
NOT_VERBS = frozenset({"always", "also", "alone", "as", "its", "plus", "thus", "this", "us", "was's"})


def agree(verb: str) -> str:
    """The form of a third-person verb that goes with "you": ``pays`` → ``pay``.

    >>> [agree(v) for v in ("pays", "has", "passes", "carries", "reaches", "loses", "is")]
    ['pay', 'have', 'pass', 'carry', 'reach', 'lose', 'are']
    """
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


_language = ["en"]


def language() -> str:
    """The language this process writes the games' words in (``tycoon play --lang``, else
    ``LC_ALL``/``LC_MESSAGES``/``LANG``; English by default)."""
    return _language[0]


def choose_language(code: str | None) -> str:
    """Make ``code`` the language of this process (``None``: the environment's); the chosen one."""
    from tycoon.words import language_from_environment

    _language[0] = code if code is not None else language_from_environment()
    return _language[0]


def nameless(name: str) -> bool:
    """Whether the seat called ``name`` is named by its number in this process's language
    ("Spieler 1", "gracz 1"): a person given no name (``""``), and in another language than
    English the one person called "you", whose sentences would need the second person that the
    catalogues' narration does not write. A sentence begins with a capital, and Polish says
    the number in the case a sentence needs ("od gracza 1")."""
    return name == "" or (name.lower() == YOU and language() != "en")


class SeatNames:
    """The names of a table's seats, for reading and writing seats at the terminal."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        """A name per seat, in seat order."""

    def name(self, seat: int) -> str:
        """The name of ``seat`` (from 0); "chance" for chance; ``seat N`` counted from 1 if it
        has none."""
        if seat == CHANCE_SEAT:
            return "chance"
        if 0 <= seat < len(self.names) and not nameless(self.names[seat]):
            return self.names[seat]
        from tycoon.core.messages import msg
        from tycoon.words import render

        return render(msg("seat.n", n=seat + 1), language())

    def number(self, seat: int) -> int:
        """The number a person reads and types for ``seat``: counted from 1."""
        return seat + 1

    def label(self, seat: int) -> str:
        """``2 Bob``: the number and the name, as the table shows a seat."""
        return f"{self.number(seat)} {self.name(seat)}"

    def named(self, text: Text) -> str:
        """``text`` with each ``seat N`` of this table replaced by its player's name; a message
        rendered in this process's :func:`language` first.

        A sentence about "you" gets its verb in agreement ("seat 0 pays" → "you pay") and the
        possessive becomes "your"; at the start of a sentence, "You" and "Your". (In another
        language than English a seat without a name, the one person at a table of bots among
        them, is named by its number counted from 1: :func:`nameless`.)
        """
        if isinstance(text, Message):
            from tycoon.words import render

            if language() != "en":
                readers = [s + 1 if nameless(name) else name for s, name in enumerate(self.names)]
                return render(text, language(), readers)
            text = render(text)

        def replace(match: re.Match[str]) -> str:
            seat = int(match.group(2))
            if seat == CHANCE_SEAT:
                return ("Chance" if match.group(1) == "S" else "chance") + (match.group(3) or "")
            if not 0 <= seat < len(self.names):
                return match.group(0)
            name = self.name(seat)
            before = text[: match.start()]
            start = before == "" or bool(re.search(r"[.!?]\s*$", before))
            if name.lower() == YOU:
                alone = re.match(r"\s*($|[.,;:!?)])", text[match.end() :]) is not None
                word = ("yours" if alone else "your") if match.group(3) else YOU
                return word.capitalize() if start else word
            return name + (match.group(3) or "")

        result = SEAT_MENTION.sub(replace, text)
        if any(n.lower() == YOU for n in self.names):
            result = _agree_after_you(result)
        return result

    def possessive(self, seat: int) -> str:
        """``Bob's``, or ``your`` for the person called "you"."""
        return possessive(self.name(seat))

    def read(self, word: str) -> int | None:
        """The seat (from 0) a person means by ``word``: a number from the table (from 1) or a
        name, in any case; ``None`` if it names no seat."""
        text = word.strip()
        if re.fullmatch(r"\d+", text):
            seat = int(text) - 1
            return seat if 0 <= seat < len(self.names) else None
        lowered = text.lower()
        for seat, name in enumerate(self.names):
            if name.lower() == lowered or name.lower().replace(" ", "-") == lowered:
                return seat
        return None

    def choices(self, seats: Sequence[int] | None = None) -> str:
        """``1 Ann, 2 Bob``: the seats one may type (default: all)."""
        return ", ".join(self.label(s) for s in (range(len(self.names)) if seats is None else seats))


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``1 card``, ``2 cards``: a number with its noun in agreement.

    >>> counted(1, "card"), counted(3, "card"), counted(0, "worker"), counted(2, "company", "companies")
    ('1 card', '3 cards', '0 workers', '2 companies')
    """
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def possessive(name: str) -> str:
    """``name`` as an owner: ``Bob's``, ``Hans'``; ``your`` for "you"."""
    if name.lower() == YOU:
        return "your"
    return name + ("'" if name.endswith("s") else "'s")


def seat_fields(cls: type) -> tuple[str, ...]:
    """The fields of an action class that hold a seat (from 0): those it declares in
    ``seat_fields``, or else its whole-number fields with a seat's name (``to``, ``seat``,
    ``lender``, ...; see :data:`SEAT_FIELD_NAMES`)."""
    declared: tuple[str, ...] = getattr(cls, "seat_fields", ())
    if declared:
        return declared
    annotations: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(getattr(klass, "__annotations__", {}))
    return tuple(name for name, kind in annotations.items() if name in SEAT_FIELD_NAMES and kind in (int, "int"))


def _plural_noun_ends(text: str) -> bool:
    """Whether ``text`` ends in a plural noun ("3 raws"): then "and Xs" lists nouns, not verbs."""
    words = text.split()
    return bool(words) and re.fullmatch(r"[a-z]+s", words[-1]) is not None and words[-1] not in NOT_VERBS


def _agree_after_you(text: str) -> str:
    """Put the verbs of a subject "you" (or "You") in the form that goes with it: the verb
    right after it, and a second verb of the same clause ("you roll 5 and move")."""
    out: list[str] = []
    last = 0
    for match in re.finditer(r"\b([Yy]ou) ([a-z]+s)\b", text):
        verb = match.group(2)
        if match.start() < last or verb in NOT_VERBS or not SUBJECT_BEFORE.search(text[: match.start()]):
            continue
        out.append(text[last : match.start()])
        out.append(f"{match.group(1)} {agree(verb)}")
        last = match.end()
        end = CLAUSE_END.search(text, last)
        clause_end = end.start() if end else len(text)
        for second in COORDINATED.finditer(text, last, clause_end):
            before = text[last : second.start()]
            if second.group(2) in NOT_VERBS or re.search(r"\b[Yy]ou\b", before) or _plural_noun_ends(before):
                continue
            out.append(text[last : second.start(2)])
            out.append(agree(second.group(2)))
            last = second.end(2)
    out.append(text[last:])
    return "".join(out)
