"""The placement screen: generate, look, swap, publish; and each player's seat in public."""

import pytest

from tests.at_the_table import TESTS
from tests.factories import club_tournament, plan_committed, register, seat_ahead_then_change
from tests.htmx import HTMX
from tournaments.selectors.seating import seating_changes
from tournaments.services.seating import publish_seating


def placement_url(tournament, number=1, action=""):
    url = f"/arbitre/tournois/{tournament.pk}/positions/{number}/placement/"
    return f"{url}{action}/" if action else url


def commit(client, tournament, number=1, reason=""):
    """The placement page's first taps: the draw's commitment fixed and shown, then the
    room seed entered."""
    client.post(placement_url(tournament, number, "engagement"), {"reason": reason})
    return client.post(placement_url(tournament, number, "graine"), {"room_seed": "4 2 5 1 6 3"})


@pytest.fixture
def seated(tournament, registrations):  # noqa: ARG001 - the 8 players to seat
    return plan_committed(tournament=tournament, number=1, by=TESTS)


@pytest.mark.usefixtures("registrations")
def test_placement_page_before_seating_offers_to_generate(arbitre_client, tournament):
    response = arbitre_client.get(placement_url(tournament))

    page = response.content.decode()
    assert response.status_code == 200
    assert "8 joueurs à placer" in page
    assert "2 tables de 4" in page
    assert "Fixer l'engagement du tirage" in page


@pytest.mark.usefixtures("registrations")
def test_fixing_the_commitment_shows_it_then_asks_for_the_room_seed(arbitre_client, tournament):
    response = arbitre_client.post(placement_url(tournament, 1, "engagement"), headers=HTMX)

    page = response.content.decode()
    commitment = tournament.draws.get().commitment
    assert commitment in page
    assert "Saisir la graine de la salle" in page
    assert "Générer le placement" not in page
    assert "Fixer l'engagement du tirage" not in page


@pytest.mark.usefixtures("registrations")
def test_the_room_seed_entered_is_shown_then_the_draw_offered(arbitre_client, tournament):
    arbitre_client.post(placement_url(tournament, 1, "engagement"))

    response = arbitre_client.post(
        placement_url(tournament, 1, "graine"), {"room_seed": "4 2 5 1 6 3"}, headers=HTMX
    )

    page = response.content.decode()
    assert '<strong class="room-seed">425163</strong>' in page
    assert "Générer le placement" in page


