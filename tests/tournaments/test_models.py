"""What the database itself refuses, whatever code (or raw SQL) writes."""

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.db.models import RestrictedError
from django.utils import timezone

from championships.models import TournamentRole
from clubs.models import Player
from scoring import rules
from tournaments.choices import MISERE_FIELDS, POIGNEE_FIELDS, Camp, Chelem, Contract, PoigneeSize
from tournaments.models import Deal, JournalEntry, Registration, Seat, SheetEvent, Tournament


def garde_by_est(table, *, ouest: int) -> Deal:
    """The FFT example's first deal (E1), with Ouest's marque as given."""
    return Deal.objects.create(
        table=table,
        number=1,
        taker="E",
        contract="garde",
        bouts=2,
        points=49,
        marque_nord=-106,
        marque_est=318,
        marque_sud=-106,
        marque_ouest=ouest,
    )


def test_balanced_deal_is_stored(table):
    deal = garde_by_est(table, ouest=-106)

    assert Deal.objects.get(pk=deal.pk).marques()["E"] == 318


def test_pas_d_atout_with_a_poignee_for_one_seat_is_refused_by_the_database(table):
    deal = garde_by_est(table, ouest=-106)

    with (
        pytest.raises(IntegrityError, match="deal_misere_sud_no_trump_no_poignee"),
        transaction.atomic(),
    ):
        Deal.objects.filter(pk=deal.pk).update(poignee_sud="simple", misere_sud="les_deux")


def test_pas_d_honneur_with_a_poignee_for_one_seat_is_stored(table):
    deal = garde_by_est(table, ouest=-106)

    Deal.objects.filter(pk=deal.pk).update(poignee_sud="simple", misere_sud="pas_d_honneur")

    assert Deal.objects.get(pk=deal.pk).miseres() == {"S": "pas_d_honneur"}


@pytest.mark.parametrize(
    ("changes", "constraint"),
    [
        ({"homologable": True, "rules": "club"}, "tournament_homologable_plays_fft"),
        ({"club_individual_primes": True}, "tournament_club_options_need_club_rules"),
        ({"five_mode": "seul"}, "tournament_seul_contre_tous_needs_club_rules"),
    ],
)
def test_rules_that_do_not_hold_together_are_refused_by_the_database(
    tournament, changes, constraint
):
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(**changes)


def test_unbalanced_deal_is_refused_by_the_database(table):
    with pytest.raises(IntegrityError, match="deal_sums_to_zero"), transaction.atomic():
        garde_by_est(table, ouest=-105)


