-- AI levels in the bot (issue 15). AI seats keep their player's name in seats.ai: 'easy',
-- 'normal' or 'hard' from now on; games stored before keep 'greedy' (or 'random'), and play on
-- exactly as they did. Per game: the AI that stands in for a timed-out, resigned or forfeited
-- player (a level, or 'greedy' for games stored before), whether its players may ask for
-- hints (/game hint; the creator's option), and whether it is ranked (a league game: never
-- hints).

CREATE TABLE game_ai (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    stand_in    TEXT    NOT NULL,
    hints       INTEGER NOT NULL DEFAULT 1,
    ranked      INTEGER NOT NULL DEFAULT 0
);

-- Games stored before: their stand-ins stay the greedy player they always had; the games a
-- league created are ranked, so no hints there.
INSERT INTO game_ai (game_id, stand_in, hints, ranked)
SELECT id, 'greedy',
       CASE WHEN id IN (SELECT game_id FROM league_game) THEN 0 ELSE 1 END,
       CASE WHEN id IN (SELECT game_id FROM league_game) THEN 1 ELSE 0 END
FROM games;
