"""EGN (Euchre Game Notation): import, replay through the engine, and export.

EGN is a JSON record of euchre games (NextSuit Labs' public specification, v1.0-1.4): the
rules profile (``metadata.ruleset``), and for each deal the dealer, the up-card, the
bidding calls (``"Pass"``, ``"Order"``, a suit letter in the second round, ``isAlone``,
the dealer's ``discard``) and the tricks as the cards hit the table. Who played each
card is deduced, as the specification asks, by replaying the deal: the first lead by the
rules (or ``initialLead``), then the winner of each trick leads the next. Hands that the
file does not list (``player_cards``/``playerCards`` empty or missing) are rebuilt from
the cards each seat played; cards no record shows (a sitting-out partner's hand, an
unrecorded discard, the unplayed cards of an unfinished deal) are filled from the unseen
cards, never in a suit the player has shown out of, and are reported as inferred.

Every deal goes through :class:`~euchre_core.kernel.deal.Deal`, so every call, discard and card
is checked by the same laws as a game played here; a violation raises :class:`EgnError`
naming the deal (counted from 1), the trick (from 1) and the rule with its law, e.g.
``deal 3, trick 2: seat 1 (B) cannot play 9h: You must follow suit: ... (law 62)``.

Seats are EGN's 0-3 clockwise (partners 0-2 and 1-3), which are the engine's seats (the
book's A-D). EGN cards are rank then lower-case suit (``"Ts"``, ``"9c"``, ``"Jh"``;
``"N"`` for a nine, ``"10"`` for a ten, ``"R"``/``"L"`` for the bowers, ``"B"`` for the
Joker); the engine writes ``TS``, ``9C``, ``JH``, ``JK``.

>>> deal = {"dealNumber": 0, "initialState": {"dealer": 3, "upCard": "Jd", "kitty": ["9h", "Qh", "As"]},
...         "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Pass", "Order"],
...                     "isAlone": False, "discard": "9s"},
...                    {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
...                        ["Ac", "Tc", "9c", "Kc"], ["Ah", "Kh", "Th", "Qd"], ["Jd", "9d", "Ad", "Kd"],
...                        ["Jh", "Td", "Ks", "Ts"], ["Qc", "Qs", "Js", "Jc"]]}]}
>>> game = load_egn({"fileType": "Euchre Game Notation", "version": "1.4", "deals": [deal]})
>>> d = game.deals[0]
>>> d.trump, d.maker, d.result.tricks_won, d.result.points
(Suit.DIAMONDS, 3, (1, 4), (0, 1))
>>> replay_json(game)["deals"][0]["tricks"][0]
{'leader': '0', 'cards': [['0', 'AC'], ['1', 'TC'], ['2', '9C'], ['3', 'KC']], 'winner': '0'}
>>> load_egn(export_egn(game)).deals[0].state == d.state
True
>>> bad = json.loads(json.dumps(deal))
>>> tricks = bad["phases"][1]["tricks"]
>>> tricks[1][1], tricks[3][2] = "Ks", "Kh"          # seat 1 keeps the Kh and plays a spade to hearts
>>> load_egn({"deals": [bad]})
Traceback (most recent call last):
  ...
euchre_core.formats.egn.EgnError: deal 1, trick 2: seat 1 (B) cannot play Ks: You must follow suit: hearts were led \
and you hold the king of hearts (law 62)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..kernel import decode
from ..kernel.actions import Action
from ..kernel.cards import JOKER, Card, Rank, Suit, pack
from ..kernel.deal import SEAT_NAMES, Deal, DealResult
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..kernel.play import trick_winner_index
from ..kernel.rules import MODERN_24, RuleSet
from ..kernel.tables import EFFECTIVE_SUIT

__all__ = [
    "EGN_FILE_TYPE",
    "EMN_FILE_TYPE",
    "EgnDeal",
    "EgnError",
    "EgnGame",
    "egn_card",
    "egn_ruleset",
    "export_egn",
    "load_egn",
    "load_emn",
    "parse_egn_card",
    "replay_json",
    "rules_from_egn",
    "split_annotation",
]

EGN_FILE_TYPE = "Euchre Game Notation"
EMN_FILE_TYPE = "Euchre Match Notation"
EGN_VERSION = "1.4"
SEATS = "0123"  # EGN's seat names, in replay_json

BIDDING = "EUCHRE_BIDDING"
PLAY = "TRICK_PLAY"
CALL_ANNOTATION_KEYS = ("callAnnotations", "calls_annotations")  # v1.4, v1.0
PLAY_ANNOTATION_KEYS = ("playAnnotations", "tricks_annotations")
ANNOTATION_LABELS = ("[??]", "[?!]", "[!?]", "[!!]", "[?]", "[!]")  # longer tags first

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
ROUND_ONE_MAKING = ("order", "pickup", "pick up", "orderup", "order up", "alone", "call", "assist", "take")

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
_SUITS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


# ---------------------------------------------------------------------------------------------- errors
class EgnError(InputError):
    """An EGN file that is malformed or records something the laws do not allow.

    The message names where: ``deal N`` (counted from 1 in the file), ``trick T`` (from 1) or
    ``call C`` when the fault is in the play or the bidding, and otherwise the JSON field
    (``deals[2].initialState.upCard``); for a breach of the laws it ends with the engine's
    reason and the law (``laws`` holds their numbers).
    """

    def __init__(
        self,
        message: str,
        field: str | None = None,
        *,
        deal: int | None = None,
        trick: int | None = None,
        call: int | None = None,
        laws: Iterable[int] = (),
    ) -> None:
        laws = tuple(laws)
        if laws and "(law" not in message:
            message += f" (law {laws[0]})" if len(laws) == 1 else " (laws " + ", ".join(map(str, laws)) + ")"
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if call is not None:
            where.append(f"call {call}")
        if trick is not None:
            where.append(f"trick {trick}")
        text = f"{field}: {message}" if field and not where else message
        if where:
            text = ", ".join(where) + ": " + text
        EuchreError.__init__(self, text)
        self.field = field
        self.reason = message
        self.deal = deal
        self.trick = trick
        self.call = call
        self.laws: tuple[int, ...] = laws


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
    euchre_core.formats.egn.EgnError: deals[0].initialState.upCard: not an EGN card: 'Zq' (rank 9 T J Q K A, \
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
        if len(t) == 2 and _SUITS.get(t[1].lower()) != suit:
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
        if rank_txt in _RANKS and suit_txt in _SUITS:
            card = Card.of(_RANKS[rank_txt], _SUITS[suit_txt])
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
    euchre_core.formats.egn.EgnError: metadata.ruleset.canadian: the Canadian loner (the dealer's partner who orders \
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


# ---------------------------------------------------------------------------------------------- results
@dataclass
class EgnDeal:
    """One deal of an EGN file, replayed.

    ``state`` is the engine's state after the last recorded action (``state.result`` once the
    deal is over; an unfinished record stops where the file stops). ``index`` is the deal's
    place in the file (0-based; messages count from 1), ``number`` EGN's ``dealNumber``.
    What the file recorded is kept as recorded (``recorded_hands``, ``kitty``, ``discard``,
    ``initial_lead``); ``inferred`` lists the cards the replay had to supply, by seat
    (``"discard"`` for an unrecorded discard). Annotations are kept under their EGN keys
    (``callAnnotations``, ``playAnnotations``; ``calls_annotations``, ``tricks_annotations``
    in v1.0), ``alternative_lines`` as recorded (not replayed), and any other field in
    ``extra`` so that :func:`export_egn` writes it back.
    """

    index: int
    number: int
    dealer: int
    up_card: Card
    state: Deal
    calls: tuple[str, ...]
    is_alone: bool
    discard: Card | None = None
    kitty: tuple[Card | None, ...] | None = None
    recorded_hands: tuple[tuple[Card, ...] | None, ...] | None = None
    hands_key: str = "playerCards"
    initial_lead: int | None = None
    has_play_phase: bool = False
    inferred: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    annotations: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    alternative_lines: list[Any] | None = None
    extra: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def result(self) -> DealResult | None:
        return self.state.result

    @property
    def trump(self) -> Suit | None:
        return self.state.trump

    @property
    def maker(self) -> int | None:
        return self.state.maker

    @property
    def alone(self) -> int | None:
        return self.state.alone

    @property
    def is_complete(self) -> bool:
        return self.state.is_over

    @property
    def call_annotations(self) -> dict[int, list[str]]:
        """Bidding annotations by index into ``calls`` (whichever EGN key they came under)."""
        return _merge_annotations(self.annotations, CALL_ANNOTATION_KEYS)

    @property
    def play_annotations(self) -> dict[int, list[str]]:
        """Play annotations by index of the card across all tricks."""
        return _merge_annotations(self.annotations, PLAY_ANNOTATION_KEYS)


@dataclass
class EgnGame:
    """An EGN game: its metadata (as recorded), the rules it was replayed under and its deals.

    ``scores`` gives the game score after each deal, from ``metadata.initialScore``.
    """

    metadata: dict[str, Any]
    rules: RuleSet
    deals: list[EgnDeal]
    version: str = EGN_VERSION
    file_type: str | None = EGN_FILE_TYPE
    extra: dict[str, Any] = field(default_factory=dict)
    winning_score: int = 10  # 0: the game is a fixed number of deals
    num_deals: int = 0  # 0: no limit

    @property
    def initial_score(self) -> tuple[int, int]:
        s = self.metadata.get("initialScore") or [0, 0]
        return int(s[0]), int(s[1])

    @property
    def scores(self) -> list[tuple[int, int]]:
        a, b = self.initial_score
        out = []
        for d in self.deals:
            if d.result is not None:
                a, b = a + d.result.points[0], b + d.result.points[1]
            out.append((a, b))
        return out

    @property
    def states(self) -> list[Deal]:
        return [d.state for d in self.deals]


def _merge_annotations(annotations: Mapping[str, Mapping[str, list[str]]], keys: Sequence[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for key in keys:
        for idx, notes in annotations.get(key, {}).items():
            try:
                out.setdefault(int(idx), []).extend(notes)
            except ValueError:
                continue
    return out


# ---------------------------------------------------------------------------------------------- import
def load_egn(source: str | bytes | Mapping[str, Any]) -> EgnGame:
    """Read an EGN game (JSON text or the parsed object) and replay every deal.

    Raises :class:`EgnError` (an :class:`~euchre_core.kernel.errors.InputError`) naming the field
    of malformed input, or the deal, trick and law of a play the laws do not allow.
    """
    data = _json_object(source, "EGN")
    file_type = data.get("fileType")
    if file_type == EMN_FILE_TYPE or "games" in data and "deals" not in data:
        raise EgnError("this is an EMN match file (several games): read it with load_emn", "fileType")
    if file_type is not None and file_type != EGN_FILE_TYPE:
        raise EgnError(f"{json.dumps(file_type)} is not {EGN_FILE_TYPE!r}", "fileType")
    version = data.get("version", EGN_VERSION)
    if not isinstance(version, str):
        raise EgnError(f"the version is a string such as '1.4', not {json.dumps(version)}", "version")
    metadata = data.get("metadata", {})
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, Mapping):
        raise EgnError("the metadata is a JSON object", "metadata")
    _check_metadata(metadata)
    rules = rules_from_egn(metadata.get("ruleset"))
    if "deals" not in data:
        raise EgnError("missing: an EGN game lists its deals", "deals")
    raw_deals = data["deals"]
    if not isinstance(raw_deals, list):
        raise EgnError("the deals are a JSON array", "deals")
    deals = [_replay_deal(raw, i, rules) for i, raw in enumerate(raw_deals)]
    extra = {k: copy.deepcopy(v) for k, v in data.items() if k not in ("fileType", "version", "metadata", "deals")}
    ruleset = metadata.get("ruleset") or {}
    num_deals = ruleset.get("num_deals") or 0
    winning = ruleset.get("winning_score", 0 if num_deals else 10) or 0
    game = EgnGame(dict(copy.deepcopy(metadata)), rules, deals, version, file_type, extra, winning, num_deals)
    _check_game(game)
    return game


def _check_game(game: EgnGame) -> None:
    """What holds across deals: only the last deal may stop unfinished, and no deal is
    played once the game is won (``winning_score``) or its deals are done (``num_deals``)."""
    deals = game.deals
    for d in deals[:-1]:
        if not d.state.is_over:
            played = len(d.state.tricks)
            where = f"after {played} of 5 tricks" if d.state.phase == "play" else "in the bidding"
            raise EgnError(
                f"the deal stops {where}, but more deals follow (only the last deal of a record may be unfinished)",
                deal=d.index + 1,
            )
    if game.num_deals and len(deals) > game.num_deals:
        raise EgnError(
            f"the game is over: it has {game.num_deals} deals (metadata.ruleset.num_deals)", deal=game.num_deals + 1
        )
    if game.winning_score:
        score = game.initial_score
        for i, d in enumerate(deals):
            if max(score) >= game.winning_score:
                team = "0-2" if score[0] >= game.winning_score else "1-3"
                when = f"after deal {i}" if i else "before the first deal (metadata.initialScore)"
                raise EgnError(
                    f"the game is already over: team {team} reached {max(score)} points {when} "
                    f"(winning_score {game.winning_score}), yet this deal is recorded",
                    deal=i + 1,
                )
            if d.result is not None:
                score = (score[0] + d.result.points[0], score[1] + d.result.points[1])


def load_emn(source: str | bytes | Mapping[str, Any]) -> list[EgnGame]:
    """Read an EMN match file (``games[i].gameData`` are EGN games) and replay each game.
    Errors name the game (``games[2]: deal 4, trick 1: ...``)."""
    data = _json_object(source, "EMN")
    file_type = data.get("fileType")
    if file_type is not None and file_type != EMN_FILE_TYPE:
        raise EgnError(f"{json.dumps(file_type)} is not {EMN_FILE_TYPE!r}", "fileType")
    games = data.get("games")
    if not isinstance(games, list):
        raise EgnError("missing or not a JSON array: an EMN match lists its games", "games")
    out = []
    for i, g in enumerate(games):
        if not isinstance(g, Mapping) or not isinstance(g.get("gameData"), Mapping):
            raise EgnError("each game holds its EGN record in gameData", f"games[{i}].gameData")
        try:
            out.append(load_egn(g["gameData"]))
        except EgnError as e:
            err = EgnError(f"games[{i}]: {e}", None)
            err.field, err.deal, err.trick, err.laws = e.field, e.deal, e.trick, e.laws
            raise err from None
    return out


def _json_object(source: str | bytes | Mapping[str, Any], what: str) -> Mapping[str, Any]:
    if isinstance(source, (bytes, bytearray)):
        try:
            source = source.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise EgnError(f"not UTF-8 text: {e.reason} at byte {e.start}", "file") from None
    if isinstance(source, str):
        if source.startswith("\ufeff"):
            source = source[1:]
        try:
            source = decode.loads(source, "file")
        except InputError as e:
            raise EgnError(e.args[0].split(": ", 1)[1], e.field) from None
    if not isinstance(source, Mapping):
        raise EgnError(f"an {what} file is a JSON object, not {type(source).__name__}", "file")
    try:  # the limits of the boundary (size, depth, strings), for a parsed object too
        decode.check_tree(dict(source), "file", top=True)
    except InputError as e:
        raise EgnError(e.args[0].split(": ", 1)[1], e.field) from None
    return source


def _check_metadata(metadata: Mapping[str, Any]) -> None:
    score = metadata.get("initialScore")
    if score is not None and (
        not isinstance(score, list)
        or len(score) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) for x in score)
    ):
        raise EgnError(f"two whole numbers (team 0-2, team 1-3), not {json.dumps(score)}", "metadata.initialScore")
    players = metadata.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != 4):
        raise EgnError("four players, seats 0 to 3", "metadata.players")


def _seat_label(seat: int) -> str:
    return f"seat {seat} ({SEAT_NAMES[seat]})"


def _int_field(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EgnError(f"a whole number from {low} to {high}, not {json.dumps(value)}", where)
    return value


class _Replay:
    """The replay of one EGN deal: parse, deduce the seats, rebuild the hands, apply."""

    def __init__(self, raw: Any, index: int, rules: RuleSet) -> None:
        self.raw = raw
        self.index = index
        self.label = index + 1
        self.rules = rules
        self.path = f"deals[{index}]"

    # -- errors
    def fail(
        self,
        message: str,
        *,
        trick: int | None = None,
        call: int | None = None,
        laws: Iterable[int] = (),
        field: str | None = None,
    ) -> EgnError:
        err = EgnError(message, None, deal=self.label, trick=trick, call=call, laws=laws)
        err.field = field
        return err

    # -- parse
    def run(self) -> EgnDeal:
        raw = self.raw
        path = self.path
        if not isinstance(raw, Mapping):
            raise EgnError("a deal is a JSON object", path)
        number = raw.get("dealNumber", self.index)
        if isinstance(number, bool) or not isinstance(number, int):
            raise EgnError(f"a whole number, not {json.dumps(number)}", f"{path}.dealNumber")
        init = raw.get("initialState")
        if not isinstance(init, Mapping):
            raise EgnError("missing or not a JSON object: the dealer and the up-card", f"{path}.initialState")
        ipath = f"{path}.initialState"
        if "dealer" not in init:
            raise EgnError("missing: the dealer's seat, 0 to 3", f"{ipath}.dealer")
        dealer = _int_field(init["dealer"], f"{ipath}.dealer", 0, 3)
        if "upCard" not in init:
            raise EgnError("missing: the card turned up", f"{ipath}.upCard")
        up = parse_egn_card(init["upCard"], f"{ipath}.upCard", pack_size=self.rules.pack_size)
        if up == JOKER:
            raise EgnError(
                "the Joker turned up is not supported: EGN does not say which suit it makes", f"{ipath}.upCard"
            )
        phases = raw.get("phases", [])
        if not isinstance(phases, list):
            raise EgnError("the phases are a JSON array", f"{path}.phases")
        bid: Mapping[str, Any] | None = None
        play: Mapping[str, Any] | None = None
        bid_path = play_path = ""
        for j, ph in enumerate(phases):
            ppath = f"{path}.phases[{j}]"
            if not isinstance(ph, Mapping):
                raise EgnError("a phase is a JSON object", ppath)
            kind = ph.get("type")
            if kind == BIDDING and bid is None and play is None:
                bid, bid_path = ph, ppath
            elif kind == PLAY and play is None and bid is not None:
                play, play_path = ph, ppath
            elif kind in (BIDDING, PLAY):
                raise EgnError(f"one {BIDDING} phase, then one {PLAY} phase", f"{ppath}.type")
            else:
                raise EgnError(f"unknown phase type {json.dumps(kind)} (use {BIDDING} or {PLAY})", f"{ppath}.type")

        # -- the bidding (hand-independent): find the trump, the maker, the lone hand, the first leader
        calls: list[str] = []
        is_alone = False
        discard: Card | None = None
        actions: list[Action] = []
        if bid is not None:
            calls_raw = bid.get("calls", [])
            if not isinstance(calls_raw, list):
                raise EgnError("the calls are a JSON array of strings", f"{bid_path}.calls")
            is_alone = bid.get("isAlone", False)
            if is_alone is None:
                is_alone = False
            if not isinstance(is_alone, bool):
                raise EgnError(f"true or false, not {json.dumps(is_alone)}", f"{bid_path}.isAlone")
            defender = bid.get("aloneDefender")
            if defender not in (None, -1):
                raise EgnError(
                    "defending alone is not supported by this engine (ruleset.defend_alone)",
                    f"{bid_path}.aloneDefender",
                )
            if bid.get("cardExchanges"):
                raise EgnError(
                    "card exchanges (partner's best, going under, farmer's hand) are not supported by this engine",
                    f"{bid_path}.cardExchanges",
                )
            calls = list(calls_raw)
            actions = [
                self.call_action(c, k, dealer, up, is_alone, f"{bid_path}.calls[{k}]") for k, c in enumerate(calls)
            ]
        dummy = self.bid_on_dummy(actions, dealer, up, calls)
        if is_alone and dummy.maker is None:
            raise self.fail("isAlone is set but no one made the trump", field=f"{bid_path}.isAlone")
        trump = dummy.trump
        takes_up = dummy.phase == "discard"
        if bid is not None and bid.get("discard") not in (None, ""):
            discard = parse_egn_card(bid["discard"], f"{bid_path}.discard", trump, self.rules.pack_size)
            if takes_up and discard == up:
                raise self.fail(
                    f"the dealer ({_seat_label(dealer)}) cannot discard {egn_card(up)}: the trump card "
                    "cannot be discarded",
                    laws=(88,),
                    field=f"{bid_path}.discard",
                )
            if not takes_up:
                why = (
                    "no one made the trump"
                    if trump is None
                    else "the trump was named in the second round"
                    if dummy.how == "make"
                    else f"the dealer sits out (seat {dummy.alone} plays alone)"
                )
                raise self.fail(
                    f"a discard ({egn_card(discard)}) is recorded but the dealer does not take up the turn-up: {why}",
                    field=f"{bid_path}.discard",
                )
        if takes_up:
            dummy = dummy.apply(dummy.legal_actions()[0])

        # -- the kitty and the recorded hands
        kitty: list[Card | None] | None = None
        if "kitty" in init and init["kitty"] is not None:
            if not isinstance(init["kitty"], list):
                raise EgnError("the kitty is a JSON array of cards", f"{ipath}.kitty")
            kitty = [
                None if c in ("", None) else parse_egn_card(c, f"{ipath}.kitty[{k}]", trump, self.rules.pack_size)
                for k, c in enumerate(init["kitty"])
            ]
        hands_key = "player_cards" if "player_cards" in init else "playerCards"
        recorded: list[list[Card] | None] | None = None
        if init.get(hands_key) is not None:
            hk = init[hands_key]
            if not isinstance(hk, list) or len(hk) != 4 or not all(isinstance(h, list) for h in hk):
                raise EgnError("four hands (arrays of cards, empty when unknown), seats 0 to 3", f"{ipath}.{hands_key}")
            recorded = []
            for s, h in enumerate(hk):
                if not h:
                    recorded.append(None)
                    continue
                cards = [
                    parse_egn_card(c, f"{ipath}.{hands_key}[{s}][{k}]", trump, self.rules.pack_size)
                    for k, c in enumerate(h)
                ]
                if len(cards) != 5:
                    raise EgnError(
                        f"seat {s} is dealt {len(cards)} cards, not five (Laws 42, 90)", f"{ipath}.{hands_key}[{s}]"
                    )
                recorded.append(cards)

        # -- the play: who played each card (the winner of each trick leads the next)
        tricks_raw: list[Any] = []
        initial_lead: int | None = None
        if play is not None:
            tricks_raw = play.get("tricks", [])
            if tricks_raw is None:
                tricks_raw = []
            if not isinstance(tricks_raw, list) or not all(isinstance(t, list) for t in tricks_raw):
                raise EgnError("the tricks are a JSON array of arrays of cards", f"{play_path}.tricks")
            if play.get("initialLead") is not None:
                initial_lead = _int_field(play["initialLead"], f"{play_path}.initialLead", 0, 3)
        if tricks_raw and dummy.phase != "play":
            why = "the deal was passed out" if dummy.phase == "done" else "the bidding is unfinished (no trump made)"
            raise self.fail(f"tricks are recorded but {why}", field=f"{play_path}.tricks")
        tricks: list[list[tuple[int, Card]]] = []
        if dummy.phase == "play":
            if initial_lead is not None and initial_lead != dummy.actor:
                raise self.fail(
                    f"initialLead is seat {initial_lead}, but {_seat_label(dummy.actor)} leads the first trick: "
                    f"{self.why_leads(dummy)}",
                    trick=1,
                    laws=(52,),
                    field=f"{play_path}.initialLead",
                )
            tricks = self.assign_seats(tricks_raw, dummy, trump, play_path)

        # -- rebuild the hands as dealt, then replay through the engine
        hands, inferred, discard_used = self.rebuild_hands(
            dealer, up, takes_up, discard, kitty, recorded, tricks, dummy, trump
        )
        try:
            state = Deal.start(hands, up, dealer, self.rules, stock=[c for c in kitty or () if c is not None])
        except EuchreError as e:
            raise self.fail(f"the hands cannot be dealt: {e}") from None
        for k, act in enumerate(actions):
            state = self.apply(state, act, call=k + 1)
        if state.phase == "discard":
            assert discard_used is not None
            try:
                state = state.apply(Action.discard_card(discard_used))
            except IllegalAction as e:
                if discard is None:
                    raise self.fail(
                        f"the dealer ({_seat_label(dealer)}) took up {egn_card(up)} and never played "
                        f"it, so he discarded it: {e}",
                        laws=e.laws,
                    ) from None
                raise self.fail(
                    f"the dealer ({_seat_label(dealer)}) cannot discard {egn_card(discard_used)}: {e}",
                    laws=e.laws,
                    field=f"{bid_path}.discard",
                ) from None
        for t, trick in enumerate(tricks):
            for seat, card in trick:
                if state.actor != seat:  # pragma: no cover - the seats were deduced by the same rules
                    raise self.fail(f"{_seat_label(state.actor)} is to play, not seat {seat}", trick=t + 1)
                try:
                    state = state.apply(Action.play(card))
                except IllegalAction as e:
                    raise self.fail(
                        f"{_seat_label(seat)} cannot play {egn_card(card)}: {e}", trick=t + 1, laws=e.laws
                    ) from None

        annotations: dict[str, dict[str, list[str]]] = {}
        extra: dict[str, dict[str, Any]] = {
            "deal": {
                k: copy.deepcopy(v)
                for k, v in raw.items()
                if k not in ("dealNumber", "initialState", "phases", "alternativeLines")
            },
            "initialState": {
                k: copy.deepcopy(v)
                for k, v in init.items()
                if k not in ("dealer", "upCard", "kitty", "player_cards", "playerCards")
            },
        }
        for ph, keys, name, base in (
            (bid, CALL_ANNOTATION_KEYS, "bidding", ("calls", "isAlone", "discard")),
            (play, PLAY_ANNOTATION_KEYS, "play", ("tricks", "initialLead")),
        ):
            if ph is None:
                continue
            for key in keys:
                if key in ph and ph[key] is not None:
                    annotations[key] = _check_annotations(ph[key], f"{bid_path if ph is bid else play_path}.{key}")
            extra[name] = {k: copy.deepcopy(v) for k, v in ph.items() if k not in base + keys}
        alt = raw.get("alternativeLines")
        if alt is not None and not isinstance(alt, list):
            raise EgnError("the alternative lines are a JSON array", f"{path}.alternativeLines")
        return EgnDeal(
            index=self.index,
            number=number,
            dealer=dealer,
            up_card=up,
            state=state,
            calls=tuple(calls),
            is_alone=is_alone,
            discard=discard,
            kitty=tuple(kitty) if kitty is not None else None,
            recorded_hands=tuple(tuple(h) if h else None for h in recorded) if recorded is not None else None,
            hands_key=hands_key,
            initial_lead=initial_lead,
            has_play_phase=play is not None,
            inferred=inferred,
            annotations=annotations,
            alternative_lines=copy.deepcopy(alt),
            extra=extra,
        )

    def call_action(self, call: Any, k: int, dealer: int, up: Card, is_alone: bool, where: str) -> Action:
        """EGN's call number ``k`` as an engine action (round one: calls 1-4, round two: 5-8)."""
        if not isinstance(call, str):
            raise EgnError(f"a call is a string ('Pass', 'Order' or a suit letter), not {json.dumps(call)}", where)
        word = call.strip().lower()
        alone = 1 if is_alone else 0
        if word == "pass":
            return Action("pass")
        if k < 4:
            if word in ROUND_ONE_MAKING:
                return Action("order", alone=1 if word == "alone" else alone)
            if word in _SUITS or word in ("n", "x"):
                up_suit = up.suit
                assert up_suit is not None
                if _SUITS.get(word) == up_suit:
                    return Action("order", alone=alone)
                raise self.fail(
                    f"{_seat_label((dealer + 1 + k) % 4)} cannot call {call!r} in the first round: "
                    "only the suit turned up can be made there (order it up, or pass)",
                    call=k + 1,
                    laws=(74, 77),
                    field=where,
                )
        else:
            if word == "n":
                raise EgnError("a no-trump bid is not supported by this engine (ruleset.allow_no_trump)", where)
            if word == "x":
                raise EgnError("an unknown call cannot be replayed", where)
            if word in _SUITS:
                suit = _SUITS[word]
                if suit == up.suit:
                    raise self.fail(
                        f"{_seat_label((dealer + 1 + k) % 4)} cannot name {suit.word}, the suit turned "
                        "down: naming it is a pass",
                        call=k + 1,
                        laws=(78,),
                        field=where,
                    )
                return Action("call", suit=suit, alone=alone)
            if word in ROUND_ONE_MAKING:
                raise self.fail(
                    f"{_seat_label((dealer + 1 + k) % 4)} cannot order up in the second round: the "
                    "turn-up has been turned down; name a suit or pass",
                    call=k + 1,
                    laws=(77,),
                    field=where,
                )
        raise EgnError(
            f"not an EGN call: {call!r} ('Pass', 'Order' in the first round, a suit letter c d h s in the second)",
            where,
        )

    def bid_on_dummy(self, actions: Sequence[Action], dealer: int, up: Card, calls: Sequence[str]) -> Deal:
        """Apply the bidding to a stand-in deal (the bidding does not depend on the hands)."""
        rest = [c for c in pack(self.rules.pack_size) if c != up]
        st = Deal.start([rest[5 * i : 5 * i + 5] for i in range(4)], up, dealer, self.rules)
        for k, act in enumerate(actions):
            if st.phase not in ("bid1", "bid2"):
                if st.phase == "done":
                    raise self.fail(
                        "the deal was already passed out: all passed twice (law 77)", call=k + 1, laws=(77,)
                    )
                maker = st.maker
                assert maker is not None
                raise self.fail(
                    f"the trump was already made by {_seat_label(maker)}; no more calls (got {calls[k]!r})", call=k + 1
                )
            st = self.apply(st, act, call=k + 1)
        return st

    def apply(self, state: Deal, action: Action, call: int) -> Deal:
        try:
            return state.apply(action)
        except IllegalAction as e:
            raise self.fail(
                f"{_seat_label(state.actor)} cannot {_describe_call(action)}: {e}", call=call, laws=e.laws
            ) from None

    def why_leads(self, st: Deal) -> str:
        if st.alone is None:
            return "the eldest hand, on the dealer's left, leads"
        if self.rules.lone_lead == "left_of_lone":
            return "the player on the lone hand's left leads (ruleset.loner_lead LEFT_OF_LONER)"
        if st.out >> st.eldest & 1:
            return "the eldest hand sits out (his partner plays alone), so the next player leads"
        return "the eldest hand, on the dealer's left, leads (ruleset.loner_lead LEFT_OF_DEALER)"

    def assign_seats(
        self, tricks_raw: Sequence[Any], dummy: Deal, trump: Suit | None, play_path: str
    ) -> list[list[tuple[int, Card]]]:
        assert trump is not None
        active = dummy.active_seats()
        leader = dummy.actor
        out: list[list[tuple[int, Card]]] = []
        for t, raw_trick in enumerate(tricks_raw):
            tpath = f"{play_path}.tricks[{t}]"
            if t >= 5:
                raise self.fail(f"a deal has five tricks; {len(tricks_raw)} are recorded", trick=t + 1, field=tpath)
            if not raw_trick:
                raise self.fail("an empty trick", trick=t + 1, field=tpath)
            if len(raw_trick) > len(active):
                lone = f" ({_seat_label(dummy.alone)} plays alone)" if dummy.alone is not None else ""
                raise self.fail(
                    f"{len(raw_trick)} cards are recorded but {len(active)} players play{lone}",
                    trick=t + 1,
                    laws=(101,) if lone else (),
                    field=tpath,
                )
            if len(raw_trick) < len(active) and t < len(tricks_raw) - 1:
                raise self.fail(
                    f"only {len(raw_trick)} cards are recorded for this trick, and more tricks follow",
                    trick=t + 1,
                    field=tpath,
                )
            i = active.index(leader)
            seats = [active[(i + j) % len(active)] for j in range(len(raw_trick))]
            cards = [parse_egn_card(c, f"{tpath}[{j}]", trump, self.rules.pack_size) for j, c in enumerate(raw_trick)]
            out.append(list(zip(seats, cards, strict=True)))
            if len(cards) == len(active):
                leader = seats[trick_winner_index(trump, cards)]
        return out

    def rebuild_hands(
        self,
        dealer: int,
        up: Card,
        takes_up: bool,
        discard: Card | None,
        kitty: Sequence[Card | None] | None,
        recorded: Sequence[Sequence[Card] | None] | None,
        tricks: Sequence[Sequence[tuple[int, Card]]],
        dummy: Deal,
        trump: Suit | None,
    ) -> tuple[list[list[Card]], dict[str, tuple[Card, ...]], Card | None]:
        """The hands as dealt: the recorded hands, else the cards each seat played, the dealer's
        discard put back and the turn-up taken out; the cards no record shows are filled in from
        the unseen cards (never of a suit the player has shown out of)."""
        where: dict[Card, str] = {}

        def place(card: Card, what: str) -> None:
            if card in where:
                raise self.fail(f"{egn_card(card)} is both {where[card]} and {what}: the pack is imperfect", laws=(33,))
            where[card] = what

        place(up, "the turn-up")
        for c in kitty or ():
            if c is not None:
                place(c, "in the kitty")
        if discard is not None and discard != up:
            place(discard, "the dealer's discard")
        rec = list(recorded) if recorded is not None else [None] * 4
        for s, h in enumerate(rec):
            for c in h or ():
                if not (s == dealer and c == discard):
                    place(c, f"in seat {s}'s recorded hand")
        played: list[list[Card]] = [[] for _ in range(4)]
        played_at: dict[Card, tuple[int, int]] = {}
        voids: list[set[int]] = [set() for _ in range(4)]
        for t, trick in enumerate(tricks):
            led = EFFECTIVE_SUIT[trump][trick[0][1]] if trump is not None else None
            for seat, card in trick:
                if card in played_at:
                    pt, ps = played_at[card]
                    raise self.fail(
                        f"{_seat_label(seat)} cannot play {egn_card(card)}: it was played in trick "
                        f"{pt} by seat {ps}: the pack is imperfect",
                        trick=t + 1,
                        laws=(33,),
                    )
                owner = where.get(card)
                if card == up:
                    if not takes_up:
                        raise self.fail(
                            f"{_seat_label(seat)} cannot play {egn_card(card)}: it is the turn-up, "
                            "turned down and out of play",
                            trick=t + 1,
                            laws=(77,),
                        )
                    if seat != dealer:
                        raise self.fail(
                            f"{_seat_label(seat)} cannot play {egn_card(card)}: it is the turn-up, "
                            f"which the dealer ({_seat_label(dealer)}) took into his hand",
                            trick=t + 1,
                            laws=(86,),
                        )
                elif owner is not None and owner != f"in seat {seat}'s recorded hand":
                    raise self.fail(
                        f"{_seat_label(seat)} cannot play {egn_card(card)}: it is {owner}",
                        trick=t + 1,
                        laws=(86,) if owner == "the dealer's discard" else (),
                    )
                played_at[card] = (t + 1, seat)
                played[seat].append(card)
                if led is not None and trump is not None and EFFECTIVE_SUIT[trump][card] != led:
                    voids[seat].add(led)

        # the cards each seat is known to have been dealt, and the slots to fill
        dealt: list[list[Card]] = [[] for _ in range(4)]
        inferred: dict[str, list[Card]] = {}
        slots: list[tuple[str, int, frozenset[int]]] = []  # (what, seat, suits it may not be)
        discard_used = discard
        active = set(dummy.active_seats()) if dummy.phase == "play" else set(range(4))
        for s in range(4):
            h = rec[s]
            if h is not None:
                dealt[s] = list(h)
                if s == dealer and takes_up and discard is None:
                    # an unrecorded discard from a recorded hand: a card he held and never played
                    spare = sorted(
                        (c for c in h if c not in played[s]),
                        key=lambda c: trump is None or EFFECTIVE_SUIT[trump][c] not in voids[s],
                    )
                    discard_used = spare[0] if spare and (up in played[s] or len(played[s]) < 5) else up
                    inferred["discard"] = [discard_used]
                continue
            never: frozenset[int] = frozenset(voids[s]) if s in active else frozenset()
            mine = played[s]
            if s == dealer and takes_up:
                if discard is None and up not in mine and len(mine) == 5:
                    discard_used = up  # he never played the turn-up: he must have discarded it
                if discard_used == up:
                    dealt[s] = list(mine)
                    slots += [("hand", s, never)] * (5 - len(mine))
                    continue
                held = [c for c in mine if c != up]
                if discard_used is not None:
                    held.append(discard_used)
                if len(held) > 5:
                    raise self.fail(
                        f"the dealer ({_seat_label(s)}) took up {egn_card(up)}, discarded "
                        f"{egn_card(discard_used or up)} and played five other cards",
                        laws=(86,),
                    )
                dealt[s] = held
                if discard_used is None:
                    slots.append(("discard", s, frozenset()))
                slots += [("hand", s, never)] * (5 - len(held) - (discard_used is None))
                continue
            dealt[s] = list(mine)
            slots += [("hand", s, never)] * (5 - len(mine))
        known = set(where) | set(played_at)
        unseen = [c for c in pack(self.rules.pack_size) if c not in known]
        fill = _assign(slots, unseen, trump)
        if fill is None:
            raise self.fail(
                "no distribution of the unseen cards agrees with the play: a player who showed out of "
                "a suit must have held it (a revoke)",
                laws=(62,),
            )
        for (what, s, _), card in zip(slots, fill, strict=True):
            dealt[s].append(card)
            if what == "discard":
                discard_used = card
                inferred["discard"] = [card]
            else:
                inferred.setdefault(str(s), []).append(card)
        return dealt, {k: tuple(v) for k, v in inferred.items()}, discard_used


