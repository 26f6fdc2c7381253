"""« Me prévenir » and « Ne plus me prévenir » from the player's page: a phone subscribes to
one player of one tournament, and stops; whatever is posted, a French answer, never a 500."""

import json

import pytest
from django.test import Client

from common.actors import ActorKind
from notifications.models import PushSubscription
from tests.at_the_table import TESTS
from tests.factories import seated_room
from tests.push_service import Phone
from tournaments.models import JournalEntry
from tournaments.selectors.standings import tournament_stamp
from tournaments.services.tournaments import publish_tournament


@pytest.fixture
def room(arbitre):
    tournament, _position, _tables, registrations = seated_room(arbitre)
    return tournament, registrations


@pytest.fixture
def phone(push_service):
    return Phone(push_service, "/push/page")


def subscribe(client, tournament, phone, number=3, **changes):
    fields = {"number": number, "endpoint": phone.endpoint, "p256dh": phone.p256dh}
    fields["auth"] = phone.auth
    return client.post(f"/tournois/{tournament.pk}/notifications/", {**fields, **changes})


def test_a_phone_subscribes_to_a_player(client, room, phone):
    tournament, registrations = room

    response = subscribe(client, tournament, phone)

    assert response.status_code == 200
    assert response.content.decode() == "Ce téléphone sera prévenu."
    subscription = PushSubscription.objects.get()
    assert (subscription.registration, subscription.endpoint) == (registrations[2], phone.endpoint)


def test_subscribing_twice_keeps_one_subscription(client, room, phone):
    subscribe(client, room[0], phone)
    subscribe(client, room[0], phone)

    assert PushSubscription.objects.count() == 1


def test_ne_plus_me_prevenir_unsubscribes_the_phone(client, room, phone):
    subscribe(client, room[0], phone)

    response = client.post(
        f"/tournois/{room[0].pk}/notifications/retrait/",
        {"number": 3, "endpoint": phone.endpoint},
    )

    assert response.content.decode() == "Ce téléphone ne sera plus prévenu."
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://10.0.0.1:6379/",
        "https://evil.example.org/push",
        "file:///etc/passwd",
        "https://127.0.0.1.evil.example.org/",
        "",
        "https://169.254.169.254\\@fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com:443\\@127.0.0.1/fcm/send/x",
        "https://user@fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com:8443/fcm/send/x",
        "https://fcm.googleapis.com\t/fcm/send/x",
        "https://fcm.google\tapis.com/fcm/send/x",
        "https://fcm.googleapis.com/fcm send/x",
        "https://fcm.googleapis.com/fcm/send/x\n",
        "https://fcm.googleapis.com#@127.0.0.1/",
        "https://FCM.googleapis.com%2e127.0.0.1/",
        "https://[::1]/fcm/send/x",
        "http://fcm.googleapis.com/fcm/send/x",
    ],
)
def test_an_endpoint_of_no_push_service_is_refused(client, room, phone, endpoint, settings):
    settings.PUSH_SERVICE_HOSTS = ("127.0.0.1", "fcm.googleapis.com")
    settings.PUSH_PLAIN_HTTP_FOR_TESTS = endpoint.startswith("https")
    response = subscribe(client, room[0], phone, endpoint=endpoint)

    assert response.status_code == 400
    assert "adresse de notification" in response.content.decode()
    assert not PushSubscription.objects.exists()


def test_a_push_services_endpoint_on_its_list_is_taken_as_written(client, room, phone, settings):
    settings.PUSH_SERVICE_HOSTS = ("fcm.googleapis.com",)
    endpoint = "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b-x_y?z=1"

    assert subscribe(client, room[0], phone, endpoint=endpoint).status_code == 200
    assert PushSubscription.objects.get().endpoint == endpoint


@pytest.mark.parametrize("field", ["p256dh", "auth"])
def test_unreadable_keys_are_refused(client, room, phone, field):
    response = subscribe(client, room[0], phone, **{field: "n'importe quoi"})

    assert response.status_code == 400
    assert response.content.decode() == "Les clés de ce navigateur sont illisibles."


@pytest.mark.parametrize("number", ["99", "abc", "", "1" * 40])
def test_an_unknown_participant_is_refused(client, room, phone, number):
    response = subscribe(client, room[0], phone, number=number)

    assert response.status_code == 400
    assert response.content.decode() == "Aucun participant ne porte ce numéro."


def test_a_player_has_at_most_three_phones(client, room, push_service):
    for n in range(3):
        subscribe(client, room[0], Phone(push_service, f"/push/{n}"))

    response = subscribe(client, room[0], Phone(push_service, "/push/fourth"))

    assert response.status_code == 400
    assert response.content.decode() == (
        "Déjà 3 téléphones sont prévenus pour ce joueur : c'est le maximum."
    )
    assert PushSubscription.objects.count() == 3


