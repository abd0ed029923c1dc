"""The numbered menu a person chooses from: the legal actions and the offers to fill in.

Every line is the action in the game's own words (``state.describe(action, viewer)``, with the
players' names put in) and, dimmed, what to type for it. Seats in typed forms are the numbers
the table shows (from 1) or names; the rules' own forms count from 0. Where the game gives no
words of its own for an action (its description is its text form), the typed form is shown.
When the screen is short, the choices of each kind gather in one line (``2–22 buy a computer
… (21 choices; 'buy-computer' asks)``): typing the kind alone asks the values in which they
differ one by one, and ``more N`` lists them in full. The parametric actions (offers, bids,
loans) come after the actions as one line per family; choosing one asks its fields one by one
(:mod:`tycoon.cli.form`).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import itertools
import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text

from tycoon.cli.naming import SeatNames, language
from tycoon.cli.naming import seat_fields as seat_fields_of
from tycoon.cli.say import number as grouped
from tycoon.cli.say import said, say
from tycoon.cli.wrap import wrap
from tycoon.core.actions import Action, ActionCodec
from tycoon.core.errors import InvalidNotation
from tycoon.core.families import ActionFamily, Choice, IntRange
from tycoon.core.messages import Message

GATHER = 5
"""Once a menu must be shortened, every kind with more choices than this gathers in one line."""

Describe = Callable[[Action], str]
"""An action in the game's words, as the person asked may read it; seats named ``seat N``."""


@dataclass
class Row:
    """One line of the menu: a single choice, the choices of one kind, or a family."""

    numbers: list[int]
    """The numbers of its choices (from 1), in order."""
    family: ActionFamily | None = None
    """The family this line fills in, if it is one."""

    @property
    def first(self) -> int:
        return self.numbers[0]

    @property
    def last(self) -> int:
        return self.numbers[-1]

    @property
    def label(self) -> str:
        """``7``, ``2–22``, or ``48…89`` when other choices come between."""
        if len(self.numbers) == 1:
            return str(self.first)
        contiguous = self.last - self.first + 1 == len(self.numbers)
        return f"{self.first}{'–' if contiguous else '…'}{self.last}"


