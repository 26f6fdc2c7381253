"""A season's ranking as its page, exports and projector read it.

The evenings' totals come from ``seasons.selectors.evenings`` (a fixed number of queries for
the whole season); the pure ``scoring.season`` ranks them. Both are kept in the shared cache
under the evenings' stamps, which move with every write to an evening: a deal corrected or a
penalty given on an evening shows in the season at once.
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from django.core.cache import cache

from clubs.models import Player
from common.names import name_key
from scoring import season as arithmetic
from seasons.models import Recount, Season
from seasons.selectors.evenings import (
    EVENING_CACHE_SECONDS,
    evening_totals,
    seasons_tournaments,
)
from tournaments.models import Tournament
from tournaments.selectors.standings import journal_stamps, players_generation


@dataclass(frozen=True)
class EveningLine:
    """One evening of one player's line: the tournament and what it gave them."""

    tournament: Tournament
    result: arithmetic.EveningResult

    @property
    def counted(self) -> bool:
        return self.result.counted


@dataclass(frozen=True)
class PlayerLine:
    player: Player
    line: arithmetic.SeasonLine
    evenings: list[EveningLine]

    @property
    def rank(self) -> int | None:
        return self.line.rank

    @property
    def tied(self) -> bool:
        return self.line.tied

    @property
    def score(self) -> Fraction:
        return self.line.score

    @property
    def played(self) -> int:
        return self.line.played

    @property
    def counted(self) -> list[EveningLine]:
        return [evening for evening in self.evenings if evening.counted]

    @property
    def ranked(self) -> bool:
        return self.line.ranked


@dataclass
class SeasonRanking:
    season: Season
    evenings: list[Tournament]  # those counted, by date
    players_by_evening: dict[int, int]  # N, the players ranked at each evening
    ranked: list[PlayerLine]
    unranked: list[PlayerLine]  # below the minimum of evenings, listed apart
    recounts: list[Recount] = field(default_factory=list)  # those shown (``_recounts_shown``)
    recounts_older: int = 0  # the evenings that no longer count beyond those shown
    # The evenings played in stages (a championship): counted by their published total and
    # place, carry-overs included, not by the sum of the player's bilans.
    staged: list[Tournament] = field(default_factory=list)
    # What the lines show depends on and nothing else: the season's stamp, and its evenings'
    # names and dates (a page keeps its lines written under it, seasons.templatetags).
    lines_stamp: str = ""

    @property
    def method(self) -> arithmetic.Method:
        return arithmetic.Method(self.season.method)

    @property
    def provisional(self) -> bool:
        """Provisional while the season runs (until its last day, included)."""
        return not self.season.has_ended()

    @property
    def rules_played(self) -> dict[str, list[Tournament]]:
        """The evenings by the rules they were played by (« Règles FFT », « Règles du club :
        misères »…), in the order they first appear: a season whose evenings mix rules says
        so, since their marques are not alike."""
        played: dict[str, list[Tournament]] = {}
        for evening in self.evenings:
            played.setdefault(evening.rules_label, []).append(evening)
        return played

    @property
    def example(self) -> PlayerLine | None:
        """The line the page works out in words: the first ranked player with more than one
        evening counted (a sum to show), else the first line."""
        lines = self.ranked + self.unranked
        return next((line for line in lines if len(line.counted) > 1), lines[0] if lines else None)


def season_ranking(season: Season) -> SeasonRanking:
    """The season's ranking: six queries however many evenings (``tests/seasons``)."""
    return seasons_rankings([season])[season.pk]


def seasons_rankings(
    seasons: Iterable[Season], *, also: Iterable[int] = (), totals_out: dict | None = None
) -> dict[int, SeasonRanking]:
    """Several seasons at once, by id, in the same fixed number of queries as one.

    ``also`` names more tournaments whose totals are read in the same queries, handed back
    in ``totals_out`` (a player's history reads its evenings and its seasons at once).
    """
    seasons = list(seasons)
    evenings = seasons_tournaments(seasons)
    every = {tournament.pk for found in evenings.values() for tournament in found}
    every |= set(also)
    stamps = journal_stamps(every) if every else {}
    totals = evening_totals(every, stamps=stamps) if every else {}
    if totals_out is not None:
        totals_out.update(totals)
    player_ids = {player for found in totals.values() for player in found}
    players = Player.objects.in_bulk(player_ids) if player_ids else {}
    recounts: dict[int, list[Recount]] = {season.pk: [] for season in seasons}
    for recount in Recount.objects.filter(season__in=[season.pk for season in seasons]):
        recounts[recount.season_id].append(recount)
    order = {pk: name_key(player) for pk, player in players.items()}
    generation = players_generation() if players else 0
    return {
        season.pk: _ranking(
            season,
            evenings[season.pk],
            totals,
            players,
            order,
            recounts,
            stamp=_season_stamp(season, evenings[season.pk], stamps, generation),
        )
        for season in seasons
    }


