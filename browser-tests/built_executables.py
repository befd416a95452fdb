"""Where the executables under test are: `$TDA_BIN_DIR`, else this package's debug build folder
(asked of `swift build` once per run)."""

from __future__ import annotations

import functools
import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

#: The browser every page is tested in: Debian's Chromium as its headless shell (the package
#: `chromium-headless-shell`, the same Blink as `chromium`; Playwright's own default for headless
#: runs), which costs a third less time per test than the whole browser run headless.
#: `TDA_CHROMIUM` names another, e.g. `/usr/bin/chromium`.
CHROMIUM = os.environ.get("TDA_CHROMIUM", "/usr/bin/chromium-headless-shell")


@functools.cache
def bin_dir() -> Path:
    if os.environ.get("TDA_BIN_DIR"):
        return Path(os.environ["TDA_BIN_DIR"])
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, check=True, capture_output=True, text=True)
    return Path(out.stdout.strip())


def built_executable(name: str) -> Path:
    """The built executable `name` (`todo`, `comics`), or a clear error when it isn't built."""
    binary = bin_dir() / name
    if not binary.is_file():
        raise RuntimeError(f"{binary} is missing: run `swift build` first or set TDA_BIN_DIR")
    return binary
