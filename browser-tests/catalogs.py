"""The apps' translations as the tests read them: the `.strings` catalogs under
`Sources/<Module>/Resources/<language>.lproj/` (LANG-10), so that a test in Chinese or Japanese
asserts the words the catalog gives rather than a copy of them.

`Words(["TodoWeb", "TodoPresentation", "WebUI"])` merges those modules' catalogs;
`words.say("ja", "To Do")` is the Japanese entry of the key whose English entry is "To Do".
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from built_executables import REPO

LANGUAGES = ["en", "zh-Hans", "ja"]
# What a browser sends for each (Playwright's `locale`), LANG-1.
LOCALES = {"en": "en-US", "zh-Hans": "zh-CN", "ja": "ja-JP"}

_ENTRY = re.compile(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;')
_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


@lru_cache(maxsize=None)
def table(module: str, language: str) -> dict[str, str]:
    """Every entry of a module's catalog in one language."""
    folder = REPO / "Sources" / module / "Resources" / f"{language}.lproj"
    entries: dict[str, str] = {}
    for path in sorted(folder.glob("*.strings")):
        text = _COMMENT.sub("", path.read_text(encoding="utf-8"))
        for key, value in _ENTRY.findall(text):
            entries[_unescape(key)] = _unescape(value)
    return entries


class Words:
    def __init__(self, modules: list[str]):
        self.modules = modules

    def entries(self, language: str) -> dict[str, str]:
        merged: dict[str, str] = {}
        for module in self.modules:
            merged.update(table(module, language))
        return merged

    def key_of(self, english: str) -> str:
        """The key whose English entry is exactly `english` (one of them, if several)."""
        keys = sorted(k for k, v in self.entries("en").items() if v == english)
        assert keys, f"no catalog entry says {english!r} in English (modules {self.modules})"
        return keys[0]

    def text(self, language: str, key: str, **values: str) -> str:
        """The entry `key` in `language`, its `{name}` placeholders filled from `values`."""
        text = self.entries(language)[key]
        for name, value in values.items():
            text = text.replace("{" + name + "}", value)
        return text

    def say(self, language: str, english: str, **values: str) -> str:
        """`english`'s entry in `language`, its `{name}` placeholders filled from `values`."""
        return self.text(language, self.key_of(english), **values)

    def english_words(self, allowed: set[str]) -> set[str]:
        """Every word (two Latin letters or more) of the English entries, placeholders left
        out, less `allowed` (brand names and the like): words that must not show on a page in
        another language (LANG-4)."""
        words: set[str] = set()
        for value in self.entries("en").values():
            value = re.sub(r"\{[^}]*\}", " ", value)
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", value))
        return words - {w.lower() for w in allowed}


def page_text(page) -> str:
    """What a person reads on a page, and what a screen reader says: the visible text, the
    dialogs and hidden parts a script may show, and every accessible name, label, placeholder
    and title (LANG-4). Keys of the keyboard (`<kbd>Delete</kbd>`) are named as keyboards
    print them, and are left out."""
    return page.evaluate(
        """() => {
            const keys = [...document.querySelectorAll('kbd')].map(k => k.textContent);
            const withoutKeys = text => keys.reduce((rest, key) => rest.replace(key, ' '), text || '');
            const parts = [withoutKeys(document.body.innerText), document.title];
            for (const e of document.querySelectorAll('[aria-label],[title],[placeholder],[alt],[data-announce]')) {
                for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'data-announce']) {
                    if (e.hasAttribute(a)) parts.push(e.getAttribute(a));
                }
            }
            for (const e of document.querySelectorAll('dialog, [hidden]')) parts.push(withoutKeys(e.textContent));
            return parts.join('\\n');
        }"""
    )


def english_on(page, words: set[str], data: set[str] = frozenset()) -> list[str]:
    """The app's English words a page shows, other than the words of `data` (what the test
    itself stored or typed)."""
    found = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", page_text(page))}
    return sorted(found & words - {w.lower() for w in data})
