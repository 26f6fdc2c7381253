"""The evenings a season counts, and every player's total at each evening, all at once.

A season (or a player's history) reads many evenings: their totals come from one grouped
query over all their deals (``tournaments.selectors.ranking.table_sums``, the tournament
ranking's own sums), one over their seats and one over their penalties, whatever the number
of evenings. Each total equals the evening's own ranking: the bilans of the positions the
player sat, less the penalties not cancelled. A tournament with stages (a championship) is
read from its own ranking instead, which carries a share of each stage's total into the next
and places its finalists first: its published total and place are what a season counts.

An evening's totals change only when the evening does, and a season reads dozens of past
evenings that never will again: each evening's totals are kept in the shared cache under the
evening's stamp (``tournaments.selectors.standings``: it moves with every write to the
tournament), and only the evenings changed since they were last read are summed again.
"""

import threading
import time
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import NamedTuple, TypeVar

from django.core.cache import cache
from django.db.models import Exists, OuterRef, Q

from championships.models.stages import Stage
from seasons.models import Season
from tournaments.models import Deal, Seat, Tournament
from tournaments.selectors.penalties import penalty_points
from tournaments.selectors.ranking import table_sums, tournament_ranking
from tournaments.selectors.standings import journal_stamps

V = TypeVar("V")


class EveningTotal(NamedTuple):
    # A tuple rather than a dataclass: a season reads thousands of them back from the cache.
    registration_id: int
    player_id: int
    total: int
    # The place the tournament published, where it is not its order of totals: a tournament
    # with stages ranks its finalists first, whatever an eliminated player's total.
    place: int | None = None


Totals = dict[int, dict[int, EveningTotal]]  # by tournament id, then by player id


def evening_totals(
    tournament_ids: Collection[int], *, stamps: Mapping[int, str] | None = None
) -> Totals:
    """For each tournament, each player who played there (by player id) and their total: the
    players the tournament's own ranking ranks (one seated who played no deal is not).

    Two queries when every evening is as it was last read (``kept_per_evening``); three more,
    over the changed evenings only, otherwise.
    """
    # « v2 »: the totals of a tournament with stages are its ranking's since then.
    return kept_per_evening("evening-totals-v2", tournament_ids, _summed_totals, stamps=stamps)


# A key names the evening's stamp, never reused: an entry is never stale, and a past evening
# is read again for as long as the club's seasons are; a month bounds what a forgotten one
# keeps in the cache.
EVENING_CACHE_SECONDS = 30 * 24 * 3600


def kept_per_evening(
    kind: str,
    tournament_ids: Collection[int],
    compute: Callable[[list[int]], dict[int, V]],
    *,
    stamps: Mapping[int, str] | None = None,
) -> dict[int, V]:
    """``compute(ids)`` for each tournament of ``tournament_ids``, read from the shared cache
    where the tournament has not changed since: ``compute`` runs once, over the changed ones
    only. A tournament ``compute`` leaves out is left out (and remembered as such).

    ``stamps``: the tournaments' stamps (``journal_stamps``) when the caller read them.
    """
    # The stamps are read before computing, so that what is kept under a stamp is never
    # older than it: a write committed meanwhile moves the stamp (as for the ranking).
    if stamps is None:
        stamps = journal_stamps(tournament_ids)
    epoch = _cache_epoch()
    keys = {pk: f"{kind}:{epoch}:{pk}.{stamps.get(pk, '0.0')}" for pk in tournament_ids}
    found: dict[int, V] = {}
    kept = _recent_evenings.read(keys.values())
    unread = [key for key in keys.values() if key not in kept]
    if unread:
        from_cache = cache.get_many(unread)
        _recent_evenings.remember(from_cache)
        kept.update(from_cache)
    changed = []
    for pk, key in keys.items():
        if key not in kept:
            changed.append(pk)
        elif kept[key] is not None:
            found[pk] = kept[key]
    if changed:
        computed = compute(changed)
        fresh = {keys[pk]: computed.get(pk) for pk in changed}
        cache.set_many(fresh, EVENING_CACHE_SECONDS)
        _recent_evenings.remember(fresh)
        found.update(computed)
    return found


EPOCH = "evenings:epoch"


def _cache_epoch() -> int:
    """A value that lives as long as the shared cache: each process's own copies (below) are
    keyed by it too, so that they go when the shared cache is emptied."""
    epoch = cache.get(EPOCH)
    if epoch is None:
        cache.add(EPOCH, time.time_ns(), None)
        epoch = cache.get(EPOCH)
    return epoch


