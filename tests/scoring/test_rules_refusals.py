"""Deals that cannot happen are refused, naming the field (docs/scoring.md §What bad input gets)."""

import pickle
from decimal import Decimal

import pytest

from scoring.rules import Deal, InvalidDeal, Poignee


def deal(**overrides):
    """A garde at 4 players won by 8 (49 points, 2 bouts), changed by the overrides."""
    fields = {"players": 4, "contract": "garde", "points": 49, "bouts": 2}
    fields.update(overrides)
    return Deal(**fields)


def refusal(**overrides):
    with pytest.raises(InvalidDeal) as refused:
        deal(**overrides)
    return refused.value.field, str(refused.value)


def poignees(*camps_and_sizes):
    return tuple(Poignee(camp, size) for camp, size in camps_and_sizes)


TABLE_SIZE = "Une table de tarot compte 3, 4 ou 5 joueurs, pas {}."


@pytest.mark.parametrize("players", [2, 6, 0, "4", 4.0, True, None])
def test_table_of_other_than_3_4_or_5_players_is_refused(players):
    assert refusal(players=players) == ("players", TABLE_SIZE.format(repr(players)))


def test_unknown_contract_is_refused():
    assert refusal(contract="petite") == (
        "contract",
        "Contrat inconnu : « petite ». Valeurs possibles : « prise », « garde », "
        "« garde_sans », « garde_contre ».",
    )


def test_missing_contract_is_refused():
    assert refusal(contract=None) == (
        "contract",
        "Contrat à indiquer : « prise », « garde », « garde_sans », « garde_contre ».",
    )


@pytest.mark.parametrize(
    ("players", "points", "shown"),
    [(4, 92, "92"), (4, -1, "-1"), (3, 91.5, "91,5"), (5, Decimal("-0.5"), "-0,5")],
)
def test_points_outside_0_to_91_are_refused(players, points, shown):
    assert refusal(players=players, points=points) == (
        "points",
        f"Les points de l'attaque doivent être compris entre 0 et 91 (et non {shown}).",
    )


@pytest.mark.parametrize("points", [0, 91])
def test_points_0_and_91_are_accepted(points):
    assert deal(points=points, bouts=3 if points else 0).points == points


@pytest.mark.parametrize("points", [40.5, Decimal("40.5")])
def test_half_point_at_4_players_is_refused(points):
    assert refusal(points=points) == (
        "points",
        "À 4 joueurs les points de l'attaque sont toujours entiers : 40,5 n'est pas possible.",
    )


@pytest.mark.parametrize(
    ("players", "points", "shown"),
    [(3, 40.3, "40,3"), (5, Decimal("40.25"), "40,25"), (4, 40.75, "40,75")],
)
def test_fraction_other_than_a_half_is_refused(players, points, shown):
    assert refusal(players=players, points=points) == (
        "points",
        f"Les points de l'attaque se comptent au demi-point près : {shown} n'est pas possible.",
    )


@pytest.mark.parametrize(
    "points", ["40", True, float("nan"), float("inf"), Decimal("NaN"), Decimal("Infinity")]
)
def test_points_that_are_not_a_number_are_refused(points):
    assert refusal(points=points) == ("points", "Les points de l'attaque doivent être un nombre.")


def test_missing_points_are_refused():
    assert refusal(points=None) == (
        "points",
        "Les points de l'attaque sont à indiquer, de 0 à 91.",
    )


@pytest.mark.parametrize("bouts", [4, -1])
def test_bouts_outside_0_to_3_are_refused(bouts):
    assert refusal(bouts=bouts) == (
        "bouts",
        f"L'attaque détient de 0 à 3 bouts (le 21, le Petit et l'Excuse), pas {bouts}.",
    )


@pytest.mark.parametrize("bouts", [2.0, True, "2", None])
def test_bouts_that_are_not_a_whole_number_are_refused(bouts):
    assert refusal(bouts=bouts) == (
        "bouts",
        "Le nombre de bouts doit être un nombre entier, de 0 à 3.",
    )


def test_unknown_petit_au_bout_camp_is_refused():
    assert refusal(petit_au_bout="attaque") == (
        "petit_au_bout",
        "Camp du petit au bout inconnu : « attaque ». Valeurs possibles : « attack », « defense ».",
    )


def test_unknown_chelem_is_refused():
    assert refusal(chelem="made") == (
        "chelem",
        "Chelem inconnu : « made ». Valeurs possibles : « announced_made », "
        "« unannounced_made », « announced_failed », « defense ».",
    )


def test_unknown_poignee_camp_is_refused():
    with pytest.raises(InvalidDeal) as refused:
        Poignee(camp="attaque", size="simple")

    assert (refused.value.field, str(refused.value)) == (
        "poignees",
        "Camp de poignée inconnu : « attaque ». Valeurs possibles : « attack », « defense ».",
    )


