"""Issue 36: the small coloured words the reader meets on a case page, measured as Chromium draws them
(the computed colour over the backgrounds beneath it, composited) in the light and the dark scheme:
every verdict badge of "The book, checked" ("Only on the book's line" was 3.08:1) and the table's
"does not play" beside a lone hand (4.47:1 on the dark felt) reach WCAG AA's 4.5:1 for their text.
"""

from __future__ import annotations

import pytest
from browser_support import guarded_tab
from conftest import BuiltSite

pytestmark = pytest.mark.browser

AA = 4.5

# the contrast of each element matching the selector: its colour and the backgrounds beneath it,
# composited (alpha included) over the page's white, then WCAG 2's relative luminance
CONTRAST = r"""
(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const parse = (c) => {
    const p = c.match(/rgba?\(([^)]+)\)/)[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const b = parse(getComputedStyle(e).backgroundColor);
    if (b[3] > 0) layers.unshift(b);
  }
  const bg = layers.reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  const fg = over(parse(getComputedStyle(el).color), bg);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
  return {text: el.textContent.trim(), ratio: (hi + 0.05) / (lo + 0.05)};
})
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_case_pages_small_words_reach_aa(browser: object, built_site: BuiltSite, scheme: str) -> None:
    with guarded_tab(browser, color_scheme=scheme) as tab:
        measured = []
        for page in ("ii", "viii"):
            tab.goto(built_site.base + f"cases/{page}/")
            measured += tab.evaluate(CONTRAST, ".verdict")
        assert any(m["text"] == "Only on the book's line" for m in measured), measured
        tab.goto(built_site.base + "cases/vii/#play=1")
        tab.wait_for_selector(".case-player .et-empty")
        measured += tab.evaluate(CONTRAST, ".case-player .et-empty")
        assert any(m["text"] == "does not play" for m in measured), measured
        low = [f"{m['text']!r} {m['ratio']:.2f}:1" for m in measured if m["ratio"] < AA]
        assert not low, f"under {AA}:1 in the {scheme} scheme: {low}"
        assert not tab.guard.errors, tab.guard.errors
