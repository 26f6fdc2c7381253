"""Reads about a club: who it may find in the directory, its members, its evenings, and the
tick list that fills a new evening."""

import datetime

import pytest

from clubs.models import Member, Player
from tests.factories import club_of, club_tournament
from tournaments.models import Registration
from tournaments.selectors.clubs import (
    club_members,
    club_records,
    homonyms_of,
    last_evening,
    member_evenings,
    member_tick_list,
    players_visible_to,
    published_evenings,
    search_directory,
)


def a_player(last_name: str, first_name: str = "Zoé", licence: str = "") -> Player:
    return Player.objects.create(last_name=last_name, first_name=first_name, licence=licence)


def registered(tournament, *players) -> None:
    start = tournament.registrations.count()
    for number, player in enumerate(players, start=start + 1):
        Registration.objects.create(tournament=tournament, player=player, number=number)


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def other_club(other_arbitre):
    return club_of(other_arbitre)


def test_a_club_sees_its_members_and_the_players_of_its_tournaments(club, arbitre):
    member, player = a_player("Membre"), a_player("Joueur")
    Member.objects.create(club=club, player=member)
    registered(club_tournament(arbitre, published=False), player)

    assert set(players_visible_to(club_ids=[club.pk])) == {member, player}


def test_a_club_sees_the_players_of_published_tournaments_of_other_clubs(club, other_arbitre):
    public = a_player("Public")
    registered(club_tournament(other_arbitre, published=True), public)

    assert list(players_visible_to(club_ids=[club.pk])) == [public]


def test_a_club_never_sees_another_clubs_members_nor_its_unpublished_players(
    club, other_club, other_arbitre
):
    Member.objects.create(club=other_club, player=a_player("Privé"))
    registered(club_tournament(other_arbitre, published=False), a_player("Caché"))
    a_player("Orphelin")

    assert list(players_visible_to(club_ids=[club.pk])) == []


def test_members_are_searched_without_accents_and_say_their_evenings(club, arbitre):
    lefevre, martin = a_player("Lefèvre"), a_player("Martin")
    for player in (lefevre, martin):
        Member.objects.create(club=club, player=player)
    registered(club_tournament(arbitre, name="Soirée 1"), lefevre)
    registered(club_tournament(arbitre, name="Soirée 2"), lefevre, martin)

    lines = club_members(club, query="LEFEVRE")

    assert [(line.member.player, line.evenings) for line in lines] == [(lefevre, 2)]


def test_the_member_list_is_in_french_alphabetical_order(club):
    for name in ["Zola", "Évrard", "Abel", "Œillet"]:
        Member.objects.create(club=club, player=a_player(name))

    assert [line.member.player.last_name for line in club_members(club)] == [
        "Abel",
        "Évrard",
        "Œillet",
        "Zola",
    ]


def test_a_member_counts_only_the_evenings_of_their_club(club, arbitre, other_arbitre):
    player = a_player("Nomade")
    member = Member.objects.create(club=club, player=player)
    mine = club_tournament(arbitre, name="Chez nous")
    registered(mine, player)
    registered(club_tournament(other_arbitre, name="Ailleurs"), player)

    assert [registration.tournament for registration in member_evenings(member)] == [mine]
    assert club_members(club)[0].evenings == 1


def test_the_directory_search_offers_visible_players_not_yet_members(club, other_arbitre):
    already, candidate = a_player("Dupont", "Léa"), a_player("Dupont", "Marc")
    Member.objects.create(club=club, player=already)
    registered(club_tournament(other_arbitre, published=True), already, candidate)
    registered(club_tournament(other_arbitre, published=False), a_player("Dupont", "Secret"))

    assert search_directory(club=club, query="dupont") == [candidate]


def test_the_public_page_lists_only_published_evenings_newest_first(club, arbitre):
    old = club_tournament(arbitre, name="Ancienne", date=datetime.date(2026, 1, 9))
    new = club_tournament(arbitre, name="Récente", date=datetime.date(2026, 2, 6))
    club_tournament(arbitre, name="En préparation", published=False)

    assert published_evenings(club) == [new, old]


def test_the_last_evening_is_the_clubs_previous_one_with_players(arbitre, other_arbitre):
    played = club_tournament(arbitre, name="Jouée", date=datetime.date(2026, 3, 6))
    registered(played, a_player("Un"))
    club_tournament(arbitre, name="Vide", date=datetime.date(2026, 3, 13))
    registered(club_tournament(other_arbitre, date=datetime.date(2026, 3, 14)), a_player("Deux"))
    tonight = club_tournament(arbitre, name="Ce soir", date=datetime.date(2026, 3, 20))

    assert last_evening(tonight) == played


def test_the_tick_list_offers_members_and_last_evenings_players(club, arbitre):
    member, guest, newcomer = a_player("Membre"), a_player("Invité"), a_player("Nouveau")
    for player in (member, newcomer):
        Member.objects.create(club=club, player=player)
    registered(club_tournament(arbitre, date=datetime.date(2026, 3, 6)), member, guest)
    tonight = club_tournament(arbitre, date=datetime.date(2026, 3, 13))
    registered(tonight, newcomer)

    lines, previous = member_tick_list(tonight)

    assert previous is not None and previous.date == datetime.date(2026, 3, 6)
    assert [
        (line.player.last_name, line.member, line.registered, line.last_time) for line in lines
    ] == [
        ("Invité", False, False, True),
        ("Membre", True, False, True),
        ("Nouveau", True, True, False),
    ]


def test_each_name_of_a_list_finds_its_homonyms_and_a_licence_typed_only_those_without_one(
    club, arbitre, django_assert_max_num_queries
):
    helene = a_player("Dupré", "Hélène")
    licensed = a_player("DUPRE", "Helene", licence="0412361")
    noel = a_player("Noël", "Ève")
    registered(club_tournament(arbitre), helene, licensed, noel)
    typed = [("dupre", "HELENE", ""), ("Dupré", "Hélène", "0999999"), ("Martin", "Zoé", "")]

    with django_assert_max_num_queries(3):
        found = homonyms_of(club_id=club.pk, typed=typed)

    assert [[known.player for known in row] for row in found] == [[helene, licensed], [helene], []]


def test_the_clubs_records_are_its_members_and_the_players_of_its_evenings(
    club, arbitre, other_arbitre
):
    member = a_player("Membre")
    Member.objects.create(club=club, player=member)
    guest = a_player("Invité")
    registered(club_tournament(arbitre), guest)
    theirs = a_player("Ailleurs")
    registered(club_tournament(other_arbitre, name="Chez eux"), theirs)

    records = club_records(club.pk).order_by("pk")

    assert [(player, player.is_member) for player in records] == [(member, True), (guest, False)]
