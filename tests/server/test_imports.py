"""`import doublesix` stays free of the server's dependencies."""

from __future__ import annotations

import subprocess
import sys


def test_import_doublesix_does_not_load_starlette() -> None:
    code = ("import sys, doublesix, doublesix.core, doublesix.bots, doublesix.cli; "
            "doublesix.cli.build_parser(); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
