"""Play under the laws: the page's words in one place (euchre_core/app/live_words.py). Every label the live
game's modules give the page comes from ``LABELS``, and every label there is used."""

from __future__ import annotations

import re
from pathlib import Path

from euchre_core.app.live_words import LABELS, bid_words, event_words, label

APP = Path(__file__).resolve().parents[1] / "euchre_core" / "app"
MODULES = ["live_game.py", "live_dealing.py", "live_turns.py", "live_record.py"]


def test_no_label_is_written_outside_the_words_module() -> None:
    for name in MODULES:
        text = (APP / name).read_text(encoding="utf-8")
        literal = re.findall(r'"(?:label|until)": f?"', text)
        assert not literal, f"{name} writes a label itself: {literal}"


def test_every_label_is_used() -> None:
    sources = "".join((APP / n).read_text(encoding="utf-8") for n in [*MODULES, "live_words.py"])
    # keys built from a typed verb: the dealing's regular acts (label(ev.verb)) and the bids (bid_words)
    built = {"shuffle", "decline", "turn"} | {k for k in LABELS if k.startswith("bid-")}
    for key in set(LABELS) - built:
        assert f'"{key}"' in sources, f"LABELS[{key!r}] is never used"
    assert bid_words("pass") and [label(k) for k in ("shuffle", "decline", "turn")]


def test_the_words_read_as_a_player_says_them() -> None:
    assert bid_words("mention S") == "Say you meant to make it spades"
    assert label("before-turn", bid=bid_words("order")) == "Order it up (assist, take it up) before your turn"
    assert event_words("C: correct TH") == "C corrects his revoke: the 10 of hearts instead"
    assert event_words("AC: claim") == "A and C claim a revoke"
    assert event_words("A: give 4") == "A gives a packet of 4"
    assert event_words("not an event at all") == "not an event at all"
