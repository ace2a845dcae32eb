"""The terminal game: a whole scripted game, commands, notation and bad input."""

from collections.abc import Iterator

from localtable.terminal import main


def _script(first: list[str]) -> Iterator[str]:
    yield from first
    while True:
        yield "1"


def test_a_whole_game_plays_to_the_final_result():
    answers = _script(["5", "2", "board", "help", "nonsense", "99", "fill 1 pink pink"])
    out: list[str] = []
    assert main(["3"], ask=lambda _: next(answers), say=out.append) == 0
    text = "\n".join(out)
    assert "Please answer 2, 3 or 4." in text
    assert "=== Final result ===" in text
    assert "Commands: board, help, quit." in text
    assert "'nonsense' is not a legal move now" in text
    assert "Player 1: bowl I = pink + pink" in text
    assert "your hand:" in text


def test_quit_leaves_the_game():
    answers = iter(["2", "quit"])
    out: list[str] = []
    main(["1"], ask=lambda _: next(answers), say=out.append)
    assert out[-1] == "You left the game."


def test_end_of_input_ends_quietly():
    def ask(_: str) -> str:
        raise EOFError

    out: list[str] = []
    assert main(["1"], ask=ask, say=out.append) == 0
    assert out[-1].strip() == "Bye."
