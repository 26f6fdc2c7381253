"""Benchmark of the write path: a table's deal save against a bare insert, and the sheet's pages.

Run from the project folder: ``.venv/bin/python bench/write_bench.py``. It builds a throwaway
SQLite database (a temporary file), or works in the database of ``DATABASE_URL`` in a
tournament it deletes afterwards: position 1 of 100 tables of 4 (400 players), each table's
device let in with its code, one client per table, as in the room.

It then runs, alternately and many times in this one process:

- the real save: the POST of the deal form to ``/tables/<id>/donnes/nouvelle/``, with the
  table's device access, as a phone without htmx sends it (answered by a redirect); each
  table enters its deals 1, 2, 3… in turn, the way a room does;
- a bare view (mounted for the run only) that parses the same fields with a Django Form and
  inserts one row: the floor of a write through Django in this process.

It prints their medians, the ratio of the medians and the queries of each (the save's target:
at most 3 times the bare insert, in at most 12 queries), the same save as htmx sends it (the
sheet comes back), and the medians of the sheet page, the live marques (the preview) and the
arbitre's room of the 100-table position. It exits with status 1 when a target is missed.
With ``SHOW_QUERIES=1`` it also prints the SQL of each counted request.
"""

from __future__ import annotations

import datetime
import os
import random
import statistics
import sys
import time
import types
import uuid

from benchsetup import setup_django

setup_django("write-bench")

from django import forms  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse, HttpResponseRedirect  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import include, path  # noqa: E402

from clubs.models import Club, Player  # noqa: E402
from common.actors import Actor  # noqa: E402
from tournaments.choices import Camp, Chelem, Contract, Place, PoigneeSize  # noqa: E402
from tournaments.models import Deal, Position, Registration, Table, Tournament  # noqa: E402
from tournaments.services.seating import seat_position  # noqa: E402

SCRIPT = Actor.running("write_bench")
TABLES = 100
ROUNDS = 3  # deals 1, 2, 3 of every table: 300 saves and 300 bare inserts
PAGE_RUNS = 15
RATIO = 3.0
SAVE_QUERIES = 12
PLACES = ["N", "E", "S", "O"]
CONTRACTS = ["prise", "garde", "garde", "garde_sans", "garde_contre"]


# --- The bare view -----------------------------------------------------------------------


def _choice(choices) -> forms.ChoiceField:
    return forms.ChoiceField(choices=choices, required=False)


class BareDealForm(forms.Form):
    """The fields the deal form posts, parsed by Django's own fields, no rule of the game."""

    number = forms.IntegerField()
    version = forms.IntegerField(required=False)
    submission_id = forms.UUIDField(required=False)
    taker = _choice(Place.choices)
    contract = _choice(Contract.choices)
    bouts = forms.TypedChoiceField(choices=[(str(n), str(n)) for n in range(4)], coerce=int)
    points = forms.DecimalField(max_digits=3, decimal_places=1, required=False)
    points_for = _choice(Camp.choices)
    petit_au_bout = _choice([("", ""), *Camp.choices])
    chelem = _choice([("", ""), *Chelem.choices])
    chelem_announced = forms.BooleanField(required=False)
    reason = forms.CharField(required=False, max_length=300)
    poignee_N = _choice([("", ""), *PoigneeSize.choices])
    poignee_E = _choice([("", ""), *PoigneeSize.choices])
    poignee_S = _choice([("", ""), *PoigneeSize.choices])
    poignee_O = _choice([("", ""), *PoigneeSize.choices])


BARE_COLUMNS = ("number", "taker", "contract", "bouts", "points", "petit_au_bout", "submission_id")


def bare_insert(request, table_id: int) -> HttpResponse:
    """Parse the posted deal with a Form and insert it as one row (no history, no rule)."""
    form = BareDealForm(request.POST)
    if not form.is_valid():
        return HttpResponse(form.errors.as_text(), status=422)
    typed = {name: form.cleaned_data[name] for name in BARE_COLUMNS}
    typed["petit_au_bout"] = typed["petit_au_bout"] or None
    marques = {"marque_nord": 30, "marque_est": -10, "marque_sud": -10, "marque_ouest": -10}
    # One statement: bulk_create sends no signal, so no historical row is written.
    Deal.objects.bulk_create([Deal(table_id=table_id, **typed, **marques)])
    return HttpResponseRedirect(f"/tables/{table_id}/")


