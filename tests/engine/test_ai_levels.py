"""The three AI levels: legal play to the end, determinism, and the hard player never peeks."""

from typing import Any

import pytest

from engine import games
from engine.ai import make_player, planner, rollout
from engine.ai.ismcts import IsmctsPlayer
from engine.ai.levels import LEVELS
from engine.ai.planner import sampled_plan_values
from engine.ai.sampling import search_kind, search_seed, support_of
from engine.ai.values import value_of
from engine.core.protocol import Decision
from engine.core.rng import Rng
from engine.games import GAMES
from engine.troyes.actions import Pass
from engine.troyes.game import EVERY_MODULE
from engine.troyes.ladies_actions import Walk
from tests.engine.troyes.helpers import play, walls_table

# A short search keeps the tests quick; the budget is an iteration count, so it is exact.
# Troyes' hard player, and Trajan's at 2 players, roll out (engine/ai/rollout.py): an
# iteration is a roll-out of one or two rounds of turns, some 10-100 ms, so they get a few;
# Trajan's tree search (3 and 4 players) gets cheap iterations.
ITERATIONS = {"troyes": 2, "trajan": 2}
SEARCHED = {"troyes": 8, "trajan": 8}  # one decision looked at closely: two rounds of 4
TREE_SEARCHED = 150  # Trajan's tree at 3 players


def _player(level: str, game: str) -> Any:
    return IsmctsPlayer(iterations=ITERATIONS[game]) if level == "hard" else make_player(level)


def _play(engine: Any, players: list[Any], seed: int, options: Any = None) -> Any:
    state = engine.new_state(options or {}, len(players), seed)
    decisions = 0
    while state.pending is not None:
        action = players[state.pending.seat].choose(engine, state)
        assert action in engine.legal_actions(state)
        state = engine.apply(state, action).state
        decisions += 1
        assert decisions < 5000, "the game does not end"
    return state


@pytest.mark.parametrize("game", ["troyes", "trajan"])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seats", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_every_level_plays_a_seeded_game_to_the_end(game, level, seats):
    engine = GAMES[game]
    # The level under test sits at seat 1 beside normal players.
    players = [make_player("normal") for _ in range(seats)]
    players[1] = _player(level, game)
    state = _play(engine, players, seed=7 + seats)
    assert engine.result(state) is not None


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_troyes_with_every_ladies_module(level):
    engine = GAMES["troyes"]
    state = _play(engine, [_player(level, "troyes"), make_player("normal")], 5, EVERY_MODULE)
    assert engine.result(state) is not None


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("grandmaster")


def _state_after(
    engine: Any, seed: int, decisions: int, seats: int = 2, options: Any = None
) -> Any:
    state = engine.new_state(options or {}, seats, seed)
    normal = make_player("normal")
    for _ in range(decisions):
        state = engine.apply(state, normal.choose(engine, state)).state
    while len(engine.legal_actions(state)) < 3:  # a real choice for the search
        state = engine.apply(state, normal.choose(engine, state)).state
    return state


@pytest.mark.parametrize("game", ["troyes", "trajan"])
def test_hard_player_is_deterministic_for_a_seed_and_budget(game):
    engine = GAMES[game]
    state = _state_after(engine, 3, 40)
    first = IsmctsPlayer(iterations=SEARCHED[game]).choose(engine, state)
    assert IsmctsPlayer(iterations=SEARCHED[game]).choose(engine, state) == first


