"""HARDEN-2 through the real `todo serve`: only the Host names the server serves are answered;
any other Host gets 421 with a sentence and nothing happens, so a page on a DNS-rebinding domain
can neither read nor change the list; `--allowed-host` adds a name, and the API's `url` and
`Location` are built from the checked Host."""
from __future__ import annotations

from hardening_client import JSON, add, call, error_text, items, raw_exchange


def evil(server) -> dict[str, str]:
    """The headers a page on http://evil.example:PORT sends once its name resolves to 127.0.0.1."""
    return {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"}


def test_HARDEN_2_a_foreign_host_is_answered_421_and_can_neither_change_nor_read_the_list(todo_server):
    add(todo_server, title="Secret plan", details="only mine")
    add(todo_server, title="Second secret")
    before = items(todo_server)

    deleted = call(todo_server, "DELETE", "/api/todos", headers=evil(todo_server))
    assert deleted.status == 421, f"DELETE /api/todos for Host evil.example answered {deleted!r}, not 421"
    message = error_text(deleted)
    assert "--allowed-host" in message, f"the 421 sentence does not say how to add a name: {message!r}"
    assert "localhost" in message or "127.0.0.1" in message, \
        f"the 421 sentence does not say which names this server answers: {message!r}"
    added = call(todo_server, "POST", "/api/todos", {"title": "pwned"}, {**JSON, **evil(todo_server)})
    assert added.status == 421, f"POST /api/todos for Host evil.example answered {added!r}, not 421"
    assert items(todo_server) == before, "a request for a foreign Host changed the list"

    read = call(todo_server, "GET", "/api/todos", headers={"Host": f"evil.example:{todo_server.port}"})
    assert read.status == 421, f"GET /api/todos for Host evil.example answered {read!r}, not 421"
    error_text(read)
    assert "Secret" not in read.text and "only mine" not in read.text, f"the 421 answer shows the list: {read!r}"
    exported = call(todo_server, "GET", "/api/export?format=json", headers=evil(todo_server))
    assert exported.status == 421 and "Secret" not in exported.text, \
        f"GET /api/export for Host evil.example answered {exported!r}"


def test_HARDEN_2_a_page_for_a_foreign_host_gets_a_421_page(todo_server):
    add(todo_server, title="Secret plan")

    page = call(todo_server, "GET", "/", headers={"Host": f"evil.example:{todo_server.port}"})

    assert page.status == 421, f"GET / for Host evil.example answered {page!r}, not 421"
    assert page.headers.get("content-type", "").startswith("text/html"), \
        f"the 421 for a page is not HTML: {page.headers.get('content-type')!r}"
    assert "<html" in page.text.lower(), f"the 421 page is not an HTML page: {page!r}"
    assert "--allowed-host" in page.text, f"the 421 page does not say how to add a name: {page!r}"
    assert "Secret plan" not in page.text, "the 421 page shows the list"


def test_HARDEN_2_the_bound_address_and_localhost_are_answered_in_any_case_and_without_host(todo_server):
    port = todo_server.port
    answers = {
        host: call(todo_server, "GET", "/api/todos", headers={"Host": host}).status
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", "LOCALHOST", f"LocalHost:{port}")
    }
    assert set(answers.values()) == {200}, f"the server's own names were not all answered 200: {answers}"

    http_1_0 = raw_exchange(todo_server, b"GET /healthz HTTP/1.0\r\n\r\n")
    assert (http_1_0.status, http_1_0.body.strip()) == (200, b"ok"), \
        f"an HTTP/1.0 request without Host was not served as the bound address: {http_1_0!r}"


def test_HARDEN_2_allowed_host_adds_a_name_and_the_api_builds_urls_from_the_checked_host(todo_server, start_server):
    proxied = start_server("--allowed-host", "todo.example")
    name = f"todo.example:{proxied.port}"

    created = call(proxied, "POST", "/api/todos", {"title": "via the proxy"}, {**JSON, "Host": name})
    assert created.status == 201, f"POST /api/todos for an allowed Host answered {created!r}"
    assert created.headers.get("location", "").startswith(f"http://{name}/"), \
        f"Location is not built from the checked Host {name}: {created.headers.get('location')!r}"
    listed = call(proxied, "GET", "/api/todos", headers={"Host": name})
    assert listed.status == 200, f"GET /api/todos for an allowed Host answered {listed!r}"
    assert [item["url"][: len(f"http://{name}/")] for item in listed.json()] == [f"http://{name}/"], \
        f"the item url is not built from the checked Host {name}: {listed.json()!r}"
    upper = call(proxied, "GET", "/api/todos", headers={"Host": f"TODO.EXAMPLE:{proxied.port}"})
    assert upper.status == 200, f"the allowed name in capitals answered {upper!r}"
    page = call(proxied, "GET", "/", headers={"Host": "todo.example"})
    assert page.status == 200 and "via the proxy" in page.text, f"GET / for the allowed name without port: {page!r}"

    still_foreign = call(proxied, "GET", "/api/todos", headers={"Host": f"evil.example:{proxied.port}"})
    assert still_foreign.status == 421, f"--allowed-host let another name through: {still_foreign!r}"
    not_allowed_here = call(todo_server, "GET", "/api/todos", headers={"Host": f"todo.example:{todo_server.port}"})
    assert not_allowed_here.status == 421, \
        f"a server started without --allowed-host answered todo.example: {not_allowed_here!r}"
