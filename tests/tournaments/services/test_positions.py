"""Closing a position, reopening it, and the calls to the arbitre (services.positions, room)."""

import pytest

from championships.models import Draw
from championships.services.draws import commit_draw, enter_room_seed
from common.actors import Actor
from common.refusals import Refused
from tests.at_the_table import TESTS, play, prise_by, sign
from tests.factories import seat
from tests.htmx import HTMX
from tests.refusals import refusal_the_second_time
from tournaments.deal_scoring import DealResult
from tournaments.models import HandledCall, Position, Tournament
from tournaments.services.deals import correct_deal
from tournaments.services.positions import close_position, handle_call, reopen_position


@pytest.fixture
def signed_position(first_position):
    for table in first_position:
        sign(table)
    return first_position[0].position


def room_url(position) -> str:
    return f"/arbitre/tournois/{position.tournament_id}/positions/{position.number}/salle/"


# The service ------------------------------------------------------------------------------


def test_a_position_closes_once_every_table_has_signed(signed_position, arbitre):
    position = close_position(position=signed_position, by=Actor.arbitre(arbitre))

    assert position.closed_at is not None
    assert (position.closed_by, position.close_reason, position.unsigned_at_close) == (
        arbitre,
        "",
        [],
    )


def test_closing_is_refused_while_a_table_has_not_signed(first_position, arbitre):
    sign(first_position[0])

    with pytest.raises(Refused) as refusal:
        close_position(position=first_position[0].position, by=Actor.arbitre(arbitre))

    assert refusal.value.code == "unsigned"
    assert "table 2" in refusal.value.message
    assert Position.objects.get(number=1).closed_at is None


def test_the_arbitre_may_force_a_closing_with_a_reason(first_position, arbitre):
    position = close_position(
        position=first_position[0].position,
        by=Actor.arbitre(arbitre),
        force=True,
        reason="  Table 2 partie ",
    )

    assert position.closed_at is not None
    assert position.close_reason == "Table 2 partie"
    assert position.unsigned_at_close == [1, 2]


def test_a_forced_closing_needs_a_reason(first_position, arbitre):
    with pytest.raises(Refused) as refusal:
        close_position(
            position=first_position[0].position, by=Actor.arbitre(arbitre), force=True, reason=" "
        )

    assert (refusal.value.field, refusal.value.code) == ("reason", "reason_missing")


def test_a_closed_position_cannot_be_closed_again(signed_position, arbitre):
    refused = refusal_the_second_time(
        close_position, position=signed_position, by=Actor.arbitre(arbitre)
    )

    assert refused.code == "already_closed"


def test_a_position_not_seated_cannot_be_closed(short_tournament, arbitre):
    position = Position.objects.create(tournament=short_tournament, number=1)

    with pytest.raises(Refused) as refusal:
        close_position(position=position, by=Actor.arbitre(arbitre))

    assert refusal.value.code == "not_seated"


def test_the_closing_and_its_reason_are_kept_in_the_position_history(first_position, arbitre):
    position = first_position[0].position
    close_position(
        position=position, by=Actor.arbitre(arbitre), force=True, reason="Panne de courant"
    )
    reopen_position(position=position, by=Actor.arbitre(arbitre), reason="Erreur de saisie")

    history = list(position.history.order_by("history_date").values_list("history_change_reason"))

    assert history[-2:] == [
        ("Clôture forcée : Panne de courant",),
        ("Réouverture : Erreur de saisie",),
    ]


def test_reopening_needs_a_reason_and_a_closed_position(signed_position, arbitre):
    with pytest.raises(Refused) as not_closed:
        reopen_position(position=signed_position, by=Actor.arbitre(arbitre), reason="x")
    close_position(position=signed_position, by=Actor.arbitre(arbitre))
    with pytest.raises(Refused) as no_reason:
        reopen_position(position=signed_position, by=Actor.arbitre(arbitre), reason="")

    assert (not_closed.value.code, no_reason.value.code) == ("not_closed", "reason_missing")


def test_reopening_clears_the_closing(signed_position, arbitre):
    close_position(position=signed_position, by=Actor.arbitre(arbitre))

    position = reopen_position(
        position=signed_position, by=Actor.arbitre(arbitre), reason="Réclamation"
    )

    assert (position.closed_at, position.closed_by, position.close_reason) == (None, None, "")


def test_closing_the_last_position_finishes_the_tournament(
    short_tournament, signed_position, arbitre
):
    short_tournament.positions_count = 1
    short_tournament.save()

    close_position(position=signed_position, by=Actor.arbitre(arbitre))

    short_tournament.refresh_from_db()
    assert short_tournament.status == Tournament.Status.FINISHED


