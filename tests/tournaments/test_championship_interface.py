"""What a tournament asks of its championship (tournaments/championship.py) is answered, by
the championship's own selectors and services, under the same names and arguments."""

import inspect

from championships import answers
from championships.models import TournamentRole
from tournaments import championship

ASKED = sorted(
    name
    for name, value in vars(championship).items()
    if inspect.isfunction(value)
    and value.__module__ == championship.__name__
    and not name.startswith("_")
    and name != "answer_with"
)


def test_the_championship_answers_at_start():
    assert championship._championship() is answers


def test_every_question_has_its_answer_with_the_same_arguments():
    unanswered = [name for name in ASKED if not callable(getattr(answers, name, None))]
    differing = [
        name
        for name in ASKED
        if name not in unanswered
        and list(inspect.signature(getattr(championship, name)).parameters)
        != list(inspect.signature(getattr(answers, name)).parameters)
    ]

    assert (unanswered, differing) == ([], [])


def test_the_roles_kinds_are_the_ones_the_table_stores():
    assert (championship.HALL_ARBITRE, championship.POINTEUR) == (
        TournamentRole.Kind.HALL_ARBITRE,
        TournamentRole.Kind.POINTEUR,
    )
