"""A real terminal for the command-line tests: ``tycoon`` in a tmux window of a given size,
driven by keys and read off the screen.

Each :class:`Terminal` runs its own tmux server (a socket of its own), so nothing else that
runs tmux on the machine is touched, and the server is ended with the test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

import tycoon


class Terminal:
    """``tycoon`` with ``args`` in a ``width`` × ``height`` tmux window."""

    def __init__(self, args: Sequence[str], width: int = 100, height: int = 30, cwd: Path | None = None) -> None:
        self.socket = f"tycoon-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.width, self.height = width, height
        env = dict(os.environ)
        # The sources under test, however they were installed (editable, from a wheel, compiled).
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(tycoon.__file__).resolve().parents[1]), env.get("PYTHONPATH", "")]
        )
        command = " ".join(_quote(a) for a in [sys.executable, "-m", "tycoon.cli", *args])
        self._tmux(
            "new-session",
            "-d",
            "-x",
            str(width),
            "-y",
            str(height),
            "-s",
            "t",
            f"cd {_quote(str(cwd or Path.cwd()))} && {command}; sleep 30",
            env=env,
        )

    def _tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", os.devnull, *args], capture_output=True, text=True, env=env, check=True
        )
        return done.stdout

    def keys(self, *keys: str) -> None:
        """Press ``keys`` (tmux key names such as ``Up``, ``Escape``, ``Enter``)."""
        self._tmux("send-keys", "-t", "t", *keys)

    def type(self, text: str) -> None:
        """Type ``text`` literally."""
        self._tmux("send-keys", "-t", "t", "-l", text)

    def screen(self) -> list[str]:
        """The window's rows as they are shown now."""
        return self._tmux("capture-pane", "-p", "-t", "t").split("\n")[: self.height]

    def scrolled_away(self) -> int:
        """How many rows have scrolled off the top of the window."""
        return int(self._tmux("display-message", "-p", "-t", "t", "#{history_size}").strip())

    def wait(self, ready: Callable[[list[str]], bool], what: str, timeout: float = 20.0) -> list[str]:
        """The screen once ``ready`` holds for it (it is quiet for a moment first)."""
        end = time.monotonic() + timeout
        last: list[str] = []
        while time.monotonic() < end:
            rows = self.screen()
            if ready(rows) and rows == last:
                return rows
            last = rows
            time.sleep(0.15)
        raise AssertionError(f"the screen never showed {what}:\n" + "\n".join(last))

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


@contextmanager
def terminal(args: Sequence[str], width: int = 100, height: int = 30, cwd: Path | None = None) -> Iterator[Terminal]:
    """A :class:`Terminal`, or the test skipped when tmux is not installed."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")
    t = Terminal(args, width, height, cwd)
    try:
        yield t
    finally:
        t.close()
