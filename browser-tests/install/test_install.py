"""docs/specs/install.md: `scripts/install` run with the debug build already at hand
(`--bin-dir`, so CI pays for no release build) into a throwaway PREFIX."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from built_executables import REPO, bin_dir, built_executable  # noqa: E402

SCRIPT = REPO / "scripts" / "install"
APPS = ("todo", "comics")


def run_install(*args: str, path: str = "/usr/bin:/bin") -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": path}
    env.pop("TDA_BIN_DIR", None)
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    for app in APPS:
        built_executable(app)  # a clear error when the debug build is missing
    prefix = tmp_path_factory.mktemp("prefix")
    result = run_install("--bin-dir", str(bin_dir()), str(prefix))
    assert result.returncode == 0, result.stderr
    return prefix, result


def test_INSTALL_1_both_apps_are_installed_and_run(installed, tmp_path):
    prefix, result = installed
    for app in APPS:
        binary = prefix / "bin" / app
        assert binary.is_file() and os.access(binary, os.X_OK)
        assert f"Installed {binary}" in result.stdout
        help_text = subprocess.run([str(binary), "--help"], capture_output=True, text=True, timeout=30)
        assert help_text.returncode == 0, help_text.stderr
        assert f"USAGE: {app}" in help_text.stdout
    # The installed todo works on a database of its own.
    db = tmp_path / "todo.sqlite"
    todo = str(prefix / "bin" / "todo")
    assert subprocess.run([todo, "add", "A", "--db", str(db)], capture_output=True, timeout=30).returncode == 0
    listed = subprocess.run([todo, "list", "--db", str(db)], capture_output=True, text=True, timeout=30)
    assert "#1 [ ] A" in listed.stdout


def test_INSTALL_2_completions_for_three_shells_are_valid(installed):
    prefix, _ = installed
    share = prefix / "share"
    for app in APPS:
        bash = share / "bash-completion" / "completions" / app
        zsh = share / "zsh" / "site-functions" / f"_{app}"
        fish = share / "fish" / "vendor_completions.d" / f"{app}.fish"
        for path in (bash, zsh, fish):
            assert path.is_file() and path.stat().st_size > 0, path
        assert subprocess.run(["bash", "-n", str(bash)], capture_output=True).returncode == 0
        assert f"-F _{app} {app}" in bash.read_text()
        assert zsh.read_text().startswith(f"#compdef {app}")
        assert f"complete -c '{app}'" in fish.read_text()
        # The other shells' own syntax checks, where they are installed (not CI packages).
        if shutil.which("zsh"):
            assert subprocess.run(["zsh", "-n", str(zsh)], capture_output=True).returncode == 0
        if shutil.which("fish"):
            assert subprocess.run(["fish", "-n", str(fish)], capture_output=True).returncode == 0
        # The bash completion, loaded, completes the subcommands.
        script = f"source {bash}; COMP_WORDS=({app} ''); COMP_CWORD=1; _{app}; printf '%s\\n' \"${{COMPREPLY[@]}}\""
        words = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30)
        expected = "list" if app == "todo" else "help"
        assert expected in words.stdout.split(), words.stdout + words.stderr


def test_INSTALL_3_says_how_to_add_the_folder_to_PATH(installed, tmp_path):
    prefix, result = installed
    assert f'export PATH="{prefix}/bin:$PATH"' in result.stdout
    # On PATH already: no such advice.
    again = run_install("--bin-dir", str(bin_dir()), str(prefix), path=f"{prefix}/bin:/usr/bin:/bin")
    assert again.returncode == 0, again.stderr
    assert "export PATH" not in again.stdout


def test_INSTALL_3_bad_input_is_refused_before_anything_is_copied(tmp_path):
    prefix = tmp_path / "p"
    missing = run_install("--bin-dir", str(tmp_path / "nowhere"), str(prefix))
    assert missing.returncode != 0
    assert "is not a built executable; nothing was installed." in missing.stderr
    assert not prefix.exists()
    unknown = run_install("--frobnicate")
    assert unknown.returncode == 2 and "unknown option --frobnicate" in unknown.stderr
