"""A championship's stages as the ranking, the seating and the pages read them.

A stage is a run of consecutive positions (``Stage.positions_count`` of them, after the
previous stage's). Its ranking is the carry-over from the previous stage plus the bilans of
its own positions, less the penalties given there; its cut qualifies the first N of that
ranking, ex aequo at the line included. The final ranking lists the players of the last
stage first, by its ranking, then those who stopped at each earlier stage, by theirs.
A tournament without stages has none of this: its ranking is the one it always had.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from championships.models import Stage
from championships.models.stages import carry_over_words
from scoring.ranking import Standing, rank_by_total
from tournaments.models import Tournament


@dataclass(frozen=True)
class StageSpan:
    """One stage with the positions it spans: what every reader of stages needs."""

    pk: int
    number: int
    name: str
    first: int
    last: int
    cut: int | None
    cut_per_hall: bool
    carry_over: Fraction

    @property
    def positions(self) -> range:
        return range(self.first, self.last + 1)

    @property
    def carry_over_label(self) -> str:
        return carry_over_words(self.carry_over)

    @property
    def carry_over_text(self) -> str:
        """The share carried as the exports write it: "0", "1", "1/2"."""
        return str(self.carry_over)


def stage_spans(stages: Sequence[Stage]) -> list[StageSpan]:
    """The stages in order, each with its first and last position."""
    spans, first = [], 1
    for stage in sorted(stages, key=lambda s: s.number):
        spans.append(
            StageSpan(
                pk=stage.pk,
                number=stage.number,
                name=stage.name,
                first=first,
                last=first + stage.positions_count - 1,
                cut=stage.cut,
                cut_per_hall=stage.cut_per_hall,
                carry_over=stage.carry_over,
            )
        )
        first += stage.positions_count
    return spans


def tournament_stages(tournament: Tournament) -> list[StageSpan]:
    return stage_spans(list(tournament.stages.all()))


def stages_with_spans(tournament: Tournament) -> list[tuple[Stage, StageSpan]]:
    """The tournament's stages in order, each with its span (one query): the stages page."""
    stages = list(tournament.stages.order_by("number"))
    return list(zip(stages, stage_spans(stages), strict=True))


def span_of(spans: Sequence[StageSpan], number: int) -> StageSpan | None:
    """The stage that position ``number`` belongs to; None without stages."""
    return next((span for span in spans if number in span.positions), None)


def stage_name(position) -> str:
    """The name of the stage ``position`` belongs to; empty without stages."""
    span = span_of(tournament_stages(position.tournament), position.number)
    return span.name if span else ""


def carried(total: int, share: Fraction) -> int:
    """``share`` of ``total``, rounded to the point, halves away from zero (−7 × ½ → −4),
    so that a total and its opposite carry opposite points."""
    exact = abs(total) * share
    points = int(exact + Fraction(1, 2))
    return points if total >= 0 else -points


@dataclass
class StageLine:
    """One player's line in one stage's ranking."""

    rank: int | None  # None: no deal played in this stage, listed last
    tied: bool
    key: int  # the registration's key
    carried: int
    played: int  # the sum of the bilans of the stage's positions
    penalties: int
    # Within the cut: qualified once the stage is closed (``StageRanking.closed``), « en
    # position de se qualifier » until then.
    qualified: bool = False
    # Filled by the tournament's ranking for its pages: the registration, and the player's
    # result at each position of the stage (None where they did not sit).
    registration: object = None
    cells: list = field(default_factory=list)

    @property
    def played_any(self) -> bool:
        return self.rank is not None

    @property
    def penalties_signed(self) -> int:
        return -self.penalties

    @property
    def total(self) -> int:
        return self.carried + self.played - self.penalties


