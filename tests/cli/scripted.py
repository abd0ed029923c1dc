"""A scripted terminal for driving ``tycoon play`` in tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console

EOF_KEY = "\x04"
"""A line of the script that closes the input once, as Ctrl-D at a terminal does."""
INTERRUPT_KEY = "\x03"
"""A line of the script that interrupts, as Ctrl-C does."""


class Script:
    """Answers prompts from a list of lines, then behaves like a closed terminal (EOF).

    ``echo``: a console to print each prompt and its answer on, as a terminal shows them, so
    the console's text is the screen a person saw. ``at_prompt``: called before each answer.
    """

    def __init__(
        self,
        lines: Iterable[str],
        echo: Console | None = None,
        at_prompt: Callable[[str], None] | None = None,
    ) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []
        self.echo = echo
        self.at_prompt = at_prompt

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.at_prompt is not None:
            self.at_prompt(prompt)
        if not self.lines:
            self._show(prompt)
            raise EOFError
        line = self.lines.pop(0)
        if line == EOF_KEY:
            self._show(prompt)
            raise EOFError
        if line == INTERRUPT_KEY:
            self._show(prompt + "^C")
            raise KeyboardInterrupt
        self._show(prompt + line)
        return line

    def _show(self, text: str) -> None:
        if self.echo is not None:
            self.echo.print(text, markup=False, highlight=False, soft_wrap=True)
