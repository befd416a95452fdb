"""The Todo web app in English, 简体中文 and 日本語 (docs/specs/languages.md): the first
stories' scenarios in each language, chosen by the browser's Accept-Language and by the
language switcher (LANG-1, LANG-2); axe-core on those pages in each language; and no English
word of the app's own on a page in Chinese or Japanese (LANG-4).

Expected words come from the catalogs themselves (`catalogs.Words`): a test in Japanese asserts
the Japanese entry of the key whose English entry the English test asserts (the English tests'
own texts: "To Do", "Check", "New item"…)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from catalogs import LANGUAGES, LOCALES, Words, english_on
from pages_todo import ListPage

AXE = Axe()
WORDS = Words(["TodoWeb", "TodoPresentation", "WebUI"])
# Names that are the same in every language: the app's name, the switcher's "English", keys on
# the keyboard and the file formats of import/export.
ALLOWED = {"Todo", "English", "Ctrl", "Alt", "Shift", "Esc", "Enter", "Tab", "CSV", "JSON", "iCalendar", "ics",
           "txt", "Taskwarrior", "todo"}
HOW = ["accept-language", "switcher"]
# What each language calls its items in these tests (item data is never translated, LANG-11).
TITLES = {
    "en": ("Buy milk", "Write report", "Call mom", "Pay rent"),
    "zh-Hans": ("买牛奶", "写报告", "给妈妈打电话", "交房租"),
    "ja": ("牛乳を買う", "報告書を書く", "母に電話する", "家賃を払う"),
}


@pytest.fixture(params=[(lang, how) for lang in LANGUAGES for how in HOW],
                ids=[f"{lang}-{how}" for lang in LANGUAGES for how in HOW])
def choice(request) -> tuple[str, str]:
    return request.param


@pytest.fixture
def context(browser: Browser, choice):
    """By Accept-Language: the browser asks for the language. By the switcher: the browser asks
    for another one, and the test chooses its language on the page."""
    lang, how = choice
    asked = lang if how == "accept-language" else ("ja" if lang != "ja" else "zh-Hans")
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=LOCALES[asked])
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


def open_list(page, server, choice, path="/") -> ListPage:
    lang, how = choice
    lst = ListPage(page, server).open(path)
    if how == "switcher":
        with page.expect_navigation():
            page.get_by_test_id(f"language-{lang}").click()
        expect(lst.heading).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id(f"language-{lang}")).to_have_attribute("aria-current", "true")
    return lst


def assert_no_violations(page, what: str):
    results = AXE.run(page)
    assert results.violations_count == 0, f"{what}: {page.url}\n{results.generate_report()}"


def test_LIST_1_in_each_language(page, server, api, choice):
    lang, _ = choice
    milk, report, mom, rent = TITLES[lang]
    api.add(rent, completed=True)
    api.add(mom, completed=True)
    api.add(milk)
    api.add(report)
    lst = open_list(page, server, choice)
    expect(lst.section_headers).to_have_text([WORDS.text(lang, "list.section.todo"), WORDS.text(lang, "list.section.done")])
    assert lst.todo_titles() == [report, milk]
    assert lst.done_titles() == [mom, rent]
    assert_no_violations(page, f"list in {lang}")


def test_LIST_4_in_each_language(page, server, choice):
    lang, _ = choice
    lst = open_list(page, server, choice)
    expect(lst.empty_state).to_have_text(WORDS.text(lang, "list.empty.all"))
    expect(lst.section_headers).to_have_count(0)
    assert_no_violations(page, f"empty list in {lang}")


def test_CHECK_1_in_each_language(page, server, api, choice):
    lang, _ = choice
    milk, report, mom, _ = TITLES[lang]
    api.add(mom, completed=True)
    api.add(milk)
    api.add(report)
    lst = open_list(page, server, choice)
    expect(lst.toggle_button(milk)).to_have_text(WORDS.text(lang, "row.check"))
    lst.check(milk)
    assert lst.todo_titles() == [report]
    assert lst.done_titles() == [milk, mom]
    expect(lst.toggle_button(milk)).to_have_text(WORDS.text(lang, "row.uncheck"))
    assert api.by_title(milk)["completed"] is True


def test_ADD_1_in_each_language(page, server, choice):
    lang, _ = choice
    lst = open_list(page, server, choice)
    expect(lst.add_button).to_have_accessible_name(WORDS.text(lang, "list.add-item"))
    form = lst.press_add()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(form.heading).to_have_text(WORDS.text(lang, "form.heading.add"))
    expect(form.title_input).to_be_focused()
    expect(form.cancel_button).to_have_text(WORDS.text(lang, "form.cancel"))
    expect(form.save_button).to_have_text(WORDS.text(lang, "form.save"))
    assert_no_violations(page, f"add form in {lang}")


def test_ADD_3_in_each_language(page, server, api, choice):
    form = open_list(page, server, choice).press_add()
    for blank in ("", "    ", "\u3000"):  # an ideographic space is blank too
        form.title_input.fill(blank)
        expect(form.save_button).to_be_disabled()
    form.save_button.click(force=True)
    assert form.path.startswith("/items/new")
    assert api.todos() == []


def test_ADD_5_in_each_language(page, server, api, choice):
    lang, _ = choice
    milk, report, mom, _ = TITLES[lang]
    api.add(mom, completed=True)
    api.add(report)
    lst = open_list(page, server, choice)
    lst = lst.press_add().fill(f"  {milk}  ").save()
    assert lst.path == "/"
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert lst.todo_titles() == [milk, report]
    assert lst.done_titles() == [mom]


def test_QUICK_1_in_each_language(page, server, api, choice):
    lang, _ = choice
    milk, report, _, _ = TITLES[lang]
    api.add(report)
    lst = open_list(page, server, choice)
    dialog = lst.open_quick_add()
    dialog.wait_all_loaded()
    expect(dialog.save_button).to_have_text(WORDS.text(lang, "form.save"))
    expect(dialog.text).to_be_focused()
    assert_no_violations(page, f"quick add in {lang}")
    dialog.type_text(milk)
    lst = dialog.save()
    expect(dialog.root).to_be_hidden()
    assert lst.todo_titles() == [milk, report]


def test_QUICK_4_in_each_language(page, server, api, choice):
    lang, _ = choice
    milk = TITLES[lang][0]
    lst = open_list(page, server, choice)
    dialog = lst.open_quick_add()
    dialog.wait_all_loaded()
    dialog.type_text(f"  {milk}  \n\n   第二行\n2 L   \n")
    dialog.save()
    assert api.by_title(milk)["details"] == "第二行\n2 L"


# --- LANG-4: no English word of the app's own on a page in Chinese or Japanese -------------

PAGES = ["/", "/today", "/overdue", "/upcoming", "/search?q=%E7%89%9B", "/projects/%E5%AE%B6", "/items/new",
         "/trash", "/import-export", "/quick-add", "/quick-add?project=%E5%AE%B6",
         "/items/00000000-0000-0000-0000-000000000000"]


def assert_no_english(page, server, paths, lang):
    """Each of `paths` is in `lang` and shows none of the app's English words (LANG-4)."""
    english = WORDS.english_words(ALLOWED)
    for path in paths:
        page.goto(server(path))
        expect(page.locator("html")).to_have_attribute("lang", lang)
        assert english_on(page, english) == [], f"{path} in {lang}"


@pytest.mark.parametrize("lang", ["zh-Hans", "ja"])
def test_LANG_4_pages_show_no_english_word(browser: Browser, server, api, lang):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=LOCALES[lang])
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    try:
        milk, report, mom, rent = TITLES[lang]
        api.add(rent, completed=True, project="家")
        api.add(mom, repeatDays=["sun"], estimateMinutes=90, dueDate="2020-01-02")
        api.add(milk, project="家", location={"name": "超市"}, dueDate="2030-03-07", estimateMinutes=30,
                details="两升" if lang == "zh-Hans" else "二本")
        gone = api.add(report)
        api.request("DELETE", f"/api/todos/{gone['id']}")
        item = api.by_title(milk)
        assert_no_english(page, server, PAGES + [f"/items/{item['id']}", f"/items/{item['id']}/edit"], lang)
        # The quick-add dialog the list opens, its sections loaded.
        lst = ListPage(page, server).open("/")
        dialog = lst.open_quick_add()
        dialog.wait_all_loaded()
        assert english_on(page, WORDS.english_words(ALLOWED)) == [], f"quick add in {lang}"
    finally:
        ctx.close()
