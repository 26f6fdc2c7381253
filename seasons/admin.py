from django.contrib import admin

from seasons.models import Recount, Season


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "start", "end", "method", "best", "minimum", "chosen")
    list_filter = ("method",)
    search_fields = ("name", "club__name")
    filter_horizontal = ("tournaments",)


@admin.register(Recount)
class RecountAdmin(admin.ModelAdmin):
    list_display = ("season", "at", "evening", "reason")
    readonly_fields = ("season", "at", "evening", "reason")
