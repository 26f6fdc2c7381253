"""The championship's tables: its stages, its halls and the roles given in a tournament, the
seatings' verifiable draws. Each names the tournament by its label; the tables keep the names
they were made with in tournaments/ (``db_table``, championships 0001)."""

from championships.models.draws import Draw as Draw
from championships.models.halls import Hall as Hall
from championships.models.halls import TournamentRole as TournamentRole
from championships.models.stages import Stage as Stage
