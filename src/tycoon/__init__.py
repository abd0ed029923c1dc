"""tycoon: business board and card games to play, simulate and study.

The layers import downwards only: ``core`` (the game-agnostic kernel), ``games`` (one package
per game), ``agents``, ``sim`` and ``cli``.
"""

from tycoon.core.messages import Text, read_with

__version__ = "0.1.0"


def _english(text: Text) -> str:
    # The words layer is read only when a message is first written as a sentence (an
    # IllegalAction printed), so that importing the kernel does not load the catalogues; the core
    # may not import it itself (docs/decisions/0041-refusals-as-messages.md).
    from tycoon.words import render

    return render(text)


read_with(_english)