def _assign(
    slots: Sequence[tuple[str, int, frozenset[int]]], cards: Sequence[Card], trump: Suit | None
) -> list[Card] | None:
    """A card for each slot, none of a suit the slot forbids (effective suits under ``trump``):
    a bipartite matching (augmenting paths), lowest cards first so the result is reproducible."""

    def ok(slot: int, card: Card) -> bool:
        never = slots[slot][2]
        return not never or trump is None or EFFECTIVE_SUIT[trump][card] not in never

    owner: dict[int, int] = {}  # card index -> slot

    def augment(slot: int, seen: set[int]) -> bool:
        for ci, card in enumerate(cards):
            if ci in seen or not ok(slot, card):
                continue
            seen.add(ci)
            if ci not in owner or augment(owner[ci], seen):
                owner[ci] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not augment(slot, set()):
            return None
    by_slot = {slot: cards[ci] for ci, slot in owner.items()}
    return [by_slot[i] for i in range(len(slots))]


def _check_annotations(value: Any, where: str) -> dict[str, list[str]]:
    if not isinstance(value, Mapping):
        raise EgnError("annotations are a JSON object from an index to a list of strings", where)
    out: dict[str, list[str]] = {}
    for k, notes in value.items():
        if isinstance(notes, str):
            notes = [notes]
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
            raise EgnError("a list of strings", f"{where}.{k}")
        out[str(k)] = list(notes)
    return out


