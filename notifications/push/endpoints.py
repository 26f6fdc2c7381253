"""Whether the site sends notifications at all, and where it may post them: the push services
a phone's subscription may name (docs, « Me prévenir »).

An endpoint is read once, here, strictly, and what is posted to is rebuilt from what was read
(``Endpoint.url``): a parser of our own and the HTTP client's never disagree on the host, as
``https://169.254.169.254\\@fcm.googleapis.com/`` made them. The name is resolved when the
notification is sent, and the connection goes to the address that was checked
(``sending.py``), never to one of the room's network, the machine itself or the cloud's
metadata service.
"""

import ipaddress
import re
import socket
from dataclasses import dataclass

from django.conf import settings


def push_enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


MAX_LENGTH = 1000
HTTPS_PORT = 443
# A name of letters, digits, dots and hyphens (no userinfo, no backslash, no percent-encoding,
# no IPv6 literal), an optional port, and a path of printable ASCII without a fragment.
_ENDPOINT = re.compile(
    r"(?P<scheme>https?)://(?P<host>[a-z0-9.-]{1,253})(?::(?P<port>[0-9]{1,5}))?"
    r"(?P<path>/[!-~]*)?",
    re.ASCII,
)


@dataclass(frozen=True)
class Endpoint:
    scheme: str
    host: str
    port: int
    path: str

    @property
    def url(self) -> str:
        default = HTTPS_PORT if self.scheme == "https" else 80
        port = "" if self.port == default else f":{self.port}"
        return f"{self.scheme}://{self.host}{port}{self.path}"


def parse_endpoint(endpoint: str) -> Endpoint | None:
    """The push service's address, or None when ``endpoint`` is not one a phone may name:
    HTTPS on port 443 to a host of ``PUSH_SERVICE_HOSTS`` (or one of its subdomains), nothing
    else in the address (no user, no backslash, no space nor control character, no fragment).
    The tests' own service, plain HTTP on any port, only under ``PUSH_PLAIN_HTTP_FOR_TESTS``."""
    if not isinstance(endpoint, str) or len(endpoint) > MAX_LENGTH:
        return None
    match = _ENDPOINT.fullmatch(endpoint)
    if match is None or "\\" in endpoint or "#" in endpoint:
        return None
    scheme, host = match["scheme"], match["host"].rstrip(".")
    port = int(match["port"]) if match["port"] else (HTTPS_PORT if scheme == "https" else 80)
    plain_for_tests = scheme == "http" and settings.PUSH_PLAIN_HTTP_FOR_TESTS
    if scheme == "https" and port != HTTPS_PORT:
        return None
    if scheme == "http" and not plain_for_tests:
        return None
    if not host or ".." in host or not _on_the_list(host):
        return None
    return Endpoint(scheme, host, port, match["path"] or "/")


def _on_the_list(host: str) -> bool:
    return any(
        host == allowed or host.endswith("." + allowed) for allowed in settings.PUSH_SERVICE_HOSTS
    )


def allowed_endpoint(endpoint: str) -> bool:
    """Whether ``endpoint`` is a push service's: a phone's subscription names its browser's
    service, and nothing else may be posted to from the server (no address of the room's
    network, no other site)."""
    return parse_endpoint(endpoint) is not None


class ForbiddenAddress(OSError):
    """The push service's name led to an address the server never posts to."""


def public_address(host: str, port: int, *, plain_for_tests: bool = False) -> str:
    """The address to connect to for ``host``: its first one, if every address the name
    resolves to is a public one (none private, loopback, link-local, reserved, multicast).
    The tests' own service on the loopback is let through only for plain HTTP under
    ``PUSH_PLAIN_HTTP_FOR_TESTS``."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise ForbiddenAddress(f"{host}: unresolved ({error})") from error
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in found]
    if not addresses:
        raise ForbiddenAddress(f"{host}: no address")
    loopback_for_tests = plain_for_tests and settings.PUSH_PLAIN_HTTP_FOR_TESTS
    for address in addresses:
        if address.is_global or (loopback_for_tests and address.is_loopback):
            continue
        raise ForbiddenAddress(f"{host} resolves to {address}, not a public address")
    return str(addresses[0])