@pytest.mark.usefixtures("registrations")
def test_a_room_seed_not_in_digits_is_refused_and_kept_as_typed(arbitre_client, tournament):
    arbitre_client.post(placement_url(tournament, 1, "engagement"))

    response = arbitre_client.post(
        placement_url(tournament, 1, "graine"), {"room_seed": "42a5١٢"}, headers=HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "La graine de la salle s&#x27;écrit en chiffres, de 4 à 40" in page
    assert 'value="42a5١٢"' in page
    assert tournament.draws.get().room_seed == ""


@pytest.mark.usefixtures("registrations")
def test_generating_before_the_room_seed_draws_nothing_and_says_why(arbitre_client, tournament):
    arbitre_client.post(placement_url(tournament, 1, "engagement"))

    response = arbitre_client.post(placement_url(tournament, action="generer"), headers=HTMX)

    assert "Saisissez d&#x27;abord la graine de la salle" in response.content.decode()
    assert not tournament.positions.filter(tables__isnull=False).exists()


@pytest.mark.usefixtures("registrations")
def test_a_direct_post_to_generate_without_a_commitment_shown_draws_nothing(
    arbitre_client, tournament
):
    response = arbitre_client.post(placement_url(tournament, action="generer"), headers=HTMX)

    assert (
        "Fixez d&#x27;abord l&#x27;engagement du tirage de la position 1 : il s&#x27;affiche "
        "dans la salle et sur l&#x27;écran de projection avant que le placement soit tiré."
    ) in response.content.decode()
    assert not tournament.draws.exists()
    assert not tournament.positions.filter(tables__isnull=False).exists()


@pytest.mark.usefixtures("seated")
def test_drawing_again_without_a_reason_keeps_the_page_and_says_why(arbitre_client, tournament):
    response = arbitre_client.post(
        placement_url(tournament, 1, "engagement"), {"reason": "  "}, headers=HTMX
    )

    page = response.content.decode()
    assert "Un nouveau tirage se fait avec son motif, écrit : il sera public." in page
    assert tournament.draws.count() == 1


@pytest.mark.usefixtures("seated")
def test_placement_page_under_htmx_returns_the_fragment(arbitre_client, tournament):
    response = arbitre_client.get(placement_url(tournament), headers=HTMX)

    assert response.content.decode().lstrip().startswith('<div id="placement"')


def test_a_position_beyond_the_tournament_is_not_found(arbitre_client, tournament):
    assert arbitre_client.get(placement_url(tournament, 4)).status_code == 404


@pytest.mark.usefixtures("registrations")
def test_generating_seats_everyone_and_redirects_to_the_plan(arbitre_client, tournament):
    commit(arbitre_client, tournament)

    response = arbitre_client.post(placement_url(tournament, action="generer"))

    assert response.status_code == 302
    assert response.url == placement_url(tournament)
    assert tournament.positions.get(number=1).seats.count() == 8


@pytest.mark.usefixtures("registrations")
def test_generating_under_htmx_shows_the_plan_table_by_table(arbitre_client, tournament):
    commit(arbitre_client, tournament)

    response = arbitre_client.post(placement_url(tournament, action="generer"), headers=HTMX)

    page = response.content.decode()
    assert "Table 1" in page and "Table 2" in page
    assert "Nord" in page and "Ouest" in page
    assert "Aucune rencontre répétée" in page
    assert "Publier le placement" in page


def test_generating_too_few_players_shows_the_reason(arbitre_client, tournament):
    commit(arbitre_client, tournament)

    response = arbitre_client.post(placement_url(tournament, action="generer"), headers=HTMX)

    assert "au moins 3 joueurs" in response.content.decode()


@pytest.mark.usefixtures("registrations")
def test_generating_position_2_first_is_refused(arbitre_client, tournament):
    response = arbitre_client.post(placement_url(tournament, 2, "generer"), headers=HTMX)

    assert "Placez d&#x27;abord la position 1." in response.content.decode()
    assert not tournament.positions.exists()


def test_swapping_two_players_under_htmx(arbitre_client, tournament, seated):
    first = seated.seats.get(table__number=1, place="N")
    second = seated.seats.get(table__number=2, place="S")

    response = arbitre_client.post(
        placement_url(tournament, action="echanger"),
        {"first": first.pk, "second": second.pk},
        headers=HTMX,
    )

    assert "échangés" in response.content.decode()
    assert seated.seats.get(table__number=1, place="N").registration == second.registration


@pytest.mark.usefixtures("seated")
def test_swapping_without_choosing_is_a_french_message(arbitre_client, tournament):
    response = arbitre_client.post(placement_url(tournament, action="echanger"), {}, headers=HTMX)

    assert "Choisissez les deux joueurs à échanger." in response.content.decode()


def test_publishing_without_javascript_redirects_with_a_message(arbitre_client, tournament, seated):
    response = arbitre_client.post(placement_url(tournament, action="publier"), follow=True)

    seated.refresh_from_db()
    assert seated.seating_published_at is not None
    assert "Placement publié" in response.content.decode()


def test_public_page_shows_each_players_seat_once_published(client, tournament, seated):
    publish_seating(position=seated, by=TESTS)
    seat = seated.seats.select_related("registration__player", "table").get(
        table__number=2, place="E"
    )

    page = client.get(f"/tournois/{tournament.pk}/").content.decode()

    assert "Placement de la position 1" in page
    assert f"{seat.registration.player}</span>" in page
    assert "table 2, Est" in page


@pytest.mark.usefixtures("seated")
def test_public_page_hides_an_unpublished_seating(client, tournament):
    page = client.get(f"/tournois/{tournament.pk}/").content.decode()

    assert "Placement de la position 1" not in page


def test_tapping_a_player_offers_to_swap_them_with_any_other(arbitre_client, tournament, seated):
    first = seated.seats.select_related("registration__player").get(table__number=1, place="N")

    response = arbitre_client.get(placement_url(tournament) + f"?echange={first.pk}", headers=HTMX)

    page = response.content.decode()
    assert f"Touchez le joueur à échanger avec <strong>{first.registration.player}</strong>" in page
    assert page.count(f'name="first" value="{first.pk}"') == 7


@pytest.mark.usefixtures("registrations")
def test_the_report_names_the_players_who_meet_again(arbitre_client, tournament):
    tournament.positions_count = 2
    tournament.save()
    plan_committed(tournament=tournament, number=1, by=TESTS)
    plan_committed(tournament=tournament, number=2, by=TESTS)

    page = arbitre_client.get(placement_url(tournament, 2)).content.decode()

    # 8 players at 2 tables cannot sit twice without meeting someone again.
    assert "rencontres répétées" in page
    assert "fois ensemble" in page


@pytest.fixture
def stale(tournament):
    """Position 1 under way, positions 2 and 3 seated ahead, then a late arrival (Zoé
    Tardieu) and a withdrawal (the first player): positions 2 and 3 are stale."""
    seat_ahead_then_change(tournament)
    return tournament


def test_a_stale_seating_shows_a_red_box_naming_who_changed(arbitre_client, stale):
    page = arbitre_client.get(placement_url(stale, 2)).content.decode()

    assert 'class="report-box bad"' in page
    assert "Placement à refaire : il ne correspond plus aux joueurs présents." in page
    assert "Retrait ou absence, mais une place au plan : JOUEUR1 Prénom" in page
    assert "Présence pointée, mais pas de place : TARDIEU Zoé" in page


def test_a_stale_seating_offers_to_generate_again_and_not_to_publish(arbitre_client, stale):
    page = arbitre_client.get(placement_url(stale, 2)).content.decode()

    assert "tirez-le de nouveau, avec son motif" in page
    assert "Fixer l'engagement d'un nouveau tirage" in page
    assert "Publier le placement" not in page
    assert "La position 3, déjà placée, sera placée de nouveau en même temps." in page


def test_generating_again_reseats_the_later_positions_too(arbitre_client, stale):
    commit(arbitre_client, stale, 2, reason="Arrivée tardive.")

    response = arbitre_client.post(placement_url(stale, 2, "generer"), headers=HTMX)

    page = response.content.decode()
    assert "Positions 2 et 3 placées de nouveau. Vérifiez la position 2, puis publiez-la." in page
    assert 'class="report-box bad"' not in page
    assert "Publier le placement" in page
    assert not seating_changes(position=stale.positions.get(number=3)).stale


def test_publishing_a_stale_seating_shows_the_names(arbitre_client, stale):
    response = arbitre_client.post(placement_url(stale, 2, "publier"), headers=HTMX)

    page = response.content.decode()
    assert "Ce placement ne correspond plus aux joueurs présents." in page
    assert "TARDIEU Zoé" in page
    assert stale.positions.get(number=2).seating_published_at is None


def test_the_dashboard_marks_the_stale_positions_to_be_seated_again(arbitre_client, stale):
    page = arbitre_client.get(f"/arbitre/tournois/{stale.pk}/").content.decode()

    redo = '<span class="badge alert">placement à refaire</span>'
    cards = page.split('id="position-')
    assert [redo in card for card in cards[1:4]] == [False, True, True]


def test_the_report_names_who_sat_at_a_table_of_3_and_how_often(arbitre_client, tournament):
    register(tournament, 13)
    plan_committed(tournament=tournament, number=1, by=TESTS)

    page = arbitre_client.get(placement_url(tournament)).content.decode()

    assert "Tables de 3 ou de 5 réparties : chacun y passe à son tour." in page
    assert "1 fois" in page and "jamais" in page


def test_tables_of_3_seated_in_turn_are_reported_as_going_round(arbitre_client, tournament):
    """23 players, one table of 3: position 2 seated in its turn after position 1 gives the
    table of 3 to players who have not sat at one yet, and the report says so."""
    register(tournament, 23)
    plan_committed(tournament=tournament, number=1, by=TESTS)
    plan_committed(tournament=tournament, number=2, by=TESTS)

    page = arbitre_client.get(placement_url(tournament, 2)).content.decode()

    assert "Tables de 3 ou de 5 réparties : chacun y passe à son tour." in page
    assert "mal réparties" not in page
    assert "Aucune rencontre répétée" in page


def test_tables_of_5_seated_in_turn_are_reported_as_shared_as_well_as_no_repeat_allows(
    arbitre_client, arbitre
):
    """22 players, three tables of 4 and two of 5: position 2 seated in its turn cannot give
    a table of 5 to ten of the twelve players who have not sat at one without a repeat
    meeting, and the report says so rather than « mal réparties »."""
    tournament = club_tournament(arbitre, allow_five=True)
    register(tournament, 22)
    plan_committed(tournament=tournament, number=1, by=TESTS)
    plan_committed(tournament=tournament, number=2, by=TESTS)

    page = arbitre_client.get(placement_url(tournament, 2)).content.decode()

    assert "Tables de 3 ou de 5 réparties au mieux" in page
    assert "aucun placement sans rencontre répétée" in page
    assert "mal réparties" not in page
    assert "Aucune rencontre répétée" in page
