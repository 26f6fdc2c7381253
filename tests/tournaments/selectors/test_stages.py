"""The stages' arithmetic: the positions each spans, the carry-over, the final ranking."""

from fractions import Fraction

from championships.models import Stage
from championships.selectors.stages import carried, final_places, rank_stages, stage_spans


def test_each_stage_spans_the_positions_after_the_previous_ones():
    stages = [
        Stage(number=2, name="Finale", positions_count=2),
        Stage(number=1, name="Qualification", positions_count=3, cut=32),
    ]

    spans = stage_spans(stages)

    assert [(s.name, s.first, s.last) for s in spans] == [
        ("Qualification", 1, 3),
        ("Finale", 4, 5),
    ]


def test_half_a_total_is_rounded_to_the_point_halves_away_from_zero():
    assert [carried(t, Fraction(1, 2)) for t in (87, 86, -29, -28, 0)] == [44, 43, -15, -14, 0]


def test_nothing_and_the_whole_total_carry_as_said():
    assert (carried(-57, Fraction(0)), carried(-57, Fraction(1))) == (0, -57)


def ranked(cut=2):
    spans = stage_spans(
        [
            Stage(number=1, name="Qualification", positions_count=1, cut=cut),
            Stage(
                number=2,
                name="Finale",
                positions_count=1,
                carry_numerator=1,
                carry_denominator=2,
            ),
        ]
    )
    # Players 1 to 4 play the qualification; 1 and 2 the final, where 2 overtakes 1.
    bilans = {1: {1: 100, 2: -10}, 2: {1: 60, 2: 40}, 3: {1: 60}, 4: {1: -220}}
    return rank_stages(spans, bilans=bilans, penalties={}, closed={1, 2}, seated={1, 2}, order={})


def test_the_final_counts_the_carried_points_and_its_own():
    final = ranked()[1]

    assert [(line.key, line.total) for line in final.lines] == [(2, 70), (1, 40)]


def test_players_equal_at_the_line_all_qualify():
    qualification = ranked(cut=2)[0]

    assert [line.key for line in qualification.lines if line.qualified] == [1, 2, 3]
    assert qualification.tied_at_cut


def test_the_final_ranking_runs_on_from_the_finalists_to_those_who_stopped_before():
    places = final_places(ranked(cut=2))

    assert [(p.line.key, p.rank) for p in places] == [(2, 1), (1, 2), (3, 3), (4, 4)]