def test_trajan_hard_searches_a_tree_at_three_players_and_rolls_out_at_two_and_four():
    # Trajan's spec asks for roll-outs at 2 and 4 players (AiSupport.seat_search).
    engine = GAMES["trajan"]
    two, four = _state_after(engine, 3, 40), _state_after(engine, 3, 60, seats=4)
    three = _state_after(engine, 3, 50, seats=3)
    for rolls in (two, four):
        rolled = IsmctsPlayer(iterations=4).search(engine, rolls, rolls.pending.seat)
        assert isinstance(rolled, rollout.Root)
    # The same 4-player position and budget: the same move.
    first = IsmctsPlayer(iterations=8).choose(engine, four)
    assert IsmctsPlayer(iterations=8).choose(engine, four) == first
    tree = IsmctsPlayer(iterations=TREE_SEARCHED)
    root = tree.search(engine, three, three.pending.seat)
    assert not isinstance(root, rollout.Root)
    assert tree.last_iterations == TREE_SEARCHED
    # The same 3-player position and budget: the same move.
    first = tree.choose(engine, three)
    assert IsmctsPlayer(iterations=TREE_SEARCHED).choose(engine, three) == first


def _thinking(level: str, engine: Any, state: Any) -> Any:
    """Return what a level's choice rests on: the search's visits, the plans' values."""
    if level == "hard":  # Troyes: the roll-out search's arms; Trajan: the tree's visits
        player = IsmctsPlayer(iterations=SEARCHED[engine.name])
        root = player.search(engine, state, state.pending.seat)
        arms = {a: (c.visits, c.reward) for a, c in root.children.items()}
        return player.choose(engine, state), arms
    if level == "normal":
        return sampled_plan_values(engine, state, value_of(engine))
    return make_player(level).choose(engine, state)


def _rollout_arms(engine: Any, state: Any, iterations: int) -> Any:
    seat = state.pending.seat
    rng = Rng(search_seed(engine, state, seat, 0), state.version, "test")
    root, done = rollout.search(engine, state, seat, iterations, rng)
    return root.best(), done, {a: (c.visits, c.reward) for a, c in root.children.items()}


def test_the_rollout_search_is_deterministic_and_rates_the_planner_s_best_moves():
    engine = GAMES["troyes"]
    state = _state_after(engine, 3, 40)
    best, done, arms = _rollout_arms(engine, state, 8)
    assert done == 8
    assert _rollout_arms(engine, state, 8) == (best, done, arms)
    values = sampled_plan_values(engine, state, value_of(engine))
    actions = engine.legal_actions(state)
    planned = sorted(range(len(actions)), key=lambda i: (-values[i], i))[: rollout.CANDIDATES]
    assert list(arms) == [actions[i] for i in planned]
    # Round after round, every candidate is rolled out on the same determinisation.
    visits = [v for v, _reward in arms.values()]
    assert sum(visits) == 8
    assert max(visits) - min(visits) <= 1
    margin = {actions[planned[0]]: rollout.MARGIN}  # the planner's own choice counts more
    assert best == max(arms, key=lambda a: arms[a][1] / arms[a][0] + margin.get(a, 0.0))


def test_the_rollout_search_overrides_the_planner_only_by_more_than_the_margin():
    # A roll-out is rated by the value the planner plans with, so a small edge over the
    # planner's own first choice is as likely the roll-out's bias: it must exceed MARGIN VP.
    root = rollout.Root()
    root.order = ["planned", "second", "third"]
    root.children = {a: rollout.Arm() for a in root.order}
    for action, leads in {"planned": [1.0, 2.0], "second": [2.0, 2.5], "third": [0.0, 0.0]}.items():
        root.children[action].visits = len(leads)
        root.children[action].reward = sum(leads)
    assert root.best() == "planned"  # 2.25 against 1.5: 0.75 VP better, under the margin
    root.children["second"].reward += 2 * rollout.MARGIN  # now 0.75 + MARGIN VP better
    assert root.best() == "second"
    # Without roll-outs of its own the planner's choice is not rated: the best tried is played.
    root.children["planned"].visits = 0
    root.children["planned"].reward = 0.0
    assert root.best() == "second"


def _horizon(engine: Any) -> int:
    """Return the roll-out horizon the game's spec sets (Troyes: 2)."""
    support = support_of(engine)
    assert support is not None
    return support.horizon


def _before_a_pass(seats: int, seed: int) -> Any:
    engine = GAMES["troyes"]
    state = _state_after(engine, seed, 30, seats=seats)
    while Pass() not in engine.legal_actions(state) or state.phase != "actions":
        state = engine.apply(state, make_player("normal").choose(engine, state)).state
    return state


