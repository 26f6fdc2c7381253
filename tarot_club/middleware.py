"""The answers every page needs: the Content-Security-Policy, a database error (a cut
connection, a write that met another) turned into a French answer rather than a 500, and a
session saved again when its connection was cut."""

import logging
import re
from collections.abc import Callable
from contextlib import ExitStack

from django.conf import settings
from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.exceptions import SessionInterrupted
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from common.db import is_conflict, is_cut_connection

logger = logging.getLogger(__name__)

# A statement that changes the database: a request that sent none may run again.
WRITE_STATEMENT = re.compile(
    r"\s*(INSERT|UPDATE|DELETE|MERGE|CREATE|DROP|ALTER|TRUNCATE|COPY)\b", re.IGNORECASE
)

# What the person is told, by what happened: never « connexion coupée » for a conflict.
CUT_MESSAGE = "La connexion à la base de données a été coupée : réessayez."
CONFLICT_MESSAGE = (
    "Une autre modification est arrivée au même moment et la vôtre n'a pas pu être "
    "enregistrée : réessayez."
)
UNAVAILABLE_MESSAGE = "La base de données n'a pas pu répondre : réessayez dans un instant."


NUL_MESSAGE = (
    "Cette demande contient un caractère nul, que le site n'accepte nulle part : "
    "retapez la valeur sans lui."
)


class NulCharacterMiddleware:
    """A NUL character anywhere in a query parameter, a form field (its name or its value) or
    the stream's ``Last-Event-ID`` is answered with a French 400 before any view reads it:
    no database stores one (PostgreSQL refuses it in text), and no person types one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _holds_nul(request):
            return HttpResponse(
                _(NUL_MESSAGE), status=400, content_type="text/plain; charset=utf-8"
            )
        return self.get_response(request)


def _holds_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path or "\x00" in request.META.get("HTTP_LAST_EVENT_ID", ""):
        return True
    given = [request.GET]
    if request.method == "POST" and request.content_type in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        given.append(request.POST)
    return any(
        "\x00" in key or any("\x00" in value for value in values)
        for query in given
        for key, values in query.lists()
    )


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
    """A database error in the middle of a request, answered in French, never a 500:

    - a connection cut (a restarted server, a proxy or an administrator that closed it
      between two queries): the connection is closed so that a fresh one is opened;
    - a write that met another one (a deadlock, a serialization failure): the services
      already ran it once more (``common.db.retry_once_on_conflict``), and it met
      another again;
    - any other operational error of the database (too many connections, a server starting):
      logged, as it is no race and no cut.

    A read (GET, HEAD) is run once more, which changes nothing: the person sees the page. So
    is any request that had written nothing yet when the error came (a cut between the health
    check and a form's first read, say): every statement it sent is watched, and running it
    again is running it for the first time (a request carrying files is not: they were read).
    Otherwise, or if the second run fails too, the person gets a French answer that says what
    happened and to try again, status 503 (nothing was changed: every write is one
    transaction). The deal saves also retry once themselves on a cut connection
    (``common.db.retry_once_on_dropped_connection``).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        writes = {"count": 0}

        def note_writes(execute, sql, params, many, context):
            result = execute(sql, params, many, context)
            if WRITE_STATEMENT.match(sql):
                writes["count"] += 1
            return result

        request.database_writes = writes
        with ExitStack() as stack:
            for connection in connections.all():
                stack.enter_context(connection.execute_wrapper(note_writes))
            return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        message = _message_for(exception)
        _close_cut_connections()
        match = request.resolver_match
        wrote = getattr(request, "database_writes", {"count": 1})["count"] > 0
        read_only = request.method in ("GET", "HEAD") or not (wrote or request.FILES)
        if read_only and match is not None:
            try:
                return match.func(request, *match.args, **match.kwargs)
            except (OperationalError, InterfaceError) as again:
                message = _message_for(again)
                _close_cut_connections()
        return database_error_answer(request, message)


def _message_for(error: Exception) -> str:
    if is_conflict(error):
        return _(CONFLICT_MESSAGE)
    if is_cut_connection(error):
        logger.warning("Database connection cut under a request: %s", error, exc_info=error)
        return _(CUT_MESSAGE)
    logger.error("Database error answered with a 503: %s", error, exc_info=error)
    return _(UNAVAILABLE_MESSAGE)


def database_error_answer(request: HttpRequest, message: str) -> HttpResponse:
    response = render(request, "connection_lost.html", {"message": message}, status=503)
    response["Retry-After"] = "1"
    return response


def _close_cut_connections() -> None:
    for connection in connections.all(initialized_only=True):
        connection.close_if_unusable_or_obsolete()


class SessionMiddleware(DjangoSessionMiddleware):
    """Django's session middleware, whose save survives a connection cut under it.

    Django turns any database error while the session is saved into ``SessionInterrupted``
    (400, « the session was deleted before the request completed »): a phone that typed its
    table's right code was told its request was bad. Here a save cut with its connection is
    made once more on a fresh connection; if that fails too, the answer is the French 503
    that says to try again, never a 400 for a right code.
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        try:
            return super().process_response(request, response)
        except SessionInterrupted as interrupted:
            cause = interrupted.__context__
            if not (
                isinstance(cause, UpdateError)
                and (is_cut_connection(cause.__context__) or is_conflict(cause.__context__))
            ):
                raise
        _close_cut_connections()
        try:
            return super().process_response(request, response)
        except SessionInterrupted as interrupted:
            cause = interrupted.__context__
            error = cause.__context__ if isinstance(cause, UpdateError) else None
            if error is None or not (is_cut_connection(error) or is_conflict(error)):
                raise
            return database_error_answer(request, _message_for(error))
