"""Benchmark of a federation's championship: three stages with cuts, over two halls.

Run from the project folder: ``.venv/bin/python bench/championship_bench.py [players]`` (2,000
by default, any field from 64 up; 64 at ``BENCH_SIZE=small``, as CI runs it, where the targets
are printed but not held). It builds the event in a throwaway SQLite file (or in the
database of ``DATABASE_URL``) with ``build_championship(players, halls)``: a « Qualification »
of 4 positions for everyone, a cut to half the field, a « Demi-finale » of 3 positions, a cut
to about an eighth of the field (a multiple of 8: 1,000 and 256 at 2,000 players), a
« Finale » of 3 positions, the halls splitting the tables evenly. Every position is seated,
published, played and closed through the services (``plan_position``, ``publish_seating``,
``record_deal``: one deal a table, a prise whose taker and points the table's number chooses;
``close_position``, forced since no phone signs); the players are registered in bulk.

It prints, against the same run, each target: seating each position (under 2 s); the repeat
meetings over the whole event (0 wherever the field allows: the report names any that remain);
the stage ranking (its page and ``classement.json``) and ``plan.json`` as their readers get
them, each under 150 ms (both are computed once per change of the tournament and shared: the
time of that computation is printed beside, as ``bench/ranking_bench.py`` does); a hall's
room at its 250 tables (under 150 ms, at 2,000 players and 2 halls); ``verify_draw`` over the
event (under 30 s). The machine's load (``os.getloadavg``) is printed before and after: every
figure is a time on the clock, which a busy machine stretches.
It exits with status 1 when a target is missed (not at ``BENCH_SIZE=small``).
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchsetup import outcome, setup_django, sized  # noqa: E402

SEATING_SECONDS = 2.0
READ_SECONDS = 0.150
VERIFY_SECONDS = 30.0


@dataclass
class Championship:
    """What ``build_championship`` built and measured."""

    tournament: object
    seating_seconds: dict[int, float] = field(default_factory=dict)
    # Per stage, the repeat meetings of its positions (over the whole event so far), with the
    # pairs that met again, and whether the stage's field made one unavoidable.
    repeats: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    build_seconds: float = 0.0


def cuts(players: int) -> tuple[int, int]:
    """Half the field, then about an eighth of it in a multiple of 8 (1,000 and 256 at 2,000)."""
    eighth = max(8, -(-players // 8 // 8) * 8)
    return players // 2, eighth


def build_championship(players: int = 2000, halls: int = 2) -> Championship:
    """The championship, every stage seated, played and closed through the services."""
    from fractions import Fraction

    from django.contrib.auth import get_user_model

    from championships.services.halls import add_hall
    from championships.services.stages import add_stage, update_stage
    from clubs.models import Club, Player
    from common.actors import Actor
    from tournaments.models import Registration, Tournament

    if players < 64:
        raise ValueError("Un championnat de banc d'essai compte 64 joueurs au moins.")
    started = time.perf_counter()
    arbitre, _ = get_user_model().objects.get_or_create(username="banc-championnat")
    club, _ = Club.objects.get_or_create(name="Comité du banc d'essai")
    club.arbitres.add(arbitre)
    by = Actor.arbitre(arbitre)
    tournament = Tournament.objects.create(
        name=f"Championnat de banc d'essai ({players} joueurs)",
        date="2026-11-22",
        positions_count=10,
        deals_per_position=1,
        arbitre=arbitre,
        club=club,
        published=True,
    )
    people = Player.objects.bulk_create(
        Player(last_name=f"Joueur{n:04d}", first_name="Prénom", licence=f"9{players}{n:05d}")
        for n in range(players)
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, number=n + 1, checked_in=True)
        for n, p in enumerate(people)
    )
    tables = -(-players // 4)
    per_hall = -(-tables // halls)
    for index in range(halls):
        add_hall(
            tournament=tournament,
            name=f"Salle {chr(ord('A') + index)}",
            first_table=index * per_hall + 1,
            last_table=(index + 1) * per_hall,
            by=by,
        )
    half, eighth = cuts(players)
    stages = [
        add_stage(tournament=tournament, name="Qualification", positions_count=4, by=by),
        add_stage(tournament=tournament, name="Demi-finale", positions_count=3, by=by),
        add_stage(
            tournament=tournament,
            name="Finale",
            positions_count=3,
            carry_over=Fraction(1, 2),
            by=by,
        ),
    ]
    for stage, cut in zip(stages, (half, eighth), strict=False):
        update_stage(
            stage=stage,
            name=stage.name,
            positions_count=stage.positions_count,
            cut=cut,
            carry_over=stage.carry_over,
            by=by,
        )
    championship = Championship(tournament=tournament)
    for number in range(1, 11):
        championship.seating_seconds[number] = play_position(tournament, number, by=by)
    championship.repeats = repeats_by_stage(tournament)
    championship.build_seconds = time.perf_counter() - started
    return championship


def play_position(tournament, number: int, *, by) -> float:
    """Seat position ``number`` (timed), publish it, record one deal at each table, close it."""
    from championships.services.draws import commit_draw, enter_room_seed
    from tournaments.deal_scoring import DealResult
    from tournaments.services.deals import record_deal
    from tournaments.services.positions import close_position
    from tournaments.services.seating import plan_position, publish_seating

    commit_draw(tournament=tournament, number=number, by=by)
    enter_room_seed(tournament=tournament, number=number, room_seed="425163", by=by)
    start = time.perf_counter()
    position = plan_position(tournament=tournament, number=number, by=by)
    seconds = time.perf_counter() - start
    publish_seating(position=position, by=by)
    for table in position.tables.prefetch_related("seats"):
        places = [seat.place for seat in table.seats.all()]
        taker = places[(table.number + number) % len(places)]
        # Points from 31 to 70 with 1 bout (51 to make): marques that differ from table to
        # table, as a room's do, so that few players tie at a cut.
        points = 31 + (table.number * 13 + number * 7) % 40
        result = DealResult(taker=taker, contract="prise", bouts=1, points=points)
        record_deal(table=table, number=1, result=result, by=by)
    close_position(
        position=position,
        by=by,
        force=True,
        reason="Banc d'essai : sans signature",
        despite_calls=True,
    )
    return seconds


UNAVOIDABLE: set[str] = set()


def repeats_by_stage(tournament) -> dict[str, list[tuple[int, int, int]]]:
    """For each stage, the pairs its positions seat together again (counting every earlier
    position of the event): (first, second, times met), by participant number. A stage's
    repeats are marked unavoidable (``UNAVOIDABLE`` holds its name) when, at one of its
    positions, a player had already met all but fewer of that position's players than their
    table needed: no seating could then have spared them a repeat."""
    from championships.selectors.stages import tournament_stages
    from tournaments.models import Seat

    tables: dict[int, dict[int, list[int]]] = {}
    for position, table, number in Seat.objects.filter(position__tournament=tournament).values_list(
        "position__number", "table__number", "registration__number"
    ):
        tables.setdefault(position, {}).setdefault(table, []).append(number)
    met: dict[tuple[int, int], int] = {}
    opponents: dict[int, set[int]] = {}
    found: dict[str, list[tuple[int, int, int]]] = {}
    for span in tournament_stages(tournament):
        repeated: dict[tuple[int, int], int] = {}
        for number in span.positions:
            seated_tables = list(tables.get(number, {}).values())
            if _cornered(seated_tables, opponents):
                UNAVOIDABLE.add(span.name)
            for seated in seated_tables:
                for first, second in itertools.combinations(sorted(seated), 2):
                    met[(first, second)] = met.get((first, second), 0) + 1
                    opponents.setdefault(first, set()).add(second)
                    opponents.setdefault(second, set()).add(first)
                    if met[(first, second)] > 1:
                        repeated[(first, second)] = met[(first, second)]
        found[span.name] = [(a, b, times) for (a, b), times in sorted(repeated.items())]
    return found


def _cornered(seated_tables: list[list[int]], opponents: dict[int, set[int]]) -> bool:
    """Whether a player of this position had met all but fewer of its players than their
    table needs."""
    field_ = {player for seated in seated_tables for player in seated}
    return any(
        len(field_) - 1 - len(opponents.get(player, set()) & field_) < len(seated) - 1
        for seated in seated_tables
        for player in seated
    )


def measure(run, repeat: int = 5) -> float:
    """The median time of ``run``, after a warm-up."""
    run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(championship: Championship) -> bool:
    """Print every figure against its target; whether every target is met."""
    from io import StringIO

    from django.core.management import call_command
    from django.test import Client

    from tournaments.exports import plan_json
    from tournaments.selectors.ranking import tournament_ranking

    tournament = championship.tournament
    ok = True

    def line(label: str, value: str, met: bool) -> None:
        nonlocal ok
        ok = ok and met
        print(f"  {label:<44} {value:>12}  {'ok' if met else 'MANQUÉ'}")

    ranking = tournament_ranking(tournament)
    print(f"Construit en {championship.build_seconds:.1f} s ; phases :")
    for stage in ranking.stages:
        cut = (
            f", coupe à {stage.span.cut} ({stage.qualified_count} qualifiés)"
            if stage.span.cut
            else ""
        )
        print(f"  {stage.span.name} : {len(stage.lines)} joueurs{cut}")
    for number, seconds in championship.seating_seconds.items():
        line(
            f"placement de la position {number} (< 2 s)",
            f"{seconds:.2f} s",
            seconds < SEATING_SECONDS,
        )
    for stage in ranking.stages:
        pairs = championship.repeats[stage.span.name]
        avoidable = stage.span.name not in UNAVOIDABLE
        label = f"rencontres répétées, {stage.span.name}"
        line(label, str(len(pairs)), not pairs or not avoidable)
        for first, second, times in pairs[:10]:
            print(f"      n° {first} et n° {second} : {times} fois ensemble")
        if len(pairs) > 10:
            print(f"      … et {len(pairs) - 10} autres paires")
        if pairs and not avoidable:
            print("      (inévitables : un joueur avait déjà rencontré presque toute sa phase)")
    client = Client(HTTP_HOST="127.0.0.1")
    base = f"/tournois/{tournament.pk}"
    seconds = measure(lambda: tournament_ranking(tournament), repeat=3)
    print(f"  classement des phases, calculé (à froid)   {seconds * 1000:8.0f} ms")
    seconds = measure(lambda: client.get(f"{base}/classement/"))
    line(
        "page du classement des phases (< 150 ms)",
        f"{seconds * 1000:.0f} ms",
        seconds < READ_SECONDS,
    )
    seconds = measure(lambda: client.get(f"{base}/classement.json"))
    line("classement.json (< 150 ms)", f"{seconds * 1000:.0f} ms", seconds < READ_SECONDS)
    seconds = measure(lambda: plan_json(tournament), repeat=3)
    print(f"  plan.json, calculé (à froid)              {seconds * 1000:8.0f} ms")
    seconds = measure(lambda: client.get(f"{base}/plan.json"))
    line("plan.json (< 150 ms)", f"{seconds * 1000:.0f} ms", seconds < READ_SECONDS)
    client.force_login(tournament.arbitre)
    hall = tournament.halls.order_by("number").first()
    tables = (
        tournament.positions.get(number=1)
        .tables.filter(number__gte=hall.first_table, number__lte=hall.last_table)
        .count()
    )
    url = f"/arbitre/tournois/{tournament.pk}/positions/1/salles/{hall.number}/"
    status = client.get(url).status_code
    seconds = measure(lambda: client.get(url))
    big = tables >= 250
    line(
        f"salle « {hall.name} », {tables} tables (< 150 ms)",
        f"{seconds * 1000:.0f} ms",
        status == 200 and (seconds < READ_SECONDS or not big),
    )
    out, err = StringIO(), StringIO()
    start = time.perf_counter()
    try:
        call_command("verify_draw", tournament.pk, stdout=out, stderr=err)
        verified = True
    except SystemExit as exit_:
        verified = exit_.code in (0, None)
    seconds = time.perf_counter() - start
    line(
        "verify_draw sur l'épreuve (< 30 s)",
        f"{seconds:.1f} s",
        verified and seconds < VERIFY_SECONDS,
    )
    print(f"  {(out.getvalue() or err.getvalue()).strip()}")
    return ok


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as ``uptime`` prints it."""
    return ", ".join(f"{average:.2f}" for average in os.getloadavg())


def main() -> int:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else sized(2000, 64)
    halls = 2
    setup_django("championship-bench")
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(f"Championnat de {players} joueurs, {halls} salles ; charge de la machine : {load()}")
    championship = build_championship(players=players, halls=halls)
    ok = report(championship)
    print(f"Charge de la machine à la fin : {load()} ({os.cpu_count()} cœurs)")
    if "DATABASE_URL" in os.environ:
        championship.tournament.delete()
    return outcome(not ok)


if __name__ == "__main__":
    sys.exit(main())
