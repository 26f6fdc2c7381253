"""The club's writes: each one a service in one transaction, journalled in the club's journal
with who and when, refused in French with nothing saved."""

import datetime

import pytest

from clubs.actors import Actor
from clubs.models import Member, Player
from clubs.services.errors import Refused
from tests.at_the_table import TESTS
from tests.factories import club_of, club_tournament
from tournaments.models import Registration
from tournaments.services.clubs import (
    add_arbitre,
    add_member,
    create_club,
    register_members,
    remove_arbitre,
    remove_member,
    update_club,
    update_member,
)
from tournaments.services.tournaments import create_tournament


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def by(arbitre):
    return Actor.arbitre(arbitre)


def club_entries(club) -> list[tuple[str, str]]:
    return [(entry.action, entry.actor_label) for entry in club.journal.order_by("pk")]


def test_creating_a_club_makes_its_creator_its_arbitre_and_journals_it(arbitre, by):
    club = create_club(name="  Les   Excuses ", town="Villeurbanne", by=by)

    assert (club.name, club.town) == ("Les Excuses", "Villeurbanne")
    assert list(club.arbitres.all()) == [arbitre]
    assert club_entries(club) == [("club.created", "Arbitre : Anne Arbitre")]


@pytest.mark.parametrize("name", ["", "   ", "\u00a0\t"])
def test_a_club_without_a_name_is_refused_in_french(by, name):
    with pytest.raises(Refused) as refused:
        create_club(name=name, by=by)

    assert refused.value.message == "Donnez un nom au club."
    assert refused.value.field == "name"


def test_renaming_a_club_journals_before_and_after(club, by):
    update_club(club=club, name="Tarot Club Lyonnais", town="Lyon", by=by)

    entry = club.journal.get(action="club.updated")
    assert entry.after == {"name": "Tarot Club Lyonnais", "town": "Lyon"}
    assert entry.before["name"] == "Club de arbitre"


def test_an_arbitre_is_added_by_their_login(club, other_arbitre, by):
    add_arbitre(club=club, username=" autre ", by=by)

    assert set(club.arbitres.all()) == {club.arbitres.get(username="arbitre"), other_arbitre}
    assert club.journal.get(action="club.arbitre_added").after == {"arbitres": ["arbitre", "autre"]}


def test_an_unknown_login_is_refused_without_adding_anyone(club, by):
    with pytest.raises(Refused) as refused:
        add_arbitre(club=club, username="personne", by=by)

    assert refused.value.message == "Aucun compte ne porte l'identifiant « personne »."
    assert club.arbitres.count() == 1
    assert not club.journal.filter(action="club.arbitre_added").exists()


def test_the_last_arbitre_cannot_be_removed(club, arbitre, by):
    with pytest.raises(Refused) as refused:
        remove_arbitre(club=club, user=arbitre, by=by)

    assert refused.value.code == "last_arbitre"
    assert "dernier arbitre" in refused.value.message
    assert list(club.arbitres.all()) == [arbitre]


def test_an_arbitre_is_removed_while_another_remains(club, arbitre, other_arbitre, by):
    club.arbitres.add(other_arbitre)

    remove_arbitre(club=club, user=arbitre, by=by)

    assert list(club.arbitres.all()) == [other_arbitre]
    assert club.journal.get(action="club.arbitre_removed").after == {"arbitres": ["autre"]}


def test_a_member_typed_in_is_a_new_player_of_the_directory(club, by):
    member = add_member(club=club, last_name="Lefèvre", first_name="Zoé", licence="0451", by=by)

    assert (member.player.last_name, member.player.licence) == ("Lefèvre", "0451")
    assert club.journal.get(action="member.added").after == {
        "last_name": "Lefèvre",
        "first_name": "Zoé",
        "licence": "0451",
    }


@pytest.mark.parametrize(
    ("last_name", "first_name", "field"), [("", "Zoé", "last_name"), ("Lefèvre", " ", "first_name")]
)
def test_a_member_without_a_name_is_refused(club, by, last_name, first_name, field):
    with pytest.raises(Refused) as refused:
        add_member(club=club, last_name=last_name, first_name=first_name, by=by)

    assert refused.value.field == field
    assert Member.objects.count() == 0


