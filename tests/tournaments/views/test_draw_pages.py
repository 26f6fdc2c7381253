"""The draw's commitment where the room looks (the arbitre's room, the projector, the plan's
header), and the public page of every draw."""

import pytest

from championships.services.draws import commit_draw, enter_room_seed
from seating.verify import verdicts
from tests.at_the_table import TESTS
from tests.factories import ROOM_SEED, plan_committed
from tests.pdfs import pdf_text
from tournaments.services.seating import publish_seating, swap_seats


@pytest.fixture
def published(tournament, registrations):  # noqa: ARG001 - the players to seat
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    first, second = (
        position.seats.filter(table__number=1)[0],
        position.seats.filter(table__number=2)[0],
    )
    swap_seats(position=position, first=first, second=second, by=TESTS)
    publish_seating(position=position, by=TESTS)
    return position


@pytest.mark.usefixtures("published")
def test_the_projector_shows_the_next_draws_commitment(client, tournament):
    waiting = tournament.draws.get(position_number=2)

    page = client.get(f"/tournois/{tournament.pk}/projection/").content.decode()

    assert waiting.commitment in page
    assert "Tirage de la position 2 (n° 1)" in page


@pytest.mark.usefixtures("published")
def test_the_room_shows_its_draw_and_the_next_commitment(arbitre_client, tournament):
    page = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/")

    text = page.content.decode()
    for draw in tournament.draws.all():
        assert draw.commitment in text


@pytest.mark.usefixtures("published")
def test_the_plans_header_shows_the_commitment(arbitre_client, tournament):
    draw = tournament.draws.get(position_number=1)

    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/plan.pdf")

    assert draw.commitment[:20] in pdf_text(response.content).replace("\n", "")


@pytest.mark.usefixtures("published")
def test_the_public_page_reveals_a_published_draws_secret_and_its_swap(client, tournament):
    draw = tournament.draws.get(position_number=1)

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()

    assert draw.secret in page and draw.plan_fingerprint in page
    assert "Position 1 : JOUEUR" in page and "échangés" in page


def test_the_public_page_hides_a_secret_not_yet_revealed(client, tournament, registrations):  # noqa: ARG001
    draw = commit_draw(tournament=tournament, number=1, by=TESTS)
    plan_committed(tournament=tournament, number=1, by=TESTS)

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()
    draw.refresh_from_db()

    assert draw.commitment in page
    assert draw.secret not in page
    assert "révélé à la publication du placement" in page


def test_a_second_draw_shows_its_number_and_reason(client, tournament, registrations):  # noqa: ARG001
    plan_committed(tournament=tournament, number=1, by=TESTS)
    commit_draw(tournament=tournament, number=1, by=TESTS, reason="Un joueur oublié au pointage.")

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()

    assert "Position 1 · tirage n° 2" in page
    assert "Un joueur oublié au pointage." in page


@pytest.mark.usefixtures("published")
def test_the_json_gives_what_the_checker_needs_once_revealed(client, tournament):
    listed = client.get(f"/tournois/{tournament.pk}/tirages.json").json()["draws"]

    first, waiting = listed
    assert first["secret"] and first["input"]["players"] and first["swaps"]
    assert waiting["secret"] is None and waiting["plan"] is None


def test_an_unpublished_tournaments_draws_are_not_found(client, tournament):
    tournament.published = False
    tournament.save()

    assert client.get(f"/tournois/{tournament.pk}/tirages/").status_code == 404


@pytest.mark.usefixtures("published")
def test_the_json_gives_when_each_step_was_made(client, tournament):
    listed = client.get(f"/tournois/{tournament.pk}/tirages.json").json()["draws"]

    first = listed[0]
    steps = ["committed_at", "room_seed_at", "drawn_at", "seating_published_at"]
    assert first["room_seed"] == ROOM_SEED
    assert [first[step] for step in steps] == sorted(first[step] for step in steps)
    assert first["committed_while_unpublished"] is False


@pytest.mark.usefixtures("published")
def test_the_json_keeps_its_keys_and_adds_the_new_ones(client, tournament):
    first = client.get(f"/tournois/{tournament.pk}/tirages.json").json()["draws"][0]

    assert list(first)[:14] == [
        "position", "attempt", "reason", "commitment", "committed_at", "drawn", "secret",
        "version", "input", "input_fingerprint", "seed", "plan", "plan_fingerprint", "swaps",
    ]  # fmt: skip


def test_a_commitment_made_before_the_tournament_was_public_says_so(
    client,
    tournament,
    registrations,  # noqa: ARG001
):
    tournament.published = False
    tournament.save()
    commit_draw(tournament=tournament, number=1, by=TESTS)
    tournament.published = True
    tournament.save()

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()
    listed = client.get(f"/tournois/{tournament.pk}/tirages.json").json()["draws"]

    assert "Fixé quand le tournoi n'était pas encore public" in page
    assert listed[0]["committed_while_unpublished"] is True


@pytest.mark.usefixtures("registrations")
def test_the_room_seed_is_public_as_soon_as_it_is_entered(client, tournament):
    commit_draw(tournament=tournament, number=1, by=TESTS)
    enter_room_seed(tournament=tournament, number=1, room_seed="615243", by=TESTS)

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()
    screen = client.get(f"/tournois/{tournament.pk}/projection/").content.decode()

    assert '<strong class="room-seed">615243</strong>' in page
    assert '<strong class="room-seed">615243</strong>' in screen


@pytest.mark.usefixtures("published")
def test_the_public_swaps_name_the_players_with_their_numbers_and_who_swapped(client, tournament):
    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()

    swapped = tournament.draws.get(position_number=1).swaps[0]["players"]
    numbers = [tournament.registrations.get(player_id=pid).number for pid in swapped]
    assert f"(n° {numbers[0]}) et " in page and f"(n° {numbers[1]}) échangés" in page
    assert "(Script : tests)" in page


@pytest.mark.usefixtures("published")
def test_the_json_passes_the_verifier_that_needs_no_django(client, tournament):
    document = client.get(f"/tournois/{tournament.pk}/tirages.json").json()

    results = verdicts(document)

    assert [(verdict.checked, verdict.found) for verdict in results] == [
        (True, []),
        (False, []),
    ]
