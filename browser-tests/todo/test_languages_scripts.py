"""LANG-4 for the pages' scripts (docs/specs/languages.md): whatever todo.js, keys.js, webui.js
and the service worker show or say comes rendered from the server in the page's language —
the Undo notice and what Undo announces, the Trash's announcements, the shortcuts dialog, the
sentence said when the network fails, and the page the worker shows for a page never loaded."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from pages_todo import ListPage, BasePage


def _page(browser: Browser, **options):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, **options)
    ctx.set_default_timeout(10_000)
    return ctx


@pytest.fixture
def ja_context(browser: Browser):
    ctx = _page(browser, locale="ja-JP")
    yield ctx
    ctx.close()


@pytest.fixture
def ja_page(ja_context) -> Page:
    return ja_context.new_page()


@pytest.fixture
def zh_page(browser: Browser) -> Page:
    ctx = _page(browser, extra_http_headers={"Accept-Language": "zh-CN"})
    yield ctx.new_page()
    ctx.close()


def test_LANG_4_undo_notice_and_what_undo_announces_are_japanese(ja_page, server, api):
    milk = api.add("牛乳を買う")
    api.add("Keep")
    lst = ListPage(ja_page, server).open()
    expect(ja_page.locator("html")).to_have_attribute("lang", "ja")

    lst.act(lambda: ja_page.get_by_test_id(f"delete-{milk['id']}").click())

    notice = ja_page.get_by_test_id("undo-notice")
    expect(notice).to_have_text("「牛乳を買う」を削除しました · 元に戻す")
    undo = ja_page.get_by_test_id("undo")
    expect(undo).to_have_accessible_name("「牛乳を買う」の削除を取り消す")
    lst.act(lambda: undo.click())
    expect(notice).to_have_count(0)
    expect(ja_page.get_by_test_id("announcer")).to_have_text("「牛乳を買う」を元に戻しました")
    assert sorted(lst.todo_titles()) == sorted(["牛乳を買う", "Keep"])


def test_LANG_4_ctrl_z_undo_announces_in_chinese(zh_page, server, api):
    milk = api.add("买牛奶")
    lst = ListPage(zh_page, server).open()
    lst.act(lambda: zh_page.get_by_test_id(f"delete-{milk['id']}").click())
    expect(zh_page.get_by_test_id("undo-notice")).to_have_text("已删除“买牛奶” · 撤销")
    zh_page.locator("#main").focus()
    lst.act(lambda: zh_page.keyboard.press("Control+z"))
    expect(zh_page.get_by_test_id("announcer")).to_have_text("已恢复“买牛奶”")


def test_LANG_4_the_trash_announces_restore_and_empty_in_chinese(zh_page, server, api):
    for title in ["A", "B"]:
        item = api.add(title)
        status, body = api.request("DELETE", f"/api/todos/{item['id']}")
        assert status in (200, 204), body
    trash = BasePage(zh_page, server)
    trash.goto("/trash")
    expect(zh_page.get_by_test_id("trash-title")).to_have_text("废纸篓")
    trash.act(lambda: zh_page.get_by_role("button", name="恢复“A”").click())
    expect(zh_page.get_by_test_id("announcer")).to_have_text("已将“A”恢复到待办")

    trash.act(lambda: zh_page.get_by_test_id("empty-trash").click())
    expect(zh_page.get_by_test_id("confirm-question")).to_have_text("永久删除 1 个项目？")
    trash.act(lambda: zh_page.get_by_test_id("confirm-empty").click())
    expect(zh_page.get_by_test_id("announcer")).to_have_text("废纸篓是空的。")
    expect(zh_page.get_by_test_id("trash-empty")).to_have_text("废纸篓是空的。")


def test_LANG_4_the_shortcuts_dialog_is_japanese(ja_page, server, api):
    api.add("A")
    ListPage(ja_page, server).open()
    dialog = ja_page.get_by_test_id("shortcuts-dialog")
    ja_page.keyboard.press("?")
    expect(ja_page.get_by_role("dialog", name="キーボードショートカット")).to_be_visible()
    for words in ["やることを追加", "次の行 / 前の行", "行のチェックを付ける・外す", "行を編集", "行を削除",
                  "行を上へ / 下へ移動", "最後の削除を取り消す", "このショートカット一覧を表示",
                  "入力欄で入力している間、ショートカットは働きません。"]:
        expect(dialog).to_contain_text(words)
    for english in ["Keyboard shortcuts", "Add a to-do", "Close", "Shortcuts do nothing"]:
        expect(dialog).not_to_contain_text(english)
    expect(ja_page.get_by_test_id("shortcuts-close")).to_have_text("閉じる")
    results = Axe().run(ja_page)
    assert results.violations_count == 0, results.generate_report()
    ja_page.get_by_test_id("shortcuts-close").click()
    expect(dialog).to_be_hidden()


def test_LANG_4_a_failed_in_place_action_is_announced_in_japanese(ja_page, server, api):
    item = api.add("A")
    lst = ListPage(ja_page, server).open()
    ja_page.route("**/items/*/delete", lambda route: route.abort())
    ja_page.get_by_test_id(f"delete-{item['id']}").click()
    expect(ja_page.get_by_test_id("announcer")).to_have_text("オフラインのため、何も変更されませんでした。")
    assert lst.todo_titles() == ["A"]


def test_LANG_4_offline_a_page_never_loaded_says_so_in_japanese(ja_page, ja_context, server, api):
    api.add("A")
    ListPage(ja_page, server).open("/today")
    ja_page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
    expect(ja_page.locator("html")).to_have_attribute("data-offline-ready", "1", timeout=15_000)

    ja_context.set_offline(True)
    try:
        ja_page.goto(server("/trash"))
        expect(ja_page.locator("h1")).to_have_text("オフライン")
        expect(ja_page.get_by_test_id("error-message")).to_have_text("オフラインです。このページはここで一度も読み込まれていません。")
        expect(ja_page.locator("html")).to_have_attribute("lang", "ja")
    finally:
        ja_context.set_offline(False)
