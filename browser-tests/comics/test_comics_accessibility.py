"""axe-core finds no violations on either page, loaded or failed."""
from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

from pages_comics import ComicsListPage

AXE = Axe()


def assert_no_violations(page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def test_comics_list_page_has_no_axe_violations(page, catalog_server):
    ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()

    assert_no_violations(page)


def test_characters_page_has_no_axe_violations(page, catalog_server):
    comics = ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()
    comics.select_comic("Avengers (1963) #1").wait_until_loaded()

    assert_no_violations(page)


def test_error_and_loading_states_have_no_axe_violations(page, serve, marvel_stub):
    stub = marvel_stub(delay=1.0)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open()
    assert comics.spinner.is_visible()
    assert_no_violations(page)  # while the spinner shows

    failing = serve("--api-base-url", "http://127.0.0.1:1")
    ComicsListPage(page, failing.base_url).open().wait_until_loaded()
    assert_no_violations(page)


def test_pages_without_javascript_have_no_axe_violations(page, catalog_server):
    page.goto(catalog_server.base_url + "/?render=server")
    assert_no_violations(page)
    page.get_by_role("link", name="Thor (1966) #126", exact=True).click()
    assert page.get_by_test_id("comic-title").inner_text() == "Thor (1966) #126"
    assert_no_violations(page)
