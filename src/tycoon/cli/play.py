"""``tycoon play``: a game at the terminal, people and bots together.

People ("you" or "human" in ``--seats``; several make a hot-seat game) choose from a numbered
list of their legal actions, or type an action's text form (``call heads 2``). Bots and chance
move on their own: chance with a generator seeded from the game's seed, each bot seeded as the
driver seeds it, so a game with bots only is the same game ``tycoon.core.play`` gives.

Two partners may run one seat in a game that divides a business between them (Playboss):
``you+bot`` (you manage purchase, production and labour, the bot marketing and finance),
``bot+you``, or ``you+you`` for two people at this terminal; the prompt names the partner asked
(``you (finance)>``), who chooses among the actions of their share (``tycoon.agents.Partners``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tycoon.agents.partners import ROLES
from tycoon.cli import hooks
from tycoon.cli.narrate import Narrator
from tycoon.cli.render import renderer_for
from tycoon.core.actions import Action
from tycoon.core.driver import Agent, GameTooLong, sample_chance
from tycoon.core.errors import InvalidNotation
from tycoon.core.game import CHANCE, JSON, Game, State
from tycoon.core.record import Move, Record
from tycoon.sim.agents import (
    PARTNER_SEPARATOR,
    AgentFactory,
    UnknownAgent,
    check_partners,
    known_kinds,
    make_agent,
    make_partners,
    partner_kinds,
    partner_note,
)

HUMAN_KINDS = ("you", "human")
"""Seat kinds that mean a person at this terminal."""

QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")
SHOW_WORDS = ("show", "view", "board")
COMPACT_OVER = 30
"""Longer action lists are shown grouped by kind, with number ranges."""

Ask = Callable[[str], str]
"""Reads one line of input after showing a prompt (``input`` or a script in tests)."""


@dataclass
class SeatPlan:
    """Who plays a seat."""

    kind: str
    """``"human"`` for a person, otherwise the seat kind given (``"random"``, ``"bot"``, or two
    partners' kinds joined by ``+``, ``"you+bot"``)."""
    name: str
    """The name shown in the game and stored in the record."""
    agent: Agent | None
    """The agent that plays the seat (for partners, people included), or ``None`` for a person."""


class QuitGame(Exception):
    """A person at the terminal stopped the game (``quit``, or the input closed)."""


class Person:
    """A person at this terminal running one partner's share of a seat (``you+bot``).

    :class:`~tycoon.agents.Partners` asks it like any agent; it asks the person through the
    :class:`TerminalGame` it is bound to, among the actions of its share.
    """

    name = "human"

    def __init__(self, role: str) -> None:
        self.role = role
        """The partner's role: ``"production"`` or ``"finance"``."""
        self.terminal: TerminalGame | None = None
        """The game at the terminal that asks the person (bound by :class:`TerminalGame`)."""
        self._again = False

    def seed(self, seed: int | str) -> None:
        """People draw no random numbers."""

    def act(self, state: State, seat: int) -> Action:
        if self.terminal is None:
            raise RuntimeError("a person plays only in a game at the terminal")
        again, self._again = self._again, False
        return self.terminal.partner_turn(seat, self.role, again)

    def refused(self, action: Action, reason: str) -> None:
        """Tell the person why ``action`` was not taken; they are asked again."""
        if self.terminal is not None:
            self.terminal.refuse(f"not allowed: {reason}")
        self._again = True


def plan_seats(
    game_id: str,
    kinds: Sequence[str],
    names: Sequence[str] | None = None,
    bots: Mapping[str, AgentFactory] | None = None,
) -> list[SeatPlan]:
    """One :class:`SeatPlan` per seat kind; names default to ``you`` or ``<kind> <seat>``."""
    people = sum(_has_person(k) for k in kinds)
    plans: list[SeatPlan] = []
    for seat, kind in enumerate(kinds):
        default = "you" if people == 1 else f"player {seat + 1}"
        if kind.lower() in HUMAN_KINDS:
            plans.append(SeatPlan("human", names[seat] if names else default, None))
            continue
        try:
            agent = _seat_agent(game_id, kind, bots)
        except UnknownAgent as e:
            raise UnknownAgent(f"seat {seat + 1}: {e}") from None
        if not _has_person(kind):
            default = f"{kind} {seat + 1}"
        plans.append(SeatPlan(kind, names[seat] if names else default, agent))
    return plans


def _has_person(kind: str) -> bool:
    return any(part.strip().lower() in HUMAN_KINDS for part in kind.split(PARTNER_SEPARATOR))


def _seat_agent(game_id: str, kind: str, bots: Mapping[str, AgentFactory] | None) -> Agent:
    """The agent of a seat kind that is not a lone person: a bot, or two partners."""
    known = ", ".join([*HUMAN_KINDS, *known_kinds(game_id, bots)]) + partner_note(game_id)
    partners = partner_kinds(kind)
    if partners is not None:
        check_partners(game_id)
    agents: list[Agent] = []
    for role, part in zip(ROLES, partners or (kind,), strict=False):
        if partners is not None and part.lower() in HUMAN_KINDS:
            agents.append(Person(role))
            continue
        try:
            agents.append(make_agent(game_id, part, bots))
        except UnknownAgent:
            where = f" in {kind!r}" if partners is not None else ""
            raise UnknownAgent(f"unknown seat kind {part!r}{where}; known kinds: {known}") from None
    if partners is None:
        return agents[0]
    return make_partners(game_id, agents[0], agents[1])


class TerminalGame:
    """One game played at the terminal, recorded move by move."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatPlan],
        seed: int | str,
        console: Console,
        ask: Ask,
        out: Path | None = None,
        max_actions: int = 1_000_000,
    ) -> None:
        if len(seats) != game.num_seats:
            raise ValueError(f"{game.id} is set up for {game.num_seats} seats but {len(seats)} were given")
        self.game = game
        self.seats = list(seats)
        self.names = [s.name for s in seats]
        self.seed = seed
        self.console = console
        self.ask = ask
        self.out = out
        self.max_actions = max_actions
        self.renderer = renderer_for(game.id)
        self.state: State = game.new_state()
        self.narrator = Narrator(console, self.state, self.names)
        self.chance_rng = random.Random(f"{seed}:chance")
        for seat, plan in enumerate(self.seats):
            if plan.agent is not None:
                plan.agent.seed(f"{seed}:{seat}")
            for partner in getattr(plan.agent, "partners", {}).values():
                if isinstance(partner, Person):
                    partner.terminal = self
        header: list[JSON] = [{"name": s.name, "agent": s.agent.name if s.agent else "human"} for s in seats]
        self.record = Record.start(game, header, seed)

    def run(self) -> int:
        """Play to the end, or until a person quits; return the exit status (0)."""
        who = ", ".join(f"{s.name} ({s.kind})" for s in self.seats)
        self.console.print(Text(f"{self.game.id} — seed {self.seed} — {who}", style="bold"))
        self.narrator.news()
        while not self.state.is_terminal():
            if len(self.record.moves) >= self.max_actions:
                raise GameTooLong(f"{self.game.id} did not end within {self.max_actions} actions")
            seat = self.state.current_player()
            agent = self.seats[seat].agent if seat != CHANCE else None
            if seat == CHANCE:
                action = sample_chance(self.state, self.chance_rng)
                self.state.apply(action, seat)
            elif agent is not None:
                try:
                    action = agent.act(self.state, seat)
                except QuitGame:  # a person running the seat with a partner stopped
                    self.quit()
                    return 0
                self.state.apply(action, seat)
            else:
                asked = self.human_turn(seat)
                if asked is None:
                    self.quit()
                    return 0
                action = asked
            self.record.moves.append(Move(seat, action.to_json()))
            self.narrator.move(seat, action)
        self.finish()
        return 0

    # -- people ----------------------------------------------------------------------------

    def human_turn(self, seat: int) -> Action | None:
        """Ask the person at ``seat`` for a legal action and apply it; ``None`` if they quit."""

        def take(action: Action) -> str | None:
            try:
                self.state.apply(action, seat)
            except ValueError as e:  # IllegalAction and its kin; the state is unchanged
                return f"not allowed: {e}"
            return None

        return self.ask_person(seat, self.names[seat], take)

    def partner_turn(self, seat: int, role: str, again: bool = False) -> Action:
        """Ask the person who is the ``role`` partner at ``seat`` for an action of their share
        (``state.legal_actions`` lists it while they are asked); nothing is applied here.
        ``again``: they were just told why their last choice was not taken. Raises
        :class:`QuitGame` if they quit."""
        action = self.ask_person(seat, f"{self.names[seat]} ({role})", lambda _: None, show=not again)
        if action is None:
            raise QuitGame
        return action

    def ask_person(
        self, seat: int, label: str, take: Callable[[Action], str | None], show: bool = True
    ) -> Action | None:
        """Ask the person ``label`` at ``seat`` until ``take`` accepts their action (it returns
        why not otherwise); ``None`` if they quit. ``show``: draw the game and the list first."""
        actions = self.state.legal_actions(seat)
        if show:
            self.console.print(self.renderer.view(self.state.view(seat), self.names, seat))
            self.show_actions(label, actions)
        while True:
            try:
                line = self.ask(f"{label}> ")
            except (EOFError, KeyboardInterrupt):
                return None
            text = line.strip()
            word = text.lower()
            if word in QUIT_WORDS:
                return None
            if word in HELP_WORDS:
                self.show_help(actions)
                continue
            if word in SHOW_WORDS:
                self.console.print(self.renderer.view(self.state.view(seat), self.names, seat))
                self.show_actions(label, actions)
                continue
            action = self.read_action(text, actions)
            if action is None:
                continue
            problem = take(action)
            if problem is not None:
                self.refuse(problem)
                continue
            return action

    def read_action(self, text: str, actions: Sequence[Action]) -> Action | None:
        """The action a line names (a number from the list or a text form), or ``None`` after
        telling the person what was wrong."""
        if not text:
            self.refuse(f"type a number from 1 to {len(actions)}, an action, 'help' or 'quit'")
            return None
        if re.fullmatch(r"[+-]?\d+", text):
            number = int(text)
            if not 1 <= number <= len(actions):
                self.refuse(f"there is no choice {number}; choose a number from 1 to {len(actions)}")
                return None
            return actions[number - 1]
        try:
            return self.game.codec.parse(text)
        except InvalidNotation as e:
            self.refuse(f"{e}; type a number from 1 to {len(actions)} or an action's text")
            return None

    def refuse(self, reason: str) -> None:
        """Tell the person why their input was not taken."""
        self.console.print(Text(f"  ✗ {reason}", style="red"), soft_wrap=True)

    def show_actions(self, name: str, actions: Sequence[Action]) -> None:
        """Number the legal actions; long lists are grouped by kind."""
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(justify="right", style="cyan")
        table.add_column()
        if len(actions) <= COMPACT_OVER:
            for number, action in enumerate(actions, 1):
                table.add_row(str(number), self.action_text(action))
        else:
            for first, last in _runs_of_kind(actions):
                if first == last:
                    table.add_row(str(first + 1), self.action_text(actions[first]))
                else:
                    table.add_row(
                        f"{first + 1}–{last + 1}",
                        Text.assemble(
                            self.action_text(actions[first]),
                            " … ",
                            self.action_text(actions[last]),
                            (f"  ({last - first + 1} choices)", "dim"),
                        ),
                    )
        self.console.print(Text(f"{name}, your choice:", style="bold"))
        self.console.print(table)
        example = str(actions[0]) if actions else "pass"
        self.console.print(
            Text(
                f"Type a number, or an action such as '{example}'; 'help' for more, 'quit' to stop.",
                style="dim",
            )
        )

    def action_text(self, action: Action) -> Text:
        """The game's description of an action, with its typed form when they differ."""
        described = self.state.describe(action, self.state.current_player())
        text = Text(described)
        if described != str(action):
            text.append(f"  [{action}]", style="dim")
        return text

    def show_help(self, actions: Sequence[Action]) -> None:
        """What a person may type."""
        kinds = sorted({a.kind for a in actions})
        self.console.print(
            Text(
                f"  a number from 1 to {len(actions)} picks from the list;\n"
                f"  an action's text form works too (legal kinds now: {', '.join(kinds)});\n"
                f"  'show' draws the game again; 'quit' stops"
                + (f" and saves the game to {self.out}" if self.out else "")
                + ".",
                style="dim",
            )
        )

    # -- the end ---------------------------------------------------------------------------

    def quit(self) -> None:
        """Stop early, saving the record so far if asked to."""
        if self.out is not None:
            self.record.save(self.out)
            self.console.print(Text(f"Game saved to {self.out} after {len(self.record.moves)} moves."), soft_wrap=True)
        else:
            self.console.print("Game abandoned.")

    def finish(self) -> None:
        """Tell the result and the game's report, and save the finished record."""
        outcome = self.state.outcome()
        self.record.result = {
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "eliminated": list(outcome.eliminated),
            "actions": len(self.record.moves),
        }
        self.console.print(self.renderer.outcome(outcome.scores, outcome.winners, outcome.eliminated, self.names))
        sheets = hooks.report(self.game.id, self.state)
        if sheets:
            self.console.print(self.renderer.balance_sheets(sheets, self.names))
        if self.out is not None:
            self.record.save(self.out)
            self.console.print(Text(f"Record saved to {self.out}."), soft_wrap=True)


def _runs_of_kind(actions: Sequence[Action]) -> list[tuple[int, int]]:
    """Index ranges of consecutive actions of the same kind."""
    runs: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(actions) + 1):
        if i == len(actions) or actions[i].kind != actions[start].kind:
            runs.append((start, i - 1))
            start = i
    return runs
