"""The club's members as the tournaments see them (tournaments.services.members): a member
added or corrected under the directory's tenancy, and an evening filled from the members;
journalled in the club's journal, refused in French with nothing saved."""

import datetime

import pytest

from clubs.models import Member, Player
from clubs.services.clubs import remove_member
from common.actors import Actor
from common.refusals import Refused
from tests.factories import club_of, club_tournament
from tournaments.models import Registration
from tournaments.services.members import add_member, register_members, update_member
from tournaments.services.tournaments import create_tournament


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def by(arbitre):
    return Actor.arbitre(arbitre)


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


def test_correcting_a_member_another_club_lists_privately_corrects_the_one_record(
    club, other_arbitre, by
):
    # Issue 31, item 8: a refusal told this club that another one lists the player; issue 45,
    # D9: so did a record of its own (a new id). The one record is corrected, for both clubs.
    shared = Player.objects.create(last_name="Commun", first_name="Léo", licence="0777")
    theirs = Member.objects.create(club=club_of(other_arbitre), player=shared)
    member = Member.objects.create(club=club, player=shared)

    member = update_member(
        member=member, last_name="Communal", first_name="Léo", licence="0777", by=by
    )

    theirs.refresh_from_db()
    assert member.player.pk == theirs.player.pk == shared.pk
    assert (theirs.player.last_name, theirs.player.licence) == ("Communal", "0777")
    assert Player.objects.count() == 1


def test_a_member_another_club_lists_privately_is_corrected_as_one_no_club_lists(
    club, other_arbitre, by
):
    alone = add_member(club=club, last_name="Seul", first_name="Léo", licence="0778", by=by)
    shared = add_member(club=club, last_name="Commun", first_name="Léo", licence="0777", by=by)
    Member.objects.create(club=club_of(other_arbitre), player=shared.player)
    registration_of_other = club_tournament(other_arbitre, published=False)
    Registration.objects.create(tournament=registration_of_other, player=shared.player, number=1)

    answers = [
        update_member(member=member, last_name=f"{name}e", first_name="Léo", licence=licence, by=by)
        for member, name, licence in ((alone, "Seul", "0778"), (shared, "Commun", "0777"))
    ]

    assert [(m.player.last_name, m.player.licence) for m in answers] == [
        ("Seule", "0778"),
        ("Commune", "0777"),
    ]


def test_correcting_a_member_seen_in_another_clubs_published_evening_is_refused(
    club, other_arbitre, by
):
    shared = Player.objects.create(last_name="Commun", first_name="Léo", licence="0777")
    Registration.objects.create(
        tournament=club_tournament(other_arbitre, published=True), player=shared, number=1
    )
    member = Member.objects.create(club=club, player=shared)

    with pytest.raises(Refused) as refused:
        update_member(member=member, last_name="Pirate", first_name="Léo", licence="0777", by=by)

    shared.refresh_from_db()
    assert refused.value.code == "shared_player"
    assert shared.last_name == "Commun"


def test_the_clubs_evenings_follow_a_member_given_their_own_record_in_their_journal(
    club, arbitre, other_arbitre, by
):
    # Another club's published evening keeps the record: another licence is another person.
    shared = Player.objects.create(last_name="Commun", first_name="Léo", licence="0777")
    Registration.objects.create(
        tournament=club_tournament(other_arbitre, published=True), player=shared, number=1
    )
    member = Member.objects.create(club=club, player=shared)
    registration = Registration.objects.create(
        tournament=club_tournament(arbitre, club=club), player=shared, number=1
    )

    member = update_member(
        member=member, last_name="Communal", first_name="Léo", licence="0778", by=by
    )

    registration.refresh_from_db()
    entry = registration.tournament.journal.get()
    assert registration.player == member.player != shared
    assert (entry.action, entry.before["last_name"], entry.after["last_name"]) == (
        "registration.updated",
        "Commun",
        "Communal",
    )


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


def test_a_member_typed_under_a_known_name_is_refused_until_said_another_person(club, by):
    add_member(club=club, last_name="Dupré", first_name="Hélène", by=by)

    with pytest.raises(Refused) as refused:
        add_member(club=club, last_name="DUPRE", first_name="Hélène", by=by)
    add_member(club=club, last_name="Dupré", first_name="Hélène", another_person=True, by=by)

    assert refused.value.code == "homonym"
    assert club.members.count() == 2


def test_a_member_renamed_onto_another_records_name_is_refused_until_said_another_person(club, by):
    add_member(club=club, last_name="Dupré", first_name="Hélène", by=by)
    zoe = add_member(club=club, last_name="Martin", first_name="Zoé", by=by)

    with pytest.raises(Refused) as refused:
        update_member(member=zoe, last_name="DUPRE", first_name="helene", by=by)
    unchanged = Player.objects.get(pk=zoe.player_id).last_name
    update_member(member=zoe, last_name="Dupré", first_name="Hélène", another_person=True, by=by)

    assert refused.value.code == "homonym"
    assert refused.value.message.startswith(
        "Un joueur du nom de DUPRÉ Hélène figure déjà dans l'annuaire : si c'est la même "
        "personne, fusionnez les deux fiches ci-dessus"
    )
    assert unchanged == "Martin"
    assert Player.objects.get(pk=zoe.player_id).last_name == "Dupré"


def test_a_members_accents_corrected_under_a_name_two_records_share_is_no_homonym(club, by):
    add_member(club=club, last_name="DUPRE", first_name="Helene", by=by)
    twin = add_member(club=club, last_name="Dupre", first_name="Helene", another_person=True, by=by)

    update_member(member=twin, last_name="Dupré", first_name="Hélène", by=by)

    assert str(Player.objects.get(pk=twin.player_id)) == "DUPRÉ Hélène"
