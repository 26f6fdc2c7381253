# A club's own entries (the club, its arbitres, its members, its seasons) move from the
# tournaments' journal to the club's (clubs 0003), in their order and unchanged; 0021 then
# makes the tournaments' journal a tournament's alone. Back again when unapplied.

from django.db import migrations

# What both journals keep of an entry, besides its club and its key.
KEPT = (
    "at",
    "actor_kind",
    "actor_user_id",
    "actor_script",
    "action",
    "subject_type",
    "subject_id",
    "subject",
    "before",
    "after",
)


def _copy(rows, model, db):
    model.objects.using(db).bulk_create(
        model(club_id=row.club_id, **{name: getattr(row, name) for name in KEPT}) for row in rows
    )


def to_the_clubs(apps, schema_editor):
    db = schema_editor.connection.alias
    entries = apps.get_model("tournaments", "JournalEntry").objects.using(db)
    club_rows = entries.filter(club__isnull=False).order_by("pk")
    _copy(club_rows.iterator(), apps.get_model("clubs", "ClubJournalEntry"), db)
    club_rows.delete()


# The club actions the tournaments' journal knew: an entry of a later one (a season's recount,
# clubs 0004) has no place there, and stays in the club's journal.
BEFORE_THE_MOVE = (
    "club.created",
    "club.updated",
    "club.arbitre_added",
    "club.arbitre_removed",
    "member.added",
    "member.updated",
    "member.removed",
    "season.created",
    "season.updated",
)


def back_to_the_tournaments(apps, schema_editor):
    db = schema_editor.connection.alias
    entries = apps.get_model("clubs", "ClubJournalEntry").objects.using(db)
    rows = entries.filter(action__in=BEFORE_THE_MOVE).order_by("pk")
    _copy(rows.iterator(), apps.get_model("tournaments", "JournalEntry"), db)
    rows.delete()


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0003_club_journal'),
        ('tournaments', '0019_player_and_member_move_to_clubs'),
    ]

    operations = [
        migrations.RunPython(to_the_clubs, back_to_the_tournaments),
    ]
