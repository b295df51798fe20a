"""What the lab's test scripts share: the package importable from the
repository (by Ray's workers too, when it is not pip-installed) and the
binary under test (the first argument, else the release build)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lab"))
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT / "lab"), *filter(None, [os.environ.get("PYTHONPATH")])])

BINARY = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "release" / "menagerie")
