"""tycoon: business board and card games to play, simulate and study.

The layers import downwards only: ``core`` (the game-agnostic kernel), ``games`` (one package
per game), ``agents``, ``sim`` and ``cli``.
"""

__version__ = "0.1.0"
