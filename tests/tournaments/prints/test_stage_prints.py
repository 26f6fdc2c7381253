"""The prints of a championship: the ranking states its stages, the plan and the sheets the
stage of their position."""

import pytest

from championships.selectors.stages import after_stage, for_stage
from common.actors import Actor
from scoring.values import signed
from tests.at_the_table import TESTS
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.factories import plan_committed
from tests.pdfs import save_first_page, word_boxes, words
from tournaments.models import Registration
from tournaments.prints.layout import GRID_TOP, HEADER_BOTTOM, TITLE_BOX
from tournaments.selectors.ranking import stage_rankings
from tournaments.services.penalties import add_penalty
from tournaments.services.seating import publish_seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


@pytest.fixture
def qualified(tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    return tournament


def test_the_ranking_pdf_states_each_stage_and_who_qualified(client, qualified):
    text = words(client.get(f"/tournois/{qualified.pk}/classement.pdf").content)

    assert "Qualification · position 1 · Les 4 premiers sont qualifiés pour la Finale." in text
    assert "Finale · position 2 · Report de la moitié du total" in text
    assert text.count("Qualification (qualifié·e)") == 4


def test_the_plan_pdf_names_the_stage_of_its_position(arbitre_client, qualified):
    play_position(qualified, 2)

    pdf = arbitre_client.get(f"/arbitre/tournois/{qualified.pk}/positions/2/plan.pdf").content

    assert "Placement · Finale · position 2" in words(pdf)


def test_each_sheet_names_the_stage_of_its_position(arbitre_client, qualified):
    play_position(qualified, 2)
    base = f"/arbitre/tournois/{qualified.pk}/positions"

    qualification = words(arbitre_client.get(f"{base}/1/feuilles.pdf").content)
    final = words(arbitre_client.get(f"{base}/2/feuilles.pdf").content)

    assert qualification.count("Règles FFT Qualification · position 1 POSITION 1 TABLE") == 4
    assert final.count("Règles FFT Finale · position 2 POSITION 2 TABLE") == 1


def test_an_eliminated_player_card_says_after_which_stage_and_no_later_position(
    arbitre_client, qualified
):
    qualification = stage_rankings(qualified)[0]
    out = next(line for line in qualification.lines if not line.qualified)
    registration = Registration.objects.select_related("player").get(pk=out.key)
    seat = registration.seats.select_related("table").get()

    pdf = arbitre_client.get(f"/arbitre/tournois/{qualified.pk}/cartes.pdf").content
    save_first_page(pdf, "print_cards_eliminated")
    text = words(pdf)

    assert (
        f"{registration.player.last_name.upper()} Prénom n° {registration.number} "
        f"Position 1 : table {seat.table.number} · {seat.get_place_display()} "
        "Éliminé(e) à l'issue de la Qualification" in text.replace("’", "'")
    )
    # The 4 qualified still wait for the final; the 12 others are out.
    assert text.count("Position 2 : pas encore placé") == 4
    assert text.replace("’", "'").count("Éliminé(e) à l'issue de la Qualification") == 12


def test_cards_say_nobody_is_eliminated_before_the_stage_is_closed(arbitre_client, tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)

    text = words(arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/cartes.pdf").content)

    assert text.count("Position 2 : pas encore placé") == 16
    assert "Éliminé" not in text


@pytest.mark.parametrize(
    ("name", "words_after"),
    [
        ("Qualification", "à l'issue de la Qualification"),
        ("Tour 1", "à l'issue du Tour 1"),
        ("Étape 1", "à l'issue de l'Étape 1"),
        ("Demi-finale", "à l'issue de la Demi-finale"),
        ("Barrage", "à l'issue du Barrage"),
    ],
)
def test_the_stage_is_named_with_its_article(name, words_after):
    assert after_stage(name) == words_after


@pytest.mark.parametrize(
    ("name", "words_for"),
    [
        ("Qualification", "pour la Qualification"),
        ("Finale", "pour la Finale"),
        ("Tour 2", "pour le Tour 2"),
        ("Étape 2", "pour l'Étape 2"),
        ("Barrage", "pour le Barrage"),
    ],
)
def test_the_next_stage_is_named_with_its_article(name, words_for):
    assert for_stage(name) == words_for


@pytest.fixture
def penalised_finalist(tournament, arbitre):
    """Cut at 4 after the qualification, where the Nord of table 1 (+87) is penalised 20 at
    position 1, then the final played: the finalist carries half of +67, +34."""
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    nord = tournament.positions.get(number=1).tables.get(number=1).seats.get(place="N")
    add_penalty(
        registration=nord.registration,
        position=nord.position,
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    play_position(tournament, 2)
    return nord.registration


def test_the_ranking_pdf_prints_each_stage_with_its_carry_over_and_its_penalties(
    client, tournament, penalised_finalist
):
    final = stage_rankings(tournament)[1].by_key[penalised_finalist.pk]
    name = f"{penalised_finalist.player.last_name.upper()} Prénom"

    text = words(client.get(f"/tournois/{tournament.pk}/classement.pdf").content)

    assert "Phase : Finale (close) Report de la moitié du total" in text
    assert "RANG N° NOM, PRÉNOM CLUB REPORT P2 PÉN. TOTAL" in text
    # The final's line adds up: the carry-over, the final's position, its total.
    assert f"{name} +34 {signed(final.played)} {signed(final.total)}" in text
    # The qualification's line shows the penalty the carry-over took in.
    assert "Phase : Qualification (close) Les 4 premiers sont qualifiés pour la Finale." in text
    assert f"{name} +87 −20 +67 qualifié·e" in text


def test_a_sheet_s_event_with_a_long_venue_stays_in_its_box_over_the_stage(
    arbitre_client, qualified
):
    qualified.venue = "Palais des sports Jean-Michel Aulas, Villeurbanne"
    qualified.organiser = "Comité du Lyonnais et du Beaujolais"
    qualified.save()
    base = f"/arbitre/tournois/{qualified.pk}/positions"

    pdf = arbitre_client.get(f"{base}/1/feuilles.pdf").content

    save_first_page(pdf, "print_sheet_long_event")
    mm = 72 / 25.4
    boxes = word_boxes(pdf)
    first_sheet = boxes[: [box[0] for box in boxes].index("FEUILLE", 1)]
    # Under the title, left of the position's box, above the grid's heads.
    event = [
        box
        for box in first_sheet
        if box[1] < (10 + TITLE_BOX[1]) * mm and (10 + 8) * mm < box[2] < (10 + GRID_TOP) * mm
    ]
    box_foot = (10 + HEADER_BOTTOM) * mm  # the page's margin, then the title's box
    assert "Qualification" in [box[0] for box in event]
    assert max(box[4] for box in event) < box_foot
    assert {"Villeurbanne", "Beaujolais", "FFT"} <= {box[0].strip(",") for box in event}
