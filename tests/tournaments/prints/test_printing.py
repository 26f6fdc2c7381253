"""What the printed documents show, read by tournaments.prints (no PDF)."""

from types import SimpleNamespace

import segno

from clubs.models import Player
from common.actors import Actor
from common.names import name_key
from tests import fft_example
from tests.at_the_table import TESTS, fill_sheet
from tournaments.deal_scoring import DealResult
from tournaments.models import Position, Table
from tournaments.prints.cards import cards_document, event_lines, fit_name, printed_cards
from tournaments.prints.fonts import width_mm, wrap
from tournaments.prints.layout import FIGURE_SPACE, SIGN_SPACE, figure_lines
from tournaments.prints.plan import (
    ENTRY_EXTRA,
    ENTRY_LINE,
    LETTER_HEIGHT,
    LIST_HEAD_HEIGHT,
    PAGE_HEIGHT,
    PlanEntry,
    entry_lines,
    list_pages,
    printed_plan,
)
from tournaments.prints.qr import QR_MASK, qr_drawing
from tournaments.prints.qr import qr_svg as make_qr
from tournaments.prints.sheets import PrintedDeal, printed_sheets
from tournaments.services.deals import correct_deal, record_deal
from tournaments.services.registrations import register_player
from tournaments.services.seating import seat_position


def sheet_of(table, **kwargs):
    return printed_sheets(Table.objects.filter(pk=table.pk), **kwargs)[0]


def test_a_deal_bid_then_completed_is_not_a_correction(table):
    record_deal(table=table, number=1, result=DealResult(taker="N", contract="garde"), by=TESTS)
    record_deal(table=table, number=1, result=fft_example.RESULTS[3], version=1, by=TESTS)

    sheet = sheet_of(table)

    assert [deal.corrected for deal in sheet.deals] == [False]
    assert sheet.corrections == []


def test_a_deal_changed_after_its_result_is_a_correction_with_its_last_change(table, arbitre):
    fill_sheet(table, fft_example.RESULTS[:3])
    correct_deal(table=table, number=3, version=1, result=fft_example.RESULTS[2],
                 by=Actor.arbitre(arbitre))  # fmt: skip

    sheet = sheet_of(table)

    assert [deal.corrected for deal in sheet.deals] == [False, False, True]
    assert [(c.number, c.who) for c in sheet.corrections] == [(3, "Arbitre : Anne Arbitre")]
    assert sheet.deal_numbers == "1\n2\n3*\n4\n5"


def test_a_bid_changed_before_play_is_a_correction(table):
    record_deal(table=table, number=1, result=DealResult(taker="N", contract="garde"), by=TESTS)
    correct_deal(table=table, number=1, version=1, by=TESTS,
                 result=DealResult(taker="N", contract="garde_sans"))  # fmt: skip

    assert sheet_of(table).deals[0].corrected is True


def test_the_public_copy_has_neither_code_nor_qr_code(table):
    sheet = sheet_of(table)

    assert sheet.code is None
    assert sheet.qr_svg is None
    assert sheet.layout.with_code is False


def test_the_arbitre_copy_qr_code_opens_the_table_entry_page(table):
    url = f"https://tarot.example.org/tables/{table.pk}/acces/?code={table.code}"

    sheet = sheet_of(
        table, access_url=lambda t: f"https://tarot.example.org/tables/{t.pk}/acces/?code={t.code}"
    )

    assert sheet.code == table.code
    assert sheet.qr_svg == make_qr(url)
    assert sheet.qr_svg.startswith("<svg")


def test_a_played_deal_has_its_primes_in_words(table):
    fill_sheet(table, fft_example.RESULTS)

    deals = sheet_of(table).deals

    assert deals[0].primes == "Petit au bout à l'attaque, poignée simple (Joueur2 P.)"
    assert deals[1].primes == "Petit au bout à la défense"
    assert deals[4].primes == (
        "Petit au bout à l'attaque, poignée simple (Joueur3 P.), chelem annoncé et réalisé"
    )
    assert [deal.result for deal in deals[:2]] == ["49 pts, 2 bouts", "45 pts, 2 bouts"]


