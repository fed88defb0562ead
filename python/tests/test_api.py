"""The package's face: every public name has a docstring and a type stub, every stubbed member
exists at run time, and the module docstring's examples run."""

import ast
import doctest
import importlib.resources

import pytest

import seega


def stubs():
    """The classes (name → members) and functions of the type stubs."""
    text = importlib.resources.files("seega").joinpath("_seega.pyi").read_text()
    tree = ast.parse(text)
    classes, functions = {}, set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign):
                    members.add(item.target.id)
            classes[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            functions.add(node.name)
    return classes, functions


def test_py_typed_is_installed():
    assert importlib.resources.files("seega").joinpath("py.typed").is_file()


@pytest.mark.parametrize("name", seega.__all__)
def test_every_public_name_is_documented_and_stubbed(name):
    obj = getattr(seega, name)
    assert obj.__doc__ and obj.__doc__.strip(), f"{name} has no docstring"
    classes, functions = stubs()
    assert name in classes or name in functions, f"{name} has no stub"


def test_every_stubbed_member_exists():
    classes, functions = stubs()
    for name, members in classes.items():
        runtime = getattr(seega._seega, name)  # the private classes too
        for member in members:
            if member == "__init__":
                continue
            assert hasattr(runtime, member) or member in ("code", "message", "help"), f"{name}.{member}"
    for name in functions:
        assert callable(getattr(seega, name))


def test_the_methods_have_docstrings():
    classes = (seega.Position, seega.Board, seega.Game, seega.Verdict, seega.Problem, seega.Turn, seega.RecordedTurn, seega.Variation)
    for cls in classes + (seega.CheckSummary,):
        for name, member in vars(cls).items():
            if name.startswith("_") or not callable(member) and not isinstance(member, property) and not hasattr(member, "__get__"):
                continue
            assert getattr(member, "__doc__", None), f"{cls.__name__}.{name} has no docstring"


def test_the_module_docstring_examples_run():
    failures, tried = doctest.testmod(seega, verbose=False)
    assert tried >= 3 and failures == 0
