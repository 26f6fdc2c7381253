"""What a notification says, in the player's words, for each event that sends one."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.choices import Place
from tournaments.models import Seat, Tournament
from tournaments.selectors.ranking import Ranking

SEATING_PUBLISHED = "seating.published"
POSITION_CLOSED = "position.closed"
FINISHED = "tournament.finished"
NOTIFYING = {SEATING_PUBLISHED, POSITION_CLOSED, FINISHED}


@dataclass(frozen=True)
class Message:
    title: str
    body: str
    url: str

    def payload(self) -> dict:
        return {"title": self.title, "body": self.body, "url": self.url}


def ordinal(rank: int) -> str:
    """« 1er », « 2e », « 12e »: a rank as the French write it."""
    return _("1er") if rank == 1 else _("%(rank)se") % {"rank": rank}


def player_url(tournament: Tournament, number: int) -> str:
    return reverse("player_page", args=[tournament.pk, number])


def seat_message(tournament: Tournament, seat: Seat) -> Message:
    """« Position 2 : table 14, place Sud »."""
    body = _("Position %(position)s : table %(table)s, place %(place)s") % {
        "position": seat.position.number,
        "table": seat.table.number,
        "place": Place(seat.place).label,
    }
    return Message(tournament.name, body, player_url(tournament, seat.registration.number))


def _rank_words(ranking: Ranking, number: int) -> str | None:
    standing = ranking.by_number.get(number)
    if standing is None or standing.rank is None:
        return None
    ranked = sum(1 for player in ranking.players if player.rank is not None)
    words = _("vous êtes %(rank)s sur %(count)s") % {
        "rank": ordinal(standing.rank),
        "count": ranked,
    }
    return words + (_(" (ex æquo)") if standing.tied else "")


def closing_message(tournament: Tournament, ranking: Ranking, position: int, number: int):
    """« Position 1 close : vous êtes 12e sur 96 »."""
    body = _("Position %(position)s close") % {"position": position}
    rank = _rank_words(ranking, number)
    if rank:
        body = f"{body} : {rank}"
    return Message(tournament.name, body, player_url(tournament, number))


def final_message(tournament: Tournament, ranking: Ranking, number: int) -> Message:
    """« Classement définitif », with the player's final rank."""
    body = _("Classement définitif")
    rank = _rank_words(ranking, number)
    if rank:
        body = f"{body} : {rank}"
    return Message(tournament.name, body, player_url(tournament, number))
