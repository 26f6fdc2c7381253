"""What the push task posts to, and how much of it at once: only the address it checked, on
the public internet; one phone's failure never silences the others; the phones are served in
batches that each end well within the task's time limit and take up where the last stopped."""

import socket

import pytest
from urllib3.util import connection

from notifications.management.commands.vapid_keys import new_keys
from notifications.models import PushDelivery, PushSubscription
from notifications.push import sending
from notifications.push.endpoints import ForbiddenAddress, public_address
from notifications.push.sending import Batch, send_batch, send_notifications
from notifications.push.tasks import send_event_notifications
from tarot_club.celery import app as celery_app

EVENT = ("41:seating.published", "seating.published", 1)


@pytest.fixture
def room(one_position):
    return one_position


@pytest.fixture
def connections(monkeypatch):
    """Every address the HTTP client connects to, in order."""
    made = []
    create = connection.create_connection

    def recorded(address, *args, **kwargs):
        made.append(address)
        return create(address, *args, **kwargs)

    monkeypatch.setattr(connection, "create_connection", recorded)
    return made


def resolving_to(monkeypatch, *addresses: str) -> None:
    """The name service answers ``addresses`` for any name."""
    found = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, 443)) for address in addresses]
    monkeypatch.setattr(socket, "getaddrinfo", lambda _host, _port, **_options: found)


def crafted(registration, endpoint: str) -> PushSubscription:
    """A subscription written straight into the table, as an older release let them in."""
    return PushSubscription.objects.create(
        registration=registration,
        endpoint=endpoint,
        p256dh="B" + "A" * 86,
        auth="A" * 22,
    )


def send(tournament) -> int:
    return send_notifications(EVENT[0], tournament.pk, EVENT[1], EVENT[2])


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://169.254.169.254\\@fcm.googleapis.com/fcm/send/x",
        "https://127.0.0.1\\@fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com:443\\@10.255.255.1/fcm/send/x",
        "https://fcm.google\tapis.com/fcm/send/x",
        "https://localhost:443\\@fcm.googleapis.com/",
    ],
)
def test_a_crafted_endpoint_is_never_connected_to_and_the_other_phones_are_told(
    room, new_phone, connections, settings, endpoint
):
    tournament, _position, _tables, registrations = room
    phones = [new_phone(registrations[0]), new_phone(registrations[2])]
    settings.PUSH_SERVICE_HOSTS = ("127.0.0.1", "fcm.googleapis.com")
    crafted(registrations[1], endpoint)

    send(tournament)

    assert [len(phone.messages()) for phone in phones] == [1, 1]
    assert {address for address, _port in connections} == {"127.0.0.1"}
    assert not PushSubscription.objects.filter(registration=registrations[1]).exists()


def test_an_https_push_service_whose_name_leads_to_the_loopback_is_not_connected_to(
    room, connections, settings
):
    tournament, _position, _tables, registrations = room
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = new_keys()
    settings.PUSH_SERVICE_HOSTS = ("localhost",)
    crafted(registrations[0], "https://localhost/push/1")

    failures = send(tournament)

    assert failures == 1
    assert connections == []
    assert not PushDelivery.objects.exists()  # left for the retry, as any failed send


@pytest.mark.parametrize(
    "address", ["127.0.0.1", "10.255.255.1", "169.254.169.254", "192.168.1.20", "::1", "0.0.0.0"]
)
def test_no_private_loopback_or_link_local_address_is_posted_to(monkeypatch, address):
    resolving_to(monkeypatch, address)

    with pytest.raises(ForbiddenAddress, match="not a public address"):
        public_address("fcm.googleapis.com", 443)


def test_a_name_with_one_private_address_among_public_ones_is_refused(monkeypatch):
    resolving_to(monkeypatch, "142.250.75.234", "10.0.0.5")

    with pytest.raises(ForbiddenAddress):
        public_address("fcm.googleapis.com", 443)


