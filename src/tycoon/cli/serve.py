"""``tycoon serve``: the game server, on ``http://127.0.0.1:8000`` by default.

Thin like the rest of the command: it reads the options and hands them to
:mod:`tycoon.server`, which needs the ``web`` extra (``pip install 'tycoon[web]'``).
"""

from __future__ import annotations

import argparse
import faulthandler
import gc
import logging
import socket
import sys
import threading
import time
from typing import Any

from rich.console import Console
from rich.text import Text

from tycoon.server.config import ServerConfig, db_url

WEB_EXTRA = "tycoon serve needs the web extra: pip install 'tycoon[web]'"

log = logging.getLogger(__name__)


def add_parser(commands: Any) -> None:
    """Add the ``serve`` subcommand to the ``tycoon`` command's subparsers."""
    serve = commands.add_parser(
        "serve",
        help="run the game server: tables for people and bots, over HTTP and WebSockets",
        description="Run the game server. Tables, moves and chat are stored in an SQLite file "
        "(by default in your user data folder) or a PostgreSQL database; several server "
        "processes may share one PostgreSQL database.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1; 0.0.0.0 for a LAN)")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (8000)")
    serve.add_argument(
        "--db",
        metavar="PATH|URL",
        help="an SQLite file, a sqlite:/// URL or a postgresql:// URL (default: tycoon.db in your data folder)",
    )
    serve.add_argument(
        "--think",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="how long bots wait before they move, so that people can follow (0.6)",
    )
    serve.add_argument(
        "--search-processes",
        type=int,
        default=1,
        metavar="N",
        help="processes in which hard bots search, apart from the server's own (1; 0: in its threads)",
    )
    serve.add_argument(
        "--seed",
        metavar="TEXT",
        help="deal the tables from this seed in the order they are set up, the same on every restart "
        "(default: a fresh random deal for each table)",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web origin (https://example.org) whose pages may connect besides the server's own; repeatable",
    )
    serve.add_argument(
        "--sqlite-sync",
        choices=["full", "normal"],
        default="full",
        help="SQLite durability: full survives a power cut, normal only a crash of the server (full)",
    )
    serve.add_argument(
        "--table-rate",
        type=float,
        default=60.0,
        metavar="N",
        help="tables one address may set up per minute, after a first 30 (60)",
    )
    serve.add_argument(
        "--header-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how long a connection may take to send a request's head before it is closed (10)",
    )
    serve.add_argument(
        "--connections-per-address",
        type=int,
        default=128,
        metavar="N",
        help="connections one address may hold at once, WebSockets included (128)",
    )
    serve.add_argument(
        "--collect-every",
        type=float,
        default=COLLECT_EVERY,
        metavar="SECONDS",
        help="seconds between collections of reference cycles; 0: Python's own collector, as it runs (300)",
    )
    serve.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])


def run(args: argparse.Namespace, console: Console, ask: Any = None) -> int:
    """Serve until interrupted; 1 if the server cannot run (the reason is printed, on standard
    error when the console is standard output)."""
    errors = _errors(console)
    try:
        import uvicorn

        from tycoon.server.app import create_app
        from tycoon.server.connections import guarded_http
        from tycoon.server.store import Store, StoreError
    except ImportError:
        errors.print(Text(WEB_EXTRA, style="red"), soft_wrap=True)
        return 1
    if args.think < 0 or args.table_rate <= 0 or args.search_processes < 0:
        errors.print(
            Text(
                "tycoon: --think takes seconds, 0 or more; --table-rate a number above 0; --search-processes 0 or more",
                style="red",
            )
        )
        return 1
    if not args.header_timeout > 0 or args.connections_per_address < 1:
        errors.print(
            Text("tycoon: --header-timeout takes seconds above 0; --connections-per-address 1 or more", style="red")
        )
        return 1
    if not args.collect_every >= 0:
        errors.print(
            Text(
                "tycoon: --collect-every takes seconds, 0 or more (0: Python's own collector); "
                f"not {args.collect_every:g}",
                style="red",
            )
        )
        return 1
    try:
        url = db_url(args.db)
    except ValueError as e:
        errors.print(Text(f"tycoon: {e}", style="red"), soft_wrap=True)
        return 1
    config = ServerConfig(
        db=url,
        think_time=args.think,
        seed=args.seed,
        allowed_origins=tuple(args.allow_origin),
        sqlite_synchronous=args.sqlite_sync.upper(),
        create_rate=args.table_rate / 60,
        log_level=args.log_level,
        header_timeout=args.header_timeout,
        max_connections_per_address=args.connections_per_address,
        search_processes=args.search_processes,
    )
    problem = _port_problem(args.host, args.port)
    try:
        Store(url).check()
    except StoreError as e:
        problem = str(e)
    if problem:
        errors.print(Text(f"tycoon: {problem}", style="red"), soft_wrap=True)
        return 1
    shown = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    console.print(
        Text.assemble(
            ("tycoon serves on ", ""),
            (f"http://{shown}:{args.port}", "bold"),
            (f"  (database: {Store(url).describe()}; Ctrl+C stops)", "dim"),
        ),
        soft_wrap=True,
    )
    tune_process(args.collect_every)
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s: %(message)s")
    uvicorn.run(
        create_app(config),
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=1 << 20,  # beyond max_message a client gets an error; beyond a MiB the socket closes
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=False,  # compressing every update costs more CPU than loopback or a LAN saves
        server_header=False,
        http=guarded_http(config.header_timeout, config.max_connections_per_address),
    )
    return 0


