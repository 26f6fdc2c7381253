"""The settings read the environment: SQLite by default, DATABASE_URL honoured, loud in prod."""

import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

SETTINGS = Path(__file__).resolve().parent.parent / "tarot_club" / "settings.py"


def load_settings(monkeypatch, **environ):
    for name in ("DATABASE_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "SQLITE_PATH"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def test_sqlite_file_is_the_default_database(monkeypatch):
    settings = load_settings(monkeypatch)

    database = settings["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"].endswith("db.sqlite3")


def test_sqlite_waits_for_the_write_lock_instead_of_failing(monkeypatch):
    options = load_settings(monkeypatch)["DATABASES"]["default"]["OPTIONS"]

    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]


def test_database_url_switches_to_postgresql(monkeypatch):
    settings = load_settings(
        monkeypatch, DATABASE_URL="postgres://tarot:secret@db.example:5433/club"
    )

    database = settings["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"], database["NAME"]) == ("db.example", 5433, "club")


def test_production_without_secret_key_refuses_to_start(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        load_settings(monkeypatch, DEBUG="0", ALLOWED_HOSTS="tarot.example.org")


def test_production_without_allowed_hosts_refuses_to_start(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS"):
        load_settings(monkeypatch, DEBUG="0", SECRET_KEY="s3cret-key-for-the-test")


def test_an_unreadable_debug_value_is_refused(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        load_settings(monkeypatch, DEBUG="maybe")


def test_the_interface_speaks_french(monkeypatch):
    settings = load_settings(monkeypatch)

    assert (settings["LANGUAGE_CODE"], settings["TIME_ZONE"]) == ("fr", "Europe/Paris")


def test_production_counts_table_code_attempts_in_a_cache_shared_by_workers(monkeypatch):
    settings = load_settings(
        monkeypatch, DEBUG="0", SECRET_KEY="s3cret-key-for-the-test", ALLOWED_HOSTS="tarot.fr"
    )

    assert settings["CACHES"]["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
