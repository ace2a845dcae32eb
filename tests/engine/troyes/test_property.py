"""Property test: any sequence of legal choices keeps every invariant (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.troyes.helpers import ENGINE, checked_step


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**40),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=120),
)
def test_any_legal_choices_keep_the_invariants(seats, seed, picks):
    s = ENGINE.new_state({}, seats, seed)
    for pick in picks:
        if s.pending is None:
            break
        actions = ENGINE.legal_actions(s)
        s = checked_step(s, actions[pick % len(actions)])