class Menu:
    """The choices of one seat at one decision, numbered from 1: actions, then families."""

    def __init__(
        self,
        actions: Sequence[Action],
        families: Sequence[ActionFamily],
        describe: Describe,
        codec: ActionCodec,
        seats: SeatNames,
        game: str = "",
    ) -> None:
        self.actions = list(actions)
        """The finite choices, numbered 1 to ``len(actions)``."""
        self.families = list(families)
        """The forms to fill in, numbered after the actions."""
        self.describe = describe
        """The game's words for an action (``state.describe``), seats still ``seat N``."""
        self.codec = codec
        self.seats = seats
        self.game = game
        """The game's id, whose catalogue names each kind of action (``kind.<game>.<kind>``)."""
        self.collapsed: set[int] = set()
        """Numbers of choices hidden inside a collapsed run the last time the menu was drawn."""
        self._described: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.actions) + len(self.families)

    # -- what is shown ---------------------------------------------------------------------

    def text_of(self, number: int) -> str:
        """The game's words for choice ``number``, the players' names put in; what to type for
        it where the game has no words of its own for it."""
        if number > len(self.actions):
            family = self.families[number - len(self.actions) - 1]
            return family_title(family, self.seats, self.game)
        if number not in self._described:
            self._described[number] = self.words(self.actions[number - 1])
        return self._described[number]

    def words(self, action: Action) -> str:
        """``action`` in the game's words, names put in; its typed form if the game only gives
        the text form back (whose seats count from 0, unlike the table's)."""
        described = self.describe(action)
        if described == str(action):
            return self.typed(action)
        return self.seats.named(described)

    def typed(self, action: Action) -> str:
        """What a person types for ``action``: its text form with seats as the table shows them."""
        words = [action.kind]
        seats = set(seat_fields_of(type(action)))
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
            value = getattr(action, f.name)
            if f.name in seats and isinstance(value, int) and not isinstance(value, bool):
                words.append(str(self.seats.number(value)))
            elif isinstance(value, bool):
                words.append("yes" if value else "no")
            else:
                words.append(str(value))
        return " ".join(words)

    def rows(self, budget: int | None = None, height: Callable[[int], int] | None = None) -> list[Row]:
        """The menu's lines: one per choice when they fit in ``budget`` lines (``None``: no
        limit); else the choices of the largest kinds gathered into one line each, as many
        kinds as it takes and every kind of more than :data:`GATHER` choices (the few choices
        of the decision itself keep a line each). ``height``: the screen lines choice N takes
        (default 1), so the kinds that take the most room gather first."""
        lines = height or (lambda number: 1)
        families = [Row([n], f) for n, f in enumerate(self.families, len(self.actions) + 1)]
        kinds = self.kinds()
        room = {kind: sum(lines(n) for n in numbers) for kind, numbers in kinds.items()}
        gathered: set[str] = set()
        count = sum(lines(n) for n in range(1, len(self) + 1))
        if budget is not None and count > budget:
            for kind in sorted(kinds, key=lambda k: (-room[k], -len(kinds[k]))):
                if len(kinds[kind]) < 2 or (count <= budget and len(kinds[kind]) <= GATHER):
                    break
                gathered.add(kind)
                count -= room[kind] - 1
        rows: list[Row] = []
        for number, action in enumerate(self.actions, 1):
            if action.kind not in gathered:
                rows.append(Row([number]))
            elif kinds[action.kind][0] == number:
                rows.append(Row(kinds[action.kind]))
        return rows + families

    def kinds(self) -> dict[str, list[int]]:
        """The numbers of the actions of each kind, kinds in the order they first come."""
        found: dict[str, list[int]] = {}
        for number, action in enumerate(self.actions, 1):
            found.setdefault(action.kind, []).append(number)
        return found

    def lines(self, width: int, budget: int | None = None) -> list[Text]:
        """The menu drawn in at most ``budget`` screen lines of ``width`` characters: a choice
        too long for one line goes on, broken between words, on the next; when the lines do not
        fit, more kinds gather (:meth:`rows`), and what still does not fit is said in a last
        line."""
        label_width = len(str(len(self)))
        rows = self.rows(budget, lambda n: len(self._line(self._single(n), width, label_width)))
        drawn = self._drawn(rows, width)
        self.collapsed = {n for row in rows if row.family is None and len(row.numbers) > 1 for n in row.numbers}
        if budget is not None and len(drawn) > budget:
            keep = max(1, budget - 1)
            cut = len(drawn) - keep
            drawn = [*drawn[:keep], Text("  " + say("cli.menu.cut", n=cut), style="dim")]
        return drawn

    def _single(self, number: int) -> Row:
        """The row of choice ``number`` alone."""
        if number > len(self.actions):
            return Row([number], self.families[number - len(self.actions) - 1])
        return Row([number])

    def _drawn(self, rows: Sequence[Row], width: int) -> list[Text]:
        label_width = max((len(row.label) for row in rows), default=1)
        return [line for row in rows for line in self._line(row, width, label_width)]

    def expanded(self, number: int, width: int) -> list[Text]:
        """Every choice of the kind of choice ``number``, one each (a long one on more lines)."""
        if number > len(self.actions):
            return self._line(Row([number], self.families[number - len(self.actions) - 1]), width, len(str(number)))
        numbers = self.kinds()[self.actions[number - 1].kind]
        label_width = len(str(numbers[-1]))
        return [line for n in numbers for line in self._line(Row([n]), width, label_width)]

    def all_lines(self, width: int) -> list[Text]:
        """Every choice, one each (a long one on more lines)."""
        return self.lines(width, None)

    def _line(self, row: Row, width: int, label_width: int) -> list[Text]:
        """A row's screen lines: a choice too long for one goes on under its words, broken
        between words; a gathered row (first … last) is cut to one line, keeping its hint."""
        line = Text(f"  {row.label.rjust(label_width)}  ", style="cyan")
        room = max(10, width - len(line) - 1)
        if row.family is not None:
            words = Text(family_title(row.family, self.seats, self.game))
            hint = Text(f"  [{say('cli.menu.field_by_field', kind=row.family.kind)}]", style="dim")
        elif len(row.numbers) == 1:
            action = self.actions[row.first - 1]
            described = self.text_of(row.first)
            typed = self.typed(action)
            words = Text(described)
            hint = Text(f"  [{typed}]" if described != typed else "", style="dim")
        else:
            kind = self.actions[row.first - 1].kind
            words = Text(f"{self.text_of(row.first)} … {self.text_of(row.last)}")
            hint = Text(f"  ({say('cli.menu.gathered', n=len(row.numbers), kind=kind)})", style="dim")
            if len(words) + len(hint) > room:
                if len(hint) < room - 10:
                    words.truncate(room - len(hint), overflow="ellipsis")
                else:
                    hint = Text("")
            words.append_text(hint)
            words.truncate(room, overflow="ellipsis")
            line.append_text(words)
            return [line]
        words.append_text(hint)
        pieces = wrap(words, room)
        indent = Text(" " * len(line))
        return [line.copy().append_text(pieces[0]), *(indent.copy().append_text(p) for p in pieces[1:])]

    # -- what is typed ---------------------------------------------------------------------

    def parse(self, text: str) -> Action:
        """The action a typed line names, seats read as the table shows them; raises
        :class:`InvalidNotation` saying what is wrong."""
        words = text.split()
        cls = action_class(self.codec, words[0]) if words else None
        if cls is None or not seat_fields_of(cls):
            return self.codec.parse(text)
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        if len(words) - 1 != len(names):
            return self.codec.parse(text)  # the codec says how many values it takes
        for index, name in enumerate(names, 1):
            if name in seat_fields_of(cls):
                seat = self.seats.read(words[index])
                if seat is None:
                    raise InvalidNotation(
                        f"{words[index]!r} is no seat at this table for {name}; the seats: {self.seats.choices()}"
                    )
                words[index] = str(seat)
        return self.codec.parse(" ".join(words))

    def family_by_kind(self, kind: str) -> list[ActionFamily]:
        """The families of actions of ``kind``."""
        return [f for f in self.families if f.kind == kind]

    def of_kind(self, kind: str) -> list[Action]:
        """The listed actions of ``kind``."""
        return [a for a in self.actions if a.kind == kind]

    def fields_of(self, kind: str) -> list[str]:
        """The fields in which the listed actions of ``kind`` differ: what a person is asked
        when choosing one of them field by field (none for a kind listed once)."""
        members = self.of_kind(kind)
        if len(members) < 2:
            return []
        names = [f.name for f in dataclasses.fields(members[0])]  # type: ignore[arg-type]
        return [n for n in names if len({_key(getattr(a, n)) for a in members}) > 1]

    # -- help ------------------------------------------------------------------------------

    def help(self, kind: str) -> list[str]:
        """What an action of ``kind`` does, what each value means and may be now, and an example."""
        cls = action_class(self.codec, kind)
        if cls is None:
            raise InvalidNotation(f"there is no action {kind!r}; the actions: {', '.join(self.codec.kinds)}")
        lines = [f"{kind}: {self._what(kind, class_doc(cls))}"]
        fields = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        docs = field_meanings(cls)
        examples = self.of_kind(kind)
        families = self.family_by_kind(kind)
        usage = " ".join([kind, *(f"<{name}>" for name in fields)])
        lines.append("  " + say("cli.menu.type", usage=usage if fields else kind))
        for name in fields:
            meaning = docs.get(name, "")
            if name in seat_fields_of(cls):
                meaning = (meaning + " " if meaning else "") + say("cli.menu.a_player")
            now = self._values_now(name, examples, families)
            line = f"  {name}: {meaning}" if meaning else f"  {name}"
            if now:
                line += (" — " if meaning else ": ") + say("cli.menu.now", values=now)
            lines.append(line)
        if examples:
            lines.append("  " + say("cli.menu.example", example=self._example(examples[0])))
            if len(examples) > 1:
                lines.append("  " + say("cli.menu.or", example=self._example(examples[-1])))
            if self.fields_of(kind):
                lines.append("  " + say("cli.menu.alone", kind=kind))
        elif families:
            title = family_title(families[0], self.seats, self.game)
            lines.append("  " + say("cli.menu.fill_in", title=title, kind=kind))
        else:
            lines.append("  " + say("cli.menu.not_now"))
        return lines

    def _what(self, kind: str, doc: str) -> str:
        """What an action of ``kind`` does: the catalogue's help for it (``cli.help.<game>.<kind>``)
        in this process's language; for a game without one, in English the class's docstring,
        in another language the name the catalogue gives its kind (``kind.<game>.<kind>``)."""
        from tycoon.words import has

        for key in (f"cli.help.{self.game}.{kind}", f"kind.{self.game}.{kind}"):
            if self.game and has(key, language()) and (language() != "en" or key.startswith("cli.")):
                return say(key)
        return doc or say("cli.menu.an_action")

    def _example(self, action: Action) -> str:
        """What to type for ``action``, and what it does if the game says it in words."""
        typed, words = self.typed(action), self.words(action)
        return typed if words == typed else f"{typed}  ({words})"

    def _values_now(self, name: str, examples: Sequence[Action], families: Sequence[ActionFamily]) -> str:
        if families:
            return "; ".join(domain_text(f.domain(name), self.seats, name in seat_fields_of(f.cls)) for f in families)
        values: list[object] = []
        for action in examples:
            value = getattr(action, name)
            if _key(value) not in [_key(v) for v in values]:
                values.append(value)
        if not values:
            return ""
        seat_field = name in seat_fields_of(type(examples[0]))
        shown = [self.seats.label(v) if seat_field and isinstance(v, int) else _value_text(v) for v in values[:12]]
        return ", ".join(shown) + (", … " + say("cli.menu.values", n=len(values)) if len(values) > 12 else "")


