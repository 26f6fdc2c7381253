"""The check-in link of a registration: the QR code on the player's card and in their
confirmation e-mail, which the pointeur's phone scans at the door (docs, « Pointage par QR
code »).

The link names the registration and its tournament, signed with the site's secret
(``django.core.signing``): it cannot be guessed from a participant number, nor changed to
point at another player, and a forged one is told apart from a true one without reading
the database. It grants nothing by itself: only the tournament's arbitres and pointeurs
check a player in by it, and checking in twice changes nothing.

For the confirmation e-mail (another app's), ``checkin_link(registration, base=…)`` gives
the link and its QR code as SVG and as PNG data; the template tags ``checkin_tags`` do the same
in a template.
"""

import io
from dataclasses import dataclass

import segno
from django.core import signing
from django.urls import reverse
from django.utils.safestring import mark_safe

from tournaments.models import Registration
from tournaments.prints.qr import make_qr

SALT = "tournaments.checkin-link"


def checkin_token(registration: Registration) -> str:
    """« 12.345:… »: the tournament and the registration, and their signature."""
    value = f"{registration.tournament_id}.{registration.pk}"
    return signing.Signer(salt=SALT).sign(value)


def token_registration(token: str) -> tuple[int, int] | None:
    """The tournament and registration a token names, or None for a token not signed here
    (forged, cut, changed, or anything at all)."""
    if not isinstance(token, str) or len(token) > 200:
        return None
    try:
        value = signing.Signer(salt=SALT).unsign(token)
    except signing.BadSignature:
        return None
    tournament_id, _dot, registration_id = value.partition(".")
    if not (tournament_id.isdigit() and registration_id.isdigit()):
        return None
    return int(tournament_id), int(registration_id)


def checkin_path(registration: Registration) -> str:
    return reverse("checkin_link", kwargs={"token": checkin_token(registration)})


def checkin_url(registration: Registration, *, base: str) -> str:
    """The link in full, ``base`` the site's address (« https://tarot.example.fr »)."""
    return f"{base.rstrip('/')}{checkin_path(registration)}"


@dataclass(frozen=True)
class CheckinLink:
    """A registration's check-in link, and its QR code to show on a screen or in an e-mail."""

    url: str
    qr: segno.QRCode

    @property
    def svg(self) -> str:
        """The QR code as inline SVG markup, on a white ground with its quiet zone (segno's own
        markup, safe to show as it is)."""
        return mark_safe(self.qr.svg_inline(scale=4, light="#fff", omitsize=True))  # noqa: S308

    @property
    def png(self) -> bytes:
        """The QR code as a PNG image (an e-mail's attachment, or its inline image)."""
        buffer = io.BytesIO()
        self.qr.save(buffer, kind="png", scale=6)
        return buffer.getvalue()

    @property
    def png_data_uri(self) -> str:
        return self.qr.png_data_uri(scale=6)


def checkin_link(registration: Registration, *, base: str) -> CheckinLink:
    url = checkin_url(registration, base=base)
    return CheckinLink(url=url, qr=make_qr(url))