BENCH_URLS = types.ModuleType("write_bench_urls")
BENCH_URLS.urlpatterns = [
    path("banc-d-essai/tables/<int:table_id>/insertion/", bare_insert),
    path("", include(settings.ROOT_URLCONF)),
]


# --- The room ----------------------------------------------------------------------------


def build(arbitre) -> tuple[Tournament, list[Table], Table]:
    """Position 1 with 100 tables of 4, and one more table (position 2) for the bare inserts."""
    rng = random.Random(12)
    tournament = Tournament.objects.create(
        name="Banc d'essai de la saisie",
        date=datetime.date(2026, 11, 23),
        positions_count=5,
        deals_per_position=5,
        arbitre=arbitre,
        club=Club.objects.get_or_create(name="Club du banc d'essai")[0],
        published=True,
    )
    players = Player.objects.bulk_create(
        Player(last_name=f"Joueur{n:03d}", first_name=rng.choice(["Anne", "Luc", "Hélène"]))
        for n in range(TABLES * 4)
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, number=number, checked_in=True)
        for number, player in enumerate(players, start=1)
    )
    position = Position.objects.create(tournament=tournament, number=1)
    tables = seat_position(
        position=position,
        tables=[registrations[i : i + 4] for i in range(0, len(registrations), 4)],
        by=SCRIPT,
    )
    spare = Position.objects.create(tournament=tournament, number=2)
    bare_table = seat_position(position=spare, tables=[registrations[:4]], by=SCRIPT)[0]
    return tournament, tables, bare_table


def random_deal(rng: random.Random) -> dict:
    """A deal as the form posts it: its taker, contract, bouts, points, now and then a prime."""
    fields = {
        "taker": rng.choice(PLACES),
        "contract": rng.choice(CONTRACTS),
        "bouts": str(rng.randint(0, 3)),
        "points": str(rng.randint(20, 70)),
        "points_for": "attack",
        "petit_au_bout": rng.choice(["", "", "attack", "defense"]),
        "chelem": "",
        "submission_id": str(uuid.uuid4()),
    }
    if rng.random() < 0.3:
        fields[f"poignee_{rng.choice(PLACES)}"] = "simple"
    return fields


def device(table: Table) -> Client:
    """A phone of the table: it typed the table's code once."""
    client = Client(HTTP_HOST="127.0.0.1")
    response = client.post(f"/tables/{table.pk}/acces/", {"code": table.code})
    if response.status_code != 302:
        raise SystemExit(f"table {table.number}: code refused ({response.status_code})")
    return client


def timed(action) -> tuple[float, object]:
    start = time.perf_counter()
    response = action()
    return time.perf_counter() - start, response


def expect(response, status: int, label: str):
    if response.status_code != status:
        raise SystemExit(f"{label}: HTTP {response.status_code}\n{response.content[:2000]!r}")
    return response


def count_queries(action) -> int:
    with CaptureQueriesContext(connection) as queries:
        action()
    if os.environ.get("SHOW_QUERIES"):
        for query in queries.captured_queries:
            print("   ", query["sql"][:160])
    return len(queries.captured_queries)


def run_saves(tables, devices, bare_table, rng) -> dict:
    """The real save and the bare insert, alternately, each table entering its next deal."""
    saves, bares, bare_number = [], [], 0
    counts = {}
    for number in range(1, ROUNDS + 1):
        for table, client in zip(tables, devices, strict=True):
            fields = {"number": number, **random_deal(rng)}
            bare_number += 1
            bare_fields = {**fields, "number": bare_number, "submission_id": str(uuid.uuid4())}
            url = f"/tables/{table.pk}/donnes/nouvelle/"
            bare_url = f"/banc-d-essai/tables/{bare_table.pk}/insertion/"
            if number == ROUNDS and table is tables[-1]:
                # The last one of each is counted, not timed.
                counts["save"] = count_queries(
                    lambda u=url, c=client, f=fields: expect(c.post(u, f), 302, "enregistrement")
                )
                counts["bare"] = count_queries(
                    lambda u=bare_url, c=client, f=bare_fields: expect(c.post(u, f), 302, "nu")
                )
                continue
            seconds, response = timed(lambda u=url, c=client, f=fields: c.post(u, f))
            expect(response, 302, f"enregistrement, table {table.number}")
            saves.append(seconds)
            seconds, response = timed(lambda u=bare_url, c=client, f=bare_fields: c.post(u, f))
            expect(response, 302, "insertion nue")
            bares.append(seconds)
    return {"save": saves, "bare": bares, "counts": counts}


