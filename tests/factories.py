"""Plain builders of the rooms the tests play in: a tournament, its participants, its seated
positions. Fixtures call them; tests call them where a fixture would hide what matters."""

import datetime

from championships.services.draws import commit_draw, enter_room_seed
from clubs.models import Club, Member, Player
from common.actors import Actor
from tests.at_the_table import TESTS
from tournaments.models import Deal, Position, Registration, Team, Tournament
from tournaments.services.penalties import add_penalty
from tournaments.services.registrations import check_in, register_player, withdraw_player
from tournaments.services.seating import plan_position, publish_seating, seat_position
from tournaments.services.seating_wishes import keep_apart


def club_of(arbitre, **fields) -> Club:
    """The club ``arbitre`` runs: their first, or a new « Club de … » with them as arbitre."""
    club = arbitre.clubs.order_by("pk").first()
    if club is None:
        club = Club.objects.create(name=f"Club de {arbitre.get_username()}", **fields)
        club.arbitres.add(arbitre)
    return club


def club_player(of_club, /, **fields) -> Player:
    """A player of the directory that the club ``of_club`` knows: one of its members."""
    player = Player.objects.create(**fields)
    Member.objects.create(club=of_club, player=player)
    return player


def club_tournament(arbitre, **fields) -> Tournament:
    """The published « Tournoi du club » of ``arbitre``'s club: 3 positions of 5 deals
    (``fields`` say otherwise)."""
    defaults = {
        "name": "Tournoi du club",
        "date": datetime.date(2026, 11, 21),
        "venue": "Salle des fêtes",
        "positions_count": 3,
        "deals_per_position": 5,
        "published": True,
    }
    fields.setdefault("club", club_of(arbitre))
    return Tournament.objects.create(arbitre=arbitre, **{**defaults, **fields})


def register(tournament: Tournament, count: int) -> list[Registration]:
    """Register ``count`` new players, numbered from 1, all checked in."""
    registrations = []
    for number in range(1, count + 1):
        player = Player.objects.create(
            last_name=f"Joueur{number}", first_name="Prénom", licence=f"90{number:05d}"
        )
        registrations.append(
            Registration.objects.create(
                tournament=tournament, player=player, number=number, checked_in=True
            )
        )
    return registrations


def enrol(tournament, numbers) -> list[Registration]:
    """More participants, present, named Renfort and their number (after ``register``'s 8)."""
    return [
        Registration.objects.create(
            tournament=tournament,
            player=Player.objects.create(last_name=f"Renfort{number:02d}", first_name="R"),
            number=number,
            checked_in=True,
        )
        for number in numbers
    ]


def seat(tournament, number: int, tables) -> list:
    """Position ``number`` seated at ``tables`` (lists of registrations): its tables."""
    position = Position.objects.create(tournament=tournament, number=number)
    return seat_position(position=position, tables=tables, by=TESTS)


def seated_room(arbitre, *, sizes=(4, 4), **fields):
    """A published tournament, its position 1 seated at tables of ``sizes`` (players 1, 2…)."""
    tournament = club_tournament(arbitre, **fields)
    registrations = register(tournament, sum(sizes))
    groups, start = [], 0
    for size in sizes:
        groups.append(registrations[start : start + size])
        start += size
    tables = seat(tournament, 1, groups)
    return tournament, tables[0].position, tables, registrations


def start(position: Position) -> Position:
    """Play the first deal of position's table 1: the position is under way."""
    Deal.objects.create(
        table=position.tables.first(), number=1, all_pass=True,
        marque_nord=0, marque_est=0, marque_sud=0, marque_ouest=0,
    )  # fmt: skip
    return position


def seat_ahead_then_change(tournament: Tournament) -> tuple[Registration, Registration]:
    """13 players: position 1 under way, every later position seated ahead, then a late
    arrival (Zoé Tardieu) and a withdrawal (the first player), which leave the later
    positions stale. Returns the player withdrawn and the late arrival."""
    registrations = register(tournament, 13)
    start(plan_committed(tournament=tournament, number=1, by=TESTS))
    for number in range(2, tournament.positions_count + 1):
        plan_committed(tournament=tournament, number=number, by=TESTS)
    late = register_player(tournament=tournament, last_name="Tardieu", first_name="Zoé", by=TESTS)
    check_in(registration=late, present=True, by=TESTS)
    withdraw_player(registration=registrations[0], by=TESTS)
    return registrations[0], late


def duo_with_penalty(tournament, players, position, arbitre, *, team_name: str):
    """A DUO whose players 1 and 2 form ``team_name``, player 1 penalised 50 at ``position``."""
    tournament.formula = "duo"
    tournament.save()
    team = Team.objects.create(tournament=tournament, name=team_name)
    tournament.registrations.filter(number__in=[1, 2]).update(team=team)
    add_penalty(
        registration=players[0],
        position=position,
        points=50,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    return tournament


# Dice thrown in the room, as the tests' arbitre types them.
ROOM_SEED = "425163"


def plan_committed(*, tournament, number: int, by=TESTS, reason: str = ""):
    """``plan_position`` as the placement page runs it: the draw's commitment fixed and shown
    first (``commit_draw``, its own request), the room seed entered (its own request), then
    the draw."""
    commit_draw(tournament=tournament, number=number, by=by, reason=reason)
    enter_room_seed(tournament=tournament, number=number, room_seed=ROOM_SEED, by=by)
    return plan_position(tournament=tournament, number=number, by=by)


def kept_apart(first: Registration, second: Registration, reason: str = "Même famille"):
    """``first`` and ``second`` kept apart in their tournament, as the arbitre names them."""
    return keep_apart(
        tournament=first.tournament, first=first, second=second, reason=reason, by=TESTS
    )


def two_positions_seated(tournament) -> tuple[Position, Position]:
    """16 players, position 1 seated and published, position 2 seated: its draw repeats no
    meeting."""
    tournament.positions_count = 2
    tournament.save()
    register(tournament, 16)
    first = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=first, by=TESTS)
    return first, plan_committed(tournament=tournament, number=2, by=TESTS)


def repeating_swap(first: Position, second: Position):
    """Seats ``y`` and ``z`` of position 2 whose swap seats ``y`` beside ``x``, whom they met
    at position 1's table ``number``: (x, y, z, number)."""
    x = second.seats.select_related("registration__player", "table").first()
    table = first.seats.get(registration=x.registration).table
    met = set(
        table.seats.exclude(registration=x.registration).values_list("registration", flat=True)
    )
    y = second.seats.exclude(table=x.table).filter(registration_id__in=met).first()
    z = second.seats.filter(table=x.table).exclude(pk=x.pk).first()
    return x, y, z, table.number
