"""Choosing the language, over plain HTTP and from a terminal (docs/specs/languages.md):
Accept-Language negotiation (LANG-1), the switcher's form and cookie (LANG-2), the CLI's
locale (LANG-3), and the JSON API that stays English (LANG-11)."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
from urllib.parse import urlencode, urlparse

import pytest
from playwright.sync_api import Browser, expect

from catalogs import Words

WEB = Words(["TodoWeb", "TodoPresentation", "WebUI"])
CLI = Words(["TodoCLI", "TodoPresentation"])


def send(server, method, path, body=None, headers=None):
    """One request without following redirects: (status, headers, text)."""
    url = urlparse(server("/"))
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    text = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, response.headers, text


def html_lang(text: str) -> str:
    match = re.search(r'<html lang="([^"]+)"', text)
    assert match, text[:200]
    return match.group(1)


@pytest.mark.parametrize("header, lang", [
    ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-SG", "zh-Hans"),
    ("ja", "ja"), ("ja-JP", "ja"), ("en-GB", "en"), ("fr", "en"), ("zh-TW", "en"), (None, "en"),
    ("fr-FR,ja;q=0.8,en;q=0.5", "ja"), ("en;q=0.3, zh-CN;q=0.9", "zh-Hans"), ("garbage;;q=x", "en"),
])
def test_LANG_1_accept_language_chooses_the_page_language(server, header, lang):
    status, headers, text = send(server, "GET", "/", headers={"Accept-Language": header} if header else {})
    assert status == 200
    assert html_lang(text) == lang
    assert WEB.text(lang, "list.section.todo") in text or WEB.text(lang, "list.empty.all") in text
    assert "Accept-Language" in headers["Vary"] and "Cookie" in headers["Vary"]


def test_LANG_2_switcher_remembers_the_choice_in_a_cookie(server):
    origin = server("/").rstrip("/")
    form = urlencode({"lang": "ja", "from": "/today?x=1"})
    status, headers, _ = send(server, "POST", "/language", form, {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": origin, "Accept-Language": "zh-CN"})
    assert status == 303
    assert headers["Location"] == "/today?x=1"
    cookie = headers["Set-Cookie"]
    assert cookie.startswith("lang=ja;")
    for attribute in ("Path=/", "SameSite=Lax", "HttpOnly", "Max-Age=31536000"):
        assert attribute in cookie, cookie
    # The cookie wins over the browser's Accept-Language.
    _, _, text = send(server, "GET", "/today", headers={"Cookie": "lang=ja", "Accept-Language": "zh-CN"})
    assert html_lang(text) == "ja"
    # A cookie the apps don't know is ignored.
    _, _, text = send(server, "GET", "/", headers={"Cookie": "lang=xx", "Accept-Language": "zh-CN"})
    assert html_lang(text) == "zh-Hans"


@pytest.mark.parametrize("lang, from_, status, location", [
    ("xx", "/", 400, None),
    ("", "/", 400, None),
    ("zh-Hans", "//evil.example/", 303, "/"),
    ("zh-Hans", "https://evil.example/", 303, "/"),
    ("en", None, 303, "/"),
])
def test_LANG_2_switcher_refuses_what_it_does_not_offer(server, lang, from_, status, location):
    origin = server("/").rstrip("/")
    fields = {"lang": lang} | ({"from": from_} if from_ is not None else {})
    got, headers, text = send(server, "POST", "/language", urlencode(fields), {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": origin})
    assert got == status, text
    if location is not None:
        assert headers["Location"] == location
    else:
        assert "Set-Cookie" not in headers
        assert "English" in text and "日本語" in text, text


def test_LANG_2_another_site_cannot_change_the_language(server):
    status, headers, _ = send(server, "POST", "/language", urlencode({"lang": "ja", "from": "/"}), {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": "https://evil.example"})
    assert status == 403
    assert "Set-Cookie" not in headers


def test_LANG_2_switcher_works_without_javascript(browser: Browser, server):
    ctx = browser.new_context(java_script_enabled=False, locale="en-US")
    page = ctx.new_page()
    try:
        page.goto(server("/"))
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.get_by_test_id("language-zh-Hans").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        assert page.url == server("/")
        expect(page.get_by_test_id("empty-state")).to_have_text(
            WEB.text("zh-Hans", "list.empty.all"))
        page.goto(server("/today"))
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    finally:
        ctx.close()


def test_LANG_11_the_json_api_stays_english(server, api):
    status, _, text = send(server, "POST", "/api/todos", json.dumps({"title": ""}), {
        "Content-Type": "application/json", "Accept-Language": "ja"})
    assert status == 422
    assert "title" in json.loads(text)["error"].lower()
    status, _, text = send(server, "POST", "/api/todos", json.dumps({"title": "牛乳を買う"}), {
        "Content-Type": "application/json", "Accept-Language": "ja"})
    assert status == 201 and json.loads(text)["title"] == "牛乳を買う"


@pytest.mark.parametrize("locale, lang", [("ja_JP.UTF-8", "ja"), ("zh_CN.UTF-8", "zh-Hans"), ("C", "en")])
def test_LANG_3_todo_list_prints_headers_in_the_terminal_language(todo_bin, tmp_path, locale, lang):
    db = tmp_path / "cli.sqlite"
    base = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"}
    for title in ("牛乳を買う", "Buy milk"):
        subprocess.run([str(todo_bin), "add", "--db", str(db), "--raw", title], check=True, env=base,
                       capture_output=True)
    subprocess.run([str(todo_bin), "check", "--db", str(db), "1"], check=True, env=base, capture_output=True)
    out = subprocess.run([str(todo_bin), "list", "--db", str(db)], check=True, capture_output=True, text=True,
                         env=base | {"LANG": locale}).stdout
    assert CLI.text(lang, "list.section.todo") in out, out
    assert CLI.text(lang, "list.section.done") in out, out
    if lang != "en":
        assert "To Do" not in out and "Done" not in out, out
