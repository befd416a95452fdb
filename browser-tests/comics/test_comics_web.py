"""COMICS-WEB scenarios of specs/comics-web.md: pages loaded in place from server-rendered fragments,
pages that work without JavaScript, and a look that fits from 320 px, light or dark."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from marvel_stub import RULES_CATALOG
from pages_comics import ComicsListPage

NO_CONNECTION = "There is no internet connection. Check your connection and try again."


@pytest.fixture
def no_script_page(browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def test_COMICS_WEB_1_the_loaded_page_is_a_server_rendered_fragment_swapped_in_place(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG, delay=1.0)
    server = serve("--api-base-url", stub.base_url)
    requests = []
    page.on("request", lambda request: requests.append(request))
    documents = []
    page.on("framenavigated", lambda frame: documents.append(frame.url))

    comics = ComicsListPage(page, server.base_url).open()
    expect(comics.spinner).to_be_visible()
    comics.wait_until_loaded()

    assert comics.group_letters() == ["A", "B", "C", "E", "#"]
    assert documents == [server.base_url + "/"], "the list came in place, with no second document load"
    fragments = [r for r in requests if r.headers.get("x-page-fragment")]
    assert [r.url for r in fragments] == [server.base_url + "/"]
    assert not [r.url for r in requests if "/api/" in r.url], "the page reads no JSON"
    expect(page).to_have_title("Marvel Comics")


def test_COMICS_WEB_1_characters_load_in_place_under_the_comics_name(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    characters = comics.select_comic("Avengers (1963) #1").wait_until_loaded()

    assert characters.names() == ["Ant-Man", "Élektra", "hulk", "Iron Man", "Thor", "Wasp"]
    expect(page).to_have_title("Avengers (1963) #1")
    page.get_by_test_id("back-link").click()
    expect(page.get_by_test_id("group-A")).to_be_visible()
    assert ComicsListPage(page, server.base_url).group_letters() == ["A", "B", "C", "E", "#"]


def test_COMICS_WEB_2_without_javascript_the_list_and_characters_show_loaded(no_script_page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(no_script_page, server.base_url).open()

    expect(comics.group("A")).to_be_visible()
    expect(comics.spinner).to_have_count(0)
    assert comics.group_letters() == ["A", "B", "C", "E", "#"]
    assert comics.titles_in_group("C") == ["Comic", "cool comic", "Crook"]

    characters = comics.select_comic("Avengers (1963) #1")
    expect(characters.title).to_have_text("Avengers (1963) #1")
    expect(characters.spinner).to_have_count(0)
    assert characters.names() == ["Ant-Man", "Élektra", "hulk", "Iron Man", "Thor", "Wasp"]
    expect(no_script_page).to_have_title("Avengers (1963) #1")


def test_COMICS_WEB_2_without_javascript_a_failed_load_shows_its_sentence(no_script_page, serve):
    server = serve("--api-base-url", "http://comics.invalid")

    comics = ComicsListPage(no_script_page, server.base_url).open()

    expect(comics.error_message).to_have_text(NO_CONNECTION)
    expect(comics.spinner).to_have_count(0)


def test_COMICS_WEB_2_without_javascript_the_letter_index_jumps(no_script_page, catalog_server):
    comics = ComicsListPage(no_script_page, catalog_server.base_url).open()
    expect(comics.group("X")).to_be_attached()

    comics.index_link("X").click()

    expect(comics.group("X")).to_be_in_viewport()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_COMICS_WEB_5_pages_follow_the_colour_scheme_and_fit_320_px(browser, catalog_server, scheme):
    context = browser.new_context(color_scheme=scheme, viewport={"width": 320, "height": 640})
    try:
        page = context.new_page()
        comics = ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == ("rgb(13, 17, 23)" if scheme == "dark" else "rgb(255, 255, 255)")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320

        comics.select_comic("Amazing Fantasy (1962) #15").wait_until_loaded()
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == background
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        context.close()
