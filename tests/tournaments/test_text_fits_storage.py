"""Every text a form accepts fits where it is stored (issue 23, item 1).

A form's ``max_length`` is a promise: whatever the form lets through, the service stores
whole, whatever column it lands in (the position's history kept « Clôture forcée : <motif> »
in a column of 100 characters, while the form allowed a motif of 300: PostgreSQL refused it
with a 500). SQLite does not bound its text columns, so the tests look for themselves: after
each form is posted at its maximum length, no text column of any table (historical ones
included) holds more than its model allows.

The walk over the forms below fails when a form gains a text field that no test here posts
at its maximum length, or that is left out of the fields stored nowhere.
"""

import importlib
import inspect
import pkgutil

import pytest
from django import forms
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.db.models.functions import Length

import championships.forms
import tournaments.forms
from championships.forms.halls import HallForm, RoleForm
from championships.forms.stages import StageForm
from clubs.member_forms import MemberForm
from clubs.models import Member
from common.actors import Actor
from tests.at_the_table import fill_sheet, sign
from tests.factories import seat
from tournaments.forms.penalties import PenaltyForm
from tournaments.forms.positions import ClosePositionForm, ReopenPositionForm
from tournaments.forms.registrations import RegistrationEditForm, RegistrationForm, TeamForm
from tournaments.forms.seating import ApartForm, FixedTableForm, SwapForm
from tournaments.forms.sheets import DealForm
from tournaments.forms.tournaments import TournamentForm
from tournaments.models import (
    Deal,
    JournalEntry,
    Penalty,
    Position,
    Registration,
    Team,
    Tournament,
)
from tournaments.services.positions import close_position

# Text fields that are read, never stored: a search, a code compared, points parsed into a
# number, an id parsed into a UUID, poignées and misères parsed into choices, a CSV file
# carried from one page to the next (its rows bounded as every import's, test_csv_import).
NOT_STORED = {
    ("HeldRowsForm", "content"),
    ("PlayerSearchForm", "q"),
    ("TableCodeForm", "code"),
    ("DealForm", "points"),
    ("DealForm", "submission_id"),
    ("DealForm", "poignees"),
    ("DealForm", "miseres"),
}

# Every module of the tournament's forms, one an area (tournaments/forms/), the championship's
# (championships/forms/) and the members' (clubs/member_forms.py).
FORM_MODULES = [
    *(
        importlib.import_module(f"{package.__name__}.{module.name}")
        for package in (tournaments.forms, championships.forms)
        for module in pkgutil.iter_modules(package.__path__)
    ),
    importlib.import_module("clubs.member_forms"),
]


def form_text_fields() -> dict[tuple[str, str], int | None]:
    """Every CharField of every form the app declares, by form and field name: its
    ``max_length``."""
    found = {}
    for module in FORM_MODULES:
        for name, form_class in inspect.getmembers(module, inspect.isclass):
            if not issubclass(form_class, forms.BaseForm) or form_class.__module__ != (
                module.__name__
            ):
                continue
            for field_name, field in form_class.base_fields.items():
                if isinstance(field, forms.CharField):
                    found[name, field_name] = field.max_length
    return found


def overflowing_texts() -> list[str]:
    """Every stored text longer than its column allows, as « model.field: length > max »."""
    found = []
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if isinstance(field, models.CharField) and field.max_length:
                too_long = (
                    model._default_manager.annotate(_length=Length(field.attname))
                    .filter(_length__gt=field.max_length)
                    .values_list("_length", flat=True)
                )
                found += [
                    f"{model._meta.label}.{field.name}: {length} > {field.max_length}"
                    for length in too_long
                ]
    return found


def longest(form_class, field_name: str, letter: str = "é") -> str:
    """The longest text the form's field accepts, of accented letters (one character each,
    two bytes in UTF-8)."""
    return letter * form_class.base_fields[field_name].max_length


# Each form's text fields at their maximum, posted through the page that stores them.


def post_tournament(client, **_fixtures):
    fields = {name: longest(TournamentForm, name) for name in ("name", "venue", "organiser")}
    response = client.post(
        "/arbitre/tournois/nouveau/",
        {
            **fields,
            "date": "2026-12-12",
            "positions_count": 3,
            "deals_per_position": 5,
            "formula": "individuel",
            "five_mode": "appel",
            "status": "preparation",
        },
    )
    assert response.status_code == 302
    assert Tournament.objects.filter(name=fields["name"]).exists()


