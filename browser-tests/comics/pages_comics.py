"""Page objects for the comics web pages: tests speak of what a person sees, not of selectors."""
from __future__ import annotations

from playwright.sync_api import Locator, Page, expect


class ComicsListPage:
    def __init__(self, page: Page, base_url: str):
        self.page = page
        self.base_url = base_url

    def open(self) -> "ComicsListPage":
        self.page.goto(self.base_url + "/")
        return self

    @property
    def spinner(self) -> Locator:
        return self.page.get_by_test_id("loading-indicator")

    @property
    def error_message(self) -> Locator:
        return self.page.get_by_test_id("error-message")

    @property
    def attribution(self) -> Locator:
        return self.page.get_by_test_id("attribution")

    def wait_until_loaded(self) -> "ComicsListPage":
        expect(self.spinner).to_be_hidden(timeout=15_000)
        return self

    def group_letters(self) -> list[str]:
        return self.page.get_by_test_id("group-header").all_inner_texts()

    def titles_in_group(self, letter: str) -> list[str]:
        suffix = "other" if letter == "#" else letter
        return self.page.get_by_test_id(f"group-{suffix}").get_by_test_id("comic-row").all_inner_texts()

    def index_link(self, letter: str) -> Locator:
        return self.page.get_by_test_id("letter-link-other" if letter == "#" else f"letter-link-{letter}")

    def index_letters(self) -> list[str]:
        return self.page.get_by_test_id("letter-index").get_by_role("link").all_inner_texts()

    def group(self, letter: str) -> Locator:
        return self.page.get_by_test_id("group-other" if letter == "#" else f"group-{letter}")

    def select_comic(self, title: str) -> "CharactersPage":
        self.page.get_by_role("link", name=title, exact=True).click()
        return CharactersPage(self.page)


class CharactersPage:
    def __init__(self, page: Page):
        self.page = page

    def open(self, base_url: str, comic_id: int) -> "CharactersPage":
        self.page.goto(f"{base_url}/comics/{comic_id}")
        return self

    @property
    def spinner(self) -> Locator:
        return self.page.get_by_test_id("loading-indicator")

    @property
    def title(self) -> Locator:
        return self.page.get_by_test_id("comic-title")

    @property
    def error_message(self) -> Locator:
        return self.page.get_by_test_id("error-message")

    @property
    def attribution(self) -> Locator:
        return self.page.get_by_test_id("attribution")

    def wait_until_loaded(self) -> "CharactersPage":
        expect(self.spinner).to_be_hidden(timeout=15_000)
        return self

    def names(self) -> list[str]:
        return self.page.get_by_test_id("character-row").all_inner_texts()
