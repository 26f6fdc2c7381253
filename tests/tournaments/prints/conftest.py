"""The fixture of the PDF tests: a room built once a module, its documents drawn once."""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client


@pytest.fixture(scope="module")
def rendered(django_db_setup, django_db_blocker):  # noqa: ARG001 - the test database is made first
    """Build a room, fetch documents from it once for the whole module, then roll it back.

    ``rendered(build)`` calls ``build(client, arbitre)`` inside a transaction that is rolled
    back, and returns what it returns: PDFs are slow to draw, so a module draws each once.
    """

    def render(build):
        with django_db_blocker.unblock(), transaction.atomic():
            arbitre = get_user_model().objects.create_user(
                username="arbitre-impression", first_name="Anne", last_name="Arbitre"
            )
            client = Client()
            client.force_login(arbitre)
            result = build(client, arbitre)
            transaction.set_rollback(True)
        return result

    return render
