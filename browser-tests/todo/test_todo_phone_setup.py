"""Settings → Connect a phone and the first account's hint (docs/specs/phone-setup.md): the
address and its QR code, which Debian's ``zbarimg`` reads back from a screenshot of the page
(PHONE-4); the phone's token made in the panel (PHONE-3); the sign-in page of a server without
accounts (PHONE-5); axe in light and dark, on a phone and a wide screen (PHONE-6)."""
from __future__ import annotations

import base64
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from todo_server import PASSWORD, TodoServer, environment

AXE = Axe()
LOOKS = [("light", 1280, 800), ("dark", 1280, 800), ("light", 390, 844), ("dark", 390, 844)]


def read_code(image: Path) -> str:
    """What ``zbarimg`` reads in `image`: the bytes of the one QR code it finds, as text."""
    assert shutil.which("zbarimg"), "zbarimg is missing: scripts/test installs zbar-tools"
    done = subprocess.run(["zbarimg", "--raw", "-q", "-Sbinary", str(image)], capture_output=True, timeout=30)
    assert done.returncode == 0, f"zbarimg found no code: {done.stderr.decode(errors='replace')}"
    return done.stdout.decode()


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
@pytest.mark.parametrize("look", LOOKS, ids=[f"{s}-{w}" for s, w, _ in LOOKS])
def test_PHONE_3_PHONE_4_PHONE_6_the_panel_s_code_reads_back_as_its_address(browser: Browser, server, look, tmp_path):
    scheme, width, height = look
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    context.set_default_timeout(10_000)
    try:
        server.sign_in(context)
        page = context.new_page()
        page.goto(server("/settings"))
        panel = page.get_by_test_id("phone-section")
        expect(panel.get_by_role("heading", name="Connect a phone")).to_be_visible()
        # Opened by 127.0.0.1: the address, and why a phone can't use it yet.
        address = page.get_by_test_id("phone-address").inner_text()
        assert address == server.url, (address, server.url)
        expect(page.get_by_test_id("phone-caution")).to_contain_text("todo serve --lan")
        code = page.get_by_role("img", name=f"QR code of {address}: point the phone's camera at it to open the address.")
        expect(code).to_be_visible()
        box = code.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, f"the code fits the screen: {box}"
        code.screenshot(path=str(tmp_path / "code.png"))
        assert read_code(tmp_path / "code.png") == address
        # Each app's steps open, naming the address and the person.
        for summary in ["iPhone and iPad (Reminders)", "Android (DAVx5 with Tasks.org)", "Thunderbird"]:
            panel.get_by_text(summary, exact=True).click()
        for step in panel.get_by_test_id("phone-steps").all():
            expect(step).to_contain_text(address)
            expect(step).to_contain_text("alice")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "nothing scrolls sideways"
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_PHONE_3_the_phone_s_token_is_made_and_shown_in_the_panel(page, server):
    page.goto(server("/settings"))
    page.get_by_test_id("phone-token-password").fill(PASSWORD)
    page.get_by_test_id("phone-token-create").click()
    token = page.get_by_test_id("phone-new-token-text")
    expect(token).to_be_visible()
    expect(page.get_by_test_id("new-token")).to_have_count(0)
    expect(page.get_by_test_id("phone-new-token")).to_contain_text("“phone”")
    # The token works as the phone will use it: the CalDAV password.
    text = token.inner_text()
    answer = page.request.fetch(server("/dav/"), method="PROPFIND", headers={"Depth": "0", "Authorization": basic("alice", text)})
    assert answer.status == 207, answer.status
    # The next one proposed is phone-2.
    page.goto(server("/settings"))
    expect(page.locator('[data-testid="phone-token-form"] input[name="label"]')).to_have_value("phone-2")


def basic(name: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{name}:{password}".encode()).decode()


def test_PHONE_5_a_server_without_accounts_says_how_to_make_the_first(browser: Browser, todo_bin, tmp_path):
    server = TodoServer(todo_bin, tmp_path / "todo.sqlite", tmp_path / "server.log", mode="accounts").start()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(server("/"))
        hint = page.get_by_test_id("signin-first-account")
        expect(hint).to_contain_text("No one has an account yet.")
        command = hint.locator("code").inner_text()
        assert command == f"todo users add NAME --db {tmp_path / 'todo.sqlite'}", command
        # The command as shown, with a name, makes the account (its password on standard input).
        args = shlex.split(command.replace("NAME", "alice"))
        assert args[0] == "todo"
        made = subprocess.run([str(todo_bin), *args[1:]], input=(PASSWORD + "\n").encode(), capture_output=True,
                              timeout=60, env=environment())
        assert made.returncode == 0, made.stderr.decode(errors="replace")
        page.reload()
        expect(page.get_by_test_id("signin-form")).to_be_visible()
        expect(page.get_by_test_id("signin-first-account")).to_have_count(0)
    finally:
        context.close()
        server.stop()
