-- Notices owed to a game's thread (issue 18): every session notice an outcome carries
-- (reminders, requests, time-outs, resignations, the end ...) is stored when the outcome is
-- built, and marked posted once the bot posted it. What an outage or a restart kept from
-- being posted is posted afterwards, oldest first, once (the row id is the message's nonce).

CREATE TABLE notices (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,            -- the game's version when the notice was made
    kind        TEXT    NOT NULL,            -- engine.sessions.models.NoticeKind
    seat        INTEGER,
    user_id     INTEGER,
    request_id  INTEGER,
    waiting_on  TEXT    NOT NULL DEFAULT '[]',  -- JSON list of user ids
    at          TEXT,
    detail      TEXT    NOT NULL DEFAULT '',
    created_at  TEXT    NOT NULL,
    posted_at   TEXT
);
CREATE INDEX notices_owed ON notices (posted_at, game_id);
