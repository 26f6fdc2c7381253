"""The settings read the environment: SQLite by default, DATABASE_URL honoured, loud in prod."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

SETTINGS = Path(__file__).resolve().parents[2] / "tarot_club" / "settings.py"


def load_settings(monkeypatch, **environ):
    for name in (
        "DATABASE_URL",
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "SQLITE_PATH",
        "REDIS_URL",
        "PLAIN_HTTP",
        "TRUSTED_PROXIES",
        "CELERY_EAGER",
        "DOCUMENTS_STORAGE",
        "DOCUMENTS_STORAGE_OPTIONS",
        "DOCUMENTS_ROOT",
        "DATABASE_CONN_MAX_AGE",
        "CACHE_REDIS_TIMEOUT",
        "STATIC_ROOT",
    ):
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


PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "k" * 20 + "-Production-Key-0123456789-abcdefghijklmnopq"}


def deploy_check(**environ) -> subprocess.CompletedProcess:
    # A clean production environment: none of the test run's own variables (browser tests
    # set DJANGO_ALLOW_ASYNC_UNSAFE, which the deploy check rightly flags).
    env = {key: os.environ[key] for key in ("PATH", "HOME", "LANG") if key in os.environ}
    env.update(PRODUCTION, ALLOWED_HOSTS="tarot.example.org", **environ)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=SETTINGS.parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_deploy_check_is_clean_with_only_the_secret_key_and_hosts_set():
    result = deploy_check()

    assert result.returncode == 0, result.stderr
    assert "WARNINGS" not in result.stderr + result.stdout


def test_plain_http_on_a_laptop_turns_https_off(monkeypatch):
    settings = load_settings(monkeypatch, **PRODUCTION, ALLOWED_HOSTS="*", PLAIN_HTTP="1")

    assert not settings.get("SECURE_SSL_REDIRECT", False)
    assert not settings.get("SESSION_COOKIE_SECURE", False)
    assert not settings.get("SECURE_HSTS_SECONDS", 0)


def test_production_redirects_to_https_with_hsts(monkeypatch):
    settings = load_settings(monkeypatch, **PRODUCTION, ALLOWED_HOSTS="tarot.example.org")

    assert settings["SECURE_SSL_REDIRECT"] is True
    assert settings["SECURE_HSTS_SECONDS"] >= 31536000
    assert settings["SESSION_COOKIE_SECURE"] and settings["CSRF_COOKIE_SECURE"]


def test_redis_url_selects_djangos_redis_cache_falling_back_on_the_process(monkeypatch):
    settings = load_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/3")

    cache = settings["CACHES"]["default"]
    assert cache["BACKEND"] == "tarot_club.cache.FallbackRedisCache"
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/3"


def test_the_redis_cache_keeps_one_pool_of_connections_per_process(monkeypatch):
    settings = load_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/3")

    options = settings["CACHES"]["default"]["OPTIONS"]
    assert options["pool_class"] == "tarot_club.cache.SharedConnectionPool"


def test_a_redis_cache_that_does_not_answer_in_half_a_second_is_taken_as_cut(monkeypatch):
    settings = load_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/3")

    options = settings["CACHES"]["default"]["OPTIONS"]
    assert (options["socket_connect_timeout"], options["socket_timeout"]) == (0.5, 0.5)


def test_the_redis_cache_timeout_is_read_from_the_environment(monkeypatch):
    settings = load_settings(
        monkeypatch, REDIS_URL="redis://127.0.0.1:6379/3", CACHE_REDIS_TIMEOUT="1.5"
    )

    assert settings["CACHES"]["default"]["OPTIONS"]["socket_timeout"] == 1.5


def test_an_unreadable_redis_cache_timeout_is_refused(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="CACHE_REDIS_TIMEOUT"):
        load_settings(monkeypatch, CACHE_REDIS_TIMEOUT="0")


def test_sessions_live_in_the_database_alone(monkeypatch):
    settings = load_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/3")

    assert settings["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"


def test_production_without_redis_shares_the_cache_through_the_database(monkeypatch):
    settings = load_settings(monkeypatch, **PRODUCTION, ALLOWED_HOSTS="tarot.example.org")

    assert settings["CACHES"]["default"]["BACKEND"] == (
        "django.core.cache.backends.db.DatabaseCache"
    )


def test_kept_database_connections_are_checked_before_reuse(monkeypatch):
    settings = load_settings(monkeypatch, DATABASE_URL="postgres://tarot@db.example:5432/club")

    database = settings["DATABASES"]["default"]
    assert database["CONN_MAX_AGE"] == 60
    assert database["CONN_HEALTH_CHECKS"] is True


def test_trusted_proxies_are_read_from_the_environment(monkeypatch):
    settings = load_settings(monkeypatch, TRUSTED_PROXIES="10.0.0.1, 10.0.0.2")

    assert settings["TRUSTED_PROXIES"] == ["10.0.0.1", "10.0.0.2"]


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="REDIS_URL not set")
def test_the_suite_runs_on_redis_when_redis_url_is_set():
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    cache = caches["default"]
    assert isinstance(cache, RedisCache)
    assert cache.add("suite-probe", 1, 5) or cache.get("suite-probe") == 1
    cache.delete("suite-probe")


def test_without_redis_the_tasks_run_in_the_process(monkeypatch):
    settings = load_settings(monkeypatch)

    assert settings["CELERY_TASK_ALWAYS_EAGER"] is True


def test_redis_url_is_the_task_queues_broker(monkeypatch):
    settings = load_settings(monkeypatch, REDIS_URL="redis://cache.internal:6379/0")

    assert settings["CELERY_BROKER_URL"] == "redis://cache.internal:6379/0"
    assert settings["CELERY_TASK_ALWAYS_EAGER"] is False
    assert settings["CELERY_TASK_ACKS_LATE"] is True
    assert settings["CELERY_TASK_REJECT_ON_WORKER_LOST"] is True


def test_a_job_is_reported_failed_only_after_a_dead_workers_message_came_back(monkeypatch):
    settings = load_settings(monkeypatch, DOCUMENTS_TIME_LIMIT="60")

    visibility = settings["CELERY_BROKER_TRANSPORT_OPTIONS"]["visibility_timeout"]
    assert settings["CELERY_TASK_TIME_LIMIT"] == 60
    assert visibility > 60
    assert settings["DOCUMENTS_EXPIRY"] == 60 + visibility + 5


def test_a_dead_workers_message_is_looked_for_every_few_seconds(monkeypatch):
    settings = load_settings(monkeypatch, REDIS_URL="redis://cache.internal:6379/0")

    options = settings["CELERY_BROKER_TRANSPORT_OPTIONS"]
    # kombu looks every interval × throttle seconds: 5 s, not its default 100 s.
    assert options["unacked_restore_interval"] * options["unacked_restore_throttle"] == 5


def test_the_documents_storage_is_any_django_storage(monkeypatch):
    settings = load_settings(
        monkeypatch,
        DOCUMENTS_STORAGE="storages.backends.s3.S3Storage",
        DOCUMENTS_STORAGE_OPTIONS='{"bucket_name": "tarot"}',
    )

    assert settings["STORAGES"]["documents"] == {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {"bucket_name": "tarot"},
    }


def test_unreadable_storage_options_are_refused(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="DOCUMENTS_STORAGE_OPTIONS"):
        load_settings(monkeypatch, DOCUMENTS_STORAGE_OPTIONS="[1, 2]")


def test_the_asgi_server_keeps_no_database_connection_past_its_request():
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_CONN_MAX_AGE", "DJANGO_SETTINGS_MODULE")
    }
    environment["DATABASE_URL"] = "postgres://tarot@db.example:5432/club"
    script = (
        "import tarot_club.asgi; from django.conf import settings; "
        "print(settings.DATABASES['default']['CONN_MAX_AGE'])"
    )

    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=environment,
        cwd=SETTINGS.parent.parent,
        timeout=60,
        check=True,
    )

    assert result.stdout.strip() == "0"


def live_reader_started_by_the_asgi_server(**environ) -> str:
    """Whether importing the ASGI application, as each server process does, starts the
    live bus's reader (its thread « live-bus »)."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_SETTINGS_MODULE", "REDIS_URL", "LIVE_REDIS_URL")
    }
    script = (
        "import threading, tarot_club.asgi; "
        "print(any(thread.name == 'live-bus' for thread in threading.enumerate()))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=environment | environ,
        cwd=SETTINGS.parent.parent,
        timeout=60,
        check=True,
    )
    return result.stdout.strip()


