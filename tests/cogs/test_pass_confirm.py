"""The confirmation of a pass that leaves dice unused says so (playtest item 39)."""

from cogs.common import acting

ASK = "¿Pasas con 2 dados sin usar? No podrás usarlos esta ronda."


def test_the_engines_question_replaces_the_cannot_be_undone_sentence():
    assert acting._question(ASK, "Pasar", "", "es") == ASK


def test_a_pass_that_also_reveals_says_both():
    question = acting._question(ASK, "Pasar", "termina la ronda", "es")
    assert question == f"{ASK}\nAdemás no se puede deshacer: termina la ronda."


def test_other_moves_keep_their_confirmation():
    assert acting._question("", "Tirar", "se tira un dado", "es") == (
        "**Tirar** no se puede deshacer: se tira un dado. ¿Lo juegas?"
    )
