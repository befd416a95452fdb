"""Tags in the browser (docs/specs/tags.md): typed as plain words with a chip each before saving
(TAG-13), shown as chips on the row and links on the details page (TAG-11), a page per tag whose
add field gives new items the tag (TAG-12), the form's Tags field (TAG-11), and searched with
their sign (TAG-15)."""

from __future__ import annotations

from playwright.sync_api import expect

from pages_todo import ListPage


def test_TAG_13_typing_tags_shows_a_chip_each_and_enter_stores_them(page, server, api):
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("add-title")
    field.press_sequentially("Buy milk +errands +家", delay=20)
    preview = page.locator("#add-title-preview")
    expect(preview.get_by_test_id("chip-tag")).to_have_text(["Tag +errands", "Tag +家"])
    expect(preview.get_by_test_id("preview-title")).to_have_text("“Buy milk”")
    lst.act(lambda: field.press("Enter"))
    assert lst.todo_titles() == ["Buy milk"]
    assert api.by_title("Buy milk")["tags"] == ["errands", "家"]
    chips = lst.row("Buy milk").get_by_test_id("chip-tag")
    expect(chips).to_have_text(["Tag +errands", "Tag +家"])  # "Tag " is read out, not shown
    expect(chips.first.locator(".visually-hidden")).to_have_text("Tag")


def test_TAG_12_a_tags_page_from_the_details_and_its_add_field(page, server, api):
    api.add("Buy stamps", tags=["post", "errands"])
    api.add("Dust the shelves")
    details = ListPage(page, server).open().open_item("Buy stamps")
    expect(details.field("tags").get_by_role("link")).to_have_text(["+post", "+errands"])
    details.field("tags").get_by_role("link", name="+errands").click()
    expect(page).to_have_url(server("/tags/errands"))
    expect(page.get_by_role("heading", level=1)).to_have_text("+errands")
    lst = ListPage(page, server)
    assert lst.todo_titles() == ["Buy stamps"]
    field = page.get_by_test_id("add-title")
    field.fill("Post the letter")
    lst.act(lambda: field.press("Enter"))
    assert lst.todo_titles() == ["Post the letter", "Buy stamps"]
    assert api.by_title("Post the letter")["tags"] == ["errands"]


def test_TAG_11_the_forms_tags_field_changes_them(page, server, api):
    api.add("Water the plants", tags=["home"])
    details = ListPage(page, server).open().open_item("Water the plants")
    form = details.edit()
    tags = page.get_by_test_id("tags-input")
    expect(tags).to_have_value("home")
    expect(tags).to_have_accessible_description("Separated by commas: errands, waiting")
    tags.fill("garden, home")
    details = form.save_edit()
    expect(details.field("tags").get_by_role("link")).to_have_text(["+garden", "+home"])
    assert api.by_title("Water the plants")["tags"] == ["garden", "home"]


def test_TAG_15_a_search_with_a_tag_lists_the_items_with_it(page, server, api):
    api.add("Buy milk", tags=["errands"])
    api.add("Milk the cow")
    lst = ListPage(page, server).open()
    field = page.get_by_test_id("search-field")
    field.fill("milk +errands")
    lst.act(lambda: field.press("Enter"))
    assert lst.todo_titles() == ["Buy milk"]


def test_TAG_16_the_tags_page_from_the_navigation(page, server, api):
    api.add("Buy stamps", tags=["post", "errands"])
    api.add("Buy milk", tags=["errands"])
    ListPage(page, server).open()
    page.get_by_test_id("nav-tags").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tags")
    expect(page.get_by_test_id("tag-link")).to_have_text(["+errands", "+post"])
    expect(page.locator(".tag-count")).to_have_text(["2 to-dos", "1 to-do"])
    page.get_by_role("link", name="+post").click()
    expect(page).to_have_url(server("/tags/post"))
    assert ListPage(page, server).todo_titles() == ["Buy stamps"]
