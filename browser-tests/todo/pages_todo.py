"""Page objects of the Todo web app. Locators use the pages' ``data-testid`` attributes and
ARIA roles; tests speak in titles and actions, not selectors."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


class BasePage:
    def __init__(self, page: Page, server):
        self.page = page
        self.server = server

    def goto(self, path: str) -> "BasePage":
        self.page.goto(self.server(path))
        return self

    @property
    def path(self) -> str:
        """The current path and query, without the origin."""
        return re.sub(r"^https?://[^/]+", "", self.page.url)

    def box(self, locator: Locator) -> dict:
        box = locator.bounding_box()
        assert box is not None, f"{locator} is not visible"
        return box

    @property
    def in_place(self) -> bool:
        """Whether the pages' script runs (it marks ``<html data-in-place="on">``)."""
        return self.page.locator("html[data-in-place=on]").count() == 1

    def act(self, action) -> None:
        """Runs an action that changes the page: in place when the script runs (waits until
        the swap has settled), else through a plain form post and a new page load."""
        if self.in_place:
            before = self.page.locator("html").get_attribute("data-swaps") or "0"
            action()
            self.page.wait_for_function(
                "before => (document.documentElement.getAttribute('data-swaps') || '0') !== before", arg=before)
        else:
            with self.page.expect_navigation():
                action()

    def swaps(self) -> str:
        """How many in-place actions have settled so far (``<html data-swaps>``)."""
        return self.page.locator("html").get_attribute("data-swaps") or "0"

    def assert_no_action_since(self, swaps: str) -> None:
        """No in-place action has started since `swaps` was read: none runs (one marks ``<html
        class="busy">`` as its form is submitted, before it asks the server) and none has
        settled. Read it once something handled after the input in question has shown (a later
        key's effect): the input has been handled by then."""
        state = self.page.evaluate(
            "() => [document.documentElement.getAttribute('data-swaps') || '0',"
            " document.documentElement.classList.contains('busy')]")
        assert state == [swaps, False], f"an in-place action started (swaps {swaps} → {state[0]}, busy {state[1]})"

    def viewport(self) -> dict:
        size = self.page.viewport_size
        assert size is not None
        return size


class ListPage(BasePage):
    """``/``, ``/today``, ``/projects/NAME``, ``/due/YYYY-MM-DD``."""

    def open(self, path: str = "/") -> "ListPage":
        self.goto(path)
        expect(self.heading).to_be_visible()
        return self

    @property
    def heading(self) -> Locator:
        return self.page.get_by_test_id("list-title")

    @property
    def add_button(self) -> Locator:
        return self.page.get_by_test_id("add-button")

    @property
    def unfinished_toggle(self) -> Locator:
        return self.page.get_by_test_id("unfinished-toggle")

    @property
    def quick_add_button(self) -> Locator:
        return self.page.get_by_test_id("quick-add-open")

    @property
    def empty_state(self) -> Locator:
        return self.page.get_by_test_id("empty-state")

    def section(self, name: str) -> Locator:
        """``todo`` or ``done``."""
        return self.page.get_by_test_id(f"section-{name}")

    def header(self, name: str) -> Locator:
        return self.page.get_by_test_id(f"header-{name}")

    @property
    def section_headers(self) -> Locator:
        return self.page.locator("main section h2")

    def rows(self, section: str | None = None) -> Locator:
        scope = self.section(section) if section else self.page.locator("main")
        return scope.locator("li.row")

    def _titles(self, section: str) -> list[str]:
        if self.section(section).count() == 0:
            return []
        return [t.strip() for t in self.rows(section).locator(".title").all_inner_texts()]

    def todo_titles(self) -> list[str]:
        return self._titles("todo")

    def done_titles(self) -> list[str]:
        return self._titles("done")

    def row(self, title: str) -> Locator:
        rows = self.rows().filter(has=self.page.locator(".title", has_text=re.compile(f"^{re.escape(title)}$")))
        expect(rows).to_have_count(1)
        return rows

    def row_meta(self, title: str) -> str | None:
        """The row's location and due date (LIST-5), as ``Location · MM/dd/yyyy``."""
        chips = self.row(title).locator(".meta .chip.location, .meta .chip.due")
        texts = [chip.inner_text().strip() for chip in chips.all()]
        return " · ".join(texts) if texts else None

    def row_chips(self, title: str) -> list[str]:
        """Every chip under the row's title: location, date, project, estimate, repeat days."""
        return [(chip.text_content() or "").strip() for chip in self.row(title).locator(".meta .chip").all()]

    def toggle_button(self, title: str) -> Locator:
        return self.row(title).locator("[data-testid^=toggle-]")

    def delete_button(self, title: str) -> Locator:
        return self.row(title).locator("[data-testid^=delete-]")

    def toggle(self, title: str) -> "ListPage":
        """Presses the row's own Check / Uncheck control and waits for the list to come back."""
        self.act(lambda: self.toggle_button(title).click())
        return self

    def check(self, title: str) -> "ListPage":
        # The control checks (done=1) whatever the page's language calls it.
        expect(self.toggle_button(title)).to_have_attribute("value", "1")
        return self.toggle(title)

    def uncheck(self, title: str) -> "ListPage":
        expect(self.toggle_button(title)).to_have_attribute("value", "0")
        return self.toggle(title)

    def delete(self, title: str) -> "ListPage":
        self.act(lambda: self.delete_button(title).click())
        return self

    def open_item(self, title: str) -> "DetailsPage":
        with self.page.expect_navigation():
            self.row(title).locator(".row-link").click()
        details = DetailsPage(self.page, self.server)
        expect(details.title).to_have_text(title)
        return details

    def press_add(self) -> "ItemFormPage":
        with self.page.expect_navigation():
            self.add_button.click()
        form = ItemFormPage(self.page, self.server)
        expect(form.title_input).to_be_visible()
        return form

    def set_unfinished_only(self, on: bool) -> "ListPage":
        if (self.unfinished_toggle.get_attribute("aria-checked") == "true") != on:
            self.act(lambda: self.unfinished_toggle.click())
        expect(self.unfinished_toggle).to_have_attribute("aria-checked", "true" if on else "false")
        return self

    def open_quick_add(self) -> "QuickAddDialog":
        self.quick_add_button.click()
        dialog = QuickAddDialog(self.page, self.server)
        expect(dialog.root).to_be_visible()
        return dialog

    def nav_link(self, name: str) -> Locator:
        return self.page.get_by_role("navigation", name="Lists").get_by_role("link", name=name, exact=True)


