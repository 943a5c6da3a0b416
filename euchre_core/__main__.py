"""``python3 -m euchre_core``: the command line (see :mod:`euchre_core.cli`)."""

import sys

from .cli import main

sys.exit(main())
