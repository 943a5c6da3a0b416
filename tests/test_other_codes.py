"""The other codes (Hoyle's, the 1877 Washington club) and the concordance with the 1888 laws.

Structure checks for content/codes/hoyle.yaml, content/codes/washington1877.yaml and
content/concordance.yaml, and a fidelity check of every transcribed paragraph against its
source in ../shared/seeds/ (with the file's recorded ocr_fixes applied to the source first).
"""

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
SEEDS = ROOT.parent / "shared" / "seeds"

CODES = {
    "hoyle": CONTENT / "codes" / "hoyle.yaml",
    "washington1877": CONTENT / "codes" / "washington1877.yaml",
}
CODE_KEYS = {"code", "title", "source", "citation", "chapters", "ocr_fixes", "about"}
CHAPTER_KEYS = {"id", "heading", "paragraphs", "topics"}
CHAPTER_OPTIONAL = {"level"}
ROW_KEYS = {
    "id",
    "topic",
    "somerset1888",
    "laws",
    "washington1877",
    "washington1877_ref",
    "hoyle",
    "hoyle_ref",
}
ROW_OPTIONAL = {"engine"}
STOP_NOTE = "[The source text stops here.]"
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# largest stretch of source text allowed between two consecutive paragraphs: only printed
# headings may stand there, and their words must all occur in the file's title or headings
MAX_GAP = 50

QUOTES = "\"'\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2032\u2033`\u00b4"
DASHES = "\u2012\u2013\u2014\u2015\u2212"


