"""The start of a benchmark: Django set up on a throwaway SQLite file, or on ``DATABASE_URL``.

Imported first by a benchmark run as ``.venv/bin/python bench/<name>.py`` (this folder is then
on the path); the project's modules are imported after ``setup_django``.
"""

import os
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# BENCH_SIZE=small: each bench runs once at a small size (CI does, so that none rots); its
# figures are printed, its targets (set for the full size) are not held against it.
SMALL = os.environ.get("BENCH_SIZE") == "small"


def sized(full, small):
    """``full``, or ``small`` when the bench runs at a small size."""
    return small if SMALL else full


CONFLICT_WORDS = "Une autre modification est arrivée au même moment"
CUT_WORDS = "La connexion à la base de données a été coupée"


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0
    server_errors: int = 0
    conflicts_shown: int = 0
    cuts_shown: int = 0
    closed_waits: int = 0
    signed: int = 0
    arbitre_actions: dict = field(default_factory=dict)
    public_reads: int = 0
    retried: int = 0
    unanswered: int = 0
    acknowledged: set = field(default_factory=set)
    acknowledged_on_retry: set = field(default_factory=set)
    refused: list = field(default_factory=list)

    def count(self, status: int | None, text: str = "") -> None:
        with self.lock:
            self.requests += 1
            if status is not None and status >= 500:
                self.server_errors += 1
            self.conflicts_shown += CONFLICT_WORDS in text
            self.cuts_shown += CUT_WORDS in text

    def acted(self, action: str, status: int | None) -> None:
        with self.lock:
            key = f"{action} {status}"
            self.arbitre_actions[key] = self.arbitre_actions.get(key, 0) + 1


def outcome(missed: bool) -> int:
    """The exit status: 1 when a target is missed, but at a small size, where targets are
    not held (the run itself, to its end, is what is checked)."""
    if SMALL:
        print("(taille réduite : les cibles, fixées pour la taille réelle, ne comptent pas)")
        return 0
    return 1 if missed else 0


def setup_django(name: str) -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    if "DATABASE_URL" not in os.environ:
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / f"{name}.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
    import django

    django.setup()


PLACES = ("N", "E", "S", "O")
MARQUES = {"N": "marque_nord", "E": "marque_est", "S": "marque_sud", "O": "marque_ouest"}


def club_evening(club, arbitre, day, players, *, positions: int, deals: int, name: str = ""):
    """A published evening of ``club`` on ``day`` (« Soirée du … » unless ``name``), with
    ``players`` registered and present, numbered from 1: the tournament and its
    registrations, no position seated yet."""
    from tournaments.models import Registration, Tournament

    tournament = Tournament.objects.create(
        name=name or f"Soirée du {day:%d/%m/%Y}",
        date=day,
        positions_count=positions,
        deals_per_position=deals,
        arbitre=arbitre,
        club=club,
        published=True,
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, number=n + 1, checked_in=True)
        for n, p in enumerate(players)
    )
    return tournament, registrations


def play_position(position, registrations, *, deals: int, rng, code=None) -> None:
    """Seat ``registrations`` at tables of 4 in a shuffled order, and store ``deals`` prises
    at each table (won 6 times in 10: the taker +87 and each defender −29, or the reverse)
    and a penalty on the first seated; ``code(t)`` names table t's code when given.

    Written straight to the database (bulk inserts), so that a benchmark builds a large event
    in seconds; the marques are those the rules give, and each deal sums to zero.
    """
    from tournaments.models import Deal, Penalty, Seat, Table

    order = list(registrations)
    rng.shuffle(order)
    tables = Table.objects.bulk_create(
        Table(position=position, number=t + 1, **({"code": code(t + 1)} if code else {}))
        for t in range(len(order) // 4)
    )
    Seat.objects.bulk_create(
        Seat(position=position, table=table, place=place, registration=order[t * 4 + i])
        for t, table in enumerate(tables)
        for i, place in enumerate(PLACES)
    )
    rows = []
    for table in tables:
        for number in range(1, deals + 1):
            taker = rng.choice(PLACES)
            won = rng.random() < 0.6
            sign = 1 if won else -1
            rows.append(
                Deal(
                    table=table,
                    number=number,
                    taker=taker,
                    contract="prise",
                    bouts=1,
                    points=55 if won else 47,
                    **{MARQUES[place]: sign * (87 if place == taker else -29) for place in PLACES},
                )
            )
    Deal.objects.bulk_create(rows)
    Penalty.objects.create(
        registration=order[0],
        position=position,
        points=10,
        reason="Retard",
        arbitre=position.tournament.arbitre,
    )