def post_registration(client, tournament, **_fixtures):
    form = RegistrationForm
    fields = {name: longest(form, name) for name in ("last_name", "first_name", "club")}
    fields["licence"] = "9" * form.base_fields["licence"].max_length
    response = client.post(f"/arbitre/tournois/{tournament.pk}/joueurs/", fields)
    assert response.status_code in (200, 302)
    assert Registration.objects.filter(player__last_name=fields["last_name"]).exists()


def post_registration_edit(client, tournament, registrations, **_fixtures):
    form = RegistrationEditForm
    fields = {name: longest(form, name, "ë") for name in ("last_name", "first_name", "club")}
    fields["licence"] = "8" * form.base_fields["licence"].max_length
    registration = registrations[-1]
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/joueurs/{registration.pk}/modifier/",
        {**fields, "number": registration.number},
    )
    assert response.status_code == 302
    registration.player.refresh_from_db()
    assert registration.player.last_name == fields["last_name"]


def post_team(client, tournament, **_fixtures):
    tournament.formula = "duo"
    tournament.save()
    name = longest(TeamForm, "name")
    response = client.post(f"/arbitre/tournois/{tournament.pk}/equipes/", {"name": name})
    assert response.status_code in (200, 302)
    assert Team.objects.filter(name=name).exists()


def post_forced_closing(client, tournament, table, **_fixtures):
    reason = longest(ClosePositionForm, "reason")
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/positions/1/clore/", {"force": "on", "reason": reason}
    )
    assert response.status_code == 302
    assert Position.objects.get(pk=table.position_id).close_reason == reason


def post_reopening(client, tournament, table, arbitre, **_fixtures):
    close_position(position=table.position, by=Actor.arbitre(arbitre), force=True, reason="Fin")
    reason = longest(ReopenPositionForm, "reason")
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/positions/1/rouvrir/", {"reason": reason}
    )
    assert response.status_code == 302
    assert Position.objects.get(pk=table.position_id).closed_at is None


def post_penalty(client, tournament, table, **_fixtures):
    reason = longest(PenaltyForm, "reason")
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/penalites/",
        {"number": 1, "position": table.position.number, "points": 20, "reason": reason},
    )
    assert response.status_code in (200, 302)
    assert Penalty.objects.get().reason == reason


def post_hall(client, tournament, **_fixtures):
    name = longest(HallForm, "name")
    url = f"/arbitre/tournois/{tournament.pk}/salles/"
    response = client.post(url, {"name": name, "first_table": 1, "last_table": 9})
    assert response.status_code == 302
    assert tournament.halls.get().name == name


def post_stage(client, tournament, **_fixtures):
    name = longest(StageForm, "name")
    url = f"/arbitre/tournois/{tournament.pk}/phases/"
    response = client.post(url, {"nouvelle-name": name, "nouvelle-positions_count": 1})
    assert response.status_code == 302
    assert tournament.stages.get().name == name


def post_role(client, tournament, **_fixtures):
    username = longest(RoleForm, "username")
    get_user_model().objects.create_user(username=username)
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/roles/", {"username": username, "role": "pointeur"}
    )
    assert response.status_code == 302
    assert tournament.roles.get().user.username == username


def post_signed_correction(client, table, **_fixtures):
    fill_sheet(table)
    sign(table)
    reason = longest(DealForm, "reason")
    deal = Deal.objects.get(table=table, number=1)
    response = client.post(
        f"/tables/{table.pk}/donnes/1/",
        {
            "number": 1,
            "version": deal.version,
            "taker": "N",
            "contract": "garde",
            "bouts": 2,
            "points": 50,
            "reason": reason,
        },
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.correction_reason == reason


def post_member(client, tournament, **_fixtures):
    form = MemberForm
    fields = {name: longest(form, name) for name in ("last_name", "first_name")}
    fields["licence"] = "7" * form.base_fields["licence"].max_length
    # The longest address an e-mail may have: 254 characters, 64 before the @, labels of 63.
    fields["email"] = "a" * 64 + "@" + "b" * 63 + "." + "c" * 63 + "." + "d" * 58 + ".fr"
    assert len(fields["email"]) == form.base_fields["email"].max_length
    response = client.post(f"/arbitre/clubs/{tournament.club_id}/membres/", fields)
    assert response.status_code == 302
    assert Member.objects.get(player__last_name=fields["last_name"]).email == fields["email"]


def post_swap(client, tournament, registrations, **_fixtures):
    """A swap at position 2 that seats player 2 beside player 1 again (they met at position 1's
    table 1), sent with its reason at its longest."""
    p = registrations
    tournament.positions_count = 2
    tournament.save(update_fields=["positions_count"])
    tables = seat(tournament, 2, [[p[0], p[4], p[5], p[6]], [p[1], p[2], p[3], p[7]]])
    fifth, second = (
        tables[0].seats.get(registration=p[4]),
        tables[1].seats.get(registration=p[1]),
    )
    reason = longest(SwapForm, "reason")
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/positions/2/placement/echanger/",
        {"first": fifth.pk, "second": second.pk, "reason": reason},
    )
    assert response.status_code in (200, 302)
    swapped = JournalEntry.objects.get(tournament=tournament, action="seating.swapped")
    assert swapped.after["reason"] == reason


