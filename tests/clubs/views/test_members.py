"""The club's members: the list searched without accents, adding (found or typed in),
correcting, the evenings each one played; a forged id or another club's player is unknown."""

import pytest

from clubs.models import Member, Player
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import club_of, club_tournament
from tournaments.models import Registration
from tournaments.services.members import add_member


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


def member(club, last_name, first_name="Zoé", licence=""):
    player = Player.objects.create(last_name=last_name, first_name=first_name, licence=licence)
    return Member.objects.create(club=club, player=player)


def test_the_member_search_ignores_accents_and_case(arbitre_client, club):
    member(club, "Lefèvre")
    member(club, "Martin")

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/?q=LEFEVRE").content.decode()

    assert "LEFÈVRE Zoé" in page
    assert "MARTIN" not in page


def test_a_member_typed_in_is_added(arbitre_client, club):
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Noël", "first_name": "Ève", "licence": "0451"},
    )

    assert response.status_code == 302
    assert [m.player.licence for m in club.members.select_related("player")] == ["0451"]


def test_a_member_without_a_name_is_refused_keeping_what_was_typed(arbitre_client, club):
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "", "first_name": "Ève", "licence": "0451"},
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Le nom est obligatoire." in page
    assert 'value="0451"' in page and 'value="Ève"' in page
    assert not club.members.exists()


def test_a_duplicate_licence_is_refused_in_french(arbitre_client, club):
    member(club, "Lefèvre", licence="0451")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Martin", "first_name": "Luc", "licence": "0451"},
    )

    assert "Le n° de licence 0451 est déjà celui de LEFÈVRE Zoé." in response.content.decode()
    assert club.members.count() == 1


def test_a_forged_id_of_another_clubs_member_is_an_unknown_player(
    arbitre_client, club, other_arbitre
):
    hidden = member(club_of(other_arbitre), "Caché", "Sam", licence="9900001")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/", {"player": hidden.player.pk}
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Joueur inconnu." in page
    assert "Caché" not in page and "9900001" not in page
    assert not club.members.exists()


def test_a_member_is_corrected_and_shows_their_evenings(arbitre_client, arbitre, club):
    lea = member(club, "Seguin", "Lea")
    tournament = club_tournament(arbitre, name="Soirée du 6 mars")
    Registration.objects.create(tournament=tournament, player=lea.player, number=4)

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/{lea.pk}/").content.decode()
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/{lea.pk}/",
        {"last_name": "Séguin", "first_name": "Léa", "licence": "0999"},
    )

    assert "Soirée du 6 mars" in page and "n° 4" in page
    assert response.status_code == 302
    lea.player.refresh_from_db()
    assert (lea.player.last_name, lea.player.first_name, lea.player.licence) == (
        "Séguin",
        "Léa",
        "0999",
    )


def test_a_member_of_another_club_is_not_found(arbitre_client, club, other_arbitre):
    theirs = member(club_of(other_arbitre), "Autre")

    assert arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/{theirs.pk}/").status_code == 404


def test_a_new_members_licence_of_letters_is_refused_keeping_what_was_typed(arbitre_client, club):
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Dupré", "first_name": "Hélène", "licence": "ABC123"},
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Une licence FFT ne s&#x27;écrit qu&#x27;avec des chiffres." in page
    assert 'value="ABC123"' in page and 'value="Dupré"' in page
    assert not Player.objects.exists()


def test_a_members_licence_corrected_to_letters_is_refused(arbitre_client, club):
    lea = member(club, "Seguin", "Lea", licence="0451")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/{lea.pk}/",
        {"last_name": "Seguin", "first_name": "Lea", "licence": "O451"},
    )

    assert "avec des chiffres" in response.content.decode()
    lea.player.refresh_from_db()
    assert lea.player.licence == "0451"


def test_the_member_service_refuses_a_licence_of_letters_whatever_calls_it(club):
    with pytest.raises(Refused, match="avec des chiffres"):
        add_member(club=club, last_name="Dupré", first_name="Hélène", licence="12A", by=TESTS)

    assert not Player.objects.exists()


