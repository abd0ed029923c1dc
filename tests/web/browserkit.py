"""Helpers for the browser tests: a real ``tycoon serve`` process, Debian's Chromium driven by
Playwright, and the page's own controls (``data-action``, ``data-family``) to play with.

Playwright cannot download its own browser here, so it launches ``/usr/bin/chromium``
(``.ci/run`` installs Debian's ``chromium`` when it is missing). Without Playwright or that
browser, every module that imports this one is skipped, saying why.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the browser tests need the web extra: pip install -e '.[test]'")
pytest.importorskip("playwright", reason="the browser tests need Playwright (the test extra)")

CHROMIUM = os.environ.get("TYCOON_CHROMIUM", "/usr/bin/chromium")
"""The browser the tests drive: Debian's Chromium."""
if not Path(CHROMIUM).exists():
    pytest.skip(
        f"no browser at {CHROMIUM}: install Debian's chromium (apt-get install chromium), as .ci/run does",
        allow_module_level=True,
    )

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""What Debian's Chromium needs to run headless as root on a CI machine."""

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 15_000


class LiveServer:
    """A real ``tycoon serve`` on a free port with its own SQLite file; bots move at once."""

    def __init__(
        self, folder: Path, think: float = 0.0, seed: str | None = None, imports: tuple[str, ...] = ()
    ) -> None:
        """``imports``: modules of ``tests/`` the server imports first (a game they register)."""
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(folder / "server.log", "w")  # noqa: SIM115 (closed in stop)
        env = None
        if imports:
            paths = [str(Path(__file__).resolve().parent.parent), os.environ.get("PYTHONPATH", "")]
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "".join(f"import {name}; " for name in imports)
                + "from tycoon.cli.main import main; raise SystemExit(main())",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(folder / "tycoon.db"),
                "--think",
                str(think),
                "--table-rate",
                "6000",
                "--log-level",
                "warning",
                *(["--seed", seed] if seed is not None else []),
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.get("/api/health")
                break
            except (OSError, urllib.error.URLError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"tycoon serve did not start: {(folder / 'server.log').read_text()}") from None
                time.sleep(0.1)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: Any, host: str | None = None) -> Any:
        headers = {"content-type": "application/json"}
        if host:
            headers["authorization"] = f"Bearer {host}"
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), headers=headers)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def table(self, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        """Set a table up; the answer holds each person's link."""
        answer: dict[str, Any] = self.post("/api/tables", {"game": game, "seats": seats, **extra})
        return answer

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


@contextlib.contextmanager
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield b
        finally:
            b.close()


def person(name: str) -> dict[str, Any]:
    return {"kind": "human", "name": name}


def bot(kind: str = "bot") -> dict[str, Any]:
    return {"kind": "bot", "bot": kind}


class Seat:
    """One person's page at a table, with every WebSocket message it received."""

    def __init__(self, context: BrowserContext, link: str) -> None:
        self.context = context
        self.page: Page = context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", self._dialog)
        self.link = link
        self.page.goto(link)
        self.wait_connected()

    def _watch(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(payload if isinstance(payload, str) else ""))

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    # --- what the page knows ------------------------------------------------------------

    def js(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def version(self) -> int:
        return int(self.js("window.tycoon.connection.version ?? -1"))

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.js("window.tycoon.connection.game.view")
        return view

    def seat(self) -> int | None:
        seat: int | None = self.js("window.tycoon.connection.seat")
        return seat

    def status(self) -> str:
        return str(self.js("window.tycoon.connection.game ? window.tycoon.connection.game.status : ''"))

    def my_turn(self) -> bool:
        return bool(
            self.js(
                "(() => { const c = window.tycoon.connection; return !!c.game && c.game.status === 'playing'"
                " && c.game.turn.seat === c.seat && c.seat !== null && c.status === 'open'; })()"
            )
        )

    def wait_connected(self) -> None:
        self.page.wait_for_selector("[data-testid=connection][data-status=open]")
        self.page.wait_for_function("window.tycoon && window.tycoon.connection.game !== null")
        # The game's own page (its board) is a script imported once the connection is open
        # (decision 0028): a seat is ready when it is drawn, not only connected.
        self.page.wait_for_selector(".table-page[data-page=ready]")

    def wait_turn_or_end(self, timeout: float = 20.0) -> bool:
        """Wait until this seat must decide (True) or the game is over (False)."""
        self.page.wait_for_function(
            "(() => { const c = window.tycoon.connection; if (!c.game) return false;"
            " if (c.game.status !== 'playing') return true;"
            " return c.status === 'open' && c.game.turn.seat === c.seat"
            " && document.querySelectorAll("
            "'[data-testid=decision] [data-action], dialog[open] [data-action]').length > 0"
            " && !document.querySelector('[data-testid=decision] button[data-action]:disabled'); })()",
            timeout=timeout * 1000,
        )
        return self.status() == "playing"

    def choices(self) -> list[str]:
        """The text forms of the choices the page offers now (the offer dialog's first)."""
        found: list[str] = self.js(
            "(() => { const d = document.querySelector('dialog[open]');"
            " const scope = d || document.querySelector('[data-testid=decision]');"
            " return [...scope.querySelectorAll('button.choice[data-action]')].map(b => b.dataset.action); })()"
        )
        return found

    def act(self, text: str) -> None:
        """Press the control whose data-action is ``text`` and wait for the table to answer."""
        before = self.version()
        button = self.page.locator(
            f'[data-testid=decision] button[data-action="{text}"], dialog[open] button[data-action="{text}"]'
        ).first
        self.page.evaluate(
            "(t) => { const b = [...document.querySelectorAll('button[data-action]')]"
            ".find(x => x.dataset.action === t);"
            " const d = b && b.closest('details'); if (d) d.open = true; }",
            text,
        )
        button.click()
        self.page.wait_for_function(
            f"window.tycoon.connection.version > {before} || !!document.querySelector('[data-testid=problem]')"
        )

    def dom_text(self) -> str:
        return str(self.page.content())

    def messages(self) -> list[dict[str, Any]]:
        out = []
        for frame in self.frames:
            with contextlib.suppress(ValueError):
                out.append(json.loads(frame))
        return out

    def pictures(self) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Each sync and update the page received, with the view it held once it took it: the
        page asks for diffs, so an update's changes are applied to the view before
        (docs/protocol.md)."""
        out = []
        view: dict[str, Any] = {}
        for m in self.messages():
            if m.get("type") not in ("sync", "update"):
                continue
            if "view" in m:
                view = m["view"]
            else:
                view = {**view, **m.get("view_set", {})}
                for key, items in m.get("view_items", {}).items():
                    view[key] = list(view[key])
                    for index, item in items.items():
                        view[key][int(index)] = item
                for key in m.get("view_unset", []):
                    view.pop(key, None)
            out.append((m, view))
        return out


def play(
    seat: Seat, decisions: int, choose: Callable[[Seat, list[str]], str], on_step: Callable[[], None] | None = None
) -> int:
    """Let ``seat`` take up to ``decisions`` decisions through its page; how many it took."""
    taken = 0
    while taken < decisions:
        if not seat.wait_turn_or_end():
            break
        options = seat.choices()
        for _ in range(20):  # a moment while the page draws the seat's new choices
            if options:
                break
            seat.page.wait_for_timeout(100)
            options = seat.choices()
        assert options, (
            "the seat's turn but no choice on its page",
            seat.js("window.tycoon.connection.game.legal.map(c => c.text)"),
            seat.page.locator("[data-testid=decision]").inner_html()[:1500],
        )
        seat.act(choose(seat, options))
        taken += 1
        if on_step:
            on_step()
    return taken


def play_together(seats: list[Seat], decisions: int, choose: Callable[[Seat, list[str]], str]) -> int:
    """Let whichever of ``seats`` must decide take the next decision, ``decisions`` times."""
    taken = 0
    while taken < decisions:
        mover = None
        deadline = time.monotonic() + 20
        while mover is None:
            for s in seats:
                if s.status() not in ("playing", ""):
                    return taken
                if s.my_turn():
                    mover = s
                    break
            else:
                assert time.monotonic() < deadline, "nobody's turn came"
                time.sleep(0.05)
        if not mover.wait_turn_or_end(timeout=10):
            return taken
        mover.act(choose(mover, mover.choices()))
        taken += 1
    return taken


def chooser(seed: int, prefer: tuple[str, ...] = (), avoid: tuple[str, ...] = ()) -> Callable[[Seat, list[str]], str]:
    """A seeded choice among the page's buttons: one of the preferred kinds half the time,
    the avoided kinds only when nothing else is there."""
    rng = random.Random(seed)

    def choose(seat: Seat, options: list[str]) -> str:
        kind = lambda text: text.split(" ")[0]  # noqa: E731
        liked = [o for o in options if kind(o) in prefer]
        if liked and rng.random() < 0.5:
            return rng.choice(liked)
        allowed = [o for o in options if kind(o) not in avoid] or options
        return rng.choice(allowed)

    return choose


def action_cards(message: Any) -> set[int]:
    """The numbers of every Die Bosse action card (capital, transfer, profit) a message names."""
    found: set[int] = set()
    if isinstance(message, dict):
        if isinstance(message.get("card"), int) and message.get("kind") in ("capital", "transfer", "profit"):
            found.add(message["card"])
        for value in message.values():
            found |= action_cards(value)
    elif isinstance(message, list):
        for value in message:
            found |= action_cards(value)
    return found


CONTROLS = """(() => {
  const c = window.tycoon.connection;
  const buttons = [...document.querySelectorAll('[data-testid=decision] button, dialog[open] button')];
  const forms = [...document.querySelectorAll('[data-testid=decision] form, dialog[open] form')];
  return {
    bare: buttons.filter((b) => !b.dataset.action).map((b) => b.outerHTML),
    unnamed: forms.filter((f) => !f.dataset.family).map((f) => f.outerHTML),
    sends: forms.map((f) => [f.dataset.family, (f.querySelector('button[type=submit]') || {}).dataset?.action ?? '']),
    shown: buttons.filter((b) => b.classList.contains('choice')).map((b) => b.dataset.action),
    unworded: buttons.filter((b) => b.classList.contains('choice')
      && b.querySelector('span').textContent.trim() === b.dataset.action).map((b) => b.dataset.action),
    legal: c.game.legal.map((x) => x.text),
    families: c.game.families.map((f) => f.kind),
  };
})()"""
"""What the decision panel and the offer dialog show, beside what the seat may do."""


def assert_controls(seat: Seat) -> None:
    """Every choice the seat has is a button on its page, in words, carrying the choice's text
    form in ``data-action`` (and no button there lacks one); every action family is a form carrying
    ``data-family``, whose send button carries the text form of the member as filled in."""
    for attempt in range(10):  # the page renders a moment after a message arrives
        found = seat.js(CONTROLS)
        settled = (
            sorted(found["shown"]) == sorted(found["legal"]) and [f for f, _ in found["sends"]] == found["families"]
        )
        if settled or attempt == 9:
            break
        seat.page.wait_for_timeout(100)
    assert not found["bare"], found["bare"]
    assert not found["unnamed"], found["unnamed"]
    assert not found["unworded"], ("a choice shown as its text form, not in words:", found["unworded"])
    shown, legal = sorted(found["shown"]), sorted(found["legal"])
    assert shown == legal, (
        "shown, not legal:",
        sorted(set(shown) - set(legal)),
        "legal, not shown:",
        sorted(set(legal) - set(shown)),
        "twice:",
        sorted({x for x in shown if shown.count(x) > 1}),
    )
    assert [f for f, _ in found["sends"]] == found["families"]
    for family, send in found["sends"]:
        assert send.split(" ")[0] == family, (family, send)


def assert_fits(page: Page) -> None:
    """At a phone's width and at the desktop's, the page needs no sideways scrolling."""
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)
        wide = page.evaluate(
            "(() => { const w = document.documentElement.clientWidth;"
            " return [document.documentElement.scrollWidth, w, [...document.querySelectorAll('body *')]"
            ".filter(e => e.getBoundingClientRect().right > w + 1 && e.closest('details:not([open])') === null)"
            ".slice(0, 5).map(e => e.tagName + '.' + e.className)]; })()"
        )
        assert wide[0] <= wide[1], (viewport, wide)
        if viewport is PHONE:  # one column of panels, each as wide as the phone allows
            narrow = page.evaluate(
                "(() => { const w = document.documentElement.clientWidth;"
                " return [...document.querySelectorAll('.layout > *, .side > *')]"
                ".filter(e => getComputedStyle(e).display !== 'contents' && e.tagName !== 'BUTTON' && e.offsetParent)"
                ".filter(e => e.getBoundingClientRect().width < w - 24)"
                ".map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().width)); })()"
            )
            assert not narrow, narrow


def checked(choose: Callable[[Seat, list[str]], str]) -> Callable[[Seat, list[str]], str]:
    """``choose``, having first checked the page's controls (``assert_controls``)."""

    def check_then_choose(seat: Seat, options: list[str]) -> str:
        assert_controls(seat)
        return choose(seat, options)

    return check_then_choose


def named(seat: Seat, text: str) -> str:
    """``text`` with each "seat N" worded as the page words it, by the player's name."""
    import re

    seats = seat.js("window.tycoon.connection.table.seats")
    names = {s["seat"]: s.get("name") or f"Seat {s['seat'] + 1}" for s in seats}
    return re.sub(r"\b[Ss]eat (\d+)\b", lambda m: names.get(int(m.group(1)), m.group(0)), text)


def rendered(seat: Seat, wire: Any, language: str = "en") -> str:
    """A message on the wire as the page renders it for its reader: in ``language``, each seat by
    its player's name at the table."""
    from tycoon.core.messages import from_wire
    from tycoon.words import render

    seats = seat.js("window.tycoon.connection.table.seats")
    names = {s["seat"]: s.get("name") or f"Seat {s['seat'] + 1}" for s in seats}
    return render(from_wire(wire), language, [names.get(i, f"Seat {i + 1}") for i in range(max(names) + 1)])


def assert_card_drawn(seat: Seat, expected: str | None) -> None:
    """The page's "card drawn" panel shows ``expected``, the last card drawn as the view carries
    it (``None``: no card drawn yet, and no panel)."""
    panel = seat.page.locator("[data-testid=card-drawn] .card-text")
    for _ in range(30):  # the page draws the panel a moment after the message
        if (panel.inner_text() if panel.count() else None) == expected:
            break
        seat.page.wait_for_timeout(100)
    assert (panel.inner_text() if panel.count() else None) == expected, (panel.all_inner_texts(), expected)
