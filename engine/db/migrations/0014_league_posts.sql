-- League messages owed to a channel or a thread (issue 18): a week's seating, a deadline
-- passed, a game's result, the reminder a day before a deadline (cogs/league/runner.py).
-- Each is stored before it is sent and marked posted once Discord took it; what an outage
-- or a restart kept back is sent on a later pass, oldest first, once (the row id is the
-- nonce of its message). `mentions`: JSON, {} (no pings), {"users": true} (the users it
-- names) or {"users": [ids]} (only these).
CREATE TABLE league_posts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    content     TEXT    NOT NULL,
    mentions    TEXT    NOT NULL DEFAULT '{}',
    created_at  TEXT    NOT NULL,
    posted_at   TEXT
);
CREATE INDEX league_posts_owed ON league_posts (posted_at, id);
