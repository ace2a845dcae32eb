-- Players' time (issue 16, part A): settings per user, notifications held back during quiet
-- hours or for the daily digest, the posts they become (an outbox sent exactly once),
-- vacations and the clocks they stopped, games whose clock counts waking hours only, and the
-- league absences counted against the vacation allowance (engine/people/, docs/people.md).

CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    time_zone   TEXT    NOT NULL DEFAULT 'UTC',  -- an IANA name
    quiet_start INTEGER,                       -- minutes after local midnight; NULL: none
    quiet_end   INTEGER,
    notify      TEXT    NOT NULL DEFAULT 'thread' CHECK (notify IN ('thread', 'dm', 'digest')),
    reminders   TEXT    NOT NULL DEFAULT 'game' CHECK (reminders IN ('game', 'last', 'off')),
    language    TEXT,                          -- NULL: the language Discord says
    dm_closed   INTEGER NOT NULL DEFAULT 0,    -- a DM failed (50007); cleared by /settings
    updated_at  TEXT    NOT NULL
);

-- A turn ping or a reminder not sent (quiet hours, digest): one row per user, game and kind,
-- released together as one message at `release_at` (the start of the user's day).
CREATE TABLE held_notices (
    user_id     INTEGER NOT NULL,
    game_id     INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('turn', 'reminder')),
    release_at  TEXT    NOT NULL,
    held_at     TEXT    NOT NULL,
    PRIMARY KEY (user_id, game_id, kind)
);
CREATE INDEX held_notices_due ON held_notices (release_at, user_id);

-- Posts written in the same transaction as what they announce, sent once each: `tried_at`
-- is set before a send, so after a crash the channel is read to see if it arrived.
CREATE TABLE people_outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER,                       -- mentioned (thread) or written to (dm)
    channel_id  INTEGER,                       -- the thread; NULL for a DM
    fallback_id INTEGER,                       -- a DM's thread if DMs are closed
    content     TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    tried_at    TEXT,
    sent_at     TEXT
);
CREATE INDEX people_outbox_unsent ON people_outbox (sent_at, id);

CREATE TABLE vacations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    reason      TEXT    NOT NULL DEFAULT '',
    year        INTEGER NOT NULL,              -- the UTC year its days count against
    days        INTEGER NOT NULL,              -- days charged (an early end charges the days used)
    started_at  TEXT    NOT NULL,
    until_at    TEXT    NOT NULL,
    ended_at    TEXT
);
CREATE UNIQUE INDEX vacations_one_open ON vacations (guild_id, user_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_due ON vacations (until_at) WHERE ended_at IS NULL;
CREATE INDEX vacations_by_user ON vacations (guild_id, user_id, year);

-- A seat whose clock a vacation stopped: the time it had left when stopped.
CREATE TABLE paused_clocks (
    game_id     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    seconds     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Games whose time control counts only the deciding player's waking hours.
CREATE TABLE waking_clocks (
    game_id     INTEGER PRIMARY KEY
);

-- A league absence declared through /league absent, counted against the vacation allowance
-- of the year it was declared in (only while the league still records that absence).
CREATE TABLE absence_days (
    league_id   INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    week        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    year        INTEGER NOT NULL,
    days        INTEGER NOT NULL,
    PRIMARY KEY (league_id, user_id, season, week)
);
CREATE INDEX absence_days_by_user ON absence_days (guild_id, user_id, year);
