"""The sections "In a notebook" and "Arrays" of python/README.md: their examples run from the top
of the checkout, and print what their comments say."""

import contextlib
import io
import os
import re

import pytest

from conftest import ROOT


def section(title):
    """The ```python block of the readme's section `title`."""
    readme = (ROOT / "python" / "README.md").read_text()
    text = readme[readme.index(f"\n## {title}\n") :]
    return re.search(r"```python\n(.*?)```", text, re.S).group(1)


def run(code):
    out = io.StringIO()
    here = os.getcwd()
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out):
            exec(compile("import seega\n" + code, "python/README.md", "exec"), {})
    finally:
        os.chdir(here)
    return out.getvalue()


def test_the_notebook_section_runs():
    assert run(section("In a notebook")) == ""


def test_the_arrays_section_prints_what_it_says():
    pytest.importorskip("numpy")
    code = section("Arrays")
    (said,) = re.findall(r"# (\(5, 5, 5\).*)", code)
    assert run(code).strip() == said.strip()
