"""docs/interop.md's table of client × operation (DAV-23, DAV-30 to DAV-32) names its proof: each
mark's number is a test of this folder. This reads the table and the numbered list under it, so
neither can name a test that is gone or renamed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
INTEROP = HERE.parent.parent / "docs" / "interop.md"


def section() -> str:
    text = INTEROP.read_text()
    start = text.index("### Which client does what")
    return text[start:text.index("\n### ", start + 1)]


def defined_tests() -> set[str]:
    names = set()
    for path in HERE.glob("test_*.py"):
        names |= {node.name for node in ast.walk(ast.parse(path.read_text()))
                  if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
    return names


def test_DAV_23_the_client_table_names_tests_that_exist():
    text = section()
    listed = dict(re.findall(r"^(\d+)\. `(test_\w+)`$", text, flags=re.M))
    marks = {number for row in re.findall(r"^\|(?!---| operation).*\|$", text, flags=re.M)
             for cell in row.split("|")[2:] for number in re.findall(r"\b\d+\b", cell.split("(")[0])}
    assert listed, "the numbered list of tests is missing"
    assert marks <= set(listed), f"marks without a test named: {sorted(marks - set(listed), key=int)}"
    assert set(listed) <= marks, f"tests named but never marked: {sorted(set(listed) - marks, key=int)}"
    missing = {name for name in listed.values() if name not in defined_tests()}
    assert not missing, f"docs/interop.md names tests that are not in browser-tests/caldav: {sorted(missing)}"