def test_a_rollout_from_a_pass_stops_after_rounds_of_turns():
    # A seat that passes has no turn left in the round: its roll-out used to play the rivals'
    # whole round (into the next round, or MAX_STEPS decisions). It now stops once every
    # rival has had its turns, where the seat's own would have come back.
    engine: Any = GAMES["troyes"]
    state = _before_a_pass(4, 5)
    seat = state.pending.seat
    passed = engine.apply(state, Pass()).state
    stopped = rollout.play_out(
        engine, passed, seat, value_of(engine), lambda _s: False, _horizon(engine)
    )
    assert stopped.round == state.round
    assert stopped.passed[seat]
    assert stopped.version - passed.version < rollout.MAX_STEPS


class _Turns:
    """A table where every turn is one forced step, seat after seat (play_out's clock only).

    The seats in `playing` take their turns in order; one left out has passed.
    """

    class State:
        def __init__(self, seats: int, playing: list[int], step: int = 0) -> None:
            self.seats = seats
            self.playing = playing
            self.step = step
            self.pending = Decision(playing[step % len(playing)], "turn")

    class Step:
        def __init__(self, state: Any) -> None:
            self.state = state

    def legal_actions(self, state: Any) -> list[str]:
        return ["next"]

    def apply(self, state: Any, action: str) -> Any:
        return self.Step(self.State(state.seats, state.playing, state.step + 1))


def _turns_played(seats: int, playing: list[int], seat: int) -> int:
    engine: Any = _Turns()  # only what play_out asks of a game
    start = _Turns.State(seats, playing)
    stopped = rollout.play_out(engine, start, seat, lambda _s, _i: 0.0, lambda _s: False, 2)
    return int(stopped.step)


@pytest.mark.parametrize("seats", [2, 4])
def test_a_rollout_plays_until_the_seat_has_answered_its_rivals(seats):
    # One round of turns let the rivals answer the candidate but never the seat answer them
    # (at 4 players hard was first in 22 of 48 arena games); a roll-out now goes on until
    # the seat's turn has come back twice (docs/ai.md, "The roll-out's horizon, again").
    everyone = list(range(seats))
    assert _turns_played(seats, everyone, 0) == 2 * seats
    # A seat with no turn left (it passed) still stops after two rounds of its rivals' turns.
    if seats > 2:
        assert _turns_played(seats, everyone[1:], 0) == 2 * seats - 1


def test_a_troyes_rollout_stops_at_the_round_s_end():
    engine: Any = GAMES["troyes"]
    state = _before_a_pass(2, 5)
    end = rollout._ender(engine, state)  # the spec's stage: the round
    assert not end(state)
    passed = engine.apply(state, Pass()).state
    stopped = rollout.play_out(
        engine, passed, state.pending.seat, value_of(engine), end, _horizon(engine)
    )
    assert (stopped.round, end(stopped)) == (state.round + 1, True)
    # A roll-out stops as soon as the stage changes, whoever is to decide.
    soon = rollout.play_out(
        engine,
        passed,
        state.pending.seat,
        value_of(engine),
        lambda s: s.version > passed.version + 2,
    )
    assert soon.version == passed.version + 3


@pytest.mark.parametrize(
    ("game", "seats", "plan"),
    [
        ("troyes", 4, (planner.BEAM, planner.DEPTH)),
        ("trajan", 2, (rollout.ROLLOUT_BEAM, rollout.ROLLOUT_DEPTH)),
    ],
)
def test_troyes_rollouts_plan_as_the_normal_player_and_trajan_s_narrower(
    game, seats, plan, monkeypatch
):
    # Troyes' roll-outs play every seat with the normal player's own planner, so a
    # roll-out's rivals play as the arena's normal players do (docs/ai.md, "Rivals that
    # play as normal"); Trajan's 2-player roll-outs keep the narrow planner they were
    # measured with.
    engine: Any = GAMES[game]
    state = _state_after(engine, 3, 40, seats=seats)
    asked: set[tuple[int, int]] = set()

    def recorded(engine: Any, state: Any, value: Any, beam: int, depth: int) -> list[float]:
        asked.add((beam, depth))
        return planner.plan_values(engine, state, value, beam, depth)

    monkeypatch.setattr(rollout, "plan_values", recorded)
    seat = state.pending.seat
    _root, done = rollout.search(engine, state, seat, 4, Rng(1, state.version, "test"))
    assert done == 4
    assert asked == {plan}


