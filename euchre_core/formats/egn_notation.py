"""EGN's notation of cards and rules: a card as EGN writes it (:func:`parse_egn_card`,
:func:`egn_card`), an annotation's label (:func:`split_annotation`), and the ``ruleset`` profile
read as the engine's :class:`~euchre_core.kernel.rules.RuleSet` and written back
(:func:`rules_from_egn`, :func:`egn_ruleset`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..kernel.cards import JOKER, Card, Rank, Suit, pack
from ..kernel.rules import MODERN_24, RuleSet
from .egn_types import ANNOTATION_LABELS, EgnError

__all__ = [
    "EGN_SUITS",
    "UNSUPPORTED_SWITCHES",
    "LONER_LEAD",
    "parse_egn_card",
    "egn_card",
    "split_annotation",
    "rules_from_egn",
    "egn_ruleset",
]

# Ruleset switches EGN defines that this engine cannot play: any of these set to true is refused.
UNSUPPORTED_SWITCHES = {
    "canadian": "the Canadian loner (the dealer's partner who orders up must play alone)",
    "defend_alone": "defending alone against a lone hand",
    "farmers": "the farmer's hand (exchanging a hand of nines and tens)",
    "partners_best": "partner's best (the lone player's partner passes him a card)",
    "go_under": "going under (exchanging three cards with the kitty)",
    "allow_no_trump": "no-trump bids",
    "fast_break": "the fast break (no score when the defenders take the first two tricks and lose)",
    "four_trick_tokens": "four-trick tokens",
}
LONER_LEAD = {"LEFT_OF_DEALER": "eldest", "LEFT_OF_LONER": "left_of_lone"}

_RANKS = {
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "N": Rank.NINE,
    "T": Rank.TEN,
    "10": Rank.TEN,
    "J": Rank.KNAVE,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
EGN_SUITS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


# ---------------------------------------------------------------------------------------------- cards
def parse_egn_card(text: Any, field: str = "card", trump: Suit | None = None, pack_size: int | None = None) -> Card:
    """Read an EGN card: rank then suit (``"Qs"``, ``"Th"``, ``"10h"``, ``"Nc"`` for the 9 of
    clubs), ``"B"`` for the Joker, ``"R"``/``"L"`` (optionally with the suit) for the bowers
    once the trump is known. Unknown cards (``"Xx"``) and the generic suits (``t n g``)
    cannot be replayed and are refused, naming ``field``.

    >>> parse_egn_card("Qs"), parse_egn_card("Nc"), parse_egn_card("10h"), parse_egn_card("B")
    (Card('QS'), Card('9C'), Card('TH'), Card('JK'))
    >>> parse_egn_card("L", trump=Suit.HEARTS)
    Card('JD')
    >>> parse_egn_card("Zq", field="deals[0].initialState.upCard")
    Traceback (most recent call last):
      ...
    euchre_core.formats.egn_types.EgnError: deals[0].initialState.upCard: not an EGN card: 'Zq' (rank 9 T J Q K A, \
then c d h s, e.g. 'Qs'; 'B' for the Joker)
    """
    if not isinstance(text, str):
        raise EgnError(f"a card is a string such as 'Qs', not {json.dumps(text)}", field)
    t = text.strip()
    card: Card | None = None
    if t in ("B", "b"):
        card = JOKER
    elif t[:1] in ("R", "L") and len(t) <= 2:
        if trump is None:
            raise EgnError(f"{text!r} names a bower, which needs the trump suit (known only after the bidding)", field)
        suit = trump if t[0] == "R" else trump.partner
        card = Card.of(Rank.KNAVE, suit)
        if len(t) == 2 and EGN_SUITS.get(t[1].lower()) != suit:
            raise EgnError(
                f"{text!r}: the {'right' if t[0] == 'R' else 'left'} bower is the knave of "
                f"{suit.word} when {trump.word} are trumps",
                field,
            )
    elif len(t) >= 2:
        rank_txt, suit_txt = t[:-1].upper(), t[-1].lower()
        if "X" in rank_txt or suit_txt == "x":
            raise EgnError(f"{text!r} is an unknown card: a deal with unknown cards cannot be replayed", field)
        if suit_txt in ("t", "n", "g") and rank_txt in _RANKS:
            raise EgnError(f"{text!r} uses a generic suit (t, n, g, h): write the real suit to replay the deal", field)
        if rank_txt in _RANKS and suit_txt in EGN_SUITS:
            card = Card.of(_RANKS[rank_txt], EGN_SUITS[suit_txt])
    if card is None:
        raise EgnError(
            f"not an EGN card: {text!r} (rank 9 T J Q K A, then c d h s, e.g. 'Qs'; 'B' for the Joker)", field
        )
    if pack_size is not None and card not in pack(pack_size):
        why = "metadata.ruleset.joker is not set" if card == JOKER else "metadata.ruleset.min_rank is 9"
        raise EgnError(f"{egn_card(card)} is not in the {pack_size}-card pack ({why})", field)
    return card


def egn_card(card: Card) -> str:
    """A card in EGN's notation: ``Card('TS')`` -> ``"Ts"``; the Joker -> ``"B"``.

    >>> egn_card(Card.parse("TS")), egn_card(JOKER)
    ('Ts', 'B')
    """
    if card == JOKER:
        return "B"
    return str(card)[0] + str(card)[1].lower()


def split_annotation(text: str) -> tuple[str | None, str]:
    """An annotation's label tag (``[??] [?] [?!] [!?] [!] [!!]``) and its commentary.

    >>> split_annotation("[!!]Perfect trump lead."), split_annotation("Dealer had no choice.")
    (('[!!]', 'Perfect trump lead.'), (None, 'Dealer had no choice.'))
    """
    for tag in ANNOTATION_LABELS:
        if text.startswith(tag):
            return tag, text[len(tag) :].lstrip()
    return None, text


# ---------------------------------------------------------------------------------------------- rules
def rules_from_egn(ruleset: Any, field: str = "metadata.ruleset") -> RuleSet:
    """The engine's rule set for an EGN ``ruleset`` profile (``None`` for the defaults).

    Built on :data:`~euchre_core.kernel.rules.MODERN_24`: ``std`` is stick the dealer, ``min_rank`` 7
    the 32-card pack (33 with ``joker``), ``loner_lead``, ``loner_march_score``,
    ``loner_euchred_score`` and ``winning_score``. A lone hand is announced with the call
    (EGN's ``isAlone``); the partner cannot take it from him. Switches the engine cannot play
    (``canadian``, ``defend_alone``, ``farmers``, ``partners_best``, ``go_under``,
    ``allow_no_trump``, ``fast_break``, ``four_trick_tokens``, ``num_players`` other than 4,
    the Joker in a 24-card pack) raise :class:`EgnError` naming the option.

    >>> rules_from_egn({"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER"}) == MODERN_24
    True
    >>> r = rules_from_egn({"min_rank": 7, "joker": True, "loner_lead": "LEFT_OF_LONER", "std": False})
    >>> r.pack_size, r.lone_lead, r.stick_the_dealer
    (33, 'left_of_lone', False)
    >>> rules_from_egn({"canadian": True})
    Traceback (most recent call last):
      ...
    euchre_core.formats.egn_types.EgnError: metadata.ruleset.canadian: the Canadian loner (the dealer's partner who orders \
up must play alone) is not supported by this engine
    """
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, Mapping):
        raise EgnError("the ruleset is a JSON object of switches", field)

    def flag(name: str, default: bool) -> bool:
        v = ruleset.get(name, default)
        if v is None:
            return default
        if not isinstance(v, bool):
            raise EgnError(f"true or false, not {json.dumps(v)}", f"{field}.{name}")
        return v

    def number(name: str, default: int, low: int = 0) -> int:
        v = ruleset.get(name, default)
        if v is None:
            return default
        if isinstance(v, bool) or not isinstance(v, int) or v < low:
            raise EgnError(f"a whole number of at least {low}, not {json.dumps(v)}", f"{field}.{name}")
        return v

    for name, what in UNSUPPORTED_SWITCHES.items():
        if flag(name, False):
            raise EgnError(f"{what} is not supported by this engine", f"{field}.{name}")
    players = number("num_players", 4, 2)
    if players != 4:
        raise EgnError(
            f"{players} players are not supported: EGN replays four-handed euchre only", f"{field}.num_players"
        )
    min_rank = number("min_rank", 9, 2)
    if min_rank not in (7, 9):
        raise EgnError(
            f"the pack runs down to the 9 (24 cards) or the 7 (32 cards), not {min_rank}", f"{field}.min_rank"
        )
    joker = flag("joker", False)
    if joker and min_rank == 9:
        raise EgnError(
            "the Joker with the 24-card pack (25 cards) is not supported: the engine's Joker pack "
            "is the 32-card pack and the Joker (min_rank 7)",
            f"{field}.joker",
        )
    pack_size = 33 if joker else (32 if min_rank == 7 else 24)
    lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if lead is None:
        lead = "LEFT_OF_DEALER"
    if not isinstance(lead, str) or lead not in LONER_LEAD:
        raise EgnError(
            f"{json.dumps(lead)} is not a loner lead (LEFT_OF_DEALER or LEFT_OF_LONER)", f"{field}.loner_lead"
        )
    num_deals = number("num_deals", 0)
    winning = number("winning_score", 0 if num_deals and "winning_score" not in ruleset else 10)
    if winning and num_deals:
        raise EgnError("a game is won at winning_score or ends after num_deals deals, not both", f"{field}.num_deals")
    if not winning and not num_deals:
        raise EgnError("a game needs an end: set winning_score or num_deals", f"{field}.winning_score")
    rules = replace(
        MODERN_24,
        pack_size=pack_size,
        stick_the_dealer=flag("std", True),
        lone_lead=LONER_LEAD[lead],
        alone_march=number("loner_march_score", 4),
        alone_euchred=number("loner_euchred_score", 2),
        game_points=winning or MODERN_24.game_points,
        partner_may_take_alone=False,
        alone_after_making=False,
        dealer_out_discards=False,
    )
    if rules != MODERN_24:
        rules = replace(rules, name="egn", title="EGN rules profile")
    return rules


def egn_ruleset(rules: RuleSet) -> dict[str, Any]:
    """The EGN ``ruleset`` of a rule set; :class:`EgnError` when EGN cannot describe it.

    >>> egn_ruleset(MODERN_24)
    {'std': True, 'canadian': False, 'loner_lead': 'LEFT_OF_DEALER'}
    """
    problems = []
    if rules.players != 4:
        problems.append(f"{rules.players} players")
    if (rules.point, rules.march, rules.euchre, rules.alone_point) != (1, 2, 2, 1):
        problems.append("scores other than 1 point, 2 for a march or a euchre, 1 for a lone hand's point")
    if rules.lone_lead == "lone_player":
        problems.append("the lone player leading")
    if rules.jambone or rules.jamboree:
        problems.append("the jambone and jamboree")
    if problems:
        raise EgnError("EGN cannot describe " + "; ".join(problems), "rules")
    out: dict[str, Any] = {
        "std": rules.stick_the_dealer,
        "canadian": False,
        "loner_lead": "LEFT_OF_LONER" if rules.lone_lead == "left_of_lone" else "LEFT_OF_DEALER",
    }
    if rules.pack_size in (32, 33):
        out["min_rank"] = 7
    if rules.pack_size == 33:
        out["joker"] = True
    if rules.alone_march != 4:
        out["loner_march_score"] = rules.alone_march
    if rules.alone_euchred != 2:
        out["loner_euchred_score"] = rules.alone_euchred
    if rules.game_points != 10:
        out["winning_score"] = rules.game_points
    return out
