"""« Me prévenir »: the notifications a subscribed phone receives, read as the phone reads
them (decrypted with its keys), from a push service on the loopback."""

import pytest

from common.actors import Actor
from notifications.models import PushSubscription
from notifications.push.sending import send_notifications
from tests.at_the_table import TESTS, play, prise_by
from tournaments.models import JournalEntry
from tournaments.services.positions import close_position
from tournaments.services.seating import publish_seating


@pytest.fixture
def room(one_position):
    return one_position


def test_a_seat_published_tells_the_player_their_table_and_place(room, new_phone, commits):
    tournament, position, _tables, registrations = room
    phone = new_phone(registrations[6])

    with commits(execute=True):
        publish_seating(position=position, by=TESTS)

    assert phone.messages() == [
        {
            "title": tournament.name,
            "body": "Position 1 : table 2, place Sud",
            "url": f"/tournois/{tournament.pk}/joueurs/7/",
        }
    ]


def close_after_one_deal(room, arbitre, commits, *, last: bool) -> None:
    """Table 1 plays a prise won by Nord (+87, the others −29), table 2 nothing; position 1
    is closed, the last one or not."""
    tournament, position, tables, _registrations = room
    tournament.positions_count = 1 if last else 2
    tournament.save()
    play(tables[0], prise_by("N"))
    with commits(execute=True):
        close_position(position=position, by=Actor.arbitre(arbitre), force=True, reason="test")


def test_a_position_closed_tells_the_player_their_rank(room, arbitre, new_phone, commits):
    taker = new_phone(room[3][0])

    close_after_one_deal(room, arbitre, commits, last=False)

    assert [message["body"] for message in taker.messages()] == [
        "Position 1 close : vous êtes 1er sur 4"
    ]


def test_a_defender_tied_is_told_so(room, arbitre, new_phone, commits):
    defender = new_phone(room[3][1])

    close_after_one_deal(room, arbitre, commits, last=False)

    assert [message["body"] for message in defender.messages()] == [
        "Position 1 close : vous êtes 2e sur 4 (ex æquo)"
    ]


def test_the_last_position_closed_brings_the_final_ranking(room, arbitre, new_phone, commits):
    taker = new_phone(room[3][0])

    close_after_one_deal(room, arbitre, commits, last=True)

    assert [message["body"] for message in taker.messages()] == [
        "Position 1 close : vous êtes 1er sur 4",
        "Classement définitif : vous êtes 1er sur 4",
    ]


def test_only_the_players_subscribed_are_notified(room, new_phone, push_service, commits):
    position, registrations = room[1], room[3]
    new_phone(registrations[0])

    with commits(execute=True):
        publish_seating(position=position, by=TESTS)

    assert len(push_service.received) == 1


def test_a_task_run_again_never_notifies_twice(room, new_phone):
    tournament, _position, _tables, registrations = room
    phone = new_phone(registrations[0])

    send_notifications("41:seating.published", tournament.pk, "seating.published", 1)
    send_notifications("41:seating.published", tournament.pk, "seating.published", 1)

    assert len(phone.messages()) == 1


def test_another_event_notifies_again(room, new_phone):
    tournament, _position, _tables, registrations = room
    phone = new_phone(registrations[0])

    send_notifications("41:seating.published", tournament.pk, "seating.published", 1)
    send_notifications("42:seating.published", tournament.pk, "seating.published", 1)

    assert len(phone.messages()) == 2


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_its_service_no_longer_knows_is_deleted(
    room, new_phone, push_service, status
):
    tournament, _position, _tables, registrations = room
    phone = new_phone(registrations[0])
    push_service.answers[phone.path] = status

    send_notifications("41:seating.published", tournament.pk, "seating.published", 1)

    assert not PushSubscription.objects.filter(registration=registrations[0]).exists()


def test_a_subscription_its_service_no_longer_knows_is_journalled_once(
    room, new_phone, push_service
):
    tournament, _position, _tables, registrations = room
    phone = new_phone(registrations[0])
    push_service.answers[phone.path] = 410

    send_notifications("41:seating.published", tournament.pk, "seating.published", 1)
    send_notifications("42:seating.published", tournament.pk, "seating.published", 1)

    lines = tournament.journal.filter(action=JournalEntry.Action.PUSH_UNSUBSCRIBED)
    assert [(line.actor_label, line.subject_id, line.after) for line in lines] == [
        (
            "Script : envoi des notifications",
            registrations[0].pk,
            {
                "push_service": "127.0.0.1",
                "reason": "le service de notification ne connaît plus ce téléphone",
            },
        )
    ]


def test_a_failed_send_is_sent_again_by_the_retry_and_only_then(room, new_phone, push_service):
    tournament, _position, _tables, registrations = room
    phone = new_phone(registrations[0])
    push_service.answers[phone.path] = 503

    failures = send_notifications("41:seating.published", tournament.pk, "seating.published", 1)
    del push_service.answers[phone.path]
    retried = send_notifications("41:seating.published", tournament.pk, "seating.published", 1)
    send_notifications("41:seating.published", tournament.pk, "seating.published", 1)

    assert (failures, retried) == (1, 0)
    assert len(push_service.to(phone)) == 2  # the failed one, then the one delivered
    assert PushSubscription.objects.filter(registration=registrations[0]).exists()


def test_each_notification_is_signed_with_the_sites_vapid_key(room, new_phone, settings):
    tournament, _position, _tables, registrations = room
    phone = new_phone(registrations[0])

    send_notifications("41:seating.published", tournament.pk, "seating.published", 1)

    (request,) = phone.service.to(phone)
    assert request.headers["content-encoding"] == "aes128gcm"
    assert request.headers["authorization"].startswith("vapid t=")
    assert request.headers["authorization"].endswith(f"k={settings.VAPID_PUBLIC_KEY}")


def test_without_keys_nothing_is_sent(room, new_phone, push_service, settings, commits):
    position, registrations = room[1], room[3]
    new_phone(registrations[0])
    settings.VAPID_PRIVATE_KEY = ""

    with commits(execute=True):
        publish_seating(position=position, by=TESTS)

    assert push_service.received == []