def post_apart(client, tournament, registrations, **_fixtures):
    reason = longest(ApartForm, "reason")
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/contraintes/ecart/",
        {"first": registrations[0].pk, "second": registrations[1].pk, "reason": reason},
    )
    assert response.status_code == 302
    assert tournament.apart_pairs.get().reason == reason


def post_fixed_table(client, tournament, registrations, **_fixtures):
    reason = longest(FixedTableForm, "reason")
    response = client.post(
        f"/arbitre/tournois/{tournament.pk}/contraintes/tables/",
        {"registration": registrations[0].pk, "table": 1, "reason": reason},
    )
    assert response.status_code == 302
    assert tournament.fixed_tables.get().reason == reason


POSTS = {
    ("TournamentForm", "name"): post_tournament,
    ("TournamentForm", "venue"): post_tournament,
    ("TournamentForm", "organiser"): post_tournament,
    ("RegistrationForm", "last_name"): post_registration,
    ("RegistrationForm", "first_name"): post_registration,
    ("RegistrationForm", "licence"): post_registration,
    ("RegistrationForm", "club"): post_registration,
    ("RegistrationEditForm", "last_name"): post_registration_edit,
    ("RegistrationEditForm", "first_name"): post_registration_edit,
    ("RegistrationEditForm", "licence"): post_registration_edit,
    ("RegistrationEditForm", "club"): post_registration_edit,
    ("TeamForm", "name"): post_team,
    ("ClosePositionForm", "reason"): post_forced_closing,
    ("ReopenPositionForm", "reason"): post_reopening,
    ("PenaltyForm", "reason"): post_penalty,
    ("HallForm", "name"): post_hall,
    ("StageForm", "name"): post_stage,
    ("RoleForm", "username"): post_role,
    ("DealForm", "reason"): post_signed_correction,
    ("MemberForm", "last_name"): post_member,
    ("MemberForm", "first_name"): post_member,
    ("MemberForm", "licence"): post_member,
    ("MemberForm", "email"): post_member,
    ("SwapForm", "reason"): post_swap,
    ("ApartForm", "reason"): post_apart,
    ("FixedTableForm", "reason"): post_fixed_table,
}


def test_every_text_field_of_every_form_is_posted_at_its_maximum_here():
    assert set(form_text_fields()) == set(POSTS) | NOT_STORED


@pytest.mark.parametrize("post", sorted(set(POSTS.values()), key=lambda post: post.__name__))
def test_a_text_at_its_maximum_length_fits_where_it_is_stored(
    post, arbitre_client, arbitre, tournament, registrations, table
):
    post(
        arbitre_client,
        arbitre=arbitre,
        tournament=tournament,
        registrations=registrations,
        table=table,
    )

    assert overflowing_texts() == []


def test_an_arbitre_with_the_longest_names_fits_in_the_sheets_history(client, table):
    """The arbitre's name (150 + 150 characters in Django's accounts) names who corrected a
    deal and who reopened a sheet, in the sheet's events and the deals' history."""
    user_model = get_user_model()
    arbitre = table.position.tournament.arbitre
    arbitre.first_name = "É" * user_model._meta.get_field("first_name").max_length
    arbitre.last_name = "È" * user_model._meta.get_field("last_name").max_length
    arbitre.save()
    client.force_login(arbitre)
    fill_sheet(table)
    sign(table)

    response = client.post(f"/tables/{table.pk}/reouverture/", {"reason": "Erreur de report"})
    deal = Deal.objects.get(table=table, number=1)
    client.post(
        f"/tables/{table.pk}/donnes/1/",
        {"number": 1, "version": deal.version, "taker": "N", "contract": "garde", "bouts": 2,
         "points": 50},
    )  # fmt: skip

    assert response.status_code == 302
    assert Deal.history.filter(number=1).count() >= 2
    assert overflowing_texts() == []
