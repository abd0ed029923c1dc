"""Does a table of searching bots keep the page answering? One person and three bots a table,
``hard`` bots against ``normal`` ones, side by side.

Starts a real ``tycoon serve`` process (a fresh SQLite file) and, for each bot level in turn
(alternating, ``--rounds`` times), sets up ``--tables`` Die Bosse tables of one scripted person
and three bots of that level, and plays for ``--seconds``. The person thinks ``--client-think``
seconds (mean) before each move; all the while its page asks the server something every
``--every`` seconds, alternating a ``ping`` on its WebSocket and a ``GET /api/tables/{id}``.
Reported per level, medians over the rounds: the latency of the person's moves (sending an
action to its answer), of the pings and the GETs sent while a bot's decision was pending (a
bot or chance to move), p50 and p99, the bots' decisions a second and the server's CPU share.
A bot that searched on the event loop would hold every one of those answers for its whole
think; the server runs bots in worker threads, and the searching ones in a process of their own
(``tycoon.server.bots``; ``--serve=--search-processes=0`` keeps them in the threads). Needs the
web extra.
Results: docs/performance.md.

    python benchmarks/bench_server_bots.py                       # 1 table, 3 rounds of 30 s a level
    python benchmarks/bench_server_bots.py --tables 4 --think 0  # bots move without the server's pause
    python benchmarks/bench_server_bots.py --tables 4 --think 0 --serve=--search-processes=0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from bench_server import cpu_seconds, free_port, http


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[int(share * (len(ordered) - 1))], 1)


class Person:
    """One scripted person and its page: plays its seat, and asks the server something
    every ``every`` seconds meanwhile."""

    def __init__(self, base: str, table_id: str, token: str, seed: int, think: float, every: float) -> None:
        self.base = base
        self.table_id = table_id
        self.url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        self.token = token
        self.rng = random.Random(seed)
        self.think = think
        self.every = every
        self.state: dict[str, Any] = {}
        self.moves: list[float] = []
        self.pings: list[float] = []
        self.gets: list[float] = []
        self.errors: list[str] = []
        self.waiting: dict[str, tuple[float, bool]] = {}
        """Requests sent and not yet answered: when, and whether a bot's decision was pending."""
        self.answered: asyncio.Event = asyncio.Event()

    def bots_turn(self) -> bool:
        turn = self.state.get("turn") or {}
        return self.state.get("status") == "playing" and turn.get("seat") != self.state.get("seat")

    def absorb(self, message: dict[str, Any]) -> None:
        if message["type"] in ("sync", "update"):
            view = self.state.get("view")
            self.state.update(message)
            if "view_set" in message:
                view = self.state["view"] = {**(view or {}), **message["view_set"]}
                for key, items in message.get("view_items", {}).items():
                    view[key] = list(view[key])
                    for index, item in items.items():
                        view[key][int(index)] = item
                for key in message.get("view_unset", []):
                    view.pop(key, None)
        re = message.get("re")
        for rid in re if isinstance(re, list) else [re]:
            if rid in self.waiting:
                sent, _ = self.waiting.pop(rid)
                took = time.perf_counter() - sent
                if rid.startswith("p"):
                    self.pings.append(took)
                else:
                    self.moves.append(took)
                    self.answered.set()
                if message["type"] == "error":
                    self.errors.append(f"{message['code']}: {message['message']}")

    async def run(self, until: float) -> None:
        async with connect(self.url, max_size=None, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token, "diff": True}))
            self.absorb(json.loads(await ws.recv()))
            reader = asyncio.create_task(self._read(ws))
            page = asyncio.create_task(self._page(ws, until))
            try:
                await self._play(ws, until)
            finally:
                page.cancel()
                reader.cancel()
                for task in (page, reader):
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task

    async def _read(self, ws: Any) -> None:
        async for raw in ws:
            self.absorb(json.loads(raw))

    async def _play(self, ws: Any, until: float) -> None:
        number = 0
        while time.monotonic() < until and self.state.get("status") == "playing":
            if self.bots_turn():
                await asyncio.sleep(0.005)
                continue
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            if time.monotonic() >= until or self.bots_turn():
                continue
            legal = self.state.get("legal") or []
            if not legal:
                await asyncio.sleep(0.005)
                continue
            ends = [a["action"] for a in legal if a["action"]["kind"] in ("end", "done")]
            action = ends[0] if ends and self.rng.random() < 0.7 else self.rng.choice(legal)["action"]
            number += 1
            rid = f"m{number}"
            self.answered.clear()
            self.waiting[rid] = (time.perf_counter(), False)
            await ws.send(json.dumps({"type": "act", "id": rid, "version": self.state["version"], "action": action}))
            try:
                await asyncio.wait_for(self.answered.wait(), max(0.1, until - time.monotonic() + 5))
            except TimeoutError:
                break

    async def _page(self, ws: Any, until: float) -> None:
        number = 0
        while time.monotonic() < until:
            await asyncio.sleep(self.every)
            number += 1
            if not self.bots_turn():
                continue
            if number % 2:
                rid = f"p{number}"
                self.waiting[rid] = (time.perf_counter(), True)
                await ws.send(json.dumps({"type": "ping", "id": rid}))
            else:
                sent = time.perf_counter()
                await asyncio.to_thread(http, self.base, f"/api/tables/{self.table_id}")
                self.gets.append(time.perf_counter() - sent)


