"""Captions of posted messages: names as on the images, within Discord's limits."""

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from cogs.common import story, text
from cogs.common.i18n import t
from engine.core.serial import to_jsonable
from engine.games import GAMES
from engine.sessions import By, Choice, Choices, LogLine, Outcome, Status, Turn
from engine.trajan import events as tjev
from engine.troyes import events as tev

NAMES = ("alice", "bob", "AI")


def line(version: int, seat: int, move: str, *events: str) -> LogLine:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return LogLine(version, seat, None, By.PLAYER, move, move, events, False, at)


def outcome(
    moves: Sequence[LogLine] = (),
    catch_up: Sequence[LogLine] = (),
    ping: int | None = None,
    turn_user: int = 7,
) -> Outcome:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    turn = Turn(1, "bowl", turn_user, "choose a bowl.", at, None)
    return Outcome(3, 10, Status.ACTIVE, tuple(moves), (), turn, ping, tuple(catch_up),
                   None, None, None, 99, None, None)  # fmt: skip


def stored(
    game: str, version: int, seat: int, notation: str, label: str, *events: object
) -> LogLine:
    """A log line as the session store hands it out: notation and the events' JSON rebuilt."""
    engine = GAMES[game]
    records = tuple(engine.event_from_json(to_jsonable(e)) for e in events)
    prose = tuple(engine.describe_event(e, "en") for e in events)
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return LogLine(version, seat, None, By.PLAYER, notation, label, prose, False, at,
                   game=game, records=records)  # fmt: skip


def test_stored_moves_are_described_again_with_the_players_names():
    used = tev.DiceUsed(0, ((1, "red", 3), (0, "white", 2)), 2, "", 3)
    move = stored("troyes", 12, 0, "die 1 red 3", "Take red 3 from Player 2", used)
    shown = text.log_lines([move], NAMES, "en")
    assert "**alice (1)**: Take red 3 from bob (2)" in shown
    assert "alice (1) uses red 3 of bob (2), white 2 for 2 deniers" in shown
    assert "Player" not in shown
    spanish = text.log_lines([move], NAMES, "es")
    assert "Tomar el dado rojo 3 de bob (2)" in spanish
    assert "alice (1) usa rojo 3 de bob (2), blanco 2 por 2 denarios" in spanish


def test_a_consul_line_of_trajan_names_both_players():
    named = tjev.ConsulsNamed((3, 1, 0), 0, "bonus_a", 1, "bonus_b")
    shown = text.log_lines(
        [stored("trajan", 40, 2, "senate", "Advance in the Senate", named)], NAMES, "en"
    )
    assert "Consul: alice (1) (" in shown
    assert "vice-consul: bob (2) (" in shown
    assert "layer" not in shown


def test_a_caption_names_who_decides_and_lists_the_catch_up_for_the_pinged_player():
    caption = story.caption(
        outcome(catch_up=[line(9, 0, "Sow from bowl I", "Player 1 sows 3")], ping=7),
        NAMES,
        "en",
        "trajan",
    )
    assert "Since your last turn, <@7>:" in caption
    assert "alice (1)" in caption
    assert "**Now:** <@7>: Choose a bowl." in caption  # a sentence after the name (item 28)


def test_an_event_that_repeats_the_move_is_left_out():
    move = line(9, 0, "Orange into bowl I", "Player 1: orange into bowl I")
    caption = story.caption(outcome([move]), NAMES, "en", "trajan")
    assert caption.count("orange into bowl I".lower()) == 0
    assert caption.count("Orange into bowl I") == 1


def test_a_long_log_keeps_the_newest_lines_under_discords_limit():
    moves = [line(v, v % 3, f"move {v} " + "x" * 120, "event " + "y" * 80) for v in range(60)]
    caption = story.caption(outcome(moves), NAMES, "es", "trajan")
    assert len(caption) <= 2000
    assert "move 59" in caption
    assert "move 0 " not in caption
    assert "/game log" in caption
    assert caption.startswith("**Trajano n.º 3**")


def test_a_stand_in_move_is_marked_in_the_games_language():
    move = replace(line(4, 1, "Pass"), by=By.STAND_IN)
    assert "bob (2)**: Pass *(AI stand-in)*" in text.log_lines([move], NAMES, "en")
    assert "**: Pass *(suplente IA)*" in text.log_lines([move], NAMES, "es")


def test_a_button_label_naming_a_rival_carries_the_rivals_name():
    at = datetime(2026, 1, 1, tzinfo=UTC)
    turn = Turn(0, "die", 7, "choose dice.", at, None)
    offered = (
        Choice(0, "die 1 red 3", "Take red 3 from Player 2"),
        Choice(1, "die 0 white 2", "Take your white 2"),
        Choice(2, "dice done", "Done"),
    )
    named = text.named_choices(Choices(3, 10, turn, offered), "troyes", NAMES, "es")
    assert [c.label for c in named.choices] == [
        "Tomar el dado rojo 3 de bob (2)",
        "Tomar tu dado blanco 2",
        "Done",  # names no seat: the label stands as the session gave it
    ]
    assert [c.notation for c in named.choices] == [c.notation for c in offered]


def test_an_ai_seat_is_named_in_the_games_language():
    assert t("es", "post.ai") == "IA"
    assert t("en", "post.ai") == "AI"