def test_french_order_ignores_accents_and_case():
    names = ["Favre", "écuyer", "Dupont", "Eymard", "Ébert", "de Gaulle"]

    assert sorted(names, key=lambda name: name_key(Player(last_name=name, first_name=""))) == [
        "de Gaulle", "Dupont", "Ébert", "écuyer", "Eymard", "Favre"
    ]  # fmt: skip


def test_the_plan_lists_players_by_name_ignoring_accents(table):
    for registration, name in zip(
        table.position.tournament.registrations.all()[:4],
        ["Favre", "Écuyer", "Dupont", "Eymard"],
        strict=True,
    ):
        Player.objects.filter(pk=registration.player_id).update(last_name=name)

    plan = printed_plan(table.position)

    names = [entry.seat.registration.player.last_name for entry in plan.by_player]
    assert names[:4] == ["Dupont", "Écuyer", "Eymard", "Favre"]
    assert [entry.letter for entry in plan.by_player[:4]] == ["D", "E", "E", "F"]
    assert [len(plan_table.seats) for plan_table in plan.tables] == [4, 4]


def test_a_card_gives_each_position_seated_so_far(table, registrations):
    position = Position.objects.create(tournament=table.position.tournament, number=2)
    seat_position(position=position, tables=[registrations[4:], registrations[:4]], by=TESTS)

    cards = printed_cards(table.position.tournament, player_url=lambda n: f"https://x/joueurs/{n}/")

    first = next(card for card in cards if card.registration.number == 1)
    assert [(line.position, line.table, line.place) for line in first.lines] == [
        (1, 1, "Nord"), (2, 2, "Nord"), (3, None, "")
    ]  # fmt: skip
    assert first.url == "https://x/joueurs/1/"
    assert first.qr.matrix == segno.make_qr("https://x/joueurs/1/", error="m", mask=QR_MASK).matrix
    assert first.qr_stamp.drawing == qr_drawing(first.qr)


def test_a_card_says_its_name_then_who_then_a_line_a_position_seated_or_not_yet(
    table, registrations
):
    position = Position.objects.create(tournament=table.position.tournament, number=2)
    seat_position(position=position, tables=[registrations[4:], registrations[:4]], by=TESTS)

    cards = printed_cards(table.position.tournament, player_url=lambda n: f"https://x/joueurs/{n}/")

    first = next(card for card in cards if card.registration.number == 1)
    player = first.registration.player
    assert first.words.replace("\N{NO-BREAK SPACE}", " ").split("\n") == [
        f"{player.last_name.upper()} {player.first_name}",
        "n° 1",
        "Position 1 : table 1 · Nord",
        "Position 2 : table 2 · Nord",
        "Position 3 : pas encore placé",
    ]


def test_a_long_name_takes_a_smaller_size_on_its_card_and_is_cut_only_past_the_smallest():
    assert fit_name("MARTIN Anne") == ("", "MARTIN Anne")
    assert fit_name("ROUSSEAU-MARTIN Marie") == ("name-11", "ROUSSEAU-MARTIN Marie")
    assert fit_name("ROUSSEAU-DELACROIX Marie") == ("name-9", "ROUSSEAU-DELACROIX Marie")
    size_class, name = fit_name("DE LA ROCHEFOUCAULD-MONTMORENCY DE SAINT-AULAIRE Marie-Christine")
    assert size_class == "name-9"
    assert name.startswith("DE LA ROCHEFOUCAULD") and name.endswith("…")
    assert len(name) < 40


