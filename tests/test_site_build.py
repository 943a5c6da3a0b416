"""The built site: anchors, links, no outside host, the cases as the engine plays them.

The site is built once per session by the ``built_site`` fixture (``tests/conftest.py``):
``mkdocs build --strict`` with ``SITE_URL=http://127.0.0.1:PORT/repo/``, failing on any warning.
"""

from __future__ import annotations

import copy
import doctest
import functools
import importlib
import json
import logging
import re
import shutil
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import markdown
import pytest
import yaml
from conftest import REPO_ROOT, BuiltSite, run_mkdocs_build

from build_scripts import card_markdown, cards_html, generate, site, textmark
from build_scripts.content import load_errata, load_hints, load_laws, load_terms
from euchre_core.formats.cases import CaseError, list_cases, load_case, replay_case

SEATS = "ABCD"
# XML namespaces are names, not addresses: nothing is fetched from them.
NAMESPACES = (
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1999/xlink",
    "http://www.w3.org/1999/xhtml",
    "http://www.w3.org/XML/1998/namespace",
    "http://www.w3.org/2000/xmlns/",
    "http://www.w3.org/1998/Math/MathML",
    "http://www.sitemaps.org/schemas/sitemap/0.9",
)
# Addresses in Material's JavaScript that are only requested in situations this site never has;
# each has a check below that the situation does not arise.
JS_CONDITIONAL = {
    "https://unpkg.com/resize-observer-polyfill": "only for a browser without ResizeObserver",
    "https://unpkg.com/mermaid@": "only for a page with a mermaid diagram (none: checked)",
    "https://api.github.com/": "repository facts: only with repo_url (not set: checked)",
    "https://${": "GitLab facts: only with repo_url (not set: checked)",
    "https://bit.ly/": "a link printed in a console warning for an invalid search query, never fetched",
}
URL_RE = re.compile(r"""https?://[^\s"'`<>()\\]+""")


# --------------------------------------------------------------------------- parsing the built HTML