@pytest.mark.parametrize(
    ("game", "seats", "horizon"), [("troyes", 2, 2), ("trajan", 2, 1), ("trajan", 4, 2)]
)
def test_trajan_rolls_out_past_the_seat_s_next_turn_at_four_players(
    game, seats, horizon, monkeypatch
):
    # At 4 players a Trajan roll-out to the seat's next turn rated the candidates too little
    # apart: it now goes on until the seat's turn has come back twice, as Troyes' do
    # (AiSupport.seat_horizons; docs/ai.md). Its 2-player roll-outs keep the horizon they
    # were measured at.
    engine: Any = GAMES[game]
    state = _state_after(engine, 3, 40, seats=seats)
    asked: set[int] = set()

    def recorded(engine: Any, state: Any, seat: int, value: Any, end: Any, h: int) -> float:
        asked.add(h)
        return 0.0

    monkeypatch.setattr(rollout, "_rollout", recorded)
    _root, done = rollout.search(engine, state, state.pending.seat, 4, Rng(1, 0, "test"))
    assert done == 4
    assert asked == {horizon}


def _last_turn_of_the_quarter(seats: int, seed: int) -> Any:
    """Return the last in-turn decision before the first quarter's scoring (normal players)."""
    engine = GAMES["trajan"]
    normal = make_player("normal")
    state = engine.new_state({}, seats, seed)
    last = state
    while state.phase != "quarter":
        if state.phase == "turn":
            last = state
        state = engine.apply(state, normal.choose(engine, state)).state
    return last


def test_a_trajan_rollout_stops_at_the_quarter_s_end():
    # Trajan's stage is the quarter: a roll-out from its last turn is rated once the
    # quarter is scored (demands met, consuls named), not a few turns into the next one.
    engine: Any = GAMES["trajan"]
    state = _last_turn_of_the_quarter(2, 5)
    seat = state.pending.seat
    end = rollout._ender(engine, state)
    assert not end(state)
    stopped = rollout.play_out(engine, state, seat, value_of(engine), end)
    assert (stopped.quarter, stopped.phase, end(stopped)) == (state.quarter + 1, "turn", True)
    # Without the stage it would have played on into the next quarter's turns.
    unbounded = rollout.play_out(engine, state, seat, value_of(engine), lambda _s: False)
    assert unbounded.version > stopped.version


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_guard_walks_its_points_at_once_rather_than_one_space_at_a_time(level):
    # Walking 1 space and then 2 ends where walking 3 does: the listed-first short step must
    # not win the tie (playtest item 24: "Avanzar el guardia 1 espacio" three times).
    s = walls_table(districts=[[("red", 3)], [], [], []])
    s, _ = play(s, "walls", "die 0 red 3", "boost 0")
    assert GAMES["troyes"].legal_actions(s)[:3] == [Walk(1), Walk(2), Walk(3)]
    assert _player(level, "troyes").choose(GAMES["troyes"], s) == Walk(3)


