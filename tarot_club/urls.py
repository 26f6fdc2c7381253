from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path(
        "connexion/",
        auth_views.LoginView.as_view(template_name="registration/login.html"),
        name="login",
    ),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    # Each app's own paths; none answers another's (tests/tarot_club/test_urls.py).
    path("", include("clubs.urls")),
    path("", include("tournaments.urls")),
    path("", include("championships.urls")),
    path("", include("notifications.urls")),
    path("", include("entries.urls")),
    path("", include("seasons.urls")),
    path("", include("palmares.urls")),
    path("", include("guides.urls")),
]