def test_a_name_already_known_is_shown_before_a_second_record_is_made(
    arbitre_client, arbitre, club
):
    helene = member(club, "Dupré", "Hélène")
    tournament = club_tournament(arbitre, name="Soirée du 6 mars")
    Registration.objects.create(tournament=tournament, player=helene.player, number=4)

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/", {"last_name": "DUPRE", "first_name": "helene"}
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Un joueur du nom de DUPRÉ Hélène figure déjà dans l&#x27;annuaire" in page
    assert "dernière soirée le" in page and "sans licence" in page
    assert f'href="/arbitre/clubs/{club.pk}/membres/{helene.pk}/"' in page
    assert 'type="checkbox" name="another_person"' in page
    assert Player.objects.count() == 1


def test_another_person_of_a_known_name_is_added_once_the_arbitre_says_so(arbitre_client, club):
    member(club, "Dupré", "Hélène")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Dupré", "first_name": "Hélène", "another_person": "on"},
    )

    assert response.status_code == 302
    assert club.members.count() == 2


def test_a_known_licence_is_not_a_homonym_of_another_licence(arbitre_client, club):
    member(club, "Dupré", "Hélène", licence="0412361")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/",
        {"last_name": "Dupré", "first_name": "Hélène", "licence": "0999999"},
    )

    assert response.status_code == 302
    assert club.members.count() == 2


def test_a_members_page_offers_to_merge_a_member_of_the_same_name(arbitre_client, club):
    helene = member(club, "Dupré", "Hélène")
    twin = member(club, "DUPRE", "Helene")

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/{helene.pk}/").content.decode()

    assert f"/fiches/{helene.player.pk}/fusionner/?other={twin.player.pk}" in page


def test_the_merge_page_compares_both_records_before_anything_changes(arbitre_client, club):
    helene = member(club, "Dupré", "Hélène", licence="0412361")
    twin = member(club, "DUPRE", "Helene")

    response = arbitre_client.get(
        f"/arbitre/clubs/{club.pk}/fiches/{helene.player.pk}/fusionner/?other={twin.player.pk}"
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "DUPRÉ Hélène" in page and "DUPRE Helene" in page and "licence 0412361" in page
    assert "Fusionner les deux fiches" in page
    assert Player.objects.count() == 2


def test_merging_keeps_the_record_chosen_and_its_member_page(arbitre_client, arbitre, club):
    helene = member(club, "Dupré", "Hélène", licence="0412361")
    twin = member(club, "DUPRE", "Helene")
    tournament = club_tournament(arbitre, name="Soirée du 6 mars")
    Registration.objects.create(tournament=tournament, player=twin.player, number=4)

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/fiches/{twin.player.pk}/fusionner/",
        {"other": helene.player.pk, "kept": "autre"},
    )

    assert response.status_code == 302
    assert response.url == f"/arbitre/clubs/{club.pk}/membres/{helene.pk}/"
    assert list(Player.objects.all()) == [helene.player]
    assert Registration.objects.get().player == helene.player


def test_a_forged_member_of_another_club_is_not_a_record_to_merge(
    arbitre_client, club, other_arbitre
):
    helene = member(club, "Dupré", "Hélène")
    theirs = member(club_of(other_arbitre), "Dupré", "Hélène")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/fiches/{helene.player.pk}/fusionner/",
        {"other": theirs.player.pk},
    )

    assert response.status_code == 422
    assert "Fiche inconnue." in response.content.decode()
    assert Player.objects.count() == 2


def test_a_member_renamed_onto_a_known_name_is_shown_that_record_before_saving(
    arbitre_client, arbitre, club
):
    helene = member(club, "Dupré", "Hélène")
    Registration.objects.create(
        tournament=club_tournament(arbitre, name="Soirée du 6 mars"), player=helene.player, number=4
    )
    zoe = member(club, "Martin")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/{zoe.pk}/",
        {"last_name": "DUPRE", "first_name": "helene"},
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "Un joueur du nom de DUPRÉ Hélène figure déjà dans l&#x27;annuaire" in page
    assert "dernière soirée le" in page and "sans licence" in page
    merge = f"/arbitre/clubs/{club.pk}/fiches/{zoe.player.pk}/fusionner/?other={helene.player.pk}"
    assert f'href="{merge}"' in page
    assert 'type="checkbox" name="another_person"' in page
    assert 'value="DUPRE"' in page
    assert Player.objects.get(pk=zoe.player.pk).last_name == "Martin"


