"""QUICK-1..10: the quick-add popup (a <dialog> on the list pages) and the /quick-add page."""

from playwright.sync_api import expect

from pages_todo import ListPage, QuickAddDialog
from todo_server import today
from repeat_days import repeat_days

SECTIONS = ("project", "dueDate", "estimate", "repeatDays")


def open_dialog(page, server, path="/") -> tuple[ListPage, QuickAddDialog]:
    lst = ListPage(page, server).open(path)
    dialog = lst.open_quick_add()
    dialog.wait_all_loaded()
    return lst, dialog


def test_QUICK_1_save_with_title_saves_and_closes_popup(page, server, api):
    api.add("Older")
    lst, dialog = open_dialog(page, server)
    expect(dialog.text).to_be_focused()
    dialog.type_text("Buy milk")
    lst = dialog.save()
    expect(dialog.root).to_be_hidden()
    assert lst.todo_titles() == ["Buy milk", "Older"]
    assert api.by_title("Buy milk")["completed"] is False


def test_QUICK_2_opened_from_project_or_date_list_preselects_it(page, server, api):
    api.add("Fix tap", project="Home")
    api.add("Report", project="Work")
    _, dialog = open_dialog(page, server, "/projects/Home")
    assert dialog.selected("project") == ["Home"]
    assert dialog.selected("dueDate") == [""]  # None

    in_two_days = today(2).isoformat()
    _, dialog = open_dialog(page, server, f"/due/{in_two_days}")
    assert dialog.selected("dueDate") == [in_two_days]
    assert dialog.selected("project") == [""]

    # a date beyond the offered week is still offered and selected
    lst, dialog = open_dialog(page, server, "/due/2030-03-07")
    assert dialog.selected("dueDate") == ["2030-03-07"]
    dialog.type_text("Book flights")
    lst = dialog.save()
    assert lst.path == "/due/2030-03-07"
    assert lst.todo_titles() == ["Book flights"]

    _, dialog = open_dialog(page, server, "/today")
    assert dialog.selected("dueDate") == [today().isoformat()]

    # the page version (no dialog) preselects as well
    page.goto(server("/quick-add?from=%2Fprojects%2FWork&project=Work"))
    assert QuickAddDialog(page, server).selected("project") == ["Work"]


def test_QUICK_3_empty_title_save_does_nothing_and_popup_stays(page, server, api):
    lst, dialog = open_dialog(page, server)
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    for text in ("", "   \nonly a description"):
        dialog.text.fill(text)
        # Save can't be pressed while the first line is blank (WEB-5), and Ctrl+Enter does nothing.
        expect(dialog.save_button).to_be_disabled()
        dialog.text.press("Control+Enter")
        expect(dialog.root).to_be_visible()
        expect(dialog.text).to_be_focused()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
    assert posts == []
    assert lst.path == "/"
    assert api.todos() == []


def test_QUICK_4_first_line_is_title_rest_is_trimmed_description(page, server, api):
    _, dialog = open_dialog(page, server)
    dialog.type_text("  Buy milk  \n\n   Two litres\nsemi-skimmed   \n")
    dialog.save()
    item = api.by_title("Buy milk")
    assert item["details"] == "Two litres\nsemi-skimmed"

    _, dialog = open_dialog(page, server)
    dialog.type_text("Just a title")
    dialog.save()
    assert api.by_title("Just a title")["details"] is None


def test_QUICK_5_sections_fetched_once_then_kept(page, server, api):
    api.add("Fix tap", project="Home")
    fetched = []
    page.on("request", lambda r: fetched.append(r.url) if "/quick-add/sections/" in r.url else None)
    lst = ListPage(page, server).open()
    assert fetched == [], "nothing is fetched before the popup is needed"
    dialog = lst.open_quick_add()
    dialog.wait_all_loaded()
    expect(dialog.option("project", "Home")).to_be_visible()
    dialog.cancel()
    dialog = lst.open_quick_add()
    dialog.wait_all_loaded()
    expect(dialog.option("project", "Home")).to_be_visible()
    kinds = sorted(url.split("/quick-add/sections/")[1].split("?")[0] for url in fetched)
    assert kinds == sorted(SECTIONS), fetched


