"""``manage.py vapid_keys``: a new pair of VAPID keys for « Me prévenir » (Web Push).

Prints the two lines to put in the server's environment. Made once per site: new keys void
every phone's subscription (the push services refuse messages signed with another key).
"""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _encoded(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_keys() -> tuple[str, str]:
    """A P-256 key pair: the private key's 32 bytes and the public point (65 bytes,
    uncompressed, the browsers' ``applicationServerKey``), each in base64url."""
    private = ec.generate_private_key(ec.SECP256R1())
    public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _encoded(private.private_numbers().private_value.to_bytes(32, "big")), _encoded(public)


class Command(BaseCommand):
    help = "Crée une paire de clés VAPID pour les notifications « Me prévenir »."

    def handle(self, *_args, **_options):
        private, public = new_keys()
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}")
