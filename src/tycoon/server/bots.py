"""The bot runner of a table: the moves nobody at the table makes by hand.

A bot's seat, a stand-in's, and a person's whose clock ran out are moved here, after the
server's ``think_time``. A bot decides on its own copy of the state, kept up to date with the
moves since it last decided, so that the table's state is never shared with a thread: in a
worker thread, or on the event loop itself once its last few decisions each took less than
``QUICK`` of the processor (a Die Bosse ``normal`` bot decides in a twentieth of a millisecond,
and handing that to a thread and back cost the server several times more; decision 0049). A
searching bot (the ``hard`` level), where the server has search processes, decides in one of
them on a copy of the state sent across, so that its search, tens of milliseconds of pure
Python a decision, does not hold the interpreter the event loop needs (threads share it).
A quick bot where bots do not pause (``think_time`` 0) takes its decisions in a row in one
step: one write and one update to every client for all of them (decision 0054).
A bot that fails or chooses an illegal action is replaced by a random legal one drawn from the
seed. This is the only module of the server that knows the catalogue of
agents (``tycoon.agents.catalogue``, never the lab's). See docs/decisions/0013-game-server.md
and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import random
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from tycoon.agents.catalogue import UnknownAgent, make_agent
from tycoon.core.actions import Action
from tycoon.core.driver import Agent
from tycoon.core.errors import IllegalAction
from tycoon.core.game import Game, State
from tycoon.core.registry import load
from tycoon.server.authority import Follow, _SnapshotPickler, _SnapshotUnpickler
from tycoon.server.common import PLAYING, Stale, TableError

if TYPE_CHECKING:
    from tycoon.server.table import ServerTable

log = logging.getLogger("tycoon.server")

__all__ = ["BotRunner", "UnknownAgent", "check_kind"]


def check_kind(game_id: str, kind: str) -> None:
    """Raise :class:`UnknownAgent` (a ``ValueError``) naming the known kinds unless ``kind`` is
    a bot the game ``game_id`` can seat."""
    make_agent(game_id, kind)


def _think(
    mirror: State, moves: list[tuple[int, Action]], agent: Agent, seat: int, clock: Callable[[], float]
) -> tuple[Action, float]:
    """In a bot thread or on the event loop: bring the bot's own copy of the state up to date,
    then decide; with the time it took by ``clock``. In a thread that is the thread's processor
    time (``time.thread_time``: the wall clock would count the waits for the interpreter); on
    the loop the wall clock, which nothing else takes meanwhile and which costs a fraction of
    ``thread_time``'s system call (that took 5% of the loaded server's time, asked at every
    decision)."""
    start = clock()
    for who, action in moves:
        mirror.apply(action, who)
    return agent.act(mirror, seat), clock() - start


QUICK = 0.001
"""A decision that takes less of the processor than this (in seconds, the moves caught up on
included) costs the event loop less than handing it to a bot thread and back."""

QUICK_IN_A_ROW = 3
"""How many decisions in a row of one bot must have been quick before it decides on the event
loop (its first ones, and every one after a slow one, go to a bot thread). A searching bot
never does: most of its decisions are its bot's at once, and the next may search for tens of
milliseconds."""


SEARCHING = frozenset({"hard"})
"""The bot kinds that decide in a search process where the server has them."""

_games: dict[str, Game] = {}
"""A search process's games, by name and options (the rules' memos kept from one decision to
the next)."""


def _search(game_id: str, options: dict[str, Any], state: bytes, agent: Agent, seat: int) -> tuple[Action, Agent]:
    """In a search process: the agent's choice on the state sent (pickled with the game by
    reference, as a snapshot is), and the agent as it is after it (its random numbers moved
    on), to decide with next time."""
    key = json.dumps([game_id, options], sort_keys=True)
    game = _games.get(key)
    if game is None:
        game = _games[key] = load(game_id, **options)
    mirror = _SnapshotUnpickler(io.BytesIO(state), game).load()
    return agent.act(mirror, seat), agent


class BotRunner:
    """The bots of one table, and the clock that moves for a person out of time."""

    def __init__(self, table: ServerTable) -> None:
        self.table = table
        self.think_lock = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None
        self.task_for: tuple[int, int] | None = None
        """The version and seat the running task moves for."""
        self.agents: dict[tuple[int, str], Agent] = {}
        self.mirror: State | None = None
        """The bots' own copy of the state, as it was when they last decided."""
        self.mirror_moves: list[tuple[int, Action]] = []
        """The moves made since, which the next bot applies to the mirror first."""
        self.timers: dict[str, asyncio.TimerHandle] = {}
        """The running clock's timeout (``clock``) and a failed move's retry (``retry``)."""
        self.quick: dict[tuple[int, str], int] = {}
        """How many of each agent's latest decisions in a row were quick (``QUICK``)."""

    def moved(self, moves: list[tuple[int, Action]]) -> None:
        """The table's state moved on by ``moves`` (seat, action)."""
        if self.mirror is not None:  # else the next bot copies the state as it is then
            self.mirror_moves.extend(moves)

    def forget(self) -> None:
        """The table's state went back (a take-back): the mirror is built afresh."""
        self.mirror = None
        self.mirror_moves.clear()

    def schedule(self) -> None:
        """Start the bot whose decision the state awaits, or the clock's timeout of the person
        whose it is."""
        table = self.table
        timer = self.timers.pop("clock", None)
        if timer is not None:
            timer.cancel()
        if table.closed or table.row.status != PLAYING:
            return
        p = table.state.current_player()
        if p < 0:
            return
        who, kind = table.seating.controller(p)
        clocks = table.seating.clocks
        if who != "person":
            assert kind is not None
            self._start(p, kind, who, None)
        elif clocks is not None and clocks.seat == p and clocks.since is not None:
            left = clocks.left(time.monotonic()) or 0.0
            version = table.version
            self.timers["clock"] = asyncio.get_running_loop().call_later(
                max(0.0, left), lambda: self._clock_out(p, version)
            )

    def _clock_out(self, seat: int, version: int) -> None:
        self.timers.pop("clock", None)
        clocks = self.table.seating.clocks
        if self.table.version != version or clocks is None or clocks.seat != seat:
            return
        left = clocks.left(time.monotonic())
        if left is not None and left > 0.05:
            self.schedule()
            return
        kind = self.table.seating.default_bot()
        self._start(seat, kind, "clock", f"seat {seat} ran out of time: a bot moved for them.")

    def _start(self, seat: int, kind: str, by: str, note: str | None) -> None:
        table = self.table
        key = (table.version, seat)
        if self.task is not None and not self.task.done() and self.task_for == key:
            return
        self.task_for = key
        self.task = table.hub.spawn(self._move(seat, kind, by, note, table.version))

    async def _move(self, seat: int, kind: str, by: str, note: str | None, version: int) -> None:
        table = self.table
        think = table.config.think_time
        if think > 0:
            await asyncio.sleep(think)
        if table.version != version or table.closed:
            return
        agent = self._agent(seat, kind)
        try:
            searchers = table.hub.searchers
            if kind in SEARCHING and searchers is not None:
                try:
                    action = await self._search(agent, seat, kind)
                except BrokenProcessPool:
                    log.warning("table %s: the search process ended; a new one starts, this bot thinks here", table.id)
                    table.hub.restart_searchers(searchers)
                    action = await self._think(agent, seat, kind)
            else:
                action = await self._think(agent, seat, kind)
        except Exception:
            log.exception("table %s: bot %s failed for seat %s; a random legal action instead", table.id, kind, seat)
            action = None
        if table.version != version or table.closed:
            return
        if action is None:
            action = self._fallback(seat)
        authority = table.authority
        follow = self._follower(seat, kind, agent) if by != "clock" else None
        try:
            await authority.move(seat, action, by, expect=version, note=note, follow=follow)
        except Stale:
            return
        except IllegalAction as e:
            log.error("table %s: bot %s chose an illegal action %s (%s)", table.id, kind, action, e)
            self.mirror = None
            try:
                await authority.move(seat, self._fallback(seat), by, expect=version, note=note)
            except (Stale, TableError, IllegalAction) as again:
                log.error("table %s: no move for seat %s: %s", table.id, seat, again)
        except TableError as e:
            log.warning("table %s: bot move not made: %s", table.id, e.message)
            if e.code == "storage":
                # Try again later rather than stall the table.
                loop = asyncio.get_running_loop()
                self.timers["retry"] = loop.call_later(1.0, self.schedule)

    def _follower(self, seat: int, kind: str, agent: Agent) -> Follow | None:
        """What lets a bot that moves at once take its next decisions in the same step as this
        one (``Authority.move``'s ``follow``; decision 0054): a bot on the event loop (quick,
        not searching) where the server's bots do not pause (``think_time`` 0). Its own
        decisions in a row then cost one write and one update to every client, not one each.
        Each decision is on a copy of the state the step has reached, timed as on the loop; the
        step ends after a slow one and before one that fails (the next is made apart, as
        before)."""
        key = (seat, kind)
        if self.table.config.think_time > 0 or kind in SEARCHING or self.quick.get(key, 0) < QUICK_IN_A_ROW:
            return None

        def follow(state: State) -> Action | None:
            if self.quick.get(key, 0) < QUICK_IN_A_ROW:
                return None
            # The bots' mirror has not seen this step's moves: it is built afresh next time.
            self.forget()
            copy = state.clone()
            copy.log = None
            try:
                action, spent = _think(copy, [], agent, seat, time.perf_counter)
            except Exception:
                log.exception("table %s: bot %s failed for seat %s; it moves apart next", self.table.id, kind, seat)
                self.quick.pop(key, None)
                return None
            self.quick[key] = self.quick.get(key, 0) + 1 if spent < QUICK else 0
            return action

        return follow

    def _fallback(self, seat: int) -> Action:
        table = self.table
        legal = table.state.legal_actions(seat)
        if not legal:
            raise TableError("internal", f"seat {seat} has no legal action")
        return random.Random(f"{table.row.seed}:fallback:{table.version}").choice(legal)

    def _agent(self, seat: int, kind: str) -> Agent:
        agent = self.agents.get((seat, kind))
        if agent is None:
            agent = make_agent(self.table.row.game, kind)
            agent.seed(f"{self.table.row.seed}:{seat}:{kind}")
            self.agents[(seat, kind)] = agent
        return agent

    async def _think(self, agent: Agent, seat: int, kind: str) -> Action:
        """Let ``agent`` decide on its own copy of the state: on the event loop if its latest
        decisions were quick, else in a bot thread."""
        async with self.think_lock:
            if self.mirror is None:
                self.mirror = self.table.state.clone()
                self.mirror.log = None
                self.mirror_moves = []
            moves, self.mirror_moves = self.mirror_moves, []
            key = (seat, kind)
            try:
                if kind not in SEARCHING and self.quick.get(key, 0) >= QUICK_IN_A_ROW:
                    action, spent = _think(self.mirror, moves, agent, seat, time.perf_counter)
                else:
                    loop = asyncio.get_running_loop()
                    action, spent = await loop.run_in_executor(
                        self.table.hub.bots, _think, self.mirror, moves, agent, seat, time.thread_time
                    )
            except Exception:
                self.mirror = None
                self.quick.pop(key, None)
                raise
            self.quick[key] = self.quick.get(key, 0) + 1 if spent < QUICK else 0
            return action

    async def _search(self, agent: Agent, seat: int, kind: str) -> Action:
        """Let ``agent`` decide in a search process, on a copy of the table's state."""
        table = self.table
        searchers = table.hub.searchers
        assert searchers is not None
        state = table.state.clone()
        state.log = None
        out = io.BytesIO()
        _SnapshotPickler(out, table.game).dump(state)
        options = {"players": table.seats, **table.row.options}
        loop = asyncio.get_running_loop()
        action, after = await loop.run_in_executor(
            searchers, _search, table.row.game, options, out.getvalue(), agent, seat
        )
        self.agents[(seat, kind)] = after
        return action

    def busy(self) -> bool:
        """Whether a bot thinks here, or a clock or a retry waits."""
        return bool(self.timers) or (self.task is not None and not self.task.done())

    def shut(self) -> None:
        for handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
        if self.task is not None:
            self.task.cancel()
