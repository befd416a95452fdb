"""HARDEN-7 through the real `todo serve`: `GET /api/todos?limit=N` answers at most N items in list
order with a `Link: <…>; rel="next"` while more follow (other filters kept); a bad `limit` or a
cursor this API did not write answers 400. HARDEN-7b: without `limit`, the whole list is one answer,
the same as its pages."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from hardening_client import JSON, add, call, error_text, items

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


TRICKY_TITLES = ['say "hi"', r"C:\path\to\file", "emoji 😀 👩‍👩‍👧‍👦 🇯🇵 𝄞", "中文标题", "日本語のタイトル",
                 "line\u2028separator\u2029", "a/b </script> & 'single'", r'\"escaped\" \u0041']
TRICKY_DETAILS = [None, "line 1\nline 2\r\nline 3\ttab", '{"json": "C:\\\\temp"}', "多行\n説明 😀"]


def test_HARDEN_7b_the_whole_list_of_1234_items_is_one_answer_equal_to_its_pages(todo_server):
    """HARDEN-7b on the SQLite store: the whole list (more than two batches of 500) is one answer —
    every item once, in list order, the same objects as following the ?limit= pages, and the text
    as it was sent."""
    entries = [{"id": f"00000000-0000-4000-8000-{index:012x}", "title": f"{TRICKY_TITLES[index % 8]} #{index}",
                "details": TRICKY_DETAILS[index % 4], "completed": index % 7 == 3, "order": index * 1.5 - 100.25,
                "project": ["Home", "仕事", None][index % 3]}
               for index in range(1, 1235)]
    imported = call(todo_server, "POST", "/api/import?format=json", entries, JSON)
    assert imported.status == 200, f"the import of 1,234 items answered {imported!r}"

    whole = call(todo_server, "GET", "/api/todos", timeout=60)

    assert whole.status == 200, f"GET /api/todos answered {whole!r}"
    assert whole.headers.get("content-type", "").startswith("application/json")
    listed = whole.json()
    assert len(listed) == 1234 and len({item["id"] for item in listed}) == 1234, \
        f"the whole list has {len(listed)} items, {len({item['id'] for item in listed})} different"
    sent = {entry["id"]: entry for entry in entries}
    changed = [item["id"] for item in listed
               if (item["title"], item["details"], item["project"]) !=
               (sent[item["id"]]["title"], sent[item["id"]]["details"], sent[item["id"]]["project"])]
    assert not changed, f"these items came back with other text: {changed[:5]}"
    assert [item["completed"] for item in listed] == sorted(item["completed"] for item in listed), \
        "Done items are not after To Do"
    for limit in (500, 1000):
        paged = [item for page in pages(todo_server, f"/api/todos?limit={limit}", limit=limit) for item in page]
        assert paged == listed, f"the ?limit={limit} pages differ from the whole list"