def test_a_public_address_is_the_one_connected_to(monkeypatch):
    resolving_to(monkeypatch, "142.250.75.234")

    assert public_address("fcm.googleapis.com", 443) == "142.250.75.234"


def test_the_loopback_is_refused_without_the_tests_setting(settings):
    settings.PUSH_PLAIN_HTTP_FOR_TESTS = False

    with pytest.raises(ForbiddenAddress):
        public_address("127.0.0.1", 8080, plain_for_tests=True)


def test_one_phones_unexpected_failure_is_counted_and_the_others_are_told(
    room, new_phone, monkeypatch, caplog
):
    tournament, _position, _tables, registrations = room
    first, broken, last = (new_phone(registrations[n]) for n in (0, 1, 2))
    deliver = sending.deliver

    def breaks_on_one(subscription, message, session=None):
        if subscription.endpoint == broken.endpoint:
            raise RuntimeError("boom")
        return deliver(subscription, message, session)

    monkeypatch.setattr(sending, "deliver", breaks_on_one)

    failures = send(tournament)

    assert failures == 1
    assert [len(phone.messages()) for phone in (first, broken, last)] == [1, 0, 1]
    assert "Push to subscription" in caplog.text
    assert not PushDelivery.objects.filter(subscription__endpoint=broken.endpoint).exists()


# Batches ------------------------------------------------------------------------------------


def test_a_batch_serves_at_most_its_size_and_says_where_to_take_up(room, new_phone):
    tournament, _position, _tables, registrations = room
    phones = [new_phone(registrations[n]) for n in range(5)]
    ids = list(PushSubscription.objects.order_by("pk").values_list("pk", flat=True))

    batch = send_batch(EVENT[0], tournament.pk, EVENT[1], EVENT[2], size=2)

    assert batch == Batch(failures=0, resume_after=ids[1])
    assert [len(phone.messages()) for phone in phones] == [1, 1, 0, 0, 0]


def test_the_next_batch_takes_up_after_the_last_phone_reached(room, new_phone):
    tournament, _position, _tables, registrations = room
    phones = [new_phone(registrations[n]) for n in range(5)]
    ids = list(PushSubscription.objects.order_by("pk").values_list("pk", flat=True))

    batch = send_batch(EVENT[0], tournament.pk, EVENT[1], EVENT[2], size=2, after=ids[3])

    assert batch == Batch(failures=0, resume_after=None)
    assert [len(phone.messages()) for phone in phones] == [0, 0, 0, 0, 1]


def test_a_batch_past_its_time_stops_after_the_phone_under_way(room, new_phone):
    tournament, _position, _tables, registrations = room
    phones = [new_phone(registrations[n]) for n in range(3)]
    first = PushSubscription.objects.order_by("pk").first()

    batch = send_batch(EVENT[0], tournament.pk, EVENT[1], EVENT[2], size=50, seconds=0)

    assert batch == Batch(failures=0, resume_after=first.pk)
    assert [len(phone.messages()) for phone in phones] == [1, 0, 0]


def test_the_task_queues_the_rest_until_every_phone_is_told(room, new_phone, settings):
    tournament, _position, _tables, registrations = room
    settings.PUSH_BATCH_SIZE = 2
    phones = [new_phone(registrations[n]) for n in range(7)]

    send_event_notifications.delay(EVENT[0], tournament.pk, EVENT[1], EVENT[2])

    assert [len(phone.messages()) for phone in phones] == [1] * 7


def test_the_notifications_go_to_a_queue_of_their_own():
    route = celery_app.amqp.router.route({}, send_event_notifications.name)

    assert route["queue"].name == "notifications"
    assert celery_app.amqp.router.route({}, "documents.draw")["queue"].name == "celery"


def test_the_task_ends_well_within_its_time_limit(settings):
    worst_send = 2 * sending.TIMEOUT_SECONDS  # connecting, then reading
    assert settings.PUSH_BATCH_SECONDS + worst_send < send_event_notifications.time_limit
