"""Engine speed: random playouts of whole deals with the kernel and through the API.

    .venv/bin/python bench/engine.py [SECONDS]

Prints one JSON object per line: 2-player draw, 2-player block and 4-player draw, each with
the kernel (doublesix.core.playout, what the bots simulate with) and the api (Match /
DealState), then kernel playouts from mid-deal positions (2-player draw), the way a bot
simulates. The machine is shared, so each figure also comes as plies per CPU second.
"""

from __future__ import annotations

import json
import sys

from doublesix.cli.speed import measure

CASES = [("draw", 2), ("block", 2), ("draw", 4)]


def main(seconds: float = 10.0) -> int:
    for preset, players in CASES:
        for engine in ("kernel", "api"):
            print(json.dumps(measure(preset, players, seconds, 1, engine)), flush=True)
    # the bots' case: many playouts from one mid-deal position, no shuffle and no lead
    print(json.dumps(measure("draw", 2, seconds, 1, "kernel-position")), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]) if len(sys.argv) > 1 else 10.0))
