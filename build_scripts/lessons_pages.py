"""The Learn pages: one page per lesson of ``content/lessons/*.yaml``, with its exercises, and an index.

Called from :meth:`build_scripts.site.Builder.pages` (:func:`lesson_pages`) and
:meth:`~build_scripts.site.Builder.nav` (:func:`lesson_nav`); the page modules of the other tabs are
:mod:`build_scripts.pages`.

A lesson file holds the lesson's text (Markdown) in sections, and the exercises of each section
as entries for :func:`euchre_core.app.lessons.make_exercise`. Every exercise is rendered complete on
paper: the question, what it shows (cards, a trick, a deal, the score counters), the choices, and
the engine's answer with its reasons folded under ``<details>``. The exercise's spec is kept in a
``data-spec`` attribute, so that ``docs/javascripts/learn.js`` can ask the engine in the browser
(``euchre_core.app.lessons.check_answer``) when the reader answers.

In the lesson texts, besides Markdown and the ``{{JC}}`` cards of :mod:`build_scripts.card_markdown`:

* "Law 62", "Laws 74 and 75" become links to the laws;
* ``[[term:left-bower]]``, ``[[hint:eldest-2]]``, ``[[hints:dealer]]``, ``[[case:IV]]`` become links;
* ``[[quote:eldest-2]]`` quotes the hint, with a link to it.

Lesson file schema (``schemas/lesson.schema.json`` is the exact one)::

    id: the-pack                # the page is learn/the-pack.md
    number: 1
    title: ...
    summary: ...                # one line, on the index
    sections:
      - heading: ...
        text: |-                # Markdown (optional)
          ...
        exercises:              # optional: entries for euchre_core.app.lessons.make_exercise
          - {id: pack-left-hearts, kind: left_bower, trump: H}
        table: true             # optional: the play table (lesson 10)
        example: {seed: 10, strength: easy}   # optional: a deal the engine plays against itself

>>> url_of("learn/the-pack.md"), url_of("learn/index.md"), url_of("index.md")
('learn/the-pack/', 'learn/', '')
>>> relative_url("learn/the-pack.md", "laws/the-revoke.md", "law-62")
'../../laws/the-revoke/#law-62'
"""

from __future__ import annotations

import json
import posixpath
import re
from html import escape
from pathlib import Path
from typing import Any, Protocol

from build_scripts import load_yaml, schemas
from build_scripts.cards_html import card_html, cards_html, deal_html, suit_html
from build_scripts.textmark import LAW_REF_RE, Inline, md_escape
from euchre_core.app import lessons as engine_lessons
from euchre_core.kernel.cards import Card, Suit
from euchre_core.kernel.deal import SEAT_NAMES, Deal
from euchre_core.search import opponent


class Builder(Protocol):
    """What the Learn pages need of the site's builder (:class:`build_scripts.site.Builder` has it).

    A protocol, not an import: ``site`` imports this module, so this module does not import ``site``
    (no import circle: ``tests/test_layers.py``).
    """

    hints_doc: Any
    terms_doc: Any
    law_page: dict[int, str]

    @property
    def case_ids(self) -> list[str]: ...

    def inline(self, page: str, kind: str = "other", terms: bool = True, link_laws: bool = True) -> Inline: ...

    def link(self, from_page: str, to_page: str, anchor: str | None = None) -> str: ...

    def render(self, template: str, **context: Any) -> str: ...


REPO_ROOT = Path(__file__).resolve().parent.parent
LESSONS_DIR = REPO_ROOT / "content" / "lessons"
LEARN_INDEX = "learn/index.md"
_TOKEN_RE = re.compile(r"\[\[(term|hint|hints|case|quote):([A-Za-z0-9-]+)\]\]")
# spans of Markdown that must not get law links: links, cards, code, HTML tags, our tokens
_PROTECT_RE = re.compile(r"\[[^\]]*\]\([^)]*\)|\{\{[^}]*\}\}|`[^`]*`|<[^>]+>|\[\[[^\]]*\]\]")


