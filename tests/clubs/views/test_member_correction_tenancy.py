"""A member corrected by their club (issue 45, finding D9): the same answer whether or not
another club lists the player privately (its members, its unpublished evenings). The member
keeps their record, so its pages keep answering; the other club reads the directory's one
record, corrected, as every club that lists the player does (docs, « Players, clubs and
tenancy »)."""

import pytest

from clubs.models import Member, Player
from tests.factories import club_of, club_tournament
from tests.seasons.evenings import evening, make_people
from tournaments.models import Registration

# How another club lists the player: not at all, among its members, in an unpublished evening.
LISTINGS = ["nobody", "member", "evening"]


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def other_club(other_arbitre):
    return club_of(other_arbitre)


@pytest.fixture
def people(db):  # noqa: ARG001 - db: it writes to the test database
    return make_people()


@pytest.fixture
def lea(club, arbitre, people):
    """Léa Seguin, a member of the club, who played one of its published evenings."""
    player = Player.objects.create(last_name="Seguin", first_name="Lea", licence="0412345")
    evening(club, arbitre, 6, [player, *people[:3]])
    return Member.objects.create(club=club, player=player)


def listed_by(other_club, other_arbitre, player, listing: str) -> None:
    if listing == "member":
        Member.objects.create(club=other_club, player=player)
    elif listing == "evening":
        hidden = club_tournament(other_arbitre, club=other_club, published=False)
        Registration.objects.create(tournament=hidden, player=player, number=1)


def pages(club, member) -> list[str]:
    """The member's page, their record's merge page and their public history."""
    return [
        f"/arbitre/clubs/{club.pk}/membres/{member.pk}/",
        f"/arbitre/clubs/{club.pk}/fiches/{member.player_id}/fusionner/",
        f"/joueurs/{member.player_id}/",
    ]


def correct(client, club, member, **typed):
    return client.post(f"/arbitre/clubs/{club.pk}/membres/{member.pk}/", typed, follow=True)


@pytest.mark.parametrize("licence", ["0412345", "0412399", ""])
@pytest.mark.parametrize("listing", LISTINGS)
def test_a_corrected_member_keeps_their_record_whoever_else_lists_them(
    arbitre_client, club, other_club, other_arbitre, lea, listing, licence
):
    listed_by(other_club, other_arbitre, lea.player, listing)
    record = lea.player_id

    correct(arbitre_client, club, lea, last_name="Séguin", first_name="Léa", licence=licence)

    lea.refresh_from_db()
    assert (lea.player_id, lea.player.licence) == (record, licence)
    assert not Player.objects.filter(last_name="Seguin").exists()


@pytest.mark.parametrize("listing", LISTINGS)
def test_a_corrected_members_pages_answer_before_and_after_whoever_else_lists_them(
    arbitre_client, club, other_club, other_arbitre, lea, listing
):
    listed_by(other_club, other_arbitre, lea.player, listing)
    urls = pages(club, lea)
    before = [arbitre_client.get(url).status_code for url in urls]

    correct(arbitre_client, club, lea, last_name="Séguin", first_name="Léa", licence="0412345")

    after = [arbitre_client.get(url).status_code for url in urls]
    assert before == after == [200, 200, 200]
    assert "Léa SÉGUIN" in arbitre_client.get(urls[-1]).content.decode()


@pytest.mark.parametrize("listing", LISTINGS)
def test_the_correcting_club_reads_the_same_answer_whoever_else_lists_the_player(
    arbitre_client, club, other_club, other_arbitre, lea, listing
):
    listed_by(other_club, other_arbitre, lea.player, listing)

    response = correct(
        arbitre_client, club, lea, last_name="Séguin", first_name="Léa", licence="0412345"
    )

    lea.refresh_from_db()
    page = response.content.decode()
    player = lea.player
    assert response.redirect_chain == [(f"/arbitre/clubs/{club.pk}/membres/", 302)]
    assert "Membre enregistré : SÉGUIN Léa." in page
    assert "figure aussi dans un autre club" not in page
    assert (player.last_name, player.licence, player.club, player.licence_pending) == (
        "Séguin",
        "0412345",
        "",
        False,
    )


@pytest.mark.parametrize("listing", ["member", "evening"])
def test_the_other_club_reads_the_one_record_corrected_and_keeps_its_own_rows(
    arbitre_client, club, other_club, other_arbitre, lea, listing
):
    listed_by(other_club, other_arbitre, lea.player, listing)
    theirs = [
        *Member.objects.filter(club=other_club).values_list("pk", "player_id"),
        *Registration.objects.filter(tournament__club=other_club).values_list("pk", "player_id"),
    ]

    correct(arbitre_client, club, lea, last_name="Séguin", first_name="Léa", licence="0412345")

    assert [
        *Member.objects.filter(club=other_club).values_list("pk", "player_id"),
        *Registration.objects.filter(tournament__club=other_club).values_list("pk", "player_id"),
    ] == theirs
    assert Player.objects.get(pk=lea.player_id).last_name == "Séguin"
    assert other_club.journal.count() == 0


def test_the_other_clubs_members_page_shows_the_corrected_name(
    client, arbitre_client, club, other_club, other_arbitre, lea
):
    listed_by(other_club, other_arbitre, lea.player, "member")

    correct(arbitre_client, club, lea, last_name="Séguin", first_name="Léa", licence="0412345")

    client.force_login(other_arbitre)
    page = client.get(f"/arbitre/clubs/{other_club.pk}/membres/").content.decode()
    assert "SÉGUIN Léa" in page


@pytest.mark.parametrize("holder", ["nobody", "member", "evening"])
def test_a_licence_another_club_holds_privately_is_taken_as_one_nobody_holds(
    arbitre_client, club, other_club, other_arbitre, lea, holder
):
    if holder != "nobody":
        hidden = Player.objects.create(last_name="Caché", first_name="Sam", licence="0999999")
        listed_by(other_club, other_arbitre, hidden, holder)
    record = lea.player_id

    response = correct(
        arbitre_client, club, lea, last_name="Seguin", first_name="Lea", licence="0999999"
    )

    lea.refresh_from_db()
    page = response.content.decode()
    assert response.redirect_chain == [(f"/arbitre/clubs/{club.pk}/membres/", 302)]
    assert "Membre enregistré : SEGUIN Lea." in page
    assert "Caché" not in page and "CACHÉ" not in page and "déjà celui de" not in page
    assert (lea.player_id, lea.player.licence) == (record, "0999999")
    assert arbitre_client.get(f"/joueurs/{record}/").status_code == 200


@pytest.mark.parametrize("holder", ["member", "evening"])
def test_a_licence_set_on_a_member_never_changes_the_other_clubs_holder(
    arbitre_client, club, other_club, other_arbitre, lea, holder
):
    hidden = Player.objects.create(last_name="Caché", first_name="Sam", licence="0999999")
    listed_by(other_club, other_arbitre, hidden, holder)

    correct(arbitre_client, club, lea, last_name="Seguin", first_name="Lea", licence="0999999")

    hidden.refresh_from_db()
    lea.refresh_from_db()
    assert (hidden.last_name, hidden.licence, hidden.licence_pending) == ("Caché", "0999999", False)
    assert lea.player.licence_pending
