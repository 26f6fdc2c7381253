"""The club's writes (clubs.services.clubs): each one a service in one transaction,
journalled in the club's journal with who and when, refused in French with nothing saved."""

import pytest

from clubs.models import Member, Player
from clubs.services.clubs import (
    add_arbitre,
    create_club,
    remove_arbitre,
    remove_member,
    update_club,
)
from common.actors import Actor
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import club_of


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


def test_removing_a_member_journals_it_and_keeps_the_player(club, by):
    player = Player.objects.create(last_name="Lefèvre", first_name="Zoé", licence="0451")
    member = Member.objects.create(club=club, player=player)

    remove_member(member=member, by=by)

    assert not club.members.exists()
    assert Player.objects.filter(pk=player.pk).exists()
    assert club.journal.get(action="member.removed").before == {
        "last_name": "Lefèvre",
        "first_name": "Zoé",
        "licence": "0451",
    }


def test_a_script_may_write_to_a_club(club):
    update_club(club=club, name="Club renommé", by=TESTS)

    assert club_entries(club)[-1] == ("club.updated", "Script : tests")
