"""The package as installed: stub, py.typed, docstrings that help() shows."""

import ast
import importlib.resources
import inspect as pyinspect
import pathlib

import onecontact

STUB = pathlib.Path(onecontact.__file__).with_name("__init__.pyi")


def stub_docs():
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    docs = {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            docs[node.name] = ast.get_docstring(node)
            if isinstance(node, ast.ClassDef):
                for sub in node.body:
                    if isinstance(sub, ast.FunctionDef) and ast.get_docstring(sub):
                        docs[f"{node.name}.{sub.name}"] = ast.get_docstring(sub)
    return docs


def test_stub_and_marker_are_installed():
    assert STUB.is_file()
    assert (importlib.resources.files("onecontact") / "py.typed").is_file()


def test_every_public_name_is_in_the_stub_with_the_runtime_docstring():
    docs = stub_docs()
    for name in onecontact.__all__:
        if name.startswith("__"):
            continue
        assert name in docs, name
        runtime = pyinspect.getdoc(getattr(onecontact, name))
        assert runtime == docs[name], name
    for qualified, doc in docs.items():
        if "." not in qualified:
            continue
        owner, member = qualified.split(".")
        runtime = pyinspect.getdoc(getattr(getattr(onecontact, owner), member))
        assert runtime == doc, qualified


def test_help_shows_the_docs(capsys):
    help(onecontact.URL)
    shown = capsys.readouterr().out
    assert "WHATWG URL Standard" in shown and "can_parse" in shown and "search_params" in shown


def test_version():
    assert onecontact.__version__.count(".") == 2