async def play(base: str, tables: list[dict[str, Any]], args: argparse.Namespace, seed: int) -> list[Person]:
    people = [
        Person(base, t["id"], t["seats"][0]["token"], seed + n, args.client_think, args.every)
        for n, t in enumerate(tables)
    ]
    until = time.monotonic() + args.seconds
    await asyncio.gather(*(p.run(until) for p in people))
    return people


def one_round(base: str, pid: int, level: str, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "P"}]
    seats += [{"kind": "bot", "bot": level}] * 3
    tables = [http(base, "/api/tables", {"game": "die_bosse", "seats": seats}) for _ in range(args.tables)]

    def versions() -> int:
        return sum(http(base, f"/api/tables/{t['id']}")["version"] for t in tables)

    before, cpu, started = versions(), cpu_seconds(pid), time.monotonic()
    people = asyncio.run(play(base, tables, args, seed))
    elapsed = time.monotonic() - started
    cpu = cpu_seconds(pid) - cpu
    stored = versions() - before
    moves = [x for p in people for x in p.moves]
    pings = [x for p in people for x in p.pings]
    gets = [x for p in people for x in p.gets]
    bot_moves = stored - len(moves)
    return {
        "moves": len(moves),
        "move_p50_ms": percentile(moves, 0.5),
        "move_p99_ms": percentile(moves, 0.99),
        "pings": len(pings),
        "ping_p50_ms": percentile(pings, 0.5),
        "ping_p99_ms": percentile(pings, 0.99),
        "gets": len(gets),
        "get_p50_ms": percentile(gets, 0.5),
        "get_p99_ms": percentile(gets, 0.99),
        "other_actions_per_s": round(bot_moves / elapsed, 1),
        "server_cpu_share": round(cpu / elapsed, 2),
        "errors": sorted({e for p in people for e in p.errors}),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", nargs="+", default=["normal", "hard"])
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every level, alternating (3)")
    parser.add_argument("--think", type=float, default=0.6, help="the server's think time for bots (0.6, its default)")
    parser.add_argument("--client-think", type=float, default=0.5, help="the person's mean think time (0.5 s)")
    parser.add_argument("--every", type=float, default=0.05, help="seconds between the page's requests (0.05)")
    parser.add_argument("--serve", nargs="*", default=[], help="more options for tycoon serve (--search-processes 0)")
    parser.add_argument("--json", type=Path, help="write the figures here as well")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="tycoon-bench-bots-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    script = Path(sys.executable).parent / "tycoon"
    start = [str(script)] if script.exists() else [sys.executable, "-m", "tycoon.cli"]
    command = [*start, "serve", "--port", str(port), "--db", str(folder / "tycoon.db"), "--think", str(args.think)]
    command += ["--table-rate", "1000000", "--connections-per-address", "1000000", "--log-level", "warning"]
    command += args.serve
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    rounds: dict[str, list[dict[str, Any]]] = {level: [] for level in args.levels}
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                http(base, "/api/health")
                break
            except (OSError, urllib.request.URLError):
                if server.poll() is not None or time.monotonic() > deadline:
                    print((folder / "server.log").read_text())
                    return 1
                time.sleep(0.1)
        for n in range(args.rounds):
            for level in args.levels:
                rounds[level].append(one_round(base, server.pid, level, args, 1000 * n))
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()

    def median(level: str, key: str) -> Any:
        values = [r[key] for r in rounds[level] if r[key] is not None]
        return round(statistics.median(values), 2) if values else None

    figures: dict[str, Any] = {
        "tables": args.tables,
        "seconds": args.seconds,
        "rounds": args.rounds,
        "server_think_s": args.think,
        "serve_options": args.serve,
        "client_think_s": args.client_think,
        "load_average": os.getloadavg()[0],
        "cpus": os.cpu_count(),
    }
    keys = [k for k in rounds[args.levels[0]][0] if k != "errors"]
    figures["levels"] = {
        level: {
            **{k: median(level, k) for k in keys},
            "errors": sorted({e for r in rounds[level] for e in r["errors"]}),
        }
        for level in args.levels
    }
    figures["rounds_by_level"] = rounds
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
