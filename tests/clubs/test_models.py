"""The club's own rules, held by the database."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from clubs.models import Club, Player, own_club_name


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["", "   "])
def test_the_database_refuses_a_club_without_a_name(name):
    with pytest.raises(IntegrityError):
        Club.objects.create(name=name)


@pytest.mark.django_db
def test_an_account_may_be_an_arbitre_of_several_clubs(arbitre):
    first, second = Club.objects.create(name="Le Petit"), Club.objects.create(name="L'Excuse")
    first.arbitres.add(arbitre)
    second.arbitres.add(arbitre)

    assert set(arbitre.clubs.all()) == {first, second}


@pytest.mark.parametrize(
    ("first_name", "last_name", "username", "name"),
    [
        ("Anne", "Arbitre", "anne", "Club d'Anne Arbitre"),
        ("Édith", "Piaf", "edith", "Club d'Édith Piaf"),
        ("Paul", "Martin", "paul", "Club de Paul Martin"),
        ("", "", "zoe", "Nouveau club"),
    ],
)
def test_an_arbitre_without_a_club_gets_one_named_after_them_never_after_their_login(
    first_name, last_name, username, name
):
    user = get_user_model()(username=username, first_name=first_name, last_name=last_name)

    assert own_club_name(user) == name


@pytest.mark.django_db
@pytest.mark.parametrize("licence", ["ABC", "04 12", "０４１２", "12-3"])
def test_a_licence_is_digits_only(licence):
    with pytest.raises(ValidationError, match="avec des chiffres"):
        Player(last_name="Dupré", first_name="Hélène", licence=licence).full_clean()


@pytest.mark.django_db
@pytest.mark.parametrize("licence", ["", "0412361"])
def test_a_licence_of_digits_or_none_is_valid(licence):
    Player(last_name="Dupré", first_name="Hélène", licence=licence).full_clean()
