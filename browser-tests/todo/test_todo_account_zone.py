"""TIME-6 (docs/specs/times.md): each person's time zone, set in Settings. With no zone stored,
Settings selects the server's zone and, with scripts, proposes the browser's own; saving keeps
it, and the page shows it selected from then on. Without scripts the select shows the server's
zone and saving works as a plain form. On a phone the section fits the screen."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from todo_server import ZONE

TOKYO = "Asia/Tokyo"
#: The zone the servers of the tests run in (``TZ=UTC``), as the server names it.
SERVER_ZONES = {"UTC", "GMT", "Etc/UTC"}


def zone_context(browser: Browser, **options):
    context = browser.new_context(timezone_id=TOKYO, **options)
    context.set_default_timeout(10_000)
    return context


@pytest.mark.parametrize("server", ["accounts", "postgres"], indirect=True)
def test_TIME_6_settings_proposes_the_browser_s_zone_and_save_keeps_it(browser: Browser, server):
    assert ZONE == "UTC"
    context = zone_context(browser, viewport={"width": 1280, "height": 800})
    server.sign_in(context)
    try:
        page = context.new_page()
        page.goto(server("/settings"))
        select = page.get_by_label("Your time zone")
        expect(select).to_have_attribute("name", "zone")
        # No zone stored: the browser's own is proposed, and the page says so.
        expect(select).to_have_value(TOKYO)
        expect(page.get_by_test_id("zone-proposal")).to_be_visible()
        expect(page.get_by_test_id("zone-proposal")).to_have_text(
            "Your browser's zone, Asia/Tokyo, is proposed. Save to keep it.")
        server_note = page.get_by_test_id("zone-server").inner_text()
        assert any(f"the server's zone, {zone}, is used" in server_note for zone in SERVER_ZONES), server_note

        page.get_by_role("button", name="Save time zone").click()
        page.wait_for_url("**/settings?done=zone")
        expect(page.get_by_test_id("settings-notice")).to_have_text("Time zone saved.")
        expect(select).to_have_value(TOKYO)
        expect(page.get_by_test_id("zone-proposal")).to_have_count(0)
        expect(page.get_by_test_id("zone-server")).to_have_count(0)

        page.goto(server("/settings"))
        expect(select).to_have_value(TOKYO)
        assert page.locator("#zone-select option[selected]").evaluate_all("os => os.map(o => o.value)") == [TOKYO]
        expect(page.get_by_test_id("settings-notice")).to_have_count(0)
    finally:
        context.close()


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_TIME_6_without_scripts_the_select_shows_the_server_s_zone_and_saves(browser: Browser, server):
    context = zone_context(browser, java_script_enabled=False)
    server.sign_in(context)
    try:
        page = context.new_page()
        page.goto(server("/settings"))
        select = page.get_by_label("Your time zone")
        assert select.input_value() in SERVER_ZONES, select.input_value()
        expect(page.get_by_test_id("zone-proposal")).to_be_hidden()
        select.select_option("Pacific/Kiritimati")
        page.get_by_role("button", name="Save time zone").click()
        page.wait_for_url("**/settings?done=zone")
        expect(page.get_by_test_id("settings-notice")).to_have_text("Time zone saved.")
        expect(select).to_have_value("Pacific/Kiritimati")
    finally:
        context.close()


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_TIME_6_the_zone_section_fits_a_phone(browser: Browser, server):
    context = zone_context(browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    server.sign_in(context)
    try:
        page = context.new_page()
        page.goto(server("/settings"))
        select = page.get_by_label("Your time zone")
        expect(select).to_have_value(TOKYO)
        box = select.bounding_box()
        save = page.get_by_role("button", name="Save time zone").bounding_box()
        assert box and save
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["height"] >= 44 and save["height"] >= 44, (box, save)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
