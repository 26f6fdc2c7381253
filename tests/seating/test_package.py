"""The package itself (``seating/__init__.py``): pure Python, and still importable from
``tournaments.seating``, as callers outside the project rely on."""

import subprocess
import sys
from pathlib import Path

import seating
import tournaments.seating


def test_the_generator_imports_no_django():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, seating; print(sorted(sys.modules))"],
        cwd=Path(seating.__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "django" not in loaded


def test_tournaments_seating_re_exports_the_whole_api():
    for name in ("plan_positions", "seating_report", "table_sizes", "SeatingError"):
        assert name in tournaments.seating.__all__
    for name in seating.__all__:
        assert getattr(tournaments.seating, name) is getattr(seating, name)
