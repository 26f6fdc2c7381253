"""An evening open to online registration, and the SMTP server the e-mails reach."""

import datetime

import pytest
from django.utils import timezone

from clubs.models import Member, Player
from entries.links import member_token
from entries.models import MemberLink
from entries.services.members import send_evenings_links
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


def club_member(club, *, last_name="Martin", first_name="Claire", licence="", email=""):
    """A member of ``club``, with the club's address for them (or none)."""
    player = Player.objects.create(last_name=last_name, first_name=first_name, licence=licence)
    return Member.objects.create(club=club, player=player, email=email)


def member_link_token(member) -> str:
    """The member's link as the arbitre sends it (made by the sending, and kept as it is)."""
    send_evenings_links(club=member.club, member=member, by=TESTS)
    link = MemberLink.objects.get(member=member)
    return member_token(member.pk, link.key)
