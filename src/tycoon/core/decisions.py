"""Decisions: what each kind of pending decision offers, refuses, does and says, in one entry.

A game's state holds its pending decision as a phase, a member of the game's ``StrEnum`` of
phases ("pay", "answer", ...). What a phase means — the choices it offers, its families of
parametric actions, why it refuses an action, what taking an action does, the sentence that
says what is to be decided — is one :class:`Decision`, registered once in the game's
:class:`Decisions` (as the things to do on the agenda are registered once in
:class:`tycoon.core.agenda.Handlers`). The game's flow looks the entry up by the phase, a dict
lookup, instead of asking every phase in turn in each of its methods::

    DECISIONS: Decisions[DieBosseState] = Decisions()
    DECISIONS.add(
        Phase.PAY,
        text=bill_text,
        legal=bill_cards,
        check=check_bill,
        carry_out=pay_bill,
    )

    # in the flow's apply, once the seat's turn is checked:
    decision = DECISIONS[self.phase]  # or DECISIONS.by_phase[...], a plain dict
    decision.refuse(self, seat, action)  # IllegalAction, the state untouched
    self.phase = READY  # the flow ends the decision, never the rule code
    if decision.carry_out(self, seat, action):
        self.phase = decision.phase  # the decision goes on (another card to pay)

The contract:

- ``check`` is the only place an action of the decision is refused: ``apply`` raises what it
  says (:meth:`Decision.refuse`) and ``refusal`` answers it (:meth:`Decision.refusal`), so the
  two cannot drift apart. It changes nothing.
- ``carry_out`` runs once ``check`` has allowed the action and the flow has ended the decision
  (the phase is :data:`READY`): what it does may open the next decision (a company to lay, an
  answer to an offer), and it returns ``True`` only when the same decision goes on (a bill paid
  card by card) and it opened no other.
- "No decision pending" is spelled one way in every game: :data:`READY`, the empty phase. The
  flow then works through the agenda until a decision is pending again.

Chance's turns and the end of the game are phases too. A chance turn's entry checks and
carries out the outcome drawn (its ``legal`` stays empty: the outcomes and their weights are
the game's chance module's); the end of the game has its sentence only.

See docs/decisions/0026-decisions-registry.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Generic, TypeVar

from tycoon.core.actions import Action
from tycoon.core.errors import IllegalAction, cited
from tycoon.core.families import ActionFamily, CountedFamilies
from tycoon.core.messages import Text

S = TypeVar("S")

READY = ""
"""The phase of a state with no decision pending: the flow works through its agenda. Every
game's ``Phase`` enum has it as ``READY``."""

Refusal = tuple[Text, Text]
"""Why an action is refused and the rule it breaks (a rulebook section, or ``""``), messages
both; :data:`ALLOWED` when it is allowed."""
ALLOWED: Refusal = ("", "")


def no_choices(st: object, seat: int) -> list[Action]:
    """The choices of a decision no seat takes (chance's turn, the end of the game)."""
    return []


def no_families(st: object, seat: int) -> list[ActionFamily]:
    """The families of a decision whose choices are all listed by ``legal``."""
    return []


def taken_by_nobody(st: object, seat: int, action: Action) -> Refusal:
    """The check of a decision no seat takes: the flow never asks it (chance moves, or the game
    is over, before any seat's action reaches the decision)."""
    raise AssertionError(f"no seat takes this decision, yet {action} was checked for seat {seat}")


def carried_out_by_nobody(st: object, seat: int, action: Action) -> bool:
    raise AssertionError(f"no seat takes this decision, yet {action} was carried out for seat {seat}")


