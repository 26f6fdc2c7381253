"""Entering deals at the table: the whole flow, full page and htmx, and every bad input."""

import re
from decimal import Decimal

import pytest
from django.utils import timezone

from tests import fft_example
from tests.at_the_table import TESTS, grant, post_deal
from tournaments.deal_scoring import DealResult
from tournaments.models import Deal
from tournaments.services.deals import record_deal

HTMX = {"HTTP_HX_REQUEST": "true"}


def sheet_html(client, table) -> str:
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_the_fft_example_sheet_comes_out_exactly(table_client, table):
    for number, fields in enumerate(fft_example.POSTS, start=1):
        response = post_deal(table_client, table, number, fields)
        assert response.status_code == 302, response.content.decode()

    html = sheet_html(table_client, table)

    for place, bilan in fft_example.BILANS.items():
        assert f'data-place="{place}">{fft_example.signed(bilan)}' in html
    assert "Somme des bilans : 0" in html


def test_each_seat_marque_is_stored_with_the_deal(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    deal = Deal.objects.get(table=table, number=1)
    assert deal.marques() == {"N": -106, "E": 318, "S": -106, "O": -106, "C": None}


def test_a_deal_saved_through_htmx_answers_the_sheet_fragment(table_client, table):
    response = post_deal(table_client, table, 1, fft_example.POSTS[0], **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "+318" in html
    assert "Donne 1 enregistrée." in html
    assert 'name="number" value="2"' in html


def test_the_sheet_page_offers_the_next_deal(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    html = sheet_html(table_client, table)

    assert 'name="number" value="2"' in html
    assert "Enregistrer la donne" in html


def test_the_contract_may_be_entered_at_the_bidding_and_the_result_after(table_client, table):
    response = post_deal(table_client, table, 1, {"taker": "E", "contract": "garde_sans"})
    assert response.status_code == 302
    bid = Deal.objects.get(table=table, number=1)
    assert not bid.is_played and bid.marque_nord is None
    assert "Donne 1 : le résultat" in sheet_html(table_client, table)

    fields = {"taker": "E", "contract": "garde_sans", "bouts": "2", "points": "49"}
    response = post_deal(table_client, table, 1, {**fields, "version": bid.version})

    assert response.status_code == 302
    deal = Deal.objects.get(table=table, number=1)
    assert deal.is_played and deal.marque_est == 3 * (33 * 4)


def test_a_new_deal_waits_for_the_result_of_the_deal_bid(table_client, table):
    post_deal(table_client, table, 1, {"taker": "E", "contract": "garde"})

    response = post_deal(table_client, table, 2, fft_example.POSTS[1])

    assert response.status_code == 409
    assert "La donne 1 attend encore son résultat" in response.content.decode()


def test_points_of_the_defence_count_as_91_minus_them_for_the_attack(table_client, table):
    fields = {**fft_example.POSTS[0], "points": "42", "points_for": "defense"}

    post_deal(table_client, table, 1, fields)

    deal = Deal.objects.get(table=table, number=1)
    assert deal.points == Decimal(49) and deal.marque_est == 318


def test_a_half_point_is_accepted_at_a_table_of_three(client, table_of_three):
    grant(client, table_of_three)
    fields = {"taker": "N", "contract": "prise", "bouts": "2", "points": "40,5"}

    response = post_deal(client, table_of_three, 1, fields)

    assert response.status_code == 302
    deal = Deal.objects.get(table=table_of_three)
    # 40½ with 2 bouts is lost by 1: (25 + 1) × 1, the taker marks 2v at 3 players.
    assert deal.points == Decimal("40.5") and deal.marque_nord == -52


def test_the_partner_is_chosen_at_five_players_or_seul(client, table_of_five):
    grant(client, table_of_five)
    called = {"taker": "N", "contract": "prise", "bouts": "2", "points": "51", "partner": "S"}
    alone = {**called, "partner": ""}

    post_deal(client, table_of_five, 1, called)
    post_deal(client, table_of_five, 2, alone)

    with_partner, seul = Deal.objects.filter(table=table_of_five).order_by("number")
    assert (with_partner.marque_nord, with_partner.marque_sud) == (2 * 35, 35)
    assert (seul.marque_nord, seul.marque_sud) == (4 * 35, -35)


def test_tous_passent_in_one_tap_when_the_tournament_counts_it(table_client, table):
    table.position.tournament.counts_all_pass = True
    table.position.tournament.save()
    assert "Tous passent" in sheet_html(table_client, table)

    response = post_deal(table_client, table, 1, {"all_pass": "1"})

    assert response.status_code == 302
    deal = Deal.objects.get(table=table)
    assert deal.all_pass and deal.marques() == {"N": 0, "E": 0, "S": 0, "O": 0, "C": None}


def test_tous_passent_is_refused_where_the_deal_is_redealt(table_client, table):
    assert "Tous passent" not in sheet_html(table_client, table)

    response = post_deal(table_client, table, 1, {"all_pass": "1"})

    assert response.status_code == 422
    assert "redistribuée" in response.content.decode()
    assert not Deal.objects.exists()


def test_the_preview_shows_the_marques_and_why(table_client, table):
    response = table_client.post(
        f"/tables/{table.pk}/apercu/", {"number": 1, **fft_example.POSTS[0]}, **HTMX
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert "+318" in html and "−106" in html
    assert "il faut 41 points" in html
    assert "(25 + 8) × 2 = +66" in html
    assert "Petit au bout à l&#x27;attaque : 10 × 2 = +20" in html
    assert "Poignée simple (Joueur2 P.) : +20" in html
    assert not Deal.objects.exists()


def test_the_preview_shows_the_rule_that_refuses_the_deal(table_client, table):
    fields = {**fft_example.POSTS[0], "points": "92"}

    response = table_client.post(f"/tables/{table.pk}/apercu/", {"number": 1, **fields}, **HTMX)

    assert "entre 0 et 91" in response.content.decode()


def test_the_preview_of_a_bid_says_the_result_follows(table_client, table):
    fields = {"number": 1, "taker": "N", "contract": "garde"}

    response = table_client.post(f"/tables/{table.pk}/apercu/", fields, **HTMX)

    assert "le résultat sera saisi après la donne" in response.content.decode()


# --- Bad input never costs what was typed -------------------------------------------------


def test_points_out_of_range_come_back_with_the_values_and_a_french_message(table_client, table):
    fields = {**fft_example.POSTS[0], "points": "95"}

    response = post_deal(table_client, table, 1, fields)

    html = response.content.decode()
    assert response.status_code == 422
    assert "doivent être compris entre 0 et 91" in html
    assert 'value="95"' in html
    assert 'value="E" checked' in html or 'value="E"\n' not in html
    assert 'name="taker" value="E"' in html and "checked" in html
    assert not Deal.objects.exists()


def test_a_refused_deal_through_htmx_is_swapped_in_with_status_200(table_client, table):
    fields = {**fft_example.POSTS[0], "points": "95"}

    response = post_deal(table_client, table, 1, fields, **HTMX)

    assert response.status_code == 200
    assert "doivent être compris entre 0 et 91" in response.content.decode()


def test_a_half_point_at_four_players_is_refused_beside_the_points(table_client, table):
    fields = {**fft_example.POSTS[0], "points": "49,5"}

    response = post_deal(table_client, table, 1, fields)

    assert response.status_code == 422
    assert "À 4 joueurs les points de l&#x27;attaque sont toujours entiers" in (
        response.content.decode()
    )


def test_points_the_bouts_cannot_go_with_are_refused_keeping_what_was_typed(table_client, table):
    fields = {**fft_example.POSTS[0], "bouts": "3", "points": "5"}

    response = post_deal(table_client, table, 1, fields)

    html = response.content.decode()
    assert response.status_code == 422
    assert "Avec 3 bouts, l&#x27;attaque a au moins 13,5 points." in html
    assert 'value="5"' in html
    assert re.search(r'name="bouts" value="3"[^>]*checked', html)
    assert not Deal.objects.exists()


def test_defence_points_that_leave_the_attack_too_many_for_its_bouts_are_refused(
    table_client, table
):
    fields = {**fft_example.POSTS[0], "bouts": "0", "points": "6", "points_for": "defense"}

    response = post_deal(table_client, table, 1, fields)

    assert response.status_code == 422
    assert "Sans bout, l&#x27;attaque a au plus 77,5 points." in response.content.decode()
    assert not Deal.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"points": "dix"}, "Les points sont un nombre"),
        ({"bouts": "4"}, "Sélectionnez un choix valide"),
        ({"bouts": ""}, "Indiquez le nombre de bouts"),
        ({"petit_au_bout": "defense", "chelem": "announced_made", "points": "87"}, "aucun pli"),
        ({"poignee_N": "triple", "poignee_S": "double"}, "le jeu n&#x27;en a que 22"),
        ({"contract": "garde_moyenne"}, "Sélectionnez un choix valide"),
    ],
)
def test_each_bad_input_gets_its_french_message(table_client, table, fields, message):
    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], **fields})

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Deal.objects.exists()


