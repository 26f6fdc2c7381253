"""The Django admin: the administrator's fallback for clubs (the screens cover the rest)."""

from django.contrib import admin

from clubs.models import Club


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "town"]
    search_fields = ["name", "town"]
    filter_horizontal = ["arbitres"]
