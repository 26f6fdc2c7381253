"""The e-mail settings read the environment: the console on a laptop, SMTP in production."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.tarot_club.test_settings import load_settings


@pytest.fixture(autouse=True)
def no_email_setting_of_the_machine(monkeypatch):
    for name in ("EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS", "EMAIL_USE_SSL"):
        monkeypatch.delenv(name, raising=False)


PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "tarot.example.org"}


def test_a_laptop_prints_the_e_mails_in_the_terminal(monkeypatch):
    settings = load_settings(monkeypatch)

    assert settings["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_production_sends_through_the_smtp_server_of_the_environment(monkeypatch):
    settings = load_settings(
        monkeypatch,
        **PRODUCTION,
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="587",
        EMAIL_USE_TLS="1",
        SITE_URL="https://tarot.example.org/",
    )

    assert settings["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (settings["EMAIL_HOST"], settings["EMAIL_PORT"], settings["EMAIL_USE_TLS"]) == (
        "smtp.example.org",
        587,
        True,
    )
    assert settings["SITE_URL"] == "https://tarot.example.org"


def test_tls_and_ssl_together_stop_the_app(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_USE_TLS"):
        load_settings(monkeypatch, EMAIL_USE_TLS="1", EMAIL_USE_SSL="1")