class DetailsPage(BasePage):
    """``/items/ID``."""

    @property
    def title(self) -> Locator:
        return self.page.get_by_test_id("item-title")

    @property
    def back(self) -> Locator:
        return self.page.get_by_test_id("back")

    @property
    def toggle_button(self) -> Locator:
        return self.page.get_by_test_id("toggle")

    @property
    def edit_button(self) -> Locator:
        return self.page.get_by_test_id("edit")

    def field(self, key: str) -> Locator:
        """``status``, ``details``, ``due-date``, ``location``, ``project``, ``estimate``, ``repeat``."""
        return self.page.get_by_test_id(f"field-{key}")

    def fields(self) -> dict[str, str]:
        labels = self.page.locator(".fields dt").all_inner_texts()
        values = self.page.locator(".fields dd").all_inner_texts()
        return dict(zip(labels, values))

    def toggle(self) -> "DetailsPage":
        self.act(lambda: self.toggle_button.click())
        return self

    def go_back(self) -> ListPage:
        with self.page.expect_navigation():
            self.back.click()
        list_page = ListPage(self.page, self.server)
        expect(list_page.heading).to_be_visible()
        return list_page

    def edit(self) -> "ItemFormPage":
        with self.page.expect_navigation():
            self.edit_button.click()
        form = ItemFormPage(self.page, self.server)
        expect(form.title_input).to_be_visible()
        return form


