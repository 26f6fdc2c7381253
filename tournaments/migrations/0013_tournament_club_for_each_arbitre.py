"""Every tournament already known gets a club: one club per arbitre, named after them, with
them as its arbitre, so that each arbitre keeps running exactly the tournaments they ran."""

import unicodedata

from django.conf import settings
from django.db import migrations


def club_name(user) -> str:
    """« Club d'Anne Arbitre », « Club de Paul », « Club de arbitre2 » (no name: the login)."""
    name = f"{user.first_name} {user.last_name}".strip() or user.username
    first = unicodedata.normalize("NFKD", name[:1]).casefold()[:1]
    return f"Club d'{name}" if first and first in "aeiouy" else f"Club de {name}"


def give_each_tournament_a_club(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Club = apps.get_model("clubs", "Club")
    User = apps.get_model(settings.AUTH_USER_MODEL)
    arbitre_ids = (
        Tournament.objects.filter(club__isnull=True)
        .order_by()
        .values_list("arbitre_id", flat=True)
        .distinct()
    )
    for user in User.objects.filter(pk__in=list(arbitre_ids)).order_by("pk"):
        club = Club.objects.create(name=club_name(user))
        club.arbitres.add(user)
        Tournament.objects.filter(arbitre_id=user.pk, club__isnull=True).update(club=club)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_club_and_members"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # Backwards, the clubs stay: the previous migration's removal of the column forgets
        # which club each tournament had.
        migrations.RunPython(give_each_tournament_a_club, migrations.RunPython.noop),
    ]
