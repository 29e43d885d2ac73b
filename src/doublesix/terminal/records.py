"""Saving game records to files: `doublesix play --save` writes them for `doublesix analyse`
(and any later replay) to read."""

from __future__ import annotations

import json
import os

from doublesix.core.notation import RecordJSON


def save_record(path: str, record: RecordJSON) -> None:
    """Write *record* as JSON; a half-written file never replaces a good one."""
    temp = f"{path}.tmp"
    with open(temp, "w", encoding="utf-8") as fh:
        json.dump(record, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    os.replace(temp, path)
