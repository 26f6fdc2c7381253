"""The « Me prévenir » tests' push service, phones and keys."""

import itertools

import pytest

from common.actors import Actor
from tests.push_service import Phone, serve
from tournaments.management.commands.vapid_keys import new_keys
from tournaments.services.push import subscribe_phone


@pytest.fixture
def push_service(settings):
    private, public = new_keys()
    settings.VAPID_PRIVATE_KEY = private
    settings.VAPID_PUBLIC_KEY = public
    settings.PUSH_SERVICE_HOSTS = ("127.0.0.1",)
    settings.PUSH_PLAIN_HTTP_FOR_TESTS = True
    service, server = serve()
    yield service
    server.shutdown()
    server.server_close()


_paths = itertools.count(1)


@pytest.fixture
def new_phone(push_service):
    """``new_phone(registration)``: a phone subscribed to that player's notifications."""

    def subscribed(registration) -> Phone:
        phone = Phone(push_service, f"/push/{next(_paths)}")
        subscribe_phone(
            registration=registration,
            endpoint=phone.endpoint,
            p256dh=phone.p256dh,
            auth=phone.auth,
            by=Actor.visitor(),
        )
        return phone

    return subscribed