def _describe_call(action: Action) -> str:
    if action.kind == "pass":
        return "pass"
    alone = " alone" if action.alone else ""
    if action.kind == "order":
        return "order up" + alone
    if action.kind == "call" and action.suit is not None:
        return f"name {action.suit.word}" + alone
    return str(action)


def _replay_deal(raw: Any, index: int, rules: RuleSet) -> EgnDeal:
    return _Replay(raw, index, rules).run()


# ---------------------------------------------------------------------------------------------- export
def export_egn(
    game_or_deals: EgnGame | Deal | Sequence[Deal] | Sequence[EgnDeal],
    metadata: Mapping[str, Any] | None = None,
    *,
    with_hands: bool = False,
    keep_extra: bool = True,
) -> dict[str, Any]:
    """Write EGN (a JSON-ready dict) for an imported game, or for deals played with the engine.

    For an :class:`EgnGame` the export records what the file recorded (hands, kitty, discard,
    ``initialLead``), with its metadata, annotations, alternative lines and other fields
    (``keep_extra``); the calls and tricks are written from the replayed states, so
    re-importing the export gives the same deals. For engine :class:`Deal` states the hands as
    dealt, the kitty (the stock), the calls, the discard and the tricks are written, and the
    rules become the ``ruleset`` (:class:`EgnError` when EGN cannot record the rules or an
    action, e.g. a partner taking it alone). ``with_hands`` adds ``playerCards`` for every seat
    whose whole hand is known (recorded or seen in the play).
    """
    if isinstance(game_or_deals, EgnGame):
        game = game_or_deals
        meta = copy.deepcopy(dict(metadata if metadata is not None else game.metadata))
        if "ruleset" not in meta and game.rules != MODERN_24:
            meta["ruleset"] = egn_ruleset(game.rules)
        out: dict[str, Any] = {"fileType": game.file_type or EGN_FILE_TYPE, "version": game.version, "metadata": meta}
        out["deals"] = [_export_deal(d, with_hands=with_hands, keep_extra=keep_extra) for d in game.deals]
        if keep_extra:
            out.update(copy.deepcopy(game.extra))
        return out
    items: list[Any] = [game_or_deals] if isinstance(game_or_deals, (Deal, EgnDeal)) else list(game_or_deals)
    if not items:
        raise EgnError("nothing to export: no deals", "deals")
    if all(isinstance(d, EgnDeal) for d in items):
        rules = items[0].state.rules
        meta = copy.deepcopy(dict(metadata)) if metadata is not None else {}
        meta.setdefault("ruleset", egn_ruleset(rules))
        return {
            "fileType": EGN_FILE_TYPE,
            "version": EGN_VERSION,
            "metadata": meta,
            "deals": [_export_deal(d, with_hands=with_hands, keep_extra=keep_extra) for d in items],
        }
    if not all(isinstance(d, Deal) for d in items):
        raise EgnError("export an EgnGame, or engine Deal states", "deals")
    rules = items[0].rules
    for i, d in enumerate(items):
        if d.rules != rules:
            raise EgnError("all deals of a game are played under the same rules", f"deals[{i}]")
    meta = copy.deepcopy(dict(metadata)) if metadata is not None else {}
    meta.setdefault("title", "Euchre game")
    meta.setdefault("players", ["Player0", "Player1", "Player2", "Player3"])
    meta.setdefault("initialScore", [0, 0])
    meta["ruleset"] = egn_ruleset(rules)
    return {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": meta,
        "deals": [_export_engine_deal(d, i) for i, d in enumerate(items)],
    }


