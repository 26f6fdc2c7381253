"""The e-mails, sent for real to an SMTP server the test starts: in French, plain text and
HTML with the same facts, once the write is committed, never for a write rolled back."""

import logging

import pytest
from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError

from common.dates import french_date
from entries.services.entries import withdraw_entry
from entries.tasks import send_entry_mail
from tarot_club.celery import app as celery_app
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import VISITOR, enter
from tests.entries.smtp import free_port, text_and_html
from tournaments.checkin_links import checkin_link


def test_the_confirmation_gives_the_date_the_place_and_the_links(
    evening, smtp, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        entry = enter(evening, licence="0412345", email="claire@example.org")

    (message,) = smtp.wait_for(1)
    text, html = text_and_html(message)
    assert message["To"] == "claire@example.org"
    assert str(message["Subject"]).strip() == "Votre inscription : Tournoi du club"
    date = french_date(evening.date, "j F Y")  # « 6 décembre 2026 », « 1er mars 2027 »
    for body in (text, html):
        assert "Votre inscription est enregistrée." in body
        assert date in body and "Salle des fêtes" in body
        assert f"/tournois/{evening.pk}/inscription/" in body
        assert f"/tournois/{evening.pk}/joueurs/{entry.registration.number}/" in body
        assert f"/tournois/{evening.pk}/inscription/desistement/" in body


def test_a_waiting_entry_is_told_it_waits(arbitre, smtp, django_capture_on_commit_callbacks):
    tournament = open_evening(arbitre, capacity=1)
    enter(tournament, last_name="Premier", licence="1")

    with django_capture_on_commit_callbacks(execute=True):
        enter(tournament, last_name="Second", licence="2", email="second@example.org")

    (message,) = smtp.wait_for(1)
    text, html = text_and_html(message)
    assert str(message["Subject"]).strip().startswith("Liste d'attente")
    assert "Vous êtes n° 1 sur la liste d'attente." in text
    assert "Vous êtes n° 1 sur la liste d'attente." in html


def test_the_first_waiting_is_told_by_e_mail_when_a_place_frees(
    arbitre, smtp, django_capture_on_commit_callbacks
):
    tournament = open_evening(arbitre, capacity=1)
    first = enter(tournament, last_name="Premier", licence="1")
    enter(tournament, last_name="Second", licence="2", email="second@example.org")

    with django_capture_on_commit_callbacks(execute=True):
        withdraw_entry(entry=first, nonce=first.withdraw_nonce, by=VISITOR)

    (message,) = smtp.wait_for(1)
    text, html = text_and_html(message)
    assert message["To"] == "second@example.org"
    assert str(message["Subject"]).strip().startswith("Une place s'est libérée")
    assert "vous êtes inscrit(e)" in text and "vous êtes inscrit(e)" in html


def test_an_entry_rolled_back_sends_nothing(evening, smtp, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        enter(evening, licence="0412345")
        raise RuntimeError("the request fails after the entry")

    assert smtp.wait_for(1, timeout=1) == []


def test_an_smtp_server_that_does_not_answer_never_fails_the_entry(
    client, evening, settings, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(
            f"/tournois/{evening.pk}/inscription/",
            {"last_name": "Martin", "first_name": "Claire", "email": "c@example.org"},
        )

    assert any("send_after_commit" in getattr(c, "__qualname__", "") for c in callbacks)
    assert response.status_code == 302
    assert evening.entries.get().status == "registered"


def test_the_confirmation_carries_the_check_in_qr_code_as_its_own_image(
    evening, smtp, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        entry = enter(evening, licence="0412345", email="claire@example.org")

    (message,) = smtp.wait_for(1)
    text, html = text_and_html(message)
    (image,) = [part for part in message.walk() if part.get_content_type() == "image/png"]
    link = checkin_link(entry.registration, base=settings.SITE_URL)
    assert image["Content-ID"] == "<pointage>"
    assert image.get_content() == link.png
    assert 'src="cid:pointage"' in html
    assert link.url in text and link.url in html


def test_a_waiting_entry_has_no_check_in_code_yet(
    arbitre, smtp, django_capture_on_commit_callbacks
):
    tournament = open_evening(arbitre, capacity=1)
    enter(tournament, last_name="Premier", licence="1")  # no address: no message
    with django_capture_on_commit_callbacks(execute=True):
        enter(tournament, last_name="Second", licence="2", email="second@example.org")

    (message,) = smtp.wait_for(1)
    assert message["To"] == "second@example.org"
    assert [p for p in message.walk() if p.get_content_type() == "image/png"] == []
    assert "/pointage/" not in text_and_html(message)[0]


def test_a_broker_that_does_not_answer_has_the_request_send_the_e_mail(
    evening, smtp, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    def refused(*_args, **_options):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    celery_app.conf.task_always_eager = False  # given back by tests/conftest.py
    monkeypatch.setattr(send_entry_mail, "apply_async", refused)
    with caplog.at_level(logging.WARNING), django_capture_on_commit_callbacks(execute=True):
        enter(evening, licence="0412345", email="claire@example.org")

    (message,) = smtp.wait_for(1)
    assert message["To"] == "claire@example.org"
    assert "the broker did not answer; sent in the request" in caplog.text
