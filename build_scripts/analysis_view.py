"""The solver's view of a case for its page: the double-dummy value beside each card, and
"The book, checked" (the claims of :mod:`euchre_core.search.analysis` with their verdicts).

Everything shown is computed at build time by the engine (:func:`euchre_core.search.analysis.case_analysis`
on the case's data); nothing is copied from a file of results. The page needs no JavaScript.

>>> dd_badge(4, 2, "AC")  # doctest: +ELLIPSIS
'<span class="dd dd-point dd-moved" title="Double dummy: A C take 4 tricks ...">▲4</span>...'
"""

from __future__ import annotations

from html import escape
from typing import Any

from build_scripts.cards_html import card_html
from build_scripts.textmark import Inline
from euchre_core.formats.cases import CaseReplay
from euchre_core.kernel.errors import InputError
from euchre_core.search import analysis

VERDICT_WORDS = {
    "verified": ("Verified", "true with best play by both sides"),
    "refuted": ("Refuted", "the book is wrong here"),
    "natural-play-only": (
        "Only on the book's line",
        "true on the play the book gives, but the other side has a better defence",
    ),
}


class AnalysisError(Exception):
    """A claim of the claims file does not fit its case (the message names the case and the claim)."""


def _side(makers: str) -> str:
    """``"AC"`` → ``"A C"`` (the book's way of naming a side on the pages)."""
    return " ".join(makers)


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _kind(v: int) -> str:
    """The CSS class of a value: euchred (0-2), the point (3-4), a march (5)."""
    return "euchre" if v < 3 else ("march" if v == 5 else "point")


def dd_badge(value: int, before: int, makers: str) -> str:
    """The small double-dummy number shown after a card: the makers' tricks with best play after
    it; ▲ or ▼ when the card changed the value (it was not best play for its player)."""
    side = _side(makers)
    moved = value != before
    label = f"Double dummy: {side} take {_tricks(value)} with best play after this card"
    if moved:
        label += f" (before it: {before}; not the best play)"
    arrow = ("▲" if value > before else "▼") if moved else ""
    css = f"dd dd-{_kind(value)}" + (" dd-moved" if moved else "")
    return (
        f'<span class="{css}" title="{escape(label)}">{arrow}{value}</span>'
        f'<span class="visually-hidden"> ({escape(label)})</span>'
    )


def _pairs_html(pairs: list[list[str]]) -> str:
    return " · ".join(f"{seat} {card_html(code)}" for seat, code in pairs)


def _line_html(rep: CaseReplay, claim: dict[str, Any]) -> list[str]:
    """The claim's line, one item per trick: ``Trick 2: D A♠ · A 9♣ · … → A``."""
    start = analysis.claim_position(rep, {"at": claim["at"], "id": claim["id"]})
    items = []
    for t in analysis.line_by_trick(start, claim["line"]):
        won = f" → **{t['winner']}**" if t["winner"] else ""
        before = f"<span class='line-before'>({_pairs_html(t['before'])})</span> " if t["before"] else ""
        items.append(f"Trick {t['number']}: {before}{_pairs_html(t['cards'])}{won}")
    return items


def _expect_words(expect: dict[str, Any], makers: str) -> str:
    """What the claim asserts, in words."""
    side = _side(makers)
    parts = []
    lo, hi = expect.get("makers_tricks_min"), expect.get("makers_tricks_max")
    if hi is not None:
        parts.append(f"{side} take at most {_tricks(hi)}" + (" (euchred)" if hi == 2 else ""))
    if lo is not None:
        parts.append(
            f"{side} take at least {_tricks(lo)}" + (" (a march)" if lo == 5 else " (their point)" if lo == 3 else "")
        )
    if expect.get("tricks_won_by"):
        w = expect["tricks_won_by"]
        nums = [str(n) for n in w["tricks"]]
        listed = nums[0] if len(nums) == 1 else ", ".join(nums[:-1]) + " and " + nums[-1]
        parts.append(f"{w['seat']} wins trick{'s' if len(nums) > 1 else ''} {listed}")
    if expect.get("card_wins"):
        parts.append(f"the {card_html(expect['card_wins'])} wins a trick")
    if expect.get("trumps_exactly"):
        te = expect["trumps_exactly"]
        parts.append(f"{te['seat']}'s trumps are exactly " + " ".join(card_html(c) for c in te["cards"]))
    if expect.get("no_trump_below"):
        nb = expect["no_trump_below"]
        parts.append(f"{nb['seat']} holds no trump below the {card_html(nb['card'])}")
    return "; ".join(parts)