def test_a_taker_not_at_the_table_is_refused(table_client, table):
    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "taker": "C"})

    assert response.status_code == 422
    assert "C n’en fait pas partie." in response.content.decode()
    assert not Deal.objects.exists()


def test_a_partner_sent_to_a_table_of_four_is_refused(table_client, table):
    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "partner": "N"})

    assert response.status_code == 422
    assert "partenaire" in response.content.decode()
    assert not Deal.objects.exists()


def test_a_poignee_of_an_empty_seat_is_refused(table_client, table):
    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "poignee_C": "simple"})

    assert response.status_code == 422
    assert "n&#x27;est pas à la table" in response.content.decode()
    assert not Deal.objects.exists()


def test_the_phone_of_a_table_gone_gets_a_404(table_client, table):
    table.delete()

    response = post_deal(table_client, table, 1, fft_example.POSTS[0])

    assert response.status_code == 404


def test_the_service_refuses_a_taker_not_at_the_table_by_name(table):
    from common.refusals import Refused

    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=DealResult(taker="C", contract="garde"), by=TESTS)

    assert refused.value.field == "taker"


def test_a_deal_number_already_taken_is_refused_with_409(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    response = post_deal(table_client, table, 1, fft_example.POSTS[1])

    assert response.status_code == 409
    assert "La donne 1 est déjà inscrite sur cette feuille." in response.content.decode()
    assert Deal.objects.get(table=table).marque_est == 318


def test_a_deal_beyond_the_position_count_is_refused_with_400(table_client, table):
    response = post_deal(table_client, table, 6, fft_example.POSTS[0])

    assert response.status_code == 400
    assert "Une position compte 5 donnes : la donne 6 n&#x27;existe pas." in (
        response.content.decode()
    )


def test_a_deal_on_a_signed_sheet_is_refused_with_423(table_client, table):
    table.locked_at = timezone.now()
    table.save()

    response = post_deal(table_client, table, 1, fft_example.POSTS[0])

    assert response.status_code == 423
    assert "La feuille est signée" in response.content.decode()
    assert not Deal.objects.exists()


def test_a_deal_typed_when_the_sheet_was_signed_is_kept_for_the_arbitre_to_see(table_client, table):
    table.locked_at = timezone.now()
    table.save()

    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "points": "49"})

    html = response.content.decode()
    assert response.status_code == 423
    assert "Donne 1 : non enregistrée" in html
    assert '<fieldset class="kept-deal" disabled>' in html
    assert 'value="49"' in html
    assert "Enregistrer la donne" not in html


