"""Add in plain words in Chinese and Japanese (LANG-9; WORDS-21 … WORDS-26,
docs/specs/plain-words.md): the list's add field of a page in 日本語 or 简体中文 reads the date
words and the full-width signs on the server, and `todo add` does the same in a Japanese
terminal."""

from __future__ import annotations

import datetime
import json
import subprocess

import pytest
from playwright.sync_api import Browser, expect

from pages_todo import ListPage
from todo_server import environment, today


def tomorrow() -> datetime.date:
    return today(1)  # the server's tomorrow


@pytest.mark.parametrize(
    ("locale", "lang", "typed", "title"),
    [
        ("ja-JP", "ja", "牛乳を買う 明日 #家", "牛乳を買う"),
        ("zh-CN", "zh-Hans", "买牛奶 明天 ＃家", "买牛奶"),
        ("ja-JP", "ja", "牛乳を買う明日 ＃家", "牛乳を買う"),
        # WORDS-28: the date at the start, glued to the text after it.
        ("zh-CN", "zh-Hans", "明天买牛奶 ＃家", "买牛奶"),
        ("ja-JP", "ja", "明日牛乳を買う #家", "牛乳を買う"),
    ],
)
def test_LANG_9_the_add_field_reads_chinese_and_japanese_words(
    browser: Browser, server, api, locale: str, lang: str, typed: str, title: str
):
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        lst = ListPage(page, server).open()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        field = page.get_by_test_id("add-title")
        field.fill(typed)
        lst.act(lambda: field.press("Enter"))
        expect(field).to_have_value("")
        item = api.by_title(title)
        assert item["dueDate"] == tomorrow().isoformat()
        assert item["project"] == "家"
        assert len(api.todos()) == 1
    finally:
        context.close()


def test_LANG_9_a_title_that_merely_contains_date_words_keeps_them(browser: Browser, server, api):
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        lst = ListPage(page, server).open()
        field = page.get_by_test_id("add-title")
        field.fill("明日香に電話")
        lst.act(lambda: field.press("Enter"))
        item = api.by_title("明日香に電話")
        assert item["dueDate"] is None
    finally:
        context.close()


def test_LANG_9_todo_add_in_a_japanese_terminal(todo_bin, tmp_path):
    db = tmp_path / "todo.sqlite"
    env = {**environment(), "LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "TODO_DB": str(db)}
    added = subprocess.run(
        [str(todo_bin), "add", "牛乳を買う", "明日", "#家"], env=env, capture_output=True, text=True, timeout=30
    )
    assert added.returncode == 0, added.stderr
    listed = subprocess.run([str(todo_bin), "list", "--json"], env=env, capture_output=True, text=True, timeout=30)
    assert listed.returncode == 0, listed.stderr
    items = json.loads(listed.stdout)["todo"]
    assert [item["title"] for item in items] == ["牛乳を買う"]
    assert items[0]["dueDate"] == tomorrow().isoformat()
    assert items[0]["project"] == "家"
