"""An evening open to online registration, and the SMTP server the e-mails reach."""

import datetime

import pytest
from django.utils import timezone

from entries.services.openings import set_opening
from tests.at_the_table import TESTS
from tests.entries.smtp import SmtpServer
from tests.factories import club_tournament


def open_evening(arbitre, *, capacity=None, eligibility="everyone", days_ahead=7, **fields):
    """A club evening a week ahead, its online registration open since an hour, for a day."""
    tournament = club_tournament(
        arbitre, date=timezone.localdate() + datetime.timedelta(days=days_ahead), **fields
    )
    now = timezone.now()
    set_opening(
        tournament=tournament,
        opens_at=now - datetime.timedelta(hours=1),
        closes_at=now + datetime.timedelta(days=1),
        capacity=capacity,
        eligibility=eligibility,
        note="Accueil dès 20 h, buvette sur place.",
        by=TESTS,
    )
    return tournament


@pytest.fixture
def evening(arbitre):
    return open_evening(arbitre)


@pytest.fixture
def smtp(settings):
    """A real SMTP server (aiosmtpd) on a free port of this machine; Django's SMTP backend sends
    to it, and the test reads what it received."""
    with SmtpServer() as server:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
        yield server
