"""The server's layers, read from the source (ast): the rooms service below the hall and the
fanout, and no import cycle among the server's modules."""

from __future__ import annotations

import ast
from pathlib import Path

import doublesix.server

ROOT = Path(doublesix.server.__file__).parent
PACKAGE = "doublesix.server"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def _graph() -> dict[str, set[str]]:
    """Every server module and the server modules it imports (type-only and lazy imports
    included: a cycle hidden behind TYPE_CHECKING is still a layer going back up)."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets.add(node.module)
                targets |= {f"{node.module}.{alias.name}" for alias in node.names}
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_rooms_service_imports_nothing_above_it() -> None:
    below = _reachable(_graph(), f"{PACKAGE}.rooms.service")
    above = sorted(m for m in below if m.startswith((f"{PACKAGE}.hall", f"{PACKAGE}.fanout",
                                                     f"{PACKAGE}.http.ws", f"{PACKAGE}.app",
                                                     f"{PACKAGE}.compose")))
    assert not above, f"service.py reaches the layers above it: {above}"


def test_the_hall_and_the_fanout_do_not_know_each_other_except_where_linked() -> None:
    graph = _graph()
    for module in (f"{PACKAGE}.hall.service", f"{PACKAGE}.hall.lobby"):
        assert not any(m.startswith(f"{PACKAGE}.fanout") for m in _reachable(graph, module))
    for module in (f"{PACKAGE}.fanout", f"{PACKAGE}.fanout.redis_fanout"):
        assert not any(m.startswith(f"{PACKAGE}.hall") for m in _reachable(graph, module))


def test_no_import_cycle_among_server_modules() -> None:
    graph = _graph()
    cycles = sorted(m for m in graph if m in _reachable(graph, m))
    assert not cycles, f"modules that import themselves through others: {cycles}"


def test_the_check_sees_a_cycle() -> None:
    """The graph is real: a module that imports the service is reachable from its importers."""
    graph = _graph()
    assert f"{PACKAGE}.rooms.service" in _reachable(graph, f"{PACKAGE}.hall.service")
    assert f"{PACKAGE}.rooms.service" in _reachable(graph, f"{PACKAGE}.fanout.redis_fanout")
    graph[f"{PACKAGE}.rooms.service"].add(f"{PACKAGE}.hall.service")
    assert f"{PACKAGE}.rooms.service" in _reachable(graph, f"{PACKAGE}.rooms.service")
