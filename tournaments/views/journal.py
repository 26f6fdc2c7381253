"""The tournament's journal, for its arbitre: every write, newest first, filtered by position
and table (a GET form that works without JavaScript; htmx refreshes the list only)."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from common.htmx import HtmxHttpRequest, render_page
from tournaments.forms.journal import JournalFilterForm
from tournaments.permissions import arbitre_tournament_or_404
from tournaments.selectors.journal import journal_entries, journal_table_numbers, with_changes

# A page of the journal: enough to follow a position, short enough to read on a phone.
ENTRIES_PER_PAGE = 50


@require_GET
@login_required
def journal(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = arbitre_tournament_or_404(request, tournament_id)
    form = JournalFilterForm(
        request.GET or None,
        tournament=tournament,
        table_numbers=journal_table_numbers(tournament=tournament),
    )
    filters = form.filters()
    entries = journal_entries(tournament=tournament, **filters)
    page = Paginator(entries, ENTRIES_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "tournament": tournament,
        "form": form,
        "filtered": any(value is not None for value in filters.values()),
        "page": page,
        "entries": with_changes(page.object_list),
    }
    return render_page(request, "results/journal.html", context, partial="entries")
