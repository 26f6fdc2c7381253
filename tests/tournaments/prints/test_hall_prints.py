"""The prints of a tournament with halls name each table's hall where a player reads their
table: their card and the table's sheet."""

import pytest

from championships.services.halls import add_hall
from clubs.models import Player
from tests.at_the_table import TESTS
from tests.factories import seat, seated_room
from tests.pdfs import assert_pdf, save_first_page, word_boxes, words
from tournaments.prints.cards import CardLine

pytestmark = pytest.mark.django_db

MM = 72 / 25.4  # points


@pytest.fixture(scope="module")
def prints(rendered):
    """Position 1 at three tables: « Salle Loire » holds table 1, « Salle Rhône » tables 2
    and 3; player 6 (« Écuyer ») sits at table 2, Est."""

    def build(client, arbitre):
        tournament, _position, _tables, registrations = seated_room(arbitre, sizes=(4, 4, 4))
        add_hall(tournament=tournament, name="Salle Loire", first_table=1, last_table=1, by=TESTS)
        add_hall(tournament=tournament, name="Salle Rhône", first_table=2, last_table=3, by=TESTS)
        Player.objects.filter(pk=registrations[5].player_id).update(last_name="Écuyer")
        base = f"/arbitre/tournois/{tournament.pk}"
        return {
            "sheets": assert_pdf(
                client.get(f"{base}/positions/1/feuilles.pdf"), "feuilles-position-1.pdf"
            ),
            "cards": assert_pdf(client.get(f"{base}/cartes.pdf"), "cartes-joueurs.pdf"),
        }

    built = rendered(build)
    for name in ("sheets", "cards"):
        save_first_page(built[name], f"hall_{name}")
    return built


def test_a_card_names_the_hall_of_each_table(prints):
    text = words(prints["cards"])

    assert (
        "ÉCUYER Prénom n° 6 Position 1 : Salle Rhône · table 2 · Est "
        "Position 2 : pas encore placé" in text
    )
    assert "n° 1 Position 1 : Salle Loire · table 1 · Nord" in text


def test_each_sheet_names_the_hall_under_its_table_number(prints):
    text = words(prints["sheets"])

    assert text.count("TABLE 1 Salle Loire") == 1
    assert text.count("TABLE 2 Salle Rhône") == 1
    assert text.count("TABLE 3 Salle Rhône") == 1


def test_under_the_qr_code_a_card_line_takes_the_whole_width(rendered):
    """Six positions seated alike: beside the QR code a line naming its hall wraps, under it
    the line stands on one line, and the last stays above the card's link."""

    def build(client, arbitre):
        tournament, _position, _tables, registrations = seated_room(
            arbitre, sizes=(4, 4), positions_count=6
        )
        add_hall(tournament=tournament, name="Salle Rhône", first_table=1, last_table=2, by=TESTS)
        for number in range(2, 7):
            seat(tournament, number, [registrations[:4], registrations[4:]])
        response = client.get(f"/arbitre/tournois/{tournament.pk}/cartes.pdf")
        return word_boxes(assert_pdf(response, "cartes-joueurs.pdf"))

    boxes = rendered(build)
    name = next(box for box in boxes if box[0] == "JOUEUR1")
    # The first card, from its name down to its link at its foot (the page has margins).
    card = [box for box in boxes if box[1] < 95 * MM and box[2] < name[2] + 60 * MM]
    sixth = [box for box in card if box[0] == "6"][0]
    line = [box for box in card if abs(box[2] - sixth[2]) < 1]
    link = [box for box in card if box[0].startswith("http://")][0]

    assert " ".join(box[0] for box in line) == "Position 6 : Salle Rhône · table 1 · Nord"
    assert sixth[4] < link[2]


def test_a_hall_name_longer_than_two_lines_of_a_card_is_cut():
    hall = "Grande salle polyvalente municipale Jean-Moulin, premier étage, aile nord"
    line = CardLine(position=1, table=30, place="Nord", hall=hall)

    assert line.words.startswith("Position 1\N{NO-BREAK SPACE}: Grande salle polyvalente ")
    assert line.words.endswith("… · table 30 · Nord")


@pytest.mark.parametrize(
    ("club", "hall"),
    [
        ("Tarot Club Lyonnais", "Salle polyvalente Jean-Moulin"),
        # The most a card holds: its halls' names beside the QR code then cut to one line.
        (
            "Amicale des Joueurs de Tarot de Villefranche-sur-Saône",
            "Grande salle polyvalente Jean-Moulin",
        ),
    ],
)
def test_a_card_of_eight_positions_in_halls_stays_above_its_link(rendered, club, hall):
    """Eight positions, each in a hall of a long name, and a name of 40 characters: the card's
    words take a smaller size, the name goes on over two lines, and the last position stays
    above the card's link."""

    def build(client, arbitre):
        tournament, _position, _tables, registrations = seated_room(
            arbitre, sizes=(4, 4), positions_count=8
        )
        Player.objects.filter(pk=registrations[0].player_id).update(
            last_name="Dupont-Aignan de la Tour-Maubourg", first_name="Marie-Charlotte", club=club
        )
        add_hall(tournament=tournament, name=hall, first_table=1, last_table=2, by=TESTS)
        for number in range(2, 9):
            seat(tournament, number, [registrations[:4], registrations[4:]])
        response = client.get(f"/arbitre/tournois/{tournament.pk}/cartes.pdf")
        return assert_pdf(response, "cartes-joueurs.pdf")

    pdf = rendered(build)
    save_first_page(pdf, f"hall_cards_eight_positions_{len(club)}")
    boxes = word_boxes(pdf)
    name = next(box for box in boxes if box[0] == "DUPONT-AIGNAN")
    # The first card (top left), from its name to its foot, but its QR code's caption.
    card = [
        box
        for box in boxes
        if box[1] < 95 * MM
        and name[2] <= box[2] < name[2] + 62 * MM
        and not (box[1] > 73 * MM and box[2] < name[2] + 35 * MM)
    ]
    link = next(box for box in card if box[0].startswith("http://"))
    words_ = [box for box in card if box is not link]
    text = " ".join(box[0] for box in words_).replace("- ", "-")  # a hyphen, then its line

    assert text.startswith(f"DUPONT-AIGNAN DE LA TOUR-MAUBOURG Marie-Charlotte n° 1 · {club}")
    assert f"Position 8 : {hall} · table 1 · Nord" in text  # under the QR code: whole
    assert max(box[4] for box in words_) < link[2]
