"""What every browser test shares: one Playwright and one headless Chromium per test session.

Playwright's sync API allows one instance per process, so both apps' suites use these
session fixtures; each suite makes its own pages.
"""

import pytest
from playwright.sync_api import Browser, sync_playwright

from built_executables import CHROMIUM


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance) -> Browser:
    # root needs --no-sandbox; Debian's Chromium, since `playwright install` can't download here.
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield browser
    browser.close()
