"""What every journal shares (common.journal): a kept value in words."""

from common.journal import value_words
from seasons.models import Season
from tournaments.models import Tournament


def test_a_date_kept_in_the_journal_reads_as_a_french_date():
    assert value_words("2026-09-01", Season._meta.get_field("start")) == "01/09/2026"


def test_a_moment_kept_in_the_journal_is_not_read_as_a_date():
    created = Tournament._meta.get_field("created_at")

    assert value_words("2026-09-01T20:30:00", created) == "2026-09-01T20:30:00"
