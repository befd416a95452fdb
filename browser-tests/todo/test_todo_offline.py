"""Installable, and readable offline (WEB-8, docs/specs/web.md)."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import expect

from pages_todo import ListPage


def test_WEB_8_manifest_icons_and_favicon_make_the_app_installable(page, server):
    ListPage(page, server).open()
    manifest_href = page.locator("link[rel=manifest]").get_attribute("href")
    assert manifest_href == "/manifest.webmanifest"
    with urllib.request.urlopen(server(manifest_href)) as response:
        assert response.headers["Content-Type"].startswith("application/manifest+json")
        manifest = json.load(response)
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes, sizes
    for icon in manifest["icons"]:
        with urllib.request.urlopen(server(icon["src"])) as response:
            assert response.status == 200 and response.headers["Content-Type"] == icon["type"], icon
            if icon["type"] == "image/png":
                data = response.read()
                width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
                assert f"{width}x{height}" == icon["sizes"], icon
    favicon = page.locator("link[rel=icon]").get_attribute("href")
    with urllib.request.urlopen(server(favicon)) as response:
        assert response.headers["Content-Type"] == "image/svg+xml"


def test_WEB_8_offline_after_one_visit_the_last_list_still_opens_read_only(page, context, server, api):
    api.add("Buy milk")
    api.add("Call mom", completed=True)
    lst = ListPage(page, server).open()
    # The service worker has taken over and kept this list and its assets.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "1", timeout=15_000)
    expect(page.get_by_test_id("offline-notice")).to_be_hidden()

    context.set_offline(True)
    page.goto(server("/"))
    expect(lst.heading).to_have_text("Todo")
    assert lst.todo_titles() == ["Buy milk"]
    assert lst.done_titles() == ["Call mom"]
    expect(page.get_by_test_id("offline-notice")).to_be_visible()
    expect(page.get_by_test_id("offline-notice")).to_contain_text("offline")
    # Read-only: the controls that would change the list are off.
    expect(lst.toggle_button("Buy milk")).to_be_disabled()
    expect(page.get_by_test_id("add-title")).to_be_disabled()
    # Styled as online: the stylesheets came from the worker's copy too.
    assert page.locator("main").evaluate("e => getComputedStyle(e).maxWidth") != "none"

    context.set_offline(False)
    page.goto(server("/"))
    expect(page.get_by_test_id("offline-notice")).to_be_hidden()
    expect(lst.toggle_button("Buy milk")).to_be_enabled()