def test_one_address_subscribes_a_bounded_number_of_phones(client, room, push_service, settings):
    settings.PUSH_PHONES_PER_ADDRESS = 4
    for n in range(4):
        subscribe(client, room[0], Phone(push_service, f"/push/{n}"), number=n + 1)

    response = subscribe(client, room[0], Phone(push_service, "/push/fifth"), number=5)

    assert response.status_code == 400
    assert response.content.decode() == (
        "Déjà 4 téléphones sont prévenus depuis cette connexion pour ce tournoi : "
        "c'est le maximum. Demandez à l'arbitre."
    )
    assert PushSubscription.objects.count() == 4


def test_another_address_still_subscribes_past_one_addresss_bound(
    client, room, push_service, settings
):
    settings.PUSH_PHONES_PER_ADDRESS = 1
    subscribe(client, room[0], Phone(push_service, "/push/first"), number=1)

    response = subscribe(
        Client(REMOTE_ADDR="192.0.2.7"), room[0], Phone(push_service, "/push/other"), number=2
    )

    assert response.status_code == 200
    assert PushSubscription.objects.count() == 2


def test_the_address_is_kept_only_keyed(client, room, phone):
    subscribe(client, room[0], phone)

    kept = PushSubscription.objects.get().address_key
    assert len(kept) == 64 and "127.0.0.1" not in kept


def test_an_unpublished_tournament_takes_no_subscription(client, room, phone):
    publish_tournament(tournament=room[0], published=False, by=TESTS)

    assert subscribe(client, room[0], phone).status_code == 404


def test_without_keys_the_site_offers_no_notification(client, room, phone, settings):
    settings.VAPID_PUBLIC_KEY = ""

    response = subscribe(client, room[0], phone)

    assert response.status_code == 400
    assert response.content.decode() == "Les notifications ne sont pas proposées sur ce site."


@pytest.mark.usefixtures("push_service")
def test_the_players_page_offers_the_button_and_the_iphone_note(client, room):
    content = client.get(f"/tournois/{room[0].pk}/joueurs/3/").content.decode()

    assert ">Me prévenir</button>" in content
    assert ">Ne plus me prévenir</button>" in content
    assert "écran d’accueil" in content
    assert "iOS 16.4" in content


def test_without_keys_the_players_page_has_no_button(client, room, settings):
    settings.VAPID_PUBLIC_KEY = ""

    content = client.get(f"/tournois/{room[0].pk}/joueurs/3/").content.decode()

    assert "Me prévenir" not in content


def test_the_subscription_is_posted_with_the_csrf_token(room, phone):
    strict = Client(enforce_csrf_checks=True)

    assert subscribe(strict, room[0], phone).status_code == 403


# The journal -------------------------------------------------------------------------------


def push_lines(tournament):
    actions = [JournalEntry.Action.PUSH_SUBSCRIBED, JournalEntry.Action.PUSH_UNSUBSCRIBED]
    return list(tournament.journal.filter(action__in=actions).order_by("pk"))


def test_subscribing_is_journalled_by_a_visitor_with_the_player(client, room, phone):
    tournament, registrations = room

    subscribe(client, tournament, phone)

    [line] = push_lines(tournament)
    assert (line.action, line.actor_kind, line.actor_label) == (
        JournalEntry.Action.PUSH_SUBSCRIBED,
        ActorKind.VISITOR,
        "Un visiteur",
    )
    assert (line.subject_type, line.subject_id) == ("registration", registrations[2].pk)
    assert line.after == {"push_service": "127.0.0.1"}


def test_the_journal_keeps_no_address_nor_key_of_the_phone(client, room, phone):
    subscribe(client, room[0], phone)

    line = push_lines(room[0])[0]
    kept = json.dumps([line.before, line.after, line.subject])
    assert phone.path not in kept
    assert phone.p256dh not in kept and phone.auth not in kept


def test_an_arbitre_logged_in_who_subscribes_is_named(arbitre_client, room, phone, arbitre):
    subscribe(arbitre_client, room[0], phone)

    assert push_lines(room[0])[0].actor_user == arbitre


def test_unsubscribing_is_journalled(client, room, phone):
    subscribe(client, room[0], phone)

    client.post(
        f"/tournois/{room[0].pk}/notifications/retrait/", {"number": 3, "endpoint": phone.endpoint}
    )

    assert [line.action for line in push_lines(room[0])] == [
        JournalEntry.Action.PUSH_SUBSCRIBED,
        JournalEntry.Action.PUSH_UNSUBSCRIBED,
    ]


def test_unsubscribing_a_phone_never_subscribed_writes_nothing(client, room, phone):
    client.post(
        f"/tournois/{room[0].pk}/notifications/retrait/", {"number": 3, "endpoint": phone.endpoint}
    )

    assert push_lines(room[0]) == []


def test_a_refused_subscription_writes_nothing(client, room, phone):
    subscribe(client, room[0], phone, auth="n'importe quoi")

    assert push_lines(room[0]) == []


def test_a_phone_subscribing_leaves_the_tournaments_stamp_as_it_was(client, room, phone):
    before = tournament_stamp(room[0])

    subscribe(client, room[0], phone)

    assert push_lines(room[0]) != []
    assert tournament_stamp(room[0]) == before