def _phases(state: Deal, deal_label: int) -> tuple[list[str], bool, Card | None, list[list[str]]]:
    """Calls, isAlone, discard and tricks of an engine state, in EGN's notation."""
    calls: list[str] = []
    is_alone = False
    discard: Card | None = None
    for seat, act in state.log:
        k = act.kind
        if k == "pass":
            calls.append("Pass")
        elif k == "order":
            calls.append("Order")
            is_alone = is_alone or bool(act.alone)
        elif k == "call" and act.suit is not None:
            calls.append(act.suit.letter.lower())
            is_alone = is_alone or bool(act.alone)
        elif k == "alone":
            is_alone = True
        elif k == "discard":
            discard = act.card
        elif k not in ("play", "stay"):
            raise EgnError(
                f"EGN cannot record {SEAT_NAMES[seat]}'s {str(act)!r}: "
                + ("only the maker may play alone" if k == "take" else "not an EGN action"),
                f"deals[{deal_label}]",
            )
        if act.alone > 1:
            raise EgnError("EGN cannot record a jambone", f"deals[{deal_label}]")
    if state.alone is not None and state.out >> state.dealer & 1:
        discard = None  # EGN: a dealer who sits out (his partner alone) takes nothing up
    tricks = [[egn_card(c) for _, c in t.cards] for t in state.tricks]
    if state.trick:
        tricks.append([egn_card(c) for _, c in state.trick])
    return calls, is_alone, discard, tricks


