"""``python3 -m euchre_core``: the command line (see :mod:`euchre_core.app.cli`)."""

import sys

from .app.cli import main

sys.exit(main())
