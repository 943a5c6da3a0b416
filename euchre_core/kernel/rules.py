"""Rule sets: value objects of switches that the one engine reads.

Each switch names the law or source it comes from. A rule set is not a fork of the code:
:mod:`euchre_core.kernel.deal` reads these fields and nothing else differs.

>>> SOMERSET_1888.game_points, SOMERSET_1888.revoke_points, WASHINGTON_1877.revoke_points
(5, 3, 2)
>>> rules_by_name("modern24").pack_size
24
>>> dataclasses.replace(MODERN_24, stick_the_dealer=False).stick_the_dealer
False
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .errors import InputError

__all__ = [
    "RuleSet",
    "RulesError",
    "SOMERSET_1888",
    "WASHINGTON_1877",
    "HOYLE_2",
    "HOYLE_3",
    "HOYLE_4",
    "MODERN_24",
    "RULE_SETS",
    "rules_by_name",
    "dataclasses",
]


class RulesError(InputError):
    """An unknown rule set name or an impossible combination of switches: an input error, one
    of the engine's :class:`~euchre_core.kernel.errors.EuchreError` family.

    >>> from euchre_core.kernel.errors import EuchreError
    >>> isinstance(RulesError("x"), EuchreError)
    True
    """


@dataclass(frozen=True)
class RuleSet:
    """The switches of one code of laws. Defaults are the Somerset Club's 1888 laws."""

    name: str = "somerset1888"
    title: str = "Somerset Club, Boston, 1888"
    players: int = 4  # 2, 3 (each for himself) or 4 (partners)
    pack_size: int = 32  # 32 piquet pack; 24 (9 up); 33 with the Joker
    game_points: int = 5  # Law 2: a game consists of five points
    # Scoring (Laws 2, 3)
    point: int = 1  # Law 2: three or four tricks
    march: int = 2  # Law 2: five tricks
    euchre: int = 2  # Law 2: the adversaries score two
    alone_point: int = 1  # Law 3
    alone_march: int = 4  # Law 3
    alone_euchred: int = 4  # Law 3 (OpenSpiel, EGN default and modern play: 2)
    three_handed_scoring: str = "two_each"  # Hoyle: "two_each" or "set_back"
    # Games and the rubber (Laws 1, 7)
    lap: bool = True  # Technical Terms, "Lap": points beyond the game carry over
    double_game_when_loser_scoreless: bool = True  # Law 7 (1877: "Slam")
    rubber_games: int = 3  # Law 1: best of three, the third always played
    fourth_game_after_lap: bool = True  # Law 1: a fourth game if the third laps
    rubber_points: int = 2  # Law 7: two points for the rubber
    # The revoke (Law 63; 1877: two points)
    revoke_points: int = 3
    revoke_alone_points: int = 5
    # Cutting (Law 8; 1877: ace low, knaves as at whist, lowest deals)
    cut_order: str = "knave_high"  # "knave_high" (1888) or "ace_low" (1877)
    highest_cut_deals: bool = True  # Law 11 (1877: lowest deals)
    # Making the trump (Laws 74-82)
    stick_the_dealer: bool = False  # modern: the dealer must name a suit in round two
    partner_may_take_alone: bool = True  # Laws 74, 75, 94: "I take it from you"
    alone_after_making: bool = False  # OpenSpiel: the maker decides on a lone hand after making
    allow_alone: bool = True  # two- and three-handed: no lone hands
    lone_lead: str = "eldest"  # who leads against a lone hand: "eldest" (first active
    # seat left of the dealer), "left_of_lone", "lone_player"
    dealer_out_discards: bool = False  # when the dealer's partner plays alone, the dealer is out
    # The Washington club's 1877 additions
    jambone: bool = False  # alone with the cards exposed; one card called; 8 points
    jambone_march: int = 8
    jambone_point: int = 1
    jambone_euchred: int = 8
    jamboree: bool = False  # the five highest trumps in one hand: 16 points
    jamboree_points: int = 16

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise RulesError(f"players must be 2, 3 or 4, not {self.players}")
        if self.pack_size not in (24, 32, 33):
            raise RulesError(f"pack_size must be 24, 32 or 33, not {self.pack_size}")
        if self.players * 5 + 1 > self.pack_size:
            raise RulesError("not enough cards for the deal")
        if self.cut_order not in ("knave_high", "ace_low"):
            raise RulesError(f"cut_order must be knave_high or ace_low, not {self.cut_order!r}")
        if self.lone_lead not in ("eldest", "left_of_lone", "lone_player"):
            raise RulesError(f"lone_lead: unknown value {self.lone_lead!r}")
        if self.three_handed_scoring not in ("two_each", "set_back"):
            raise RulesError(f"three_handed_scoring: unknown value {self.three_handed_scoring!r}")

    @property
    def sides(self) -> int:
        """Number of scoring sides: two partnerships when four play, else one per player."""
        return 2 if self.players == 4 else self.players

    @property
    def turn_up_index(self) -> int:
        """Which card is turned (1-based): 21st four-handed, 16th three-, 11th two-handed."""
        return self.players * 5 + 1

    @property
    def has_joker(self) -> bool:
        return self.pack_size == 33


