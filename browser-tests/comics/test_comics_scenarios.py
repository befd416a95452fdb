"""One browser test per scenario of specs/comics.md, against `comics serve` and stub Marvel servers."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from marvel_stub import RULES_CATALOG
from pages_comics import CharactersPage, ComicsListPage

NO_CONNECTION = "There is no internet connection. Check your connection and try again."
NOT_ANSWERING = "The comics server isn't answering. Please try again later."
COMICS_UNREADABLE = "The content couldn't be read. Please try again later."
CHARACTERS_UNAVAILABLE = "The list of characters can't be shown. Please try again later."
ATTRIBUTION = "Data provided by Marvel. © 2025 MARVEL"
COMICS_TOO_MUCH = (
    "The comics server sent more than this app can take in, so the comics can't be shown. Please try again later.")


# COMICS — see a list of Marvel comics

def test_COMICS_1_no_connection_shows_message(page, serve):
    server = serve("--api-base-url", "http://comics.invalid")

    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    expect(comics.error_message).to_be_visible()
    expect(comics.error_message).to_have_text(NO_CONNECTION)
    expect(comics.error_message).to_have_attribute("role", "alert")
    assert comics.group_letters() == []


def test_COMICS_2_invalid_response_says_content_unreadable(page, serve, marvel_stub):
    stub = marvel_stub(broken_comics=True)
    server = serve("--api-base-url", stub.base_url)

    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    expect(comics.error_message).to_have_text(COMICS_UNREADABLE)
    assert comics.group_letters() == []


def test_HARDEN_5_endless_paging_says_the_server_sent_too_much(page, serve, marvel_stub):
    stub = marvel_stub(endless_paging=True)
    server = serve("--api-base-url", stub.base_url)

    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    expect(comics.error_message).to_have_text(COMICS_TOO_MUCH)
    assert comics.group_letters() == []


def test_COMICS_3_titles_grouped_and_sorted(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG)
    server = serve("--api-base-url", stub.base_url)

    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    expect(comics.error_message).to_be_hidden()
    assert comics.group_letters() == ["A", "B", "C", "E", "#"]
    assert comics.titles_in_group("A") == ["Avengers (1963) #1"]
    assert comics.titles_in_group("B") == ["beta"]
    assert comics.titles_in_group("C") == ["Comic", "cool comic", "Crook"]
    assert comics.titles_in_group("E") == ["Echo", "Élan"]
    assert comics.titles_in_group("#") == ["'Nam", "2099 Unlimited (1993) #1"]


def test_COMICS_3_bundled_catalog_grouped_with_letter_index_that_jumps(page, catalog_server):
    comics = ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()

    letters = comics.group_letters()
    assert len(letters) > 10
    assert letters[-1] == "#"
    assert letters[:-1] == sorted(letters[:-1])
    assert comics.index_letters() == letters
    assert sum(len(comics.titles_in_group(letter)) for letter in letters) >= 150
    expect(comics.attribution).to_have_text(ATTRIBUTION)

    comics.index_link("X").click()

    expect(page).to_have_url(re.compile(r"#group-X$"))
    expect(comics.group("X")).to_be_in_viewport()


# CHARACTERS — see the characters of a comic

def test_CHARACTERS_1_no_connection_for_a_comics_characters(page, serve):
    server = serve("--api-base-url", "http://comics.invalid")

    characters = CharactersPage(page).open(server.base_url, 1).wait_until_loaded()

    expect(characters.error_message).to_have_text(NO_CONNECTION)
    expect(page.get_by_test_id("retry")).to_be_visible()
    assert characters.names() == []


def test_COMICS_MSG_1_the_server_stops_after_the_list_loaded(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG)
    server = serve("--api-base-url", stub.base_url, "--timeout", "3")
    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()
    assert comics.group_letters() != []
    stub.stop()  # the connection goes away

    characters = comics.select_comic("Avengers (1963) #1").wait_until_loaded()

    expect(characters.error_message).to_have_text(NOT_ANSWERING)
    expect(page.get_by_test_id("retry")).to_be_visible()
    assert characters.names() == []


def test_CHARACTERS_2_invalid_response_says_characters_cannot_be_shown(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG, broken_characters=True)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    characters = comics.select_comic("Avengers (1963) #1").wait_until_loaded()

    expect(characters.error_message).to_have_text(CHARACTERS_UNAVAILABLE)
    assert characters.names() == []


def test_CHARACTERS_3_names_sorted_ascending(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    characters = comics.select_comic("Avengers (1963) #1").wait_until_loaded()

    expect(characters.error_message).to_be_hidden()
    assert characters.names() == ["Ant-Man", "Élektra", "hulk", "Iron Man", "Thor", "Wasp"]


def test_CHARACTERS_3_bundled_catalog_characters(page, catalog_server):
    comics = ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()

    characters = comics.select_comic("Amazing Fantasy (1962) #15").wait_until_loaded()

    assert characters.names() == ["Aunt May", "Ben Parker", "Flash Thompson", "Spider-Man"]
    expect(characters.attribution).to_have_text(ATTRIBUTION)


# TITLE — the comic's name titles its characters view

def test_TITLE_1_comic_name_is_the_title_of_the_characters_view(page, catalog_server):
    comics = ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()

    characters = comics.select_comic("Fantastic Four (1961) #48").wait_until_loaded()

    expect(characters.title).to_have_text("Fantastic Four (1961) #48")
    expect(page.get_by_role("heading", level=1)).to_have_text("Fantastic Four (1961) #48")
    expect(page).to_have_title("Fantastic Four (1961) #48")
    assert "Silver Surfer" in characters.names()


# LOADING — loading indicators

def test_LOADING_1_spinner_shows_while_comics_load(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG, delay=3.0)
    server = serve("--api-base-url", stub.base_url)

    comics = ComicsListPage(page, server.base_url).open()

    expect(comics.spinner).to_be_visible()
    expect(comics.spinner).to_have_attribute("role", "status")
    expect(comics.spinner).to_contain_text("Loading comics")
    assert comics.group_letters() == []


def test_LOADING_2_spinner_hides_when_comics_loaded(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG, delay=3.0)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open()
    expect(comics.spinner).to_be_visible()

    comics.wait_until_loaded()

    expect(comics.spinner).to_be_hidden()
    assert comics.group_letters() == ["A", "B", "C", "E", "#"]


def test_LOADING_2_spinner_hides_when_comics_failed(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG, delay=1.5, broken_comics=True)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open()
    expect(comics.spinner).to_be_visible()

    comics.wait_until_loaded()

    expect(comics.spinner).to_be_hidden()
    expect(comics.error_message).to_have_text(COMICS_UNREADABLE)


def test_LOADING_3_spinner_shows_while_characters_load(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG, delay=3.0)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()

    characters = comics.select_comic("Avengers (1963) #1")

    expect(characters.spinner).to_be_visible()
    expect(characters.spinner).to_contain_text("Loading characters")
    assert characters.names() == []


def test_LOADING_4_spinner_hides_when_characters_loaded(page, serve, marvel_stub):
    stub = marvel_stub(RULES_CATALOG, delay=3.0)
    server = serve("--api-base-url", stub.base_url)
    comics = ComicsListPage(page, server.base_url).open().wait_until_loaded()
    characters = comics.select_comic("Avengers (1963) #1")
    expect(characters.spinner).to_be_visible()

    characters.wait_until_loaded()

    expect(characters.spinner).to_be_hidden()
    assert characters.names() == ["Ant-Man", "Élektra", "hulk", "Iron Man", "Thor", "Wasp"]
