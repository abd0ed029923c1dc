"""Load on the game server: many concurrent tables with bots and scripted clients, over loopback.

Starts a real ``tycoon serve`` process (uvicorn, a fresh SQLite file unless ``--db`` names a
PostgreSQL database), sets up ``--tables`` Die Bosse tables of ``--people`` scripted players
and bots, and lets every scripted client play for ``--seconds``: whenever its seat must decide
it sends an action (the turn's end where it may, else a seeded random choice) and waits for the
answer. Reports actions per second (the clients' and all of them, bots' and chance's included,
as stored), the latency from sending an action to its answer (p50, p99, max), how late the
client process's own event loop ran (its p99: what of the latencies is the client's), the
server's memory per table, and every error. The client process plays with its cycle collector
off. Needs the web extra. Results: docs/performance.md.

    python benchmarks/bench_server.py                      # 200 tables, 60 s, clients think 0.5 s
    python benchmarks/bench_server.py --client-think 0     # a closed loop: clients answer at once
    python benchmarks/bench_server.py --tables 20 --seconds 10
    python benchmarks/bench_server.py --db postgresql://postgres@127.0.0.1:55432/postgres
    python benchmarks/bench_server.py --servers 2 --db postgresql://...   # a process per core
    python benchmarks/bench_server.py --serve=--collect-every=0            # Python's own collector

With ``--servers N`` (PostgreSQL only) N server processes share the database and the tables
are shared out among them by number, as a load balancer routing by table id would: table i is
created through process i mod N and its clients connect to that process.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import connect

loads = orjson.loads
"""How the clients read the server's messages: orjson, as a browser's own parser, spares the one
process that plays every client the cost of the standard library's (the server's extra installs
it)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def cpu_seconds(pid: int) -> float:
    """User and system time of process ``pid`` and its threads so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Player:
    """One scripted client: plays its seat whenever it must decide, timing each answer."""

    def __init__(self, base: str, table_id: str, token: str, seed: int, think: float, diff: bool) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        self.token = token
        self.rng = random.Random(seed)
        self.think = think
        self.diff = diff
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.state: dict[str, Any] = {}
        self.finished = 0

    def my_turn(self) -> bool:
        return self.state.get("status") == "playing" and self.state.get("turn", {}).get("seat") == self.state["seat"]

    def choose(self) -> dict[str, Any]:
        legal = self.state["legal"]
        ends = [a["action"] for a in legal if a["action"]["kind"] in ("end", "done")]
        if ends and self.rng.random() < 0.7:
            return ends[0]
        return dict(self.rng.choice(legal)["action"])

    async def run(self, until: float) -> None:
        async with connect(self.url, max_size=None, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token, "diff": self.diff}))
            self.absorb(loads(await ws.recv()))
            number = 0
            while time.monotonic() < until and self.state.get("status") == "playing":
                if not self.my_turn():
                    try:
                        self.absorb(loads(await asyncio.wait_for(ws.recv(), until - time.monotonic())))
                    except TimeoutError:
                        break
                    continue
                if self.think > 0:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                    if time.monotonic() >= until:
                        break
                number += 1
                request = f"r{number}"
                action = self.choose()
                sent = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "act", "id": request, "version": self.state["version"], "action": action})
                )
                while True:
                    message = loads(await ws.recv())
                    self.absorb(message)
                    re = message.get("re")
                    if re == request or (isinstance(re, list) and request in re):
                        self.latencies.append(time.perf_counter() - sent)
                        if message["type"] == "error":
                            self.errors.append(f"{message['code']}: {message['message']}")
                        break
            if self.state.get("status") == "finished":
                self.finished += 1

    def absorb(self, message: dict[str, Any]) -> None:
        if message["type"] in ("sync", "update"):
            # A diff (docs/protocol.md): the view's keys it names are new, the parts it leaves out
            # are as they were.
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
        elif message["type"] == "error" and "re" not in message:
            self.errors.append(f"{message['code']}: {message['message']}")


async def play_tables(
    bases: list[str], tables: list[dict[str, Any]], people: int, seconds: float, think: float, diff: bool
) -> tuple[list[Player], list[float]]:
    """The players, once they have played for ``seconds``, and how late the client's own event
    loop woke from each 10 ms sleep meanwhile, sorted."""
    players = [
        Player(bases[n % len(bases)], t["id"], s["token"], seed=n * 10 + i, think=think, diff=diff)
        for n, t in enumerate(tables)
        for i, s in enumerate(t["seats"][:people])
    ]
    until = time.monotonic() + seconds
    lags: list[float] = []

    async def watch() -> None:
        # How late this process's own loop wakes: the client's share of the latencies.
        while time.monotonic() < until:
            asked = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - asked - 0.01)

    watcher = asyncio.ensure_future(watch())
    await asyncio.gather(*(p.run(until) for p in players))
    await watcher
    return players, sorted(lags)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--people", type=int, default=2, help="scripted clients per table (the rest are bots)")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.0, help="the bots' think time in seconds (0)")
    parser.add_argument(
        "--client-think",
        type=float,
        default=0.5,
        help="the scripted clients' mean think time in seconds before each action (0.5; 0: a closed loop)",
    )
    parser.add_argument("--whole", action="store_true", help="clients take whole updates, not diffs")
    parser.add_argument("--db", help="a postgresql:// URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--servers", type=int, default=1, help="server processes sharing the database (PostgreSQL only; 1)"
    )
    parser.add_argument("--serve", nargs="*", default=[], help="more options for tycoon serve (--sqlite-sync normal)")
    parser.add_argument("--base", help="load a server already running at this address instead of starting one")
    parser.add_argument("--json", type=Path, help="write the figures here as well")
    args = parser.parse_args()

    if args.servers < 1 or (args.servers > 1 and not (args.db or "").startswith("postgresql")):
        parser.error("--servers above 1 needs --db postgresql://... (processes share PostgreSQL, not SQLite)")
    folder = Path(tempfile.mkdtemp(prefix="tycoon-bench-"))
    servers: list[subprocess.Popen[bytes]] = []
    if args.base:
        bases = [args.base.rstrip("/")]
    else:
        db = args.db or str(folder / "tycoon.db")
        bases = []
        script = Path(sys.executable).parent / "tycoon"
        start = [str(script)] if script.exists() else [sys.executable, "-m", "tycoon.cli"]
        for n in range(args.servers):
            port = free_port()
            bases.append(f"http://127.0.0.1:{port}")
            command = [*start, "serve", "--port", str(port), "--db", db, "--think", str(args.think)]
            command += ["--table-rate", "1000000", "--connections-per-address", "1000000", *args.serve]
            with open(folder / f"server{n}.log", "wb") as log:
                servers.append(
                    subprocess.Popen([*command, "--log-level", "warning"], stdout=log, stderr=subprocess.STDOUT)
                )
    pids = [server.pid for server in servers]
    try:
        for base, server in zip(bases, servers or [None] * len(bases), strict=True):
            deadline = time.monotonic() + 60
            while True:
                try:
                    http(base, "/api/health")
                    break
                except OSError:
                    if (server is not None and server.poll() is not None) or time.monotonic() > deadline:
                        logs = [f.read_text() for f in sorted(folder.glob("server*.log"))]
                        print("\n".join(logs) if servers else "no server at " + base)
                        return 1
                    time.sleep(0.1)
        idle = sum(rss_kib(pid) for pid in pids)
        seats = [{"kind": "human", "name": f"P{i}"} for i in range(args.people)]
        seats += [{"kind": "bot"}] * (args.seats - args.people)
        tables = [
            http(bases[n % len(bases)], "/api/tables", {"game": "die_bosse", "seats": seats})
            for n in range(args.tables)
        ]

        def versions() -> int:
            return sum(http(bases[n % len(bases)], f"/api/tables/{t['id']}")["version"] for n, t in enumerate(tables))

        before = versions()
        started = time.monotonic()
        server_cpu = sum(cpu_seconds(pid) for pid in pids)
        client_cpu = time.process_time()
        # The clients stand for people at their own machines: the cycle collector of the one
        # process that plays them all would stop every client at once for tens of milliseconds
        # (gen 1 and 2 walks of 80 to 130 ms were seen), which is no latency of the server's.
        gc.freeze()
        gc.disable()
        try:
            players, lags = asyncio.run(
                play_tables(bases, tables, args.people, args.seconds, args.client_think, not args.whole)
            )
        finally:
            gc.enable()
            gc.unfreeze()
        elapsed = time.monotonic() - started
        client_cpu = time.process_time() - client_cpu
        server_cpu = sum(cpu_seconds(pid) for pid in pids) - server_cpu
        loaded = sum(rss_kib(pid) for pid in pids)
        after = versions()
        health = [http(base, "/api/health") for base in bases]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()

    latencies = sorted(x for p in players for x in p.latencies)
    errors = [e for p in players for e in p.errors]
    figures = {
        "tables": args.tables,
        "clients": len(players),
        "seats": args.seats,
        "seconds": round(elapsed, 1),
        "database": "postgresql" if args.db else "sqlite",
        "servers": len(bases),
        "client_think_s": args.client_think,
        "updates": "whole" if args.whole else "diff",
        "client_actions": len(latencies),
        "client_actions_per_s": round(len(latencies) / elapsed),
        "stored_actions": after - before,
        "stored_actions_per_s": round((after - before) / elapsed),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1) if latencies else None,
        "max_ms": round(1000 * latencies[-1], 1) if latencies else None,
        "client_lag_p99_ms": round(1000 * lags[int(0.99 * (len(lags) - 1))], 1) if lags else None,
        "memory_per_table_kib": round((loaded - idle) / args.tables, 1),
        "server_rss_mib": round(loaded / 1024, 1),
        "games_finished": sum(p.finished for p in players) // max(1, args.people),
        "commits": sum(h.get("commits") or 0 for h in health),
        "errors": len(errors),
        "error_kinds": sorted(set(errors))[:10],
        "server_cpu_share": round(server_cpu / elapsed, 2),
        "client_cpu_share": round(client_cpu / elapsed, 2),
        "load_average": os.getloadavg()[0],
        "cpus": os.cpu_count(),
    }
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