@dataclass
class StageRanking:
    span: StageSpan
    lines: list[StageLine]
    closed: bool  # every position of the stage closed: its cut is final
    seated: bool  # a position of the stage seated
    next_name: str = ""
    qualified_count: int = 0
    # More players qualify than the cut, all equal at the line (« ex aequo »).
    tied_at_cut: bool = False
    halls: int = 0  # the halls a cut per hall qualified from
    by_key: dict[int, StageLine] = field(default_factory=dict)

    @property
    def words(self) -> str:
        return stage_words(self)

    @property
    def for_next(self) -> str:
        return for_stage(self.next_name) if self.next_name else ""


def rank_stages(
    spans: Sequence[StageSpan],
    *,
    bilans: Mapping[int, Mapping[int, int]],
    penalties: Mapping[int, Mapping[int, int]],
    closed: set[int],
    seated: set[int],
    order: Mapping[int, tuple],
    halls: Mapping[int, Mapping[int, str]] | None = None,
) -> list[StageRanking]:
    """Each stage's ranking, from each player's bilan per position sat (``bilans``:
    registration → position → bilan, None where they played no deal of it), the penalties
    per position (registration → position → points), the numbers of the positions closed
    and seated, and each player's listing order (their name). A player is in a stage once
    seated at one of its positions. ``halls`` names, for each stage cut per hall (by its
    number), the hall each player finished the stage in (registration → hall's name).
    """
    rankings: list[StageRanking] = []
    previous: StageRanking | None = None
    for index, span in enumerate(spans):
        players = [key for key, sat in bilans.items() if any(n in sat for n in span.positions)]
        lines = []
        for key in players:
            played = [bilans[key][n] for n in span.positions if bilans[key].get(n) is not None]
            before = previous.by_key.get(key) if previous else None
            lines.append(
                StageLine(
                    rank=None,
                    tied=False,
                    key=key,
                    carried=carried(before.total, span.carry_over) if before else 0,
                    played=sum(played),
                    penalties=sum(penalties.get(key, {}).get(n, 0) for n in span.positions),
                )
            )
            # A player who sat but played no deal of the stage has no rank in it.
            lines[-1].rank = 0 if played else None
        ranked: list[Standing[StageLine]] = rank_by_total(
            [line for line in lines if line.rank is not None],
            total=lambda line: line.total,
            order=lambda line: order.get(line.key, ()),
        )
        for standing in ranked:
            standing.item.rank, standing.item.tied = standing.rank, standing.tied
        unranked = sorted(
            (line for line in lines if line.rank is None), key=lambda ln: order.get(ln.key, ())
        )
        ranking = StageRanking(
            span=span,
            lines=[standing.item for standing in ranked] + unranked,
            closed=all(n in closed for n in span.positions),
            seated=any(n in seated for n in span.positions),
            next_name=spans[index + 1].name if index + 1 < len(spans) else "",
        )
        if span.cut is not None and span.cut_per_hall:
            _cut_per_hall(ranking, (halls or {}).get(span.number, {}), order)
        elif span.cut is not None:
            for line in ranking.lines:
                line.qualified = line.rank is not None and line.rank <= span.cut
            ranking.qualified_count = sum(1 for line in ranking.lines if line.qualified)
            ranking.tied_at_cut = ranking.qualified_count > span.cut
        ranking.by_key = {line.key: line for line in ranking.lines}
        rankings.append(ranking)
        previous = ranking
    return rankings


def _cut_per_hall(
    ranking: StageRanking, halls: Mapping[int, str], order: Mapping[int, tuple]
) -> None:
    """The first N of each hall qualify, ranked among the players who finished the stage in
    that hall, ex aequo at the line included."""
    cut = ranking.span.cut
    by_hall: dict[str, list[StageLine]] = {}
    for line in ranking.lines:
        if line.rank is not None:
            by_hall.setdefault(halls.get(line.key, ""), []).append(line)
    tied = False
    for lines in by_hall.values():
        standings = rank_by_total(
            lines, total=lambda line: line.total, order=lambda ln: order.get(ln.key, ())
        )
        qualified = [s.item for s in standings if s.rank <= cut]
        for line in qualified:
            line.qualified = True
        tied = tied or len(qualified) > cut
    ranking.qualified_count = sum(1 for line in ranking.lines if line.qualified)
    ranking.tied_at_cut = tied
    ranking.halls = len(by_hall)