class Decision(Generic[S]):
    """One kind of decision of a game whose states are of type ``S``: its phase and what it
    offers, refuses, does and says. Made by :meth:`Decisions.add`; immutable by convention."""

    __slots__ = ("carry_out", "check", "families", "legal", "makers", "phase", "text")

    def __init__(
        self,
        phase: str,
        text: Callable[[S], Text],
        legal: Callable[[S, int], list[Action]],
        families: Callable[[S, int], list[ActionFamily]],
        check: Callable[[S, int, Action], Refusal],
        carry_out: Callable[[S, int, Action], bool],
        makers: Callable[[S, int], list[Callable[[], ActionFamily]]] | None = None,
    ) -> None:
        self.phase = phase
        """The phase that says this decision is pending."""
        self.text = text
        """What is to be decided, a message for the seat that decides (``phase_text``)."""
        self.legal = legal
        """The actions the deciding seat may take for it (``legal_actions``; a game adds what
        its rules allow "at any time")."""
        self.families = families
        """Its families of parametric actions (``action_families``): offers, bids."""
        self.check = check
        """Why the deciding seat may not take an action now, or :data:`ALLOWED`; changes nothing."""
        self.carry_out = carry_out
        """Take an action ``check`` allowed, the decision already ended; ``True`` when the same
        decision goes on."""
        self.makers = makers
        """The calls that build the families ``families`` lists, one each in its order, settled
        without building any (``State.counted_families`` counts them, and a random agent that
        draws a family builds it alone), or ``None``: the families are built to be counted."""

    def __repr__(self) -> str:
        return f"Decision({str(self.phase)!r})"

    def counted_families(self, st: S, seat: int) -> CountedFamilies:
        """``families`` of ``seat``, counted by their ``makers`` before they are built (built at
        once when the decision has none): ``State.counted_families``."""
        makers = self.makers
        if makers is None:
            return CountedFamilies.listed(self.families(st, seat))
        made = makers(st, seat)
        return CountedFamilies(len(made), partial(self.families, st, seat), made)

    def refuse(self, st: S, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` with ``check``'s reason and rule unless it allows ``action``."""
        reason, rule = self.check(st, seat, action)
        if reason:
            raise IllegalAction(reason, rule)

    def refusal(self, st: S, seat: int, action: Action) -> Text | None:
        """What :meth:`refuse` would raise, as ``State.refusal`` answers it (``None``: allowed)."""
        reason, rule = self.check(st, seat, action)
        if not reason:
            return None
        return cited(reason, rule)


class Decisions(Generic[S]):
    """A game's kinds of decision by phase, for states of type ``S``: one entry each."""

    __slots__ = ("_by_phase",)

    def __init__(self) -> None:
        self._by_phase: dict[str, Decision[S]] = {}

    def add(
        self,
        phase: str,
        *,
        text: Callable[[S], Text],
        legal: Callable[[S, int], list[Action]] = no_choices,
        families: Callable[[S, int], list[ActionFamily]] = no_families,
        check: Callable[[S, int, Action], Refusal] = taken_by_nobody,
        carry_out: Callable[[S, int, Action], bool] = carried_out_by_nobody,
        makers: Callable[[S, int], list[Callable[[], ActionFamily]]] | None = None,
    ) -> Decision[S]:
        """Register the decision pending in ``phase`` (once per phase). A phase in which no seat
        decides (chance, the end of the game) gives its ``text`` only."""
        if phase == READY:
            raise ValueError("the empty phase means no decision is pending: it has no entry")
        if phase in self._by_phase:
            raise ValueError(f"the decision {phase!r} is already registered")
        entry: Decision[S] = Decision(phase, text, legal, families, check, carry_out, makers)
        self._by_phase[phase] = entry
        return entry

    def __getitem__(self, phase: str) -> Decision[S]:
        """The entry of ``phase``; ``KeyError`` naming the phases registered when it has none."""
        try:
            return self._by_phase[phase]
        except KeyError:
            known = ", ".join(repr(str(p)) for p in self._by_phase)
            raise KeyError(f"no decision is registered for the phase {str(phase)!r} (registered: {known})") from None

    def __contains__(self, phase: object) -> bool:
        return phase in self._by_phase

    def __iter__(self) -> Iterator[Decision[S]]:
        return iter(self._by_phase.values())

    def __len__(self) -> int:
        return len(self._by_phase)

    @property
    def by_phase(self) -> dict[str, Decision[S]]:
        """The entries by phase, the registry's own dict, for a flow to index on its hot path
        (no call in between); read it, never change it (:meth:`add` does)."""
        return self._by_phase

    @property
    def phases(self) -> list[str]:
        """The phases registered, in the order they were."""
        return list(self._by_phase)

    def copy(self) -> Decisions[S]:
        """A registry with the same entries, to which a variant of the game adds its own."""
        twin: Decisions[S] = Decisions()
        twin._by_phase = self._by_phase.copy()
        return twin
