"""deploy/backup: one whole copy of the database, read back before it counts (docs,
« Deploying », « Backups »)."""

import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(settings.BASE_DIR)


def run_backup(tmp_path, **environment) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(ROOT / "deploy" / "backup")],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"], "BACKUP_DIR": str(tmp_path / "copies"), **environment},
        timeout=60,
    )


def test_the_backup_copies_a_sqlite_database_whole(tmp_path):
    source = tmp_path / "db.sqlite3"
    with closing(sqlite3.connect(source)) as database, database:
        database.execute("CREATE TABLE deal (marque INTEGER)")
        database.executemany("INSERT INTO deal VALUES (?)", [(174,), (-58,)])

    result = run_backup(tmp_path, SQLITE_PATH=str(source))

    assert result.returncode == 0, result.stderr
    copy = Path(result.stdout.strip())
    assert copy.parent == tmp_path / "copies" and copy.suffix == ".sqlite3"
    with closing(sqlite3.connect(copy)) as database:
        assert database.execute("SELECT marque FROM deal").fetchall() == [(174,), (-58,)]


def test_the_backup_of_a_database_that_cannot_be_read_leaves_no_copy(tmp_path):
    result = run_backup(tmp_path, SQLITE_PATH=str(tmp_path / "missing.sqlite3"))

    assert result.returncode != 0
    assert list((tmp_path / "copies").iterdir()) == []


@pytest.mark.django_db
@pytest.mark.skipif(shutil.which("pg_dump") is None, reason="pg_dump (PostgreSQL's client)")
def test_the_backup_of_postgresql_is_a_dump_pg_restore_reads(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("the suite runs on SQLite")
    settings_ = connection.settings_dict
    url = "postgres://{USER}@{HOST}:{PORT}/{NAME}".format(**settings_)

    result = run_backup(tmp_path, DATABASE_URL=url)

    assert result.returncode == 0, result.stderr
    listing = subprocess.run(
        ["pg_restore", "--list", result.stdout.strip()], capture_output=True, text=True
    ).stdout
    assert "TABLE public tournaments_deal" in listing
