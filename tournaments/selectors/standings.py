"""The ranking computed once per change of the tournament, not once per reader.

Every projector, every phone on the ranking page and every export reads the same ranking,
every 10 to 60 seconds; at 2,000 players it costs a few hundred milliseconds to compute and
to render. It is kept in Django's shared cache (Redis when ``REDIS_URL`` is set, so every
web process and machine shares one copy) under the tournament's **stamp**, which changes with
every write to the tournament.

The stamp is read from the journal: every service that changes a tournament writes one
``JournalEntry`` in the write's own transaction (``services/journal.py``, ``record``), and
entries are never deleted. So the number of the tournament's entries, with the last one's
key, changes exactly when a write commits: a deal, a penalty, a registration, a seating, a
closing alike. The count is what makes it safe on PostgreSQL, where keys are handed out
before commit: two writes committing out of order could leave the last key unchanged, never
the count. The stamp is read *before* the ranking is computed, so what is stored under a
stamp is never older than that stamp; a write committed meanwhile moves the stamp, and the
next reader computes again. Hence no reader is ever served a ranking older than the last
write it could see.

The journal's quiet lines (``choices.QUIET_ACTIONS``: a document asked for, a phone
subscribed) change nothing a reader sees, and are left out: otherwise asking for a document
would move the stamp of the very document asked for. A partial index holds the others alone
(``journal_entries.py``), so the stamp is still read from an index.

The position's plan and the players' cards show who plays where, not the play: their stamp
(``seating_stamp``) leaves out the tables' play too (``choices.PLAY_ACTIONS``: a deal saved, a
sheet signed), from a partial index of its own, so that their files are kept while the room
plays.

Why the journal rather than a counter column on the tournament: no migration, and no write
waits on the tournament's row, which every table of the room would otherwise lock in turn.

One write shows in a tournament's ranking without being that tournament's: a player's name,
licence or club, kept once for every tournament they play (corrected by the administrator,
or through another tournament). Every save of a player moves a generation kept in the cache
itself (``apps.py`` connects ``player_changed``), which every key holds too.
"""

import threading
import time
from collections import OrderedDict
from collections.abc import Collection

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max

from tournaments.choices import OUTSIDE_THE_SEATING, QUIET_ACTIONS
from tournaments.models import JournalEntry, Tournament
from tournaments.selectors.ranking import Ranking, tournament_ranking

# An entry lives until a write moves the stamp; the timeout only bounds what a forgotten
# tournament keeps in the cache.
CACHE_SECONDS = 6 * 3600


PLAYERS_GENERATION = "ranking:players"


def tournament_stamp(tournament: Tournament) -> str:
    """What changes with every committed write to ``tournament`` (one indexed query), and
    with every change of a player's record."""
    return _stamp(tournament, QUIET_ACTIONS)


def seating_stamp(tournament: Tournament) -> str:
    """``tournament_stamp`` but for the tables' play (``choices.PLAY_ACTIONS``: deals, sheets,
    calls, penalties): what changes with whoever plays and wherever they sit, the stamp of the
    position's plan and of the players' cards, which a deal saved leaves as they were."""
    return _stamp(tournament, OUTSIDE_THE_SEATING)


def _stamp(tournament: Tournament, leaving_out: Collection[str]) -> str:
    journal = journal_stamps([tournament.pk], leaving_out=leaving_out).get(tournament.pk, "0.0")
    return f"{tournament.pk}.{journal}.{players_generation()}"


def players_generation() -> int:
    """What changes with every change of a player's record (their name, licence or club)."""
    players = cache.get(PLAYERS_GENERATION)
    if players is None:
        # Any value not used before: a cache emptied or restarted starts a new generation.
        cache.add(PLAYERS_GENERATION, time.time_ns(), None)
        players = cache.get(PLAYERS_GENERATION)
    return players


def journal_stamps(
    tournament_ids: Collection[int], *, leaving_out: Collection[str] = QUIET_ACTIONS
) -> dict[int, str]:
    """What changes with every committed write to each of ``tournament_ids``, read from their
    journals in one grouped query: the number of entries and the last one's key (see above),
    but for the actions ``leaving_out`` (each set of them has its partial index,
    ``journal_entries.py``). A tournament with no entry is left out."""
    rows = (
        JournalEntry.objects.filter(tournament__in=tournament_ids)
        .exclude(action__in=leaving_out)
        .values("tournament")
        .annotate(count=Count("pk"), last=Max("pk"))
        .values_list("tournament", "count", "last")
        .order_by()
    )
    return {tournament: f"{count}.{last}" for tournament, count, last in rows}


def player_changed(**_kwargs) -> None:
    """A player's record was saved or deleted: every ranking that shows it is read again."""
    # After the commit, so that no reader can compute the old names under the new generation.
    transaction.on_commit(_next_players_generation)


def _next_players_generation() -> None:
    try:
        cache.incr(PLAYERS_GENERATION)
    except ValueError:  # not in the cache yet (or evicted): any value not used before
        cache.set(PLAYERS_GENERATION, time.time_ns(), None)


def current_ranking(tournament: Tournament, *, stamp: str | None = None) -> Ranking:
    """``tournament_ranking``, computed once per stamp and shared by every reader.

    ``stamp`` is the one the caller read before (the ranking page reads it once for the
    page's own cached fragment); without it, it is read here. Each process also keeps the
    last few rankings it read, as they are: reading 2,000 players back from the shared cache
    costs more than the page that shows twelve of them (the projector's), so it is done once
    per process and per change. The readers only read it.
    """
    key = f"ranking:{stamp or tournament_stamp(tournament)}"
    ranking = _recent.get(key)
    if ranking is None:
        ranking = cache.get(key)
    if ranking is None:
        ranking = tournament_ranking(tournament)
        cache.set(key, ranking, CACHE_SECONDS)
    _remember(key, ranking)
    # The tournament as the reader has it (the same row, freshly read).
    ranking.tournament = tournament
    return ranking


# The rankings this process read last, by key: a stamp is never reused, so an entry is never
# stale; a handful covers the tournaments of one day.
_recent: OrderedDict[str, Ranking] = OrderedDict()
RECENT_RANKINGS = 4


def _remember(key: str, ranking: Ranking) -> None:
    with _recent_lock:
        _recent[key] = ranking
        _recent.move_to_end(key)
        while len(_recent) > RECENT_RANKINGS:
            _recent.popitem(last=False)


_recent_lock = threading.Lock()