def run_htmx_saves(tables, devices, rng) -> tuple[float, int]:
    """Deal 4 of each table as htmx sends it: saved, and the sheet comes back to swap in."""
    times, count = [], 0
    for table, client in zip(tables, devices, strict=True):
        fields = {"number": ROUNDS + 1, **random_deal(rng)}
        url = f"/tables/{table.pk}/donnes/nouvelle/"

        def post(u=url, c=client, f=fields):
            return expect(c.post(u, f, headers={"HX-Request": "true"}), 200, "htmx")

        if table is tables[-1]:
            count = count_queries(post)
        else:
            times.append(timed(post)[0])
    return statistics.median(times), count


def page(label: str, action, status: int = 200) -> tuple[str, float, int]:
    expect(action(), status, label)  # warm-up: templates loaded
    count = count_queries(lambda: expect(action(), status, label))
    times = [timed(action)[0] for _ in range(PAGE_RUNS)]
    return label, statistics.median(times), count


def run_pages(tournament, tables, devices, arbitre) -> list[tuple[str, float, int]]:
    table, client = tables[0], devices[0]
    preview = {"number": 5, **random_deal(random.Random(5))}
    arbitre_client = Client(HTTP_HOST="127.0.0.1")
    arbitre_client.force_login(arbitre)
    room = f"/arbitre/tournois/{tournament.pk}/positions/1/salle/"
    return [
        page("feuille (4 donnes)", lambda: client.get(f"/tables/{table.pk}/")),
        page(
            "marques en direct (aperçu, htmx)",
            lambda: client.post(
                f"/tables/{table.pk}/apercu/", preview, headers={"HX-Request": "true"}
            ),
        ),
        page(f"salle de l'arbitre ({TABLES} tables)", lambda: arbitre_client.get(room)),
    ]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def main() -> int:
    settings.ROOT_URLCONF = BENCH_URLS
    call_command("migrate", verbosity=0)
    cache.clear()
    arbitre, _ = get_user_model().objects.get_or_create(username="banc-d-essai-saisie")
    start = time.perf_counter()
    tournament, tables, bare_table = build(arbitre)
    try:
        devices = [device(table) for table in tables]
        print(f"Base : {connection.vendor}. {TABLES} tables de 4, {TABLES} téléphones"
              f" (construit en {time.perf_counter() - start:.1f} s)")  # fmt: skip
        rng = random.Random(23)
        saves = run_saves(tables, devices, bare_table, rng)
        htmx_median, htmx_count = run_htmx_saves(tables, devices, rng)
        pages = run_pages(tournament, tables, devices, arbitre)
    finally:
        players = Player.objects.filter(registrations__tournament=tournament)
        player_ids = list(players.values_list("pk", flat=True))
        tournament.delete()
        Player.objects.filter(pk__in=player_ids).delete()
    save_median = statistics.median(saves["save"])
    bare_median = statistics.median(saves["bare"])
    ratio = save_median / bare_median
    counts = saves["counts"]
    print(f"Enregistrement d'une donne (POST du formulaire) : {ms(save_median)}"
          f"  {counts['save']:3d} requêtes  (médiane de {len(saves['save'])})")  # fmt: skip
    print(f"Vue nue : formulaire + une insertion            : {ms(bare_median)}"
          f"  {counts['bare']:3d} requêtes  (médiane de {len(saves['bare'])})")  # fmt: skip
    print(f"Rapport enregistrement / vue nue                : {ratio:7.2f}"
          f"  (cible ≤ {RATIO:.0f} et ≤ {SAVE_QUERIES} requêtes)")  # fmt: skip
    print(f"Enregistrement htmx (la feuille revient)        : {ms(htmx_median)}"
          f"  {htmx_count:3d} requêtes")  # fmt: skip
    for label, median, count in pages:
        print(f"{label:<48}: {ms(median)}  {count:3d} requêtes")
    if ratio > RATIO or counts["save"] > SAVE_QUERIES:
        print("Cible manquée.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
