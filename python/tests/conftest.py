"""Shared fixtures: the repository's folders and the `seega` command built beside it."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONFORMANCE = ROOT / "tests" / "conformance"


def cli_path():
    """The `seega` command of this checkout (SEEGA_BIN, else target/release or target/debug)."""
    if os.environ.get("SEEGA_BIN"):
        return pathlib.Path(os.environ["SEEGA_BIN"])
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "seega"
        if path.exists():
            return path
    return None


@pytest.fixture(scope="session")
def cli():
    """Runs the `seega` command with the given arguments and returns its standard output.

    Tests that compare with the command are skipped when it is not built (`cargo build`), and
    fail instead when SEEGA_REQUIRE_CLI is set, as in CI.
    """
    path = cli_path()
    if path is None:
        if os.environ.get("SEEGA_REQUIRE_CLI"):
            pytest.fail("the seega command is not built (cargo build) and SEEGA_REQUIRE_CLI is set")
        pytest.skip("the seega command is not built: run cargo build")

    def run(*args, check=True, stdin=None):
        done = subprocess.run(
            [str(path), *map(str, args)],
            capture_output=True,
            input=stdin,
            check=False,
        )
        if check and done.returncode not in (0, 1):
            raise AssertionError(f"seega {args} failed: {done.stderr.decode()}")
        return done.stdout

    return run


def require(*modules):
    """The modules an extra brings (`numpy`, `pettingzoo`), imported; without them the test is
    skipped, or fails when SEEGA_REQUIRE_ENV is set (as in CI, which installs the extras)."""
    import importlib

    try:
        return [importlib.import_module(m) for m in modules]
    except ImportError as e:
        if os.environ.get("SEEGA_REQUIRE_ENV"):
            pytest.fail(f"{e.name} is not installed and SEEGA_REQUIRE_ENV is set")
        pytest.skip(f"{e.name} is not installed (an extra of seega)")
