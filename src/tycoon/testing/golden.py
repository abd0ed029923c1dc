"""Golden playthroughs: a seeded game told as text and compared with a checked-in file, so that
any change of a game's behaviour shows as a readable diff (ARCHITECTURE.md, "Tests", layer 4).

After a deliberate change of the rules, rewrite the file with ``TYCOON_UPDATE_GOLDEN=1`` and
review its diff. The narration is rendered in English (``tycoon.words``).
"""

from __future__ import annotations

import difflib
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from tycoon.core.actions import Action
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.game import CHANCE, State
from tycoon.core.messages import Text
from tycoon.words import problems, render

UPDATE = "TYCOON_UPDATE_GOLDEN"


class GoldenMismatch(AssertionError):
    """The narrated game differs from the checked-in golden file (or the file is missing)."""


def narrate_moves(
    state: State,
    agents: Sequence[Agent],
    seed: int | str,
    lines: list[str],
    describe: Callable[[Action], Text] | None = None,
) -> None:
    """Play ``state`` to the end, chance drawn from ``seed``, appending one line per move to
    ``lines``: its number, who moved, the move's text (and ``describe(action)`` in brackets
    when given, asked before the move, as a player reading the menu asks it), and what the
    narration told because of it."""
    state.log = []
    chance = random.Random(f"{seed}:chance")
    while not state.is_terminal():
        seat = state.current_player()
        action = sample_chance(state, chance) if seat == CHANCE else agents[seat].act(state, seat)
        told = len(state.log)
        move = f"{action} ({render(describe(action))})" if describe else str(action)
        state.apply(action, seat)
        who = "chance" if seat == CHANCE else f"seat {seat}"
        told_now = state.log[told:]
        for text in told_now:
            wrong = problems(text)
            if wrong:
                raise GoldenMismatch(f"move {len(lines)}: {text!r} cannot be said in English: " + "; ".join(wrong))
        events = " ".join(render(text) for text in told_now)
        lines.append(f"{len(lines):>4} {who}: {move}" + (f" | {events}" if events else ""))


def check_golden(path: Path, text: str) -> None:
    """Compare ``text`` with the golden file at ``path``; rewrite the file first when the
    environment variable ``TYCOON_UPDATE_GOLDEN`` is ``1``."""
    if os.environ.get(UPDATE) == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        raise GoldenMismatch(f"{path.name} is missing; create it with {UPDATE}=1")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "golden (checked in)", "this run", lineterm="", n=2
        )
        raise GoldenMismatch(
            f"the golden playthrough changed; if the rules changed on purpose, rerun with {UPDATE}=1 "
            "and review the diff\n" + "\n".join(list(diff)[:80])
        )