SOMERSET_1888 = RuleSet()

WASHINGTON_1877 = RuleSet(
    name="washington1877",
    title="Washington, D.C., Euchre Club, 1877",
    revoke_points=2,  # 1877 ch. II: "giving his adversaries two points"
    revoke_alone_points=2,
    cut_order="ace_low",
    highest_cut_deals=False,
    jambone=True,
    jamboree=True,
)

HOYLE_4 = RuleSet(
    name="hoyle4",
    title="Hoyle's Games Modernized, four-handed",
    # Hoyle, "Playing Alone": "you cannot supersede him and play alone yourself" (its note 25
    # gives the "more modern practice", the 1888 Law 94, as the alternative).
    partner_may_take_alone=False,
)
HOYLE_3 = RuleSet(
    name="hoyle3",
    title="Hoyle's Games Modernized, three-handed",
    players=3,
    allow_alone=False,
    partner_may_take_alone=False,
    rubber_games=1,
    fourth_game_after_lap=False,
    rubber_points=0,
)
HOYLE_2 = RuleSet(
    name="hoyle2",
    title="Hoyle's Games Modernized, two-handed",
    players=2,
    allow_alone=False,
    partner_may_take_alone=False,
    rubber_games=1,
    fourth_game_after_lap=False,
    rubber_points=0,
)
MODERN_24 = RuleSet(
    name="modern24",
    title="Modern 24-card euchre",
    pack_size=24,
    game_points=10,
    alone_euchred=2,
    lap=False,
    double_game_when_loser_scoreless=False,
    rubber_games=1,
    fourth_game_after_lap=False,
    rubber_points=0,
    stick_the_dealer=True,
    partner_may_take_alone=False,
    revoke_points=2,
    revoke_alone_points=4,
)

RULE_SETS: dict[str, RuleSet] = {
    r.name: r for r in (SOMERSET_1888, WASHINGTON_1877, HOYLE_2, HOYLE_3, HOYLE_4, MODERN_24)
}


def rules_by_name(name: str) -> RuleSet:
    """The rule set of a command-line name: somerset1888, washington1877, hoyle2, hoyle3,
    hoyle4, modern24 (``hoyle2+joker`` etc. add the Joker)."""
    base, plus, extra = name.partition("+")
    try:
        rules = RULE_SETS[base]
    except KeyError:
        raise RulesError(f"unknown rule set {name!r}; choose from {', '.join(RULE_SETS)}") from None
    if plus and extra != "joker":  # "somerset1888+" (nothing after the +) is no rule set either
        what = f"unknown rule set option {extra!r}" if extra else "nothing after the +"
        raise RulesError(f"{what} in {name!r} (the only option is +joker)")
    if extra == "joker":
        rules = dataclasses.replace(rules, pack_size=33, name=name)
    return rules