@pytest.mark.parametrize("level", LEVELS)
def test_troyes_players_do_not_peek_at_hidden_information(level):
    engine: Any = GAMES["troyes"]
    cat = engine.catalog
    state = _state_after(engine, 11, 60, options=EVERY_MODULE)
    seat = state.pending.seat
    rival = 1 - seat
    other = state.clone()
    # Everything the seat may not see, changed: the rival's characters and VP, the dice still
    # to roll (the seed), the order and make-up of the event decks, face-down activity cards.
    other.seed = state.seed + 12345
    other.vp = list(state.vp)
    other.vp[rival] += 17
    unseen = [c for c in cat.characters if c not in (*state.characters[seat], *state.revealed)]
    swapped = [c for c in unseen if c not in state.characters[rival]][
        : len(state.characters[rival])
    ]
    assert swapped
    assert swapped != state.characters[rival]
    other.characters = [list(h) for h in state.characters]
    other.characters[rival] = swapped
    other.decks = {k: Rng(5, 0, k).shuffled(v) for k, v in state.decks.items()}
    assert other.decks != state.decks
    hidden = [c for c in state.activity if cat.cards[c].level > state.round]
    if hidden:
        card = cat.cards[hidden[0]]
        swap = next(
            c.id for c in cat.cards.values()
            if c.colour == card.colour and c.level == card.level and c.id != card.id
        )  # fmt: skip
        other.activity = [swap if c == hidden[0] else c for c in state.activity]
        other.craftsmen = {swap if c == hidden[0] else c: v for c, v in state.craftsmen.items()}
        other.card_cubes = {swap if c == hidden[0] else c: v for c, v in state.card_cubes.items()}
    assert engine.view(other, seat) == engine.view(state, seat)
    assert engine.to_json(other) != engine.to_json(state)
    assert _thinking(level, engine, other) == _thinking(level, engine, state)


@pytest.mark.parametrize("level", LEVELS)
# hard: the roll-outs at 2 and 4 players, the tree at 3
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_trajan_players_do_not_peek_at_hidden_information(level, seats):
    engine = GAMES["trajan"]
    state = _state_after(engine, 4, 30 * seats // 2, seats=seats)
    seat = state.pending.seat
    rival = (seat + 1) % seats
    other = state.clone()
    other.seed = state.seed + 999
    # The rival's hand traded with the top of the deck, and the hidden piles reordered.
    hand = other.players[rival].hand
    k = min(len(hand), len(state.deck))
    assert k > 0
    other.players[rival].hand = tuple(sorted((*hand[k:], *state.deck[:k])))
    other.deck = (*hand[:k], *state.deck[k:])
    other.forum_pile = tuple(reversed(state.forum_pile))
    other.bonus_bag = tuple(reversed(state.bonus_bag))
    assert engine.view(other, seat) == engine.view(state, seat)
    assert engine.to_json(other) != engine.to_json(state)
    assert _thinking(level, engine, other) == _thinking(level, engine, state)


def test_hard_budget_in_seconds_is_a_fixed_iteration_count_per_game():
    # The same budget gives the same iterations on any machine, so replays stay identical.
    player = make_player("hard", budget_s=0.5)
    rate = {name: games.spec(name).ai.iterations_per_s for name in ("troyes", "trajan")}  # type: ignore[union-attr]
    assert rate == {"troyes": 20, "trajan": 4000}
    searches = {name: games.spec(name).ai.search for name in ("troyes", "trajan")}  # type: ignore[union-attr]
    assert searches == {"troyes": "rollout", "trajan": "tree"}
    assert player.budget(GAMES["troyes"]) == round(0.5 * rate["troyes"])
    assert player.budget(GAMES["trajan"]) == round(0.5 * rate["trajan"])
    assert make_player("hard").budget(GAMES["troyes"]) == round(2.0 * rate["troyes"])
    # Trajan rolls out at 2 and 4 players (a roll-out, not a tree iteration): a rate of its
    # own there, still a fixed number (the same iterations on any machine).
    trajan = GAMES["trajan"]
    assert [search_kind(trajan, n) for n in (2, 3, 4)] == ["rollout", "tree", "rollout"]
    assert [make_player("hard").budget(trajan, n) for n in (2, 3, 4)] == [24, 8000, 40]
    assert [make_player("hard").budget(GAMES["troyes"], n) for n in (2, 4)] == [40, 40]
