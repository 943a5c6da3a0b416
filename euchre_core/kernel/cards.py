"""Cards, suits and ranks: small value types with a short notation that round-trips.

A card is a small integer (``suit * 8 + rank``; the Joker is 32), so the hot paths of
the engine can use it as an index into precomputed tables and as a bit in a hand mask,
while the public API reads like the book.

>>> c = Card.parse("JC")
>>> c, str(c), c.suit, c.rank
(Card('JC'), 'JC', Suit.CLUBS, Rank.KNAVE)
>>> Card.parse(str(c)) == c
True
>>> Card.parse("10h")
Card('TH')
>>> parse_book_card("knave of clubs")
Card('JC')
>>> parse_book_card("left bower", trump=Suit.HEARTS)
Card('JD')
>>> [str(c) for c in pack(24)][:6]
['9C', 'TC', 'JC', 'QC', 'KC', 'AC']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum

from .errors import InputError
from .limits import limit

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "JOKER",
    "CardError",
    "pack",
    "parse_book_card",
    "parse_cards",
    "mask_of",
    "cards_of_mask",
]


class CardError(InputError):
    """A card, suit or rank that cannot be read (bad notation is an input error, one of the
    engine's :class:`~euchre_core.kernel.errors.EuchreError` family). The message names the text
    at fault.

    >>> try:
    ...     Card.parse("1Z")
    ... except InputError as e:
    ...     print(type(e).__name__, e)
    CardError not a card: '1Z' (write rank then suit, e.g. JC, TD, 7S; JK for the Joker)
    """


def _shown(text: object) -> str:
    """A bad value as an error message echoes it: its ``repr``, cut to 40 characters (the limits table's
    ``excerpt``; :mod:`euchre_core.kernel.decode` imports this module, so its ``excerpt`` cannot be used here).

    >>> _shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    most = limit("excerpt")
    r = repr(text[: most + 1] if isinstance(text, str) else text)
    return r if len(r) <= most else r[: most - 1] + "…"


class Suit(IntEnum):
    """The four suits, in the order clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter code: ``C D H S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``♣``."""
        return "♣♦♥♠"[self]

    @property
    def word(self) -> str:
        """The plural name as the book writes it: ``clubs``."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; clubs and spades black."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour ("next"): its knave is the left bower.

        >>> Suit.HEARTS.partner
        Suit.DIAMONDS
        """
        return Suit(_PARTNER[self])

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter, symbol or name (``"h"``, ``"♥"``, ``"hearts"``).

        >>> Suit.parse("spades")
        Suit.SPADES
        """
        key = text.strip()
        # letters are read as ASCII only: str.lower() would read look-alikes (the Kelvin sign as k)
        found = _SUIT_WORDS.get(key.lower() if key.isascii() else key)
        if found is None:
            raise CardError(f"not a suit: {_shown(text)} (use C, D, H or S)")
        return found

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_PARTNER = {0: 3, 3: 0, 1: 2, 2: 1}

_SUIT_WORDS: dict[str, Suit] = {}
for _s in Suit:
    for _w in (_s.letter.lower(), _s.symbol, _s.word, _s.word[:-1]):
        _SUIT_WORDS[_w] = _s
_SUIT_WORDS.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(IntEnum):
    """Ranks in plain-suit order, lowest first (so ``Rank.ACE`` is the highest)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    KNAVE = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        """One-character code: ``7 8 9 T J Q K A``."""
        return "789TJQKA"[self]

    @property
    def word(self) -> str:
        """The book's word: ``knave``, ``ten``, ``ace``."""
        return ("seven", "eight", "nine", "ten", "knave", "queen", "king", "ace")[self]

    @property
    def figure(self) -> str:
        """The book's way of printing pip cards: ``7``, ``10``, ``knave``."""
        return ("7", "8", "9", "10", "knave", "queen", "king", "ace")[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_WORDS: dict[str, Rank] = {}
for _r in Rank:
    for _w in (_r.letter.lower(), _r.word, _r.figure):
        _RANK_WORDS[_w] = _r
_RANK_WORDS.update({"10": Rank.TEN, "jack": Rank.KNAVE, "j": Rank.KNAVE})

_CARD_CACHE: list[Card] = []


class Card(int):
    """A playing card: an ``int`` from 0 to 32 with a readable face.

    ``Card(suit * 8 + rank)``; the Joker ("Best Bower", Hoyle) is ``Card(32)``, written ``JK``.
    Instances are interned, so ``Card.parse("AS") is Card.parse("AS")``; ``Card("AS")`` reads the
    notation too, so ``eval(repr(card)) == card``.

    >>> Card.parse("7S").long_name()
    '7 of spades'
    >>> JOKER.long_name()
    'the Joker'
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if _CARD_CACHE:
            if isinstance(value, str):
                return cls.parse(value)  # Card('JC'), as repr() writes it
            if not isinstance(value, int) or not 0 <= value <= 32:
                raise CardError(
                    f"no such card index: {value!r}"
                    if not isinstance(value, int) or abs(value) < 10**40
                    else "no such card index: a number too long to show"
                )
            return _CARD_CACHE[value]
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of a rank and a suit.

        >>> Card.of(Rank.TEN, Suit.DIAMONDS)
        Card('TD')
        """
        return _CARD_CACHE[int(suit) * 8 + int(rank)]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read the short notation (``JC``, ``TD``, ``10d``, ``7s``, ``JK``), any case.

        Raises :class:`CardError` naming the text when it is not a card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"not a card: {_shown(text)}")
        t = text.strip().replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S")
        if not t.isascii():  # str.upper() would read look-alikes as letters ('ſ' as S, the Kelvin sign as K)
            raise CardError(f"not a card: {_shown(text)} (write rank then suit in plain letters, e.g. JC, TD, 7S)")
        t = t.upper()
        if t in ("JK", "JOKER", "BB"):
            return JOKER
        if len(t) == 3 and t.startswith("10"):
            t = "T" + t[2]
        if len(t) != 2 or t[0] not in "789TJQKA" or t[1] not in "CDHS":
            raise CardError(f"not a card: {_shown(text)} (write rank then suit, e.g. JC, TD, 7S; JK for the Joker)")
        return _CARD_CACHE["CDHS".index(t[1]) * 8 + "789TJQKA".index(t[0])]

    @property
    def is_joker(self) -> bool:
        """True for the Joker."""
        return int(self) == 32

    @property
    def suit(self) -> Suit | None:
        """The printed suit (``None`` for the Joker). For play use the effective suit."""
        return None if int(self) == 32 else Suit(int(self) >> 3)

    @property
    def rank(self) -> Rank | None:
        """The printed rank (``None`` for the Joker)."""
        return None if int(self) == 32 else Rank(int(self) & 7)

    def long_name(self) -> str:
        """The card as the book names it: ``knave of clubs``, ``10 of hearts``."""
        if int(self) == 32:
            return "the Joker"
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.figure} of {self.suit.word}"

    def pretty(self) -> str:
        """Rank and suit symbol: ``10♥``, ``J♣``, ``🃏``."""
        if int(self) == 32:
            return "Jkr"
        assert self.rank is not None and self.suit is not None
        r = "10" if self.rank == Rank.TEN else self.rank.letter
        return f"{r}{self.suit.symbol}"

    def __str__(self) -> str:
        if int(self) == 32:
            return "JK"
        return "789TJQKA"[int(self) & 7] + "CDHS"[int(self) >> 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Card, (int(self),))


