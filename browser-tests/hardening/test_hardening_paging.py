"""HARDEN-7 through the real `todo serve`: `GET /api/todos?limit=N` answers at most N items in list
order with a `Link: <…>; rel="next"` while more follow (other filters kept); a bad `limit` or a
cursor this API did not write answers 400."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from hardening_client import add, call, error_text, items

NEXT_LINK = re.compile(r'<([^>]*)>\s*;\s*rel="?next"?')


def next_link(response) -> str | None:
    link = response.headers.get("link")
    if link is None:
        return None
    match = NEXT_LINK.search(link)
    assert match, f'the Link header has no rel="next": {link!r}'
    return match.group(1)


def pages(server, first: str, limit: int) -> list[list[dict]]:
    """Follows rel="next" from `first` (at most 10 pages)."""
    found, target = [], first
    for _ in range(10):
        answer = call(server, "GET", target)
        assert answer.status == 200, f"GET {target} answered {answer!r}"
        page = answer.json()
        assert len(page) <= limit, f"GET {target} answered {len(page)} items, more than limit={limit}"
        found.append(page)
        url = next_link(answer)
        if url is None:
            return found
        parts = urlsplit(url)
        assert (parts.scheme, parts.netloc) in (("", ""), ("http", f"{server.host}:{server.port}")), \
            f"the next link does not point at this server: {url!r}"
        assert parse_qs(parts.query).get("limit") == [str(limit)], f"the next link lost limit={limit}: {url!r}"
        target = parts.path + "?" + parts.query
    raise AssertionError(f"still a next link after 10 pages: {[len(page) for page in found]}")


def test_HARDEN_7_limit_pages_the_list_in_order_with_link_next(todo_server):
    for number in range(1, 6):
        add(todo_server, title=f"item {number}")
    whole = [item["id"] for item in items(todo_server)]
    assert len(whole) == 5

    found = pages(todo_server, "/api/todos?limit=2", limit=2)

    assert [len(page) for page in found] == [2, 2, 1], f"pages of limit=2 over 5 items: {[len(p) for p in found]}"
    assert [item["id"] for page in found for item in page] == whole, \
        "following the next links did not give the whole list in list order"


def test_HARDEN_7_the_next_link_keeps_the_other_filters(todo_server):
    for number in range(1, 4):
        add(todo_server, title=f"home {number}", project="Home")
    add(todo_server, title="work 1", project="Work")
    add(todo_server, title="work 2", project="Work")
    home = [item["id"] for item in items(todo_server) if item["project"] == "Home"]
    whole_filtered = call(todo_server, "GET", "/api/todos?project=Home")
    assert [item["id"] for item in whole_filtered.json()] == home, "?project=Home does not filter the list"

    found = pages(todo_server, "/api/todos?project=Home&limit=2", limit=2)

    assert [item["id"] for page in found for item in page] == home, \
        f"paging ?project=Home gave {[[item['title'] for item in page] for page in found]}"


def test_HARDEN_7_a_bad_limit_or_a_foreign_cursor_answers_400(todo_server):
    add(todo_server, title="one")
    add(todo_server, title="two")
    wrong = {}
    for query in ("limit=0", "limit=abc", "limit=1001", "limit=-1", "limit=2&after=not-a-uuid",
                  "after=not-a-uuid", "limit=1&after=11111111-1111-1111-1111-111111111111"):
        answer = call(todo_server, "GET", f"/api/todos?{query}")
        if answer.status != 400:
            wrong[query] = repr(answer)
        else:
            error_text(answer)
    assert not wrong, f"these answered something other than 400: {wrong}"
    largest = call(todo_server, "GET", "/api/todos?limit=1000")
    assert largest.status == 200 and len(largest.json()) == 2 and "link" not in largest.headers, \
        f"limit=1000 (the largest) answered {largest!r} {largest.headers.get('link')!r}"


def test_HARDEN_7_paging_goes_on_after_the_item_the_cursor_came_from_is_gone(todo_server):
    for number in range(1, 6):
        add(todo_server, title=f"item {number}")
    whole = [item["id"] for item in items(todo_server)]
    first = call(todo_server, "GET", "/api/todos?limit=2")
    assert first.status == 200 and [item["id"] for item in first.json()] == whole[:2], f"first page: {first!r}"
    url = next_link(first)
    assert url, "no next link after the first of three pages"

    gone = call(todo_server, "DELETE", f"/api/todos/{whole[1]}")
    assert gone.status in (200, 204), f"DELETE the last item of the first page answered {gone!r}"
    parts = urlsplit(url)
    rest = pages(todo_server, parts.path + "?" + parts.query, limit=2)

    assert [item["id"] for page in rest for item in page] == whole[2:], \
        "after the cursor's item was deleted, the next pages are not the rest of the list"
