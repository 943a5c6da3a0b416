"""A Python-Markdown extension for cards: ``{{JC}}`` inline and a ```` ```deal ```` block.

Registered in ``mkdocs.yml`` as ``build_scripts.card_markdown`` (the build runs with the repository
root on ``PYTHONPATH``). The HTML is the one of :mod:`build_scripts.cards_html`, so a card written
by hand looks exactly like a card on a generated case page.

Inline: ``{{JC}}`` renders the knave of clubs; several codes are allowed, ``{{JC JS AC}}``; any code
that :meth:`euchre_core.kernel.cards.Card.parse` reads (``TD``, ``10d``, ``7s``, ``JK``). ``\\{{JC}}``
keeps the braces as text.

Block::

    ```deal
    A: 9C JC AH KH 8S
    B: AC QH 8H JD TS
    C: 7D 8D TD QS TH
    D: KC TC AS 9S 9H
    turn-up: 9C
    trump: clubs
    dealer: A
    caption: Case I
    ```

``turn-up``, ``trump`` (a letter, a word or a symbol), ``dealer``, ``alone`` and ``caption`` are
optional. A card or a line that cannot be read is logged as a warning (so ``mkdocs build --strict``
fails) and the text is left as it was.

>>> import markdown
>>> html = markdown.markdown("Lead {{JC}}.", extensions=[CardExtension()])
>>> 'aria-label="knave of clubs"' in html and "J♣" in html
True
"""

from __future__ import annotations

import logging
import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

from build_scripts.cards_html import SEATS, cards_html, deal_html
from euchre_core.kernel.cards import CardError, Suit, parse_cards

# Under "mkdocs." so that MkDocs counts the warnings (and --strict fails on them).
log = logging.getLogger("mkdocs.build_scripts.card_markdown")

CARD_PATTERN = r"\{\{[ ]*([0-9A-Za-z♣♦♥♠][0-9A-Za-z♣♦♥♠ ,]*?)[ ]*\}\}"
FENCE_RE = re.compile(r"^(?P<indent>[ ]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
KEY_ALIASES = {
    "turn-up": "turn_up",
    "turnup": "turn_up",
    "turn_up": "turn_up",
    "trump": "trump",
    "trumps": "trump",
    "dealer": "dealer",
    "alone": "alone",
    "caption": "caption",
}


class CardInlineProcessor(InlineProcessor):
    """``{{JC}}`` → the card's HTML (stashed, so no other pattern touches it)."""

    # Markdown's own InlineProcessor.handleMatch(m, data) does not match its base Pattern.handleMatch(m):
    # mypy reports the override against Pattern.
    def handleMatch(  # type: ignore[override]  # noqa: N802 (Markdown API)
        self, m: re.Match[str], data: str
    ) -> tuple[str | None, int, int]:
        """Replace the match with the cards' HTML, or leave it (and warn) if a code is not a card."""
        try:
            html = cards_html(parse_cards(m.group(1)))
        except CardError as error:
            log.warning("card_markdown: %s in %r", error, m.group(0))
            return None, m.start(0), m.end(0)
        assert self.md is not None  # Markdown gives every processor its instance
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


def parse_deal(body: str) -> dict[str, Any]:
    """Read the lines of a ```` ```deal ```` block into keyword arguments of :func:`deal_html`.

    >>> parse_deal("A: JC AC\\ntrump: hearts\\ndealer: a")
    {'hands': {'A': ['JC', 'AC']}, 'trump': 'H', 'dealer': 'A'}
    """
    hands: dict[str, list[str]] = {}
    options: dict[str, Any] = {}
    for number, raw in enumerate(body.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"line {number}: expected 'A: JC AC ...' or 'key: value', got {line!r}")
        key, value = key.strip(), value.strip()
        if key.upper() in SEATS and len(key) == 1:
            hands[key.upper()] = [str(c) for c in parse_cards(value)] if value and value != "-" else []
            continue
        name = KEY_ALIASES.get(key.lower())
        if name is None:
            raise ValueError(f"line {number}: unknown key {key!r} (A-D, turn-up, trump, dealer, alone, caption)")
        if name == "turn_up":
            options[name] = str(parse_cards(value)[0])
        elif name == "trump":
            word = value.lower()
            words = {s.word: s.letter for s in Suit}
            options[name] = words.get(word) or words.get(word + "s") or Suit.parse(value).letter
        elif name in ("dealer", "alone"):
            if value.upper() not in SEATS:
                raise ValueError(f"line {number}: {key} must be a seat (A, B, C or D), got {value!r}")
            options[name] = value.upper()
        else:
            options[name] = value
    if not hands:
        raise ValueError("no hands (lines such as 'A: JC AC KC')")
    return {"hands": hands, **options}


class DealPreprocessor(Preprocessor):
    """```` ```deal ```` fences → the deal diagram (stashed raw HTML), before ``fenced_code`` sees them.

    Other fenced blocks are skipped whole, so a ```` ```deal ```` shown inside a longer fence (as on
    the notation page) stays code.
    """

    def run(self, lines: list[str]) -> list[str]:
        """Replace each ```` ```deal ```` block with a placeholder for its diagram."""
        out: list[str] = []
        index = 0
        while index < len(lines):
            m = FENCE_RE.match(lines[index])
            if not m:
                out.append(lines[index])
                index += 1
                continue
            indent, fence, info = m.group("indent"), m.group("fence"), m.group("info").strip()
            close = index + 1
            while close < len(lines) and not _closes(lines[close], fence):
                close += 1
            block = lines[index : close + 1]
            if info != "deal" or close >= len(lines):
                out.extend(block)
            else:
                body = "\n".join(line[len(indent) :] if line.startswith(indent) else line for line in block[1:-1])
                try:
                    html = deal_html(**parse_deal(body))
                except (ValueError, CardError) as error:
                    log.warning("card_markdown: deal block: %s", error)
                    out.extend(block)
                else:
                    assert self.md is not None  # Markdown gives every processor its instance
                    out.extend(["", indent + self.md.htmlStash.store(html), ""])
            index = close + 1
        return out


def _closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes a fence opened with ``fence`` (same character, at least as long)."""
    stripped = line.strip()
    return stripped.startswith(fence) and set(stripped) == {fence[0]}


class CardExtension(Extension):
    """The extension: the inline card pattern and the deal block."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Markdown API)
        """Register the inline pattern (before emphasis) and the block preprocessor (before fenced_code)."""
        md.inlinePatterns.register(CardInlineProcessor(CARD_PATTERN, md), "euchre_card", 175)
        md.preprocessors.register(DealPreprocessor(md), "euchre_deal", 28)


def makeExtension(**kwargs: Any) -> CardExtension:  # noqa: N802 (Markdown's entry point)
    """Entry point used by Python-Markdown for ``build_scripts.card_markdown``."""
    return CardExtension(**kwargs)  # type: ignore[no-untyped-call]  # Markdown's Extension.__init__ is unannotated


__all__ = ["CardExtension", "CardInlineProcessor", "DealPreprocessor", "makeExtension", "parse_deal"]