def _season_stamp(season: Season, tournaments, stamps, generation) -> str:
    """What the season's arithmetic depends on: its method and options, its evenings as they
    stand (their stamps) and the players' names (which order the ex aequo)."""
    described = ",".join(f"{t.pk}.{stamps.get(t.pk, '0.0')}" for t in tournaments)
    # « v2 »: places as the evenings published them (a tournament with stages) since then.
    options = f"v2.{season.method}.{season.best}.{season.minimum}.{generation}"
    return hashlib.sha256(f"{options}:{described}".encode()).hexdigest()


def _ranking(season, tournaments, totals, players, order, recounts, *, stamp) -> SeasonRanking:
    all_evenings = tournaments
    # An evening nobody has played yet ranks nobody: it is not one of the season's evenings.
    tournaments = [tournament for tournament in tournaments if totals.get(tournament.pk)]
    # Kept as the evenings' totals are: a season's evenings are mostly past ones, and ranking
    # them again costs more than all the rest of the page.
    key = f"season-lines:{stamp}"
    computed = cache.get(key)
    if computed is None:
        computed = arithmetic.rank_season(
            [
                arithmetic.Evening(
                    key=tournament.pk,
                    totals={player: t.total for player, t in totals[tournament.pk].items()},
                    places=_published_places(totals[tournament.pk]),
                )
                for tournament in tournaments
            ],
            method=season.method,
            best=season.best,
            minimum=season.minimum,
            order=order,
        )
        cache.set(key, computed, EVENING_CACHE_SECONDS)
    by_id = {tournament.pk: tournament for tournament in tournaments}
    shown, older = _recounts_shown(recounts[season.pk], evenings=all_evenings)

    def lines(computed_lines):
        return [
            PlayerLine(
                player=players[line.key],
                line=line,
                evenings=[EveningLine(by_id[result.evening], result) for result in line.evenings],
            )
            for line in computed_lines
        ]

    named = "|".join(f"{t.pk}:{t.date:%Y%m%d}:{t.name}" for t in tournaments)
    return SeasonRanking(
        lines_stamp=hashlib.sha256(f"{stamp}|{named}".encode()).hexdigest(),
        season=season,
        evenings=tournaments,
        players_by_evening={pk: len(totals[pk]) for pk in by_id},
        ranked=lines(computed.ranked),
        unranked=lines(computed.unranked),
        recounts=shown,
        recounts_older=older,
        staged=[t for t in tournaments if _published_places(totals[t.pk]) is not None],
    )


def _published_places(totals: dict) -> dict[int, int] | None:
    """Each player's place as the evening published it, where it is not the order of its
    totals (a tournament with stages); None otherwise."""
    if any(total.place is None for total in totals.values()):
        return None
    return {player: total.place for player, total in totals.items()}


# The recount lines a season page shows at most: the latest evenings that no longer count.
RECOUNTS_SHOWN = 5


def _recounts_shown(recounts: list[Recount], *, evenings: list[Tournament]) -> tuple[list, int]:
    """What a reader needs of the season's recounts (newest first): for each evening that no
    longer counts, its latest line alone, none for an evening the season counts again (hidden,
    then published again), and the ``RECOUNTS_SHOWN`` latest of those; how many more there
    are. An evening hidden and published again 214 times had left 214 lines on the page.
    The club's journal keeps every recount."""
    counted = {str(tournament)[:250] for tournament in evenings}
    latest: dict[str, Recount] = {}
    for recount in recounts:
        if recount.evening not in counted:
            latest.setdefault(recount.evening, recount)
    lines = list(latest.values())
    return lines[:RECOUNTS_SHOWN], max(0, len(lines) - RECOUNTS_SHOWN)
