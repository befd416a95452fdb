"""Subtasks in the browser (docs/specs/subtasks.md): nested rows with a parent's "2/5" and its
collapse button, kept by the browser (SUB-8); checking the last open subtask offers to check
the parent, in place (SUB-9); the details page adds a subtask in place and links the parent
(SUB-10); deleting a parent takes its subtasks to the Trash and Undo brings them back (SUB-5)."""

from __future__ import annotations

from playwright.sync_api import expect

from pages_todo import ListPage, focused_test_id, track_documents


def seed_trip(api) -> dict:
    trip = api.add("Pack for the trip")
    passport = api.add("Passport", parent=trip["id"])
    api.add("Photo", parent=passport["id"])
    api.add("Charger", parent=trip["id"])
    return trip


def trash_titles(api) -> list[str]:
    status, body = api.request("GET", "/api/trash")
    assert status == 200, body
    return sorted(item["title"] for item in body)


def test_SUB_8_subtasks_are_nested_and_a_parent_collapses_them_and_the_browser_keeps_it(page, server, api):
    seed_trip(api)
    api.add("Other")
    lst = ListPage(page, server).open()
    assert lst.todo_titles() == ["Other", "Pack for the trip", "Passport", "Photo", "Charger"]
    expect(lst.row("Passport")).to_have_attribute("data-depth", "1")
    expect(lst.row("Photo")).to_have_attribute("data-depth", "2")
    expect(lst.row("Pack for the trip").get_by_test_id("chip-subtasks")).to_have_text("Subtasks done 0/2")
    indent = lambda title: lst.box(lst.row(title).locator(".check"))["x"]
    assert indent("Pack for the trip") < indent("Passport") < indent("Photo"), "a step in per level"

    toggle = lst.row("Pack for the trip").locator("[data-subtasks-toggle]")
    expect(toggle).to_have_accessible_name("Hide subtasks")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_accessible_name("Show subtasks")
    for title in ["Passport", "Photo", "Charger"]:
        expect(lst.rows().filter(has_text=title)).to_be_hidden()
    expect(lst.rows().filter(has_text="Other")).to_be_visible()

    page.reload()
    toggle = lst.row("Pack for the trip").locator("[data-subtasks-toggle]")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(lst.rows().filter(has_text="Passport")).to_be_hidden()
    toggle.press("Enter")
    for title in ["Passport", "Photo", "Charger"]:
        expect(lst.rows().filter(has_text=title)).to_be_visible()


def test_SUB_8_without_a_script_every_subtask_shows_and_no_button_that_cannot_work(nojs_page, server, api):
    seed_trip(api)
    lst = ListPage(nojs_page, server).open()
    assert lst.todo_titles() == ["Pack for the trip", "Passport", "Photo", "Charger"]
    expect(nojs_page.locator("[data-subtasks-toggle]")).to_have_count(2)
    expect(nojs_page.locator("[data-subtasks-toggle]").first).to_be_hidden()


def test_SUB_9_checking_the_last_open_subtask_offers_the_parent_in_place(page, server, api):
    trip = seed_trip(api)
    lst = ListPage(page, server).open()
    loads = track_documents(page)
    lst.check("Photo")
    lst.check("Passport")
    expect(page.get_by_test_id("subtask-offer")).to_have_count(0)
    lst.check("Charger")
    offer = page.get_by_test_id("subtask-offer")
    expect(offer).to_have_text("All subtasks of “Pack for the trip” are done. · Check it too")
    expect(offer).to_have_attribute("role", "status")
    lst.act(lambda: page.get_by_test_id("subtask-offer-check").click())
    assert loads == [], f"in place: {loads}"
    assert lst.todo_titles() == []
    assert api.by_title("Pack for the trip")["completed"] is True
    assert focused_test_id(page) == f"toggle-{trip['id']}"
    expect(page.get_by_test_id("subtask-offer")).to_have_count(0)


def test_SUB_9_without_a_script_the_offer_is_a_form_too(nojs_page, server, api):
    trip = api.add("Trip")
    api.add("Passport", parent=trip["id"])
    lst = ListPage(nojs_page, server).open()
    lst.check("Passport")
    lst.act(lambda: nojs_page.get_by_test_id("subtask-offer-check").click())
    assert api.by_title("Trip")["completed"] is True


def test_SUB_10_the_details_add_a_subtask_in_place_and_link_the_parent(page, server, api):
    api.add("Pack for the trip", project="Holiday")
    details = ListPage(page, server).open("/projects/Holiday").open_item("Pack for the trip")
    loads = track_documents(page)
    field = page.get_by_test_id("add-subtask-title")
    expect(field).to_have_accessible_name("Add a subtask")
    field.fill("Passport")
    details.act(lambda: field.press("Enter"))
    field.fill("Charger")
    details.act(lambda: page.get_by_test_id("add-subtask").click())
    assert loads == [], f"in place: {loads}"
    expect(page.get_by_test_id("subtasks").get_by_role("listitem")).to_have_text(["Passport", "Charger"])
    expect(page.get_by_test_id("subtasks-count")).to_have_text("· 0 of 2 done")
    assert api.by_title("Charger")["project"] == "Holiday"
    assert api.by_title("Charger")["parent"] == api.by_title("Pack for the trip")["id"]

    with page.expect_navigation():
        page.get_by_test_id("subtasks").get_by_role("link", name="Passport").click()
    expect(page.get_by_test_id("parent")).to_have_text("Subtask of Pack for the trip")
    with page.expect_navigation():
        page.get_by_test_id("parent-link").click()
    expect(details.title).to_have_text("Pack for the trip")


def test_SUB_5_deleting_a_parent_takes_its_subtasks_and_undo_brings_them_back(page, server, api):
    seed_trip(api)
    api.add("Other")
    lst = ListPage(page, server).open()
    lst.delete("Pack for the trip")
    assert lst.todo_titles() == ["Other"]
    assert trash_titles(api) == ["Charger", "Pack for the trip", "Passport", "Photo"]
    lst.act(lambda: page.get_by_test_id("undo").click())
    assert lst.todo_titles() == ["Other", "Pack for the trip", "Passport", "Photo", "Charger"]
    assert trash_titles(api) == []
