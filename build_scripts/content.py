"""Load and validate the book transcribed as data in ``content/``.

The four files are described in ``content/README.md``:

* ``laws.yaml``   -- the 116 numbered laws in the book's 20 sections,
* ``terms.yaml``  -- the Technical Terms,
* ``hints.yaml``  -- the General Remarks (introduction and hints by position),
* ``errata.yaml`` -- every reading decided between the transcriptions.

``load_laws()``, ``load_terms()``, ``load_hints()`` and ``load_errata()`` return the
documents as plain dicts/lists (``yaml.safe_load``). ``validate_all()`` checks the
structure and the cross references and returns human-readable problems; an empty list
means the content is valid. Paths are resolved from the repository root (the parent of
``build_scripts/``), so the module works from any working directory.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import yaml

from build_scripts import load_yaml

REPO_ROOT = Path(__file__).resolve().parent.parent
CONTENT_DIR = REPO_ROOT / "content"

LAW_COUNT = 116
ETIQUETTE_LAWS = tuple(range(106, 117))
PARTS = ("laws", "etiquette")
POSITION_IDS = ("eldest", "second", "third", "dealer", "bridge", "lone-hands", "coups")
ERRATA_KINDS = ("law", "term", "hint", "case", "text", "code")
CODE_REFS = ("hoyle", "washington1877")
SOURCE_KEYS = ("000", "001", "002", "003")
CASE_REFS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
TEXT_REFS_FIXED = ("all", "laws", "terms", "hints", "intro", "preface")

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CARD_RE = re.compile(r"^(?:[789TJQKA][CDHS]|JK)$")
# Left-overs of the scan's markup that must not reach the data.
MARKUP_RE = re.compile(r"[*\\#]|<sup>|\[\d+\]")

LAW_KEYS = {"number", "text", "refs", "refs_implicit"}
SECTION_KEYS = {"id", "heading", "part", "laws"}
TERM_KEYS = {"id", "names", "head", "definition"}
PREFACE_KEYS = {"heading", "paragraphs", "italics"}
POSITION_KEYS = {"id", "heading", "hints"}
HINT_KEYS = {"id", "text", "lead", "item", "list_start", "score", "holding", "footnote"}
ERRATUM_KEYS = {"id", "where", "sources", "chosen", "why"}


def _load(name: str) -> Any:
    with (CONTENT_DIR / name).open(encoding="utf-8") as handle:
        return load_yaml(handle)


def load_laws() -> dict[str, Any]:
    """Return ``content/laws.yaml``: ``{"sections": [{id, heading, part, laws}, ...]}``."""
    return _load("laws.yaml")


def load_terms() -> dict[str, Any]:
    """Return ``content/terms.yaml``: ``{"terms": [{id, names, definition}, ...]}``."""
    return _load("terms.yaml")


def load_hints() -> dict[str, Any]:
    """Return ``content/hints.yaml``: ``{"intro": [...], "positions": [...]}``."""
    return _load("hints.yaml")


def load_preface() -> dict[str, Any]:
    """Return ``content/preface.yaml``: ``{"heading", "paragraphs", "italics"}`` (the book's Preface)."""
    return _load("preface.yaml")


def validate_preface(preface: Any) -> list[str]:
    """Structure of ``preface.yaml``: a heading and a non-empty list of paragraphs.

    >>> validate_preface({"heading": "Preface", "paragraphs": []})
    ['preface.yaml: paragraphs must be a non-empty list']
    """
    problems: list[str] = []
    if not isinstance(preface, dict):
        return ["preface.yaml: top level must be a mapping with 'heading' and 'paragraphs'"]
    _unknown_keys(preface, PREFACE_KEYS, "preface.yaml", problems)
    _check_text(preface.get("heading"), "preface.yaml heading", problems)
    paragraphs = preface.get("paragraphs")
    if not isinstance(paragraphs, list) or not paragraphs:
        problems.append("preface.yaml: paragraphs must be a non-empty list")
    else:
        for index, paragraph in enumerate(paragraphs):
            _check_text(paragraph, f"preface.yaml paragraph {index + 1}", problems)
        for word in preface.get("italics") or []:
            if not _is_text(word) or not any(word in str(p) for p in paragraphs):
                problems.append(f"preface.yaml: italics {word!r} is not in any paragraph")
    return problems


def load_errata() -> dict[str, Any]:
    """Return ``content/errata.yaml``: ``{"errata": [{id, where, sources, chosen, why}, ...]}``."""
    return _load("errata.yaml")


def iter_laws(laws: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Yield the laws of a loaded ``laws.yaml`` in book order."""
    for section in laws.get("sections") or []:
        if isinstance(section, dict):
            for law in section.get("laws") or []:
                if isinstance(law, dict):
                    yield law


def iter_hints(hints: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Yield the hints of a loaded ``hints.yaml`` in book order."""
    for position in hints.get("positions") or []:
        if isinstance(position, dict):
            for hint in position.get("hints") or []:
                if isinstance(hint, dict):
                    yield hint


# --------------------------------------------------------------------------- helpers


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _check_text(value: Any, where: str, problems: list[str]) -> None:
    """A non-empty string, paragraphs separated by exactly one blank line, no markup."""
    if not _is_text(value):
        problems.append(f"{where}: must be a non-empty string")
        return
    if value != value.strip():
        problems.append(f"{where}: leading or trailing whitespace")
    if "\n\n\n" in value:
        problems.append(f"{where}: paragraphs must be separated by one blank line")
    for paragraph in value.split("\n\n"):
        if "\n" in paragraph or paragraph != paragraph.strip() or "  " in paragraph:
            problems.append(f"{where}: stray line break or double space in a paragraph")
            break
    markup = MARKUP_RE.search(value)
    if markup:
        problems.append(f"{where}: scan markup left in the text ({markup.group(0)!r})")


def _unknown_keys(item: dict[str, Any], allowed: set[str], where: str, problems: list[str]) -> None:
    extra = sorted(set(item) - allowed)
    if extra:
        problems.append(f"{where}: unknown key(s) {', '.join(map(str, extra))}")


def _duplicates(values: Iterable[Any]) -> list[Any]:
    seen: set[Any] = set()
    dups: list[Any] = []
    for value in values:
        if value in seen and value not in dups:
            dups.append(value)
        seen.add(value)
    return dups


# --------------------------------------------------------------------------- validators


def validate_laws(laws: Any) -> list[str]:
    """Structure of ``laws.yaml``: sections, 116 laws numbered 1..116, refs to existing laws."""
    problems: list[str] = []
    if not isinstance(laws, dict) or not isinstance(laws.get("sections"), list):
        return ["laws.yaml: top level must be a mapping with a 'sections' list"]
    _unknown_keys(laws, {"sections"}, "laws.yaml", problems)
    section_ids: list[str] = []
    numbers: list[int] = []
    for s_index, section in enumerate(laws["sections"]):
        where = f"laws.yaml section #{s_index + 1}"
        if not isinstance(section, dict):
            problems.append(f"{where}: must be a mapping")
            continue
        _unknown_keys(section, SECTION_KEYS, where, problems)
        sid = section.get("id")
        if not isinstance(sid, str) or not SLUG_RE.match(sid):
            problems.append(f"{where}: id must be a lower-case slug, got {sid!r}")
        else:
            section_ids.append(sid)
            where = f"laws.yaml section {sid}"
        if not _is_text(section.get("heading")):
            problems.append(f"{where}: heading must be a non-empty string")
        if section.get("part") not in PARTS:
            problems.append(f"{where}: part must be one of {PARTS}, got {section.get('part')!r}")
        section_laws = section.get("laws")
        if not isinstance(section_laws, list) or not section_laws:
            problems.append(f"{where}: laws must be a non-empty list")
            continue
        for law in section_laws:
            if not isinstance(law, dict):
                problems.append(f"{where}: every law must be a mapping")
                continue
            number = law.get("number")
            lwhere = f"law {number}" if _is_int(number) else f"{where}: law {number!r}"
            if not _is_int(number):
                problems.append(f"{lwhere}: number must be an integer")
            else:
                numbers.append(number)
                if section.get("part") == "etiquette" and number not in ETIQUETTE_LAWS:
                    problems.append(f"{lwhere}: only laws 106-116 belong to the etiquette part")
                if section.get("part") == "laws" and number in ETIQUETTE_LAWS:
                    problems.append(f"{lwhere}: laws 106-116 must be in the etiquette part")
            _unknown_keys(law, LAW_KEYS, lwhere, problems)
            _check_text(law.get("text"), f"{lwhere} text", problems)
            for key in ("refs", "refs_implicit"):
                if key not in law and key == "refs_implicit":
                    continue
                refs = law.get(key)
                if not isinstance(refs, list) or not all(_is_int(r) for r in refs):
                    problems.append(f"{lwhere}: {key} must be a list of law numbers")
                    continue
                for ref in refs:
                    if not 1 <= ref <= LAW_COUNT:
                        problems.append(f"{lwhere}: {key} cites law {ref}, which does not exist")
                    elif ref == number:
                        problems.append(f"{lwhere}: {key} cites the law itself")
    for dup in _duplicates(section_ids):
        problems.append(f"laws.yaml: section id {dup!r} is not unique")
    for dup in _duplicates(numbers):
        problems.append(f"laws.yaml: law {dup} appears more than once")
    expected = list(range(1, LAW_COUNT + 1))
    if sorted(set(numbers)) != expected:
        missing = sorted(set(expected) - set(numbers))
        extra = sorted(set(numbers) - set(expected))
        if missing:
            problems.append(f"laws.yaml: missing law number(s) {missing}")
        if extra:
            problems.append(f"laws.yaml: law number(s) out of range {extra}")
    elif numbers != expected:
        problems.append("laws.yaml: laws are not in numerical order")
    return problems


def validate_terms(terms: Any) -> list[str]:
    """Structure of ``terms.yaml``: unique ids and names, a definition for every term."""
    problems: list[str] = []
    if not isinstance(terms, dict) or not isinstance(terms.get("terms"), list):
        return ["terms.yaml: top level must be a mapping with a 'terms' list"]
    _unknown_keys(terms, {"terms"}, "terms.yaml", problems)
    if not terms["terms"]:
        problems.append("terms.yaml: no terms")
    ids: list[str] = []
    names: list[str] = []
    for index, term in enumerate(terms["terms"]):
        where = f"terms.yaml term #{index + 1}"
        if not isinstance(term, dict):
            problems.append(f"{where}: must be a mapping")
            continue
        tid = term.get("id")
        if not isinstance(tid, str) or not SLUG_RE.match(tid):
            problems.append(f"{where}: id must be a lower-case slug, got {tid!r}")
        else:
            ids.append(tid)
            where = f"term {tid}"
        _unknown_keys(term, TERM_KEYS, where, problems)
        term_names = term.get("names")
        if not isinstance(term_names, list) or not term_names or not all(_is_text(n) for n in term_names):
            problems.append(f"{where}: names must be a non-empty list of strings")
        else:
            names.extend(n.lower() for n in term_names)
        _check_text(term.get("definition"), f"{where} definition", problems)
        head = term.get("head")
        if head is not None:  # the words before the dash as printed: every name in quotes, comma inside
            if not _is_text(head):
                problems.append(f"{where}: head must be a non-empty string")
            elif isinstance(term_names, list):
                missing = [n for n in term_names if f"“{n},”" not in str(head)]
                if missing:
                    problems.append(f"{where}: head {head!r} does not print the name(s) {missing} as “Name,”")
    for dup in _duplicates(ids):
        problems.append(f"terms.yaml: term id {dup!r} is not unique")
    for dup in _duplicates(names):
        problems.append(f"terms.yaml: name {dup!r} is given to more than one term")
    return problems


def _check_holding(value: Any, where: str, problems: list[str]) -> None:
    """Words (string), one hand of cards, or a list of example hands."""
    if value is None or _is_text(value):
        return
    hands = value if isinstance(value, list) and value and all(isinstance(h, list) for h in value) else [value]
    for hand in hands:
        if not isinstance(hand, list) or not hand or not all(isinstance(c, str) and CARD_RE.match(c) for c in hand):
            problems.append(f"{where}: holding must be words, a list of cards (e.g. JC, TD) or a list of such lists")
            return
        if len(set(hand)) != len(hand):
            problems.append(f"{where}: holding repeats a card")


def validate_hints(hints: Any) -> list[str]:
    """Structure of ``hints.yaml``: intro paragraphs, positions, unique hint ids, list items."""
    problems: list[str] = []
    if not isinstance(hints, dict):
        return ["hints.yaml: top level must be a mapping"]
    _unknown_keys(hints, {"intro", "positions"}, "hints.yaml", problems)
    intro = hints.get("intro")
    if not isinstance(intro, list) or not intro:
        problems.append("hints.yaml: intro must be a non-empty list of paragraphs")
    else:
        for index, paragraph in enumerate(intro):
            _check_text(paragraph, f"hints.yaml intro[{index}]", problems)
    positions = hints.get("positions")
    if not isinstance(positions, list) or not positions:
        return [*problems, "hints.yaml: positions must be a non-empty list"]
    position_ids: list[str] = []
    hint_ids: list[str] = []
    for index, position in enumerate(positions):
        where = f"hints.yaml position #{index + 1}"
        if not isinstance(position, dict):
            problems.append(f"{where}: must be a mapping")
            continue
        pid = position.get("id")
        if pid not in POSITION_IDS:
            problems.append(f"{where}: id must be one of {POSITION_IDS}, got {pid!r}")
        else:
            position_ids.append(pid)
            where = f"position {pid}"
        _unknown_keys(position, POSITION_KEYS, where, problems)
        if not _is_text(position.get("heading")):
            problems.append(f"{where}: heading must be a non-empty string")
        items = position.get("hints")
        if not isinstance(items, list) or not items:
            problems.append(f"{where}: hints must be a non-empty list")
            continue
        for hint in items:
            if not isinstance(hint, dict):
                problems.append(f"{where}: every hint must be a mapping")
                continue
            hid = hint.get("id")
            if not isinstance(hid, str) or not SLUG_RE.match(hid):
                problems.append(f"{where}: hint id must be a slug, got {hid!r}")
                hwhere = f"{where} hint {hid!r}"
            else:
                hint_ids.append(hid)
                hwhere = f"hint {hid}"
            _unknown_keys(hint, HINT_KEYS, hwhere, problems)
            _check_text(hint.get("text"), f"{hwhere} text", problems)
            lead, item = hint.get("lead"), hint.get("item")
            if (lead is None) != (item is None):
                problems.append(f"{hwhere}: lead and item go together")
            elif lead is not None:
                if not _is_text(lead) or not _is_text(item):
                    problems.append(f"{hwhere}: lead and item must be non-empty strings")
                elif hint.get("text") != f"{lead} {item}":
                    problems.append(f"{hwhere}: text must be lead + ' ' + item")
            if hint.get("list_start") is not None and (hint.get("list_start") is not True or lead is None):
                problems.append(f"{hwhere}: list_start (the lead-in printed again) must be true, on a list item")
            for key in ("score", "footnote"):
                if hint.get(key) is not None and not _is_text(hint.get(key)):
                    problems.append(f"{hwhere}: {key} must be a string or null")
            _check_holding(hint.get("holding"), hwhere, problems)
    for dup in _duplicates(position_ids):
        problems.append(f"hints.yaml: position {dup!r} appears more than once")
    for dup in _duplicates(hint_ids):
        problems.append(f"hints.yaml: hint id {dup!r} is not unique")
    return problems


def _text_refs(laws: Any, hints: Any) -> set[str]:
    refs = set(TEXT_REFS_FIXED)
    if isinstance(laws, dict):
        refs.update(s.get("id") for s in laws.get("sections") or [] if isinstance(s, dict))
    if isinstance(hints, dict):
        refs.update(p.get("id") for p in hints.get("positions") or [] if isinstance(p, dict))
        refs.update(f"intro-{i + 1}" for i in range(len(hints.get("intro") or [])))
    refs.discard(None)
    return refs


def validate_errata(errata: Any, laws: Any = None, terms: Any = None, hints: Any = None) -> list[str]:
    """Structure of ``errata.yaml`` and that every ``where.ref`` points to something that exists."""
    problems: list[str] = []
    if not isinstance(errata, dict) or not isinstance(errata.get("errata"), list):
        return ["errata.yaml: top level must be a mapping with an 'errata' list"]
    _unknown_keys(errata, {"errata"}, "errata.yaml", problems)
    law_numbers = {law.get("number") for law in iter_laws(laws)} if isinstance(laws, dict) else set()
    term_ids = (
        {t.get("id") for t in terms.get("terms") or [] if isinstance(t, dict)} if isinstance(terms, dict) else set()
    )
    hint_ids = {h.get("id") for h in iter_hints(hints)} if isinstance(hints, dict) else set()
    text_refs = _text_refs(laws, hints)
    ids: list[str] = []
    for index, entry in enumerate(errata["errata"]):
        where = f"errata.yaml entry #{index + 1}"
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be a mapping")
            continue
        eid = entry.get("id")
        if not isinstance(eid, str) or not SLUG_RE.match(eid):
            problems.append(f"{where}: id must be a slug, got {eid!r}")
        else:
            ids.append(eid)
            where = f"erratum {eid}"
        _unknown_keys(entry, ERRATUM_KEYS, where, problems)
        loc = entry.get("where")
        if not isinstance(loc, dict) or set(loc) != {"kind", "ref"}:
            problems.append(f"{where}: where must be a mapping with kind and ref")
        else:
            kind, ref = loc["kind"], loc["ref"]
            if kind not in ERRATA_KINDS:
                problems.append(f"{where}: where.kind must be one of {ERRATA_KINDS}, got {kind!r}")
            elif kind == "law" and (not _is_int(ref) or ref not in law_numbers):
                problems.append(f"{where}: where.ref {ref!r} is not a law number")
            elif kind == "term" and ref not in term_ids:
                problems.append(f"{where}: where.ref {ref!r} is not a term id")
            elif kind == "hint" and ref not in hint_ids:
                problems.append(f"{where}: where.ref {ref!r} is not a hint id")
            elif kind == "case" and str(ref) not in CASE_REFS and not (_is_int(ref) and 1 <= ref <= len(CASE_REFS)):
                problems.append(f"{where}: where.ref {ref!r} is not a case (I-IX)")
            elif kind == "code" and ref not in CODE_REFS:
                problems.append(f"{where}: where.ref {ref!r} is not one of the other codes {CODE_REFS}")
            elif kind == "text" and ref not in text_refs:
                problems.append(f"{where}: where.ref {ref!r} is not a section, position, intro-N or {TEXT_REFS_FIXED}")
        sources = entry.get("sources")
        if not isinstance(sources, dict) or not sources:
            problems.append(f"{where}: sources must be a non-empty mapping")
        else:
            for key, value in sources.items():
                if key not in SOURCE_KEYS:
                    problems.append(f"{where}: source key {key!r} is not one of {SOURCE_KEYS} (quote it)")
                if not _is_text(value):
                    problems.append(f"{where}: sources[{key!r}] must be a non-empty string")
        for key in ("chosen", "why"):
            if not _is_text(entry.get(key)):
                problems.append(f"{where}: {key} must be a non-empty string")
    for dup in _duplicates(ids):
        problems.append(f"errata.yaml: id {dup!r} is not unique")
    return problems


def validate_all() -> list[str]:
    """Load and validate every content file; return the problems found (empty = valid)."""
    problems: list[str] = []
    loaded: dict[str, Any] = {}
    for name, loader in (
        ("laws", load_laws),
        ("terms", load_terms),
        ("hints", load_hints),
        ("errata", load_errata),
        ("preface", load_preface),
    ):
        try:
            loaded[name] = loader()
        except (OSError, yaml.YAMLError) as error:
            problems.append(f"{name}.yaml: cannot be read: {error}")
            loaded[name] = None
    if loaded["laws"] is not None:
        problems += validate_laws(loaded["laws"])
    if loaded["terms"] is not None:
        problems += validate_terms(loaded["terms"])
    if loaded["hints"] is not None:
        problems += validate_hints(loaded["hints"])
    if loaded["preface"] is not None:
        problems += validate_preface(loaded["preface"])
    if loaded["errata"] is not None:
        problems += validate_errata(loaded["errata"], loaded["laws"], loaded["terms"], loaded["hints"])
    return problems


if __name__ == "__main__":  # pragma: no cover - convenience for the command line
    found = validate_all()
    print("\n".join(found) if found else "content: valid")
    raise SystemExit(1 if found else 0)
