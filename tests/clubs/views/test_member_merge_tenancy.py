"""Two records of one player merged by their club (issue 45, finding D9): the merging club
reads the same answer whether or not another club lists either record privately (its members,
its unpublished evenings). The merge moves the club's own rows; a record another club still
lists stays for it, untouched (docs, « Players, clubs and tenancy »)."""

import pytest

from clubs.models import Member, Player
from tests.factories import club_of, club_tournament
from tests.seasons.evenings import evening, make_people
from tournaments.models import JournalEntry, Registration

# How another club lists a record: not at all, among its members, in an unpublished evening.
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
def helene(club, arbitre, people):
    """Hélène Dupré entered twice at the club, both members: without a licence, who played the
    6th, and « DUPRE Helene », licence 0412361, who played the 13th."""
    kept = Player.objects.create(last_name="Dupré", first_name="Hélène")
    merged = Player.objects.create(last_name="DUPRE", first_name="Helene", licence="0412361")
    Member.objects.create(club=club, player=kept)
    Member.objects.create(club=club, player=merged)
    evening(club, arbitre, 6, [kept, *people[:3]])
    evening(club, arbitre, 13, [merged, *people[:3]])
    return kept, merged


def listed_by(other_club, other_arbitre, player, listing: str) -> None:
    if listing == "member":
        Member.objects.create(club=other_club, player=player)
    elif listing == "evening":
        hidden = club_tournament(other_arbitre, club=other_club, published=False, name="Chez eux")
        Registration.objects.create(tournament=hidden, player=player, number=1)


def merge(client, club, *, kept, merged):
    """The merge page's last step: ``merged``'s page, keeping the other record, ``kept``."""
    return client.post(
        f"/arbitre/clubs/{club.pk}/fiches/{merged.pk}/fusionner/",
        {"other": kept.pk, "kept": "autre"},
        follow=True,
    )


def rows_of(club) -> list[tuple[int, int]]:
    """The club's memberships and registrations: their ids and the record each names."""
    return [
        *Member.objects.filter(club=club).values_list("pk", "player_id").order_by("pk"),
        *Registration.objects.filter(tournament__club=club)
        .values_list("pk", "player_id")
        .order_by("pk"),
    ]


def journals_of(club) -> list:
    """The club's journal and its evenings' journals, line by line."""
    return [
        *club.journal.values_list("pk", "action", "before", "after").order_by("pk"),
        *JournalEntry.objects.filter(tournament__club=club).values_list("pk").order_by("pk"),
    ]


@pytest.mark.parametrize("whose", ["kept", "merged"])
@pytest.mark.parametrize("listing", LISTINGS)
def test_a_merge_reads_the_same_to_the_club_whoever_else_lists_either_record(
    arbitre_client, club, other_club, other_arbitre, helene, listing, whose
):
    kept, merged = helene
    listed_by(other_club, other_arbitre, kept if whose == "kept" else merged, listing)
    kept_member = club.members.get(player=kept)

    response = merge(arbitre_client, club, kept=kept, merged=merged)

    page = response.content.decode()
    assert response.redirect_chain == [(f"/arbitre/clubs/{club.pk}/membres/{kept_member.pk}/", 302)]
    assert "Fiches fusionnées : DUPRÉ Hélène garde toutes ses soirées." in page
    assert "figure aussi dans un autre club" not in page
    assert {player for _, player in rows_of(club) if player in helene_ids(helene)} == {kept.pk}
    assert list(club.members.filter(player__in=helene_ids(helene))) == [kept_member]
    assert Player.objects.get(pk=kept.pk).licence == "0412361"
    entry = club.journal.get(action="player.merged")
    assert entry.before["merged"] == f"DUPRE Helene (n° {merged.pk})"
    assert entry.after["evenings"] == ["Soirée du 13/10 (13/10/2026)"]


def helene_ids(helene) -> set[int]:
    return {player.pk for player in helene}


@pytest.mark.parametrize("whose", ["kept", "merged"])
@pytest.mark.parametrize("listing", LISTINGS)
def test_the_merging_clubs_pages_answer_alike_whoever_else_lists_either_record(
    arbitre_client, club, other_club, other_arbitre, helene, listing, whose
):
    kept, merged = helene
    listed_by(other_club, other_arbitre, kept if whose == "kept" else merged, listing)

    merge(arbitre_client, club, kept=kept, merged=merged)

    pages = [
        f"/arbitre/clubs/{club.pk}/fiches/{kept.pk}/fusionner/",
        f"/arbitre/clubs/{club.pk}/fiches/{merged.pk}/fusionner/",
        f"/joueurs/{kept.pk}/",
        f"/joueurs/{merged.pk}/",
    ]
    assert [arbitre_client.get(url).status_code for url in pages] == [200, 404, 200, 404]
    members = arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/?q=dupre").content.decode()
    assert "DUPRÉ Hélène" in members and "DUPRE Helene" not in members


@pytest.mark.parametrize("whose", ["kept", "merged"])
@pytest.mark.parametrize("listing", ["member", "evening"])
def test_a_merge_leaves_the_other_clubs_rows_ids_and_journals_as_they_were(
    arbitre_client, club, other_club, other_arbitre, helene, listing, whose
):
    kept, merged = helene
    listed_by(other_club, other_arbitre, kept if whose == "kept" else merged, listing)
    rows, journals = rows_of(other_club), journals_of(other_club)

    merge(arbitre_client, club, kept=kept, merged=merged)

    assert (rows_of(other_club), journals_of(other_club)) == (rows, journals)