def test_a_number_taken_meanwhile_moves_what_was_typed_to_the_next_deal(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    response = post_deal(table_client, table, 1, {**fft_example.POSTS[1], "points": "45"})

    html = response.content.decode()
    assert response.status_code == 409
    assert "La donne 1 est déjà inscrite sur cette feuille." in html
    assert "Votre saisie est reportée sur la donne 2" in html
    assert 'name="number" value="2"' in html
    assert 'value="45"' in html
    assert Deal.objects.get(table=table).marque_est == 318


def test_after_the_arbitre_deletes_a_middle_deal_the_sheet_offers_that_number(
    table_client, arbitre_client, table
):
    for number, fields in enumerate(fft_example.POSTS[:3], start=1):
        post_deal(table_client, table, number, fields)
    arbitre_client.post(f"/tables/{table.pk}/donnes/2/supprimer/", {"version": 1})

    html = sheet_html(table_client, table)

    assert 'name="number" value="2"' in html


def test_a_deal_sent_after_a_gap_moves_to_the_number_missing(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])

    response = post_deal(table_client, table, 3, {**fft_example.POSTS[2], "points": "44"})

    html = response.content.decode()
    assert response.status_code == 409
    assert "La donne 2 n&#x27;est pas inscrite" in html
    assert 'name="number" value="2"' in html
    assert 'value="44"' in html
    assert list(table.deals.values_list("number", flat=True)) == [1]


