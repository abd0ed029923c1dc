"""The agenda: what is still to happen this turn, as typed tasks run in order by the game's flow.

A turn in a board game is a sequence of things to do — cross start, pay a lender's interest,
land on a space, end the turn — some queued by the rules as they go ("each lender in turn",
"then the tax"). A :class:`Task` is one of them: a frozen slotted dataclass per kind, with named
fields (``LoanDue(lender=2)``, not ``"loan 2"`` or ``("pay", 1, 300, 2, "rent")``). The
:class:`Agenda` holds them in order; :class:`Handlers` maps each kind to the function that does
it and runs the agenda until a decision is pending. (Called an agenda, not a step queue, so that
"step" keeps its one meaning in Playboss: an expansion step.)

See docs/decisions/0022-shared-game-pieces.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Generic, TypeVar, dataclass_transform

from tycoon.core.actions import JSONValue, filled_by_slots


class Task:
    """Base class of the things an agenda holds. Subclasses are frozen slotted dataclasses made
    with :func:`task`; field values are ``int``, ``str`` or ``bool``."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_json(self) -> list[JSONValue]:
        """The task as plain data: ``[kind, value, ...]`` (for fingerprints and views)."""
        return [self.kind, *(getattr(self, f.name) for f in dataclasses.fields(self))]  # type: ignore[arg-type]

    def __str__(self) -> str:
        return " ".join(str(v) for v in self.to_json())


T = TypeVar("T", bound=Task)
S = TypeVar("S")


@dataclass_transform(frozen_default=True)
def task(kind: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: make ``cls`` a frozen slotted dataclass task named ``kind``."""

    def wrap(cls: type[T]) -> type[T]:
        cls.kind = kind
        return filled_by_slots(dataclasses.dataclass(frozen=True, slots=True)(cls))

    return wrap


class Agenda:
    """The tasks still to do, first to last. Mutable; :meth:`copy` is cheap (tasks are frozen)."""

    __slots__ = ("_tasks",)

    def __init__(self, tasks: Iterable[Task] = ()) -> None:
        self._tasks: list[Task] = list(tasks)

    def __len__(self) -> int:
        return len(self._tasks)

    def __bool__(self) -> bool:
        return bool(self._tasks)

    def __iter__(self) -> Iterator[Task]:
        return iter(self._tasks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Agenda):
            return NotImplemented
        return self._tasks == other._tasks

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Agenda({self._tasks!r})"

    def first(self) -> Task | None:
        """The next task, left in place; ``None`` when there is none."""
        return self._tasks[0] if self._tasks else None

    def pop(self) -> Task:
        """Take the next task off the agenda (``IndexError`` when it is empty)."""
        return self._tasks.pop(0)

    def add(self, *tasks: Task) -> None:
        """Queue ``tasks`` after everything on the agenda, in the order given."""
        self._tasks.extend(tasks)

    def push(self, *tasks: Task) -> None:
        """Queue ``tasks`` before everything on the agenda, in the order given: they are done
        next ("each lender in turn, before the landing")."""
        self._tasks[:0] = tasks

    def replace(self, *tasks: Task) -> None:
        """Drop everything on the agenda and queue ``tasks`` instead (a bankruptcy: only the end
        of the turn is left)."""
        self._tasks[:] = tasks

    def clear(self) -> None:
        self._tasks.clear()

    def discard(self, unwanted: Callable[[Task], bool]) -> int:
        """Drop every task for which ``unwanted(task)`` is true; how many were dropped."""
        kept = [t for t in self._tasks if not unwanted(t)]
        dropped = len(self._tasks) - len(kept)
        self._tasks[:] = kept
        return dropped

    def copy(self) -> Agenda:
        twin = Agenda.__new__(Agenda)
        twin._tasks = self._tasks.copy()
        return twin

    def to_json(self) -> list[list[JSONValue]]:
        """Every task as plain data, first to last."""
        return [t.to_json() for t in self._tasks]


Handler = Callable[[S, Any], None]


class Handlers(Generic[S]):
    """What each kind of task does, for a state of type ``S``; runs an agenda.

    ::

        HANDLERS: Handlers[PlaybossState] = Handlers()

        @HANDLERS.on(LoanDue)
        def _loan_due(st: PlaybossState, due: LoanDue) -> None:
            loans.due(st, due.lender)

        HANDLERS.run(st, st.agenda, lambda: st.phase == "")
    """

    def __init__(self) -> None:
        self._by_kind: dict[type[Task], Handler[S]] = {}

    def on(self, cls: type[T]) -> Callable[[Callable[[S, T], None]], Callable[[S, T], None]]:
        """Decorator: the function that does tasks of class ``cls`` (one per class)."""

        def register(fn: Callable[[S, T], None]) -> Callable[[S, T], None]:
            if cls in self._by_kind:
                raise ValueError(f"tasks of kind {cls.kind!r} already have a handler")
            self._by_kind[cls] = fn
            return fn

        return register

    @property
    def kinds(self) -> list[type[Task]]:
        """The task classes handled, in the order they were registered."""
        return list(self._by_kind)

    def do(self, state: S, item: Task) -> None:
        """Do one task; ``KeyError`` naming it when its kind has no handler."""
        handler = self._by_kind.get(type(item))
        if handler is None:
            raise KeyError(f"no handler for the task {item} ({type(item).__name__})")
        handler(state, item)

    def run(self, state: S, agenda: Agenda, ready: Callable[[], bool]) -> None:
        """Do the agenda's tasks in order while ``ready()`` (typically: no decision is pending)."""
        # ``do`` and the agenda's ``pop`` written out: a turn runs several tasks, at every move.
        tasks, by_kind = agenda._tasks, self._by_kind
        while tasks and ready():
            item = tasks.pop(0)
            handler = by_kind.get(type(item))
            if handler is None:
                raise KeyError(f"no handler for the task {item} ({type(item).__name__})")
            handler(state, item)
