"""The ranking of one série or one catégorie (docs, « Résultats »): ``?serie=`` and
``?categorie=`` on the ranking page and ``classement.json``, as the federation's licence list
writes them (``clubs.Player.serie``, ``categorie``). The players keep their rank in the whole
ranking: a filter shows who of them stands where, it ranks no one again."""

from dataclasses import dataclass

from clubs.models import Player
from common.names import fold

# What a filter's value may be at most: the players' own field's length.
FILTER_MAX_LENGTH = Player._meta.get_field("serie").max_length


@dataclass(frozen=True)
class RankingFilter:
    serie: str = ""
    categorie: str = ""

    @classmethod
    def of(cls, query) -> "RankingFilter":
        """The filter a query string asks for (its values trimmed, cut to a field's length)."""

        def value(name: str) -> str:
            text = query.get(name, "")
            return " ".join(text.split())[:FILTER_MAX_LENGTH] if isinstance(text, str) else ""

        return cls(serie=value("serie"), categorie=value("categorie"))

    @property
    def active(self) -> bool:
        return bool(self.serie or self.categorie)

    def keeps(self, player: Player) -> bool:
        return (not self.serie or player.serie == self.serie) and (
            not self.categorie or player.categorie == self.categorie
        )

    def players(self, ranked_players: list) -> list:
        """The ranked players the filter keeps, in the ranking's order."""
        if not self.active:
            return ranked_players
        return [ranked for ranked in ranked_players if self.keeps(ranked.registration.player)]


@dataclass(frozen=True)
class FilterChoices:
    """The séries and catégories of the tournament's players, in French order."""

    series: list[str]
    categories: list[str]

    def knows(self, wanted: RankingFilter) -> bool:
        """Whether every value asked is one of the players' (else the filter keeps nobody)."""
        return (not wanted.serie or wanted.serie in self.series) and (
            not wanted.categorie or wanted.categorie in self.categories
        )


def filter_choices(ranked_players: list) -> FilterChoices:
    """The values the ranking's filters offer: those of the ranked players, read from the
    ranking itself (kept once per change), so that the page asks the database nothing more."""
    series, categories = set(), set()
    for ranked in ranked_players:
        series.add(ranked.registration.player.serie)
        categories.add(ranked.registration.player.categorie)
    return FilterChoices(
        series=sorted((s for s in series if s), key=lambda s: (fold(s), s)),
        categories=sorted((c for c in categories if c), key=lambda c: (fold(c), c)),
    )