def test_the_cards_pages_show_a_page_of_layers_for_eight_cards_and_one_for_the_last(table):
    tournament = table.position.tournament
    cards = printed_cards(tournament, player_url=lambda n: f"https://x/joueurs/{n}/")  # 8

    context, stamps = cards_document(cards + cards[:3], tournament)

    layers = [page.layer for page in context["pages"]]
    assert [len(page.cards) for page in context["pages"]] == [8, 3]
    assert [(layer.name, layer.page) for layer in layers] == [
        ("card-layer-8", 2),
        ("card-layer-3", 3),
    ]
    assert [list(slots) for slots in context["layers"]] == [list(range(8)), [0, 1, 2]]
    assert stamps[-2:] == layers


def test_a_long_event_name_pushes_the_card_words_down_a_line():
    assert event_lines("Open de Rennes · 21 novembre 2026") == 1
    assert event_lines("Grand tournoi de la ligue · 21 novembre 2026") == 2
    assert event_lines("Championnat de Bretagne de tarot en quintette " * 3) == 4


def test_the_qr_drawing_covers_exactly_the_dark_modules():
    code = segno.make_qr("https://tarot.example.org/tables/7/acces/?code=BYE8UK", error="m")
    size = len(code.matrix)

    operators = qr_drawing(code).decode().split()
    rectangles = [operators[i : i + 5] for i in range(2, len(operators) - 1, 5)]
    drawn = {
        (int(x) + dx, size - 1 - int(y))
        for x, y, width, _height, _re in rectangles
        for dx in range(int(width))
    }
    dark = {(x, row) for row, modules in enumerate(code.matrix) for x, m in enumerate(modules) if m}
    assert operators[:2] == ["0", "g"] and operators[-1] == "f"
    assert drawn == dark


def test_once_seated_a_player_never_present_gets_no_card(table, registrations):
    absent = registrations[0].tournament.registrations.create(
        player=Player.objects.create(last_name="Absent", first_name="Jean"), number=99
    )

    cards = printed_cards(table.position.tournament, player_url=lambda n: f"https://x/{n}/")

    numbers = {card.registration.number for card in cards}
    assert absent.number not in numbers
    assert numbers == {registration.number for registration in registrations}


def test_before_any_seating_every_registered_player_gets_a_card(tournament):
    registered = register_player(
        tournament=tournament, last_name="Neuf", first_name="Léa", by=TESTS
    )

    cards = printed_cards(tournament, player_url=lambda n: f"https://x/{n}/")

    assert [card.registration for card in cards] == [registered]


def plan_entry(
    letter: str, last_name: str, number: int = 1, table: int = 100, place: str = "Cinquième"
) -> PlanEntry:
    player = SimpleNamespace(last_name=last_name, first_name="Anne")
    seat = SimpleNamespace(
        registration=SimpleNamespace(player=player, number=number),
        table=SimpleNamespace(number=table),
        get_place_display=lambda: place,
    )
    return PlanEntry(letter=letter, seat=seat)


def test_where_to_sit_stands_in_its_column_after_a_tab_on_the_plan_by_player():
    entry = plan_entry("M", "Martin", number=12, table=7, place="Sud")

    assert entry.line == "MARTIN Anne n°\N{NO-BREAK SPACE}12\ttable 7 · Sud"
    assert entry_lines(entry) == 1


def test_a_name_too_long_for_its_column_wraps_and_where_to_sit_stays_after_the_tab():
    entry = plan_entry("M", "Martin-Delacroix de Montmorency", number=12, table=7, place="Sud")

    assert (
        entry.line == "MARTIN-DELACROIX DE MONTMORENCY\nAnne n°\N{NO-BREAK SPACE}12\ttable 7 · Sud"
    )
    assert entry_lines(entry) == 2


def test_where_to_sit_goes_under_a_wrapped_name_that_reaches_the_seats_column():
    entry = plan_entry("L", "de La Rochefoucauld-Montmorency de Saint-Aulaire", table=7)

    *names, where = entry.line.split("\n")
    assert where == "\ttable 7 · Cinquième"
    assert (
        " ".join(names)
        == "DE LA ROCHEFOUCAULD-MONTMORENCY DE SAINT-AULAIRE Anne n°\N{NO-BREAK SPACE}1"
    )


