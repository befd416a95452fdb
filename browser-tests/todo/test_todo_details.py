"""DETAIL-1..5: the item details page."""

from playwright.sync_api import expect

from pages_todo import DetailsPage, ListPage


def assert_at_bottom(details: DetailsPage):
    """The Check/Uncheck button is below every field of the page."""
    button = details.box(details.toggle_button)
    fields = details.box(details.page.get_by_test_id("fields"))
    assert button["y"] >= fields["y"] + fields["height"], "the button is below the fields"
    # nothing else of the page's content comes after it
    last = details.page.locator("main *:visible").last
    assert details.box(last)["y"] <= button["y"] + button["height"]


def test_DETAIL_1_todo_item_shows_title_fields_and_check_at_bottom(page, server, api):
    api.add("Buy milk", details="Two litres\nsemi-skimmed", dueDate="2030-03-07",
            location={"name": "Corner shop", "latitude": 51.5, "longitude": -0.12},
            project="Home", estimateMinutes=30, repeatDays=["mon", "fri"])
    details = ListPage(page, server).open().open_item("Buy milk")
    expect(details.title).to_have_text("Buy milk")
    expect(details.field("status")).to_have_text("To do")
    expect(details.field("details")).to_have_text("Two litres\nsemi-skimmed")
    expect(details.field("due-date")).to_have_text("03/07/2030")
    expect(details.field("location")).to_contain_text("Corner shop")
    expect(details.field("project")).to_have_text("Home")
    expect(details.field("estimate")).to_have_text("30m")
    expect(details.field("repeat")).to_contain_text("Mon")
    expect(details.toggle_button).to_have_text("Check")
    assert_at_bottom(details)


def test_DETAIL_2_done_item_shows_uncheck_at_bottom(page, server, api):
    api.add("Pay rent", completed=True)
    details = ListPage(page, server).open().open_item("Pay rent")
    expect(details.title).to_have_text("Pay rent")
    expect(details.field("status")).to_have_text("Done")
    expect(details.toggle_button).to_have_text("Uncheck")
    assert_at_bottom(details)


def test_DETAIL_3_check_turns_into_uncheck_and_item_is_first_of_done(page, server, api):
    api.add("Old done", completed=True)
    api.add("Other")
    api.add("Buy milk")
    details = ListPage(page, server).open().open_item("Buy milk")
    details.toggle()
    expect(details.toggle_button).to_have_text("Uncheck")
    expect(details.field("status")).to_have_text("Done")
    lst = details.go_back()
    assert lst.todo_titles() == ["Other"]
    assert lst.done_titles() == ["Buy milk", "Old done"]


def test_DETAIL_4_uncheck_turns_into_check_and_item_is_last_of_todo(page, server, api):
    api.add("Pay rent", completed=True)
    api.add("B")
    api.add("A")
    details = ListPage(page, server).open().open_item("Pay rent")
    details.toggle()
    expect(details.toggle_button).to_have_text("Check")
    expect(details.field("status")).to_have_text("To do")
    lst = details.go_back()
    assert lst.todo_titles() == ["A", "B", "Pay rent"]
    assert lst.done_titles() == []


def test_DETAIL_5_back_at_top_left_returns_to_the_list_i_came_from(page, server, api):
    api.add("Fix tap", project="Home")
    api.add("Book flights", dueDate="2030-03-07")

    for path, title in (("/", "Fix tap"), ("/projects/Home", "Fix tap"), ("/due/2030-03-07", "Book flights")):
        lst = ListPage(page, server).open(path)
        details = lst.open_item(title)
        expect(details.back).to_have_accessible_name("‹ Back")
        # At the left of the sticky header, in line with the start of the content column (WEB-6).
        box, column = details.box(details.back), details.box(page.locator("main"))
        assert abs(box["x"] - column["x"]) <= 24, f"Back is at the left: {box} {column}"
        assert box["y"] < 80, f"Back is at the top: {box}"
        # it is the first control of the page after the skip link
        assert box["x"] <= details.box(details.title)["x"]
        # even after a check, Back goes to the list the details were opened from
        details.toggle()
        back = details.go_back()
        assert back.path == path
        # put it back for the next round
        back.toggle(title)