def test_a_licence_the_club_knows_names_the_same_player(club, arbitre, by):
    first = add_member(club=club, last_name="Lefèvre", first_name="Zoé", licence="0451", by=by)
    register_members(tournament=club_tournament(arbitre), players=[first.player], by=by)
    remove_member(member=first, by=by)

    again = add_member(club=club, last_name="LEFÈVRE", first_name="Zoé", licence="0451", by=by)

    assert again.player == first.player
    assert Player.objects.count() == 1


def test_a_member_twice_is_refused_in_french(club, by):
    add_member(club=club, last_name="Lefèvre", first_name="Zoé", licence="0451", by=by)

    with pytest.raises(Refused) as refused:
        add_member(club=club, last_name="Lefèvre", first_name="Zoé", licence="0451", by=by)

    assert refused.value.message == "LEFÈVRE Zoé est déjà membre du club."


def test_a_duplicate_licence_of_a_visible_player_is_refused_naming_them(club, by):
    add_member(club=club, last_name="Lefèvre", first_name="Zoé", licence="0451", by=by)

    with pytest.raises(Refused) as refused:
        add_member(club=club, last_name="Martin", first_name="Luc", licence="0451", by=by)

    assert refused.value.message == "Le n° de licence 0451 est déjà celui de LEFÈVRE Zoé."
    assert Member.objects.count() == 1


def test_a_forged_player_of_another_club_is_refused_as_unknown(club, other_arbitre, by):
    hidden = Player.objects.create(last_name="Caché", first_name="Ali")
    Member.objects.create(club=club_of(other_arbitre), player=hidden)

    with pytest.raises(Refused) as refused:
        add_member(club=club, player=hidden, by=by)

    assert refused.value.message == "Joueur inconnu."
    assert not club.members.exists()


def test_correcting_a_member_of_this_club_only_corrects_the_player(club, by):
    member = add_member(club=club, last_name="Lefevre", first_name="Zoe", by=by)

    update_member(member=member, last_name="Lefèvre", first_name="Zoé", licence="0451", by=by)

    member.player.refresh_from_db()
    assert (member.player.last_name, member.player.licence) == ("Lefèvre", "0451")
    assert club.journal.get(action="member.updated").before["last_name"] == "Lefevre"


def test_correcting_a_member_another_club_shows_never_changes_their_record(club, other_arbitre, by):
    shared = Player.objects.create(last_name="Commun", first_name="Léo", licence="0777")
    Member.objects.create(club=club_of(other_arbitre), player=shared)
    member = Member.objects.create(club=club, player=shared)

    with pytest.raises(Refused) as refused:
        update_member(member=member, last_name="Pirate", first_name="Léo", licence="0777", by=by)

    shared.refresh_from_db()
    assert refused.value.code == "shared_player"
    assert shared.last_name == "Commun"


def test_registering_the_ticked_players_goes_through_the_registration_service(club, arbitre, by):
    tonight = club_tournament(arbitre)
    players = [
        add_member(club=club, last_name=name, first_name="A", by=by).player
        for name in ("Abel", "Zola")
    ]

    registrations = register_members(tournament=tonight, players=players, by=by)

    assert [(r.number, r.player.last_name) for r in registrations] == [(1, "Abel"), (2, "Zola")]
    assert tonight.journal.filter(action="registration.registered").count() == 2


def test_registering_the_ticked_players_skips_those_already_registered(club, arbitre, by):
    tonight = club_tournament(arbitre)
    abel = add_member(club=club, last_name="Abel", first_name="A", by=by).player
    Registration.objects.create(tournament=tonight, player=abel, number=1)

    assert register_members(tournament=tonight, players=[abel], by=by) == []


def test_a_script_may_write_to_a_club(club):
    update_club(club=club, name="Club renommé", by=TESTS)

    assert club_entries(club)[-1] == ("club.updated", "Script : tests")


def test_a_tournament_is_created_only_in_a_club_of_the_arbitre(arbitre, other_arbitre, by):
    theirs = club_of(other_arbitre)

    with pytest.raises(Refused) as refused:
        create_tournament(
            arbitre=arbitre,
            club=theirs,
            settings={"name": "Intrus", "date": datetime.date(2026, 12, 5)},
            by=by,
        )

    assert refused.value.message == "Vous n'êtes pas arbitre de ce club."
    assert not theirs.tournaments.exists()
