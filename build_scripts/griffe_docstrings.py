r"""A griffe extension for the API reference: the engine's docstrings, written for ``help()`` and doctest,
read as Markdown by mkdocstrings.

Two things in them are not Markdown: doctest examples (``>>>`` lines and their output), which become
fenced ``pycon`` blocks, and reST literal blocks (a paragraph ending in ``::`` and an indented block),
which become fenced code; and square brackets in prose (``d["laws"]["x"]``), which Markdown would read
as reference links, are escaped. Named in mkdocs.yml (``extensions``), so no internal of MkDocs or
mkdocstrings is patched.

>>> text = 'Deal a hand::\n\n    d = Deal()\n\n>>> 1 + 1\n2\n\nSee x["laws"][0].'
>>> to_markdown(text).splitlines()  # doctest: +NORMALIZE_WHITESPACE
['Deal a hand:', '', '```text', 'd = Deal()', '```', '', '```pycon', '>>> 1 + 1', '2', '```', '',
 'See x\\["laws"\\]\\[0\\].']
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def _escape_prose(line: str) -> str:
    """Escape ``[`` and ``]`` outside inline code spans."""
    out, pos = [], 0
    for m in _CODE_SPAN.finditer(line):
        out.append(line[pos : m.start()].replace("[", "\\[").replace("]", "\\]"))
        out.append(m.group(0))
        pos = m.end()
    out.append(line[pos:].replace("[", "\\[").replace("]", "\\]"))
    return "".join(out)


def to_markdown(text: str) -> str:
    """The docstring ``text`` with its doctest and literal blocks fenced and its prose brackets escaped."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = len(line) - len(stripped)
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i].strip())
                i += 1
            out += ["```pycon", *block, "```"]
            continue
        if line.rstrip().endswith("::") and not stripped.startswith(".."):
            head = line.rstrip()[:-1]  # "Example::" -> "Example:"
            out.append(_escape_prose(head if head.strip() != ":" else ""))
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            base = len(line) - len(stripped)
            if j < len(lines) and len(lines[j]) - len(lines[j].lstrip()) > base:
                indent = len(lines[j]) - len(lines[j].lstrip())
                block = []
                while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) >= indent):
                    block.append(lines[j][indent:])
                    j += 1
                while block and not block[-1].strip():
                    block.pop()
                out += ["", "```text", *block, "```", ""]
                i = j
                continue
            i += 1
            continue
        out.append(_escape_prose(line))
        i += 1
    return "\n".join(out)


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrites every docstring with :func:`to_markdown` when griffe loads it."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = to_markdown(obj.docstring.value)
