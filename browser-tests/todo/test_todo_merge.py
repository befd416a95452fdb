"""Merge instead of conflict (MERGE-1, MERGE-2, docs/specs/keyboard-reorder-merge.md): two tabs
that edit different fields of one item both keep their change; the same field changed
differently shows the conflict page with both values side by side."""

from __future__ import annotations

from playwright.sync_api import expect

from pages_todo import ItemFormPage


def open_edit(page, server, item) -> ItemFormPage:
    page.goto(server(f"/items/{item['id']}/edit?from=/"))
    form = ItemFormPage(page, server)
    expect(form.title_input).to_be_visible()
    return form


def test_MERGE_1_two_tabs_editing_different_fields_both_keep_their_change(context, server, api):
    item = api.add("Run", details="5 km", project="Health")
    first, second = context.new_page(), context.new_page()
    one, two = open_edit(first, server, item), open_edit(second, server, item)
    one.fill("Walk")
    one.save()
    two.fill(details="10 km", due="2030-01-02")
    two.save()
    expect(second.get_by_test_id("list-title")).to_be_visible()
    assert second.get_by_test_id("conflict").count() == 0
    stored = api.by_title("Walk")
    assert stored["details"] == "10 km" and stored["dueDate"] == "2030-01-02" and stored["project"] == "Health"


def test_MERGE_2_the_same_field_changed_differently_shows_both_values(context, server, api):
    item = api.add("Run", details="5 km")
    first, second = context.new_page(), context.new_page()
    one, two = open_edit(first, server, item), open_edit(second, server, item)
    one.fill("Swim", details="pool")
    one.save()
    two.fill("Walk")
    two.act(lambda: two.save_button.click())
    expect(second.get_by_test_id("conflict")).to_be_visible()
    row = second.get_by_test_id("conflict-row-title")
    expect(row).to_have_attribute("data-conflict", "")
    expect(row.locator("mark")).to_have_text(["Swim", "Walk"])
    theirs = row.get_by_test_id("theirs-title").evaluate("cell => getComputedStyle(cell).backgroundColor")
    mine = row.get_by_test_id("mine-title").evaluate("cell => getComputedStyle(cell).backgroundColor")
    plain = second.get_by_test_id("theirs-project").evaluate("cell => getComputedStyle(cell).backgroundColor")
    assert theirs == mine != plain, (theirs, mine, plain)
    # Only the title conflicts: details, changed by the other tab only, show theirs on both sides.
    expect(second.get_by_test_id("mine-details")).to_have_text("pool")
    assert second.locator("[data-conflict]").count() == 1
    assert api.by_title("Swim")["details"] == "pool", "nothing saved yet"
    with second.expect_navigation():  # "Keep mine" is a plain form
        second.get_by_test_id("keep-mine").click()
    expect(second.get_by_test_id("list-title")).to_be_visible()
    stored = api.by_title("Walk")
    assert stored["details"] == "pool"