def family_title(family: ActionFamily, seats: SeatNames | None = None, game: str = "") -> str:
    """How a family is offered: its label in this process's language, the players' names put
    in (two families of one kind differ in their labels: "Repay Ann's loan", "Repay Bob's
    loan"); a family the game gives no label by the name the catalogue gives its kind
    (``kind.<game>.<kind>``), else by its kind."""
    if not family.label:
        from tycoon.words import has

        key = f"kind.{game}.{family.kind}"
        if game and has(key, language()):
            return say(key)
        return f"{family.kind.replace('-', ' ')} {say('cli.menu.fill_values')}"
    return seats.named(family.label) if seats is not None else said(family.label)


def domain_text(domain: Choice | IntRange, seats: SeatNames, seat_field: bool = False) -> str:
    """A field's allowed values as a person reads them: ``2,000..5,000 step 500``, ``2 Bob, 3 Cy``,
    ``1 raw products, 2 finished products`` or ``yes/no``."""
    if isinstance(domain, IntRange):
        if domain.lo == domain.hi:
            return grouped(domain.lo)
        text = f"{grouped(domain.lo)}..{grouped(domain.hi)}"
        return text if domain.step == 1 else f"{text} " + say("cli.menu.step", step=domain.step)
    if seat_field:
        return seats.choices([v for v in domain.values if isinstance(v, int) and not isinstance(v, bool)])
    if all(isinstance(v, bool) for v in domain.values):
        return "/".join(_value_text(v) for v in domain.values)
    if domain.labels or not all(isinstance(v, int) for v in domain.values):
        # A label may name a seat ("owned by seat 2"): the players' names go in, as everywhere.
        return ", ".join(f"{i} {seats.named(domain.label(v))}" for i, v in enumerate(domain.values, 1))
    return ", ".join(str(v) for v in domain.values)