def test_each_server_process_reads_the_live_events_from_its_start():
    # Nothing answers there: the reader is started all the same, and waits for Redis.
    assert live_reader_started_by_the_asgi_server(LIVE_REDIS_URL="redis://127.0.0.1:9/0") == "True"


def test_without_redis_the_server_starts_no_live_reader():
    assert live_reader_started_by_the_asgi_server() == "False"


def test_under_asgi_each_process_draws_its_connections_from_a_bounded_pool(monkeypatch):
    settings = load_settings(
        monkeypatch,
        DATABASE_URL="postgres://tarot@db.example:5432/club",
        DATABASE_CONN_MAX_AGE="0",
        DATABASE_POOL_SIZE="6",
    )

    assert settings["DATABASES"]["default"]["OPTIONS"]["pool"]["max_size"] == 6


def test_connections_kept_between_requests_use_no_pool(monkeypatch):
    settings = load_settings(monkeypatch, DATABASE_URL="postgres://tarot@db.example:5432/club")

    assert "pool" not in settings["DATABASES"]["default"].get("OPTIONS", {})


def test_outside_asgi_connections_are_kept_a_minute(monkeypatch):
    settings = load_settings(monkeypatch, DATABASE_URL="postgres://tarot@db.example:5432/club")

    assert settings["DATABASES"]["default"]["CONN_MAX_AGE"] == 60


def test_the_static_files_folder_is_read_from_the_environment(monkeypatch, tmp_path):
    settings = load_settings(monkeypatch, STATIC_ROOT=str(tmp_path))

    assert settings["STATIC_ROOT"] == tmp_path
