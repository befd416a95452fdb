"""COMICS-WEB-5: axe-core finds no violations on any comics page state, in light and dark, on a phone
(390×844) and a laptop (1280×800): loading, loaded, failed, and without JavaScript."""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from marvel_stub import RULES_CATALOG
from pages_comics import ComicsListPage

AXE = Axe()

LOOKS = [
    pytest.param("light", {"width": 390, "height": 844}, id="light-390x844"),
    pytest.param("dark", {"width": 390, "height": 844}, id="dark-390x844"),
    pytest.param("light", {"width": 1280, "height": 800}, id="light-1280x800"),
    pytest.param("dark", {"width": 1280, "height": 800}, id="dark-1280x800"),
]


def assert_no_violations(page, scheme):
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


@pytest.fixture
def looks(browser):
    """Opens pages in a context with the given colour scheme and viewport (JavaScript on or off)."""
    contexts = []

    def open_page(scheme, viewport, javascript=True):
        context = browser.new_context(color_scheme=scheme, viewport=viewport, java_script_enabled=javascript)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.mark.parametrize("scheme,viewport", LOOKS)
def test_COMICS_WEB_5_comics_list_page_has_no_axe_violations(looks, catalog_server, scheme, viewport):
    page = looks(scheme, viewport)
    ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()

    assert_no_violations(page, scheme)


@pytest.mark.parametrize("scheme,viewport", LOOKS)
def test_COMICS_WEB_5_characters_page_has_no_axe_violations(looks, catalog_server, scheme, viewport):
    page = looks(scheme, viewport)
    comics = ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()
    comics.select_comic("Avengers (1963) #1").wait_until_loaded()

    assert_no_violations(page, scheme)


@pytest.mark.parametrize("scheme,viewport", LOOKS)
def test_COMICS_WEB_5_loading_and_error_states_have_no_axe_violations(looks, serve, marvel_stub, scheme, viewport):
    page = looks(scheme, viewport)
    stub = marvel_stub(RULES_CATALOG, delay=2.5)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open()
    expect(comics.spinner).to_be_visible()
    assert_no_violations(page, scheme)  # while the spinner shows

    characters = comics.wait_until_loaded().select_comic("Avengers (1963) #1")
    expect(characters.spinner).to_be_visible()
    assert_no_violations(page, scheme)  # while the characters load

    failing = serve("--api-base-url", "http://127.0.0.1:1")
    ComicsListPage(page, failing.base_url).open().wait_until_loaded()
    assert page.get_by_test_id("error-message").is_visible()
    assert_no_violations(page, scheme)

    page.goto(failing.base_url + "/comics/6")
    page.get_by_test_id("error-message").wait_for()
    assert_no_violations(page, scheme)

    page.goto(failing.base_url + "/comics/not-a-number")
    assert page.get_by_role("heading", level=1).inner_text() == "Not found"
    assert_no_violations(page, scheme)


@pytest.mark.parametrize("scheme,viewport", LOOKS)
def test_COMICS_WEB_5_pages_without_javascript_have_no_axe_violations(looks, catalog_server, scheme, viewport):
    # axe-core is a script, so it checks the very documents a browser without JavaScript ends on (the
    # loaded pages) in a second context where scripts may run. The loaded characters page carries no
    # script; the loaded list carries only the one that loads more near its end (COMICS-PAGE-3).
    no_script = looks(scheme, viewport, javascript=False)
    no_script.goto(catalog_server.base_url + "/")
    no_script.get_by_test_id("comic-row").first.wait_for()
    no_script.get_by_role("link", name="Thor (1966) #126", exact=True).click()
    no_script.get_by_test_id("character-row").first.wait_for()
    assert no_script.get_by_test_id("comic-title").inner_text() == "Thor (1966) #126"
    visited = [catalog_server.base_url + "/?render=server", no_script.url]

    page = looks(scheme, viewport)
    for url in visited:
        page.goto(url)
        assert page.locator("script").count() == (2 if url == visited[0] else 0)
        assert_no_violations(page, scheme)
