"""The leaderboard image (issue 16): a phone-width table, every row drawn, names cut to fit."""

import io

from PIL import Image

from render.people.leaderboard import HEAD_H, ROW_H, TITLE_H, WIDTH, Row, leaderboard_png


def test_the_leaderboard_is_phone_width_with_a_row_per_player():
    rows = [
        Row(i, f"Player {i}" * (8 if i == 2 else 1), str(1600 - i), "12", "3") for i in range(1, 11)
    ]
    image = Image.open(
        io.BytesIO(
            leaderboard_png(
                "Trajan, 2 players", "sub", ["#", "Player", "Rating", "Games", "Wins"], rows
            )
        )
    )
    assert image.width == WIDTH == 1080
    assert image.height >= TITLE_H + HEAD_H + ROW_H * len(rows)
    podium = image.getpixel((WIDTH // 2, TITLE_H + HEAD_H + ROW_H // 2 + 20))
    tenth = image.getpixel((WIDTH // 2, TITLE_H + HEAD_H + ROW_H * 9 + ROW_H // 2 + 20))
    assert podium != tenth  # the leader's row is tinted