@dataclass(frozen=True)
class FinalPlace:
    """A player's place in the final ranking: the stage they reached and their line there."""

    rank: int | None
    tied: bool
    stage: StageRanking
    line: StageLine


def final_places(rankings: Sequence[StageRanking]) -> list[FinalPlace]:
    """The final ranking: the players of the last stage reached first, by that stage's
    ranking, then those who stopped at each earlier stage, by theirs; a player counts in
    the last stage they sat. Ranks run on from one group to the next."""
    reached: dict[int, int] = {}
    for index, ranking in enumerate(rankings):
        for line in ranking.lines:
            reached[line.key] = index
    places: list[FinalPlace] = []
    unranked: list[FinalPlace] = []
    ahead = 0
    for index in reversed(range(len(rankings))):
        ranking = rankings[index]
        group = [line for line in ranking.lines if reached[line.key] == index]
        ranked = rank_by_total(
            [line for line in group if line.rank is not None],
            total=lambda line: line.total,
            order=lambda line: (line.rank,),
        )
        places += [
            FinalPlace(rank=ahead + s.rank, tied=s.tied, stage=ranking, line=s.item) for s in ranked
        ]
        ahead += len(ranked)
        unranked += [
            FinalPlace(rank=None, tied=False, stage=ranking, line=line)
            for line in group
            if line.rank is None
        ]
    return places + unranked


def _article(name: str) -> str:
    """The article of a stage's name: « l' » before a vowel, « la » for the feminine words a
    championship names its stages with (finale, poule, phase, manche, série, qualification;
    not barrage, repêchage), « le » otherwise (tour)."""
    first = name.split()[0].lower() if name.split() else ""
    if first and first[0] in "aàâeéèêiîoôuûy":
        return "l'"
    stem = first.rstrip("s")
    return "la " if stem.endswith(("e", "ion")) and not stem.endswith("age") else "le "


def for_stage(name: str) -> str:
    """« pour la Finale », « pour la Qualification », « pour le Tour 2 », « pour l'Étape 2 »."""
    words = {
        "l'": _("pour l'%(name)s"),
        "la ": _("pour la %(name)s"),
        "le ": _("pour le %(name)s"),
    }
    return words[_article(name)] % {"name": name}


def after_stage(name: str) -> str:
    """« à l'issue de la Qualification », « à l'issue du Tour 1 », « à l'issue de l'Étape 1 »."""
    words = {
        "l'": _("à l'issue de l'%(name)s"),
        "la ": _("à l'issue de la %(name)s"),
        "le ": _("à l'issue du %(name)s"),
    }
    return words[_article(name)] % {"name": name}


def stage_words(ranking: StageRanking) -> str:
    """What the page says of a stage's cut: « Les 32 premiers sont qualifiés pour la Finale
    (34 avec les ex aequo). »"""
    span = ranking.span
    if span.cut is None:
        return ""
    values = {"cut": span.cut, "next": for_stage(ranking.next_name)}
    # Nobody is qualified before the stage's last position closes: until then the words say
    # who would be, were it to close now.
    if not ranking.closed:
        if span.cut_per_hall:
            words = _("Les %(cut)s premiers de chaque salle seront qualifiés %(next)s.") % values
        else:
            words = _("Les %(cut)s premiers seront qualifiés %(next)s.") % values
        if ranking.tied_at_cut:
            words += " " + _(
                "Ex aequo à la limite pour l'instant : %(count)s joueurs en position de se "
                "qualifier."
            ) % {"count": ranking.qualified_count}
        return words
    if span.cut_per_hall:
        words = _("Les %(cut)s premiers de chaque salle sont qualifiés %(next)s.") % values
    else:
        words = _("Les %(cut)s premiers sont qualifiés %(next)s.") % values
    if ranking.tied_at_cut:
        words += " " + _(
            "Ex aequo à la limite : %(count)s joueurs qualifiés, tous les ex aequo passent."
        ) % {"count": ranking.qualified_count}
    return words
