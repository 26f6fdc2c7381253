"""Values no form should ever see, each one a French answer and never a 500."""

import threading

import pytest
from django.db import connection

from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import plan_committed, register
from tournaments.models import Position, Seat
from tournaments.services.imports import CSV_MAX_ROWS, import_registrations
from tournaments.services.seating import swap_seats

# Finding 6: CSV files that cannot be a list of players.


@pytest.mark.parametrize("content", [b";;;", b",", b'""', b";;;\n;;;\n", b'"";""\n'])
def test_a_file_of_separators_only_is_refused_as_empty(tournament, content):
    report = import_registrations(tournament=tournament, content=content, by=TESTS)

    assert not report.ok
    assert report.refused[0].reason == "Le fichier ne contient aucun joueur."


def test_a_file_past_the_row_limit_is_refused_before_anything_is_written(tournament):
    rows = "".join(f"Nom{n};Prénom;;;\n" for n in range(CSV_MAX_ROWS + 1))

    report = import_registrations(tournament=tournament, content=rows.encode(), by=TESTS)

    assert not report.ok
    assert str(CSV_MAX_ROWS) in report.refused[0].reason
    assert tournament.registrations.count() == 0


def test_a_file_at_the_row_limit_is_registered(tournament):
    rows = "".join(f"Nom{n};Prénom;;;\n" for n in range(CSV_MAX_ROWS))

    report = import_registrations(tournament=tournament, content=rows.encode(), by=TESTS)

    assert report.ok
    assert tournament.registrations.count() == CSV_MAX_ROWS


def test_the_upload_page_answers_an_empty_spreadsheet_in_french(arbitre_client, tournament):
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = arbitre_client.post(
        f"/arbitre/tournois/{tournament.pk}/import/",
        {"file": SimpleUploadedFile("vide.csv", b";;;\n", content_type="text/csv")},
    )

    assert response.status_code == 422
    assert "ne contient aucun joueur" in response.content.decode()


# Finding 7: the check-in search.


@pytest.mark.parametrize("query", ["²", "٣", "99999999999999999999999", "1²"])
def test_the_check_in_search_reads_odd_digits_as_text(arbitre_client, tournament, query):
    register(tournament, 2)

    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/pointage/", {"q": query})

    assert response.status_code == 200


def test_the_check_in_search_still_finds_a_participant_number(arbitre_client, tournament):
    register(tournament, 2)

    html = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/pointage/", {"q": "2"}
    ).content.decode()

    assert "JOUEUR2" in html and "JOUEUR1 " not in html


# Finding 5: double taps on placement.


def run_together(*actions) -> None:
    """Start every action at the same moment, each in its own thread and connection."""
    barrier = threading.Barrier(len(actions))

    def run(action):
        try:
            barrier.wait()
            action()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


@pytest.mark.usefixtures("registrations")
def test_the_same_swap_posted_twice_is_refused_the_second_time(tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    first, second = Seat.objects.filter(position=position).order_by("pk")[:2]
    swap_seats(position=position, first=first, second=second, by=TESTS)

    # The second request still holds the seats it read before the first one was saved.
    with pytest.raises(Refused) as refused:
        swap_seats(position=position, first=first, second=second, by=TESTS)

    assert refused.value.code == "stale"
    assert Seat.objects.filter(position=position).count() == 8


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL only")
@pytest.mark.usefixtures("registrations")
def test_two_simultaneous_generations_both_end_without_error(tournament):
    # « Générer » again on a position already seated: both requests replace its tables.
    plan_committed(tournament=tournament, number=1, by=TESTS)
    errors = []

    def generate():
        try:
            plan_committed(tournament=tournament, number=1, reason="Double appui", by=TESTS)
        except Exception as error:  # noqa: BLE001 - any error is what the test reports
            errors.append(error)

    run_together(generate, generate)

    # The second tap may find the commitment already drawn by the first: told so in French,
    # never a server error; the position keeps one seating.
    assert [error for error in errors if not isinstance(error, Refused)] == []
    assert all("engagement" in error.message for error in errors)
    position = Position.objects.get(tournament=tournament, number=1)
    assert position.tables.count() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL only")
@pytest.mark.usefixtures("registrations")
def test_two_simultaneous_identical_swaps_give_one_swap_and_one_refusal(tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    first, second = Seat.objects.filter(position=position).order_by("pk")[:2]
    outcomes = []

    def swap():
        try:
            swap_seats(position=position, first=first, second=second, by=TESTS)
            outcomes.append("swapped")
        except Refused:
            outcomes.append("refused")
        except Exception as error:  # noqa: BLE001 - any other error is what the test reports
            outcomes.append(repr(error))

    run_together(swap, swap)

    assert sorted(outcomes) == ["refused", "swapped"]


def test_an_import_that_would_pass_the_last_participant_number_is_refused(tournament):
    from clubs.models import Player
    from tournaments.models import Registration
    from tournaments.services.registrations import PARTICIPANT_NUMBER_MAX

    player = Player.objects.create(last_name="Dernier", first_name="Numéro")
    Registration.objects.create(tournament=tournament, player=player, number=PARTICIPANT_NUMBER_MAX)

    report = import_registrations(tournament=tournament, content=b"Neuf;Paul;;;\n", by=TESTS)

    assert not report.ok
    assert "32767" in report.refused[0].reason
    assert tournament.registrations.count() == 1
