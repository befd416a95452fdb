"""A tiny Marvel-compatible server for the browser tests: valid, broken or slow answers on demand."""
from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

ATTRIBUTION = "Data provided by Marvel. © 2025 MARVEL"


@dataclass
class StubCatalog:
    """Comics as (id, title) and each comic's character names."""

    comics: list[tuple[int, str]]
    characters: dict[int, list[str]] = field(default_factory=dict)


@dataclass
class StubBehaviour:
    delay: float = 0.0                 # seconds before every answer
    broken_comics: bool = False        # /v1/public/comics answers {"oops"
    broken_characters: bool = False    # /v1/public/comics/{id}/characters answers {"oops"
    endless_paging: bool = False       # /v1/public/comics claims total 2**62 and gives one comic a page (HARDEN-5)


def envelope(results: list[dict], offset: int, limit: int, total: int) -> bytes:
    return json.dumps({
        "code": 200, "status": "Ok", "copyright": "© 2025 MARVEL", "attributionText": ATTRIBUTION,
        "etag": "stub", "data": {"offset": offset, "limit": limit, "total": total, "count": len(results),
                                 "results": results},
    }).encode()


class MarvelStub:
    def __init__(self, catalog: StubCatalog, behaviour: StubBehaviour | None = None):
        self.catalog = catalog
        self.behaviour = behaviour or StubBehaviour()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def do_GET(self):
                status, body = stub.answer(self.path)
                if stub.behaviour.delay:
                    time.sleep(stub.behaviour.delay)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self) -> "MarvelStub":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def answer(self, raw_path: str) -> tuple[int, bytes]:
        url = urlparse(raw_path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        offset, limit = int(query.get("offset", 0)), int(query.get("limit", 20))
        if url.path == "/v1/public/comics":
            if self.behaviour.broken_comics:
                return 200, b'{"oops"'
            if self.behaviour.endless_paging:
                return 200, envelope([{"id": offset + 1, "title": f"Comic {offset}"}], offset, limit, 2 ** 62)
            items = [{"id": i, "title": t, "issueNumber": 1, "description": None} for i, t in self.catalog.comics]
            return 200, envelope(items[offset:offset + limit], offset, limit, len(items))
        match = re.fullmatch(r"/v1/public/comics/(\d+)(/characters)?", url.path)
        if match:
            comic_id = int(match.group(1))
            titles = dict(self.catalog.comics)
            if comic_id not in titles:
                return 404, b'{"code":404,"status":"We couldn\'t find that comic_issue"}'
            if match.group(2):
                if self.behaviour.broken_characters:
                    return 200, b'{"oops"'
                names = self.catalog.characters.get(comic_id, [])
                items = [{"id": 1000 + n, "name": name, "description": ""} for n, name in enumerate(names)]
                return 200, envelope(items[offset:offset + limit], offset, limit, len(items))
            return 200, envelope([{"id": comic_id, "title": titles[comic_id], "issueNumber": 1}], 0, 20, 1)
        return 404, b'{"code":"ResourceNotFound","message":"not found"}'


# Titles chosen to exercise every grouping rule in the browser.
RULES_CATALOG = StubCatalog(
    comics=[
        (1, "Crook"), (2, "cool comic"), (3, "Comic"), (4, "2099 Unlimited (1993) #1"), (5, "Élan"),
        (6, "Avengers (1963) #1"), (7, "  beta"), (8, "'Nam"), (9, "Echo"),
    ],
    characters={6: ["Wasp", "Thor", "hulk", "Ant-Man", "Iron Man", "Élektra"], 3: ["Zed"]},
)
