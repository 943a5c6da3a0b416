"""What every generated page needs: the data, the pages' paths, links, rendering, the citation index.

:class:`SiteBase` loads ``content/`` (checked against the schemas, :mod:`build_scripts.content`), the
other codes, the concordance and the cases (replayed by the engine:
:func:`euchre_core.formats.cases.replay_case_data`), and indexes them: each law's page and section,
the technical terms, each hint's page, and every place that cites each law (:meth:`SiteBase.uses_markdown`,
"Where this law matters", and the engine's citations, :mod:`build_scripts.law_coverage`).

Pages are Markdown from the Jinja2 templates of ``build_scripts/templates`` (:meth:`SiteBase.render`);
every string from the data is escaped and linked by :class:`build_scripts.textmark.Inline`
(:meth:`SiteBase.inline`); links between pages are relative to the page's source path
(:meth:`SiteBase.link`), which MkDocs checks and turns into URLs.

The page modules (:mod:`build_scripts.pages`) subclass :class:`SiteBase`; this module imports none of them.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_scripts import content, director_guide, hint_sims, law_coverage, load_yaml, serve_cache
from build_scripts.cards_html import template_env
from build_scripts.textmark import Inline, Term, TermMatcher, cited_laws, md_escape, relative_link
from euchre_core.app import situations
from euchre_core.formats.cases import ROMAN, CaseError, CaseReplay, list_cases, load_case, replay_case_data

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
CONTENT_DIR = REPO_ROOT / "content"

# the generated pages' source paths (each kind's own pages: its module)
LAWS_INDEX = "laws/index.md"
LAWS_PRINT = "laws/print.md"
TERMS = "terms.md"
PREFACE = "preface.md"
HINTS_INDEX = "hints/index.md"
CASES_INDEX = "cases/index.md"
CODES_INDEX = "codes/index.md"
CONCORDANCE = "concordance.md"
ERRATA = "errata.md"
ENGINE_LAWS = "engine-laws.md"
DIRECTOR = director_guide.PAGE

CODE_ORDER = ("washington1877", "hoyle")


def erratum_title(entry_id: str) -> str:
    """An erratum's id in words, for its heading (the id stays the anchor).

    >>> erratum_title("law-43-adversaries"), erratum_title("hint-lone-hands-2-page-break")
    ('Law 43: adversaries', 'Hint, lone hands 2: page break')
    >>> erratum_title("washington1877-title-pages-omitted")
    'Washington 1877 title pages omitted'
    """
    m = re.fullmatch(r"(law|intro)-(\d+)-(.+)", entry_id)
    if m:
        head = "Law" if m[1] == "law" else "Introduction"
        return f"{head} {m[2]}: {m[3].replace('-', ' ')}"
    m = re.fullmatch(r"hint-([a-z-]+?)-(\d+)-(.+)", entry_id)
    if m:
        return f"Hint, {m[1].replace('-', ' ')} {m[2]}: {m[3].replace('-', ' ')}"
    words = entry_id.replace("washington1877", "Washington 1877").replace("-", " ")
    return words[:1].upper() + words[1:]


class BuildError(Exception):
    """The data cannot be rendered: invalid content, or a case the engine refuses (the message says why)."""


@dataclass
class Use:
    """One place that cites a law: a label and the page and anchor to link to."""

    label: str
    page: str
    anchor: str | None = None
    kind: str = "text"


# --------------------------------------------------------------------------- data


def _load_yaml(path: Path) -> Any:
    """One YAML file, parsed safely."""
    with path.open(encoding="utf-8") as handle:
        return load_yaml(handle)


def load_codes(content_dir: Path = CONTENT_DIR) -> list[dict[str, Any]]:
    """The other codes (``content/codes/*.yaml``), Washington 1877 and Hoyle first; ``[]`` if none yet."""
    folder = content_dir / "codes"
    if not folder.is_dir():
        return []
    codes = []
    for path in sorted(folder.glob("*.yaml")):
        data = _load_yaml(path)
        if not isinstance(data, dict):
            raise BuildError(f"{path.relative_to(REPO_ROOT)}: top level must be a mapping")
        data.setdefault("code", path.stem)
        codes.append(data)
    order = {name: index for index, name in enumerate(CODE_ORDER)}
    codes.sort(key=lambda c: (order.get(str(c["code"]), len(order)), str(c["code"])))
    return codes


def load_concordance(content_dir: Path = CONTENT_DIR) -> dict[str, Any] | None:
    """``content/concordance.yaml`` or ``None`` if it does not exist yet."""
    path = content_dir / "concordance.yaml"
    if not path.is_file():
        return None
    data = _load_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise BuildError("content/concordance.yaml: top level must be a mapping with a 'rows' list")
    return data


def load_case_files(cases_dir: Path | None = None) -> list[dict[str, Any]]:
    """The cases' data: from the engine's package (default) or from the JSON files of ``cases_dir``."""
    if cases_dir is None:
        return [load_case(case_id) for case_id in list_cases()]
    paths = {p.stem: p for p in Path(cases_dir).glob("*.json")}
    ordered = [r for r in ROMAN if r in paths] + sorted(set(paths) - set(ROMAN))
    cases = []
    for name in ordered:
        try:
            cases.append(json.loads(paths[name].read_text(encoding="utf-8")))
        except json.JSONDecodeError as error:
            raise BuildError(f"Case {name}: the data file is not valid JSON: {error}") from None
    return cases


def replay(data: dict[str, Any]) -> CaseReplay:
    """Replay one case with the engine; an illegal case raises :class:`BuildError` with the engine's message."""
    try:
        return replay_case_data(data)
    except CaseError as error:
        raise BuildError(str(error)) from None


def case_page(case_id: str) -> str:
    """The source path of a case's page: ``cases/iv.md``."""
    return f"cases/{case_id.lower()}.md"


# --------------------------------------------------------------------------- Markdown helpers


def code_span(text: str) -> str:
    """``text`` as a Markdown code span, whatever backticks it contains (line breaks shown as ⏎).

    >>> code_span("a `b` c")
    '`` a `b` c ``'
    """
    text = text.replace("\r", "").replace("\n", " ⏎ ")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or longest else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _join_links(links: list[str]) -> str:
    """Links in one line, separated by middle dots."""
    return " · ".join(links)


def _plural(n: int, word: str) -> str:
    """``1 test``, ``2 tests``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --------------------------------------------------------------------------- the base of every page


class SiteBase:
    """The loaded data and what every page needs: paths, links, rendering, the citation index.

    >>> base = SiteBase()
    >>> base.section_page(base.law_section[44]), base.link("laws/cutting.md", base.law_page[62], "law-62")
    ('laws/a-misdeal.md', 'the-revoke.md#law-62')
    """

    def __init__(self, cases_dir: Path | None = None) -> None:
        """Load and validate the content, replay the cases, index the laws, terms, hints and citations."""
        # serving: the schema check of the five content files again only when one of them changed
        # (a schema edit restarts the generator); a third of a warm regeneration's time
        problems = serve_cache.memo(
            "content-problems",
            serve_cache.signature(content.CONTENT_DIR / name for name in content.VALIDATED_FILES),
            content.validate_all,
        )
        if problems:
            raise BuildError("content/ is not valid:\n  " + "\n  ".join(problems))
        self.laws_doc = content.load_laws()
        self.terms_doc = content.load_terms()
        self.hints_doc = content.load_hints()
        self.errata_doc = content.load_errata()
        self.codes = load_codes()
        self.concordance = load_concordance()
        self.cases = [replay(data) for data in load_case_files(cases_dir)]
        self.env = template_env()
        # what players call the laws' situations (euchre_core/data/situations.json): search terms on the law
        self.player_words: dict[int, list[str]] = {}
        for sit in situations.situations().values():
            words = self.player_words.setdefault(int(sit["law"]), [])
            words.extend(w for w in sit.get("words") or [] if w not in words)

        self.sections: list[dict[str, Any]] = self.laws_doc["sections"]
        self.law_page: dict[int, str] = {}
        self.law_section: dict[int, dict[str, Any]] = {}
        self.laws: dict[int, dict[str, Any]] = {}
        for section in self.sections:
            for law in section["laws"]:
                self.law_page[law["number"]] = self.section_page(section)
                self.law_section[law["number"]] = section
                self.laws[law["number"]] = law
        self.terms = [
            Term(t["id"], tuple(t["names"]), " ".join(t["definition"].split())) for t in self.terms_doc["terms"]
        ]
        self.law_terms = TermMatcher(self.terms, kind="law")
        self.other_terms = TermMatcher(self.terms, kind="other")
        self.term_laws: dict[str, set[int]] = {t.id: set() for t in self.terms}
        self.hint_page: dict[str, str] = {}
        for position in self.hints_doc["positions"]:
            for hint in position["hints"]:
                self.hint_page[hint["id"]] = f"hints/{position['id']}.md"
        self.uses = self._collect_uses()
        self.engine_citations = self._engine_citations()
        for number, citations in self.engine_citations.items():
            code = sum(1 for c in citations if not c["test"])
            tests = sum(1 for c in citations if c["test"])
            parts = [_plural(code, "place") + " in the code"] if code else []
            parts += [_plural(tests, "test")] if tests else []
            label = f"Engine ({self.coverage[number].status}): " + ", ".join(parts)
            self.uses[number].append(Use(label, ENGINE_LAWS, f"engine-law-{number}", "engine"))

    # ----------------------------------------------------------------- paths, links, rendering

    @staticmethod
    def section_page(section: Mapping[str, Any]) -> str:
        """The source path of a section's page: ``laws/the-revoke.md``."""
        return f"laws/{section['id']}.md"

    def inline(self, page: str, kind: str = "other", terms: bool = True, link_laws: bool = True) -> Inline:
        """An :class:`Inline` renderer for one page."""
        matcher = (self.law_terms if kind == "law" else self.other_terms) if terms else None
        return Inline(page=page, law_page=self.law_page, terms=matcher, link_laws=link_laws)

    def link(self, from_page: str, to_page: str, anchor: str | None = None) -> str:
        """A relative link target for Markdown (MkDocs checks it and turns it into a URL)."""
        return relative_link(from_page, to_page, anchor)

    def render(self, template: str, **context: Any) -> str:
        """Render one template (Markdown)."""
        return self.env.get_template(template).render(**context)

    @property
    def case_ids(self) -> list[str]:
        """The ids of the cases, in the book's order."""
        return [rep.data["id"] for rep in self.cases]

    # ----------------------------------------------------------------- "where this law matters"

    def _collect_uses(self) -> dict[int, list[Use]]:
        """Every place that cites each law: laws, terms, hints, cases, errata, concordance rows."""
        uses: dict[int, list[Use]] = {n: [] for n in self.laws}

        def add(numbers: Iterable[int], use: Use) -> None:
            """Record ``use`` for each law of ``numbers`` (once per target)."""
            for n in numbers:
                if n in uses and all((u.page, u.anchor) != (use.page, use.anchor) for u in uses[n]):
                    uses[n].append(use)

        for number, law in self.laws.items():
            cited = set(law.get("refs") or []) | set(law.get("refs_implicit") or []) | set(cited_laws(law["text"]))
            cited.discard(number)
            add(sorted(cited), Use(f"Law {number}", self.law_page[number], f"law-{number}", "law"))
        for term in self.terms_doc["terms"]:
            add(cited_laws(term["definition"]), Use(f"Term: {term['names'][0]}", TERMS, f"term-{term['id']}", "term"))
        for position in self.hints_doc["positions"]:
            for hint in position["hints"]:
                text = " ".join(str(hint.get(k) or "") for k in ("text", "footnote"))
                label = f"Hint: {position['heading']} ({hint['id'].rsplit('-', 1)[-1]})"
                add(cited_laws(text), Use(label, self.hint_page[hint["id"]], f"hint-{hint['id']}", "hint"))
        for rep in self.cases:
            data = rep.data
            cid = data["id"]
            page = case_page(cid)
            general = " ".join(
                str(x or "")
                for x in (
                    data.get("preamble"),
                    data.get("score_text"),
                    (data.get("declaration") or {}).get("text"),
                    data.get("outcome_text"),
                )
            )
            add(cited_laws(general), Use(f"Case {cid}", page, None, "case"))
            for trick in data.get("tricks", []):
                text = f"{trick.get('text') or ''} {trick.get('note') or ''}"
                number = trick["number"]
                add(cited_laws(text), Use(f"Case {cid}, trick {number}", page, f"trick-{number}", "case"))
            for remark in data.get("remarks", []):
                anchor = f"trick-{remark['after_trick']}" if remark.get("after_trick") else "remarks"
                add(cited_laws(remark.get("text") or ""), Use(f"Case {cid}, remarks", page, anchor, "case"))
            for erratum in data.get("errata", []):
                text = json.dumps(erratum, ensure_ascii=False)
                add(cited_laws(text), Use(f"Case {cid}, note on the text", page, "note-on-the-text", "case"))
        for entry in self.errata_doc["errata"]:
            label = f"Note on the text ({erratum_title(entry['id'])})"
            use = Use(label, ERRATA, f"erratum-{entry['id']}", "erratum")
            if entry["where"]["kind"] == "law":
                add([entry["where"]["ref"]], use)
            add(cited_laws(f"{entry.get('chosen', '')} {entry.get('why', '')}"), use)
        if self.concordance:
            for row in self.concordance["rows"]:
                numbers = list(row.get("laws") or []) + cited_laws(str(row.get("somerset1888") or ""))
                add(
                    numbers,
                    Use(
                        f"Concordance: {row.get('topic', row.get('id'))}",
                        CONCORDANCE,
                        f"concordance-{row['id']}",
                        "concordance",
                    ),
                )
        return uses

    def _engine_citations(self) -> dict[int, list[dict[str, Any]]]:
        """Where the engine's code and tests cite each law (:func:`build_scripts.law_coverage.collect`).

        Code citations carry the cited line; tests are the ones named after the law (``test_law_52_…``).
        """
        self.coverage = law_coverage.collect(REPO_ROOT)
        lines: dict[str, list[str]] = {}
        found: dict[int, list[dict[str, Any]]] = {}
        for number, cov in self.coverage.items():
            if number not in self.laws:
                continue
            for where in cov.code:
                path, _, line = where.rpartition(":")
                if path not in lines:
                    try:
                        lines[path] = (REPO_ROOT / path).read_text(encoding="utf-8").splitlines()
                    except (OSError, UnicodeDecodeError):
                        lines[path] = []
                text = lines[path][int(line) - 1] if line.isdigit() and int(line) <= len(lines[path]) else ""
                snippet = " ".join(text.strip().split())
                if len(snippet) > 160:
                    snippet = snippet[:157] + "…"
                found.setdefault(number, []).append(
                    {
                        "file": path,
                        "line": int(line) if line.isdigit() else 0,
                        "where": "",
                        "snippet": snippet,
                        "test": False,
                    }
                )
            for test in cov.tests:
                path, _, name = test.partition("::")
                found.setdefault(number, []).append(
                    {"file": path, "line": 0, "where": name, "snippet": "", "test": True}
                )
        return found

    def uses_markdown(self, page: str, number: int) -> str:
        """The "Where this law matters" links of one law, relative to ``page``."""
        links = [
            f"[{md_escape(use.label)}]({self.link(page, use.page, use.anchor)})"
            for use in self.uses.get(number, [])
            if use.kind != "engine"  # the engine's: in its fold
        ]
        return _join_links(links) if links else "*No case, hint, note or concordance row cites this law yet.*"

    def engine_uses_markdown(self, page: str, number: int) -> str:
        """The link to the law's row of the coverage page ("5 places in the code, 8 tests"), for the fold."""
        links = [
            f"[{md_escape(use.label)}]({self.link(page, use.page, use.anchor)})"
            for use in self.uses.get(number, [])
            if use.kind == "engine"
        ]
        return _join_links(links)

    # ----------------------------------------------------------------- the hint simulations (hints, Hoyle)

    @functools.cached_property
    def hint_sim_results(self) -> dict[str, dict[str, Any]]:
        """The simulations of the hints put to the test, by spec id, as the committed cache has them
        (:mod:`build_scripts.hint_sims`). The site never runs them: ``make sims`` does, and the
        generator stops on a stale cache (:func:`build_scripts.generate.outputs`)."""
        doc = hint_sims._load_cache()
        return {spec_id: entry["result"] for spec_id, entry in doc.get("results", {}).items()}

    @functools.cached_property
    def hint_sim_tables(self) -> dict[str, str]:
        """The tables of the hints put to the test, by hint key."""
        return hint_sims.tables_by_hint(self.hint_sim_results)
