"""euchre_core: the rules of euchre as laid down by the Somerset Club, Boston, 1888.

Pure Python, standard library only; the same code runs the site's build, the tests, the
command line (``python3 -m euchre_core``) and the reader's browser under Pyodide.

>>> from euchre_core import Deal, Card
>>> d = Deal.shuffled(seed=1)
>>> len(d.hand(d.actor))
5
"""

from .kernel.actions import Action
from .kernel.cards import JOKER, Card, CardError, Rank, Suit, pack, parse_book_card, parse_cards
from .kernel.deal import Deal, DealResult, DealSetup, Trick
from .kernel.errors import EuchreError, IllegalAction, InputError
from .kernel.rules import (
    HOYLE_2,
    HOYLE_3,
    HOYLE_4,
    MODERN_24,
    RULE_SETS,
    SOMERSET_1888,
    WASHINGTON_1877,
    RuleSet,
    rules_by_name,
)
from .kernel.version import __version__

__all__ = [
    "Action",
    "Card",
    "CardError",
    "Deal",
    "DealResult",
    "DealSetup",
    "EuchreError",
    "HOYLE_2",
    "HOYLE_3",
    "HOYLE_4",
    "IllegalAction",
    "InputError",
    "JOKER",
    "MODERN_24",
    "RULE_SETS",
    "Rank",
    "RuleSet",
    "SOMERSET_1888",
    "Suit",
    "Trick",
    "WASHINGTON_1877",
    "pack",
    "parse_book_card",
    "parse_cards",
    "rules_by_name",
    "__version__",
]
