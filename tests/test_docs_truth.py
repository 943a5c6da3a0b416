"""The documents are true to the code: every file or folder that ARCHITECTURE.md, CONTRIBUTING.md,
README.md and content/README.md name exists, and the number of JSON Schemas they state is the number
in schemas/."""

from __future__ import annotations

import re

import pytest
from conftest import REPO_ROOT

DOCUMENTS = ("ARCHITECTURE.md", "CONTRIBUTING.md", "README.md", "content/README.md")
EXTENSIONS = r"py|md|mjs|js|json|yaml|yml|toml|txt|j2|css|html|cfg|jsonc|whl|zip|png|ini"
# a path: words joined by slashes, or one word with a known extension; inside backticks, a link or a
# diagram line
_PATH = re.compile(rf"(?<![\w./<-])((?:\.\./|\.)?[\w.*-]+(?:/[\w.*-]+)*(?:/|\.(?:{EXTENSIONS})))(?![\w/-])")
# made by a build or an install (not in the repository), or outside it: named, never checked
PRODUCED = ("site/", "dist/", ".cache/", "node_modules/", ".venv", "build/", "docs/_generated", "/tmp/")
OUTSIDE = ("../shared/", "shared/")
# files of the built site (site/...), of the npm runtime, or made by a command the text shows
BUILT = {
    "answers.json",
    "cases/i/answers.json",
    "cases/i/index.html",
    "laws/cards-liable-to-be-called/answers.json",
    "laws/print.md",
    "sw.js",
    "stylesheets/site.min.css",
    "pyodide.asm.mjs",
    "python_stdlib.zip",
    "python_stdlib_rest.zip",
    "euchre_core-0.1.0-cp312-none-any.whl",
}
# folders a diagram's names are relative to
BASES = ("", "build_scripts", "docs")
_PLACEHOLDER = re.compile(r"(?:^|[/-])(?:GROUP|NN|ID|VERSION|NAME)(?:[./-]|$)")  # requirements/GROUP.txt, NN-name.yaml


def _named_paths(document: str) -> set[str]:
    text = (REPO_ROOT / document).read_text(encoding="utf-8")
    candidates: set[str] = set()
    for chunk in re.findall(r"`([^`\n]+)`|\]\(([^)\s]+)\)", text):
        candidates.update(_PATH.findall(chunk[0] or chunk[1]))
    for block in re.findall(r"```\n(.*?)```", text, re.S):  # the diagrams: the left column names files
        for line in block.splitlines():
            candidates.update(_PATH.findall(line.split("  ")[0]))
    return {
        c
        for c in candidates
        if "/" in c.rstrip("/") or re.search(rf"\.(?:{EXTENSIONS})$", c)
        if not c.startswith(PRODUCED) and not c.startswith(OUTSIDE) and "://" not in c
        if c not in BUILT and not _PLACEHOLDER.search(c)
    }


def _exists(path: str, document: str) -> bool:
    for base in [REPO_ROOT / b for b in BASES] + [(REPO_ROOT / document).parent]:
        if "*" in path:
            if any(base.glob(path.rstrip("/"))):
                return True
        elif (base / path).exists():
            return True
    # a name alone (`hooks.py` in build_scripts' column): somewhere in the repository's own folders
    if "/" not in path:
        return any(p for p in REPO_ROOT.rglob(path) if not set(p.parts) & {"node_modules", ".venv", ".git", "site"})
    return False


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_file_a_document_names_exists(document: str) -> None:
    named = _named_paths(document)
    assert len(named) >= 5, f"{document}: the paths were not found (the test's pattern is wrong)"
    missing = sorted(p for p in named if not _exists(p, document))
    assert not missing, f"{document} names files that do not exist: {missing}"


def test_the_stated_number_of_json_schemas_is_the_number_in_schemas() -> None:
    count = len(list((REPO_ROOT / "schemas").glob("*.schema.json")))
    stated = []
    for document in DOCUMENTS:
        text = (REPO_ROOT / document).read_text(encoding="utf-8")
        stated += [int(n) for n in re.findall(r"\b(\d+) JSON Schemas\b", text)]
    assert stated, "no document states how many JSON Schemas there are"
    assert set(stated) == {count}, f"the documents say {stated}; schemas/ has {count}"
