"""A scripted terminal for driving ``tycoon play`` in tests."""

from __future__ import annotations

from collections.abc import Iterable


class Script:
    """Answers prompts from a list of lines, then behaves like a closed terminal (EOF)."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)
