"""Signing out forgets the pages the service worker kept (docs/specs/servers.md, SERVERS-6, SERVERS-7).

The worker's own rule is proven in one-person mode, where `POST /signout` answers 404: the
worker forgets the kept pages when the sign-out goes through it, whatever the server answers
(and `Clear-Site-Data` plays no part). With accounts, the real sign-out button does both.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError, expect

from pages_todo import ListPage
from waiting import wait_until

KEPT_PATHS = """async () => {
  const cache = await caches.open("todo-v1");
  return (await cache.keys()).map(request => new URL(request.url).pathname);
}"""


def is_shared(path: str) -> bool:
    return path.startswith("/assets/") or path in ("/offline", "/manifest.webmanifest")


def kept(page) -> list[str]:
    return page.evaluate(KEPT_PATHS)


def people_s(paths: list[str]) -> list[str]:
    """The kept pages that are someone's (not shared by everyone)."""
    return [path for path in paths if not is_shared(path)]


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
    # The worker forgets while the sign-out goes on: wait until it has.
    def forgotten() -> list[str] | None:
        paths = kept(page)
        return paths if paths and not people_s(paths) else None

    after = wait_until(forgotten, 10, "the worker still keeps pages of the person who signed out")
    # Only what is no one's stays: the assets, the offline page, the manifest.
    assert "/offline" in after

    context.set_offline(True)
    page.goto(server("/"))
    expect(page.locator("body")).not_to_contain_text("Alice's private item")
    expect(page.locator("body")).to_contain_text("never loaded here")


@pytest.mark.parametrize("server", ["accounts"], indirect=True)
def test_SERVERS_6_SERVERS_7_with_accounts_signing_out_leaves_nothing_of_the_person_offline(page, context, server, api):
    api.add("Alice's private item")
    server.sign_in(context)
    lst = ListPage(page, server).open()
    assert lst.todo_titles() == ["Alice's private item"]
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "1", timeout=15_000)
    assert "/" in kept(page)

    with page.expect_response(lambda response: response.url.endswith("/signout")) as signed_out:
        with page.expect_navigation():
            page.get_by_test_id("sign-out").click()  # the header's own button
    assert page.url.endswith("/signin"), page.url
    # (`headers` leaves out security headers; `all_headers()` has them all.)
    assert signed_out.value.all_headers().get("clear-site-data") == '"cache", "storage"'

    wait_until(lambda: not people_s(kept(page)), 10, "the worker still keeps pages of the person who signed out")

    context.set_offline(True)
    try:
        page.goto(server("/"))
    except PlaywrightError:
        return  # no worker left to answer: the browser's own offline error, nothing of Alice's
    expect(page.locator("body")).not_to_contain_text("Alice's private item")
