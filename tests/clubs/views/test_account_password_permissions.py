"""The one-time page where a new account chooses its password: anyone may open it, and only
the link made for that account, unspent, sets anything."""

from django.contrib.auth import get_user_model

from tests.walks import walk


def test_a_link_not_made_for_an_account_sets_nothing(client, db):  # noqa: ARG001 - db: the accounts
    user = get_user_model().objects.create_user(username="pointeur1")
    user.set_unusable_password()
    user.save()
    password = {"new_password1": "Un-mot-de-passe-42", "new_password2": "Un-mot-de-passe-42"}
    gets = ["/compte/MQ/faux-jeton/", "/compte/mot-de-passe-choisi/"]
    posts = [("/compte/MQ/faux-jeton/", password), ("/compte/MQ/set-password/", password)]

    answers = dict(walk(client, gets, posts))

    assert "a déjà servi" in answers["/compte/MQ/faux-jeton/"].content.decode()
    assert answers["/compte/mot-de-passe-choisi/"].status_code == 200
    user.refresh_from_db()
    assert not user.has_usable_password()