def _export_engine_deal(state: Deal, i: int) -> dict[str, Any]:
    if state.n != 4:
        raise EgnError("EGN records four-handed deals only", f"deals[{i}]")
    if state.maker is not None and not any(a.kind in ("order", "call") for _, a in state.log):
        raise EgnError("a position without its bidding cannot be written as EGN", f"deals[{i}]")
    calls, is_alone, discard, tricks = _phases(state, i)
    init: dict[str, Any] = {"dealer": state.dealer, "upCard": egn_card(state.turn_up)}
    if state.stock:
        init["kitty"] = [egn_card(c) for c in state.stock]
    init["playerCards"] = [[egn_card(c) for c in _cards(state.dealt[s])] for s in range(4)]
    bid: dict[str, Any] = {"phaseNumber": 0, "type": BIDDING, "calls": calls, "isAlone": is_alone}
    if discard is not None:
        bid["discard"] = egn_card(discard)
    phases: list[dict[str, Any]] = [bid]
    if state.phase in ("play", "done") and state.maker is not None:
        phases.append({"phaseNumber": 1, "type": PLAY, "initialLead": _first_leader(state), "tricks": tricks})
    return {"dealNumber": i, "initialState": init, "phases": phases}


def _first_leader(state: Deal) -> int:
    if state.tricks:
        return state.tricks[0].leader
    if state.trick:
        return state.trick[0][0]
    return state.actor


