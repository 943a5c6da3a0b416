"""The cases: each one's page (the hands, the tricks as the engine replays them, the rest of the deal
completed by the engine, the solver's check of the book, the text as printed, the notes on the text)
and the index of the cases."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from build_scripts import analysis_view
from build_scripts.cards_html import SEATS, card_html, deal_html, suit_html
from build_scripts.pages.base import CASES_INDEX, ERRATA, BuildError, SiteBase, case_page, code_span
from build_scripts.textmark import Inline, md_escape
from euchre_core.formats.cases import CaseError, CaseReplay, load_case
from euchre_core.kernel.cards import Card
from euchre_core.search.completion import complete_case

CASE_GROUPS = {
    "coups": "Coups",
    "recent": "Coups which occurred recently in play",
}
HOW_WORDS = {
    "order": "orders up",
    "assist": "assists",
    "adopt": "adopts the turn-up",
    "make": "makes the trump",
    "call": "makes the trump",
}


def _seat_list(text: str | None) -> str:
    """``"AC"`` → ``"A and C"``."""
    return " and ".join(text) if text else ""


# The transcriptions by their numbers (the errata page explains them); a case's "Note on the text" names
# them in words, for a reader who has not read that page.
SOURCE_WORDS = {"000": "the scan", "001": "Hoyle's chapter", "002": "the 1877 code", "003": "the Gutenberg text"}


def source_words(text: str) -> str:
    """A source's number in a case's note as words.

    >>> source_words("printed “Fourth Trick.” (003); B holds them (000's reading), as in 001")
    "printed “Fourth Trick.” (the Gutenberg text); B holds them (the scan's reading), as in Hoyle's chapter"
    """
    return re.sub(r"\b00[0-3]\b", lambda m: SOURCE_WORDS[m.group(0)], text)


PRINTED_SEAT_ORDER = "ADBC"  # the book prints the hands A, D, B, C (A at the top, C at the bottom)
PREAMBLE_PRINTED_IN = {"VIII": "VII"}  # "The following coups ..." is printed at the end of Case VII


def _plain_words(text: str | None) -> str:
    """Text reduced for finding a copy in the printed paragraphs (case, spaces, quotes)."""
    return " ".join((text or "").replace("’", "'").split()).lower()


def printed_unit_of(data: Mapping[str, Any], text: str | None, case_id: str | None = None) -> str | None:
    """The unit id (``case-VII-p3``) of the printed paragraph a narration, remark or preamble is copied from.

    ``case_id``: the case whose printed text holds it (default: ``data``'s own); None if not found.

    >>> printed_unit_of({"id": "X", "printed": [{"text": "Score, love-all. A adopts."}]}, "A adopts.")
    'case-X-p1'
    """
    if not text:
        return None
    if case_id and case_id != data.get("id"):
        try:
            data = load_case(case_id)
        except CaseError:
            return None
    wanted = _plain_words(text)
    for index, paragraph in enumerate(data.get("printed") or [], 1):
        if wanted in _plain_words(paragraph.get("text")):
            return f"case-{data['id']}-p{index}"
    return None


def printed_view(data: Mapping[str, Any], inline: Inline) -> list[dict[str, Any]]:
    """The case as printed after the hands: each paragraph with its printed label, anchor and unit id.

    Trick labels are printed in italics ("*First Trick.*—"), "Remarks." in small capitals; the first
    "Remarks." paragraph (or the closing remark, when the book prints no label) carries ``id="remarks"``.
    """
    cid = data["id"]
    out: list[dict[str, Any]] = []
    remarks_anchor = seen_trick = False
    for index, paragraph in enumerate(data.get("printed") or [], 1):
        label = paragraph.get("label")
        seen_trick = seen_trick or bool(label and "Trick" in label)
        if label == "Remarks.":
            label_md = '<span class="small-caps">Remarks.</span>—'
        elif label:
            label_md = f"*{md_escape(label)}*—"
        else:
            label_md = ""
        anchor = f"case-{cid.lower()}-p{index}"
        if not remarks_anchor and (
            label == "Remarks." or (not label and seen_trick and not paragraph.get("between_cases"))
        ):
            anchor, remarks_anchor = "remarks", True
        out.append(
            {
                "unit": f"case-{cid}-p{index}",
                "anchor": anchor,
                "label_md": label_md,
                "text": inline.render(paragraph["text"]),
                "between": bool(paragraph.get("between_cases")),
            }
        )
    return out


class CasePages(SiteBase):
    """The cases and their index."""

    def case_view(self, rep: CaseReplay) -> dict[str, Any]:
        """What the case template needs: the data, joined with the engine's replay (winners from the engine)."""
        data = rep.data
        cid = data["id"]
        page = case_page(cid)
        inline = self.inline(page)
        deal = rep.deal
        alone = data.get("alone")
        tricks = []
        json_tricks = data.get("tricks", [])
        printed = printed_view(data, inline)
        after = PREAMBLE_PRINTED_IN.get(cid)  # the case whose printed text ends with this case's preamble
        printed_anchor = {p["unit"]: p["anchor"] for p in printed}
        remarks_after: dict[int, list[dict[str, Any]]] = {}
        loose_remarks: list[dict[str, Any]] = []
        for remark in data.get("remarks", []):
            view = {"text": inline.render(remark["text"]), "copy_of": printed_unit_of(data, remark["text"])}
            if remark.get("after_trick"):
                remarks_after.setdefault(int(remark["after_trick"]), []).append(view)
            else:
                loose_remarks.append(view)
        for index, trick in enumerate(deal.tricks):
            source = json_tricks[index] if index < len(json_tricks) else {}
            number = index + 1
            tricks.append(
                {
                    "number": number,
                    "leader": SEATS[trick.leader],
                    "cards": [
                        {"seat": SEATS[seat], "card": card_html(card), "code": str(card)} for seat, card in trick.cards
                    ],
                    "winner": SEATS[trick.winner],
                    "winning_card": card_html(next(c for s, c in trick.cards if s == trick.winner)),
                    "text": inline.render(source.get("text")) if source.get("text") else None,
                    "copy_of": printed_unit_of(data, source.get("text")),
                    "copy_anchor": printed_anchor.get(printed_unit_of(data, source.get("text")) or ""),
                    "narrated": bool(source.get("narrated")),
                    "note": inline.render(source.get("note")) if source.get("note") else None,
                    "remarks": remarks_after.pop(number, []),
                }
            )
        for number in sorted(remarks_after):  # remarks after a trick that is not played: keep them
            loose_remarks.extend(remarks_after[number])
        ac, bd = deal.tricks_won_by_side()
        result = deal.result
        makers = data.get("makers")
        declaration = data.get("declaration") or {}
        seat = declaration.get("seat")
        how = HOW_WORDS.get(str(declaration.get("how")), str(declaration.get("how") or ""))
        errata = [
            {
                "id": e.get("id", ""),
                "where": md_escape(str(e.get("where", ""))),
                "sources": [(SOURCE_WORDS.get(k, k), code_span(str(v))) for k, v in (e.get("sources") or {}).items()],
                "printed": md_escape(str(e["printed"])) if e.get("printed") else None,
                "printed_note": md_escape(source_words(str(e["printed_note"]))) if e.get("printed_note") else None,
                "resolution": inline.render(source_words(str(e.get("resolution") or ""))),
                "why": inline.render(source_words(str(e.get("why") or ""))),
            }
            for e in data.get("errata", [])
        ]
        played = len(deal.tricks)
        index = self.case_ids.index(cid)
        completed = complete_case(cid)  # the rest of the deal: the book's named cards, then the engine's
        full = completed.deal
        engine_tricks = []
        k = sum(len(t.cards) for t in deal.tricks)
        for number, trick in enumerate(full.tricks[played:], played + 1):
            cards = []
            for s, c in trick.cards:
                cards.append(
                    {"seat": SEATS[s], "card": card_html(str(c)), "code": str(c), "source": completed.sources[k]}
                )
                k += 1
            engine_tricks.append(
                {
                    "number": number,
                    "leader": SEATS[trick.leader],
                    "cards": cards,
                    "winner": SEATS[trick.winner],
                    "winning_card": card_html(str(next(c for s, c in trick.cards if s == trick.winner))),
                }
            )
        fres = full.result
        fac, fbd = full.tricks_won_by_side()
        try:  # the solver's values beside the cards (added to `tricks`) and "The book, checked"
            checked = analysis_view.case_view(rep, tricks, inline)
        except analysis_view.AnalysisError as error:
            raise BuildError(str(error)) from None
        return {
            "checked": checked,
            "id": cid,
            "number": data.get("number"),
            "title": data.get("title") or "",
            "title_md": md_escape(data.get("title") or ""),
            "group": CASE_GROUPS.get(str(data.get("group")), str(data.get("group") or "")),
            "preamble": inline.render(data.get("preamble")) if data.get("preamble") else None,
            "dealer": data.get("dealer"),
            "turn_up": card_html(data["turn_up"]) if data.get("turn_up") else None,
            "turn_up_name": Card.parse(data["turn_up"]).long_name() if data.get("turn_up") else None,
            "trump": suit_html(data["trump"]),
            "trump_word": md_escape(str(deal.trump.word if deal.trump is not None else data["trump"])),
            "score": data.get("score") or {},
            "games": data.get("games"),
            "score_text": inline.render(data.get("score_text")) if data.get("score_text") else None,
            "declaration": inline.render(declaration.get("text")) if declaration.get("text") else None,
            "declaration_plain": f"{seat} {how}" + (f"; {alone} plays alone" if alone else ""),
            "makers": _seat_list(makers),
            "alone": alone,
            "deal": deal_html(
                data.get("hands") or {},
                turn_up=data.get("turn_up"),
                trump=data.get("trump"),
                dealer=data.get("dealer"),
                alone=alone,
                labels={SEATS[(SEATS.index(data.get("dealer") or "A") + 1) % 4]: "eldest"},
            ),
            "hands_text": [
                (s, [md_escape(line) for line in data.get("hands_text", {}).get(s, [])])
                for s in PRINTED_SEAT_ORDER
                if data.get("hands_text", {}).get(s)
            ],
            "printed": printed,
            "remarks_labelled": any(p.get("label") == "Remarks." for p in data.get("printed") or []),
            "preamble_copy": printed_unit_of(data, data.get("preamble"), case_id=PREAMBLE_PRINTED_IN.get(cid)),
            "preamble_after": after and {"id": after, "link": self.link(page, case_page(after), "as-printed")},
            "outcome_copy": printed_unit_of(data, data.get("outcome_text")),
            "tricks": tricks,
            "played": played,
            "complete": deal.is_over,
            "narration_stops": not data.get("play_complete") or played < 5,
            "loose_remarks": loose_remarks,
            "outcome_text": inline.render(data.get("outcome_text")) if data.get("outcome_text") else None,
            "tricks_won": {"AC": ac, "BD": bd},
            "result": result
            and {
                "points": {"AC": result.points[0], "BD": result.points[1]},
                "euchred": result.euchred,
                "march": result.march,
            },
            "engine_tricks": engine_tricks,
            "final": fres
            and {
                "tricks_won": {"AC": fac, "BD": fbd},
                "points": {"AC": fres.points[0], "BD": fres.points[1]},
                "euchred": fres.euchred,
                "march": fres.march,
            },
            "assumption": completed.assumption,
            "errata": errata,
            "errata_link": self.link(page, ERRATA, f"case-{cid.lower()}"),
            "prev": self._case_link(page, index - 1),
            "next": self._case_link(page, index + 1),
            "index_link": self.link(page, CASES_INDEX),
            "coups_link": self.link(page, "hints/coups.md"),
        }

    def _case_link(self, page: str, index: int) -> dict[str, str] | None:
        """The previous or next case (by position in the book), or None past either end."""
        if not 0 <= index < len(self.case_ids):
            return None
        case_id = self.case_ids[index]
        return {"id": case_id, "link": self.link(page, case_page(case_id))}

    def case_pages(self) -> dict[str, str]:
        """One page per case and the index of the cases."""
        pages = {case_page(rep.data["id"]): self.render("case.md.j2", c=self.case_view(rep)) for rep in self.cases}
        groups: dict[str, list[dict[str, Any]]] = {}
        preambles: dict[str, dict[str, Any]] = {}
        inline = self.inline(CASES_INDEX)
        for rep in self.cases:
            data = rep.data
            group = CASE_GROUPS.get(str(data.get("group")), str(data.get("group") or "Cases"))
            if data.get("preamble"):
                after = PREAMBLE_PRINTED_IN.get(data["id"])
                preambles.setdefault(
                    group,
                    {
                        "text": inline.render(data["preamble"]),
                        "unit": printed_unit_of(data, data["preamble"], case_id=after),
                        "after": after
                        and {"id": after, "link": self.link(CASES_INDEX, case_page(after), "as-printed")},
                        "before": data["id"],
                    },
                )
            ac, bd = rep.deal.tricks_won_by_side()
            groups.setdefault(group, []).append(
                {
                    "id": data["id"],
                    "title": md_escape(data.get("title") or ""),
                    "link": self.link(CASES_INDEX, case_page(data["id"])),
                    "trump": suit_html(data["trump"]),
                    "played": len(rep.deal.tricks),
                    "complete": rep.deal.is_over,
                    "tricks_won": f"{ac}–{bd}",
                    "euchred": bool(rep.deal.result and rep.deal.result.euchred),
                }
            )
        coups = next((p for p in self.hints_doc["positions"] if p["id"] == "coups"), None)
        pages[CASES_INDEX] = self.render(
            "cases_index.md.j2",
            groups=groups,
            preambles=preambles,
            coups_intro=[{"text": inline.render(h["text"]), "unit": f"hint-{h['id']}"} for h in coups["hints"]]
            if coups
            else [],
            coups_link=self.link(CASES_INDEX, "hints/coups.md"),
            notation_link=self.link(CASES_INDEX, "notation.md"),
        )
        return pages