class LessonError(Exception):
    """A lesson file is not valid (the message names the file and the fault)."""


def url_of(src: str) -> str:
    """The URL path of a page's source with directory URLs (``learn/x.md`` → ``learn/x/``)."""
    if src == "index.md":
        return ""
    if src.endswith("/index.md"):
        return src[: -len("index.md")]
    return src[: -len(".md")] + "/"


def relative_url(from_src: str, to_src: str, anchor: str | None = None) -> str:
    """A URL from one built page to another, for links the browser follows as they are (in HTML
    attributes or built by JavaScript, where MkDocs does not rewrite them)."""
    base = url_of(from_src).rstrip("/") or "."
    target = url_of(to_src).rstrip("/") or "."
    rel = posixpath.relpath(target, base)
    rel = "" if rel == "." else rel + "/"
    return rel + (f"#{anchor}" if anchor else "") if rel or anchor else "./"


def lesson_page(lesson: dict[str, Any]) -> str:
    """The source path of a lesson's page.

    >>> lesson_page({"id": "the-pack"})
    'learn/the-pack.md'
    """
    return f"learn/{lesson['id']}.md"


def load_lessons(folder: Path = LESSONS_DIR) -> list[dict[str, Any]]:
    """The lessons, in the order of their numbers; checks each against ``schemas/lesson.schema.json``
    and that exercise ids are unique across lessons.

    >>> [d["id"] for d in load_lessons()][:2]
    ['the-pack', 'following-suit']
    """
    lessons = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        with path.open(encoding="utf-8") as handle:
            data = load_yaml(handle)
        where = f"content/lessons/{path.name}"
        problems = schemas.problems("lesson", data, where)  # schemas/lesson.schema.json
        if problems:
            raise LessonError("\n".join(problems))
        for section in data["sections"]:
            for entry in section.get("exercises") or []:
                if entry["id"] in seen:
                    raise LessonError(f"{where}: exercise id {entry['id']!r} is also in {seen[entry['id']]}")
                seen[entry["id"]] = where
        lessons.append(data)
    lessons.sort(key=lambda d: int(d["number"]))
    return lessons


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class LessonRenderer:
    """Renders the Learn pages with the site's data (laws, hints, terms, cases) from a Builder."""

    def __init__(self, builder: Builder, lessons: list[dict[str, Any]] | None = None) -> None:
        """Index the hints and terms; load the lessons."""
        self.b = builder
        self.lessons = lessons if lessons is not None else load_lessons()
        self.hints: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
        for position in builder.hints_doc["positions"]:
            for hint in position["hints"]:
                self.hints[hint["id"]] = (position, hint)
        self.terms = {t["id"]: t for t in builder.terms_doc["terms"]}

    # ----------------------------------------------------------------- text

    def hint_label(self, hint_id: str) -> str:
        """``Eldest, or First Hand, 2``."""
        position, _ = self.hints[hint_id]
        return f"{position['heading']}, {hint_id.rsplit('-', 1)[-1]}"

    def _token(self, page: str, kind: str, ref: str) -> str:
        if kind == "term":
            if ref not in self.terms:
                raise LessonError(f"{page}: no term {ref!r}")
            name = self.terms[ref]["names"][0]
            return f"[{md_escape(name)}]({self.b.link(page, 'terms.md', f'term-{ref}')})"
        if kind in ("hint", "quote"):
            if ref not in self.hints:
                raise LessonError(f"{page}: no hint {ref!r}")
            position, hint = self.hints[ref]
            link = self.b.link(page, f"hints/{position['id']}.md", f"hint-{ref}")
            if kind == "hint":
                return f"[{md_escape(self.hint_label(ref))}]({link})"
            text = self.b.inline(page).render(" ".join(hint["text"].split()))
            return f"> {text} <span class='quote-source'>([{md_escape(self.hint_label(ref))}]({link}))</span>"
        if kind == "hints":
            positions = {p["id"]: p for p in self.b.hints_doc["positions"]}
            if ref not in positions:
                raise LessonError(f"{page}: no hints position {ref!r}")
            return f"[{md_escape(positions[ref]['heading'])}]({self.b.link(page, f'hints/{ref}.md')})"
        cid = ref.upper()
        if cid not in self.b.case_ids:
            raise LessonError(f"{page}: no case {ref!r}")
        return f"[Case {cid}]({self.b.link(page, f'cases/{cid.lower()}.md')})"

    def markdown(self, page: str, text: str | None) -> str:
        """A lesson's Markdown with the laws linked and the ``[[...]]`` references resolved."""
        if not text:
            return ""
        out: list[str] = []
        pos = 0
        for m in _PROTECT_RE.finditer(text):
            out.append(self._link_laws(page, text[pos : m.start()]))
            out.append(m.group(0))
            pos = m.end()
        out.append(self._link_laws(page, text[pos:]))
        joined = "".join(out)
        return _TOKEN_RE.sub(lambda m: self._token(page, m.group(1), m.group(2)), joined)

    def _link_laws(self, page: str, text: str) -> str:
        inline = self.b.inline(page, terms=False)

        def repl(m: re.Match[str]) -> str:
            return inline._law_ref(m)

        return LAW_REF_RE.sub(repl, text)

    def links_json(self, page: str) -> str:
        """Where the laws, hints, cases and terms are, from this page (for the feedback that the
        browser shows): ``{"law": {"62": url}, "hint": {...}, "case": {...}, "term": {...}}``."""
        data: dict[str, dict[str, str]] = {"law": {}, "hint": {}, "case": {}, "term": {}}
        for number, law_src in self.b.law_page.items():
            data["law"][str(number)] = relative_url(page, law_src, f"law-{number}")
        for hint_id, (position, _) in self.hints.items():
            data["hint"][hint_id] = relative_url(page, f"hints/{position['id']}.md", f"hint-{hint_id}")
        for cid in self.b.case_ids:
            data["case"][cid] = relative_url(page, f"cases/{cid.lower()}.md")
        for term_id in self.terms:
            data["term"][term_id] = relative_url(page, "terms.md", f"term-{term_id}")
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    # ----------------------------------------------------------------- exercises

    def show_html(self, show: dict[str, Any], page: str) -> str:
        """What an exercise shows, as HTML (one line per item, no blank lines)."""
        parts: list[str] = []
        facts = []
        if show.get("dealer"):
            facts.append(f"Dealer: <strong>{escape(show['dealer'])}</strong>")
        if show.get("turn_up"):
            facts.append(f"Turn-up: {card_html(show['turn_up'])}")
        if show.get("trump"):
            s = Suit.parse(show["trump"])
            facts.append(f"Trumps: {suit_html(s)} {s.word}")
        if show.get("alone"):
            facts.append(f"{escape(show['alone'])} plays alone")
        if facts:
            parts.append('<p class="exercise-facts">' + " · ".join(facts) + "</p>")
        if show.get("deal"):
            labels = {show["seat"]: "you"} if show.get("seat") else None
            caption = "The cards each player still holds." if show.get("tricks") is not None else None
            parts.append(
                deal_html(
                    show["deal"],
                    turn_up=None,
                    trump=None,
                    dealer=show.get("dealer"),
                    alone=show.get("alone"),
                    labels=labels,
                    caption=caption,
                )
            )
        for i, trick in enumerate(show.get("tricks") or []):
            parts.append(f'<p class="exercise-trick">Trick {i + 1}: ' + _trick_html(trick) + "</p>")
        if show.get("events"):
            dealer = show.get("dealer") or _dealer_of(show["events"])
            items = "".join(f"<li>{escape(_event_words(e, dealer))}</li>" for e in show["events"])
            parts.append(f'<ol class="exercise-events">{items}</ol>')
        if show.get("trick") is not None and (show.get("trick") or show.get("tricks") is not None):
            label = "The trick so far" if show.get("cards") or show.get("seat") else "The trick"
            body = _trick_html(show["trick"]) if show["trick"] else "<em>nothing yet: your lead</em>"
            parts.append(f'<p class="exercise-trick">{label}: {body}</p>')
        if show.get("cards") and not show.get("deal"):
            who = f"You ({escape(show['seat'])}) hold" if show.get("seat") else "The hand"
            parts.append(f'<p class="exercise-hand">{who}: {cards_html(show["cards"])}</p>')
        if show.get("card"):
            parts.append(f'<p class="exercise-hand">The card: {card_html(show["card"])}</p>')
        if show.get("counters") is not None:
            parts.append(counters_svg(show["counters"]))
        return "\n".join(parts)

    def exercise_html(self, page: str, spec: dict[str, Any], number: int, lesson_id: str) -> str:
        """One exercise: question, what it shows, choices, and the answer folded under <details>."""
        q = engine_lessons.question(spec)
        ans = engine_lessons.solve_exercise(spec)
        values = [c["value"] for c in q["choices"]]
        missing = [a for a in ans["answers"] if a not in values]
        if missing:
            raise LessonError(f"{page}: exercise {spec['id']}: the engine's answer {missing} is not a choice")
        choices = []
        for c in q["choices"]:
            inner = card_html(c["card"]) if c.get("card") else escape(c["label"])
            choices.append(f'<li data-value="{escape(c["value"])}" data-label="{escape(c["label"])}">{inner}</li>')
        inline = self.b.inline(page)
        why = inline.render(ans["why"])
        detail = "\n".join(f"- {inline.render(d)}" for d in ans["detail"])
        refs = []
        for hint_id in ans["hints"]:
            if hint_id in self.hints:
                refs.append(self._token(page, "hint", hint_id))
        for cid in ans["cases"]:
            refs.append(self._token(page, "case", cid))
        for term_id in ans["terms"]:
            if term_id in self.terms:
                refs.append(self._token(page, "term", term_id))
        correct_labels = [c["label"] for c in q["choices"] if c["value"] in ans["answers"]]
        ctx = {
            "id": spec["id"],
            "lesson": lesson_id,
            "number": number,
            "spec": escape(json.dumps(spec, separators=(",", ":"), sort_keys=True), quote=True),
            "prompt": escape(q["prompt"]),
            "mode": q["mode"],
            "show": self.show_html(q.get("show") or {}, page),
            "choices": choices,
            "answer": inline.render(ans["text"]),
            "accepted": md_escape("; ".join(correct_labels)),
            "several": len(ans["answers"]) > 1,
            "why": why,
            "detail": detail,
            "refs": " · ".join(refs),
        }
        return self.b.render("lesson_exercise.md.j2", ex=ctx)

    # ----------------------------------------------------------------- pages

    def pages(self) -> dict[str, str]:
        """The index and one page per lesson."""
        pages: dict[str, str] = {}
        rows = []
        for index, lesson in enumerate(self.lessons):
            page = lesson_page(lesson)
            sections = []
            count = 0
            ids: list[str] = []
            for section in lesson["sections"]:
                exercises = []
                for entry in section.get("exercises") or []:
                    spec = engine_lessons.make_exercise(entry)
                    count += 1
                    ids.append(spec["id"])
                    exercises.append(self.exercise_html(page, spec, count, lesson["id"]))
                sections.append(
                    {
                        "heading": md_escape(section["heading"]),
                        "anchor": _slug(section["heading"]),
                        "text": self.markdown(page, section.get("text")),
                        "exercises": exercises,
                        "table": bool(section.get("table")),
                        "example": self.example_deal(page, **section["example"]) if section.get("example") else None,
                    }
                )
            prev_l = self.lessons[index - 1] if index else None
            next_l = self.lessons[index + 1] if index + 1 < len(self.lessons) else None
            pages[page] = self.b.render(
                "lesson.md.j2",
                lesson={
                    "id": lesson["id"],
                    "number": lesson["number"],
                    "title": lesson["title"],
                    "title_md": md_escape(lesson["title"]),
                    "summary": md_escape(lesson.get("summary", "")),
                },
                sections=sections,
                ids=" ".join(ids),
                links=escape(self.links_json(page), quote=True),
                index_link=self.b.link(page, LEARN_INDEX),
                prev=prev_l and {"title": md_escape(prev_l["title"]), "link": self.b.link(page, lesson_page(prev_l))},
                next=next_l and {"title": md_escape(next_l["title"]), "link": self.b.link(page, lesson_page(next_l))},
            )
            rows.append(
                {
                    "id": lesson["id"],
                    "number": lesson["number"],
                    "title": md_escape(lesson["title"]),
                    "summary": md_escape(lesson.get("summary", "")),
                    "count": count,
                    "ids": " ".join(ids),
                    "link": self.b.link(LEARN_INDEX, page),
                    "url": relative_url(LEARN_INDEX, page),
                }
            )
        pages[LEARN_INDEX] = self.b.render("lesson_index.md.j2", lessons=rows, total=sum(r["count"] for r in rows))
        return pages

    def nav(self) -> list[Any]:
        """The Learn tab: the index, then the lessons."""
        return [LEARN_INDEX] + [{f"{d['number']}. {d['title']}": lesson_page(d)} for d in self.lessons]

    # ----------------------------------------------------------------- the engine's example deal

    def example_deal(self, page: str, seed: int, strength: str = "easy") -> str:
        """A deal played by the engine at all four seats, each from its own seat's knowledge."""
        d = Deal.shuffled(int(seed), dealer=0)
        start = d
        said = []
        while not d.is_over:
            seat = d.actor
            action = opponent.choose(d, strength=strength, seed=int(seed))
            if d.phase != "play":
                text = d.describe_action(seat, action)
                if action.kind == "discard":
                    text = f"{SEAT_NAMES[seat]} discards {Card(action.card).long_name() if action.card else ''}"
                said.append(text)
            d = d.apply(action)
        hands = {SEAT_NAMES[s]: [str(c) for c in start.hand(s)] for s in range(4)}
        rows = []
        for i, t in enumerate(d.tricks):
            rows.append(
                f"| {i + 1} | "
                + " ".join(f"{SEAT_NAMES[s]} {card_html(c)}" for s, c in t.cards)
                + f" | **{SEAT_NAMES[t.winner]}** |"
            )
        res = d.result
        assert res is not None
        words = engine_lessons._deal_words(d)
        return self.b.render(
            "lesson_example.md.j2",
            deal=deal_html(hands, turn_up=str(start.turn_up), dealer="A", caption="The deal, as dealt."),
            bidding=md_escape("; ".join(said)) + ".",
            trump=suit_html(d.trump) + " " + d.trump.word if d.trump is not None else None,
            rows=rows,
            result=self.b.inline(page).render(words),
            strength=strength,
            samples=opponent.STRENGTHS.get(strength, strength),
        )