@pytest.mark.parametrize("listing", ["member", "evening"])
def test_a_record_another_club_still_lists_stays_for_it_untouched(
    arbitre_client, club, other_club, other_arbitre, helene, listing
):
    kept, merged = helene
    listed_by(other_club, other_arbitre, merged, listing)

    merge(arbitre_client, club, kept=kept, merged=merged)

    record = Player.objects.get(pk=merged.pk)
    assert (record.last_name, record.first_name, record.licence) == ("DUPRE", "Helene", "0412361")
    assert not record.licence_pending


@pytest.mark.parametrize(("listing", "pending"), [("nobody", False), ("member", True)])
def test_the_kept_record_takes_the_licence_to_reconcile_while_a_record_left_holds_it(
    arbitre_client, club, other_club, other_arbitre, helene, listing, pending
):
    kept, merged = helene
    listed_by(other_club, other_arbitre, merged, listing)

    merge(arbitre_client, club, kept=kept, merged=merged)

    kept.refresh_from_db()
    assert (kept.licence, kept.licence_pending) == ("0412361", pending)


def test_a_record_nobody_else_lists_is_deleted_by_the_merge(arbitre_client, club, helene):
    kept, merged = helene

    merge(arbitre_client, club, kept=kept, merged=merged)

    assert not Player.objects.filter(pk=merged.pk).exists()


@pytest.mark.parametrize("listing", ["member", "evening"])
def test_the_other_clubs_pages_of_the_record_answer_as_before_the_merge(
    client, arbitre, club, other_club, other_arbitre, helene, listing
):
    kept, merged = helene
    listed_by(other_club, other_arbitre, merged, listing)
    theirs = [f"/arbitre/clubs/{other_club.pk}/fiches/{merged.pk}/fusionner/"]
    if listing == "member":
        member = other_club.members.get()
        theirs.append(f"/arbitre/clubs/{other_club.pk}/membres/{member.pk}/")
    else:
        theirs.append(f"/arbitre/tournois/{other_club.tournaments.get().pk}/joueurs/")
    client.force_login(other_arbitre)
    before = [client.get(url).status_code for url in theirs]

    client.force_login(arbitre)
    merge(client, club, kept=kept, merged=merged)

    client.force_login(other_arbitre)
    after = [client.get(url) for url in theirs]
    assert before == [response.status_code for response in after] == [200, 200]
    assert all("DUPRE Helene" in response.content.decode() for response in after)


@pytest.mark.parametrize("whose", ["kept", "merged"])
@pytest.mark.parametrize("listing", LISTINGS)
def test_two_licences_are_refused_in_the_same_words_whoever_else_lists_either_record(
    arbitre_client, club, other_club, other_arbitre, helene, listing, whose
):
    kept, merged = helene
    Player.objects.filter(pk=kept.pk).update(licence="0412399")
    listed_by(other_club, other_arbitre, kept if whose == "kept" else merged, listing)

    response = merge(arbitre_client, club, kept=kept, merged=merged)

    page = response.content.decode()
    assert response.status_code == 422
    assert "deux licences différentes (0412399 et 0412361)" in page
    assert "figure aussi dans un autre club" not in page
    assert Player.objects.filter(pk__in=helene_ids(helene)).count() == 2


def test_both_records_in_another_clubs_unpublished_evening_are_merged_for_the_club(
    arbitre_client, club, other_club, other_arbitre, helene
):
    kept, merged = helene
    hidden = club_tournament(other_arbitre, club=other_club, published=False, name="Chez eux")
    Registration.objects.create(tournament=hidden, player=kept, number=1)
    Registration.objects.create(tournament=hidden, player=merged, number=2)

    response = merge(arbitre_client, club, kept=kept, merged=merged)

    page = response.content.decode()
    assert "Fiches fusionnées" in page and "Chez eux" not in page
    assert "Chez eux" not in str(club.journal.get(action="player.merged").after)
    assert sorted(hidden.registrations.values_list("player_id", flat=True)) == sorted(
        helene_ids(helene)
    )


@pytest.mark.parametrize("whose", ["kept", "merged"])
def test_a_record_seen_in_another_clubs_published_evening_is_still_not_merged_here(
    arbitre_client, club, other_club, other_arbitre, helene, whose
):
    kept, merged = helene
    public = club_tournament(other_arbitre, club=other_club, published=True, name="Chez eux")
    seen = kept if whose == "kept" else merged
    Registration.objects.create(tournament=public, player=seen, number=1)

    response = merge(arbitre_client, club, kept=kept, merged=merged)

    assert response.status_code == 422
    assert f"{seen} figure aussi dans un autre club" in response.content.decode()
    assert Player.objects.filter(pk__in=helene_ids(helene)).count() == 2


@pytest.mark.parametrize("listing", LISTINGS)
def test_the_merge_page_offers_the_clubs_records_whoever_else_lists_them(
    arbitre_client, club, other_club, other_arbitre, people, helene, listing
):
    kept, merged = helene
    listed_by(other_club, other_arbitre, merged, listing)
    theirs = Player.objects.create(last_name="Dupré", first_name="Hélène", licence="0412377")
    listed_by(other_club, other_arbitre, theirs, listing)

    response = arbitre_client.get(f"/arbitre/clubs/{club.pk}/fiches/{kept.pk}/fusionner/")

    offered = response.context["form"].fields["other"].queryset
    assert set(offered) == {merged, *people[:3]}
    assert f'value="{theirs.pk}"' not in response.content.decode()
