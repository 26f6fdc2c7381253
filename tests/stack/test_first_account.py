"""``./dev prod`` on an empty database makes the first arbitre's account (docs,
« Deploying »): from Django's DJANGO_SUPERUSER_* variables, or says how, and never listens
beyond the machine unless told to."""

from pathlib import Path

import pytest

from tests.stack.production import ProductionStack

pytestmark = pytest.mark.stack


@pytest.fixture(scope="module")
def stack():
    production = ProductionStack(
        "",
        name="tarot_first_account",
        demo=False,
        environ={
            "DJANGO_SUPERUSER_USERNAME": "presidente",
            "DJANGO_SUPERUSER_EMAIL": "presidente@example.org",
            "DJANGO_SUPERUSER_PASSWORD": "un mot de passe assez long",
        },
    )
    yield production
    production.stop()


def test_the_first_arbitre_s_account_is_made_from_the_environment(stack):
    assert stack.sql("SELECT username, is_superuser FROM auth_user") == [("presidente", True)]
    assert "Premier compte d'arbitre créé : presidente." in stack.log_text()


def test_the_first_arbitre_logs_in_with_it(stack):
    answer, _ = stack.browser().log_in("presidente", "un mot de passe assez long")

    assert (answer.status, answer.getheader("Location")) == (302, "/arbitre/")


def test_the_server_listens_on_the_loopback_alone_by_default(stack):
    listening = [
        line.split()[1]
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
        if line.split()[3] == "0A"  # LISTEN
    ]
    port = f"{stack.port:04X}"

    assert f"0100007F:{port}" in listening
    assert f"00000000:{port}" not in listening
