"""The player's card carries their check-in link as a second QR code while they are not
checked in: the pointeur scans it at the door."""

import pytest

from clubs.models import Player
from tests.pdfs import assert_pdf, pdf_text
from tournaments.checkin_links import checkin_url
from tournaments.models import Registration
from tournaments.prints.cards import cards_document, printed_cards
from tournaments.prints.qr import make_qr, qr_drawing


@pytest.fixture
def arriving(tournament):
    """Two players registered, Dupont not checked in yet, Martin already."""
    dupont = Player.objects.create(last_name="Dupont", first_name="Jean")
    martin = Player.objects.create(last_name="Martin", first_name="Luc")
    return (
        Registration.objects.create(tournament=tournament, player=dupont, number=1),
        Registration.objects.create(
            tournament=tournament, player=martin, number=2, checked_in=True
        ),
    )


def cards_of(tournament):
    return {
        card.registration.number: card
        for card in printed_cards(
            tournament,
            player_url=lambda n: f"https://x/joueurs/{n}/",
            checkin_url=lambda registration: checkin_url(registration, base="https://x"),
        )
    }


def test_the_card_of_a_player_not_checked_in_carries_their_check_in_link(tournament, arriving):
    dupont, _martin = arriving

    card = cards_of(tournament)[1]

    assert card.checkin_qr.matrix == make_qr(checkin_url(dupont, base="https://x")).matrix
    assert card.checkin_stamp.drawing == qr_drawing(card.checkin_qr)


def test_the_card_of_a_player_checked_in_carries_no_check_in_code(tournament, arriving):  # noqa: ARG001
    card = cards_of(tournament)[2]

    assert card.checkin_qr is None
    assert card.checkin_stamp is None


def test_the_check_in_codes_are_drawn_with_the_cards(tournament, arriving):  # noqa: ARG001
    cards = list(cards_of(tournament).values())

    _context, stamps = cards_document(cards, tournament)

    assert "card-checkin-1" in [stamp.name for stamp in stamps]
    assert "card-checkin-2" not in [stamp.name for stamp in stamps]


def test_the_printed_card_says_what_its_second_code_is_for(arbitre_client, tournament, arriving):  # noqa: ARG001
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/cartes.pdf")
    text = " ".join(pdf_text(assert_pdf(response, "cartes-joueurs.pdf"), raw=True).split())

    assert text.count("Pointage à l'entrée") == 1