def _cards(mask: int) -> list[Card]:
    return [Card(i) for i in range(33) if mask >> i & 1]


def _export_deal(d: EgnDeal, *, with_hands: bool, keep_extra: bool) -> dict[str, Any]:
    st = d.state
    calls, is_alone, _, tricks = _phases(st, d.index)
    extra = d.extra if keep_extra else {}
    init: dict[str, Any] = {"dealer": d.dealer, "upCard": egn_card(d.up_card)}
    if d.kitty is not None:
        init["kitty"] = [egn_card(c) if c is not None else "" for c in d.kitty]
    hands: list[list[str]] | None = None
    if d.recorded_hands is not None:
        hands = [[egn_card(c) for c in h] if h else [] for h in d.recorded_hands]
    if with_hands:
        hands = hands or [[] for _ in range(4)]
        for s in range(4):
            if not hands[s] and str(s) not in d.inferred and not (s == d.dealer and "discard" in d.inferred):
                hands[s] = [egn_card(c) for c in _cards(st.dealt[s])]
    if hands is not None:
        init[d.hands_key] = hands
    init.update(copy.deepcopy(extra.get("initialState", {})))
    phase_no = 0
    bid: dict[str, Any] = {"phaseNumber": phase_no, "type": BIDDING, "calls": calls, "isAlone": is_alone}
    if d.discard is not None:
        bid["discard"] = egn_card(d.discard)
    elif with_hands and "discard" not in d.inferred and st.discarded is not None:
        bid["discard"] = egn_card(st.discarded)
    for key in CALL_ANNOTATION_KEYS:
        if key in d.annotations:
            bid[key] = copy.deepcopy(d.annotations[key])
    bid.update(copy.deepcopy(extra.get("bidding", {})))
    phases = [bid]
    if d.has_play_phase or tricks:
        play: dict[str, Any] = {"phaseNumber": phase_no + 1, "type": PLAY}
        if d.initial_lead is not None:
            play["initialLead"] = d.initial_lead
        play["tricks"] = tricks
        for key in PLAY_ANNOTATION_KEYS:
            if key in d.annotations:
                play[key] = copy.deepcopy(d.annotations[key])
        play.update(copy.deepcopy(extra.get("play", {})))
        phases.append(play)
    out: dict[str, Any] = {"dealNumber": d.number, "initialState": init, "phases": phases}
    if keep_extra and d.alternative_lines is not None:
        out["alternativeLines"] = copy.deepcopy(d.alternative_lines)
    out.update(copy.deepcopy(extra.get("deal", {})))
    return out


