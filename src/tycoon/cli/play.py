"""``tycoon play``: a game at the terminal, people and bots together.

People ("you" or "human" in ``--seats``; several make a hot-seat game) choose from a numbered
menu of their legal actions in the game's own words, or type an action's text form
(``call heads 2``; seats as the table numbers them, from 1, or by name). Offers, bids and
other actions with amounts are filled in field by field (:mod:`tycoon.cli.form`). Bots and
chance move on their own: chance with a generator seeded from the game's seed, each bot seeded
as the driver seeds it, so a game with bots only is the same game ``tycoon.core.play`` gives.

Before each question the screen shows, within the terminal's height, what happened since, the
player's own position, the decision pending and the menu; the whole board when it fits, and
always on ``show``. The record is written as the game goes when ``--out`` is given.

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

from rich.console import Console, RenderableType
from rich.text import Text

from tycoon.agents.catalogue import (
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
from tycoon.agents.ismcts import IsmctsAgent
from tycoon.agents.partners import ROLES
from tycoon.cli import hooks
from tycoon.cli.form import Cancelled, Form, ListForm
from tycoon.cli.menu import Menu, family_title
from tycoon.cli.naming import SeatNames, language
from tycoon.cli.narrate import MoveLine, Narrator
from tycoon.cli.render import renderer_for, seat_name
from tycoon.cli.render.base import you_mark
from tycoon.cli.say import say
from tycoon.cli.screen import Screen, Shows
from tycoon.core.actions import Action
from tycoon.core.driver import Agent, GameTooLong, sample_chance
from tycoon.core.errors import IllegalAction, InvalidNotation
from tycoon.core.families import ActionFamily
from tycoon.core.game import CHANCE, JSON, Game, State
from tycoon.core.messages import Text as Said
from tycoon.core.record import Move, Record, RecordWriter
from tycoon.core.spec import LEVEL_ALIASES

HUMAN_KINDS = ("you", "human")
"""Seat kinds that mean a person at this terminal."""

QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")
SHOW_WORDS = ("show", "view", "board")
MENU_WORDS = ("menu", "list")
ALL_WORDS = ("all",)
OFFERS_WORDS = ("offers", "forms")
YES_WORDS = ("yes", "y", "ja", "j", "tak", "t")
NO_WORDS = ("no", "n", "nein", "nee", "nie")
"""The answers to a yes/no question, in each language the terminal speaks."""
EVENTS_MIN = 4
"""Lines of events kept in sight below the board and above the decision; on a tall screen a
third of the room the position and the decision leave."""

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

    @property
    def people(self) -> bool:
        """Whether a person at this terminal plays (a part of) the seat."""
        return self.agent is None or any(isinstance(p, Person) for p in getattr(self.agent, "partners", {}).values())


class QuitGame(Exception):
    """A person at the terminal stopped the game (``quit``, or the input closed) and confirmed."""


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

    def refused(self, action: Action, reason: Said) -> None:
        """Tell the person why ``action`` was not taken; they are asked again."""
        if self.terminal is not None:
            self.terminal.refuse(f"not allowed: {self.terminal.seats.named(reason)}")
        self._again = True


def plan_seats(
    game_id: str,
    kinds: Sequence[str],
    names: Sequence[str] | None = None,
    bots: Mapping[str, AgentFactory] | None = None,
    think: float | None = None,
) -> list[SeatPlan]:
    """One :class:`SeatPlan` per seat kind; names default to ``you`` or ``<kind> <seat>``.

    ``think``: seconds a decision for every searching bot (``hard``), in place of its budget of
    iterations (:meth:`~tycoon.agents.ismcts.IsmctsAgent.give_time`); refused when no seat
    searches."""
    people = sum(_has_person(k) for k in kinds)
    plans: list[SeatPlan] = []
    for seat, kind in enumerate(kinds):
        # Several people without names are told apart by their seats: "player 2" in English,
        # and in another language the catalogue's seat ("Spieler 2", "gracza 2"; naming.nameless).
        default = "you" if people == 1 else f"player {seat + 1}" if language() == "en" else ""
        if kind.lower() in HUMAN_KINDS:
            plans.append(SeatPlan("human", names[seat] if names else default, None))
            continue
        try:
            agent = _seat_agent(game_id, kind, bots)
        except UnknownAgent as e:
            raise UnknownAgent(f"seat {seat + 1}: {e}") from None
        if not _has_person(kind):
            # Outside English a bot is named as the page names it, "Bot 2", whatever its level (the
            # levels' names are English words: "Hard 2" in a Polish game): German writes the noun
            # with a capital, and a line of narration that begins with it ("Bot 2 würfelt 4") needs one.
            default = f"{kind} {seat + 1}" if language() == "en" else f"Bot {seat + 1}"
        plans.append(SeatPlan(kind, names[seat] if names else default, agent))
    if think is not None:
        searching = [a for plan in plans for a in _agents_of(plan.agent) if isinstance(a, IsmctsAgent)]
        if not searching:
            raise UnknownAgent(f"--think gives a searching bot time to think, and no seat has one: {', '.join(kinds)}")
        for agent in searching:
            agent.give_time(think)
    return plans


def kind_word(kind: str) -> str:
    """A seat's kind as the header names it: a person by the catalogue's word; outside English
    a level by the catalogue's word for it ("średni", "leicht"), as the page's seat chips name
    it (``bot``, the level's old name, is ``normal``); anything else, and a level in English,
    whose words for the levels are the names ``--seats`` takes, as typed."""
    if kind == "human":
        return say("cli.human")
    if language() == "en":
        return kind
    from tycoon.words import has

    key = f"bot.{LEVEL_ALIASES.get(kind, kind)}"
    return say(key) if has(key) else kind


def _agents_of(agent: Agent | None) -> list[Agent]:
    """The agents that play a seat: the agent, or its two partners."""
    if agent is None:
        return []
    partners: dict[str, Agent] = getattr(agent, "partners", {})
    return list(partners.values()) or [agent]


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
        self.plans = list(seats)
        self.names = [s.name for s in seats]
        self.seats = SeatNames(self.names)
        """The table's seats as people read and type them."""
        self.seed = seed
        self.console = console
        self.screen = Screen(console)
        self.ask = ask
        self.out = out
        self.max_actions = max_actions
        self.renderer = renderer_for(game.id)
        self.state: State = game.new_state()
        people = [seat for seat, plan in enumerate(self.plans) if plan.people]
        self.live = not people
        """No person plays: every move is told as it happens, numbered."""
        # One person reads their own secrets in the narration; at a hot-seat table everybody
        # reads the screen, so the narration tells only what all may know.
        viewer = people[0] if len(people) == 1 else None
        show = (lambda line: self.screen.print(line, Shows.EVENT)) if self.live else None
        self.narrator = Narrator(self.state, self.names, viewer, show, compact=not self.live)
        self.chance_rng = random.Random(f"{seed}:chance")
        for seat, plan in enumerate(self.plans):
            if plan.agent is not None:
                plan.agent.seed(f"{seed}:{seat}")
            for partner in getattr(plan.agent, "partners", {}).values():
                if isinstance(partner, Person):
                    partner.terminal = self
        header: list[JSON] = [{"name": s.name, "agent": s.agent.name if s.agent else "human"} for s in seats]
        self.record = Record.start(game, header, seed)
        # Opened now, so a path that cannot be written fails before the game starts.
        self.writer = RecordWriter(out, self.record) if out is not None else None
        self._legend_shown = False

    def run(self) -> int:
        """Play to the end, or until a person leaves; return the exit status (0)."""
        try:
            return self._run()
        finally:
            if self.writer is not None:
                self.writer.close()

    def _run(self) -> int:
        who = ", ".join(
            seat_name(self.names, i) + you_mark(self.names, i, None)
            if you_mark(self.names, i, None)
            else f"{seat_name(self.names, i)} ({kind_word(s.kind)})"
            for i, s in enumerate(self.plans)
        )
        self.screen.print(Text(say("cli.header", game=self.game.id, seed=str(self.seed), who=who), style="bold"))
        self.narrator.news()
        while not self.state.is_terminal():
            if len(self.record.moves) >= self.max_actions:
                raise GameTooLong(f"{self.game.id} did not end within {self.max_actions} actions")
            seat = self.state.current_player()
            agent = self.plans[seat].agent if seat != CHANCE else None
            if seat == CHANCE:
                self.take(seat, sample_chance(self.state, self.chance_rng))
            elif agent is not None:
                try:
                    action = agent.act(self.state, seat)
                except QuitGame:  # a person running the seat with a partner left
                    self.leave()
                    return 0
                self.take(seat, action)
            elif self.human_turn(seat) is None:
                self.leave()
                return 0
        self.finish()
        return 0

    def take(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``, record it and tell it."""
        line = self.narrator.line(seat, action, len(self.record.moves) + 1 if self.live else None)
        self.state.apply(action, seat)
        self._recorded(seat, action, line)

    def _recorded(self, seat: int, action: Action, line: MoveLine) -> None:
        move = Move(seat, action.to_json())
        if self.writer is not None:
            self.writer.move(move)
        else:
            self.record.moves.append(move)
        self.narrator.move(line)

    # -- people ----------------------------------------------------------------------------

    def human_turn(self, seat: int) -> Action | None:
        """Ask the person at ``seat`` for a legal action and apply it; ``None`` if they left."""

        def attempt(action: Action) -> str | None:
            line = self.narrator.line(seat, action)
            try:
                self.state.apply(action, seat)
            except IllegalAction as e:  # the state is unchanged; the refusal in the reader's language
                return f"not allowed: {self.seats.named(e.text)}"
            except ValueError as e:  # IllegalAction's kin; the state is unchanged
                return f"not allowed: {self.seats.named(str(e))}"
            self._recorded(seat, action, line)
            return None

        return self.ask_person(seat, seat_name(self.names, seat), attempt)

    def partner_turn(self, seat: int, role: str, again: bool = False) -> Action:
        """Ask the person who is the ``role`` partner at ``seat`` for an action of their share
        (``state.legal_actions`` lists it while they are asked); nothing is applied here.
        ``again``: they were just told why their last choice was not taken. Raises
        :class:`QuitGame` if they leave."""
        action = self.ask_person(seat, f"{seat_name(self.names, seat)} ({role})", lambda _: None, show=not again)
        if action is None:
            raise QuitGame
        return action

    def ask_person(
        self, seat: int, label: str, attempt: Callable[[Action], str | None], show: bool = True
    ) -> Action | None:
        """Ask the person ``label`` at ``seat`` until ``attempt`` accepts their action (it returns
        why not otherwise); ``None`` if they leave. ``show``: draw the screen first."""
        menu = Menu(
            self.state.legal_actions(seat),
            self.state.action_families(seat),
            lambda action: self.state.describe(action, seat),
            self.game.codec,
            self.seats,
            self.game.id,
        )
        self.show_legend()
        if show:
            self.draw(seat, label, menu)
        while True:
            self.keep_in_sight(seat)
            try:
                line = self.read(f"{label}> ")
            except (EOFError, KeyboardInterrupt):
                self.screen.print(Text(""))  # the terminal leaves the cursor after the prompt
                if self.confirm_leave():
                    return None
                continue
            try:
                chosen = self.command(line, seat, label, menu)
            except QuitGame:
                return None
            if chosen is None:
                continue
            if self.game_warns(chosen):
                continue
            problem = attempt(chosen)
            if problem is not None:
                self.refuse(problem)
                continue
            return chosen

    def command(self, line: str, seat: int, label: str, menu: Menu) -> Action | None:
        """Do what a line asks (help, show, a menu number, an action's text, a form); the
        action chosen, if any."""
        text = line.strip()
        word = text.lower()
        first = word.split()[0] if word else ""
        if word in QUIT_WORDS:
            if self.confirm_leave():
                raise QuitGame
            return None
        if first in HELP_WORDS:
            self.show_help(menu, text.split()[1] if len(text.split()) > 1 else None)
            return None
        if word in SHOW_WORDS:
            # The whole board, then what to decide below it: the menu is one 'menu' away, and
            # the board keeps as much of the screen as it can.
            self.screen.print(self.renderer.view(self.state.view(seat), self.names, seat))
            self.recap(seat)
            self.screen.print(Text(say("cli.menu_again"), style="dim"))
            return None
        if word in MENU_WORDS:
            self.draw(seat, label, menu, recent=True)
            return None
        if word in ALL_WORDS:
            self.print_lines(menu.all_lines(self.screen.width))
            return None
        if first == "more":
            self.show_more(menu, word.split()[1:])
            return None
        if word in OFFERS_WORDS:
            return self.which_family(menu.families, seat)
        return self.read_choice(text, seat, menu)

    def read_choice(self, text: str, seat: int, menu: Menu) -> Action | None:
        """The action a line names (a number from the menu, a text form, or a form filled in),
        or ``None`` after telling the person what was wrong."""
        count = len(menu)
        if not text:
            self.refuse(say("cli.type_number", n=count))
            return None
        if re.fullmatch(r"[+-]?\d+", text):
            number = int(text)
            if not 1 <= number <= count:
                self.refuse(say("cli.no_choice", number=str(number), n=count))
                return None
            if number > len(menu.actions):
                return self.fill(menu.families[number - len(menu.actions) - 1], seat)
            action = menu.actions[number - 1]
            if number in menu.collapsed and not self.confirm(
                say("cli.take_it", number=number, choice=menu.text_of(number))
            ):
                return None
            return action
        words = text.split()
        families = menu.family_by_kind(words[0])
        if len(words) == 1 and families:
            return self.which_family(families, seat)
        if len(words) == 1 and menu.fields_of(words[0]):
            return self.choose_listed(menu, words[0])
        if words[0] not in self.game.codec.kinds:  # a known kind not possible now gets the rules' reason
            now = [*menu.kinds(), *(f.kind for f in menu.families if f.kind not in menu.kinds())]
            self.refuse(
                f"there is no action '{words[0]}'; the actions now: {', '.join(now)}; "
                f"or type a number from 1 to {count}, or 'help'"
            )
            return None
        try:
            return menu.parse(text)
        except InvalidNotation as e:
            self.refuse(f"{self.seats.named(str(e))}; type a number from 1 to {count} or an action's text")
            return None

    def which_family(self, families: Sequence[ActionFamily], seat: int) -> Action | None:
        """Ask which of ``families`` to fill in (when there is a choice), then fill it in."""
        if not families:
            self.refuse(say("cli.nothing_to_fill"))
            return None
        if len(families) == 1:
            return self.fill(families[0], seat)
        titles = [family_title(f, self.seats, self.game.id) for f in families]
        lines = [Text(f"  {i}  {title}", style="cyan") for i, title in enumerate(titles, 1)]
        self.print_lines(lines)
        while True:
            try:
                answer = self.read(f"  {say('cli.which_one')} [1..{len(families)}]> ").strip()
            except (EOFError, KeyboardInterrupt):
                return None
            if answer.lower() in ("cancel", "back"):
                return None
            if answer.isdigit() and 1 <= int(answer) <= len(families):
                return self.fill(families[int(answer) - 1], seat)
            self.refuse(say("cli.choose_or_cancel", n=len(families)))

    def fill(self, family: ActionFamily, seat: int) -> Action | None:
        """Ask a family's fields one by one; the action, once the person confirms it."""
        form = Form(
            family,
            self.seats,
            self.read,
            lambda text: self.screen.print(text),
            narrow=lambda prefix: self.state.narrow(family, prefix, seat),
            game=self.game.id,
        )
        try:
            values = form.fill()
        except Cancelled:
            self.screen.print(Text(f"  {say('cli.nothing_done')}", style="dim"))
            return None
        action = family.build(values)
        words = self.seats.named(self.state.describe(action, seat))
        if words == str(action):
            words = Menu([], [], str, self.game.codec, self.seats).typed(action)
        if not self.confirm(say("cli.do_it", action=_sentence(words))):
            return None
        return action

    def choose_listed(self, menu: Menu, kind: str) -> Action | None:
        """Ask which of the listed actions of ``kind`` to take, field by field, then confirm."""
        form = ListForm(menu.of_kind(kind), self.seats, self.read, lambda text: self.screen.print(text))
        try:
            action = form.fill()
        except Cancelled:
            self.screen.print(Text(f"  {say('cli.nothing_done')}", style="dim"))
            return None
        if not self.confirm(say("cli.do_it", action=_sentence(menu.words(action)))):
            return None
        return action

    def game_warns(self, action: Action) -> bool:
        """Tell what the game warns of before ``action``; ``True`` unless the person goes on."""
        warned = hooks.warning(self.game.id, self.state, action)
        if warned is None:
            return False
        self.screen.say(f"  ⚠ {self.seats.named(warned)}", "bold yellow")
        return not self.confirm(say("cli.do_it_anyway"))

    def confirm(self, question: str, closed: bool = False) -> bool:
        """Ask a yes/no question until answered; ``closed`` is the answer when the input closes."""
        while True:
            try:
                answer = self.read(f"{question} ({say('cli.yes_no')})> ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                return closed
            if answer in YES_WORDS:
                return True
            if answer in NO_WORDS:
                return False
            self.refuse(say("cli.answer_yes_no"))

    def confirm_leave(self) -> bool:
        """Ask whether to leave the game (a closed input leaves)."""
        saved = say("cli.saved_in", path=str(self.out)) if self.out is not None else say("cli.not_saved")
        return self.confirm(say("cli.leave", saved=saved), closed=True)

    def read(self, prompt: str) -> str:
        """One line from the person; the prompt line counts as a line on the screen."""
        self.screen.mark(Shows.INPUT)
        return self.ask(prompt)

    def refuse(self, reason: str) -> None:
        """Tell the person why their input was not taken."""
        self.screen.say(f"  ✗ {reason}", "red")

    # -- the screen ------------------------------------------------------------------------

    def draw(self, seat: int, label: str, menu: Menu, recent: bool = False) -> None:
        """What happened since, the board when it fits, the seat's position, the decision and the
        menu, within the terminal's height. ``recent``: show the last events again."""
        view = self.state.view(seat)
        height = self.screen.height
        position = self.renderer.position(view, self.names, seat)
        decision = self.decision(view, seat)
        heading = Text(say("cli.your_choice", name=label), style="bold")
        hint = Text(say("cli.hint"), style="dim")
        fresh = self.narrator.take_fresh()
        fixed = sum(self.screen.lines(part) for part in (position, decision, heading, hint)) + 1
        keep = max(EVENTS_MIN, (height - fixed) // 3) if self.narrator.history else 0
        # What happened since, and before it as many earlier lines as make up ``keep``: the
        # last moves stay in sight even when the board or the menu pushed them away.
        # Lines told before are dimmed, so they do not read as new.
        events = fresh
        if len(fresh) < keep or recent:
            told = list(self.narrator.history)[-keep:]
            again = len(told) - (0 if recent else len(fresh))
            events = [_dimmed(line) for line in told[:again]] + told[again:]
        budget = max(3, height - fixed - keep)
        lines = menu.lines(self.screen.width, budget)
        room = height - fixed - len(lines)
        # What is on the screen since the last prompt (the game's heading) stays in sight too.
        above = self.screen.since(Shows.INPUT)
        rows = (sum(self.screen.lines(line) for line in events[-keep:]) if keep else 0) + above
        if events is fresh and not recent:
            # More happened than the screen holds: the earliest turns are told one line each,
            # and the board or the standings come only if all of it stays in sight with them.
            events = self.narrator.within(fresh, room - above, self.screen.lines)
            rows = sum(self.screen.lines(line) for line in events) + above
        board = self.renderer.view(view, self.names, seat)
        if not recent and self.screen.lines(board) + rows <= room:
            self.screen.print(board)
            self.print_events(events)
        else:
            self.print_events(events)
            standings = self.renderer.standings(view, self.names)
            if standings is not None and self.screen.lines(standings) + rows <= room:
                self.screen.print(standings)
        self.show_words(position, Shows.POSITION)
        self.show_words(decision, Shows.DECISION)
        self.screen.print(heading, Shows.MENU)
        for line in lines:
            self.screen.print(line, Shows.MENU)
        self.screen.print(hint)

    def decision(self, view: JSON, seat: int) -> Text:
        """The pending decision as the game's view words it, or that it is ``seat``'s move."""
        decision = self.renderer.decision(view, self.names, seat)
        if not decision.plain:
            decision = Text(f"{self.seats.name(seat)} to move", style="bold yellow")
        return decision

    def show_words(self, renderable: RenderableType, shows: Shows) -> None:
        """Print the position or the decision: words broken only between items (a card stays
        on one line); anything else as it draws itself."""
        if isinstance(renderable, Text):
            self.screen.say(renderable, shows=shows)
        else:
            self.screen.print(renderable, shows)

    def print_events(self, events: Sequence[Text]) -> None:
        for line in events:
            self.screen.print(line, Shows.EVENT)

    def keep_in_sight(self, seat: int) -> None:
        """Show the last events, the seat's position and the decision again if any of them
        has scrolled out of sight."""
        events = bool(self.narrator.history) and not self.screen.in_sight(Shows.EVENT)
        if not events and self.screen.in_sight(Shows.POSITION) and self.screen.in_sight(Shows.DECISION):
            return
        self.recap(seat, events)

    def recap(self, seat: int, events: bool = True) -> None:
        """The last events (``events``), the seat's position and the decision, in a few lines."""
        if events and self.narrator.history:
            self.screen.print(Text("  … " + say("cli.last_events"), style="dim"))
            self.print_events(list(self.narrator.history)[-2:])
        view = self.state.view(seat)
        self.show_words(self.renderer.position(view, self.names, seat), Shows.POSITION)
        self.show_words(self.decision(view, seat), Shows.DECISION)

    def print_lines(self, lines: Sequence[Text]) -> None:
        for line in lines:
            self.screen.print(line, Shows.MENU)

    def show_more(self, menu: Menu, words: Sequence[str]) -> None:
        """List in full the run of choices that holds the number given."""
        number = re.split(r"[-–…]", words[0])[0] if words else ""
        if not number.isdigit() or not 1 <= int(number) <= len(menu):
            self.refuse(say("cli.more_n", n=len(menu)))
            return
        self.print_lines(menu.expanded(int(number), self.screen.width))

    def show_legend(self) -> None:
        """The game's explanation of its symbols, once."""
        if self._legend_shown:
            return
        self._legend_shown = True
        legend = hooks.legend(self.game.id)
        if legend:
            self.screen.print(Text(self.seats.named(legend), style="dim"))

    def show_help(self, menu: Menu, about: str | None) -> None:
        """What a person may type, or what the action ``about`` (a kind or a menu number) means."""
        if about is not None:
            kind = about
            if about.isdigit() and 1 <= int(about) <= len(menu):
                number = int(about)
                kind = (
                    menu.actions[number - 1].kind
                    if number <= len(menu.actions)
                    else menu.families[number - len(menu.actions) - 1].kind
                )
            try:
                lines = menu.help(kind)
            except InvalidNotation as e:
                self.refuse(str(e))
                return
            for line in lines:
                self.screen.say(line, "dim")
            return
        kinds = sorted({a.kind for a in menu.actions} | {f.kind for f in menu.families})
        example = menu.typed(menu.actions[0]) if menu.actions else "pass"
        gathered = [kind for kind, numbers in menu.kinds().items() if len(numbers) > 1]
        asked = (gathered or [f.kind for f in menu.families] or kinds or ["pass"])[0]
        lines = [
            "  " + say("cli.help.number", n=len(menu)),
            "  " + say("cli.help.text", example=example),
            "  " + say("cli.help.kind", kind=asked),
            "  " + say("cli.help.help", kinds=", ".join(kinds)),
        ]
        if menu.families:
            lines.append("  " + say("cli.help.offer"))
        lines.append("  " + (say("cli.help.quit_saved", path=str(self.out)) if self.out else say("cli.help.quit")))
        for line in lines:
            self.screen.say(line, "dim")

    # -- the end ---------------------------------------------------------------------------

    def leave(self) -> None:
        """Stop early: the standings, and where the record is."""
        standings = self.renderer.standings(self.state.view(None), self.names)
        if standings is not None:
            self.screen.print(Text(say("cli.standings_after", n=len(self.record.moves)), style="bold"))
            self.screen.print(standings)
        if self.writer is not None:
            self.screen.print(
                Text(say("cli.game_saved", path=str(self.out), n=len(self.record.moves))),
                soft_wrap=True,
            )
        else:
            self.screen.print(Text(say("cli.abandoned")))

    def finish(self) -> None:
        """Tell the result and the game's report, and close the record with the result."""
        outcome = self.state.outcome()
        result: JSON = {
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "eliminated": list(outcome.eliminated),
            "actions": len(self.record.moves),
        }
        for line in self.narrator.take_fresh():
            self.screen.print(line, Shows.EVENT)
        self.screen.print(self.renderer.outcome(outcome.scores, outcome.winners, outcome.eliminated, self.names))
        sheets = hooks.report(self.game.id, self.state)
        if sheets:
            self.screen.print(self.renderer.balance_sheets(sheets, self.names))
        if self.writer is not None:
            self.writer.finish(result)
            self.screen.print(Text(say("cli.record_saved", path=str(self.out))), soft_wrap=True)
        else:
            self.record.result = result


def _sentence(words: str) -> str:
    """``words`` as a sentence: its first letter a capital ("Offer to buy ...")."""
    return words[:1].upper() + words[1:]


def _dimmed(line: Text) -> Text:
    """``line`` as it is shown again: dimmed."""
    again = line.copy()
    again.stylize("dim")
    return again
