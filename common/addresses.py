"""The client's address, as every limit per address reads it: the table codes, the failed
logins (django-axes), the public documents, and their pace before Django (``documents.pace``).

REMOTE_ADDR; behind a proxy named in ``settings.TRUSTED_PROXIES``, the last address of
X-Forwarded-For that is not one of those proxies. Without that setting the header is whatever
the client wants it to be, and is ignored.
"""

from ipaddress import ip_address

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    return forwarded_address(
        request.META.get("REMOTE_ADDR", ""), request.META.get("HTTP_X_FORWARDED_FOR", "")
    )


def forwarded_address(remote: str, forwarded_for: str) -> str:
    """The client's address, from the connection's (``remote``) and the X-Forwarded-For
    header's value."""
    trusted = set(getattr(settings, "TRUSTED_PROXIES", []))
    if remote not in trusted:
        return remote
    forwarded = [part.strip() for part in forwarded_for.split(",") if part.strip()]
    for address in reversed(forwarded):
        if address in trusted:
            continue
        try:
            return str(ip_address(address))
        except ValueError:
            return remote
    return remote