def _trick_html(trick: list[list[str]]) -> str:
    return " · ".join(f'<span class="seat">{escape(s)}</span> {card_html(c)}' for s, c in trick)


_EVENT_VERBS = {
    "pass": "passes",
    "order": "orders up",
    "discard": "discards",
    "quit": "The trick is turned and quitted",
    "ask": "asks his partner whether he has none of the suit",
}


def _dealer_of(events: list[str]) -> str | None:
    """The dealer of events that begin with the making: the seat before the first to speak (the eldest).

    >>> _dealer_of(["B: pass", "C: pass", "D: pass", "A: order"]), _dealer_of(["C: play 7D"])
    ('A', None)
    """
    who, sep, rest = (events[0] if events else "").partition(":")
    if not sep or (rest.split() or [""])[0] not in ("pass", "order", "assist", "call"):
        return None
    seats = "ABCD"
    return seats[(seats.index(who.strip()) - 1) % 4] if who.strip() in seats else None


def _event_words(event: str, dealer: str | None = None) -> str:
    """A director's event in words: ``C: play 7D`` → ``C plays the 7 of diamonds``; the dealer who
    takes the trump card "takes up" (Law 76), an adversary "orders up".

    >>> _event_words("A: order", dealer="A"), _event_words("B: order", dealer="A")
    ('A takes up.', 'B orders up.')
    """
    who, sep, rest = event.partition(":")
    if not sep:
        return _EVENT_VERBS.get(event.strip(), event.strip()) + "."
    words = rest.split()
    verb = words[0] if words else ""
    args = words[1:]
    who = who.strip()
    if verb == "play" and args:
        return f"{who} plays the {Card.parse(args[0]).long_name()}."
    if verb == "discard" and args:
        return f"{who} discards."
    if verb == "order":
        verb_words = "takes up" if dealer is not None and who == dealer else "orders up"
        return f"{who} {verb_words}" + (" and plays alone." if "alone" in args else ".")
    if verb == "claim":
        return f"{' '.join(who)} claim a {' '.join(args)}."
    if verb == "call" and args:
        return f"{who} makes it {Suit.parse(args[0]).word}."
    extra = " " + " ".join(args) if args and verb not in _EVENT_VERBS else ""
    return f"{who} {_EVENT_VERBS.get(verb, verb)}{extra}."


