"""What a view, an action, a record or a message may hold to be sent: whole numbers of signed 64
bits and text that is UTF-8.

The server encodes every message with orjson, which refuses a larger integer and a string
holding a lone surrogate (``"\\ud800"``, which Python's own ``json`` reads from ``\\ud800``), and
the browser reads numbers as doubles. So the codec refuses such values where they come in (an
action's JSON or text form, a game's options), and the conformance suite checks that no view,
action or family a game gives holds one (``wire_problem``).
"""

from __future__ import annotations

from typing import Any

INT_MIN = -(2**63)
"""The smallest whole number sent."""
INT_MAX = 2**63 - 1
"""The largest whole number sent."""


def in_64_bits(value: int) -> bool:
    """Whether the whole number ``value`` fits in signed 64 bits."""
    return INT_MIN <= value <= INT_MAX


def shown(value: int) -> str:
    """A whole number as a message shows it: in full up to 24 digits, else its first digits
    and how many there are."""
    text = str(value)
    return text if len(text) <= 24 else f"{text[:12]}… ({len(text.lstrip('-'))} digits)"


def is_text(value: str) -> bool:
    """Whether ``value`` is UTF-8 text: no lone surrogate."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def wire_problem(value: Any) -> str | None:
    """Where JSON-ready ``value`` holds what cannot be sent (a whole number beyond 64 bits, a
    string with a lone surrogate, as a key too), with the value; ``None`` if nothing. The walk
    is iterative, so that a deep value is no trouble."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if isinstance(k, str) and not is_text(k):
                    return f"{path or 'the value'} has the key {k!r}, which is no UTF-8 text"
                stack.append((f"{path}.{k}" if path else str(k), item))
        elif isinstance(v, (list, tuple)):
            stack.extend((f"{path}[{i}]", item) for i, item in enumerate(v))
        elif isinstance(v, int) and not isinstance(v, bool):
            if not in_64_bits(v):
                return f"{path or 'the value'} is {shown(v)}, beyond the signed 64 bits a message carries"
        elif isinstance(v, str) and not is_text(v):
            return f"{path or 'the value'} is {v!r}, which is no UTF-8 text (a lone surrogate)"
    return None
