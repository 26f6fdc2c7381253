"""A push service on the loopback, for the « Me prévenir » tests: it takes the notifications
the server posts, as a browser's push service would, and the phones it serves decrypt them
with their own keys (RFC 8291, aes128gcm). Nothing reaches the internet."""

import base64
import contextlib
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes


@dataclass
class PushService:
    """The service: what it received, and the status it answers for each path (201 else)."""

    port: int = 0
    received: list[Received] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def to(self, phone: "Phone") -> list[Received]:
        return [request for request in self.received if request.path == phone.path]


@dataclass
class Phone:
    """A browser's subscription: where its service takes its messages, and its keys."""

    service: PushService
    path: str
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth_secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def endpoint(self) -> str:
        return self.service.url(self.path)

    @property
    def p256dh(self) -> str:
        return b64(
            self.private_key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    @property
    def auth(self) -> str:
        return b64(self.auth_secret)

    def messages(self) -> list[dict]:
        """Each notification this phone received, decrypted with its keys."""
        return [
            json.loads(
                http_ece.decrypt(
                    request.body,
                    private_key=self.private_key,
                    auth_secret=self.auth_secret,
                    version="aes128gcm",
                )
            )
            for request in self.service.to(self)
        ]


def serve() -> tuple[PushService, ThreadingHTTPServer]:
    service = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            headers = {name.lower(): value for name, value in self.headers.items()}
            service.received.append(Received(self.path, headers, body))
            self.send_response(service.answers.get(self.path, 201))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.port = server.server_address[1]
    # Its loop looks for shutdown() every 10 ms, not every 0.5 s (the default): each test's
    # teardown stopped it after waiting half a second for nothing.
    threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True).start()
    return service, server


@contextlib.contextmanager
def serving_the_site(settings):
    """The site given VAPID keys of its own and told to post to this service alone (over
    plain HTTP on the loopback); the service, shut down at the end."""
    from notifications.management.commands.vapid_keys import new_keys

    private, public = new_keys()
    settings.VAPID_PRIVATE_KEY = private
    settings.VAPID_PUBLIC_KEY = public
    settings.PUSH_SERVICE_HOSTS = ("127.0.0.1",)
    settings.PUSH_PLAIN_HTTP_FOR_TESTS = True
    service, server = serve()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()
