"""Import the federation's licence list (CSV or Excel .xlsx) into the directory, for a club
or a committee (which the app runs as a club of its own): docs, « La liste des licences ».

A dry run by default: the command reads the file, maps its columns (those remembered from
the club's last import, else guessed from their names, or as ``--colonne`` says), and prints
the differences (new licences, players changed, licences gone, lines refused) without
changing anything. ``--appliquer`` applies them.

    python manage.py import_licences licences.csv --club 3
    python manage.py import_licences licences.xlsx --club 3 --colonne serie="Série FFT" --appliquer
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from clubs.licence_files import FIELDS, guessed_columns, missing_columns, read_table
from clubs.models import Club
from clubs.selectors.licences import LicenceDifferences, licence_differences, remembered_columns
from clubs.services.licences import import_licences
from common.actors import Actor
from common.refusals import Refused

SHOWN = 20  # lines of each kind printed; the others are counted


class Command(BaseCommand):
    help = (
        "Importe la liste des licences de la fédération (CSV ou .xlsx) dans l'annuaire des "
        "joueurs : montre les différences, et les applique avec --appliquer."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="le fichier de la liste (CSV ou .xlsx)")
        parser.add_argument(
            "--club", type=int, required=True, help="le n° du club (ou du comité) qui l'importe"
        )
        parser.add_argument(
            "--colonne",
            action="append",
            default=[],
            metavar="CHAMP=COLONNE",
            help=f"la colonne du fichier qui donne un champ ({', '.join(FIELDS)})",
        )
        parser.add_argument(
            "--appliquer", action="store_true", help="applique les différences (sinon : aperçu)"
        )

    def handle(self, *_args, **options):
        club = Club.objects.filter(pk=options["club"]).first()
        if club is None:
            raise CommandError(f"Aucun club n° {options['club']}.")
        try:
            content = Path(options["file"]).read_bytes()
        except OSError as error:
            raise CommandError(f"Fichier illisible : {error.strerror}.") from error
        try:
            table = read_table(content)
        except Refused as refusal:
            raise CommandError(refusal.message) from refusal
        columns = guessed_columns(table.headers, remembered_columns(club))
        for given in options["colonne"]:
            name, _, header = given.partition("=")
            if name not in FIELDS:
                raise CommandError(f"Champ inconnu : « {name} ». Champs : {', '.join(FIELDS)}.")
            if header not in table.headers:
                raise CommandError(
                    f"Le fichier n'a pas de colonne « {header} ». "
                    f"Ses colonnes : {', '.join(table.headers)}."
                )
            columns[name] = header
        missing = missing_columns(columns)
        if missing:
            raise CommandError(
                f'Colonne à choisir : {", ".join(missing)} (--colonne licence="…"). '
                f"Les colonnes du fichier : {', '.join(table.headers)}."
            )
        self._columns(columns)
        if not options["appliquer"]:
            differences = licence_differences(club=club, table=table, columns=columns)
            self._differences(differences)
            self.stdout.write("Aperçu seulement : rien n'a changé. Relancez avec --appliquer.")
            return
        try:
            differences = import_licences(
                club=club, table=table, columns=columns, by=Actor.running("import_licences")
            )
        except Refused as refusal:
            raise CommandError(refusal.message) from refusal
        self._differences(differences)
        self.stdout.write(self.style.SUCCESS("Différences appliquées."))

    def _columns(self, columns: dict) -> None:
        self.stdout.write("Colonnes :")
        for name, label in FIELDS.items():
            self.stdout.write(f"  {label} : {columns.get(name) or '(aucune)'}")

    def _differences(self, differences: LicenceDifferences) -> None:
        write = self.stdout.write
        write(
            f"{len(differences.new)} nouvelle(s) licence(s), {len(differences.changed)} "
            f"joueur(s) modifié(s), {differences.gone_count} licence(s) disparue(s) de la "
            f"liste, {differences.unchanged} sans changement, {len(differences.refused)} "
            "ligne(s) refusée(s)."
        )
        for row in differences.new[:SHOWN]:
            values = row.values
            write(f"  + {row.licence} {values['last_name'].upper()} {values['first_name']}")
        for change in differences.changed[:SHOWN]:
            words = " ; ".join(f"{name} : {a} → {b}" for name, a, b in change.words)
            write(f"  ~ {change.player.licence} {change.player} : {words}")
        for player in differences.gone[:SHOWN]:
            write(f"  - {player.licence} {player}")
        for refused in differences.refused[:SHOWN]:
            write(f"  ! ligne {refused.line} : {refused.reason}")