# ---------------------------------------------------------------------------------------------- replay JSON
def replay_json(game: EgnGame | Sequence[Deal] | Sequence[EgnDeal]) -> dict[str, Any]:
    """The ``replay FILE --json`` form: for each deal the tricks (leader, cards in order,
    winner), the makers, the lone seat, tricks won and points by side. Seats are EGN's
    ``"0"``-``"3"``, sides ``"02"``/``"13"``, cards the engine's short notation (``"QS"``).
    ``points`` is ``null`` for an unfinished deal; ``makers`` ``null`` for a deal passed out."""
    items: Sequence[Deal | EgnDeal] = game.deals if isinstance(game, EgnGame) else list(game)
    states = [d.state if isinstance(d, EgnDeal) else d for d in items]
    return {"deals": [_deal_json(s) for s in states]}


def _deal_json(d: Deal) -> dict[str, Any]:
    def side(i: int) -> str:
        return SEATS[i] + SEATS[i + 2] if d.n == 4 else SEATS[i]

    res = d.result
    return {
        "tricks": [
            {"leader": SEATS[t.leader], "cards": [[SEATS[s], str(c)] for s, c in t.cards], "winner": SEATS[t.winner]}
            for t in d.tricks
        ],
        "makers": side(d.makers) if d.makers is not None else None,
        "alone": SEATS[d.alone] if d.alone is not None else None,
        "tricks_won": {side(i): w for i, w in enumerate(d.tricks_won_by_side())},
        "points": {side(i): p for i, p in enumerate(res.points)} if res else None,
    }
