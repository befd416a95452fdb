"""Issue 13 (docs/specs/comics-live.md): Metron as a live source, paging, search, the offline copy,
messages with Retry, and keeping the place — through the `comics` executable and in the browser,
against a Metron-contract stub on loopback (metron_stub.py)."""
from __future__ import annotations

import re
import subprocess
import time

import pytest
from playwright.sync_api import expect

from metron_stub import SMALL_CATALOG, generated_issues
from pages_comics import ComicsListPage

NOT_ANSWERING = "The comics server isn't answering. Please try again later."
COPY_NOTICE = re.compile(r"Showing the copy from \d{1,2} [A-Z][a-z]{2} \d{4} at \d\d:\d\d\.")


def metron_args(stub) -> list[str]:
    return ["--source", "metron", "--metron-url", stub.base_url, "--metron-user", "u", "--metron-password", "p"]


def comics(binary, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def no_script_page(browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    yield page
    context.close()


# ---------------------------------------------------------------- the command line

def test_COMICS_METRON_1_list_shows_the_stubs_marvel_issues_grouped_and_sorted(binary, metron, cache_home):
    stub = metron()

    run = comics(binary, "list", *metron_args(stub))

    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(
        "A\n  11  Amazing Spider-Man (2018) #1\n  12  Amazing Spider-Man (2018) #2\n  16  Avengers (2018) #1\n"), run.stdout
    assert "Batman" not in run.stdout  # DC's, not Marvel's
    assert [line for line in run.stdout.splitlines() if len(line) == 1] == ["A", "B", "C", "D"]
    path, headers = stub.requests[0][1], stub.requests[0][2]
    assert path == "/api/issue/?publisher_id=1"
    assert headers["Authorization"] == "Basic dTpw"
    assert "Comics" in headers["User-Agent"]


def test_COMICS_METRON_2_characters_of_an_issue_sorted_under_its_name(binary, metron, cache_home):
    stub = metron()

    run = comics(binary, "characters", "11", *metron_args(stub))

    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(
        "Amazing Spider-Man (2018) #1\n============================\n  Aunt May\n  Mary Jane Watson\n  Spider-Man\n")
    assert [r[1] for r in stub.requests] == ["/api/issue/11/"]


def test_COMICS_PAGE_2_first_page_then_how_many_more_then_page_K_and_all(binary, metron, cache_home):
    stub = metron(generated_issues(150))

    first = comics(binary, "list", *metron_args(stub))
    second = comics(binary, "list", "--page", "2", *metron_args(stub))
    every = comics(binary, "list", "--all", "--json", *metron_args(stub))

    assert first.returncode == second.returncode == every.returncode == 0
    assert len(re.findall(r"^ +\d+  ", first.stdout, re.M)) == 100
    assert "Showing 100 of 150 comics. `comics list --page 2` shows the next page, `--all` every page." in first.stdout
    assert len(re.findall(r"^ +\d+  ", second.stdout, re.M)) == 50
    assert every.stdout.count('"id":') == 150


def test_COMICS_FIND_1_search_uses_metrons_series_name(binary, metron, cache_home):
    stub = metron()

    run = comics(binary, "search", "spider", *metron_args(stub))

    assert run.returncode == 0, run.stderr
    assert re.findall(r"^ +\d+  (.*)$", run.stdout, re.M) == ["Amazing Spider-Man (2018) #1", "Amazing Spider-Man (2018) #2"]
    assert stub.requests[0][1] == "/api/issue/?publisher_id=1&series_name=spider"


def test_COMICS_FIND_1_search_filters_the_bundled_catalog_locally(binary):
    run = comics(binary, "search", "avengers")

    assert run.returncode == 0, run.stderr
    titles = re.findall(r"^ +\d+  (.*)$", run.stdout, re.M)
    assert titles and all("avengers" in t.lower() for t in titles)


def test_COMICS_COPY_2_a_stopped_stub_gives_the_copy_with_both_messages(binary, metron, cache_home):
    stub = metron()
    assert comics(binary, "list", *metron_args(stub)).returncode == 0
    assert comics(binary, "characters", "11", *metron_args(stub)).returncode == 0
    stub.stop()

    listed = comics(binary, "list", *metron_args(stub))
    characters = comics(binary, "characters", "11", *metron_args(stub))

    assert (cache_home / "comics" / "offline-copy.sqlite").exists()
    assert listed.returncode == 0
    assert "Avengers (2018) #1" in listed.stdout
    assert listed.stderr.splitlines()[0] == NOT_ANSWERING
    assert COPY_NOTICE.fullmatch(listed.stderr.splitlines()[1])
    assert characters.returncode == 0
    assert "Mary Jane Watson" in characters.stdout
    assert COPY_NOTICE.fullmatch(characters.stderr.splitlines()[1])


def test_COMICS_COPY_3_offline_uses_only_the_copy(binary, metron, cache_home):
    stub = metron()
    nothing = comics(binary, "list", "--offline", *metron_args(stub))
    assert nothing.returncode == 1
    assert nothing.stderr == "There is no offline copy yet. Open the comics once while connected.\n"
    assert stub.requests == []

    assert comics(binary, "list", *metron_args(stub)).returncode == 0
    asked = len(stub.requests)
    kept = comics(binary, "list", "--offline", *metron_args(stub))

    assert kept.returncode == 0
    assert "Avengers (2018) #1" in kept.stdout
    assert len(stub.requests) == asked


def test_COMICS_METRON_5_a_429_with_retry_after_2_is_waited_out(binary, metron, cache_home):
    stub = metron(throttle_first=1, retry_after=2)

    started = time.monotonic()
    run = comics(binary, "list", *metron_args(stub))
    elapsed = time.monotonic() - started

    assert run.returncode == 0, run.stderr
    assert "Avengers (2018) #1" in run.stdout
    assert len(stub.requests) == 2
    assert stub.requests[1][0] - stub.requests[0][0] >= 2.0
    assert elapsed >= 2.0


def test_COMICS_MSG_2_refused_keys_say_so(binary, metron, cache_home):
    stub = metron()

    run = comics(binary, "list", *metron_args(stub)[:-1], "wrong")

    assert run.returncode == 1
    assert run.stderr == ("The comics server refused the keys. Check the user name and password (or the keys) "
                          "and try again.\n")


def test_COMICS_MSG_3_an_issue_that_does_not_exist(binary, metron, cache_home):
    stub = metron()

    run = comics(binary, "characters", "999", *metron_args(stub))

    assert run.returncode == 1
    assert run.stderr == "This comic doesn't exist.\n"


def test_COMICS_MSG_1_a_server_that_never_answers(binary, metron, cache_home):
    stub = metron(never_answer=True)

    run = comics(binary, "list", "--timeout", "1", *metron_args(stub))

    assert run.returncode == 1
    assert run.stderr == NOT_ANSWERING + "\n"


# ---------------------------------------------------------------- the web pages

@pytest.fixture
def metron_server(serve, metron, cache_home):
    def start(issues=SMALL_CATALOG, **behaviour):
        stub = metron(issues, **behaviour)
        return stub, serve(*metron_args(stub))
    return start


def rows(page) -> int:
    return page.get_by_test_id("comic-row").count()


def test_COMICS_PAGE_3_load_more_is_a_link_without_javascript(no_script_page, metron_server):
    _, server = metron_server(generated_issues(150))
    page = no_script_page
    ComicsListPage(page, server.base_url).open()
    expect(page.get_by_test_id("comic-row")).to_have_count(100)
    expect(page.get_by_test_id("count-summary")).to_have_text("Showing 100 of 150 comics.")
    expect(page.get_by_test_id("loading-indicator")).to_have_count(0)  # COMICS-WEB-2: the spinner ends

    page.get_by_test_id("load-more").click()

    expect(page.get_by_test_id("comic-row")).to_have_count(150)
    assert "page=2" in page.url and page.url.endswith("#page-2")
    expect(page.get_by_test_id("load-more")).to_have_count(0)
    assert page.evaluate("document.getElementById('page-2').getBoundingClientRect().top") < 900


def test_COMICS_PAGE_3_more_loads_on_its_own_near_the_end_with_javascript(page, metron_server):
    stub, server = metron_server(generated_issues(150))
    ComicsListPage(page, server.base_url).open().wait_until_loaded()
    expect(page.get_by_test_id("comic-row")).to_have_count(100)

    page.get_by_test_id("load-more").scroll_into_view_if_needed()

    expect(page.get_by_test_id("comic-row")).to_have_count(150)
    assert "page=2" in page.url
    assert page.evaluate("window.scrollY") > 1000, "the place stays where the reader was"
    assert page.get_by_test_id("group-header").all_inner_texts() == sorted(page.get_by_test_id("group-header").all_inner_texts())


def test_COMICS_FIND_2_the_search_field_finds_by_title(page, metron_server):
    _, server = metron_server()
    ComicsListPage(page, server.base_url).open().wait_until_loaded()

    page.get_by_test_id("search-field").fill("spider")
    page.get_by_test_id("search-button").click()
    ComicsListPage(page, server.base_url).wait_until_loaded()

    assert page.get_by_test_id("comic-row").all_inner_texts() == [
        "Amazing Spider-Man (2018) #1", "Amazing Spider-Man (2018) #2"]
    expect(page.get_by_test_id("search-field")).to_have_value("spider")

    page.get_by_test_id("search-field").fill("nobody at all")
    page.get_by_test_id("search-button").click()
    expect(page.get_by_test_id("no-results")).to_have_text("No comics match “nobody at all”.")


def test_COMICS_MSG_4_retry_tries_again(page, metron_server):
    stub, server = metron_server(fail_with=500)
    comics_page = ComicsListPage(page, server.base_url).open().wait_until_loaded()
    expect(comics_page.error_message).to_have_text("The content couldn't be read. Please try again later.")

    stub.behaviour.fail_with = 0
    page.get_by_test_id("retry").click()

    expect(page.get_by_test_id("comic-row")).to_have_count(6)
    expect(comics_page.error_message).to_have_count(0)


def test_COMICS_COPY_2_the_web_list_shows_the_copy_when_the_server_stops(page, metron_server):
    stub, server = metron_server()
    ComicsListPage(page, server.base_url).open().wait_until_loaded()
    expect(page.get_by_test_id("comic-row")).to_have_count(6)
    stub.stop()

    ComicsListPage(page, server.base_url).open().wait_until_loaded()

    expect(page.get_by_test_id("error-message")).to_have_text(NOT_ANSWERING)
    expect(page.get_by_test_id("copy-notice")).to_have_text(COPY_NOTICE)
    expect(page.get_by_test_id("retry")).to_be_visible()
    expect(page.get_by_test_id("comic-row")).to_have_count(6)


def test_COMICS_MSG_3_a_comic_that_does_not_exist_is_a_404_without_retry(page, metron_server):
    _, server = metron_server()

    response = page.goto(server.base_url + "/comics/999?render=server")

    assert response.status == 404
    expect(page.get_by_test_id("error-message")).to_have_text("This comic doesn't exist.")
    expect(page.get_by_test_id("retry")).to_have_count(0)


def test_COMICS_PLACE_1_back_from_a_comic_returns_to_the_place_in_the_list(page, metron_server):
    _, server = metron_server(generated_issues(100))
    ComicsListPage(page, server.base_url).open().wait_until_loaded()
    page.evaluate("window.scrollTo(0, 2500)")
    page.wait_for_function("window.scrollY === 2500")
    visible = page.evaluate("""() => [...document.querySelectorAll('[data-testid=comic-row] a')]
        .find(a => a.getBoundingClientRect().top > 200).getAttribute('href')""")
    page.locator(f"a[href='{visible}']").click()
    expect(page.get_by_test_id("comic-title")).to_be_visible()

    page.go_back()
    ComicsListPage(page, server.base_url).wait_until_loaded()
    expect(page.get_by_test_id("comic-row")).to_have_count(100)

    page.wait_for_function("Math.abs(window.scrollY - 2500) < 5", timeout=5_000)


# The page has jumped to `hash` and stays there: the same place two frames running.
SCROLLED_TO = """hash => {
  if (location.hash !== hash) return false;
  const place = hash + " " + window.scrollY, still = window.__lastPlace === place;
  window.__lastPlace = place;
  return still;
}"""


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_COMICS_PLACE_2_the_letter_index_never_hides_the_header_it_jumped_to(browser, catalog_server, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        comics_page = ComicsListPage(page, catalog_server.base_url).open().wait_until_loaded()
        letters = [l for l in comics_page.group_letters() if l != "#"]
        for letter in [letters[len(letters) // 2], letters[-1]]:
            link = comics_page.index_link(letter)
            link.scroll_into_view_if_needed()
            link.click()
            page.wait_for_function(SCROLLED_TO, arg=link.get_attribute("href"))
            header = comics_page.group(letter).get_by_test_id("group-header").bounding_box()
            index = page.get_by_test_id("letter-index").bounding_box()
            assert header["y"] >= index["y"] + index["height"] - 1, (letter, header, index)
            assert header["y"] + header["height"] <= viewport["height"], (letter, header)
    finally:
        context.close()
