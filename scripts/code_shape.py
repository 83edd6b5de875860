"""Prints the addon's code-shape figures (the same as ``python -m tests.code_shape``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.code_shape import main

if __name__ == "__main__":
    main()