class PageParser(HTMLParser):
    """Collects a page's ids, its links and sources, and the links inside each law's paragraphs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.law: int | None = None  # the law whose text we are in
        self.in_uses = 0  # depth inside <div class="law-uses">
        self.div_depth = 0
        self.law_links: dict[int, list[str]] = {}
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        for attr in ("href", "src", "action", "poster", "data", "srcset"):
            if a.get(attr):
                self.refs.append((tag, attr, a[attr]))
        if re.fullmatch(r"h[1-6]", tag):
            m = re.fullmatch(r"law-(\d+)", a.get("id", ""))
            self.law = int(m.group(1)) if m else None
        if tag == "div":
            self.div_depth += 1
            if "law-uses" in a.get("class", "").split() or self.in_uses:
                self.in_uses += 1
        if tag == "a" and self.law is not None and not self.in_uses and "headerlink" not in a.get("class", ""):
            self.law_links.setdefault(self.law, []).append(a.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "div":
            self.div_depth -= 1
            if self.in_uses:
                self.in_uses -= 1

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@functools.cache
def parse(path: Path) -> PageParser:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def html_files(built: BuiltSite) -> list[Path]:
    return sorted(built.dir.rglob("*.html"))


def url_of(built: BuiltSite, path: Path) -> str:
    rel = path.relative_to(built.dir).as_posix()
    if rel.endswith("index.html"):
        rel = rel[: -len("index.html")]
    return built.base + rel


def file_for(built: BuiltSite, url: str) -> Path | None:
    """The file a URL of the site resolves to (``…/`` → ``…/index.html``), or None if outside the site."""
    parts = urlsplit(url)
    base = urlsplit(built.base)
    if parts.netloc != base.netloc or not parts.path.startswith(base.path):
        return None
    rel = unquote(parts.path[len(base.path) :])
    target = built.dir / rel
    if rel == "" or rel.endswith("/"):
        target = target / "index.html"
    return target


def law_page(number: int) -> str:
    for section in load_laws()["sections"]:
        if any(law["number"] == number for law in section["laws"]):
            return f"laws/{section['id']}/index.html"
    raise AssertionError(f"no law {number}")


# --------------------------------------------------------------------------- the build


def test_build_is_strict(built_site: BuiltSite) -> None:
    """The build's time is a benchmark's figure (benchmarks/bench_serve.py, the closing notes), not a
    timed assertion: a loaded machine must not fail the suite."""
    assert "Documentation built in" in built_site.output
    assert not re.search(r"^\s*WARNING", built_site.output, re.M)


def test_every_law_has_its_anchor_and_permalink(built_site: BuiltSite) -> None:
    found: dict[int, list[str]] = {}
    for path in sorted((built_site.dir / "laws").rglob("index.html")):
        rel = path.relative_to(built_site.dir).as_posix()
        if rel.startswith("laws/print/"):
            continue
        html = path.read_text(encoding="utf-8")
        for m in re.finditer(r'<h2 [^>]*\bid="law-(\d+)"[^>]*>Law (\d+)<a class="headerlink" href="#law-(\d+)"', html):
            assert m.group(1) == m.group(2) == m.group(3)
            found.setdefault(int(m.group(1)), []).append(rel)
    assert sorted(found) == list(range(1, 117))
    assert all(len(pages) == 1 for pages in found.values()), {n: p for n, p in found.items() if len(p) > 1}
    printable = parse(built_site.dir / "laws" / "print" / "index.html")
    assert {f"law-{n}" for n in range(1, 117)} <= printable.ids


def test_sections_match_the_book(built_site: BuiltSite) -> None:
    sections = load_laws()["sections"]
    index = (built_site.dir / "laws" / "index.html").read_text(encoding="utf-8")
    for section in sections:
        page = built_site.dir / "laws" / section["id"] / "index.html"
        assert f">{section['heading']}<" in page.read_text(encoding="utf-8")
        assert f">{section['heading']}</a>" in index
    etiquette = [s for s in sections if s["part"] == "etiquette"]
    assert [law["number"] for s in etiquette for law in s["laws"]] == list(range(106, 117))


def test_every_internal_link_and_anchor_resolves(built_site: BuiltSite) -> None:
    problems: list[str] = []
    checked = 0
    for path in html_files(built_site):
        page_url = url_of(built_site, path)
        for tag, attr, value in parse(path).refs:
            values = [v.strip().split()[0] for v in value.split(",")] if attr == "srcset" else [value]
            for ref in values:
                if ref.startswith(("mailto:", "data:", "javascript:", "tel:")):
                    continue
                url = urljoin(page_url, ref)
                target = file_for(built_site, url)
                if target is None:
                    if urlsplit(url).scheme in ("http", "https"):
                        problems.append(f"{path.relative_to(built_site.dir)}: <{tag} {attr}={ref!r}> leaves the site")
                    continue
                checked += 1
                if not target.is_file():
                    problems.append(f"{path.relative_to(built_site.dir)}: <{tag} {attr}={ref!r}>: no {target}")
                    continue
                fragment = unquote(urlsplit(url).fragment)
                if fragment and target.suffix == ".html" and fragment not in parse(target).ids:
                    problems.append(f"{path.relative_to(built_site.dir)}: {ref!r}: no id {fragment!r} in {target.name}")
    assert checked > 1000
    assert not problems, "\n".join(problems[:50])


def _outside(url: str, own: str) -> bool:
    if url.startswith(NAMESPACES):
        return False
    return urlsplit(url).netloc != urlsplit(own).netloc


def test_no_outside_host_in_html_css_js(built_site: BuiltSite) -> None:
    problems: list[str] = []
    for path in sorted(built_site.dir.rglob("*")):
        if not path.is_file() or path.suffix not in (".html", ".css", ".js", ".json", ".xml", ".svg", ".webmanifest"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        rel = path.relative_to(built_site.dir).as_posix()
        if path.suffix in (".css", ".js"):
            # licence banners (/*! … */, /** … */) and the SVG comments inside data: icons are not requests
            text = re.sub(r"/\*[!*].*?\*/", "", text, flags=re.S)
            text = re.sub(r"<!--.*?-->|\\3c !--.*?--\\3e|\\3c !--.*?-->", "", text, flags=re.S)
        for m in URL_RE.finditer(text):
            url = m.group(0)
            if not _outside(url, built_site.base):
                continue
            if path.suffix == ".js" and url.startswith(tuple(JS_CONDITIONAL)):
                continue
            if path.suffix == ".js" and rel.startswith("assets/javascripts/lunr/"):
                # lunr's language packs: comments in code we never load (the site's search is English)
                continue
            problems.append(f"{rel}: {url}")
    assert not problems, "\n".join(problems[:50])


def test_every_page_has_the_content_security_policy_first_in_its_head(built_site: BuiltSite) -> None:
    """Issue 37: every built page, 404.html too, says what it may load (build_scripts/csp.py), before any
    script; one policy for the site, allowing only the site itself, and every inline script by its hash."""
    from build_scripts import csp

    meta = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
    policies: set[str] = set()
    pages = html_files(built_site)  # 404.html too
    for path in pages:
        html = path.read_text(encoding="utf-8")
        found = meta.findall(html)
        assert len(found) == 1, f"{path}: {len(found)} policies"
        head = html[: html.index("</head>")]
        assert head.index("Content-Security-Policy") < head.index("<script"), f"{path}: a script before the policy"
        text = unescape(found[0])
        policies.add(text)
        for source in csp.inline_script_hashes(html):
            assert source in text.split("; ")[1].split(), f"{path}: an inline script without its hash"
    assert len(policies) == 1, "instant navigation keeps the first page's policy: it must be the site's one"
    directives = dict(d.split(" ", 1) for d in policies.pop().split("; "))
    assert directives["default-src"] == "'self'" and directives["connect-src"] == "'self'"
    assert directives["style-src"] == "'self'" and directives["object-src"] == "'none'"
    assert "'unsafe-inline'" not in directives["script-src"] and "'unsafe-eval'" not in directives["script-src"]
    assert not any(' style="' in p.read_text(encoding="utf-8") for p in pages), (
        "a style attribute: refused by the policy"
    )


def test_the_conditions_of_materials_optional_requests_do_not_arise(built_site: BuiltSite) -> None:
    config = yaml.safe_load(re.sub(r"!ENV \[[^\]]*\]", '""', (REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8")))
    assert "repo_url" not in config, "repo_url makes Material fetch repository facts from another host"
    assert config["theme"].get("font") is False, "theme.font must be false: no Google Fonts"
    assert not (config.get("extra") or {}).get("social")
    assert not (config.get("extra") or {}).get("analytics")
    for path in html_files(built_site):
        html = path.read_text(encoding="utf-8")
        assert 'class="mermaid"' not in html, path
        assert "fonts.googleapis" not in html and "fonts.gstatic" not in html, path
    lang = json.loads((built_site.dir / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]["lang"]
    assert lang == ["en"], "other languages would load lunr language packs"


def test_sitemap_and_canonical_use_site_url(built_site: BuiltSite) -> None:
    sitemap = (built_site.dir / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{built_site.base}laws/the-revoke/</loc>" in sitemap
    html = (built_site.dir / "laws" / "the-revoke" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{built_site.base}laws/the-revoke/">' in html


# --------------------------------------------------------------------------- laws, terms, hints


def test_every_law_mention_in_the_laws_is_a_link(built_site: BuiltSite) -> None:
    mentions = 0
    for section in load_laws()["sections"]:
        parser = parse(built_site.dir / "laws" / section["id"] / "index.html")
        for law in section["laws"]:
            for cited in textmark.cited_laws(law["text"]):
                mentions += 1
                target = law_page(cited).rsplit("/index.html", 1)[0]
                links = parser.law_links.get(law["number"], [])
                assert any(
                    h.endswith(f"#law-{cited}") and (target.split("/")[-1] in h or h.startswith("#")) for h in links
                ), f"law {law['number']} cites law {cited}: links {links}"
    assert mentions >= 1


def test_where_this_law_matters(built_site: BuiltSite) -> None:
    html = (built_site.dir / "laws" / "shuffling" / "index.html").read_text(encoding="utf-8")
    block = html[html.index('id="law-27"') :]
    block = block[: block.index('class="law-uses"') + 600]
    assert 'href="#law-24"' in block, "law 24 cites law 27"
    errata_laws = {e["where"]["ref"] for e in load_errata()["errata"] if e["where"]["kind"] == "law"}
    for number in sorted(errata_laws)[:5]:
        page = (built_site.dir / law_page(number)).read_text(encoding="utf-8")
        section = page[page.index(f'id="law-{number}"') :]
        assert "errata/#erratum-" in section[: section.index("law-uses") + 2000]
    concordance = REPO_ROOT / "content" / "concordance.yaml"
    if concordance.is_file():
        row = yaml.safe_load(concordance.read_text(encoding="utf-8"))["rows"][0]
        for number in row["laws"]:
            page = (built_site.dir / law_page(number)).read_text(encoding="utf-8")
            assert f"concordance/#concordance-{row['id']}" in page


def test_terms_have_ids_and_show_as_abbreviations(built_site: BuiltSite) -> None:
    ids = parse(built_site.dir / "terms" / "index.html").ids
    for term in load_terms()["terms"]:
        assert f"term-{term['id']}" in ids
    html = (built_site.dir / "laws" / "the-rubber" / "index.html").read_text(encoding="utf-8")
    assert '<abbr title="consists of three games. When, however, a lap is made in the third game' in html
    pages = list((built_site.dir / "laws").rglob("index.html")) + list((built_site.dir / "hints").rglob("index.html"))
    for path in pages:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"(.)<abbr [^>]*>([^<]*)</abbr>(.)", text):
            assert not m.group(1).isalnum() and not m.group(3).isalnum(), f"{path}: a term breaks a word: {m.group(0)}"


def test_every_hint_has_its_anchor(built_site: BuiltSite) -> None:
    hints = load_hints()
    for position in hints["positions"]:
        ids = parse(built_site.dir / "hints" / position["id"] / "index.html").ids
        for hint in position["hints"]:
            assert f"hint-{hint['id']}" in ids
    intro = parse(built_site.dir / "hints" / "index.html").ids
    assert {f"intro-{i + 1}" for i in range(len(hints["intro"]))} <= intro


def test_errata_page_lists_every_erratum(built_site: BuiltSite) -> None:
    parser = parse(built_site.dir / "errata" / "index.html")
    for entry in load_errata()["errata"]:
        assert f"erratum-{entry['id']}" in parser.ids
    for case_id in list_cases():
        for erratum in load_case(case_id).get("errata", []):
            # its id is the anchor, not a word of the page (issue 26: no internal identifiers)
            assert f"case-erratum-{erratum['id']}" in parser.ids


def test_search_index_finds_laws_by_number(built_site: BuiltSite) -> None:
    docs = json.loads((built_site.dir / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    by_location = {d["location"]: d for d in docs}
    for number in (1, 52, 116):
        location = law_page(number).replace("index.html", "") + f"?law={number}"  # a result of its own (issue 36)
        assert by_location[location]["title"] == f"Law {number}"
    assert not any(d["location"].startswith("laws/print/") for d in docs), "the printable page is not searched"


def test_search_index_has_each_law_and_situation_as_its_own_entry(built_site: BuiltSite) -> None:
    """Issue 36: each law and each situation of the director's guide is a result of its own (an address
    with no ``#`` is a page to the theme, and each page one result), once; the guide's page keeps one
    entry, its own, without every answer's text and at any page's weight; the index's terms are trimmed and
    stemmed, and the forms and the kept stop words are there for the search worker."""
    index = json.loads((built_site.dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = [d["location"] for d in index["docs"]]
    assert len(locations) == len(set(locations))
    every = json.loads((REPO_ROOT / "euchre_core" / "data" / "situations.json").read_text(encoding="utf-8"))
    for sit in every["situations"]:
        assert locations.count(f"director/?s={sit['id']}") == 1, sit["id"]
    for number in range(1, 117):
        assert len([x for x in locations if x.endswith(f"/?law={number}")]) == 1, number
    assert [x for x in locations if x.startswith("director/") and "?" not in x] == ["director/"]
    assert not [x for x in locations if "#law-" in x or "#s-" in x]
    guide = next(d for d in index["docs"] if d["location"] == "director/")
    assert len(guide["text"]) < 3000, "the guide's own entry holds its groups, not every answer"
    assert guide.get("boost", 1) == 1, "the guide's contents rank as any page, not with its situations"
    config = index["config"]
    assert config["pipeline"] == ["trimmer", "stopWordFilter", "stemmer"]  # the worker makes all three its own
    assert config["euchre_forms"]["dealt"] == "deal" and config["euchre_forms"]["lone"] == "alone"
    assert config["euchre_kept"] == ["all"]
    worker = (built_site.dir / "javascripts" / "search-worker.js").read_text(encoding="utf-8")
    assert "@THEME_WORKER@" not in worker and "assets/javascripts/workers/search." in worker


# --------------------------------------------------------------------------- cases


@pytest.mark.parametrize("case_id", list_cases())
def test_case_page_shows_the_engines_play(built_site: BuiltSite, case_id: str) -> None:
    replay = replay_case(case_id)
    html = (built_site.dir / "cases" / case_id.lower() / "index.html").read_text(encoding="utf-8")
    tables = re.findall(r'<table class="trick-table" data-trick="(\d+)">(.*?)</table>', html, re.S)
    assert len(tables) == len(replay.deal.tricks)
    for (number, table), trick in zip(tables, replay.deal.tricks, strict=True):
        winner = SEATS[trick.winner]
        assert f'data-winner="{winner}"' in table, f"Case {case_id}, trick {number}: the engine's winner is {winner}"
        cells = re.findall(r'<td class="played[^"]*"([^>]*)>', table)
        played = [
            (re.search(r'data-seat="(\w)"', c).group(1), re.search(r'data-card="(\w\w)"', c).group(1)) for c in cells
        ]
        assert played == [(SEATS[s], str(c)) for s, c in trick.cards]
        assert f"<strong>{winner}</strong>" in table
    for seat in SEATS:
        for code in replay.data["hands"].get(seat, []):
            assert cards_html.card_html(code) in html
    assert ("The book's narration stops here" in html) == (not replay.deal.is_over)
    assert ('id="note-on-the-text"' in html) == bool(replay.data.get("errata"))
    plain = " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())
    for remark in replay.data.get("remarks", []):
        where = "trick-remark" if remark.get("after_trick") and remark["after_trick"] <= len(tables) else 'id="remarks"'
        assert where in html, f"Case {case_id}: a remark is missing"
        assert remark["text"][:60] in plain, f"Case {case_id}: the remark's text is missing"


def _broken_case() -> dict:
    data = copy.deepcopy(load_case("I"))
    first = data["tricks"][0]
    assert first["cards"][1] == ["C", "7D"]
    first["cards"][1] = ["C", "QS"]  # C holds diamonds: he must follow suit (Law 62)
    return data


def test_an_illegal_case_fails_the_render_with_trick_and_law() -> None:
    with pytest.raises(site.BuildError) as caught:
        site.render_case(_broken_case())
    message = str(caught.value)
    assert "Case I, trick 1" in message
    assert re.search(r"\b[Ll]aws? \d+", message), message
    with pytest.raises(CaseError):
        from euchre_core.formats.cases import replay_case_data

        replay_case_data(_broken_case())


def test_an_illegal_case_fails_the_build(tmp_path: Path, built_site: BuiltSite) -> None:
    cases = tmp_path / "cases"
    shutil.copytree(REPO_ROOT / "euchre_core" / "data" / "cases", cases)
    (cases / "I.json").write_text(json.dumps(_broken_case(), indent=2), encoding="utf-8")
    proc = run_mkdocs_build(tmp_path / "site", built_site.base, EUCHRE_CASES_DIR=str(cases))
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "Case I, trick 1" in output and re.search(r"\b[Ll]aws? \d+", output), output


def test_case_page_renders_from_data() -> None:
    page = site.render_case(copy.deepcopy(load_case("V")))
    assert page.startswith('---\ntitle: "Case V')
    assert "{ #trick-1 }" in page and "Note on the text" in page


# --------------------------------------------------------------------------- codes and concordance


def test_codes_and_concordance_render_from_data(tmp_path: Path) -> None:
    builder = site.Builder()
    builder.codes = [
        {
            "code": "washington1877",
            "title": "The Laws of Euchre (Washington, 1877)",
            "source": "002",
            "citation": "Peterson, Philadelphia 1877",
            "chapters": [
                {"id": "cutting", "heading": "Cutting", "paragraphs": ["Ace *low*; see Rule 5."], "topics": ["cutting"]}
            ],
            "ocr_fixes": [{"ocr": "Eight-Bower", "fixed": "Right-Bower"}],
        }
    ]
    builder.concordance = {
        "rows": [
            {
                "id": "cutting",
                "topic": "Cutting",
                "somerset1888": "Highest deals (Law 11).",
                "laws": [8, 11],
                "washington1877": "Lowest deals.",
                "washington1877_ref": "cutting",
                "hoyle": None,
                "hoyle_ref": None,
                "engine": "RuleSet.cut_order",
            }
        ]
    }
    pages = builder.code_pages()
    code = pages["codes/washington1877.md"]
    assert "## Cutting { #cutting }" in code
    assert r"Ace \*low\*; see Rule 5." in code, "the other codes' rule numbers are not the 1888 laws: no link"
    concordance = pages["concordance.md"]
    assert "{ #concordance-cutting }" in concordance
    assert "[8](laws/cutting.md#law-8)" in concordance and "[11](laws/formation-of-the-table.md#law-11)" in concordance
    assert "[Law 11](laws/formation-of-the-table.md#law-11)" in concordance
    assert "[Washington 1877](codes/washington1877.md)" in concordance
    # the engine's name is a code span, where a backslash is shown, not read (issue 36: "cut\\_order")
    assert "| `RuleSet.cut_order` |" in concordance and "\\_" not in concordance
    assert "concordance.md" in pages["codes/index.md"]
    builder.codes, builder.concordance = [], None
    assert builder.code_pages() == {}


def test_other_codes_pages_exist_when_their_data_does(built_site: BuiltSite) -> None:
    for path in sorted((REPO_ROOT / "content" / "codes").glob("*.yaml")):
        assert (built_site.dir / "codes" / path.stem / "index.html").is_file()
    concordance = REPO_ROOT / "content" / "concordance.yaml"
    if concordance.is_file():
        ids = parse(built_site.dir / "concordance" / "index.html").ids
        for row in yaml.safe_load(concordance.read_text(encoding="utf-8"))["rows"]:
            assert f"concordance-{row['id']}" in ids
        # the engine's names read as written on the page and in the search index's snippets (issue 36)
        html = (built_site.dir / "concordance" / "index.html").read_text(encoding="utf-8")
        index = (built_site.dir / "search" / "search_index.json").read_text(encoding="utf-8")
        assert "<code>RuleSet.cut_order, RuleSet.highest_cut_deals</code>" in html
        assert "RuleSet.cut_order, RuleSet.highest_cut_deals" in index
        assert not re.search(r"<code>[^<]*\\_", html), "a backslash shown before an underscore"


# --------------------------------------------------------------------------- cards and the Markdown extension


def test_cards_render_with_symbols_and_names() -> None:
    assert cards_html.card_html("TD") == '<span class="card red" role="img" aria-label="10 of diamonds">10♦</span>'
    assert cards_html.card_html("JS") == '<span class="card black" role="img" aria-label="knave of spades">J♠</span>'


def test_markdown_extension_shares_the_case_pages_html() -> None:
    md = markdown.markdown(
        "Lead {{JC}}.\n\n```deal\nA: 9C JC AH KH 8S\nB: AC QH 8H JD TS\nC: 7D 8D TD QS TH\nD: KC TC AS 9S 9H\n"
        "turn-up: 9C\ntrump: clubs\ndealer: A\n```\n",
        extensions=["build_scripts.card_markdown", "fenced_code"],
    )
    assert cards_html.card_html("JC") in md
    hands = load_case("I")["hands"]
    assert cards_html.deal_html(hands, turn_up="9C", trump="C", dealer="A") in md


def test_markdown_extension_warns_on_a_bad_card(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = markdown.markdown("{{ZZ}}", extensions=[card_markdown.CardExtension()])
    assert "{{ZZ}}" in html
    assert any("not a card" in r.getMessage() for r in caplog.records)


def test_hand_written_pages_use_the_extension(built_site: BuiltSite) -> None:
    for page in ("index.html", "notation/index.html"):
        html = (built_site.dir / page).read_text(encoding="utf-8")
        assert '<figure class="deal">' in html and 'aria-label="knave of clubs">J♣</span>' in html


def test_the_home_page_speaks_to_card_players(built_site: BuiltSite) -> None:
    """Issue 36: the home page's text names no file format and no package (the engine's page does)."""
    html = (built_site.dir / "index.html").read_text(encoding="utf-8")
    article = re.sub(r"<[^>]+>", " ", html.split("<article", 1)[1].split("</article>", 1)[0])
    assert not re.findall(r"\b(?:YAML|JSON|euchre_core|content/)", article)
    assert 'href="engine/"' in html, "the programmer's way in stays"


def test_no_generated_page_is_written_to_docs() -> None:
    for page in site.generate().pages:
        assert not (REPO_ROOT / "docs" / page).exists(), page


def test_the_generator_writes_only_what_changed_and_removes_what_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """build_scripts/generate.py's tree: unchanged bytes keep their file (and time), a file no longer
    generated goes, and a new navigation renews every page's time (for `mkdocs serve --dirty`)."""
    from pathlib import Path as P

    out = tmp_path / "tree"
    src = tmp_path / "asset.bin"
    src.write_bytes(b"x" * 10)
    files: dict[str, P | bytes] = {"a.md": b"# A\n", "b.md": b"# B\n", "c.txt": src, generate.NAV_FILE: b"[1]"}
    generate.write_tree(out, files, generate.Report())
    times = {name: (out / name).stat().st_mtime_ns for name in ("a.md", "b.md", "c.txt")}
    report = generate.Report()
    generate.write_tree(out, {**files, "b.md": b"# B, changed\n"} | {"d.md": b"# D\n"}, report)
    assert sorted(report.written) == ["b.md", "d.md"] and report.unchanged == 3 and not report.full
    assert (out / "a.md").stat().st_mtime_ns == times["a.md"] and (out / "c.txt").stat().st_mtime_ns == times["c.txt"]
    report = generate.Report()
    generate.write_tree(out, {k: v for k, v in files.items() if k != "b.md"} | {generate.NAV_FILE: b"[2]"}, report)
    assert report.removed == ["b.md", "d.md"] and not (out / "b.md").exists() and report.full
    assert (out / "a.md").stat().st_mtime_ns > times["a.md"]