def test_reopening_a_position_of_a_finished_tournament_puts_it_back_under_way(
    short_tournament, signed_position, arbitre
):
    short_tournament.positions_count = 1
    short_tournament.save()
    close_position(position=signed_position, by=Actor.arbitre(arbitre))

    reopen_position(position=signed_position, by=Actor.arbitre(arbitre), reason="Réclamation")

    short_tournament.refresh_from_db()
    assert short_tournament.status == Tournament.Status.RUNNING


def test_closing_a_position_that_is_not_the_last_keeps_the_tournament_under_way(
    short_tournament, signed_position, arbitre
):
    close_position(position=signed_position, by=Actor.arbitre(arbitre))

    short_tournament.refresh_from_db()
    assert short_tournament.status == Tournament.Status.RUNNING


def test_after_closing_the_table_can_no_longer_change_its_sheet(first_position, arbitre):
    table = first_position[0]
    close_position(
        position=table.position, by=Actor.arbitre(arbitre), force=True, reason="Fin de séance"
    )

    with pytest.raises(Refused) as refusal:
        correct_deal(
            table=table, number=1, version=1, result=prise_by("E"), by=Actor.table_device()
        )

    assert refusal.value.code == "locked"


# Calls to the arbitre ---------------------------------------------------------------------


@pytest.fixture
def garde_sans(short_tournament, players):
    (table,) = seat(short_tournament, 1, [players[:4]])
    play(table, DealResult(taker="N", contract="garde_sans", bouts=2, points=45))
    return table.deals.get()


def test_answering_a_call_keeps_who_and_when(garde_sans, arbitre):
    call = handle_call(deal=garde_sans, by=Actor.arbitre(arbitre))

    assert (call.kind, call.handled_by, call.handled_at is not None) == (
        "garde_sans",
        arbitre,
        True,
    )


def test_answering_a_call_twice_keeps_the_first_answer(garde_sans, arbitre, other_arbitre):
    first = handle_call(deal=garde_sans, by=Actor.arbitre(arbitre))
    second = handle_call(deal=garde_sans, by=Actor.arbitre(other_arbitre))

    assert second.pk == first.pk
    assert HandledCall.objects.get().handled_by == arbitre


def test_a_deal_that_calls_nobody_cannot_be_answered(first_position, arbitre):
    with pytest.raises(Refused) as refusal:
        handle_call(deal=first_position[0].deals.get(), by=Actor.arbitre(arbitre))

    assert refusal.value.code == "no_call"


def test_a_deal_corrected_into_another_call_is_a_new_call(garde_sans, arbitre, arbitre_client):
    handle_call(deal=garde_sans, by=Actor.arbitre(arbitre))
    correct_deal(
        table=garde_sans.table,
        number=1,
        version=garde_sans.version,
        result=DealResult(taker="N", contract="garde_contre", bouts=2, points=45),
        by=Actor.arbitre(arbitre),
    )

    response = arbitre_client.get(room_url(garde_sans.table.position))

    assert response.context["open_calls"] == 1


# The room ---------------------------------------------------------------------------------


def test_the_room_offers_to_close_a_position_whose_sheets_are_all_signed(
    arbitre_client, signed_position
):
    response = arbitre_client.get(room_url(signed_position))

    assert "Toutes les feuilles sont signées." in response.content.decode()
    assert response.context["unsigned"] == []


def test_the_room_closes_the_position_in_one_tap(arbitre_client, signed_position):
    response = arbitre_client.post(room_url(signed_position).replace("salle", "clore"))

    assert response.status_code == 302
    signed_position.refresh_from_db()
    assert signed_position.closed_at is not None


def test_the_room_names_the_unsigned_tables_when_closing_is_refused(arbitre_client, first_position):
    position = first_position[0].position
    sign(first_position[1])

    response = arbitre_client.post(room_url(position).replace("salle", "clore"))

    assert response.status_code == 422
    assert "Feuilles pas encore signées : table 1." in response.content.decode()


def test_the_room_forces_a_closing_with_its_reason(arbitre_client, first_position):
    position = first_position[0].position
    url = room_url(position).replace("salle", "clore")

    refused = arbitre_client.post(url, {"force": "on", "reason": ""})
    forced = arbitre_client.post(url, {"force": "on", "reason": "Joueur malade"})

    assert refused.status_code == 422
    assert "Pour forcer la clôture, donnez-en le motif." in refused.content.decode()
    assert forced.status_code == 302
    position.refresh_from_db()
    assert position.close_reason == "Joueur malade"


