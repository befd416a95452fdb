"""Signing out forgets the pages the service worker kept (docs/specs/servers.md, SERVERS-7).

`todo serve` has no `--accounts` yet on this branch, so this runs in one-person mode, where
`POST /signout` answers 404: the worker forgets the kept pages when the sign-out goes through
it, whatever the server answers, so the rule is proven here. (SERVERS-6, the answer's
`Clear-Site-Data`, is proven at the router level.)
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from pages_todo import ListPage

KEPT_PATHS = """async () => {
  const cache = await caches.open("todo-v1");
  return (await cache.keys()).map(request => new URL(request.url).pathname);
}"""


def is_shared(path: str) -> bool:
    return path.startswith("/assets/") or path in ("/offline", "/manifest.webmanifest")


def kept(page) -> list[str]:
    return page.evaluate(KEPT_PATHS)


def sign_out_with_a_form(page) -> None:
    # The header's sign-out control is this plain form (layout.mustache): a navigation.
    page.evaluate("""() => {
      const form = document.createElement("form");
      form.method = "post"; form.action = "/signout";
      form.innerHTML = '<button type="submit" data-testid="sign-out">Sign out</button>';
      document.body.appendChild(form);
    }""")
    with page.expect_navigation():
        page.get_by_test_id("sign-out").click()


def sign_out_with_a_script(page) -> None:
    status = page.evaluate("""async () => (await fetch("/signout", {
      method: "POST", headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: ""})).status""")
    assert status == 404  # one-person mode has no /signout; the worker's rule does not depend on it


@pytest.mark.parametrize("sign_out", [sign_out_with_a_form, sign_out_with_a_script], ids=["form", "script"])
def test_SERVERS_7_after_sign_out_the_kept_list_is_not_shown_offline(page, context, server, api, sign_out):
    api.add("Alice's private item")
    lst = ListPage(page, server).open()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "1", timeout=15_000)
    before = kept(page)
    assert "/" in before and "/offline" in before, before
    assert lst.todo_titles() == ["Alice's private item"]

    sign_out(page)
    page.goto(server("/offline"))  # any page of the site, to read its caches
    # The worker forgets while the sign-out goes on: give it a moment, then look.
    deadline = time.monotonic() + 10
    while True:
        after = kept(page)
        pages = [path for path in after if not is_shared(path)]
        if not pages or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    # Only what is no one's stays: the assets, the offline page, the manifest.
    assert after and not pages, after
    assert "/offline" in after

    context.set_offline(True)
    page.goto(server("/"))
    expect(page.locator("body")).not_to_contain_text("Alice's private item")
    expect(page.locator("body")).to_contain_text("never loaded here")