def test_unbalanced_deal_is_refused_even_in_raw_sql(table):
    columns = (
        "table_id, number, all_pass, taker, contract, bouts, points, chelem_announced, version, "
        "created_at, updated_at, marque_nord, marque_est, marque_sud, marque_ouest"
    )
    with (
        pytest.raises(IntegrityError, match="deal_sums_to_zero"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(
            f"INSERT INTO tournaments_deal ({columns}) VALUES "
            "(%s, 1, %s, 'E', 'garde', 2, 49, %s, 1, %s, %s, -106, 318, -106, 0)",
            [table.pk, False, False, "2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z"],
        )

    assert Deal.objects.count() == 0


def test_raw_sql_update_cannot_unbalance_a_stored_deal(table):
    deal = garde_by_est(table, ouest=-106)

    with (
        pytest.raises(IntegrityError, match="deal_sums_to_zero"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE tournaments_deal SET marque_est = 300 WHERE id = %s", [deal.pk])

    assert Deal.objects.get(pk=deal.pk).marque_est == 318


def test_a_deal_without_taker_must_be_all_pass(table):
    with pytest.raises(IntegrityError, match="deal_all_pass_or_taken"), transaction.atomic():
        Deal.objects.create(table=table, number=1, contract="garde")


def test_a_played_deal_must_have_its_marques(table):
    with pytest.raises(IntegrityError, match="deal_played_is_scored"), transaction.atomic():
        Deal.objects.create(table=table, number=1, taker="N", contract="prise", bouts=1, points=51)


def test_deal_numbers_are_unique_on_a_sheet(table):
    Deal.objects.create(table=table, number=1, taker="N", contract="prise")

    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(table=table, number=1, taker="S", contract="garde")


def test_a_player_cannot_sit_twice_in_one_position(table, registrations):
    other_table = table.position.tables.get(number=2)

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(
            position=table.position, table=other_table, place="C", registration=registrations[0]
        )


def test_two_players_cannot_share_a_seat(table, tournament):
    newcomer = Registration.objects.create(
        tournament=tournament,
        player=Player.objects.create(last_name="Neuf", first_name="N"),
        number=99,
    )

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(position=table.position, table=table, place="N", registration=newcomer)


@pytest.mark.usefixtures("registrations")
def test_participant_numbers_are_unique_in_a_tournament(tournament):
    player = Player.objects.create(last_name="Doublon", first_name="D")

    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(tournament=tournament, player=player, number=1)


@pytest.mark.usefixtures("db")
def test_a_licence_number_belongs_to_one_player():
    Player.objects.create(last_name="Un", first_name="A", licence="0123456")

    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(last_name="Deux", first_name="B", licence="0123456")


@pytest.mark.usefixtures("db")
def test_many_players_may_have_no_licence():
    Player.objects.create(last_name="Un", first_name="A")
    Player.objects.create(last_name="Deux", first_name="B")

    assert Player.objects.filter(licence="").count() == 2


@pytest.mark.usefixtures("table")
def test_a_seated_registration_cannot_be_deleted(registrations):
    with pytest.raises(RestrictedError), transaction.atomic():
        registrations[0].delete()

    assert Seat.objects.filter(registration=registrations[0]).exists()


def test_a_whole_tournament_can_be_deleted_with_its_sheets(tournament, table):
    Deal.objects.create(table=table, number=1, taker="N", contract="prise")

    tournament.delete()

    assert (Deal.objects.count(), Seat.objects.count(), Registration.objects.count()) == (0, 0, 0)


@pytest.fixture
def stored_rows(tournament, table) -> dict[type[models.Model], models.Model]:
    """One stored row of each model that has a choice column."""
    return {
        Tournament: tournament,
        Seat: table.seats.get(place="N"),
        Deal: garde_by_est(table, ouest=-106),
        SheetEvent: SheetEvent.objects.create(
            table=table, kind=SheetEvent.Kind.SIGNED, at=timezone.now(), actor="Table 1"
        ),
        JournalEntry: JournalEntry.objects.create(
            tournament=tournament,
            at=timezone.now(),
            actor_kind="script",
            actor_script="tests",
            action="tournament.created",
        ),
        TournamentRole: TournamentRole.objects.create(
            tournament=tournament,
            user=get_user_model().objects.create_user(username="pointeur"),
            role="pointeur",
        ),
    }


DEAL_CHOICE_COLUMNS = (
    "taker",
    "partner",
    "sitting_out",
    "contract",
    "petit_au_bout",
    "chelem",
    *POIGNEE_FIELDS.values(),
    *MISERE_FIELDS.values(),
)
CHOICE_COLUMNS = [
    (Tournament, "formula"),
    (Tournament, "five_mode"),
    (Tournament, "rules"),
    (Tournament, "status"),
    (TournamentRole, "role"),
    (Seat, "place"),
    *((Deal, column) for column in DEAL_CHOICE_COLUMNS),
    (SheetEvent, "kind"),
    (JournalEntry, "actor_kind"),
    (JournalEntry, "action"),
]


@pytest.mark.parametrize(
    ("model", "column"), CHOICE_COLUMNS, ids=[f"{m.__name__}.{c}" for m, c in CHOICE_COLUMNS]
)
def test_a_value_outside_the_choices_is_refused_even_in_raw_sql(stored_rows, model, column):
    row = stored_rows[model]

    # A role outside the choices also breaks the rule tying a role to its hall, which PostgreSQL
    # may check first: either constraint refuses it.
    known = f"{column}_known|tournament_role_hall" if model is TournamentRole else f"{column}_known"
    with (
        pytest.raises(IntegrityError, match=known),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"UPDATE {model._meta.db_table} SET {column} = 'X' WHERE id = %s", [row.pk])

    assert getattr(model.objects.get(pk=row.pk), column) != "X"


def tournament_models() -> list[type[models.Model]]:
    """The tournament's models and those that moved out of it (championships, notifications);
    their histories (simple-history) copy the columns, not the rules."""
    return [
        model
        for app in ("tournaments", "championships", "notifications")
        for model in apps.get_app_config(app).get_models()
        if not model._meta.model_name.startswith("historical")
    ]


def test_every_choice_column_is_checked_by_the_database():
    choice_columns = {
        (model, field.name)
        for model in tournament_models()
        for field in model._meta.concrete_fields
        if field.choices
    }

    assert choice_columns == set(CHOICE_COLUMNS)


@pytest.mark.parametrize(
    ("choices", "rule"),
    [
        (Contract, rules.Contract),
        (Camp, rules.Camp),
        (PoigneeSize, rules.PoigneeSize),
        (Chelem, rules.Chelem),
    ],
)
def test_the_model_choices_are_the_rules_own_members(choices, rule):
    assert list(zip(choices.names, choices.values, strict=True)) == [
        (member.name, member.value) for member in rule
    ]


def test_constraint_names_are_unique_across_the_app():
    names = [
        constraint.name for model in tournament_models() for constraint in model._meta.constraints
    ]

    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    "constraint",
    [constraint for model in tournament_models() for constraint in model._meta.constraints],
    ids=lambda constraint: constraint.name,
)
def test_every_constraint_says_what_it_refuses_in_a_sentence_of_its_own(constraint):
    message = str(constraint.violation_error_message)

    assert message != str(constraint.default_violation_error_message)
    assert constraint.name not in message
    assert "{" not in message and "%(" not in message
    assert message[0].isupper() and message.endswith(".")


def test_the_database_rule_a_deal_breaks_is_said_in_french(table):
    deal = Deal(table=table, number=1, taker="N", partner="N", contract="garde")

    with pytest.raises(ValidationError) as refused:
        deal.full_clean(exclude=["table"])

    assert refused.value.messages == ["Le preneur ne peut pas être son propre partenaire."]


def choice_check(name: str):
    return next(constraint for constraint in Deal._meta.constraints if constraint.name == name)


@pytest.mark.usefixtures("db")
def test_a_choice_is_checked_without_asking_the_database(django_assert_num_queries):
    with django_assert_num_queries(0), pytest.raises(ValidationError) as refused:
        choice_check("deal_contract_known").validate(Deal, Deal(contract="garde_a_vue"))

    assert refused.value.messages == [
        "Contrat inconnu : ce doit être « Prise », « Garde », « Garde sans » ou « Garde contre »."
    ]


def test_an_empty_optional_choice_passes_its_check():
    choice_check("deal_chelem_known").validate(Deal, Deal(chelem=None))
