"""The start of a benchmark: Django set up on a throwaway SQLite file, or on ``DATABASE_URL``.

Imported first by a benchmark run as ``.venv/bin/python bench/<name>.py`` (this folder is then
on the path); the project's modules are imported after ``setup_django``.
"""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django(name: str) -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    if "DATABASE_URL" not in os.environ:
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / f"{name}.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
    import django

    django.setup()
