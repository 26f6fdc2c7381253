"""The ranking as printed, individual and by team, for the wall and the federation."""

from tournaments.models import Tournament
from tournaments.selectors.standings import current_ranking


def ranking_document(tournament: Tournament) -> dict:
    """The context of prints/ranking.html: the tournament and its ranking as it stands."""
    return {"tournament": tournament, "ranking": current_ranking(tournament)}
