"""Numbers, plurals and lists as each language writes them, one rule a language.

Numbers are grouped in thousands from 1,000 up in every language, four-digit Polish numbers too
(CLDR gives Polish a minimum of two grouping digits, which the browser's ``Intl`` follows and
Babel does not; the page asks ``Intl`` for ``useGrouping: "always"``, so both write
``1 234``), with at most two decimals and no trailing zeros. ``tests/web`` checks that the page
writes every number of a set exactly as :func:`format_number` does. Babel is imported when the
first number is written, not when tycoon starts.
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["LANGUAGES", "LOCALES", "format_number", "join_list", "plural_category", "read_number"]

LOCALES = {"en": "en_GB", "de": "de_DE", "nl": "nl_NL", "pl": "pl_PL"}
"""The languages tycoon speaks, each with the locale whose numbers and plurals it takes."""

LANGUAGES = tuple(LOCALES)

PATTERN = "#,##0.##"


@cache
def _locale(language: str) -> Any:
    from babel import Locale

    return Locale.parse(LOCALES.get(language, "en_GB"))


@cache
def format_number(number: int | float, language: str) -> str:
    """``number`` as ``language`` writes it: ``1,234.5``, ``1.234,5``, ``1 234,5`` (no-break
    space)."""
    from babel.numbers import format_decimal

    if number == 0 or abs(number) < 0.005:
        number = 0  # no "-0": the page's Intl writes a negative zero as 0 (signDisplay "negative")
    return str(format_decimal(number, format=PATTERN, locale=_locale(language)))


def read_number(text: str, language: str) -> int | float | None:
    """The number ``text`` shows as ``language`` writes numbers (``format_number``'s text read
    back: ``"1.234,5"`` in German is 1234.5), or ``None`` when it shows no number."""
    from babel.numbers import get_decimal_symbol, get_group_symbol, get_minus_sign_symbol

    locale = _locale(language)
    plain = text.strip().replace(get_group_symbol(locale), "").replace(get_decimal_symbol(locale), ".")
    plain = plain.replace(get_minus_sign_symbol(locale), "-")
    try:
        number = float(plain)
    except ValueError:
        return None
    return int(number) if number.is_integer() and "." not in plain else number


@cache
def plural_category(number: int | float, language: str) -> str:
    """The CLDR plural category of ``number`` in ``language``: ``one``, ``few``, ``many`` or
    ``other`` (Polish has all four: 1 ``one``, 2–4 ``few``, 5–21 ``many``, 1.5 ``other``)."""
    return str(_locale(language).plural_form(number))


def join_list(items: list[str], language: str) -> str:
    """``items`` joined as ``language`` joins a list: ``a, b and c``, ``a, b und c``, ``a, b i c``."""
    if len(items) < 2:
        return "".join(items)
    from babel.lists import format_list

    return str(format_list(items, style="standard", locale=_locale(language)))
