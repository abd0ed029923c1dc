"""The ``tycoon`` command line: ``tycoon play``, ``simulate``, ``replay`` and ``games``."""

from tycoon.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
