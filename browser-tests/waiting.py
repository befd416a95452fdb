"""Waiting for a condition, never for a duration (issue 29): the browser tests wait for what a
sleep would stand for (a file's line, a process gone, a server answering) with a deadline that
fails with a sentence saying what did not happen. In a page, Playwright's own waits do that, and
a page's timers run on its clock (``page.clock``) when a test must let seconds pass.

- ``wait_until``: polls a condition outside the browser (a log line, a port, a cache, a PID).
- ``end_process``: a child process ended by its PID (SIGTERM, then SIGKILL if it lingers).
- ``assert_nothing_can_change``: a page without scripts that has finished loading, and can't
  change by itself (no refresh, no animation): what it shows now, it shows later.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from typing import Callable, TypeVar

T = TypeVar("T")

#: How often ``wait_until`` asks again (seconds): short, so a test goes on as soon as it can.
POLL_INTERVAL = 0.05


def wait_until(condition: Callable[[], T], timeout: float, message: str, interval: float = POLL_INTERVAL) -> T:
    """Asks `condition` until it answers something truthy, and answers that; after `timeout`
    seconds, fails with `message` (and the last answer). An exception the condition raises is
    not caught: say in the condition what may fail."""
    deadline = time.monotonic() + timeout
    while True:
        answer = condition()
        if answer:
            return answer
        if time.monotonic() >= deadline:
            raise AssertionError(f"{message} (within {timeout:g} s; last: {answer!r})")
        time.sleep(interval)


PAGE_IS_STILL = """element => {
  const refresh = document.querySelector("meta[http-equiv=refresh i]");
  const moving = element.getAnimations({ subtree: true })
    .filter(animation => animation.playState !== "finished").map(animation => animation.animationName || "transition");
  return { loaded: document.readyState, refresh: refresh ? refresh.content : null, moving };
}"""


def assert_nothing_can_change(locator, document) -> None:
    """`locator`'s page runs no script, and `document` is the response it was loaded from: once the
    document has loaded, only a refresh (a ``Refresh`` header or ``<meta>``) or a running CSS
    animation or transition could change how `locator`'s element shows. Asserts there is none,
    so that what the page shows now it shows later, however long one waited."""
    assert document.all_headers().get("refresh") is None, f"{document.url} refreshes itself"
    state = locator.evaluate(PAGE_IS_STILL)
    assert state == {"loaded": "complete", "refresh": None, "moving": []}, \
        f"the page could still change by itself: {state}"


def end_process(process: subprocess.Popen | None, timeout: float) -> None:
    """Ends the child ``process`` by its PID: SIGTERM, then SIGKILL when it is still there after
    ``timeout`` seconds. Nothing happens to one that has ended already."""
    if process is None or process.poll() is not None:
        return
    os.kill(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=timeout)
