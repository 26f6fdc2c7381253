"""``manage.py vapid_keys``: a key pair the browsers and pywebpush accept."""

import base64
from io import StringIO

from cryptography.hazmat.primitives import serialization
from django.core.management import call_command
from py_vapid import Vapid


def decoded(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_the_command_prints_a_private_key_and_its_public_key():
    out = StringIO()
    call_command("vapid_keys", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().splitlines())

    vapid = Vapid.from_string(private_key=lines["VAPID_PRIVATE_KEY"])
    public = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    assert decoded(lines["VAPID_PUBLIC_KEY"]) == public
    assert len(public) == 65


def test_each_run_makes_new_keys():
    first, second = StringIO(), StringIO()
    call_command("vapid_keys", stdout=first)
    call_command("vapid_keys", stdout=second)

    assert first.getvalue() != second.getvalue()