def test_under_watch_the_large_pages_are_written_after_the_small_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit that changes a law's section and the pages that gather every law: the section is on disk
    before the large pages change (so `mkdocs serve` renders it without them), the large ones follow
    after the pause; without the pause (a build), or when only large pages changed, nothing waits."""
    out = tmp_path / "tree"
    big = b"x" * (generate.LARGE_PAGE + 1)
    files: dict[str, Path | bytes] = {"law.md": b"# L\n", "print.md": big, generate.NAV_FILE: b"[1]"}
    generate.write_tree(out, files, generate.Report())
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        assert (out / "law.md").read_bytes() == b"# L, edited\n"  # the small page is written first
        assert (out / "print.md").read_bytes() == big  # the large one not yet

    monkeypatch.setattr(generate.time, "sleep", pause)
    report = generate.Report()
    edited = {**files, "law.md": b"# L, edited\n", "print.md": big + b"y"}
    generate.write_tree(out, edited, report, stagger=1.0)
    assert pauses == [1.0] and (out / "print.md").read_bytes() == big + b"y"
    assert sorted(report.written) == ["law.md", "print.md"]
    generate.write_tree(out, {**edited, "print.md": big + b"z"}, generate.Report(), stagger=1.0)  # only large
    generate.write_tree(out, {**edited, "law.md": b"# L\n", "print.md": big}, generate.Report())  # no stagger
    assert pauses == [1.0] and (out / "print.md").read_bytes() == big


def _modules() -> Iterator[object]:
    yield from (cards_html, card_markdown, textmark, site, generate)
    for name in ("base", "laws", "remarks", "cases", "codes", "edition", "director"):  # site.Builder's pages
        yield importlib.import_module(f"build_scripts.pages.{name}")


@pytest.mark.parametrize("module", list(_modules()), ids=lambda m: m.__name__)
def test_build_scripts_doctests(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0
