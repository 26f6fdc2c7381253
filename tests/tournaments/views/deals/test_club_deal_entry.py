"""Entering a deal under the club's rules (docs/scoring.md §Règles du club): the misères asked
only where the rules have them, a misère refused where they do not, each prime explained."""

from tests.at_the_table import post_deal

HTMX = {"HTTP_HX_REQUEST": "true"}
PRISE_38 = {"taker": "N", "contract": "prise", "bouts": "2", "points": "38"}


def club_rules(table, **options):
    tournament = table.position.tournament
    tournament.rules = "club"
    for option, value in options.items():
        setattr(tournament, option, value)
    tournament.save()


def sheet_html(client, table) -> str:
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_the_fft_form_asks_no_misere(table_client, table):
    html = sheet_html(table_client, table)

    assert 'name="misere_S"' not in html
    assert "Misères" not in html
    assert "Règles FFT" in html


def test_the_club_form_asks_each_seat_its_miseres(table_client, table):
    club_rules(table, club_miseres=True)

    html = sheet_html(table_client, table)

    for place in "NESO":
        assert f'name="misere_{place}"' in html
    assert "Pas d&#x27;honneur" in html
    assert "Règles du club : misères" in html


def test_a_misere_sent_to_an_fft_sheet_is_refused_and_nothing_typed_is_lost(table_client, table):
    response = post_deal(table_client, table, 1, {**PRISE_38, "misere_S": "pas_d_atout"}, **HTMX)

    html = response.content.decode()
    assert "Ce tournoi se joue sans misères (Règles FFT)" in html
    assert 'value="38"' in html
    assert not table.deals.exists()


def test_the_live_marques_explain_the_individual_misere(table_client, table):
    club_rules(table, club_miseres=True, club_individual_primes=True)

    response = table_client.post(
        f"/tables/{table.pk}/apercu/",
        {"number": 1, **PRISE_38, "misere_S": "pas_d_atout"},
        **HTMX,
    )

    html = response.content.decode()
    assert "Pas d&#x27;atout (Joueur3 P.) : 3 × 10 = +30 ; chacun des autres −10" in html
    assert "−94" in html and "+58" in html


def test_a_club_deal_is_saved_with_its_misere_and_each_seat_marque(table_client, table):
    club_rules(table, club_miseres=True, club_individual_primes=True)

    post_deal(table_client, table, 1, {**PRISE_38, "misere_S": "pas_d_atout"})

    deal = table.deals.get()
    assert deal.misere_sud == "pas_d_atout"
    assert deal.marques() == {"N": -94, "E": 18, "S": 58, "O": 18, "C": None}


def test_rounding_is_explained_in_the_live_marques(table_client, table):
    club_rules(table, club_round_to_ten=True)

    response = table_client.post(
        f"/tables/{table.pk}/apercu/",
        {"number": 1, "taker": "N", "contract": "garde_sans", "bouts": "2", "points": "57"},
        **HTMX,
    )

    html = response.content.decode()
    assert "Arrondi à la dizaine : 16 compte 20." in html
    assert "Contrat : (25 + 20) × 4 = +180" in html
