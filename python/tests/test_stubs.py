"""The type stubs declare exactly what the native module exports: a name added to the
extension without a stub (or a stub left for a removed name) fails here."""

import ast
import pathlib

import parlor._native as native


def stub_names() -> set[str]:
    tree = ast.parse(pathlib.Path(native.__file__).with_name("_native.pyi").read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_stubs_name_every_export_of_the_native_module():
    exported = {name for name in dir(native) if not name.startswith("_")}
    assert stub_names() == exported
