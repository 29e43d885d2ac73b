"""The core stays light: importing it never loads the server's dependencies."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["doublesix", "doublesix.core", "doublesix.core.playout",
                                    "doublesix.cli.replay", "doublesix.cli"])
def test_no_starlette(module: str) -> None:
    code = f"import sys, {module}; print('starlette' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
