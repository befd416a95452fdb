"""LANG-13 (with LANG-1, LANG-2, LANG-4): COMICS-1 and COMICS-3 in English, 简体中文 and 日本語, once
chosen by the browser's Accept-Language and once by the language switcher on the page. The words a
page shows are compared with the catalogs (Sources/*/Resources/<lang>.lproj/*.strings), axe-core
finds no violations in any language, and a Japanese (or Chinese) page shows no English word of the apps' own."""
from __future__ import annotations

import re
from functools import cache

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from catalogs import LANGUAGES as CATALOG_LANGUAGES, LOCALES, table
from marvel_stub import RULES_CATALOG
from pages_comics import ComicsListPage

AXE = Axe()
# The catalogs the Comics pages are worded from: the pages', the ViewModels' and the shared frame's.
MODULES = ["ComicsWeb", "ComicsPresentation", "WebUI"]

# (catalog folder and <html lang>, the browser locale that asks for it)
LANGUAGES = [pytest.param(language, LOCALES[language], id=language) for language in CATALOG_LANGUAGES]


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every entry of the three modules' tables in `lang`, by key."""
    entries: dict[str, str] = {}
    for module in MODULES:
        entries.update(table(module, lang))
    assert entries, f"no catalog for {lang}"
    return entries


def word(lang: str, key: str, **values: str) -> str:
    text = catalog(lang)[key]
    for name, value in values.items():
        text = text.replace("{" + name + "}", value)
    return text


# Words of the English catalogs that a Japanese page may show: brand names, the switcher's own
# name for English, and the technology named in the no-script sentence.
ALLOWED = {"marvel", "metron", "comics", "english", "javascript"}
# Entries that are not sentences (a date pattern).
NOT_WORDS = {"comics.copy.date-format"}


@cache
def english_words() -> frozenset[str]:
    words: set[str] = set()
    for key, text in catalog("en").items():
        if key in NOT_WORDS:
            continue
        text = re.sub(r"\{[^}]*\}", " ", text)  # placeholders are filled with data
        words.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", text))
    return frozenset(words - ALLOWED)


# The page's text as a person meets it, without the data (titles, names, letters): visible text,
# the document's title and the accessible names and hints of every element.
RENDERED_TEXT = """() => {
  const data = '[data-testid=comic-row], [data-testid=character-row], [data-testid=comic-title],'
    + ' [data-testid=group-header], [data-testid^=letter-link-]';
  let text = document.body.innerText;
  for (const element of document.querySelectorAll(data)) {
    const shown = element.innerText.trim();
    if (shown) text = text.split(shown).join(' ');
  }
  const names = [];
  for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (element.matches('[data-testid^=letter-link-]')) {
      names.push((element.getAttribute('aria-label') || '').replace(element.innerText.trim(), ' '));
      continue;
    }
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      if (element.hasAttribute(name)) names.push(element.getAttribute(name));
    }
  }
  return [document.title, text, ...names].join('\\n');
}"""


def assert_no_english_ui_word(page) -> None:
    text = page.evaluate(RENDERED_TEXT)
    found = sorted({w for w in re.findall(r"[A-Za-z]{2,}", text) if w.lower() in english_words()})
    assert found == [], f"English words on a Chinese or Japanese page: {found}\n{text}"


