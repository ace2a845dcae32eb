-- League games in the session manager (engine/leagues/port.py): the idempotency key of each
-- created game, the channel each league posts to (its games' threads hang off it), and the
-- deadline reminders sent (once per table, whatever restarts happen).

CREATE TABLE league_game (
    key         TEXT    PRIMARY KEY,           -- GameRequest.key, stable across restarts
    table_id    INTEGER NOT NULL UNIQUE REFERENCES league_table(id),
    game_id     INTEGER NOT NULL UNIQUE,       -- the session manager's game id
    created_at  TEXT    NOT NULL
);

CREATE TABLE league_channel (
    league_id   INTEGER PRIMARY KEY REFERENCES league(id),
    channel_id  INTEGER NOT NULL
);

CREATE TABLE league_reminder (
    table_id    INTEGER PRIMARY KEY REFERENCES league_table(id),
    sent_at     TEXT    NOT NULL
);
