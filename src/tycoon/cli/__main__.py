"""``python -m tycoon.cli``: the same as the ``tycoon`` command."""

from tycoon.cli.main import main

raise SystemExit(main())
