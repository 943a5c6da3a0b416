"""Cards and deal diagrams as HTML, the same on every page.

The case pages (Jinja2 templates) and the Markdown extension (:mod:`build_scripts.card_markdown`)
both call these functions, so a card or a deal looks the same wherever it appears. The text comes
from the engine's :class:`~euchre_core.kernel.cards.Card`: ``pretty()`` for the face (``10♦``) and
``long_name()`` for screen readers (``10 of diamonds``).

>>> card_html("TD")
'<span class="card red" role="img" aria-label="10 of diamonds">10♦</span>'
>>> suit_html("C")
'<span class="suit black" role="img" aria-label="clubs">♣</span>'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path

import jinja2

from euchre_core.kernel.cards import Card, Suit

SEATS = "ABCD"
TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"


@functools.lru_cache(maxsize=1)
def template_env() -> jinja2.Environment:
    """The Jinja2 environment of the build's templates (Markdown and HTML fragments).

    Autoescaping is off because most templates produce Markdown: every value that comes from the
    data goes through :func:`html.escape` or :func:`build_scripts.textmark.md_escape` first.
    ``auto_reload`` keeps ``mkdocs serve`` current when a template changes.
    """
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=True,
    )
    env.globals.update(card=card_html, cards=cards_html, suit=suit_html, deal=deal_html)
    env.filters["e"] = escape
    return env


def _colour(is_red: bool) -> str:
    """The CSS class of a suit's colour: ``red`` or ``black``."""
    return "red" if is_red else "black"


def card_html(card: Card | str) -> str:
    """One card: its face with the suit symbol, its name for screen readers, its colour as a class.

    Raises :class:`euchre_core.kernel.cards.CardError` if ``card`` is not a card.
    """
    c = Card.parse(card)
    if c.is_joker:
        css = "card joker"
    else:
        assert c.suit is not None
        css = f"card {_colour(c.suit.is_red)}"
    return f'<span class="{css}" role="img" aria-label="{escape(c.long_name())}">{escape(c.pretty())}</span>'


def cards_html(cards: Iterable[Card | str], sep: str = " ") -> str:
    """Several cards, separated by ``sep``."""
    return sep.join(card_html(c) for c in cards)


def suit_html(suit: Suit | str) -> str:
    """A suit symbol (``♣``) with its name (``clubs``) for screen readers."""
    s = Suit.parse(suit) if isinstance(suit, str) else suit
    return f'<span class="suit {_colour(s.is_red)}" role="img" aria-label="{s.word}">{s.symbol}</span>'


def deal_html(
    hands: Mapping[str, Sequence[str]],
    turn_up: str | None = None,
    trump: str | None = None,
    dealer: str | None = None,
    alone: str | None = None,
    caption: str | None = None,
    labels: Mapping[str, str] | None = None,
) -> str:
    """The four hands in the book's layout: A at the top, D on the left, B on the right, C at the bottom.

    ``hands`` maps seats (``"A"`` … ``"D"``) to card codes; a seat may be missing or empty (a lone
    player's partner). ``labels`` adds a word after a seat letter (e.g. ``{"B": "eldest"}``). The
    HTML has no blank line, so it can stand as a raw block in Markdown.
    """
    for seat in hands:
        if seat not in SEATS:
            raise ValueError(f"no seat {seat!r} (A, B, C or D)")
    partner_of_alone = SEATS[(SEATS.index(alone) + 2) % 4] if alone in tuple(SEATS) else None
    seats = []
    for seat in SEATS:
        words = []
        if seat == dealer:
            words.append("dealer")
        if seat == alone:
            words.append("alone")
        if labels and labels.get(seat):
            words.append(labels[seat])
        held = list(hands.get(seat) or [])
        seats.append(
            {
                "seat": seat,
                "words": ", ".join(words),
                "cards": [card_html(c) for c in held],
                "empty": "does not play" if seat == partner_of_alone else "no cards shown",
            }
        )
    html = (
        template_env()
        .get_template("deal.html.j2")
        .render(
            seats=seats,
            turn_up=card_html(turn_up) if turn_up else None,
            trump=suit_html(trump) if trump else None,
            trump_word=Suit.parse(trump).word if trump else None,
            caption=caption,
        )
    )
    return "\n".join(line for line in html.splitlines() if line.strip())
