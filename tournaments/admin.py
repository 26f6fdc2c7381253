"""The Django admin: the arbitre's fallback for anything the screens do not cover yet."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from tournaments.models import (
    Deal,
    JournalEntry,
    Penalty,
    Position,
    Registration,
    Seat,
    Table,
    Team,
    Tournament,
)


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["number", "player", "team", "checked_in", "joins_from", "withdrawn_from"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "club", "venue", "formula", "status", "published", "arbitre"]
    list_filter = ["status", "published", "formula", "club"]
    search_fields = ["name", "venue", "organiser"]
    date_hierarchy = "date"
    inlines = [TeamInline, RegistrationInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["place", "registration", "confirmed_at"]
    raw_id_fields = ["registration"]


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    fields = [
        "number",
        "all_pass",
        "taker",
        "partner",
        "contract",
        "bouts",
        "points",
        "marque_nord",
        "marque_est",
        "marque_sud",
        "marque_ouest",
        "marque_cinquieme",
    ]
    readonly_fields = fields
    can_delete = False
    show_change_link = True


@admin.register(Position)
class PositionAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "seating_published_at", "closed_at"]
    list_filter = ["tournament"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["position", "number", "code", "locked_at"]
    list_filter = ["position__tournament"]
    inlines = [SeatInline, DealInline]


@admin.register(Deal)
class DealAdmin(SimpleHistoryAdmin):
    list_display = ["table", "number", "taker", "contract", "points", "bouts"]
    list_filter = ["table__position__tournament"]
    # Marques are computed by the scoring service when a deal is recorded; typing them by
    # hand here would bypass the rules, so the admin shows them without letting them change.
    readonly_fields = [
        "marque_nord",
        "marque_est",
        "marque_sud",
        "marque_ouest",
        "marque_cinquieme",
        "version",
    ]


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = [
        "registration",
        "position",
        "points",
        "reason",
        "arbitre",
        "created_at",
        "cancelled_at",
    ]
    list_filter = ["position__tournament"]

    def has_delete_permission(self, request, obj=None):  # noqa: ARG002 - Django's signature
        # A penalty is cancelled (tournaments.services.penalties), never deleted.
        return False


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament"]
    list_filter = ["tournament"]


@admin.register(JournalEntry)
class JournalEntryAdmin(admin.ModelAdmin):
    """The journal is written by the services only: the admin reads it, never changes it."""

    list_display = ["at", "tournament", "action", "actor_kind", "position_number", "table_number"]
    list_filter = ["action", "actor_kind"]
    list_select_related = ["tournament"]

    def has_add_permission(self, *_args, **_kwargs) -> bool:
        return False

    def has_change_permission(self, *_args, **_kwargs) -> bool:
        return False

    def has_delete_permission(self, *_args, **_kwargs) -> bool:
        return False
