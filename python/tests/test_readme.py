"""The Python section of the guide (docs/guide.md): its example runs from the top of the
checkout, and prints what its comments say."""

import contextlib
import io
import os
import re

from conftest import ROOT


def example():
    """The ```python block of the guide's section "Python"."""
    readme = (ROOT / "docs" / "guide.md").read_text()
    section = readme[readme.index("\n## Python\n") :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_readme_example_runs_and_prints_what_it_says():
    code = example()
    out = io.StringIO()
    here = os.getcwd()
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out):
            exec(compile(code, "docs/guide.md", "exec"), {})
    finally:
        os.chdir(here)
    lines = out.getvalue().splitlines()
    assert "276" in lines
    assert "5/5/5/5/bb3 w 10/12 white 10" in lines
    assert "seega::place::occupied - a1 is already occupied by a black piece" in lines
    assert lines[-1] == "100"
    # The games of the sample: all valid.
    assert [l for l in lines if l.endswith(" True")] and not [l for l in lines if l.endswith(" False")]