class _RecentEvenings:
    """The evenings this process read last, as they are, by key: reading two hundred evenings
    back from the shared cache costs more than the rest of a player's history. A key names
    the evening's stamp, so an entry is never stale. Only read: the values are shared."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[str, object] = OrderedDict()
        self.lock = threading.Lock()

    def read(self, keys: Iterable[str]) -> dict[str, object]:
        with self.lock:
            found = {key: self.entries[key] for key in keys if key in self.entries}
            for key in found:
                self.entries.move_to_end(key)
        return found

    def remember(self, values: Mapping[str, object]) -> None:
        with self.lock:
            self.entries.update(values)
            for key in values:
                self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)


# A few kinds for each evening: a club's seasons and its regulars' histories, several years.
_recent_evenings = _RecentEvenings(size=3000)


def _summed_totals(tournament_ids: list[int]) -> Totals:
    """``evening_totals`` summed from the deals: three queries however many tournaments, and
    a tournament's ranking for each one with stages (``_staged_totals``)."""
    # Each seat says whether its tournament has stages: no query more for an evening without.
    seats = list(
        Seat.objects.filter(position__tournament__in=tournament_ids)
        .annotate(staged=Exists(Stage.objects.filter(tournament=OuterRef("position__tournament"))))
        .values_list(
            "position__tournament_id",
            "registration_id",
            "registration__player_id",
            "table_id",
            "place",
            "staged",
        )
    )
    staged = {row[0] for row in seats if row[5]}
    tournament_ids = [pk for pk in tournament_ids if pk not in staged]
    sums = table_sums(Deal.objects.filter(table__position__tournament__in=tournament_ids))
    penalties = penalty_points(tournament_ids=tournament_ids)
    bilans: dict[tuple[int, int, int], int] = defaultdict(int)
    for tournament_id, registration_id, player_id, table_id, place, in_stages in seats:
        # Only a position with a deal played counts: the player is then ranked that evening.
        if not in_stages and sums.played.get(table_id, 0) - sums.sat_out.get((table_id, place), 0):
            key = (tournament_id, registration_id, player_id)
            bilans[key] += sums.marques[table_id][place]
    totals: Totals = defaultdict(dict)
    for (tournament_id, registration_id, player_id), bilan in bilans.items():
        totals[tournament_id][player_id] = EveningTotal(
            registration_id=registration_id,
            player_id=player_id,
            total=bilan - penalties.get(registration_id, 0),
        )
    totals.update(_staged_totals(staged))
    return totals


def _staged_totals(tournament_ids: Collection[int]) -> Totals:
    """Each tournament with stages as its own ranking publishes it: each player's total (the
    points carried over from stage to stage, the penalties) and place. Rare in a club's
    season (a championship), so read one tournament at a time."""
    totals: Totals = {}
    for tournament in Tournament.objects.filter(pk__in=tournament_ids):
        totals[tournament.pk] = {
            player.registration.player_id: EveningTotal(
                registration_id=player.registration.pk,
                player_id=player.registration.player_id,
                total=player.total,
                place=player.rank,
            )
            for player in tournament_ranking(tournament).players
            if player.played
        }
    return totals


def seasons_tournaments(seasons: Iterable[Season]) -> dict[int, list[Tournament]]:
    """The evenings each season counts, by season id, each list by date: the published
    tournaments of its club in its dates or, when the arbitre chose them, those chosen. Two
    queries at most (the chosen ones, those in the dates) however many seasons."""
    seasons = list(seasons)
    found: dict[int, list[Tournament]] = {season.pk: [] for season in seasons}
    chosen = [season.pk for season in seasons if season.chosen]
    by_dates = [season for season in seasons if not season.chosen]
    if chosen:
        through = Season.tournaments.through.objects.filter(
            season_id__in=chosen, tournament__published=True
        ).select_related("tournament")
        clubs = {season.pk: season.club_id for season in seasons}
        for row in through:
            # A tournament chosen stays the club's: the services refuse another club's.
            if row.tournament.club_id == clubs[row.season_id]:
                found[row.season_id].append(row.tournament)
    if by_dates:
        condition = Q()
        for season in by_dates:
            condition |= Q(club_id=season.club_id, date__gte=season.start, date__lte=season.end)
        for tournament in Tournament.objects.filter(condition, published=True):
            for season in by_dates:
                if (
                    tournament.club_id == season.club_id
                    and season.start <= tournament.date <= season.end
                ):
                    found[season.pk].append(tournament)
    for tournaments in found.values():
        tournaments.sort(key=lambda t: (t.date, t.pk))
    return found
