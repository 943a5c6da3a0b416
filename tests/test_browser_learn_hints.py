"""Issue 12, Learn exercises in a real browser (the engine checking under Pyodide): a first miss gives a
hint, not the answer; the answer comes after a second miss or on request; right and wrong look different.
Uses the Learn tests' fixtures (skipped, saying so, without the Pyodide runtime)."""

from __future__ import annotations

import re

import pytest
import test_browser_learn as learn
from conftest import BuiltSite

pytestmark = pytest.mark.browser
learn_site = learn.learn_site
tab = learn.tab


def test_a_hint_after_the_first_miss_the_answer_after_the_second(tab: object, learn_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    page = tab
    page.goto(learn_site.base + "learn/the-pack/")  # type: ignore[attr-defined]
    ex = page.locator("#ex-pack-left-hearts")  # type: ignore[attr-defined]
    feedback = ex.locator(".exercise-feedback")
    ex.locator('button.choice[data-value="JH"]').click()  # first miss
    expect(feedback).to_have_class(re.compile(r"\bis-wrong\b"), timeout=learn.ENGINE_TIMEOUT)
    expect(feedback).to_contain_text("Not right")
    expect(feedback.locator(".exercise-hint")).to_contain_text("Hint:")
    expect(feedback).not_to_contain_text("knave of diamonds")  # the answer is not given away
    expect(ex.locator("details.exercise-answer")).not_to_have_attribute("open", "")
    expect(ex.locator('button.choice[data-value="JD"]')).not_to_have_class(re.compile(r"\b(right|missed)\b"))
    ex.locator('button.choice[data-value="JC"]').click()  # second miss
    expect(feedback).to_contain_text("Not right again")
    expect(feedback).to_contain_text("The answer: The knave of diamonds")
    expect(ex.locator('button.choice[data-value="JD"]')).to_have_class(re.compile(r"\bmissed\b"))
    wrong = ex.locator('button.choice[data-value="JC"]')
    expect(wrong).to_have_class(re.compile(r"\bwrong\b"))
    ex.locator('button.choice[data-value="JD"]').click()  # and right
    right = ex.locator('button.choice[data-value="JD"]')
    expect(right).to_have_class(re.compile(r"\bright\b"))
    expect(feedback).to_have_class(re.compile(r"\bis-right\b"))
    colour = "el => getComputedStyle(el).borderTopColor"
    ex2 = page.locator("#ex-pack-left-spades")  # type: ignore[attr-defined]
    ex2.locator('button.choice[data-value="JS"]').click()
    wrong2 = ex2.locator('button.choice[data-value="JS"]')
    expect(wrong2).to_have_class(re.compile(r"\bwrong\b"))
    assert right.evaluate(colour) != wrong2.evaluate(colour)  # not one green for both


def test_the_answer_on_request(tab: object, learn_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    page = tab
    page.goto(learn_site.base + "learn/the-pack/")  # type: ignore[attr-defined]
    ex = page.locator("#ex-pack-left-spades")  # type: ignore[attr-defined]
    ex.locator('button.choice[data-value="JS"]').click()
    feedback = ex.locator(".exercise-feedback")
    expect(feedback).to_have_class(re.compile(r"\bis-wrong\b"), timeout=learn.ENGINE_TIMEOUT)
    expect(feedback).not_to_contain_text("knave of clubs")
    feedback.get_by_role("button", name="show the answer").click()
    expect(feedback).to_have_class(re.compile(r"\bis-answer\b"))
    expect(feedback).to_contain_text("The answer: The knave of clubs")
    expect(ex.locator('button.choice[data-value="JC"]')).to_have_class(re.compile(r"\bmissed\b"))
