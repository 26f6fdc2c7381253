"""A real SMTP server for the tests (aiosmtpd), keeping every message it receives, parsed."""

import email
import email.policy
import socket
import threading
from email.message import EmailMessage

from aiosmtpd.controller import Controller


class _Keep:
    def __init__(self):
        self.messages: list[EmailMessage] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope):  # noqa: ARG002, N802 - aiosmtpd's API
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.arrived:
            self.messages.append(message)
            self.arrived.notify_all()
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SmtpServer:
    def __init__(self):
        self.port = free_port()
        self._keep = _Keep()
        self._controller = Controller(self._keep, hostname="127.0.0.1", port=self.port)

    def __enter__(self) -> "SmtpServer":
        self._controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self._controller.stop()

    @property
    def messages(self) -> list[EmailMessage]:
        return list(self._keep.messages)

    def wait_for(self, count: int, timeout: float = 10) -> list[EmailMessage]:
        """The messages once ``count`` have arrived (a task may send them from a thread)."""
        with self._keep.arrived:
            self._keep.arrived.wait_for(lambda: len(self._keep.messages) >= count, timeout)
        return self.messages

    def to(self, address: str) -> list[EmailMessage]:
        return [message for message in self.messages if address in message["To"]]


def text_and_html(message: EmailMessage) -> tuple[str, str]:
    """The plain text and the HTML of a message sent with its alternative."""
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return text, html