class ItemFormPage(BasePage):
    """``/items/new`` and ``/items/ID/edit``."""

    @property
    def heading(self) -> Locator:
        return self.page.get_by_role("heading", level=1)

    @property
    def title_input(self) -> Locator:
        return self.page.get_by_test_id("title-input")

    @property
    def details_input(self) -> Locator:
        return self.page.get_by_test_id("details-input")

    @property
    def due_input(self) -> Locator:
        return self.page.get_by_test_id("due-input")

    @property
    def location_input(self) -> Locator:
        return self.page.get_by_test_id("location-input")

    @property
    def latitude_input(self) -> Locator:
        return self.page.get_by_test_id("latitude-input")

    @property
    def longitude_input(self) -> Locator:
        return self.page.get_by_test_id("longitude-input")

    @property
    def project_input(self) -> Locator:
        return self.page.get_by_test_id("project-input")

    @property
    def estimate_select(self) -> Locator:
        return self.page.get_by_test_id("estimate-input")

    def repeat_box(self, day: str) -> Locator:
        return self.page.get_by_test_id(f"repeat-{day}")

    @property
    def done_toggle(self) -> Locator:
        return self.page.get_by_test_id("done-toggle")

    @property
    def save_button(self) -> Locator:
        return self.page.get_by_test_id("save")

    @property
    def cancel_button(self) -> Locator:
        return self.page.get_by_test_id("cancel")

    @property
    def error(self) -> Locator:
        return self.page.get_by_test_id("form-error")

    def fill(self, title: str | None = None, *, details: str | None = None, due: str | None = None,
             location: str | None = None, latitude: str | None = None, longitude: str | None = None,
             project: str | None = None, estimate: str | None = None, repeat: list[str] | None = None,
             done: bool | None = None) -> "ItemFormPage":
        if title is not None:
            self.title_input.fill(title)
        if details is not None:
            self.details_input.fill(details)
        if due is not None:
            self.due_input.fill(due)
        if location is not None:
            self.location_input.fill(location)
        if (latitude is not None or longitude is not None) and not self.latitude_input.is_visible():
            self.page.get_by_test_id("location-more-toggle").click()  # behind “More” (WEB-12)
        if latitude is not None:
            self.latitude_input.fill(latitude)
        if longitude is not None:
            self.longitude_input.fill(longitude)
        if project is not None:
            self.project_input.fill(project)
        if estimate is not None:
            self.estimate_select.select_option(estimate)
        if repeat is not None:
            for box in self.page.locator("input[name='repeat[]']").all():
                box.set_checked(box.get_attribute("value") in repeat)
        if done is not None:
            self.done_toggle.set_checked(done)
        return self

    def save(self) -> ListPage:
        self.act(lambda: self.save_button.click())
        list_page = ListPage(self.page, self.server)
        expect(list_page.heading).to_be_visible()
        return list_page

    def save_edit(self) -> "DetailsPage":
        """OK on the edit form opened from the details: back on the details."""
        self.act(lambda: self.save_button.click())
        details = DetailsPage(self.page, self.server)
        expect(details.title).to_be_visible()
        return details

    def cancel(self) -> BasePage:
        with self.page.expect_navigation():
            self.cancel_button.click()
        return BasePage(self.page, self.server)

    def background_color(self, locator: Locator) -> str:
        return locator.evaluate("element => getComputedStyle(element).backgroundColor")


class QuickAddDialog(BasePage):
    """The ``<dialog>`` opened from a list page (and, without the dialog, the ``/quick-add`` page)."""

    @property
    def root(self) -> Locator:
        return self.page.get_by_test_id("quick-add-dialog")

    @property
    def form(self) -> Locator:
        return self.page.get_by_test_id("quick-add-form")

    @property
    def text(self) -> Locator:
        return self.form.get_by_test_id("quick-add-text")

    @property
    def save_button(self) -> Locator:
        return self.form.get_by_test_id("quick-add-save")

    @property
    def cancel_button(self) -> Locator:
        return self.form.get_by_test_id("quick-add-cancel")

    def section(self, kind: str) -> Locator:
        """``project``, ``dueDate``, ``estimate``, ``repeatDays``."""
        return self.form.get_by_test_id(f"quick-section-{kind}")

    def options(self, kind: str) -> Locator:
        return self.form.get_by_test_id(f"quick-options-{kind}").locator("input")

    def option(self, kind: str, option_id: str) -> Locator:
        return self.form.get_by_test_id(f"quick-option-{kind}-{option_id}")

    def selected(self, kind: str) -> list[str]:
        return [box.get_attribute("value") or "" for box in self.options(kind).all() if box.is_checked()]

    def wait_loaded(self, kind: str) -> None:
        expect(self.form.get_by_test_id(f"quick-options-{kind}")).not_to_have_attribute("aria-busy", "true")
        expect(self.form.get_by_test_id(f"quick-loading-{kind}")).to_be_hidden()
        expect(self.section(kind)).not_to_have_attribute("data-state", "loading")

    def wait_all_loaded(self) -> None:
        for kind in ("project", "dueDate", "estimate", "repeatDays"):
            self.wait_loaded(kind)

    def type_text(self, text: str) -> "QuickAddDialog":
        """Types into the focused text area, pressing return between lines (QUICK-4)."""
        lines = text.split("\n")
        for index, line in enumerate(lines):
            if index:
                self.page.keyboard.press("Enter")
            self.page.keyboard.type(line)
        return self

    def save(self) -> ListPage:
        self.act(lambda: self.save_button.click())
        list_page = ListPage(self.page, self.server)
        expect(list_page.heading).to_be_visible()
        return list_page

    def cancel(self) -> None:
        self.cancel_button.click()
        expect(self.root).to_be_hidden()


def track_documents(page: Page) -> list[str]:
    """Every new document from now on (a full page load adds one; an in-place change, even one
    that pushes a new address, adds none)."""
    loads: list[str] = []
    page.on("domcontentloaded", lambda loaded: loads.append(loaded.url))
    return loads


def focused_test_id(page: Page) -> str:
    return page.evaluate(
        "() => document.activeElement === document.body ? 'BODY'"
        " : (document.activeElement.getAttribute('data-testid') || document.activeElement.id"
        " || document.activeElement.tagName)")
