"""Browser tests: Playwright for Python driving Debian's Chromium, never a downloaded browser.

They are skipped, with the reason, where /usr/bin/chromium is missing, but fail instead when
REQUIRE_BROWSER=1 (CI sets it: a browser test must not pass by being skipped there).
"""

import os
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client

# Playwright's sync API runs an event loop in this thread; the ORM calls made by the tests
# and fixtures around it are synchronous and safe (pytest-django's documented advice).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def chromium():
    """Chromium, started for a module of browser tests and stopped after it.

    Between its calls Playwright's sync API leaves its event loop marked as running in this
    thread: a later test calling an async view through Django's test client (a live stream)
    is then refused (« You cannot use AsyncToSync in the same thread as an async event
    loop »), and Django's connections are kept per context rather than per thread. Stopping
    Playwright at the module's end clears both, whatever runs next in this process: alone,
    pytest-django runs the browser tests last (they are transactional), but a pytest-xdist
    worker runs its files in the order it is sent them."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: install Debian's chromium package"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import expect, sync_playwright

    # A check waits as long as an action does (the pages' 10 s), not Playwright's 5 s: on a
    # CI machine running a browser per core, a refused deal's answer once came after 5 s.
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        # While Playwright's loop runs, the tests' database connections belong to its
        # context, which the test database's teardown no longer sees: closed here, or
        # PostgreSQL refuses to drop a database still in use.
        connections.close_all()
        browser.close()


@pytest.fixture
def phone(chromium, live_server):
    """A phone-sized page on the live server; its console errors fail the test."""
    context = chromium.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def log_in(context, user, live_server) -> None:
    """``user`` logged in on the browser ``context``: their session's cookie, as a login
    would leave it."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
