"""The answer to a document's fixed URL, whatever the app: the kept file (200) when it shows
what there is now, else « Impression en préparation… » (202, ``Retry-After``), a page that
asks again by itself (htmx) and offers the file once it is ready.

Public documents (``public=True``) are limited per address for anonymous clients: a client
asking faster than a person would is answered 429 before it can cost a render.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header, urlencode

from common.actors import Actor
from common.addresses import client_address
from documents.drawing import drawing_for, is_ready, kept_files, parts_drawn, parts_under_way
from documents.limits import count_asked, seconds_left, take_turn
from documents.models import DocumentJob
from documents.registry import Params, document
from documents.services import ask_document, follow_job, params_key

RETRY_AFTER_SECONDS = 2
FOLLOWED = "travail"


def document_response(
    request: HttpRequest,
    kind: str,
    params: Params,
    *,
    filename: str,
    public: bool = False,
    by: Actor | None = None,
) -> HttpResponse:
    """The document's answer; ``by`` is who asks (the account logged in, or a visitor, unless
    the caller knows better: a table's phone)."""
    if public:
        refused = throttled_response(request)
        if refused:
            return refused
    by = by or Actor.of_request(request)
    job = _followed(request, kind, params, by) or ask_document(kind=kind, params=params, by=by)
    htmx = getattr(request, "htmx", False)
    if is_ready(job) and not htmx:
        return _file(job, filename=filename)
    # The page follows this job, whatever changes meanwhile: the arbitre gets the document
    # they asked for, not a new one at each change of a room saving its deals.
    url = f"{request.path}?{urlencode({FOLLOWED: job.digest})}"
    context = {"job": job, "url": url, "filename": filename, "State": DocumentJob.State}
    if job.state == DocumentJob.State.DRAWING:
        context["parts"] = parts_drawn(job)
        context["under_way"] = parts_under_way(job) if context["parts"] else []
        context["drawing_for"] = drawing_for(job)
    if htmx:
        return render(request, "documents/preparing.html#status", context)
    response = render(request, "documents/preparing.html", context, status=202)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def _followed(request: HttpRequest, kind: str, params: Params, by: Actor) -> DocumentJob | None:
    """The job named by the URL (``?travail=``), if it is one of this very document."""
    digest = request.GET.get(FOLLOWED, "")
    job = DocumentJob.objects.filter(kind=kind, key=params_key(params), digest=digest).first()
    if job is None:
        return None
    return follow_job(job, by=by, retry=request.GET.get("reessayer") == "1")


def _file(job: DocumentJob, *, filename: str) -> HttpResponse:
    kept_as = document(job.kind)
    # Read whole: a document is a few hundred kilobytes, and the storage may be remote.
    with kept_files().open(job.file, "rb") as kept:
        response = HttpResponse(kept.read(), content_type=kept_as.content_type)
    # A PDF (or JSON) opens in the browser; a spreadsheet is saved.
    response["Content-Disposition"] = content_disposition_header(not kept_as.inline, filename)
    return response


def throttled_response(request: HttpRequest) -> HttpResponse | None:
    """A public file asked by a visitor: counted for its address, and its turn taken (the pace
    of ``documents.pace``); the 429 « Trop de demandes » past the minute's limit, else None.
    The cheap files (CSV, JSON) answer through it too, before they are read."""
    if request.user.is_authenticated:
        return None
    wait = _throttled(request)
    if not wait:
        return None
    response = render(request, "documents/throttled.html", {"wait": wait}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _throttled(request: HttpRequest) -> int:
    """0 when this address may ask again (its turn taken); else the seconds it must wait."""
    address = client_address(request)
    if count_asked(address) <= settings.DOCUMENTS_PUBLIC_PER_MINUTE:
        take_turn(address)
        return 0
    return seconds_left()