def action_class(codec: ActionCodec, kind: str) -> type[Action] | None:
    """The class of ``codec``'s actions of ``kind``, or ``None``."""
    return _classes(codec).get(kind)


def _classes(codec: ActionCodec) -> dict[str, type[Action]]:
    found: dict[str, type[Action]] = {}
    stack = list(Action.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.kind and codec.knows(cls):
            found[cls.kind] = cls
    return found


def class_doc(cls: type[Action]) -> str:
    """The first paragraph of the class's docstring, on one line."""
    doc = inspect.getdoc(cls) or ""
    if doc == inspect.getdoc(Action):
        return ""
    return plain(" ".join(doc.split("\n\n")[0].split()))


def plain(text: str) -> str:
    """Docstring text as a person reads it: ````to```` and ``:class:`X``` without the marks."""
    text = re.sub(r":[a-z]+:`~?([^`]+)`", lambda m: m.group(1).rpartition(".")[2], text)
    return text.replace("``", "")


def field_meanings(cls: type[Action]) -> dict[str, str]:
    """What each field of ``cls`` means, as ``help`` says it: in English the docstring under the
    field; in another language what a form calls the field (its ``field_labels``, messages of
    the game's), the docstrings being English."""
    if language() == "en":
        return field_docs(cls)
    labels: dict[str, Message | str] = dict(getattr(cls, "field_labels", {}))
    return {name: said(label) for name, label in labels.items()}


@functools.cache
def field_docs(cls: type[Action]) -> dict[str, str]:
    """The docstring under each field of ``cls`` (where the source is at hand), on one line."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return {}
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = plain(" ".join(after.value.value.split()))
    return docs


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return say("cli.form.yes") if value else say("cli.form.no")
    if isinstance(value, int):
        return grouped(value) if abs(value) >= 10_000 else str(value)
    return str(value)


def _key(value: object) -> tuple[str, object]:
    """A value with its type, so ``True`` and ``1`` stay apart."""
    return (type(value).__name__, value)
