"""The championship's answers to what a tournament asks of it (``tournaments.championship``),
handed to it at start (``championships.apps``): each the championship's own selector or
service, under the name the tournament asks by."""

from championships.models import Hall, TournamentRole
from championships.selectors.draws import commitment_published as commitment_published
from championships.selectors.draws import commitment_to_show as commitment_to_show
from championships.selectors.draws import draw_in_force as draw_in_force
from championships.selectors.draws import draw_input as draw_input
from championships.selectors.draws import pairs_made_by_swaps as pairs_made_by_swaps
from championships.selectors.draws import pending_draw as pending_draw
from championships.selectors.hall_tables import empty_hall as empty_hall
from championships.selectors.hall_tables import empty_halls as empty_halls
from championships.selectors.halls import hall_of as hall_of
from championships.selectors.halls import in_hall as in_hall
from championships.selectors.halls import roles_of as roles_of
from championships.selectors.halls import tournament_halls as tournament_halls
from championships.selectors.stages import after_stage as after_stage
from championships.selectors.stages import final_places as final_places
from championships.selectors.stages import for_stage as for_stage
from championships.selectors.stages import rank_stages as rank_stages
from championships.selectors.stages import span_of as span_of
from championships.selectors.stages import stage_name as stage_name
from championships.selectors.stages import tournament_stages as tournament_stages
from championships.services.draws import commit_draw as commit_draw
from championships.services.draws import commit_first_draw as commit_first_draw
from championships.services.draws import drawn as drawn
from championships.services.draws import enter_room_seed as enter_room_seed
from championships.services.draws import make_draw as make_draw
from championships.services.draws import note_swap as note_swap
from championships.services.draws import reveal_published as reveal_published


def hall_numbered(*, tournament_id: int, number: int) -> Hall:
    return Hall.objects.get(tournament=tournament_id, number=number)


def hall_holding(*, tournament_id: int, table_number: int) -> Hall | None:
    return (
        Hall.objects.filter(
            tournament_id=tournament_id,
            first_table__lte=table_number,
            last_table__gte=table_number,
        )
        .order_by("first_table")
        .first()
    )


def role_held(*, user_id: int, tournament_id: int) -> TournamentRole | None:
    return (
        TournamentRole.objects.select_related("hall")
        .filter(tournament_id=tournament_id, user_id=user_id)
        .first()
    )
