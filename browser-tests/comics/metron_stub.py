"""A Metron-contract server for the tests and the bench (loopback only).

Its answers follow Metron's public API documentation (metron.cloud/api, and the mokkari client's
schemas): HTTP Basic auth; `GET /api/issue/?publisher_id=1[&series_name=…][&page=K]` answers
`{"count", "next", "previous", "results"}` with 100 issues a page, each `{"id", "series": {"id",
"name", "volume", "year_began"}, "number", "issue", "cover_date", "image", "cover_hash", "modified"}`;
`GET /api/issue/{id}/` answers the issue's detail with `characters`; 401 and 404 bodies are
`{"detail": "…"}`; over the rate a `429` with `Retry-After`.

Run alone (for the bench or by hand): `python3 metron_stub.py --issues 5000 --port 8090`.
"""
from __future__ import annotations

import argparse
import base64
import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlparse

PAGE_SIZE = 100
MARVEL = {"id": 1, "name": "Marvel"}


@dataclass
class MetronIssue:
    id: int
    series: str
    year: int
    number: str
    characters: list[str] = field(default_factory=list)
    publisher: int = 1

    @property
    def title(self) -> str:
        return f"{self.series} ({self.year}) #{self.number}"


def generated_issues(count: int) -> list[MetronIssue]:
    """`count` Marvel issues across 26 series, A to Z, ten characters each."""
    names = ["Avengers", "Black Panther", "Captain America", "Daredevil", "Eternals", "Fantastic Four",
             "Ghost Rider", "Hulk", "Iron Man", "Journey into Mystery", "Kang", "Loki", "Moon Knight",
             "Nova", "Old Man Logan", "Punisher", "Quasar", "Runaways", "Spider-Man", "Thor", "Uncanny X-Men",
             "Venom", "Wolverine", "X-Force", "Young Avengers", "Zombies"]
    per_series = max(1, -(-count // len(names)))
    issues = []
    for index in range(count):
        series = names[index // per_series]
        issues.append(MetronIssue(id=1000 + index, series=series, year=2000 + index // per_series % 20,
                                  number=str(index % per_series + 1),
                                  characters=[f"Hero {n}" for n in range(10, 0, -1)]))
    return issues


SMALL_CATALOG = [
    MetronIssue(11, "Amazing Spider-Man", 2018, "1", ["Spider-Man", "Mary Jane Watson", "Aunt May"]),
    MetronIssue(12, "Amazing Spider-Man", 2018, "2", ["Spider-Man", "Kraven"]),
    MetronIssue(13, "Black Widow", 2020, "1", ["Black Widow"]),
    MetronIssue(14, "Captain Marvel", 2019, "1", ["Carol Danvers", "Rogue"]),
    MetronIssue(15, "Daredevil", 2019, "1", ["Matt Murdock", "Elektra"]),
    MetronIssue(16, "Avengers", 2018, "1", ["Thor", "Iron Man", "Captain America"]),
    MetronIssue(17, "Batman", 2016, "1", ["Batman"], publisher=2),  # DC: never listed for Marvel
]


@dataclass
class MetronBehaviour:
    user: str = "u"
    password: str = "p"
    page_size: int = PAGE_SIZE
    delay: float = 0.0            # seconds before every answer
    throttle_first: int = 0       # answer this many requests with 429 first
    retry_after: int = 2
    fail_with: int = 0            # answer every request with this status (500…)
    never_answer: bool = False    # accept and never answer


class MetronStub:
    def __init__(self, issues: list[MetronIssue], behaviour: MetronBehaviour | None = None, port: int = 0):
        self.issues = issues
        self.behaviour = behaviour or MetronBehaviour()
        self.requests: list[tuple[float, str, dict]] = []  # (time, path with query, headers)
        self._lock = threading.Lock()
        self._throttled = 0
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):
                stub._answer(self)

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/api/"
        self._thread: threading.Thread | None = None

    def start(self) -> "MetronStub":
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _send(self, handler, status: int, body: dict, headers: dict | None = None) -> None:
        data = json.dumps(body).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(data)

    def _answer(self, handler) -> None:
        b = self.behaviour
        with self._lock:
            self.requests.append((time.monotonic(), handler.path, dict(handler.headers)))
        if b.never_answer:
            time.sleep(3600)
            return
        if b.delay:
            time.sleep(b.delay)
        expected = "Basic " + base64.b64encode(f"{b.user}:{b.password}".encode()).decode()
        if handler.headers.get("Authorization") != expected:
            return self._send(handler, 401, {"detail": "Invalid username/password."},
                              {"WWW-Authenticate": 'Basic realm="api"'})
        with self._lock:
            if self._throttled < b.throttle_first:
                self._throttled += 1
                return self._send(handler, 429, {"detail": "Request was throttled."},
                                  {"Retry-After": str(b.retry_after)})
        if b.fail_with:
            return self._send(handler, b.fail_with, {"detail": "Server error."})
        url = urlparse(handler.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        detail = re.fullmatch(r"/api/issue/(\d+)/", url.path)
        if url.path == "/api/issue/":
            return self._list(handler, query)
        if detail:
            issue = next((i for i in self.issues if i.id == int(detail.group(1))), None)
            if issue is None:
                return self._send(handler, 404, {"detail": "Not found."})
            return self._send(handler, 200, self._detail(issue))
        return self._send(handler, 404, {"detail": "Not found."})

    def _list(self, handler, query: dict) -> None:
        issues = self.issues
        if "publisher_id" in query:
            issues = [i for i in issues if str(i.publisher) == query["publisher_id"]]
        if "series_name" in query:
            wanted = query["series_name"].lower()
            issues = [i for i in issues if wanted in i.series.lower()]
        issues = sorted(issues, key=lambda i: (i.series.lower(), i.year, int(i.number) if i.number.isdigit() else 0))
        try:
            number = int(query.get("page", "1"))
        except ValueError:
            number = 0
        size = self.behaviour.page_size
        start = (number - 1) * size
        if number < 1 or (start >= len(issues) and number != 1):
            return self._send(handler, 404, {"detail": "Invalid page."})
        chunk = issues[start:start + size]

        def link(k: int) -> str:
            return f"{self.base_url}issue/?" + urlencode({**query, "page": k})

        self._send(handler, 200, {
            "count": len(issues),
            "next": link(number + 1) if start + size < len(issues) else None,
            "previous": link(number - 1) if number > 1 else None,
            "results": [self._summary(i) for i in chunk],
        })

    @staticmethod
    def _series(issue: MetronIssue) -> dict:
        return {"id": abs(hash(issue.series)) % 100000, "name": issue.series, "volume": 1, "year_began": issue.year}

    def _summary(self, issue: MetronIssue) -> dict:
        return {"id": issue.id, "series": self._series(issue), "number": issue.number, "issue": issue.title,
                "cover_date": f"{issue.year}-01-01", "store_date": None, "image": None, "cover_hash": "",
                "modified": "2025-01-01T00:00:00-05:00"}

    def _detail(self, issue: MetronIssue) -> dict:
        series = {**self._series(issue), "sort_name": issue.series, "series_type": {"id": 2, "name": "Ongoing Series"},
                  "genres": []}
        return {"id": issue.id, "publisher": MARVEL, "imprint": None, "series": series, "number": issue.number,
                "alt_number": "", "title": "", "name": [], "cover_date": f"{issue.year}-01-01", "store_date": None,
                "price": "3.99", "rating": {"id": 1, "name": "Unknown"}, "sku": "", "isbn": "", "upc": "",
                "page": 32, "desc": f"Issue {issue.number} of {issue.series}.", "image": None, "cover_hash": "",
                "arcs": [], "credits": [], "teams": [], "universes": [], "reprints": [], "variants": [],
                "characters": [{"id": 5000 + n, "name": name, "modified": "2025-01-01T00:00:00-05:00"}
                               for n, name in enumerate(issue.characters)],
                "cv_id": None, "gcd_id": None, "resource_url": f"https://metron.cloud/issue/{issue.id}/",
                "modified": "2025-01-01T00:00:00-05:00"}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--issues", type=int, default=5000)
    parser.add_argument("--port", type=int, default=8090)
    args = parser.parse_args()
    stub = MetronStub(generated_issues(args.issues), port=args.port)
    print(f"Metron stub with {args.issues} issues on {stub.base_url}", flush=True)
    stub.server.serve_forever()