def _errors(console: Console) -> Console:
    """Where refusals go: standard error when ``console`` writes to standard output (so that a
    server started with its output sent elsewhere still says why it did not start, and a
    script can tell the two apart), else ``console`` itself."""
    if console.file is sys.stdout:
        return Console(stderr=True)
    return console


GC_THRESHOLD = (50_000, 10, 10)
"""The cycle collector's thresholds in a server process that collects as Python does
(``--collect-every 0``; Python's defaults: 700, 10, 10)."""

COLLECT_EVERY = 300.0
"""Seconds between the server process's collections of reference cycles (docs/decisions/0056)."""


def tune_process(collect_every: float = COLLECT_EVERY) -> Collector | None:
    """Set the interpreter up for serving many tables at once (docs/decisions/0023, 0056);
    the thread that collects reference cycles every ``collect_every`` seconds, if any.

    The database writer and the bots run in threads. Each time one of them waits (for the
    disk, a statement) it must get the interpreter back from the event loop, which lets go
    only every switch interval: 5 ms by default, which held every commit up for tens of
    milliseconds under load (benchmarks/bench_server.py). 1 ms keeps them moving.

    A server holds many objects for a long time (every table's state, narration and the
    pictures last sent), and each move makes a few hundred more that live until the next one.
    Reference counting frees them; a table let go of and an exception kept with its traceback
    are the few reference cycles, and a server playing 200 tables made none in 20 s of play.
    Python's cycle collector, which walks what is still alive whenever enough new objects are
    made, stood every table still for a tenth of a second or more every twenty seconds or so.
    So the server freezes what it starts with (the imported code, never garbage), turns the
    automatic collector off and collects every ``collect_every`` seconds in a thread of its
    own; with ``collect_every`` 0 it collects as Python does, less often (``GC_THRESHOLD``).
    """
    sys.setswitchinterval(0.001)
    # A fatal signal (SIGBUS from a memory-mapped file the store could not foresee, SIGSEGV)
    # leaves a line and the threads' stacks on stderr instead of a silent death.
    faulthandler.enable()
    gc.freeze()
    if collect_every <= 0:
        gc.set_threshold(*GC_THRESHOLD)
        return None
    gc.disable()
    collector = Collector(collect_every)
    collector.start()
    return collector


class Collector(threading.Thread):
    """Collects reference cycles every ``every`` seconds until stopped."""

    def __init__(self, every: float) -> None:
        super().__init__(name="tycoon-collector", daemon=True)
        self.every = every
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(self.every):
            started = time.perf_counter()
            found = gc.collect()
            took = 1000 * (time.perf_counter() - started)
            log.debug("collected %d objects in reference cycles in %.0f ms", found, took)

    def stop(self) -> None:
        self.stopped.set()
        self.join()


def _port_problem(host: str, port: int) -> str:
    """Why the server could not listen on ``host:port``, or "" (checked before it starts, so
    that the reason is one line)."""
    try:
        with socket.create_server((host, port)):
            return ""
    except OSError as e:
        return f"cannot listen on {host}:{port}: {e.strerror or e} (another server there? try --port)"
