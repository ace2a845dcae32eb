"""Hypothesis: seating invariants hold for any field size, history and seed."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.leagues.seating import History, seat_week, table_sizes


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[int], History, int, int, int]:
    n = draw(st.integers(0, 60))
    players = draw(st.permutations(range(1000, 1000 + n)))
    if not n:
        return [], History(), draw(st.integers(0, 2**31)), 3, 4
    pairs = st.tuples(st.sampled_from(players), st.sampled_from(players))
    met = {
        (min(a, b), max(a, b)): c
        for (a, b), c in draw(st.dictionaries(pairs, st.integers(1, 3), max_size=80)).items()
        if a != b
    }
    counts = st.tuples(*[st.integers(0, 3)] * 4)
    seats = draw(st.dictionaries(st.sampled_from(players), counts, max_size=n))
    byes = draw(st.dictionaries(st.sampled_from(players), st.integers(0, 2), max_size=n))
    return (
        list(players),
        History(met, seats, byes),
        draw(st.integers(0, 2**31)),
        draw(st.integers(0, 10)),
        draw(st.sampled_from([3, 4])),
    )


@settings(max_examples=100, deadline=None)
@given(fields())
def test_every_player_is_seated_or_byed_exactly_once(field):
    ranked, history, seed, weight, preferred = field
    seating = seat_week(
        ranked, history, seed=seed, salt="p", repeat_weight=weight, preferred=preferred
    )
    placed = [p for t in seating.tables for p in t] + list(seating.byes)
    assert sorted(placed) == sorted(ranked)
    sizes, byes = table_sizes(len(ranked), preferred)
    assert sorted(len(t) for t in seating.tables) == sorted(sizes)
    assert len(seating.byes) == byes
    assert all(len(t) in (3, 4) for t in seating.tables)
    if len(ranked) >= 6:
        assert seating.byes == ()


@settings(max_examples=40, deadline=None)
@given(fields())
def test_seating_is_a_function_of_its_inputs(field):
    ranked, history, seed, weight, preferred = field
    kwargs = {"seed": seed, "salt": "p", "repeat_weight": weight, "preferred": preferred}
    assert seat_week(ranked, history, **kwargs) == seat_week(list(ranked), history, **kwargs)


@settings(max_examples=100, deadline=None)
@given(st.integers(6, 400), st.sampled_from([3, 4]))
def test_table_sizes_never_leave_byes_from_six_players(n, preferred):
    sizes, byes = table_sizes(n, preferred)
    assert byes == 0
    assert sum(sizes) == n
    assert sum(1 for s in sizes if s != preferred) < preferred