def test_the_room_keeps_the_reason_typed_when_a_reopening_is_refused(
    arbitre_client, signed_position, arbitre
):
    close_position(position=signed_position, by=Actor.arbitre(arbitre))
    too_long = "Réclamation " * 30

    response = arbitre_client.post(
        room_url(signed_position).replace("salle", "rouvrir"), {"reason": too_long}
    )

    assert response.status_code == 422
    assert "au plus 300 caractères" in response.content.decode()
    assert too_long.strip() in response.content.decode()
    signed_position.refresh_from_db()
    assert signed_position.closed_at is not None


def test_the_room_says_why_a_position_still_open_cannot_be_reopened(
    arbitre_client, signed_position
):
    response = arbitre_client.post(
        room_url(signed_position).replace("salle", "rouvrir"), {"reason": "Réclamation"}
    )

    assert response.status_code == 422
    assert "La position 1 n&#x27;est pas close." in response.content.decode()


def test_once_closed_the_room_seats_the_next_position_in_one_tap(
    arbitre_client, signed_position, arbitre
):
    close_position(position=signed_position, by=Actor.arbitre(arbitre))
    commit_draw(tournament=signed_position.tournament, number=2, by=Actor.arbitre(arbitre))
    enter_room_seed(tournament=signed_position.tournament, number=2, room_seed="425163", by=TESTS)

    response = arbitre_client.post(room_url(signed_position).replace("salle", "suivante"))

    tournament = signed_position.tournament
    assert response.status_code == 302
    assert response.url == f"/arbitre/tournois/{tournament.pk}/positions/2/placement/"
    second = tournament.positions.get(number=2)
    assert (second.tables.count(), second.seating_published_at) == (2, None)


def test_the_next_position_waits_for_its_room_seed_on_the_placement_page(
    arbitre_client, signed_position, arbitre
):
    close_position(position=signed_position, by=Actor.arbitre(arbitre))
    commit_draw(tournament=signed_position.tournament, number=2, by=Actor.arbitre(arbitre))

    response = arbitre_client.post(
        room_url(signed_position).replace("salle", "suivante"), follow=True
    )

    tournament = signed_position.tournament
    assert response.redirect_chain[-1][0] == (
        f"/arbitre/tournois/{tournament.pk}/positions/2/placement/"
    )
    assert "saisissez la graine de la salle" in response.content.decode()
    assert not tournament.positions.filter(number=2, tables__isnull=False).exists()


@pytest.mark.usefixtures("arbitre")
def test_the_room_marks_a_call_answered_through_htmx(arbitre_client, garde_sans):
    tournament_id = garde_sans.table.position.tournament_id
    url = f"/arbitre/tournois/{tournament_id}/donnes/{garde_sans.pk}/appel/"

    response = arbitre_client.post(url, headers=HTMX)

    assert response.status_code == 200
    assert "Pris en compte par Anne Arbitre" in response.content.decode()
    assert 'hx-post="/arbitre' not in response.content.decode()


def test_the_room_shows_a_card_per_table_for_a_phone(arbitre_client, first_position):
    response = arbitre_client.get(room_url(first_position[0].position))

    content = response.content.decode()
    assert content.count('class="card room-card') == 2
    assert 'id="table-2"' in content


def test_after_closing_the_players_can_no_longer_sign(first_position, arbitre):
    table = first_position[0]
    close_position(
        position=table.position, by=Actor.arbitre(arbitre), force=True, reason="Fin de séance"
    )

    with pytest.raises(Refused) as refusal:
        sign(table)

    assert refusal.value.code == "locked"


def test_a_sheet_of_a_closed_position_is_not_given_back_to_the_table(
    arbitre_client, signed_position, arbitre
):
    close_position(position=signed_position, by=Actor.arbitre(arbitre))
    table = signed_position.tables.get(number=1)

    response = arbitre_client.post(f"/tables/{table.pk}/reouverture/", follow=True)

    table.refresh_from_db()
    assert table.locked_at is not None
    assert "rouvrez-la d&#x27;abord" in response.content.decode()


def test_without_a_commitment_shown_the_next_tap_fixes_it_and_draws_nothing(
    arbitre_client, signed_position, arbitre
):
    close_position(position=signed_position, by=Actor.arbitre(arbitre))

    response = arbitre_client.post(
        room_url(signed_position).replace("salle", "suivante"), follow=True
    )

    tournament = signed_position.tournament
    assert response.redirect_chain[-1][0] == (
        f"/arbitre/tournois/{tournament.pk}/positions/2/placement/"
    )
    assert "Engagement du tirage de la position 2 fixé (tirage n° 1)" in (response.content.decode())
    draw = Draw.objects.get(tournament=tournament, position_number=2)
    assert (
        draw.drawn_at,
        tournament.positions.filter(number=2, tables__isnull=False).exists(),
    ) == (
        None,
        False,
    )