def counters_svg(layout: dict[str, Any]) -> str:
    """Hoyle's score counters, a three and a four, as an SVG picture: the card face up (its pips, the
    other card lying face down across it when it is "covered"), or both face down before any score.

    >>> 'aria-label="the three face up, the four face down on it"' in counters_svg({"up": 3, "covered": True})
    True
    """
    up = layout.get("up")
    covered = bool(layout.get("covered"))
    names = {3: "three", 4: "four"}
    if up is None:
        label = "both cards face down: no score yet"
    elif covered:
        label = f"the {names[up]} face up, the {names[7 - up]} face down on it"
    else:
        label = f"the {names[up]} face up, uppermost"
    pips = {3: [(30, 22), (30, 50), (30, 78)], 4: [(18, 24), (42, 24), (18, 76), (42, 76)]}
    parts = [
        f'<svg class="counters" viewBox="0 0 150 112" width="180" height="134" role="img" aria-label="{escape(label)}">'
    ]

    def back(x: float, y: float, rot: float) -> str:
        return (
            f'<g transform="translate({x} {y}) rotate({rot} 30 50)"><rect width="60" height="100" rx="6" '
            'class="counter-back"/><rect x="5" y="5" width="50" height="90" rx="4" '
            'class="counter-back-inner"/></g>'
        )

    def face(x: float, y: float, n: int) -> str:
        out = [
            f'<g transform="translate({x} {y})"><rect width="60" height="100" rx="6" class="counter-face"/>',
            f'<text x="6" y="16" class="counter-index">{n}</text>',
        ]
        for px, py in pips[n]:
            out.append(f'<text x="{px}" y="{py + 6}" text-anchor="middle" class="counter-pip">\u2666</text>')
        out.append("</g>")
        return "".join(out)

    if up is None:
        parts.append(back(10, 5, 0))
        parts.append(back(55, 5, 0))
    elif covered:
        parts.append(face(20, 5, up))
        parts.append(back(45, 18, 62))
    else:
        parts.append(back(50, 5, 0))
        parts.append(face(20, 5, up))
    parts.append("</svg>")
    return "".join(parts)


def lesson_pages(builder: Builder) -> dict[str, str]:
    """Every Learn page (for :meth:`Builder.pages`)."""
    renderer = LessonRenderer(builder)
    builder._lesson_renderer = renderer  # type: ignore[attr-defined]
    return renderer.pages()


def lesson_nav(builder: Builder) -> list[Any]:
    """The Learn tab's navigation (for :meth:`Builder.nav`)."""
    renderer = getattr(builder, "_lesson_renderer", None) or LessonRenderer(builder)
    return renderer.nav()


__all__ = [
    "LessonError",
    "LessonRenderer",
    "counters_svg",
    "lesson_nav",
    "lesson_pages",
    "load_lessons",
    "relative_url",
    "url_of",
]
