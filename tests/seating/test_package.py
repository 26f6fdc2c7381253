"""The package itself (``seating/__init__.py``): pure Python."""

import subprocess
import sys
from pathlib import Path

import seating


def test_the_generator_imports_no_django():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, seating; print(sorted(sys.modules))"],
        cwd=Path(seating.__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "django" not in loaded