def _position_words(rep: CaseReplay, claim: dict[str, Any]) -> str:
    """Where the claim is checked: the trick and the player to move, and the book's hypothesis."""
    at = int(claim["at"])
    base = analysis.claim_position(rep, {"at": at, "id": claim["id"]})
    seat = "ABCD"[base.actor] if not base.is_over else None
    trick = len(base.tricks) + 1
    where = "before the first card" if at == 0 else f"trick {trick}, {seat} to play" if seat else "the end"
    words = [where[0].upper() + where[1:]]
    if claim.get("if"):
        words.append(f"if {_pairs_html(claim['if'])} (the book's hypothesis)")
    if claim.get("whatever"):
        words.append(f"whatever {claim['whatever']} plays")
    play = claim.get("play")
    if play == "narrated":
        words.append("the book's line from there to the end")
    elif play:
        words.append(f"the book's play: {_pairs_html(play)}")
    return "; ".join(words)


def _values_words(claim: dict[str, Any], makers: str) -> list[str]:
    """The solver's numbers behind the verdict, and in plain words where the book goes wrong."""
    side = _side(makers)
    values = claim.get("values") or {}
    out = []
    if claim["verdict"] == "natural-play-only":
        out.append(
            f"**The book is right only on its own line.** With best play by both sides from here "
            f"{side} take {_tricks(values.get('best', 0))}; the other side's better defence is the line "
            "below."
        )
    elif claim["verdict"] == "refuted":
        out.append("**The book is wrong here**: the line below refutes it.")
    if "moves" in values:
        choices = " · ".join(f"{card_html(c)} {v}" for c, v in values["moves"].items())
        out.append(
            f"{values['to_move']}'s cards here, and the tricks {side} take after each with best play: {choices}."
        )
    if "play" in values:
        out.append(f"After the book's play: {side} take {_tricks(values['play'])}.")
    for alt, v in zip(claim.get("instead") or [], values.get("instead") or [], strict=False):
        out.append(f"After {_pairs_html(alt)} instead: {side} take {_tricks(v)}.")
    return out


def case_view(rep: CaseReplay, tricks: list[dict[str, Any]], inline: Inline) -> dict[str, Any]:
    """Add ``dd`` (the badge HTML) to every card of ``tricks`` (the case page's trick views, in
    place) and return the view of "The book, checked": ``intro_dd`` (the value before the first
    card), ``departures`` and ``claims`` as Markdown/HTML strings."""
    data = rep.data
    makers = str(data.get("makers") or "AC")
    entry = analysis.load_claims()["cases"].get(data["id"], {})
    try:
        result = analysis.analyse(rep, entry)
    except InputError as error:
        raise AnalysisError(f"euchre_core/data/claims.json: {error}") from None
    dd = result["dd"] + [result["dd_end"]]
    k = 0
    for trick in tricks:
        for card in trick["cards"]:
            if k + 1 < len(dd):
                card["dd"] = dd_badge(dd[k + 1], dd[k], makers)
            else:
                card["dd"] = ""
            k += 1
    side = _side(makers)
    departures = []
    for d in result["departures"]:
        helped = "defenders" if d["side"] == "makers" else "makers"
        best = " or ".join(card_html(c) for c in d["best"])
        departures.append(
            f"Trick {d['trick']}, {d['seat']}'s {card_html(d['card'])}"
            + ("" if d["narrated"] else " (the editor's completion, not the book's words)")
            + f": before it {side} take {_tricks(d['before'])} with best play, after it "
            f"{_tricks(d['after'])}. It gives the {helped} {_tricks(abs(d['after'] - d['before']))}; "
            f"best was {best}."
        )
    claims = []
    for c in result["claims"]:
        word, meaning = VERDICT_WORDS[c["verdict"]]
        variants = c.get("variants") or []
        claims.append(
            {
                "id": c["id"],
                "verdict": c["verdict"],
                "word": word,
                "meaning": meaning,
                "quote": inline.render(c["quote"]),
                "source": escape(str(c.get("source") or "")),
                "position": _position_words(rep, c),
                "expect": _expect_words(c["expect"], makers),
                "figures": _values_words(c, makers),
                "line": _line_html(rep, c) if c["line"] else [],
                "line_label": {
                    "verified": "The line (the book's play, then best play by both sides)",
                    "natural-play-only": "The better defence (best play by both sides)",
                    "refuted": "The line that refutes it",
                }[c["verdict"]],
                "note": inline.render(c["note"]) if c.get("note") else None,
                "variants": (
                    f"The book leaves one card unknown ({variants[0]['seat']}'s "
                    f"{card_html(variants[0]['card'])} is a placeholder); checked with each card it could be "
                    f"({' '.join(card_html(v['as']) for v in variants)}): "
                    + (
                        "the same verdict every time."
                        if all(v["verdict"] == c["verdict"] for v in variants)
                        else "the verdict changes: " + ", ".join(f"{v['as']} {v['verdict']}" for v in variants) + "."
                    )
                )
                if variants
                else None,
            }
        )
    counts = {v: sum(1 for c in result["claims"] if c["verdict"] == v) for v in VERDICT_WORDS}
    return {
        "makers": side,
        "start": result["dd"][0] if result["dd"] else result["dd_end"],
        "start_kind": _kind(result["dd"][0] if result["dd"] else result["dd_end"]),
        "end": result["dd_end"],
        "departures": departures,
        "claims": claims,
        "counts": counts,
    }
