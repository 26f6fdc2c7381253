"""« Aide »: the French guides of docs/, rendered in the app's own pages."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from guides.pages import guide


@require_GET
def guide_page(request: HttpRequest, path: str = "index") -> HttpResponse:
    found = guide(path.strip("/"))
    if found is None:
        raise Http404
    return render(request, "guides/page.html", {"guide": found})
