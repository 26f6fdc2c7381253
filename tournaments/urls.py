from django.urls import path

from tournaments.views import public

urlpatterns = [
    path("", public.home, name="home"),
    path("tournois/<int:tournament_id>/", public.tournament_detail, name="tournament_detail"),
]
