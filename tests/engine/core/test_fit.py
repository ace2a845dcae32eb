"""engine/core/fit.py: texts cut where a clause ends, not inside a figure (playtest item 88)."""

from engine.core.fit import clip, clip_keeping_outcome, cut_inside

LINE = (
    "Cría: coloca cubos; después vende en el mercado: 5 denarios por cubo gastado. 1 vez por "
    "cada 4 puntos de dados."
)


def test_a_text_that_fits_is_kept_as_it_is():
    assert clip("Pasar", 80) == "Pasar"
    assert clip_keeping_outcome("Hecho: pasa", 80) == "Hecho: pasa"


def test_a_long_text_is_cut_where_a_clause_ends():
    shown = clip(LINE, 100)
    assert shown == "Cría: coloca cubos; después vende en el mercado: 5 denarios por cubo gastado…"
    assert not cut_inside(LINE, shown)
    # a plain cut, as before, ends inside the figure "4 puntos"
    assert cut_inside(LINE, LINE[:99] + "…")


def test_with_no_clause_ending_late_enough_the_cut_is_at_a_word():
    text = "palabra " * 20
    assert clip(text, 30) == "palabra palabra palabra…"


def test_an_outcome_is_kept_whole_and_the_cut_is_before_it():
    line = (
        "Hecho: contrarresta el dado negro de 6 con amarillo 4 y 2 puntos sobrantes del grupo "
        "anterior: +1 de influencia"
    )
    shown = clip_keeping_outcome(line, 80)
    assert shown == "Hecho: contrarresta el dado negro de 6 con amarillo 4…: +1 de influencia"
    assert not cut_inside(line, shown)
    assert cut_inside(
        line, "Hecho: contrarresta el dado negro de 6 con amarillo 4 y 2…: +1 de influencia"
    )
