"""Reading a club's journal: its entries, newest first."""

from django.db.models import QuerySet

from clubs.models import Club, ClubJournalEntry


def club_journal_entries(*, club: Club) -> QuerySet[ClubJournalEntry]:
    """The club's own entries (the club, its arbitres, its members, its seasons), newest
    first; its tournaments keep theirs."""
    return (
        ClubJournalEntry.objects.filter(club=club)
        .select_related("actor_user")
        .order_by("-at", "-pk")
    )
