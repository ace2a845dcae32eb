-- The league's ping a day before a week's deadline (cogs/league/runner.py), held for a
-- player in their quiet hours (or a digest player) like every other ping: one row per user
-- and game, released at `release_at` (the start of the player's day) as part of their one
-- held message (engine/people/service.py, docs/people.md). `deadline` is the week's.
CREATE TABLE held_league_pings (
    user_id     INTEGER NOT NULL,
    game_id     INTEGER NOT NULL,
    deadline    TEXT    NOT NULL,
    release_at  TEXT    NOT NULL,
    held_at     TEXT    NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE INDEX held_league_pings_due ON held_league_pings (release_at, user_id);