def assert_no_violations(page) -> None:
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def assert_frame_in(page, lang: str) -> None:
    """<html lang>, the page's fixed words, the switcher's current language, the attribution."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id("home-link")).to_have_accessible_name(word(lang, "comics.site.name"))
    expect(page.get_by_test_id("language-switcher").locator("#language-label")).to_have_text(word(lang, "language.label"))
    expect(page.get_by_test_id(f"language-{lang}")).to_have_attribute("aria-current", "true")
    expect(page.get_by_test_id("skip-link")).to_have_text(word(lang, "skip.link"))
    expect(page.get_by_test_id("attribution")).to_have_text(word(lang, "comics.attribution"))


def assert_list_words_in(page, lang: str) -> None:
    assert_frame_in(page, lang)
    expect(page.get_by_test_id("page-title")).to_have_text(word(lang, "comics.list.heading"))
    expect(page.locator("p.lede")).to_have_text(word(lang, "comics.list.lede"))
    expect(page.locator("label[for=search-field]")).to_have_text(word(lang, "comics.search.label"))
    expect(page.get_by_test_id("search-button")).to_have_text(word(lang, "comics.search.button"))


@pytest.fixture
def browse(browser):
    """Opens pages in a context whose browser asks for `locale` (Accept-Language, LANG-1)."""
    contexts = []

    def open_page(locale: str):
        context = browser.new_context(locale=locale, viewport={"width": 1200, "height": 900})
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def open_in(browse, base_url: str, lang: str, locale: str, how: str) -> ComicsListPage:
    """The list in `lang`: asked for by the browser, or chosen with the switcher from another language."""
    if how == "accept-language":
        return ComicsListPage(browse(locale), base_url).open().wait_until_loaded()
    start = "ja-JP" if lang == "en" else "en-US"
    comics = ComicsListPage(browse(start), base_url).open().wait_until_loaded()
    expect(comics.page.locator("html")).not_to_have_attribute("lang", lang)
    comics.page.get_by_test_id(f"language-{lang}").click()
    expect(comics.page.locator("html")).to_have_attribute("lang", lang)
    comics.wait_until_loaded()
    return comics


HOW = [pytest.param("accept-language", id="by-accept-language"), pytest.param("switcher", id="by-switcher")]


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("lang,locale", LANGUAGES)
def test_LANG_13_COMICS_1_no_connection_in_each_language(browse, serve, lang, locale, how):
    server = serve("--api-base-url", "http://comics.invalid")

    comics = open_in(browse, server.base_url, lang, locale, how)

    expect(comics.error_message).to_have_text(word(lang, "comics.error.no-connection"))
    expect(comics.error_message).to_have_attribute("role", "alert")
    expect(comics.page.get_by_test_id("retry")).to_have_text(word(lang, "comics.retry"))
    assert comics.group_letters() == []
    assert_list_words_in(comics.page, lang)
    assert_no_violations(comics.page)
    if lang != "en":
        assert_no_english_ui_word(comics.page)


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("lang,locale", LANGUAGES)
def test_LANG_13_COMICS_3_titles_grouped_in_each_language(browse, serve, marvel_stub, lang, locale, how):
    stub = marvel_stub(RULES_CATALOG)
    server = serve("--api-base-url", stub.base_url)

    comics = open_in(browse, server.base_url, lang, locale, how)

    expect(comics.error_message).to_be_hidden()
    # COMICS-3 is the same in every language: the titles are data, shown as they come (LANG-13).
    assert comics.group_letters() == ["A", "B", "C", "E", "#"]
    assert comics.titles_in_group("A") == ["Avengers (1963) #1"]
    assert comics.titles_in_group("C") == ["Comic", "cool comic", "Crook"]
    assert comics.titles_in_group("#") == ["'Nam", "2099 Unlimited (1993) #1"]
    assert_list_words_in(comics.page, lang)
    expect(comics.page.get_by_test_id("letter-index")).to_have_attribute("aria-label", word(lang, "comics.index.label"))
    expect(comics.index_link("A")).to_have_attribute("aria-label", word(lang, "comics.group.label", letter="A"))
    expect(comics.index_link("#")).to_have_attribute("aria-label", word(lang, "comics.group.label-other"))
    assert_no_violations(comics.page)
    if lang != "en":
        assert_no_english_ui_word(comics.page)

    # The comic's characters page keeps the language (the cookie or the browser's choice).
    characters = comics.select_comic("Avengers (1963) #1").wait_until_loaded()
    expect(comics.page.locator("html")).to_have_attribute("lang", lang)
    expect(comics.page.locator("#characters-heading")).to_have_text(word(lang, "comics.characters.heading"))
    expect(comics.page.get_by_test_id("back-link")).to_have_text("← " + word(lang, "comics.back"))
    assert characters.names() == ["Ant-Man", "Élektra", "hulk", "Iron Man", "Thor", "Wasp"]
    assert_no_violations(comics.page)
    if lang != "en":
        assert_no_english_ui_word(comics.page)


def test_LANG_13_the_no_english_check_finds_english(browse, catalog_server):
    """The check above can fail: on the English page it finds the catalog's words."""
    page = ComicsListPage(browse("en-US"), catalog_server.base_url).open().wait_until_loaded().page
    with pytest.raises(AssertionError, match="English words on a Chinese or Japanese page"):
        assert_no_english_ui_word(page)
