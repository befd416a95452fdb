"""Storage faults with the real executable: a full disk (a tiny tmpfs), an unwritable folder and a
read-only database (read-only mounts: permissions alone don't stop root, who runs CI here), a
corrupt file and a file from a newer schema. Each gets a clear sentence and no crash; nothing is
half-written; the server answers 503 with the sentence and keeps serving."""
from __future__ import annotations

import sqlite3
import subprocess
import uuid
from pathlib import Path

import pytest

from reliability_server import TodoServer, run_todo, todo_binary

STORAGE_SENTENCES = (
    "is full", "is read-only", "Can't open", "Can't create", "Can't read or write", "is not a Todo database",
    "newer version of Todo",
)


def mount_tmpfs(where: Path, size: str) -> None:
    where.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0777", "tmpfs", str(where)], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({result.stderr.strip() or 'mount refused'}): storage-fault tests need root")


def remount(where: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(where)], check=True, capture_output=True)


@pytest.fixture
def tmpfs(tmp_path):
    """Mounts tiny tmpfs file systems; unmounts them at the end."""
    mounted: list[Path] = []

    def mount(size: str) -> Path:
        where = tmp_path / f"fs-{uuid.uuid4().hex[:6]}"
        mount_tmpfs(where, size)
        mounted.append(where)
        return where

    yield mount
    for where in mounted:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def assert_sentence(text: str) -> None:
    assert any(s in text for s in STORAGE_SENTENCES), text
    assert "Fatal error" not in text and "Stack dump" not in text and "GRDB" not in text, text


def integrity(db: Path) -> str:
    connection = sqlite3.connect(db)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def test_a_full_disk_answers_503_with_a_sentence_keeps_serving_and_loses_no_acknowledged_write(tmpfs):
    disk = tmpfs("1m")  # the empty database with every table is some 220 KiB, and the WAL of its migrations some 770 KiB
    db = disk / "todo.sqlite"
    server = TodoServer(db, log=disk.parent / "full.log")
    acked = []
    try:
        client = server.client()
        refused = None
        for n in range(400):
            response = client.request("POST", "/api/todos", {"title": f"item {n}", "details": "x" * 3000})
            if response.status != 201:
                refused = response
                break
            acked.append(response.json()["id"])
        assert refused is not None, "the disk never filled"
        assert refused.status == 503, refused
        assert refused.json()["error"].endswith("is full; nothing was changed.")
        # Still serving: reads work, the pages render, and further writes get the same clear answer.
        listed = client.request("GET", "/api/todos")
        assert listed.status == 200
        assert {item["id"] for item in listed.json()} == set(acked)
        assert client.request("GET", "/").status == 200
        again = client.request("POST", "/items", "title=one+more", {"Content-Type": "application/x-www-form-urlencoded"})
        assert again.status in (303, 503), again
        if again.status == 503:
            assert "is full" in again.text
        assert server.alive()
        # The CLI on the same full disk: one sentence, exit 1.
        cli = run_todo("add", "from the CLI", "--details", "y" * 3000, db=db)
        if cli.returncode != 0:
            assert cli.returncode == 1 and cli.stderr.startswith("todo: "), cli.stderr
            assert_sentence(cli.stderr)
        client.close()
    finally:
        server.stop()
    # Room again: everything acknowledged is there, the file is sound, writing works.
    remount(disk, "size=8m")
    assert integrity(db) == "ok"
    server = TodoServer(db, log=disk.parent / "full2.log")
    try:
        client = server.client()
        stored = {item["id"] for item in client.request("GET", "/api/todos").json()}
        assert set(acked) <= stored
        assert client.request("POST", "/api/todos", {"title": "after"}).status == 201
        client.close()
    finally:
        server.stop()
    print(f"disk full after {len(acked)} items of 3 KB on a 320 KiB tmpfs")


def test_an_unwritable_folder_gets_a_sentence_from_the_cli_and_the_server(tmpfs):
    folder = tmpfs("1m")
    remount(folder, "ro")
    db = folder / "todo.sqlite"
    cli = run_todo("add", "x", db=db)
    assert cli.returncode == 1, cli
    assert cli.stderr == f"todo: Can't create the database at {db}: the folder {folder} can't be written (permission denied or a read-only disk).\n"

    nested = run_todo("list", db=folder / "sub" / "todo.sqlite")
    assert nested.returncode == 1
    assert_sentence(nested.stderr)
    serve = subprocess.run(
        [str(todo_binary()), "serve", "--db", str(db), "--port", "0"], capture_output=True, text=True, timeout=30)
    assert serve.returncode == 1, serve
    assert_sentence(serve.stderr)
    assert not db.exists()


def test_a_read_only_database_refuses_writes_with_a_sentence_and_changes_nothing(tmpfs):
    folder = tmpfs("4m")
    db = folder / "todo.sqlite"
    assert run_todo("add", "kept", db=db).returncode == 0
    before = db.read_bytes()
    remount(folder, "ro")
    cli = run_todo("add", "refused", db=db)
    assert cli.returncode == 1, cli
    assert "is read-only" in cli.stderr and "nothing was changed" in cli.stderr, cli.stderr
    try:
        server = TodoServer(db, log=folder.parent / "ro.log")
    except RuntimeError as error:
        # Refusing to start is fine as long as it says why.
        assert_sentence(str(error))
    else:
        try:
            client = server.client()
            response = client.request("POST", "/api/todos", {"title": "refused"})
            assert response.status == 503, response
            assert_sentence(response.json()["error"])
            listing = client.request("GET", "/api/todos")
            assert listing.status in (200, 503)
            if listing.status == 503:
                assert_sentence(listing.json()["error"])
            else:
                assert [item["title"] for item in listing.json()] == ["kept"]
            assert server.alive()
            client.close()
        finally:
            server.stop()
    assert db.read_bytes() == before


@pytest.mark.parametrize("kind", ["corrupt", "newer schema"])
def test_the_server_refuses_a_corrupt_or_newer_database_with_a_sentence_and_leaves_it_unchanged(tmp_path, kind):
    db = tmp_path / "todo.sqlite"
    if kind == "corrupt":
        db.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    else:
        assert run_todo("add", "from the future", db=db).returncode == 0
        connection = sqlite3.connect(db)
        connection.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
        connection.commit()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
    before = content(db, kind)
    serve = subprocess.run(
        [str(todo_binary()), "serve", "--db", str(db), "--port", "0"], capture_output=True, text=True, timeout=30)
    assert serve.returncode == 1, serve
    assert serve.stderr.startswith("todo: ")
    assert_sentence(serve.stderr)
    assert content(db, kind) == before


def content(db: Path, kind: str):
    """The bytes of a corrupt file; the rows of a database (closing one may checkpoint its header)."""
    if kind == "corrupt":
        return db.read_bytes()
    connection = sqlite3.connect(db)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()
