"""``tycoon replay``: retell a recorded game move by move, with the rules' narration.

A record file comes from anywhere, so nothing in it is trusted: whatever is wrong with it ends
in one :class:`~tycoon.core.errors.RecordError` line, never a traceback. A file of many games
(``tycoon simulate --out``) says how many it holds and which one is told. Told in the
terminal's language (``--lang``; keys ``cli.cmd.replay.``).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from tycoon.cli import hooks
from tycoon.cli.narrate import Narrator
from tycoon.cli.render import renderer_for, seat_name
from tycoon.cli.say import say
from tycoon.core.errors import RecordError
from tycoon.core.record import Record, apply_move, game_of, read, replay


def pick_record(path: Path, index: int | None) -> tuple[Record, int, int]:
    """Game ``index`` (from 0; ``None``: the first) of the record file at ``path``, its index
    and how many games the file holds."""
    records = read(path)
    if not records:
        raise RecordError(say("cli.cmd.replay.empty", path=str(path)))
    chosen = 0 if index is None else index
    if not 0 <= chosen < len(records):
        last = str(len(records) - 1)
        raise RecordError(say("cli.cmd.replay.no_such", path=str(path), n=len(records), last=last, index=str(chosen)))
    return records[chosen], chosen, len(records)


def retell_file(console: Console, path: Path, index: int | None = None) -> None:
    """Retell game ``index`` of the file at ``path``, saying how many games it holds."""
    record, chosen, count = pick_record(path, index)
    # Said before the retelling and again after it, where a long game has scrolled the first away.
    note = Text(
        say("cli.cmd.replay.many", path=str(path), n=count, index=str(chosen), last=str(count - 1)), style="yellow"
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
        raise RecordError(say("cli.cmd.replay.untellable", error=f"{type(e).__name__}: {e}")) from None


def _retell(console: Console, record: Record) -> None:
    game = game_of(record)
    # A seat the record gives no name is named by its number, as the reader's language says it.
    names = [str(s.get("name", "")) for s in record.seats][: game.num_seats]
    names += [""] * (game.num_seats - len(names))
    state = game.new_state()
    narrator = Narrator(state, names, None, lambda line: console.print(line))
    options = ", ".join(f"{k}={v}" for k, v in record.config.items())
    who = ", ".join(seat_name(names, i) for i in range(len(names)))
    header = say("cli.header", game=f"{record.game} ({options})", seed=str(record.seed), who=who)
    console.print(Text(header, style="bold"))
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
            Text(say("cli.cmd.replay.stops", n=len(record.moves)), style="yellow"),
            soft_wrap=True,
        )
        console.print(renderer.view(state.view(None), names, None))
        return
    outcome = state.outcome()
    console.print(renderer.outcome(outcome.scores, outcome.winners, outcome.eliminated, names))
    stored = record.result.get("scores") if record.result is not None else None
    if stored is not None and list(stored) != list(outcome.scores):
        console.print(
            Text(say("cli.cmd.replay.differs", stored=str(stored), scores=str(list(outcome.scores))), style="yellow"),
            soft_wrap=True,
        )
    sheets = hooks.report(record.game, state)
    if sheets:
        console.print(renderer.balance_sheets(sheets, names))