def test_unknown_poignee_size_is_refused():
    with pytest.raises(InvalidDeal) as refused:
        Poignee(camp="attack", size="quadruple")

    assert (refused.value.field, str(refused.value)) == (
        "poignees",
        "Taille de poignée inconnue : « quadruple ». Valeurs possibles : « simple », "
        "« double », « triple ».",
    )


def test_poignee_given_as_a_string_is_refused():
    assert refusal(poignees=("simple",)) == (
        "poignees",
        "Poignée illisible : 'simple' (camp et taille attendus).",
    )


def test_single_poignee_not_in_a_list_is_refused():
    assert refusal(poignees=Poignee("attack", "simple")) == (
        "poignees",
        "Les poignées se donnent sous forme de liste.",
    )


def test_taker_showing_two_poignees_at_4_players_is_refused():
    assert refusal(poignees=poignees(("attack", "simple"), ("attack", "simple"))) == (
        "poignees",
        "2 poignées pour l'attaque, qui compte 1 joueur : "
        "un joueur ne montre qu'une poignée par donne.",
    )


def test_taker_alone_at_5_players_showing_two_poignees_is_refused():
    shown = poignees(("attack", "simple"), ("attack", "simple"))

    assert refusal(players=5, partner=False, poignees=shown) == (
        "poignees",
        "2 poignées pour l'attaque, qui compte 1 joueur : "
        "un joueur ne montre qu'une poignée par donne.",
    )


def test_three_attack_poignees_at_5_players_with_a_partner_are_refused():
    shown = poignees(*[("attack", "simple")] * 3)

    assert refusal(players=5, partner=True, poignees=shown) == (
        "poignees",
        "3 poignées pour l'attaque, qui compte 2 joueurs : "
        "un joueur ne montre qu'une poignée par donne.",
    )


def test_more_defence_poignees_than_defenders_are_refused():
    assert refusal(poignees=poignees(*[("defense", "simple")] * 4)) == (
        "poignees",
        "4 poignées pour la défense, qui compte 3 joueurs : "
        "un joueur ne montre qu'une poignée par donne.",
    )


def test_poignees_over_22_trumps_at_4_players_are_refused():
    assert refusal(poignees=poignees(("defense", "simple"), ("attack", "double"))) == (
        "poignees",
        "Ces poignées montrent au moins 23 atouts (simple 10 + double 13) à 4 joueurs : "
        "le jeu n'en a que 22 (21 atouts et l'Excuse).",
    )


def test_two_poignees_at_3_players_are_refused_for_want_of_trumps():
    shown = poignees(("defense", "simple"), ("defense", "simple"))

    assert refusal(players=3, poignees=shown) == (
        "poignees",
        "Ces poignées montrent au moins 26 atouts (simple 13 + simple 13) à 3 joueurs : "
        "le jeu n'en a que 22 (21 atouts et l'Excuse).",
    )


def test_poignees_over_22_trumps_at_5_players_are_refused():
    shown = poignees(("defense", "triple"), ("attack", "double"))

    assert refusal(players=5, partner=True, poignees=shown) == (
        "poignees",
        "Ces poignées montrent au moins 23 atouts (triple 13 + double 10) à 5 joueurs : "
        "le jeu n'en a que 22 (21 atouts et l'Excuse).",
    )


def test_poignees_up_to_22_trumps_are_accepted():
    at_4 = poignees(("attack", "simple"), ("defense", "simple"))
    at_5 = poignees(("attack", "simple"), ("defense", "triple"))

    assert len(deal(poignees=at_4).poignees) == 2
    assert len(deal(players=5, poignees=at_5).poignees) == 2


@pytest.mark.parametrize("chelem", ["announced_made", "unannounced_made"])
def test_petit_au_bout_to_defence_with_attack_chelem_is_refused(chelem):
    assert refusal(points=87, petit_au_bout="defense", chelem=chelem) == (
        "petit_au_bout",
        "L'attaque a fait le chelem : la défense n'a fait aucun pli, "
        "elle ne peut pas avoir mené le petit au bout.",
    )


def test_petit_au_bout_to_attack_with_defence_chelem_is_refused():
    assert refusal(points=4, bouts=1, petit_au_bout="attack", chelem="defense") == (
        "petit_au_bout",
        "La défense a fait le chelem : l'attaque n'a fait aucun pli, "
        "elle ne peut pas avoir mené le petit au bout.",
    )


def test_petit_au_bout_to_either_camp_with_announced_chelem_failed_is_accepted():
    assert deal(petit_au_bout="defense", chelem="announced_failed").petit_au_bout == "defense"
    assert deal(petit_au_bout="attack", chelem="announced_failed").petit_au_bout == "attack"


@pytest.mark.parametrize("chelem", ["announced_made", "unannounced_made"])
def test_attack_chelem_on_a_lost_contract_is_refused(chelem):
    assert refusal(points=30, chelem=chelem) == (
        "chelem",
        "L'attaque a fait le chelem : elle gagne forcément son contrat. "
        "Avec 2 bouts, il faut 41 points ; l'attaque n'en a que 30.",
    )


