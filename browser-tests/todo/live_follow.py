"""Helpers of the browser tests of pages that follow their list (docs/specs/live.md, LIVE-15):
a page opened to follow, what its own event stream received, and proof that it was never
reloaded (a marker set on its window survives, no new document, `data-live-refreshes` grew).
What a page did not do is proven by what it did after: its stream's later event, a refresh
that ended after the last event, its own clock run ahead (``page.clock``) before looking."""
from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, Page, expect

from pages_todo import ListPage, track_documents

FOLLOW_TIMEOUT = 2_000  # ms: LIVE-15's "within 2 s"

# Runs before the page's own scripts, in every document of the context: it wraps EventSource so
# that the test sees what the page's own stream received (each event's type, id and data) and
# how often it opened; with each event, how many refreshes the page had ended then (its
# `data-live-refreshes`: this listener runs before the page's own). It also notes each page
# fragment the page's script fetches (header X-Page-Fragment), as the fetch starts. The page's
# script uses the stream as usual.
RECORD_STREAM = """
(() => {
  const Native = window.EventSource;
  if (!Native) return;
  const record = window.__liveRecord = { events: [], opens: 0, errors: 0, fragments: [] };
  const fetchNatively = window.fetch;
  window.fetch = function (resource, init) {
    const headers = new Headers((init && init.headers) || {});
    if (headers.has("X-Page-Fragment")) record.fragments.push(String(resource instanceof Request ? resource.url : resource));
    return fetchNatively.apply(this, arguments);
  };
  const refreshes = () => Number(document.documentElement.getAttribute("data-live-refreshes") || 0);
  function Recorded(url, init) {
    const source = new Native(url, init);
    source.addEventListener("open", () => { record.opens += 1; });
    source.addEventListener("error", () => { record.errors += 1; });
    for (const type of ["change", "reload"]) {
      source.addEventListener(type, (event) => {
        record.events.push({ type, id: event.lastEventId, data: event.data ? JSON.parse(event.data) : null,
                             refreshes: refreshes() });
      });
    }
    return source;
  }
  Recorded.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSED"]) Recorded[name] = Native[name];
  window.EventSource = Recorded;
})();
"""


def new_context(browser: Browser) -> BrowserContext:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    context.add_init_script(RECORD_STREAM)
    return context


def listening(page: Page) -> None:
    """Waits until the page's event stream is open: the server answers it once it is listening
    for the page's changes. The page's context has ``RECORD_STREAM`` (``new_context``)."""
    page.wait_for_function("() => window.__liveRecord && window.__liveRecord.opens >= 1")


def refetches(page: Page) -> list[str]:
    """Each time the page's script has asked for its own address again as a fragment (what a
    refresh does; an add field's preview asks another address)."""
    return page.evaluate("""() => window.__liveRecord.fragments.filter(address => {
      const url = new URL(address, location.href);
      return url.pathname + url.search === location.pathname + location.search;
    })""")


def followed_last_event(page: Page, timeout: int = FOLLOW_TIMEOUT) -> None:
    """Waits until a refresh of the page has ended since its stream's last event came: what that
    event (and every one before it: a stream is in order) could change on the page has changed."""
    page.wait_for_function("""() => {
      const events = window.__liveRecord.events;
      const refreshes = Number(document.documentElement.getAttribute("data-live-refreshes") || 0);
      return events.length > 0 && refreshes > events[events.length - 1].refreshes;
    }""", timeout=timeout)


class Follower:
    """A list page (or the Trash) left open to follow its list, as the test watches it."""

    def __init__(self, page: Page, server, path: str = "/"):
        self.page = page
        self.list = ListPage(page, server).open(path)
        self.loads = track_documents(page)
        page.evaluate("() => { window.__stillTheSamePage = true; }")
        listening(page)
        self.refreshes_at_start = self.refreshes()

    def refreshes(self) -> int:
        return int(self.page.locator("html").get_attribute("data-live-refreshes") or "0")

    def events(self) -> list[dict]:
        return self.page.evaluate("() => window.__liveRecord.events")

    def opens(self) -> int:
        return self.page.evaluate("() => window.__liveRecord.opens")

    def rows_titled(self, title: str):
        return self.list.rows().filter(has=self.page.locator(".title", has_text=re.compile(f"^{re.escape(title)}$")))

    def assert_followed_in_place(self) -> None:
        """The page changed by itself: no reload, its window is the same, and it refreshed."""
        assert self.loads == [], f"the page was reloaded: {self.loads}"
        assert self.page.evaluate("() => window.__stillTheSamePage === true"), "the page's window is a new one"
        assert self.refreshes() > self.refreshes_at_start, "the page followed its list (data-live-refreshes grew)"


def wait_for_event(follower: Follower, predicate_js: str, timeout: int = FOLLOW_TIMEOUT, after: int = 0) -> None:
    """Waits until the page's stream received an event `predicate_js` (a JS function of one
    event: {type, id, data}) accepts, after its first `after` events (``event_count``)."""
    follower.page.wait_for_function(
        f"after => window.__liveRecord.events.slice(after).some({predicate_js})", arg=after, timeout=timeout)


def event_count(page: Page) -> int:
    """How many events the page's stream has received so far."""
    return page.evaluate("() => window.__liveRecord.events.length")


def titles_are(follower: Follower, titles: list[str], section: str = "todo", timeout: int = FOLLOW_TIMEOUT) -> None:
    expect(follower.list.section(section).locator("li.row .title")).to_have_text(titles, timeout=timeout)
