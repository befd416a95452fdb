"""The import page as the review found it (IMPORT-1 … IMPORT-3, docs/specs/keyboard-reorder-merge.md):
a file picker next to the paste box, the format detected from the content, and a dry run that
keeps the text. Without a script too: the form is a plain multipart form."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


def submit(page):
    with page.expect_navigation():
        page.get_by_test_id("import-submit").click()


@pytest.mark.parametrize("scripts", ["js", "nojs"])
def test_IMPORT_2_a_chosen_file_is_imported_with_its_format_detected(page, nojs_page, server, api, tmp_path, scripts):
    pg = page if scripts == "js" else nojs_page
    path = tmp_path / "tasks.txt"
    path.write_text("Call mom +Family due:2030-12-24\nx Buy milk\n", encoding="utf-8")
    pg.goto(server("/import-export"))
    expect(pg.get_by_test_id("import-format")).to_have_value("auto")
    expect(pg.get_by_label("A file")).to_be_visible()
    pg.get_by_test_id("import-file").set_input_files(str(path))
    submit(pg)
    expect(pg.get_by_test_id("import-report")).to_contain_text(
        "Imported 2 items from the file “tasks.txt”: 2 added, 0 updated, 0 unchanged. Read as todo.txt.")
    titles = sorted(item["title"] for item in api.todos())
    assert titles == ["Buy milk", "Call mom"]
    assert api.by_title("Call mom")["project"] == "Family"


@pytest.mark.parametrize("text, name", [
    ('[{"title": "From JSON"}]', "JSON"),
    ('[{"description": "From Taskwarrior", "status": "pending", "uuid": "0b7e4c1e-6a7b-4c55-9a38-1b9d2c0f3e11"}]',
     "Taskwarrior"),
    ("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:x1\nSUMMARY:From iCalendar\nEND:VTODO\nEND:VCALENDAR\n",
     "iCalendar"),
    ("title,project\nFrom CSV,Home\n", "CSV"),
    ("From todo.txt +Home\n", "todo.txt"),
])
def test_IMPORT_1_pasted_text_is_read_in_the_format_it_is_written_in(page, server, api, text, name):
    page.goto(server("/import-export"))
    page.get_by_test_id("import-contents").fill(text)
    submit(page)
    expect(page.get_by_test_id("import-report")).to_contain_text(f"Read as {name}.")
    assert [item["title"] for item in api.todos()] == [f"From {name}"]


def test_IMPORT_3_a_dry_run_keeps_the_pasted_text_then_import_follows(page, server, api):
    page.goto(server("/import-export"))
    page.get_by_test_id("import-contents").fill("Call mom +Family\nWater plants\n")
    page.get_by_test_id("import-dry-run").check()
    submit(page)
    expect(page.get_by_test_id("import-report")).to_contain_text("Dry run, nothing was changed.")
    expect(page.get_by_test_id("import-contents")).to_have_value("Call mom +Family\nWater plants\n")
    expect(page.get_by_test_id("import-dry-run")).to_be_checked()
    assert api.todos() == []
    page.get_by_test_id("import-dry-run").uncheck()
    submit(page)
    expect(page.get_by_test_id("import-report")).to_contain_text("Imported 2 items from the pasted text")
    expect(page.get_by_test_id("import-contents")).to_have_value("")
    assert sorted(item["title"] for item in api.todos()) == ["Call mom", "Water plants"]
