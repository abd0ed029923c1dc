"""``tycoon replay``: retell a recorded game move by move, with the rules' narration.

A record file comes from anywhere, so nothing in it is trusted: whatever is wrong with it ends
in one :class:`~tycoon.core.errors.RecordError` line, never a traceback. A file of many games
(``tycoon simulate --out``) says how many it holds and which one is told.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from tycoon.cli import hooks
from tycoon.cli.naming import counted
from tycoon.cli.narrate import Narrator
from tycoon.cli.render import renderer_for
from tycoon.core.errors import RecordError
from tycoon.core.record import Record, apply_move, game_of, read, replay


def pick_record(path: Path, index: int | None) -> tuple[Record, int, int]:
    """Game ``index`` (from 0; ``None``: the first) of the record file at ``path``, its index
    and how many games the file holds."""
    records = read(path)
    if not records:
        raise RecordError(f"{path} holds no game record")
    chosen = 0 if index is None else index
    if not 0 <= chosen < len(records):
        raise RecordError(
            f"{path} holds {counted(len(records), 'game')}; --game-index must be 0 to {len(records) - 1}, not {chosen}"
        )
    return records[chosen], chosen, len(records)


def retell_file(console: Console, path: Path, index: int | None = None) -> None:
    """Retell game ``index`` of the file at ``path``, saying how many games it holds."""
    record, chosen, count = pick_record(path, index)
    # Said before the retelling and again after it, where a long game has scrolled the first away.
    note = Text(
        f"{path} holds {count} games; this is game {chosen} (counting from 0). "
        f"Choose another with --game-index K, K from 0 to {count - 1}.",
        style="yellow",
    )
    if count > 1:
        console.print(note, soft_wrap=True)
    retell(console, record)
    if count > 1:
        console.print(note, soft_wrap=True)


def retell(console: Console, record: Record) -> None:
    """Replay ``record`` from the start, printing each move, its narration and the result.

    The record is replayed once silently first, so a record that does not replay is one
    line saying why, not a retelling cut off by it."""
    replay(record)
    try:
        _retell(console, record)
    except RecordError:
        raise
    except Exception as e:  # a record that sets up and applies, yet that nothing can tell
        raise RecordError(f"the record cannot be retold: {type(e).__name__}: {e}") from None


def _retell(console: Console, record: Record) -> None:
    game = game_of(record)
    names = [str(s.get("name", f"seat {i + 1}")) for i, s in enumerate(record.seats)][: game.num_seats]
    names += [f"seat {i + 1}" for i in range(len(names), game.num_seats)]
    state = game.new_state()
    narrator = Narrator(state, names, None, lambda line: console.print(line))
    options = ", ".join(f"{k}={v}" for k, v in record.config.items())
    console.print(Text(f"{record.game} ({options}) — seed {record.seed} — {', '.join(names)}", style="bold"))
    narrator.news()
    for number, move in enumerate(record.moves, 1):
        line = None
        if isinstance(move.seat, int):
            try:
                line = narrator.line(move.seat, game.codec.from_json(move.action), number)
            except Exception:  # the move is checked, and refused with its reason, just below
                line = None
        apply_move(game, state, number, move)
        if line is not None:
            narrator.move(line)
    renderer = renderer_for(record.game)
    if not state.is_terminal():
        console.print(
            Text(
                f"The record stops after {counted(len(record.moves), 'move')}, before the game is over.",
                style="yellow",
            ),
            soft_wrap=True,
        )
        console.print(renderer.view(state.view(None), names, None))
        return
    outcome = state.outcome()
    console.print(renderer.outcome(outcome.scores, outcome.winners, outcome.eliminated, names))
    stored = record.result.get("scores") if record.result is not None else None
    if stored is not None and list(stored) != list(outcome.scores):
        console.print(
            Text(
                f"Note: the record's stored result {stored} differs from the replayed scores {list(outcome.scores)}.",
                style="yellow",
            ),
            soft_wrap=True,
        )
    sheets = hooks.report(record.game, state)
    if sheets:
        console.print(renderer.balance_sheets(sheets, names))
