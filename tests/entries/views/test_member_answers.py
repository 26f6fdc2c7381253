"""What the arbitre sees of the members: on the evening's page, who comes, who does not, who
has not answered and who has no address; on the club's, every coming evening's answers."""

from html import unescape

import pytest

from entries.services.members import answer_from_member_page
from tests.entries.conftest import club_member, open_evening
from tests.entries.services.test_entering import VISITOR


@pytest.fixture
def members(evening):
    claire = club_member(evening.club, email="claire@example.org")
    paul = club_member(evening.club, last_name="Durand", first_name="Paul", email="p@ex.org")
    club_member(evening.club, last_name="Sans", first_name="Adresse")
    answer_from_member_page(member=claire, tournament=evening, coming=True, by=VISITOR)
    answer_from_member_page(member=paul, tournament=evening, coming=False, by=VISITOR)
    return claire, paul


@pytest.mark.usefixtures("members")
def test_the_evenings_page_says_who_answered_what_and_who_has_no_address(arbitre_client, evening):
    text = unescape(arbitre_client.get(f"/arbitre/tournois/{evening.pk}/inscriptions/").text)

    assert "viennent : 1 · ne viennent pas : 1 · sans réponse : 1" in text
    assert "1 membre n'a pas d'adresse e-mail" in text and "SANS Adresse" in text
    assert "Envoyer aux membres le lien de leurs soirées" in text


@pytest.mark.usefixtures("members")
def test_the_clubs_page_gives_each_coming_evenings_answers(arbitre_client, evening):
    later = open_evening(evening.arbitre, name="Soirée suivante", days_ahead=14)

    response = arbitre_client.get(f"/arbitre/clubs/{evening.club_id}/membres/soirees/")

    text = unescape(response.text)
    assert evening.name in text and later.name in text
    assert text.count("sans réponse") == 4  # three members the next week, Adresse this one
    assert "pas d'e-mail" in text


@pytest.mark.usefixtures("members")
def test_the_clubs_page_under_htmx_is_its_answers_alone(arbitre_client, evening):
    response = arbitre_client.get(
        f"/arbitre/clubs/{evening.club_id}/membres/soirees/", headers={"HX-Request": "true"}
    )

    assert response.text.lstrip().startswith('<section id="answers"')