for _i in range(33):
    _CARD_CACHE.append(int.__new__(Card, _i))

JOKER: Card = _CARD_CACHE[32]


def pack(size: int = 32) -> list[Card]:
    """The cards of a pack: 32 (piquet, A–7), 24 (A–9) or 33 (piquet and the Joker).

    >>> len(pack(32)), len(pack(24)), len(pack(33))
    (32, 24, 33)
    """
    if size not in (24, 32, 33):
        raise CardError(f"no such pack: {size} cards (24, 32 or 33)")
    low = 2 if size == 24 else 0
    cards = [_CARD_CACHE[s * 8 + r] for s in range(4) for r in range(low, 8)]
    if size == 33:
        cards.append(JOKER)
    return cards


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read several cards: a list of codes or one string separated by spaces/commas.

    >>> parse_cards("JC, TD 7s")
    [Card('JC'), Card('TD'), Card('7S')]
    """
    if isinstance(texts, str):
        texts = [t for t in re.split(r"[\s,]+", texts) if t]
    return [Card.parse(t) for t in texts]


def mask_of(cards: Iterable[int]) -> int:
    """The bit set of some cards (bit ``card`` set for each)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of_mask(mask: int) -> list[Card]:
    """The cards of a bit set, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARD_CACHE[low.bit_length() - 1])
        mask ^= low
    return out


_BOOK_RE = re.compile(r"^\s*(?:the\s+)?(\w+)\s+of\s+(\w+)\s*$", re.I)


def parse_book_card(text: str, trump: Suit | None = None) -> Card:
    """Read a card as the book words it: "knave of clubs", "9 of hearts", "ace of trumps",
    "right bower"/"right"/"left bower"/"left" (these need ``trump``), "the Joker".

    >>> parse_book_card("10 of Diamonds")
    Card('TD')
    >>> parse_book_card("right", trump=Suit.CLUBS)
    Card('JC')
    >>> parse_book_card("king of trumps", trump=Suit.SPADES)
    Card('KS')
    """
    t = text.strip().lower().rstrip(".,;")
    t = re.sub(r"\s*\(turn[- ]?up\)\s*", "", t)
    if t in ("joker", "the joker", "best bower"):
        return JOKER
    if t in (
        "right",
        "right bower",
        "the right",
        "the right bower",
        "left",
        "left bower",
        "the left",
        "the left bower",
    ):
        if trump is None:
            raise CardError(f"{_shown(text)} needs the trump suit to name a card")
        suit = trump if "right" in t else trump.partner
        return Card.of(Rank.KNAVE, suit)
    m = _BOOK_RE.match(t)
    if not m:
        raise CardError(f"not a card in the book's words: {_shown(text)} (e.g. 'knave of clubs', '9 of hearts')")
    rank = _RANK_WORDS.get(m.group(1))
    if rank is None:
        raise CardError(f"not a rank: {_shown(m.group(1))} in {_shown(text)}")
    suit_word = m.group(2)
    if suit_word in ("trump", "trumps"):
        if trump is None:
            raise CardError(f"{_shown(text)} needs the trump suit to name a card")
        suit = trump
    else:
        suit = Suit.parse(suit_word)
    return Card.of(rank, suit)
