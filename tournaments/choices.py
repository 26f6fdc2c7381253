"""The choices the tables hold, with the French words the pages show: places, formulas,
contracts and primes (their values are ``scoring.rules``'), statuses, the journal's actions;
and the deal's columns by place.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from common.choices import labelled
from scoring import rules


class Place(models.TextChoices):
    """The seats of a table, in the order the seating plan lists them."""

    NORD = "N", _("Nord")
    EST = "E", _("Est")
    SUD = "S", _("Sud")
    OUEST = "O", _("Ouest")
    CINQUIEME = "C", _("Cinquième")


_SEAT_ORDER = {place: index for index, place in enumerate(Place.values)}


def seat_order(place: str) -> int:
    """A place's rank as the sheet and the plan list them: Nord, Est, Sud, Ouest, then the
    fifth seat. Every list of seats or places is sorted by it."""
    return _SEAT_ORDER[place]


PLACES_BY_TABLE_SIZE = {
    3: (Place.NORD, Place.EST, Place.SUD),
    4: (Place.NORD, Place.EST, Place.SUD, Place.OUEST),
    5: (Place.NORD, Place.EST, Place.SUD, Place.OUEST, Place.CINQUIEME),
}


class Formula(models.TextChoices):
    INDIVIDUAL = "individuel", _("Individuel")
    DUO = "duo", _("DUO (équipes de 2)")
    QUADRETTE = "quadrette", _("Quadrette (équipes de 4)")


TEAM_SIZE = {Formula.INDIVIDUAL: 1, Formula.DUO: 2, Formula.QUADRETTE: 4}


class FiveMode(models.TextChoices):
    CALL = "appel", _("Appel au roi")
    DEAD = "mort", _("Avec un mort (le donneur ne joue pas)")
    # Règles du club only (docs/scoring.md §Règles du club): one taker against four.
    ALONE = "seul", _("Seul contre tous (règles du club)")


class RuleSet(models.TextChoices):
    """The rules a tournament scores by (docs/scoring.md §Règles du club)."""

    FFT = "fft", _("Règles FFT")
    CLUB = "club", _("Règles du club")


class MisereShown(models.TextChoices):
    """The misères one player announced in a deal (docs/scoring.md §Règles du club)."""

    PAS_D_HONNEUR = "pas_d_honneur", _("Pas d'honneur")
    PAS_D_ATOUT = "pas_d_atout", _("Pas d'atout")
    BOTH = "les_deux", _("Les deux")


# The tournament's columns that make its rules (Tournament.rule_profile), five_mode aside.
RULE_FIELDS = ("rules", "club_miseres", "club_individual_primes", "club_round_to_ten")

# Each stored value as the misères of ``scoring.rules``.
MISERE_KINDS = {
    MisereShown.PAS_D_HONNEUR: (rules.MisereKind.PAS_D_HONNEUR,),
    MisereShown.PAS_D_ATOUT: (rules.MisereKind.PAS_D_ATOUT,),
    MisereShown.BOTH: (rules.MisereKind.PAS_D_HONNEUR, rules.MisereKind.PAS_D_ATOUT),
}


Contract = labelled(
    rules.Contract,
    {
        rules.Contract.PRISE: _("Prise"),
        rules.Contract.GARDE: _("Garde"),
        rules.Contract.GARDE_SANS: _("Garde sans"),
        rules.Contract.GARDE_CONTRE: _("Garde contre"),
    },
    module=__name__,
)
Camp = labelled(
    rules.Camp, {rules.Camp.ATTACK: _("Attaque"), rules.Camp.DEFENSE: _("Défense")}, module=__name__
)
PoigneeSize = labelled(
    rules.PoigneeSize,
    {
        rules.PoigneeSize.SIMPLE: _("Simple"),
        rules.PoigneeSize.DOUBLE: _("Double"),
        rules.PoigneeSize.TRIPLE: _("Triple"),
    },
    module=__name__,
)
Chelem = labelled(
    rules.Chelem,
    {
        rules.Chelem.ANNOUNCED_MADE: _("Annoncé et réalisé"),
        rules.Chelem.UNANNOUNCED_MADE: _("Réalisé sans annonce"),
        rules.Chelem.ANNOUNCED_FAILED: _("Annoncé et chuté"),
        rules.Chelem.DEFENSE: _("Réalisé par la défense"),
    },
    module=__name__,
)


class TournamentStatus(models.TextChoices):
    PREPARATION = "preparation", _("En préparation")
    RUNNING = "en_cours", _("En cours")
    FINISHED = "termine", _("Terminé")


class SheetEventKind(models.TextChoices):
    CONFIRMED = "confirmed", _("Bilan confirmé")
    SIGNED = "signed", _("Feuille signée")
    REOPENED = "reopened", _("Feuille rouverte")
    CORRECTED = "corrected", _("Correction après signature")
    CLOSED = "closed", _("Feuille close par l'arbitre")


class JournalAction(models.TextChoices):
    """Every action the tournament's journal records, with its French label: the one list of
    them (a club's own are ``clubs.models.ClubAction``)."""

    TOURNAMENT_CREATED = "tournament.created", _("Tournoi créé")
    TOURNAMENT_UPDATED = "tournament.updated", _("Réglages du tournoi modifiés")
    TOURNAMENT_PUBLISHED = "tournament.published", _("Tournoi publié")
    TOURNAMENT_HIDDEN = "tournament.hidden", _("Tournoi masqué")
    REGISTRATION_REGISTERED = "registration.registered", _("Joueur inscrit")
    REGISTRATION_UPDATED = "registration.updated", _("Inscription corrigée")
    REGISTRATION_UNREGISTERED = "registration.unregistered", _("Inscription retirée")
    REGISTRATION_IMPORTED = "registration.imported", _("Joueurs importés (CSV)")
    REGISTRATION_CHECKED_IN = "registration.checked_in", _("Joueur pointé présent")
    REGISTRATION_LATE = "registration.arrived_late", _("Arrivée tardive")
    REGISTRATION_CHECKED_OUT = "registration.checked_out", _("Joueur pointé absent")
    REGISTRATION_WITHDRAWN = "registration.withdrawn", _("Retrait déclaré")
    REGISTRATION_RETURNED = "registration.withdrawal_cancelled", _("Retrait annulé")
    TEAM_CREATED = "team.created", _("Équipe créée")
    TEAM_CHANGED = "team.member_changed", _("Équipe d'un joueur changée")
    TEAM_DELETED = "team.deleted", _("Équipe supprimée")
    SEATING_PLANNED = "seating.planned", _("Placement tiré")
    SEATING_REPLANNED = "seating.replanned", _("Placement tiré à nouveau")
    SEATING_SWAPPED = "seating.swapped", _("Joueurs échangés")
    SEATING_PUBLISHED = "seating.published", _("Placement publié")
    APART_KEPT = "seating.apart_kept", _("Joueurs tenus à l'écart")
    APART_STOPPED = "seating.apart_stopped", _("Joueurs plus tenus à l'écart")
    TABLE_FIXED = "seating.table_fixed", _("Table fixe donnée")
    TABLE_FREED = "seating.table_freed", _("Table fixe retirée")
    DEAL_RECORDED = "deal.recorded", _("Donne inscrite")
    DEAL_CORRECTED = "deal.corrected", _("Donne corrigée")
    DEAL_DELETED = "deal.deleted", _("Donne supprimée")
    BILAN_CONFIRMED = "bilan.confirmed", _("Bilan confirmé")
    SHEET_SIGNED = "sheet.signed", _("Feuille signée")
    SHEET_REOPENED = "sheet.reopened", _("Feuille rouverte")
    SHEET_CLOSED = "sheet.closed", _("Feuille close par l'arbitre")
    POSITION_CLOSED = "position.closed", _("Position close")
    POSITION_REOPENED = "position.reopened", _("Position rouverte")
    TABLE_PHONE_OPENED = "table.phone_opened", _("Téléphone ouvert depuis la salle")
    CALL_HANDLED = "call.handled", _("Appel pris en compte")
    PENALTY_ADDED = "penalty.added", _("Pénalité donnée")
    PENALTY_CANCELLED = "penalty.cancelled", _("Pénalité annulée")
    STAGE_ADDED = "stage.added", _("Phase ajoutée")
    STAGE_UPDATED = "stage.updated", _("Phase modifiée")
    STAGE_DELETED = "stage.deleted", _("Phase supprimée")
    HALL_ADDED = "hall.added", _("Salle ajoutée")
    HALL_REMOVED = "hall.removed", _("Salle retirée")
    ROLE_GIVEN = "role.given", _("Rôle donné")
    ROLE_REMOVED = "role.removed", _("Rôle retiré")
    DRAW_COMMITTED = "draw.committed", _("Engagement de tirage fixé")
    DRAW_REVEALED = "draw.revealed", _("Secret du tirage révélé")
    DRAW_ROOM_SEED = "draw.room_seed", _("Graine de la salle saisie")
    # Lines that change nothing the tournament shows (``QUIET_ACTIONS``): a document asked
    # for, failed or asked again, a phone subscribed to a player's notifications or not.
    DOCUMENT_ASKED = "document.asked", _("Document demandé")
    DOCUMENT_FAILED = "document.failed", _("Document non préparé")
    DOCUMENT_RETRIED = "document.retried", _("Document demandé de nouveau")
    PUSH_SUBSCRIBED = "push.subscribed", _("Téléphone abonné aux notifications")
    PUSH_UNSUBSCRIBED = "push.unsubscribed", _("Téléphone désabonné des notifications")


# What the journal keeps but the tournament does not show: left out of its stamp
# (``selectors/standings.py:journal_stamps``), so that asking for a document draws no new one,
# and a phone subscribing empties no cached ranking.
QUIET_ACTIONS = (
    JournalAction.DOCUMENT_ASKED,
    JournalAction.DOCUMENT_FAILED,
    JournalAction.DOCUMENT_RETRIED,
    JournalAction.PUSH_SUBSCRIBED,
    JournalAction.PUSH_UNSUBSCRIBED,
)

# The tables' play: their deals, sheets and calls, and the penalties. They change neither who
# plays nor where: the position's plan and the players' cards are stamped without them
# (``selectors/standings.py:seating_stamp``), so that their files are kept while the room plays.
PLAY_ACTIONS = (
    JournalAction.DEAL_RECORDED,
    JournalAction.DEAL_CORRECTED,
    JournalAction.DEAL_DELETED,
    JournalAction.BILAN_CONFIRMED,
    JournalAction.SHEET_SIGNED,
    JournalAction.SHEET_REOPENED,
    JournalAction.SHEET_CLOSED,
    JournalAction.TABLE_PHONE_OPENED,
    JournalAction.CALL_HANDLED,
    JournalAction.PENALTY_ADDED,
    JournalAction.PENALTY_CANCELLED,
)
# What the seating's stamp leaves out: one tuple for its query and its partial index alike
# (PostgreSQL uses the index only for the very same list).
OUTSIDE_THE_SEATING = QUIET_ACTIONS + PLAY_ACTIONS


MARQUE_FIELDS = {
    Place.NORD: "marque_nord",
    Place.EST: "marque_est",
    Place.SUD: "marque_sud",
    Place.OUEST: "marque_ouest",
    Place.CINQUIEME: "marque_cinquieme",
}
POIGNEE_FIELDS = {
    Place.NORD: "poignee_nord",
    Place.EST: "poignee_est",
    Place.SUD: "poignee_sud",
    Place.OUEST: "poignee_ouest",
    Place.CINQUIEME: "poignee_cinquieme",
}
MISERE_FIELDS = {
    Place.NORD: "misere_nord",
    Place.EST: "misere_est",
    Place.SUD: "misere_sud",
    Place.OUEST: "misere_ouest",
    Place.CINQUIEME: "misere_cinquieme",
}


# A deal's result as the table gave it and its marques: what its history and the journal show.
# What a deal's form and record hold besides its poignées, in the order the sheet asks them.
DEAL_FIELDS = (
    "taker",
    "contract",
    "partner",
    "sitting_out",
    "bouts",
    "points",
    "petit_au_bout",
    "chelem",
)
DEAL_RESULT_FIELDS = (
    "all_pass",
    *DEAL_FIELDS,
    "chelem_announced",
    *POIGNEE_FIELDS.values(),
    *MISERE_FIELDS.values(),
    *MARQUE_FIELDS.values(),
)
