"""The « Me prévenir » tests' push service, phones and keys."""

import itertools

import pytest

from common.actors import Actor
from notifications.services.push import subscribe_phone
from tests.push_service import Phone, serving_the_site


@pytest.fixture
def push_service(settings):
    with serving_the_site(settings) as service:
        yield service


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