def test_a_name_too_long_for_its_column_counts_as_wrapped_on_the_plan():
    assert entry_lines(plan_entry("M", "Martin")) == 1
    assert entry_lines(plan_entry("L", "de La Rochefoucauld-Montmorency de Saint-Aulaire")) >= 2


def test_the_plan_list_fills_each_column_within_its_page_every_column_with_its_letter():
    entries = [plan_entry("M", "Martin", n) for n in range(1, 101)]
    entries += [plan_entry("L", "de La Rochefoucauld-Montmorency de Saint-Aulaire" * 2, 101)]

    pages = list_pages(entries)

    columns = [column for page in pages for column in page.columns if column]
    assert [entry for column in columns for _, entry in column if entry] == entries
    assert all(column[0] == (column[1][0], None) for column in columns)
    for index, column in enumerate(columns):
        room = PAGE_HEIGHT - (LIST_HEAD_HEIGHT if index < 2 else 0)
        height = sum(
            ENTRY_LINE * entry_lines(entry) + ENTRY_EXTRA if entry else LETTER_HEIGHT
            for _, entry in column
        )
        assert height <= room
    assert len(pages) == 2 and len(pages[-1].columns) == 2


def test_figures_are_padded_to_one_width_with_figure_and_sign_spaces():
    lines = figure_lines([["+318", "−6"], ["0", ""]], size_pt=10)

    first, second = (line.split("\t") for line in lines.text.split("\n"))
    assert first == ["+318", f"{FIGURE_SPACE * 2}−6"]
    assert second == [f"{FIGURE_SPACE * 2}{SIGN_SPACE}0", f"{FIGURE_SPACE * 3}{SIGN_SPACE}"]
    assert round(lines.width, 2) == round((0.838 + 3 * 0.636) * 10 * 25.4 / 72, 2)


def printed_deal(**fields) -> PrintedDeal:
    words = {"number": 1, "taker": "Martin H.", "partner": "", "sitting_out": "",
             "contract": "Garde", "result": "49 pts, 2 bouts", "primes": "", "marques": [],
             "corrected": False}  # fmt: skip
    return PrintedDeal(**{**words, **fields})


def test_a_rows_contract_follows_its_taker_after_a_tab_on_each_line_it_takes():
    deal = printed_deal(partner="Dupont A.", contract="Garde contre")

    assert deal.taker_and_contract == "Martin H.\tGarde\navec Dupont A.\tcontre"


def test_a_taker_too_long_for_the_column_is_cut_and_a_long_mort_wrapped():
    deal = printed_deal(taker="Rochefoucauld-Montmorency A.", sitting_out="Rochefoucauld P.")

    taker, *others = deal.taker_and_contract.split("\n")
    assert taker == "Rochefoucau…\tGarde"
    assert " ".join(others) == "mort : Rochefoucauld P."
    assert all(width_mm(line, 8.5) <= 23 for line in [taker.split("\t")[0], *others])


def test_a_taker_too_long_for_the_column_is_broken_after_its_hyphen_when_the_row_holds_it():
    deal = printed_deal(taker="LEFÈVRE-DUBOIS J.", partner="Martin A.")

    assert deal.taker_and_contract_in(4) == "LEFÈVRE-\tGarde\nDUBOIS J.\navec Martin A."
    assert deal.taker_and_contract_in(2) == "LEFÈVRE-DU…\tGarde\navec Martin A."


def test_words_break_after_a_names_hyphen_but_never_in_a_signed_number():
    assert wrap("avec SAINT-GERMAIN F.", 23, 8.5) == ["avec SAINT-", "GERMAIN F."]
    assert wrap("les autres -10", 12, 8.5) == ["les", "autres", "-10"]


def test_an_all_pass_row_has_its_contract_in_the_contract_column():
    deal = printed_deal(taker="", contract="Tous passent", result="")

    assert deal.taker_and_contract == "\tTous\n\tpassent"  # wrapped to its column
    assert deal.detail == ""