def load(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def normalise(text):
    """Lower case, one kind of quote and dash, line-end hyphenation joined, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub("[" + re.escape(QUOTES) + "]", '"', text)
    text = text.replace("--", "\u2014")
    text = re.sub(r"\s*[" + DASHES + r"]+\s*", " \u2014 ", text)
    # hyphens inside words and line-end hyphenation ("do- mestic", "thirty- two") are dropped
    text = re.sub(r"(?<=\w)-\s*(?=\w)", "", text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r" (?=[,;:.!?)])", "", text)
    text = text.replace("( ", "(")
    text = re.sub(r' ?" ?', '"', text)
    return text.strip()


def words(text):
    return re.findall(r"\w+", normalise(text))


def comparable(paragraph):
    """The paragraph as it should appear in the source: editorial marks taken off."""
    paragraph = re.sub(r"^Note:\s*", "", paragraph)
    paragraph = re.sub(r"\s*\[sic\]", "", paragraph)
    paragraph = re.sub(r"\[OCR unreadable: ([^\]]*)\]", r"\1", paragraph)  # the raw OCR, quoted
    return normalise(paragraph)


def seed_path(source_id):
    found = sorted(SEEDS.glob(f"{source_id}_*.txt"))
    if not found:
        pytest.skip(f"source {source_id} not found in {SEEDS}")
    return found[0]


def fixed_source(doc):
    """The raw source with the file's ocr_fixes applied in order; each fix must still apply."""
    text = seed_path(doc["source"]).read_text(encoding="utf-8")
    stale = []
    for fix in doc["ocr_fixes"]:
        if fix["printed"] not in text:
            stale.append(fix["printed"])
        text = text.replace(fix["printed"], fix["chosen"])
    assert not stale, f"ocr_fixes whose printed text is not in the source: {stale}"
    return text


def missing_paragraphs(doc, source_text):
    """Paragraphs of doc that do not occur in the (fixed) source after normalisation."""
    src = normalise(source_text)
    missing = []
    for ch in doc["chapters"]:
        for i, par in enumerate(ch["paragraphs"]):
            if par == STOP_NOTE:
                continue
            if comparable(par) not in src:
                missing.append(f"{ch['id']}[{i}]: {par[:70]}")
    return missing


@pytest.fixture(scope="module", params=sorted(CODES))
def code(request):
    return request.param, load(CODES[request.param])


@pytest.fixture(scope="module")
def concordance():
    return load(CONTENT / "concordance.yaml")


# ---------------------------------------------------------------- structure of the code files


def test_code_file_keys(code):
    name, doc = code
    assert isinstance(doc, dict)
    assert CODE_KEYS <= set(doc), CODE_KEYS - set(doc)
    assert doc["code"] == name
    for key in ("title", "source", "citation"):
        assert isinstance(doc[key], str) and doc[key].strip(), key
    assert re.fullmatch(r"\d{3}", doc["source"])
    assert isinstance(doc["chapters"], list) and doc["chapters"]
    assert isinstance(doc["ocr_fixes"], list)


def test_chapters(code):
    _, doc = code
    ids = [ch["id"] for ch in doc["chapters"]]
    assert len(ids) == len(set(ids)), "chapter ids must be unique"
    chapters = doc["chapters"]
    for index, ch in enumerate(chapters):
        assert CHAPTER_KEYS <= set(ch) <= CHAPTER_KEYS | CHAPTER_OPTIONAL, (ch.get("id"), set(ch) ^ CHAPTER_KEYS)
        assert SLUG.match(ch["id"]), ch["id"]
        assert isinstance(ch["heading"], str) and ch["heading"].strip()
        level = ch.get("level", 2)
        assert level in (2, 3, 4), ch["id"]
        assert isinstance(ch["paragraphs"], list), ch["id"]
        if not ch["paragraphs"]:  # a heading over sections only: the next chapter must rank below it
            assert index + 1 < len(chapters) and chapters[index + 1].get("level", 2) > level, ch["id"]
        for par in ch["paragraphs"]:
            assert isinstance(par, str) and par.strip(), ch["id"]
            assert par == par.strip() and "\n" not in par, ch["id"]
        assert isinstance(ch["topics"], list)
        assert all(isinstance(t, str) and SLUG.match(t) for t in ch["topics"]), ch["id"]


def test_about_this_text_note(code):
    _, doc = code
    about = doc.get("about")
    assert isinstance(about, list) and about and all(isinstance(p, str) and p.strip() for p in about)


def test_washington_explains_its_brackets_paragraphs_and_sic():
    about = " ".join(load(CODES["washington1877"])["about"])
    for said in ("square brackets", "paragraphs are this edition's", "[sic]", "unreadable"):
        assert said in about, said


def test_no_ocr_garble_presented_as_printed():
    """The one passage of 002 that cannot be restored is marked unreadable, its raw OCR quoted."""
    doc = load(CODES["washington1877"])
    text = " ".join(p for ch in doc["chapters"] for p in ch["paragraphs"])
    assert "[OCR unreadable: But. repawns a .s.]" in text
    assert "repawns" not in re.sub(r"\[OCR unreadable: [^\]]*\]", "", text)


def test_hoyle_headings_ranked_as_printed():
    doc = load(CODES["hoyle"])
    levels = {ch["id"]: ch.get("level", 2) for ch in doc["chapters"]}
    assert levels["euchre"] == 2 and levels["two-handed"] == 3 and levels["hints"] == 3
    assert all(levels[c] == 4 for c in levels if c.startswith("hints-"))
    marking = next(ch for ch in doc["chapters"] if ch["id"] == "marking")
    assert marking["paragraphs"][-1].startswith("The hints for play which follow"), "printed before the heading"


def _code_errata():
    return [e for e in load(CONTENT / "errata.yaml")["errata"] if e["where"]["kind"] == "code"]


def test_hoyle_omitted_footnotes_are_errata():
    """Footnotes 21-23 of the Wikisource page are left out: each is an erratum, not only a comment."""
    quoted = " ".join(e["sources"].get("001", "") for e in _code_errata() if e["where"]["ref"] == "hoyle")
    for marker in ("21   De la Rue", "22   The elder hand may", "23   For some further rules"):
        assert marker in quoted, marker


@pytest.mark.parametrize("entry", _code_errata(), ids=lambda e: e["id"])
def test_code_errata_quote_their_source(entry):
    """What an erratum of a code quotes (fragments split by " / " and "...") is in that source."""
    for source_id, quoted in entry["sources"].items():
        if quoted.startswith("("):  # a description of what is left out, not a quotation
            continue
        text = normalise(seed_path(source_id).read_text(encoding="utf-8"))
        for fragment in re.split(r" / |\.\.\.", quoted):
            if fragment.strip():
                assert normalise(fragment) in text, (entry["id"], fragment)


def test_ocr_fixes_shape(code):
    _, doc = code
    for fix in doc["ocr_fixes"]:
        assert set(fix) == {"printed", "chosen", "why"}, fix
        assert isinstance(fix["printed"], str) and fix["printed"], fix
        assert isinstance(fix["chosen"], str), fix
        assert isinstance(fix["why"], str) and fix["why"].strip(), fix
        assert fix["printed"] != fix["chosen"], fix


def test_washington_text_stops_where_the_source_does():
    doc = load(CODES["washington1877"])
    assert doc["chapters"][-1]["paragraphs"][-1] == STOP_NOTE
    others = [p for ch in doc["chapters"] for p in ch["paragraphs"][:-1] if p == STOP_NOTE]
    assert not others


# ---------------------------------------------------------------- fidelity to the sources


def test_paragraphs_are_in_the_source(code):
    _, doc = code
    missing = missing_paragraphs(doc, fixed_source(doc))
    assert not missing, "paragraphs not found in the source:\n" + "\n".join(missing)


def test_paragraphs_follow_the_source_in_order_and_cover_it(code):
    """Paragraphs (notes aside) occur in source order, with only headings between them."""
    _, doc = code
    src = normalise(fixed_source(doc))
    heading_words = set(words(doc["title"]))
    for ch in doc["chapters"]:
        heading_words.update(words(ch["heading"]))
    pos = None
    for ch in doc["chapters"]:
        for i, par in enumerate(ch["paragraphs"]):
            if par == STOP_NOTE or par.startswith("Note:"):
                continue
            needle = comparable(par)
            at = src.find(needle, pos or 0)
            assert at >= 0, f"{ch['id']}[{i}] out of order: {par[:70]}"
            if pos is not None:
                gap = src[pos:at]
                left_out = set(words(gap)) - heading_words
                assert len(gap) <= MAX_GAP and not left_out, (
                    f"source text left out before {ch['id']}[{i}]: {gap[:200]!r}"
                )
            pos = at + len(needle)
    if doc["code"] == "washington1877":
        assert len(src) - pos <= MAX_GAP, f"text after the last paragraph: {src[pos : pos + 200]!r}"


def test_notes_are_footnotes_of_the_source():
    doc = load(CODES["hoyle"])
    src = normalise(fixed_source(doc))
    notes = [p for ch in doc["chapters"] for p in ch["paragraphs"] if p.startswith("Note:")]
    assert notes
    for note in notes:
        assert re.search(r"\d\d " + re.escape(comparable(note)), src), note[:70]


def test_fidelity_check_catches_a_changed_word(code):
    """The check itself must fail when one word of a paragraph is changed."""
    _, doc = code
    source_text = fixed_source(doc)
    chapters = [dict(ch, paragraphs=list(ch["paragraphs"])) for ch in doc["chapters"]]
    target = max(chapters, key=lambda ch: len(ch["paragraphs"]))
    words = target["paragraphs"][0].split(" ")
    words[len(words) // 2] = "zzyzx"
    target["paragraphs"][0] = " ".join(words)
    assert missing_paragraphs(dict(doc, chapters=chapters), source_text)


def test_normalise():
    assert normalise("do- mestic \u201cQuoted\u201d  text ;") == normalise('domestic "quoted" text;')
    assert normalise("four \u2014 five") == normalise("four\u2014five") == normalise("four -- five")
    assert normalise("king") != normalise("queen")


# ---------------------------------------------------------------- concordance


def test_concordance_rows(concordance):
    rows = concordance["rows"]
    assert isinstance(rows, list) and len(rows) >= 15
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "row ids must be unique"
    for row in rows:
        assert ROW_KEYS <= set(row) <= ROW_KEYS | ROW_OPTIONAL, (row.get("id"), set(row) ^ ROW_KEYS)
        assert SLUG.match(row["id"]), row["id"]
        for key in ("topic", "somerset1888"):
            assert isinstance(row[key], str) and row[key].strip(), (row["id"], key)
        for key in ("washington1877", "hoyle"):
            assert row[key] is None or (isinstance(row[key], str) and row[key].strip()), (row["id"], key)
        assert row["washington1877"] is not None or row["hoyle"] is not None, row["id"]
        if "engine" in row:
            assert isinstance(row["engine"], str) and row["engine"].strip(), row["id"]


def test_concordance_law_numbers(concordance):
    for row in concordance["rows"]:
        laws = row["laws"]
        assert isinstance(laws, list), row["id"]
        assert len(laws) == len(set(laws)), row["id"]
        for n in laws:
            assert isinstance(n, int) and not isinstance(n, bool), (row["id"], n)
            assert 1 <= n <= 116, (row["id"], n)


@pytest.mark.parametrize("code_name", sorted(CODES))
def test_concordance_refs_name_chapters(concordance, code_name):
    chapter_ids = {ch["id"] for ch in load(CODES[code_name])["chapters"]}
    for row in concordance["rows"]:
        ref = row[f"{code_name}_ref"]
        if row[code_name] is None:
            assert ref is None, (row["id"], "a ref without text")
        else:
            assert ref in chapter_ids, (row["id"], ref)


def test_concordance_law_numbers_exist_in_the_1888_laws(concordance):
    """Every cited number is a numbered law in the 1888 text (seed 000)."""
    text = seed_path("000").read_text(encoding="utf-8")
    start = text.index("THE LAWS OF EUCHRE.")
    end = text.index("TECHNICAL TERMS USED IN EUCHRE")
    numbers = {int(n) for n in re.findall(r"^(\d{1,3})\. ", text[start:end], flags=re.M)}
    assert numbers == set(range(1, 117))
    cited = {n for row in concordance["rows"] for n in row["laws"]}
    assert cited <= numbers
