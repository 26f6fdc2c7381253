"""Whether the site sends notifications at all, and where it may post them: the push services
a phone's subscription may name (docs, « Me prévenir »)."""

from urllib.parse import urlsplit

from django.conf import settings


def push_enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def allowed_endpoint(endpoint: str) -> bool:
    """Whether ``endpoint`` is a push service's: a phone's subscription names its browser's
    service, and nothing else may be posted to from the server (no address of the room's
    network, no other site)."""
    try:
        parts = urlsplit(endpoint)
    except ValueError:
        return False
    scheme_ok = parts.scheme == "https" or (
        parts.scheme == "http" and settings.PUSH_PLAIN_HTTP_FOR_TESTS
    )
    host = (parts.hostname or "").lower()
    return scheme_ok and any(
        host == allowed or host.endswith("." + allowed) for allowed in settings.PUSH_SERVICE_HOSTS
    )
