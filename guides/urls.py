"""« Aide »: the guides (fixed paths, the documentation site's own)."""

from django.urls import path

from guides import views

urlpatterns = [
    path("aide/", views.guide_page, name="guide_home"),
    path("aide/<path:path>/", views.guide_page, name="guide_page"),
]
