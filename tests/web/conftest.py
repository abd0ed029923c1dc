"""The browser tests share one ``tycoon serve`` and one Chromium for the whole run (each test
gets fresh browser contexts: separate cookies and storage, as separate people have). Without
Playwright or Chromium, each module says so as it skips (the guard is in ``browserkit``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    import browserkit
except (ImportError, pytest.skip.Exception):  # no Playwright or no browser: the modules skip themselves
    browserkit = None  # type: ignore[assignment]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    assert browserkit is not None
    live = browserkit.LiveServer(Path(tmp_path_factory.mktemp("web-server")))
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    assert browserkit is not None
    with browserkit.browser() as b:
        yield b


@pytest.fixture
def context(chromium: Any) -> Iterator[Any]:
    """A fresh browser context at desktop size."""
    ctx = chromium.new_context(viewport=browserkit.DESKTOP)
    try:
        yield ctx
    finally:
        ctx.close()
