"""What a licence list would change in the directory, before anything is changed: the new
licences, the players whose name, club, série… the list writes otherwise, and the licences of
the club's last list that this one no longer has (docs, « La liste des licences »)."""

import hashlib
from dataclasses import dataclass, field

from clubs.licence_files import FIELDS, LicenceRow, LicenceTable, RefusedLine, licence_rows
from clubs.models import Club, LicenceList, Player


@dataclass(frozen=True)
class Change:
    """A player the list writes otherwise: each field changed, as (before, after)."""

    player: Player
    fields: dict  # field → (before, after)

    @property
    def renamed(self) -> bool:
        """Both names change: the same person, or a licence typed wrong in the list? The
        preview asks to check it (the licence keeps its player either way)."""
        return "last_name" in self.fields and "first_name" in self.fields

    @property
    def words(self) -> list[tuple[str, str, str]]:
        """Each change as (the field's name, before, after), in words."""
        return [
            (str(FIELDS[name]), _shown(before), _shown(after))
            for name, (before, after) in self.fields.items()
        ]


def _shown(value) -> str:
    if value is None or value == "":
        return "—"
    if hasattr(value, "strftime"):
        return value.strftime("%d/%m/%Y")
    return str(value)


@dataclass
class LicenceDifferences:
    """What importing the list would do; ``fingerprint`` names it, so that what is applied is
    what was shown (``import_licences`` refuses when it changed meanwhile)."""

    columns: dict
    new: list[LicenceRow] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)
    gone: list[Player] = field(default_factory=list)
    gone_count: int = 0
    unchanged: int = 0
    refused: list[RefusedLine] = field(default_factory=list)
    licences: list[str] = field(default_factory=list)  # every licence the list holds
    fingerprint: str = ""

    @property
    def empty(self) -> bool:
        return not self.new and not self.changed and not self.gone_count


GONE_SHOWN = 200  # a preview names this many licences gone, and counts the others


def remembered_columns(club: Club) -> dict:
    """The columns the club's last import mapped (empty before its first)."""
    kept = LicenceList.objects.filter(club=club).first()
    return dict(kept.columns) if kept else {}


def licence_differences(
    *, club: Club, table: LicenceTable, columns: dict[str, str]
) -> LicenceDifferences:
    """What the list ``table`` read by ``columns`` changes in the directory: a licence the
    directory has keeps its player (their name or club may change), a new one is a new
    player; fields the list has no column for are left as they are."""
    rows, refused = licence_rows(table, columns)
    differences = LicenceDifferences(columns=dict(columns), refused=refused)
    given = [name for name in FIELDS if name != "licence" and name in columns]
    known = {
        player.licence: player
        for player in Player.objects.filter(licence_pending=False).exclude(licence="")
    }
    digest = hashlib.sha256()
    for row in rows:
        differences.licences.append(row.licence)
        player = known.get(row.licence)
        if player is None:
            differences.new.append(row)
            digest.update(f"+{row.licence}{sorted(row.values.items())}".encode())
            continue
        changes = {
            name: (getattr(player, name), row.values[name])
            for name in given
            if getattr(player, name) != row.values[name]
        }
        if changes:
            differences.changed.append(Change(player=player, fields=changes))
            digest.update(f"~{player.pk}{sorted(changes.items())}".encode())
        else:
            differences.unchanged += 1
    kept = LicenceList.objects.filter(club=club).first()
    listed = set(differences.licences)
    gone = sorted(set(kept.licences) - listed) if kept else []
    differences.gone_count = len(gone)
    differences.gone = [known[licence] for licence in gone[:GONE_SHOWN] if licence in known]
    digest.update(f"-{gone}".encode())
    differences.fingerprint = digest.hexdigest()[:32]
    return differences


def last_licence_list(club: Club) -> LicenceList | None:
    """What the club's last import left: its date, its columns, how many licences it held."""
    return LicenceList.objects.filter(club=club, imported_at__isnull=False).first()
