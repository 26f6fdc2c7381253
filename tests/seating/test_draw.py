"""The verifiable draw's pure scheme (seating.draw, docs/tirage.md)."""

import hashlib
from dataclasses import replace

from seating.draw import (
    GENERATOR_VERSION,
    DrawPlayer,
    PublicDraw,
    commitment_of,
    differences,
    fingerprint,
    input_document,
    plan_of,
    seed_of,
    with_swaps,
)

SECRET = "00" * 32


def document(history=()):
    players = [DrawPlayer(player_id=100 + n, licence=f"0{9 - n}") for n in range(8)]
    return input_document(
        position=len(history) + 1, positions=2, allow_five=False, players=players, history=history
    )


def public(doc=None, secret=SECRET):
    doc = doc or document()
    input_fingerprint = fingerprint(doc)
    seed = seed_of(
        secret=secret, input_fingerprint=input_fingerprint, position=doc["position"],
        version=GENERATOR_VERSION,
    )  # fmt: skip
    plan = plan_of(doc, seed)[:1]
    return PublicDraw(
        position=doc["position"], attempt=1, commitment=commitment_of(secret), secret=secret,
        version=GENERATOR_VERSION, input=doc, input_fingerprint=input_fingerprint, seed=seed,
        plan=plan, plan_fingerprint=fingerprint(plan),
    )  # fmt: skip


def test_the_commitment_is_the_sha256_of_the_secrets_characters():
    assert commitment_of(SECRET) == hashlib.sha256(SECRET.encode()).hexdigest()


def test_the_input_lists_the_players_by_licence():
    licences = [player["licence"] for player in document()["players"]]

    assert licences == sorted(licences)


def test_the_seed_is_the_start_of_the_sha256_of_its_four_inputs_joined_by_colons():
    text = f"{SECRET}:abc:3:{GENERATOR_VERSION}"

    seed = seed_of(secret=SECRET, input_fingerprint="abc", position=3, version=GENERATOR_VERSION)

    assert seed == hashlib.sha256(text.encode()).hexdigest()[:16]


def test_the_same_document_and_seed_draw_the_same_plan():
    assert plan_of(document(), "0123456789abcdef") == plan_of(document(), "0123456789abcdef")


def test_another_secret_draws_another_plan():
    assert public(secret="11" * 32).plan != public().plan


def test_a_plan_seats_every_player_of_the_input_once():
    seated = sorted(player for table in public().plan[0] for player in table)

    assert seated == list(range(100, 108))


def test_a_draw_made_by_the_scheme_has_no_difference():
    assert differences(public()) == []


def test_a_plan_changed_after_the_draw_is_named_by_its_table():
    draw = public()
    changed = [[list(reversed(draw.plan[0][0])), *draw.plan[0][1:]]]

    found = differences(replace(draw, plan=changed, plan_fingerprint=fingerprint(changed)))

    assert found == [
        f"Position 1, tirage n° 1 : position 1, table 1 : publiée {changed[0][0]}, "
        f"re-tirée {draw.plan[0][0]}."
    ]


def test_a_secret_that_does_not_give_the_commitment_is_named():
    found = differences(replace(public(), commitment=commitment_of("22" * 32)))

    assert found == ["Position 1, tirage n° 1 : le secret ne donne pas l'engagement publié."]


def test_an_input_changed_after_the_draw_is_named():
    draw = public()
    other = {**draw.input, "allow_five": True}

    assert (
        "les données d'entrée ne donnent pas l'empreinte publiée"
        in differences(replace(draw, input=other))[0]
    )


def test_the_history_keeps_players_no_longer_present_out_of_the_plan():
    first = public().plan[0]
    gone = first[0][0]
    doc = document(history=[first])
    doc["players"] = [player for player in doc["players"] if player["player_id"] != gone]

    plan = plan_of(doc, "0123456789abcdef")

    assert gone not in [player for table in plan[0] for player in table]


def test_a_swap_exchanges_two_players_wherever_they_sit():
    assert with_swaps([[1, 2, 3, 4], [5, 6, 7, 8]], [[2, 7]]) == [[1, 7, 3, 4], [5, 6, 2, 8]]
