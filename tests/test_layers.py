"""The layers of the package: core imports nothing but the standard library and itself; solver and bots
import the core (and bots the solver); only cli and web sit on top."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "klaverjas"
ALLOWED = {
    "core": {"core"},
    "solver": {"core", "solver"},
    "bots": {"core", "solver", "bots"},
    "cli": {"core", "solver", "bots", "web", "env", "cli"},
    "web": {"core", "solver", "bots", "web"},
    "env": {"core", "bots", "env"},
}
# llvmlite: numba's code generator, for the solver's prefetch intrinsic; tqdm: the arena's progress bar.
THIRD_PARTY_IN = {"core": set(), "solver": {"numpy", "numba", "llvmlite"}, "bots": {"tqdm"},
                  "env": {"pettingzoo", "gymnasium", "numpy"}}


def imports(path: Path) -> list[tuple[str, int]]:
    """Absolute module names imported by a file (relative imports resolved inside klaverjas)."""
    package = path.relative_to(SRC.parent).with_suffix("").parts[:-1]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                out.append((".".join(base + ([node.module] if node.module else [])), node.lineno))
            elif node.module:
                out.append((node.module, node.lineno))
    return out


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_what_is_below_it(layer: str) -> None:
    stdlib = sys.stdlib_module_names
    for path in sorted((SRC / layer).rglob("*.py")):
        for name, line in imports(path):
            top = name.split(".")[0]
            where = f"{path.relative_to(SRC)}:{line} imports {name}"
            if top == "klaverjas":
                inner = name.split(".")[1] if "." in name else "core"
                assert inner in ALLOWED[layer] | {"__future__"}, where
            elif layer in THIRD_PARTY_IN:
                assert top in stdlib or top == "__future__" or top in THIRD_PARTY_IN[layer], where
