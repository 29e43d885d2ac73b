"""The layers of the whole package (docs/architecture.md, "Layers"), read from the source.

Every ``import`` and ``from … import`` of every module is read with ``ast``: at the top, inside
functions (a lazy import is still a dependency, only a later one) and under ``TYPE_CHECKING``
(a type named from above couples the layers as much as a call does). A module may import its
own layer and the layers below it, nothing else; the test names each upward import by file and
line. There is no allow-list: an exception would be copied.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import doublesix

SRC = Path(doublesix.__file__).parent
S = "doublesix.server"

#: each layer and the layers directly beneath it. A module belongs to the longest name here
#: that it is or starts with; it may import its own layer and everything reachable downwards.
#: Layers beside each other (wire and storage; review, ops and fanout) may not import each other.
LAYERS: dict[str, tuple[str, ...]] = {
    # the package itself: the version and the one-line failures of every command (errors.py)
    "doublesix": (),
    "doublesix.core": ("doublesix",),
    "doublesix.bots": ("doublesix.core",),
    # the terminal game: the rules and the bots, no server; `doublesix play` runs it
    "doublesix.terminal": ("doublesix.bots",),
    f"{S}.config": ("doublesix",),
    f"{S}.wire": ("doublesix.core",),
    # the rating model (openskill's arithmetic) is beneath the storage that keeps its figures
    f"{S}.ratings.model": ("doublesix.core",),
    f"{S}.storage": ("doublesix.core", f"{S}.ratings.model"),
    f"{S}.rooms": (f"{S}.wire", f"{S}.storage", f"{S}.config", "doublesix.bots"),
    # a person's ratings, kept in storage; told of finished games by compose.py
    f"{S}.ratings": (f"{S}.storage",),
    # above the rooms, beside each other: «Разбор», the operator's view, other processes
    f"{S}.review": (f"{S}.rooms",),
    f"{S}.ops": (f"{S}.rooms",),
    f"{S}.fanout": (f"{S}.rooms",),
    # the hall shares its lobby over the fanout (hall/shared.py) and logs through ops
    f"{S}.hall": (f"{S}.fanout", f"{S}.ops"),
    # a person's profile and history: the hall's names over the rooms' stored games
    f"{S}.profiles": (f"{S}.hall",),
    f"{S}.http": (f"{S}.profiles", f"{S}.ratings", f"{S}.review"),
    # app.py, compose.py, workers.py: the parts put together
    S: (f"{S}.http",),
    "doublesix.cli": (S, "doublesix.terminal"),
    "doublesix.__main__": ("doublesix.cli",),
}


def module_names(root: Path = SRC) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = ("doublesix", *path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def layer_of(module: str) -> str | None:
    owners = [name for name in LAYERS if module == name or module.startswith(f"{name}.")]
    return max(owners, key=len, default=None)


def below(layer: str) -> set[str]:
    """The layers *layer* may import: itself and everything beneath it."""
    seen = {layer}
    todo = [layer]
    while todo:
        for lower in LAYERS[todo.pop()]:
            if lower not in seen:
                seen.add(lower)
                todo.append(lower)
    return seen


def imports(module: str, source: str, is_package: bool, known: set[str]
            ) -> Iterator[tuple[int, str]]:
    """(line, module of the package imported) for every import anywhere in *source*.

    ``from X import a`` imports the module ``X.a`` when there is one, else ``X``; relative
    imports are resolved against *module*. A call ``importlib.import_module("…")`` with a
    written name counts as an import too (names computed at run time are out of reach).
    """
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "doublesix":
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            if origin.split(".")[0] != "doublesix":
                continue
            for alias in node.names:
                full = f"{origin}.{alias.name}"
                yield node.lineno, full if full in known else origin
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and node.args[0].value.startswith("doublesix")):
            yield node.lineno, node.args[0].value


def upward(modules: dict[str, Path], sources: dict[str, str] | None = None,
           known: set[str] | None = None) -> list[str]:
    """Every import of *modules* that goes up or sideways, as ``path:line: module imports
    target``; *known*: every module of the package (by default, *modules*)."""
    known = set(modules) if known is None else known
    found = []
    for name, path in modules.items():
        source = path.read_text(encoding="utf-8") if sources is None else sources[name]
        layer = layer_of(name)
        assert layer is not None, f"{name} belongs to no layer: place it in LAYERS and the docs"
        allowed = below(layer)
        # dict.fromkeys: `from X import a, b` names one line once however many names it takes
        for line, target in dict.fromkeys(imports(name, source, path.name == "__init__.py",
                                                  known)):
            target_layer = layer_of(target)
            if target_layer not in allowed:
                where = path.relative_to(SRC.parent) if path.is_relative_to(SRC.parent) else path
                found.append(f"{where}:{line}: {name} ({layer}) imports {target}"
                             f" ({target_layer}), which is not below it")
    return found


def test_every_module_has_a_layer() -> None:
    homeless = sorted(m for m in module_names() if layer_of(m) is None)
    assert not homeless, f"modules in no layer of LAYERS (and docs/architecture.md): {homeless}"
    # a new sub-package of the server is a layer of its own, not part of the top of server/
    packages = {f"{S}.{p.parent.name}" for p in (SRC / "server").glob("*/__init__.py")}
    assert not sorted(packages - set(LAYERS)), "a server sub-package with no line in LAYERS"


def test_no_module_imports_a_layer_above_or_beside_its_own() -> None:
    found = upward(module_names())
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_every_layer_is_a_package_or_module_of_the_package() -> None:
    names = set(module_names())
    assert not [layer for layer in LAYERS if layer not in names], "a layer names no module"


OBSERVE = f"{S}.ops.observe"


@pytest.mark.parametrize(("written", "line", "target"), [
    ("from doublesix.server.ops.observe import Observer\n", 1, OBSERVE),
    ("def later():\n    import doublesix.server.ops.observe\n", 2, OBSERVE),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
     "    from doublesix.server.ops import observe\n", 3, OBSERVE),
    ("from ..ops.observe import Observer\n", 1, OBSERVE),
    ("from .. import ops\n", 1, f"{S}.ops"),
    ("import importlib\nimportlib.import_module('doublesix.server.ops.observe')\n", 2, OBSERVE),
])
def test_the_check_sees_an_upward_import_wherever_it_is_written(written: str, line: int,
                                                                  target: str) -> None:
    """The check is real: the rooms' cache importing the operator's layer, written six ways,
    is named with its line; the cache as it is passes."""
    modules = module_names()
    cache = f"{S}.rooms.cache"
    only = {cache: modules[cache]}
    source = modules[cache].read_text(encoding="utf-8")
    assert upward(only, {cache: source}, set(modules)) == []
    found = upward(only, {cache: written + source}, set(modules))
    path = modules[cache].relative_to(SRC.parent)
    assert found == [f"{path}:{line}: {cache} ({S}.rooms) imports {target} ({S}.ops),"
                     " which is not below it"]


def test_layers_beside_each_other_may_not_import_each_other() -> None:
    assert f"{S}.ops" not in below(f"{S}.review")
    assert f"{S}.storage" not in below(f"{S}.wire")
    assert f"{S}.hall" not in below(f"{S}.fanout")
    assert "doublesix.server" not in below("doublesix.terminal")
