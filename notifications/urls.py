"""The notifications' URLs, under the tournament's prefixes (tournaments/urls.py): the live
streams, public and the arbitre's, and « Me prévenir »'s subscription. Every path and name is
fixed (tests/test_url_paths.py)."""

from django.urls import include, path

from notifications.views import live, push

# tournois/<tournament_id>/: the public stream and a phone's subscription.
tournament_pages = [
    path("direct/", live.public_stream, name="live_stream"),
    path("notifications/", push.subscribe, name="push_subscribe"),
    path("notifications/retrait/", push.unsubscribe, name="push_unsubscribe"),
]

# arbitre/tournois/<tournament_id>/: the arbitres' stream (and the roles').
arbitre_pages = [
    path("direct/", live.arbitre_stream, name="arbitre_live_stream"),
]

urlpatterns = [
    path("tournois/<int:tournament_id>/", include(tournament_pages)),
    path("arbitre/tournois/<int:tournament_id>/", include(arbitre_pages)),
]