def test_QUICK_6_no_projects_section_says_so(page, server):
    _, dialog = open_dialog(page, server)
    expect(dialog.section("project")).to_contain_text("No projects yet.")
    expect(dialog.options("project")).to_have_count(0)
    # the other sections still offer their choices
    expect(dialog.options("estimate").first).to_be_visible()


def test_QUICK_7_section_load_error_shows_and_rest_still_works(page, server, api):
    api.add("Fix tap", project="Home")
    page.route("**/quick-add/sections/estimate*", lambda route: route.fulfill(
        status=503, content_type="text/html", body="<p>down</p>"))
    _, dialog = open_dialog(page, server)
    error = dialog.form.get_by_test_id("quick-error-estimate")
    expect(error).to_have_text("Couldn't load the estimate choices. The rest of the form still works.")
    expect(error).to_have_attribute("role", "alert")
    expect(dialog.options("estimate")).to_have_count(0)
    dialog.option("project", "Home").check()
    dialog.option("repeatDays", "tue").check()
    dialog.text.focus()
    dialog.type_text("Fix sink\nunder the stairs")
    dialog.save()
    item = api.by_title("Fix sink")
    assert (item["project"], repeat_days(item), item["details"], item["estimateMinutes"]) == (
        "Home", ["tue"], "under the stairs", None)


def test_QUICK_7_failed_section_is_fetched_again_next_time(page, server):
    calls = {"n": 0}

    def flaky(route):
        calls["n"] += 1
        if calls["n"] == 1:
            route.fulfill(status=503, content_type="text/html", body="<p>down</p>")
        else:
            route.continue_()

    page.route("**/quick-add/sections/estimate*", flaky)
    lst, dialog = open_dialog(page, server)
    expect(dialog.form.get_by_test_id("quick-error-estimate")).to_be_visible()
    dialog.cancel()
    dialog = lst.open_quick_add()
    dialog.wait_loaded("estimate")
    expect(dialog.option("estimate", "30")).to_be_visible()
    assert calls["n"] == 2


def test_QUICK_8_single_selection_replaces(page, server, api):
    api.add("a", project="Home")
    api.add("b", project="Work")
    _, dialog = open_dialog(page, server)
    dialog.option("project", "Home").check()
    dialog.option("project", "Work").check()
    assert dialog.selected("project") == ["Work"]
    dialog.option("estimate", "15").check()
    dialog.option("estimate", "60").check()
    assert dialog.selected("estimate") == ["60"]
    dialog.text.focus()
    dialog.type_text("Single")
    dialog.save()
    item = api.by_title("Single")
    assert (item["project"], item["estimateMinutes"]) == ("Work", 60)


def test_QUICK_9_multiple_selection_adds_and_removes(page, server, api):
    _, dialog = open_dialog(page, server)
    dialog.option("repeatDays", "mon").click()
    dialog.option("repeatDays", "wed").click()
    assert dialog.selected("repeatDays") == ["mon", "wed"]
    dialog.option("repeatDays", "mon").click()
    assert dialog.selected("repeatDays") == ["wed"]
    dialog.option("repeatDays", "fri").click()
    dialog.text.focus()
    dialog.type_text("Gym")
    dialog.save()
    assert sorted(repeat_days(api.by_title("Gym"))) == ["fri", "wed"]


def test_QUICK_10_save_delivers_every_section_selection_with_title_and_description(page, server, api):
    api.add("a", project="Home")
    tomorrow = today(1).isoformat()
    _, dialog = open_dialog(page, server)
    dialog.type_text("Water plants\nthe ones on the balcony")
    dialog.option("project", "Home").check()
    dialog.option("dueDate", tomorrow).check()
    dialog.option("estimate", "15").check()
    dialog.option("repeatDays", "sat").check()
    dialog.option("repeatDays", "sun").check()
    lst = dialog.save()
    item = api.by_title("Water plants")
    assert item["details"] == "the ones on the balcony"
    assert item["project"] == "Home"
    assert item["dueDate"] == tomorrow
    assert item["estimateMinutes"] == 15
    assert sorted(repeat_days(item)) == ["sat", "sun"]
    assert lst.todo_titles()[0] == "Water plants"
    # nothing selected: nothing delivered
    _, dialog = open_dialog(page, server)
    dialog.type_text("Bare")
    dialog.save()
    bare = api.by_title("Bare")
    assert (bare["project"], bare["dueDate"], bare["estimateMinutes"], repeat_days(bare)) == (None, None, None, [])
