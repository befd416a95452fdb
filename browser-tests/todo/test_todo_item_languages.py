"""The item pages in 简体中文 and 日本語 (LANG-4, LANG-5, LANG-6): the details show dates and
durations the language's way, and the add form's preview chips are in the page's language
(test_languages.py checks every page for English words)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from catalogs import LOCALES, english_on
from test_languages import ALLOWED, TITLES, WORDS


@pytest.mark.parametrize("lang", ["zh-Hans", "ja"])
def test_LANG_5_item_pages_in_the_language_way(browser: Browser, server, api, lang):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=LOCALES[lang])
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    try:
        milk, _, _, rent = TITLES[lang]
        api.add(rent, completed=True, project="家")
        api.add(milk, project="家", location={"name": "超市"}, dueDate="2030-03-07", estimateMinutes=90,
                repeatDays=["mon"])
        item = api.by_title(milk)
        english = WORDS.english_words(ALLOWED)
        page.goto(server(f"/items/{item['id']}"))
        expect(page.get_by_test_id("field-due-date")).to_have_text("2030/03/07")
        expect(page.get_by_test_id("field-estimate")).to_have_text(WORDS.say(lang, "{hours}h{minutes}m", hours="1", minutes="30"))

        # The add form's chips, read from words typed in any language (the word itself is data).
        page.goto(server("/items/new"))
        page.get_by_test_id("title-input").fill(f"{milk} tomorrow #家")
        expect(page.get_by_test_id("chip-project")).to_have_text(WORDS.say(lang, "Project {name}", name="家"))
        assert english_on(page, english, {"tomorrow"}) == [], f"the add preview in {lang}"
    finally:
        ctx.close()
