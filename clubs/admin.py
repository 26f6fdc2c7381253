"""The Django admin: the administrator's fallback for clubs, their members and the player
directory (the screens cover the rest)."""

from django.contrib import admin

from clubs.models import Club, Member, Player


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "town"]
    search_fields = ["name", "town"]
    filter_horizontal = ["arbitres"]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["player", "club", "joined_at"]
    list_filter = ["club"]
    search_fields = ["player__last_name", "player__first_name", "player__licence"]
    raw_id_fields = ["player"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "licence", "club", "licence_pending"]
    list_filter = ["licence_pending"]
    search_fields = ["last_name", "first_name", "licence", "club"]
