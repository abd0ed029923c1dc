"""What telling the clients costs the server, per stored version, in one process.

Plays seeded games of each game through a real table of the server (its hub, its authority,
a SQLite file with ``synchronous=NORMAL``), every seat's decision chosen by the game's bot from
the true state and made through ``Authority.move``. Clients are stand-ins for the WebSocket
connections: ``--clients`` on every seat and ``--spectators`` watching, each asking for
diffs (``--whole``: whole updates). After every stored change each client is sent what it has
not heard, as the connection's sender would (``Publisher.update_text``), and the CPU time of
this thread spent on it is summed. Reports, per game: versions, microseconds of publishing per
version (median of ``--repeats`` runs), messages and bytes per version. The time is the
thread's own CPU time, so other work on the machine moves it little; it leaves out the socket
writes (``bench_server.py`` has those). Needs the web extra. Results: docs/performance.md.

    python benchmarks/bench_publisher.py                       # 3 seats, 1 client each, 1 spectator
    python benchmarks/bench_publisher.py --clients 2 --spectators 4 --whole
    python benchmarks/bench_publisher.py --profile publisher.prof   # cProfile of the publishing alone
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tycoon.core import spec
from tycoon.server.config import ServerConfig
from tycoon.server.hub import Hub

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("die_bosse", {}),
    ("playboss", {"years": 1}),
    ("biznes_po_polsku", {"rounds": 12}),
]


class Listener:
    """A client as the table sees one (``tycoon.server.common.Client``), sent what it asks by
    the benchmark instead of by a connection."""

    def __init__(self, seat: int | None, diff: bool) -> None:
        self.seat = seat
        self.address: str | None = "127.0.0.1"
        self.version = 0
        self.acks: list[Any] = []
        self.diff = diff
        self.base: dict[str, Any] | None = None
        self.dirty = False
        self.messages = 0
        self.bytes = 0

    def send(self, message: dict[str, Any]) -> None:
        self.messages += 1

    def mark_dirty(self) -> None:
        self.dirty = True

    def close(self, code: int, reason: str) -> None:
        pass


async def play_one(
    hub: Hub, game: str, options: dict[str, Any], args: argparse.Namespace, seed: int, profile: cProfile.Profile | None
) -> tuple[int, float, int, int]:
    """One seeded game: versions, seconds publishing, messages and bytes sent."""
    seats, diff = args.seats, not args.whole
    body = {"game": game, "options": options, "seats": [{"kind": "human", "name": f"P{s}"} for s in range(seats)]}
    answer = await hub.create(body, "http://127.0.0.1", "127.0.0.1")
    table = await hub.get(answer["id"])
    listeners = [Listener(s, diff) for s in range(seats) for _ in range(args.clients)]
    listeners += [Listener(None, diff) for _ in range(args.spectators)]
    for listener in listeners:
        table.seating.attach(listener)
        table.publisher.sync_message(listener)  # its first picture, as a connection's hello gets
        listener.base = table.publisher.picture(listener.seat)
    bots = [spec(game).bots["bot"]() for _ in range(seats)]
    for n, bot in enumerate(bots):
        bot.seed(f"{seed}:{n}")
    spent = 0.0
    versions = sent = size = 0
    while table.row.status == "playing":
        seat = table.state.current_player()
        action = bots[seat].act(table.state.clone(), seat)
        await table.authority.move(seat, action, "person", expect=table.version)
        versions += 1
        if profile is not None:
            profile.enable()
        start = time.thread_time()
        for listener in listeners:
            if listener.dirty:
                listener.dirty = False
                text = table.publisher.update_text(listener)
                if text is not None:
                    sent += 1
                    size += len(text)
        spent += time.thread_time() - start
        if profile is not None:
            profile.disable()
    for listener in listeners:
        table.seating.detach(listener)
    hub.unload(table)
    return versions, spent, sent, size


async def run(args: argparse.Namespace, profile: cProfile.Profile | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game, options in GAMES:
        if args.games and game not in args.games:
            continue
        rates = []
        totals = (0, 0, 0)
        for _ in range(args.repeats):
            # A fresh hub each run, dealing from the same seed: every run plays the same games.
            folder = Path(tempfile.mkdtemp(prefix="tycoon-publisher-"))
            config = ServerConfig(
                db=f"sqlite:///{folder / 'tycoon.db'}",
                think_time=0.0,
                sqlite_synchronous="NORMAL",
                create_rate=1e9,
                seed="bench",
            )
            hub = Hub(config)
            await hub.start()
            versions = sent = size = 0
            spent = 0.0
            try:
                for n in range(args.tables):
                    v, t, m, b = await play_one(hub, game, options, args, n, profile)
                    versions, spent, sent, size = versions + v, spent + t, sent + m, size + b
            finally:
                await hub.close()
            rates.append(spent / versions * 1e6)
            totals = (versions, sent, size)
        versions, sent, size = totals
        out[game] = {
            "versions": versions,
            "us_per_version": round(statistics.median(rates), 1),
            "us_per_version_runs": [round(r, 1) for r in rates],
            "messages_per_version": round(sent / versions, 2),
            "bytes_per_message": round(size / max(1, sent)),
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", help="only these games (die_bosse, playboss, biznes_po_polsku)")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--clients", type=int, default=1, help="clients on every seat (1)")
    parser.add_argument("--spectators", type=int, default=1, help="spectators of every table (1)")
    parser.add_argument("--tables", type=int, default=3, help="seeded games per run (3)")
    parser.add_argument("--repeats", type=int, default=3, help="runs; the median is reported (3)")
    parser.add_argument("--whole", action="store_true", help="clients take whole updates, not diffs")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the publishing here")
    parser.add_argument("--json", type=Path, help="write the figures here as well")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    figures = asyncio.run(run(args, profile))
    if profile is not None:
        profile.dump_stats(args.profile)
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
