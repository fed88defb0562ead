"""The package's README (python/README.md) as a tour whose every example runs (with doctest,
from the top of the checkout, each printing what it shows), and the Python section of the
guide (docs/guide.md), whose example prints what its comments say."""

import contextlib
import doctest
import io
import os
import re


from conftest import ROOT, require

README = ROOT / "python" / "README.md"


def test_every_example_of_the_readme_runs_and_shows_what_it_says(monkeypatch):
    require("numpy", "pettingzoo", "pyarrow")  # the tour's arrays, environment and tables
    monkeypatch.chdir(ROOT)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, attempted = doctest.testfile(
        str(README), module_relative=False, optionflags=flags, verbose=False
    )
    assert failed == 0, f"{failed} of {attempted} examples of python/README.md failed (above)"
    # Every ```python block of the tour is a doctest: none runs unchecked.
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks and all(b.lstrip().startswith(">>>") for b in blocks)
    assert attempted >= 50


def test_the_readme_fails_when_an_example_shows_what_it_does_not_print(tmp_path, monkeypatch):
    """The runner above catches a wrong output: the same tour, one printed value changed."""
    wrong = README.read_text().replace("('Luxor winter cup', 'Youssef', '1-0')", "('x', 'y', 'z')")
    broken = tmp_path / "README.md"
    broken.write_text(wrong)
    monkeypatch.chdir(ROOT)
    with contextlib.redirect_stdout(io.StringIO()):
        failed, _ = doctest.testfile(str(broken), module_relative=False, report=False)
    assert failed >= 1


def example():
    """The ```python block of the guide's section "Python"."""
    guide = (ROOT / "docs" / "guide.md").read_text()
    section = guide[guide.index("\n## Python\n") :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_guide_example_runs_and_prints_what_it_says():
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
