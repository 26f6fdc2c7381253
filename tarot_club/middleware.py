"""Two answers every page needs: the Content-Security-Policy, and a cut database connection
turned into a French answer rather than a 500."""

from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


class ContentSecurityPolicyMiddleware:
    """Sends ``settings.CONTENT_SECURITY_POLICY`` with every answer that has none of its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response


class DroppedConnectionMiddleware:
    """A database connection cut in the middle of a request (a restarted server, a proxy or
    an administrator that closed it between two queries): the connection is closed so that a
    fresh one is opened, and

    - a read (GET, HEAD) is run once more, which changes nothing: the person sees the page;
    - otherwise, or if the second run fails too, the person gets a French answer that says to
      try again, status 503 (nothing was changed: every write is one transaction). The writes
      that matter most, the deal saves, retry once themselves before getting here
      (``tournaments.db.retry_once_on_dropped_connection``).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        _close_cut_connections()
        match = request.resolver_match
        if request.method in ("GET", "HEAD") and match is not None:
            try:
                return match.func(request, *match.args, **match.kwargs)
            except (OperationalError, InterfaceError):
                _close_cut_connections()
        response = render(
            request,
            "connection_lost.html",
            {"message": _("La connexion à la base de données a été coupée : réessayez.")},
            status=503,
        )
        response["Retry-After"] = "1"
        return response


def _close_cut_connections() -> None:
    for connection in connections.all(initialized_only=True):
        connection.close_if_unusable_or_obsolete()