def test_a_member_renamed_onto_a_known_name_is_saved_once_the_arbitre_says_so(arbitre_client, club):
    member(club, "Dupré", "Hélène")
    zoe = member(club, "Martin")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/membres/{zoe.pk}/",
        {"last_name": "Dupré", "first_name": "Hélène", "another_person": "on"},
    )

    assert response.status_code == 302
    assert str(Player.objects.get(pk=zoe.player.pk)) == "DUPRÉ Hélène"


# Records of the club's evenings that are no members: merged from the club's pages too.


def guest(tournament, last_name, first_name="Hélène", number=1):
    """A player of ``tournament`` who is no member of its club."""
    player = Player.objects.create(last_name=last_name, first_name=first_name)
    Registration.objects.create(tournament=tournament, player=player, number=number)
    return player


def test_two_records_of_the_clubs_evenings_that_are_no_members_are_merged(
    arbitre_client, arbitre, club
):
    march = guest(club_tournament(arbitre, name="Soirée du 6 mars"), "Dupré")
    april = guest(club_tournament(arbitre, name="Soirée du 3 avril"), "DUPRE", "Helene")

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/fiches/{april.pk}/fusionner/",
        {"other": march.pk, "kept": "autre"},
    )

    assert response.status_code == 302
    assert response.url == f"/arbitre/clubs/{club.pk}/membres/"
    assert list(Player.objects.all()) == [march]
    assert sorted(r.tournament.name for r in Registration.objects.all()) == [
        "Soirée du 3 avril",
        "Soirée du 6 mars",
    ]
    merged = club.journal.get(action="player.merged").before["merged"]
    assert merged == f"DUPRE Helene (n° {april.pk})"


def test_a_member_is_merged_with_a_record_of_the_clubs_evening_that_is_no_member(
    arbitre_client, arbitre, club
):
    helene = member(club, "Dupré", "Hélène")
    april = guest(club_tournament(arbitre, name="Soirée du 3 avril"), "DUPRE", "Helene")

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/{helene.pk}/").content.decode()
    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/fiches/{helene.player.pk}/fusionner/", {"other": april.pk}
    )

    assert f"/fiches/{helene.player.pk}/fusionner/?other={april.pk}" in page
    assert "(non membre)" in page
    assert response.url == f"/arbitre/clubs/{club.pk}/membres/{helene.pk}/"
    assert Registration.objects.get().player == helene.player


def test_a_record_of_the_clubs_evening_another_club_has_published_is_not_merged_from_here(
    arbitre_client, arbitre, club, other_arbitre
):
    march = guest(club_tournament(arbitre, name="Soirée du 6 mars"), "Dupré")
    april = guest(club_tournament(arbitre, name="Soirée du 3 avril"), "DUPRE", "Helene")
    theirs = club_tournament(other_arbitre, club=club_of(other_arbitre), name="Chez eux")
    Registration.objects.create(tournament=theirs, player=april, number=1)

    response = arbitre_client.post(
        f"/arbitre/clubs/{club.pk}/fiches/{march.pk}/fusionner/", {"other": april.pk}
    )

    assert response.status_code == 422
    assert "figure aussi dans un autre club" in response.content.decode()
    assert Player.objects.count() == 2


def test_a_player_seen_only_in_another_clubs_evening_has_no_merge_page_here(
    arbitre_client, club, other_arbitre
):
    theirs = guest(club_tournament(other_arbitre, name="Chez eux"), "Dupré")

    response = arbitre_client.get(f"/arbitre/clubs/{club.pk}/fiches/{theirs.pk}/fusionner/")

    assert response.status_code == 404


def test_the_member_search_offers_to_merge_a_player_of_the_clubs_evenings(
    arbitre_client, arbitre, club, other_arbitre
):
    april = guest(club_tournament(arbitre, name="Soirée du 3 avril"), "Dupré")
    theirs = guest(club_tournament(other_arbitre, name="Chez eux"), "Dupré", "Anne")

    page = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/?q=dupre").content.decode()

    assert f"/fiches/{april.pk}/fusionner/" in page
    assert "DUPRÉ Anne" in page and f"/fiches/{theirs.pk}/fusionner/" not in page
