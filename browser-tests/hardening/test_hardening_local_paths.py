"""HARDEN-3 through the real `todo serve`: the `from` parameter is used only when it parses as an
absolute path on this server (after dropping TAB/CR/LF and reading `\\` as `/`, as browsers do);
anything else becomes `/`, both in the 303 after a form and in the Cancel link."""
from __future__ import annotations

import html.parser

from hardening_client import FORM, call

# As they go on the wire (already percent-encoded where a browser would have to).
HOSTILE_FROM = [
    "/%09/evil.example",        # TAB, which browsers strip: //evil.example
    "/%0d%0a/evil.example",     # CR LF, stripped too
    "/\\evil.example",          # one raw backslash, read as /: //evil.example
    "\\\\evil.example",         # two raw backslashes
    "//evil.example",           # protocol-relative
    "https://evil.example/",    # a scheme
    "/%5C%5Cevil.example",      # encoded backslashes: /\\evil.example
    "javascript:alert(1)",      # a scheme that runs script
]
LEGITIMATE_WIRE = "/projects/Home%3Fpage%3D2"
LEGITIMATE = "/projects/Home?page=2"


class CancelLink(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("data-testid") == "cancel":
            self.hrefs.append(attributes.get("href"))


def cancel_href(server, wire_from: str) -> str:
    page = call(server, "GET", f"/items/new?from={wire_from}")
    assert page.status == 200, f"GET /items/new?from={wire_from} answered {page!r}"
    parser = CancelLink()
    parser.feed(page.text)
    assert len(parser.hrefs) == 1, f"the new-item page has {len(parser.hrefs)} Cancel links (data-testid=cancel)"
    return parser.hrefs[0]


def post_preference(server, wire_from: str):
    return call(server, "POST", "/preferences/unfinished", f"on=1&from={wire_from}", FORM)


def test_HARDEN_3_a_hostile_from_after_a_form_redirects_to_the_list(shared_server):
    wrong = {}
    for value in HOSTILE_FROM:
        answer = post_preference(shared_server, value)
        if (answer.status, answer.headers.get("location")) != (303, "/"):
            wrong[value] = f"{answer.status} Location {answer.headers.get('location')!r}"
    assert not wrong, f"POST /preferences/unfinished did not answer 303 Location: / for: {wrong}"


def test_HARDEN_3_a_hostile_from_makes_the_cancel_link_go_to_the_list(shared_server):
    wrong = {value: href for value in HOSTILE_FROM if (href := cancel_href(shared_server, value)) != "/"}
    assert not wrong, f"the Cancel link of /items/new?from=… is not href=\"/\" for: {wrong}"


def test_HARDEN_3_a_local_path_with_a_query_is_kept(shared_server):
    answer = post_preference(shared_server, LEGITIMATE_WIRE)
    assert (answer.status, answer.headers.get("location")) == (303, LEGITIMATE), \
        f"POST /preferences/unfinished from={LEGITIMATE}: {answer.status} Location {answer.headers.get('location')!r}"
    assert cancel_href(shared_server, LEGITIMATE_WIRE) == LEGITIMATE
