"""The ranking as printed, individual and by team, for the wall and the federation."""

from tournaments.models import Tournament
from tournaments.selectors.ranking import tournament_ranking


def ranking_document(tournament: Tournament) -> dict:
    """The context of prints/ranking.html: the tournament and its ranking as it stands."""
    return {"tournament": tournament, "ranking": tournament_ranking(tournament)}