def test_a_phone_whose_position_closed_sees_the_sheet_the_reason_and_what_it_typed(
    table_client, table
):
    table.position.closed_at = timezone.now()
    table.position.save(update_fields=["closed_at"])

    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "points": "49"}, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert response["HX-Reswap"].startswith("innerHTML")
    assert "La position est close" in html
    assert "Donne 1 : non enregistrée" in html
    assert 'value="49"' in html
    assert not Deal.objects.exists()


def test_tous_passent_refused_through_htmx_is_swapped_in_with_its_message(table_client, table):
    response = post_deal(table_client, table, 1, {"all_pass": "1"}, **HTMX)

    assert response.status_code == 200
    assert response["HX-Reswap"].startswith("innerHTML")
    assert "redistribuée" in response.content.decode()


def test_a_phone_is_not_offered_a_correction_on_a_signed_sheet(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[0])
    table.locked_at = timezone.now()
    table.save()

    response = table_client.get(f"/tables/{table.pk}/donnes/1/", follow=True)

    assert response.redirect_chain == [(f"/tables/{table.pk}/", 302)]
    assert "seul l&#x27;arbitre peut encore la modifier" in response.content.decode()


def test_a_missing_deal_number_is_named_not_a_server_error(table_client, table):
    response = table_client.post(f"/tables/{table.pk}/donnes/nouvelle/", fft_example.POSTS[0])

    assert response.status_code == 422
    assert "Numéro de donne" in response.content.decode()


def test_the_taker_cannot_call_himself_as_partner(client, table_of_five):
    grant(client, table_of_five)
    fields = {"taker": "N", "contract": "prise", "bouts": "2", "points": "51", "partner": "N"}

    response = post_deal(client, table_of_five, 1, fields)

    assert response.status_code == 422
    assert "son propre partenaire" in response.content.decode()


def test_at_five_with_a_mort_the_mort_marks_zero(client, table_of_five):
    tournament = table_of_five.position.tournament
    tournament.five_mode = "mort"
    tournament.save()
    grant(client, table_of_five)
    fields = {"taker": "N", "contract": "prise", "bouts": "2", "points": "51", "sitting_out": "C"}

    response = post_deal(client, table_of_five, 1, fields)

    assert response.status_code == 302
    deal = Deal.objects.get(table=table_of_five)
    assert deal.marque_cinquieme == 0 and deal.marque_nord == 3 * 35


def test_at_five_with_a_mort_the_mort_must_be_named(client, table_of_five):
    tournament = table_of_five.position.tournament
    tournament.five_mode = "mort"
    tournament.save()
    grant(client, table_of_five)
    fields = {"taker": "N", "contract": "prise", "bouts": "2", "points": "51"}

    response = post_deal(client, table_of_five, 1, fields)

    assert response.status_code == 422
    assert "indiquez le joueur qui ne joue pas" in response.content.decode()


def test_a_chelem_announced_at_the_bidding_needs_its_outcome_with_the_result(table_client, table):
    post_deal(table_client, table, 1, {"taker": "S", "contract": "garde", "chelem_announced": "on"})
    bid = Deal.objects.get(table=table)
    assert bid.chelem_announced
    played = {**fft_example.POSTS[4], "chelem": "", "chelem_announced": "on", "version": 1}

    response = post_deal(table_client, table, 1, played)

    assert response.status_code == 422
    assert "indiquez s&#x27;il est réalisé ou chuté" in response.content.decode()
    assert not Deal.objects.get(table=table).is_played


def test_a_chelem_announced_and_made_is_an_announced_chelem(table_client, table):
    post_deal(table_client, table, 1, fft_example.POSTS[4])

    assert Deal.objects.get(table=table).chelem_announced


def test_a_reason_nobody_asked_for_is_refused_with_its_message(table_client, table):
    response = post_deal(table_client, table, 1, {**fft_example.POSTS[0], "reason": "x" * 400})

    assert response.status_code == 422
    assert "Motif de la correction : " in response.content.decode()
    assert not Deal.objects.exists()