# FFT fascicule, « Le jeu de la carte »: an attack chelem made without the Excuse leaves it to
# the defence, for 4 points. Every other card is the attack's outside a garde contre.
CHELEM_WITH_3_BOUTS = (
    "L'attaque a fait le chelem avec 3 bouts : elle a toutes les cartes, "
    "soit 91 points (et non {})."
)
CHELEM_WITH_2_BOUTS = (
    "L'attaque a fait le chelem avec 2 bouts : la défense a gardé l'Excuse, qui lui compte "
    "4 points ; l'attaque a donc 87 points (et non {})."
)


@pytest.mark.parametrize("chelem", ["announced_made", "unannounced_made"])
def test_attack_chelem_at_a_garde_with_62_points_and_3_bouts_is_refused(chelem):
    assert refusal(points=62, bouts=3, chelem=chelem) == (
        "points",
        CHELEM_WITH_3_BOUTS.format(62),
    )


def test_attack_chelem_with_80_points_and_3_bouts_is_refused():
    assert refusal(points=80, bouts=3, chelem="announced_made") == (
        "points",
        CHELEM_WITH_3_BOUTS.format(80),
    )


@pytest.mark.parametrize("points", [62, 86])
def test_attack_chelem_with_2_bouts_needs_87_points(points):
    assert refusal(points=points, bouts=2, chelem="unannounced_made") == (
        "points",
        CHELEM_WITH_2_BOUTS.format(points),
    )


@pytest.mark.parametrize("bouts", [0, 1])
def test_attack_chelem_with_fewer_than_2_bouts_is_refused(bouts):
    assert refusal(points=60, bouts=bouts, chelem="announced_made") == (
        "bouts",
        "L'attaque a fait le chelem : elle a pris le 21 et le Petit, donc 2 bouts "
        f"(3 avec l'Excuse), et non {bouts}.",
    )


@pytest.mark.parametrize("contract", ["prise", "garde", "garde_sans"])
@pytest.mark.parametrize(("points", "bouts"), [(91, 3), (87, 2)])
def test_attack_chelem_with_every_card_but_perhaps_the_excuse_is_accepted(contract, points, bouts):
    made = deal(contract=contract, points=points, bouts=bouts, chelem="announced_made")

    assert (made.points, made.bouts, made.won) == (points, bouts, True)


@pytest.mark.parametrize("players", [3, 5])
def test_attack_chelem_points_are_the_same_at_3_and_5_players(players):
    assert refusal(players=players, points=Decimal("86.5"), chelem="announced_made") == (
        "points",
        CHELEM_WITH_2_BOUTS.format("86,5"),
    )
    assert deal(players=players, points=87, chelem="announced_made").points == 87


@pytest.mark.parametrize(("points", "bouts"), [(62, 3), (52, 1), (56, 0)])
def test_attack_chelem_at_a_garde_contre_needs_only_the_won_contract(points, bouts):
    made = deal(contract="garde_contre", points=points, bouts=bouts, chelem="announced_made")

    assert (made.points, made.won) == (points, True)


def test_attack_chelem_lost_at_a_garde_contre_is_refused():
    assert refusal(contract="garde_contre", points=40, bouts=2, chelem="announced_made") == (
        "chelem",
        "L'attaque a fait le chelem : elle gagne forcément son contrat. "
        "Avec 2 bouts, il faut 41 points ; l'attaque n'en a que 40.",
    )


def test_defence_chelem_on_a_won_contract_is_refused():
    assert refusal(points=60, bouts=0, chelem="defense") == (
        "chelem",
        "La défense a fait le chelem : l'attaque chute forcément son contrat. "
        "Sans bout, il lui fallait 56 points ; elle ne peut pas en avoir 60.",
    )


def test_petit_au_bout_is_not_checked_against_the_bouts():
    assert deal(bouts=0, points=60, petit_au_bout="attack").petit_au_bout == "attack"
    assert deal(bouts=3, points=60, petit_au_bout="defense").petit_au_bout == "defense"


@pytest.mark.parametrize("players", [3, 4])
def test_partner_at_a_table_not_of_5_is_refused(players):
    assert refusal(players=players, partner=True) == (
        "partner",
        f"Il n'y a de partenaire appelé qu'à 5 joueurs, pas à {players} joueurs.",
    )


@pytest.mark.parametrize("partner", ["yes", None, 1])
def test_partner_other_than_true_or_false_is_refused(partner):
    assert refusal(players=5, partner=partner) == (
        "partner",
        "Le partenaire se dit par oui ou non (True ou False).",
    )


def test_invalid_deal_is_a_value_error_carrying_its_field():
    with pytest.raises(ValueError, match="entre 0 et 91") as refused:
        deal(points=100)

    assert (refused.value.field, refused.value.message) == (
        "points",
        "Les points de l'attaque doivent être compris entre 0 et 91 (et non 100).",
    )


def test_invalid_deal_survives_pickling_with_its_field():
    copy = pickle.loads(pickle.dumps(InvalidDeal("bouts", "Trop de bouts.")))

    assert (copy.field, str(copy)) == ("bouts", "Trop de bouts.")
