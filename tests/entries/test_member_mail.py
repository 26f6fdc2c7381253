"""The link to a member's evenings, sent for real to the test's SMTP server: in French, text
and HTML with the same facts, once committed; the link in it opens the member's page."""

from urllib.parse import urlsplit

import pytest
from django.db import transaction

from entries.services.members import send_evenings_links
from tests.at_the_table import TESTS
from tests.entries.conftest import club_member
from tests.entries.smtp import text_and_html


def test_the_link_reaches_the_member_with_the_clubs_evenings(
    client, evening, smtp, django_capture_on_commit_callbacks
):
    claire = club_member(evening.club, email="claire@example.org")

    with django_capture_on_commit_callbacks(execute=True):
        send_evenings_links(club=evening.club, by=TESTS)

    (message,) = smtp.wait_for(1)
    text, html = text_and_html(message)
    assert message["To"] == "claire@example.org"
    assert str(message["Subject"]).strip() == f"Vos soirées au club : {evening.club.name}"
    url = next(word for word in text.split() if f"/clubs/{claire.club_id}/mes-soirees/" in word)
    for body in (text, html):
        assert "Bonjour Claire," in body
        assert url in body
        assert evening.name in body and "Salle des fêtes" in body
    page = client.get(urlsplit(url).path)
    assert page.status_code == 200 and evening.name in page.text


def test_a_sending_rolled_back_sends_nothing(evening, smtp, django_capture_on_commit_callbacks):
    club_member(evening.club, email="claire@example.org")

    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        send_evenings_links(club=evening.club, by=TESTS)
        raise RuntimeError("the request fails after the sending")

    assert smtp.wait_for(1, timeout=1) == []
