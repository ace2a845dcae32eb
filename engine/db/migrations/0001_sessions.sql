-- Games, seats, the move log, timers, settings and consents (issue 5).
-- Times are UTC ISO-8601 strings of one fixed format, so they compare as text.

CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER,
    channel_id INTEGER,
    thread_id INTEGER,
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    ping_message_id INTEGER,
    game TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    max_seats INTEGER NOT NULL,
    creator_id INTEGER NOT NULL,
    seed INTEGER,
    seat_order TEXT NOT NULL DEFAULT 'random' CHECK (seat_order IN ('random', 'join')),
    status TEXT NOT NULL DEFAULT 'lobby'
        CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    state TEXT,
    -- The stale-click token: +1 on every move and every undo, never going back.
    version INTEGER NOT NULL DEFAULT 0,
    move_seconds INTEGER,             -- NULL: no time control
    reminders TEXT NOT NULL DEFAULT '[]',  -- seconds before the deadline
    policy TEXT NOT NULL DEFAULT 'stand_in' CHECK (policy IN ('stand_in', 'forfeit')),
    language TEXT NOT NULL DEFAULT 'en',
    turn_seat INTEGER,                -- the seat the game waits on
    turn_since TEXT,
    deadline TEXT,
    result TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX games_by_status ON games (status, guild_id);

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    slot INTEGER NOT NULL,            -- join order
    seat INTEGER,                     -- engine seat, set at start
    user_id INTEGER,
    ai TEXT,
    joined_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'playing' CHECK (state IN ('playing', 'resigned', 'forfeited')),
    stand_in INTEGER NOT NULL DEFAULT 0,
    timeouts INTEGER NOT NULL DEFAULT 0,
    muted INTEGER NOT NULL DEFAULT 0, -- 0: reminders on, 1: off this turn, 2: off this game
    standing TEXT NOT NULL DEFAULT '{}',  -- decision kind -> notation, for out-of-turn asks
    PRIMARY KEY (game_id, slot),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX seats_engine_seat ON seats (game_id, seat) WHERE seat IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,         -- game version after this move
    ply INTEGER NOT NULL,             -- the engine state.version it was applied to
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,             -- the engine's notation (action_text)
    label TEXT NOT NULL,              -- what players read, in the game's language then
    events TEXT NOT NULL,             -- JSON of the events, as recorded
    lines TEXT NOT NULL,              -- JSON list of the event log lines
    irreversible INTEGER NOT NULL,
    by TEXT NOT NULL CHECK (by IN ('player', 'ai', 'stand_in', 'standing')),
    undone_at INTEGER,                -- game version of the undo that took it back
    created_at TEXT NOT NULL,
    UNIQUE (game_id, version)
);
CREATE INDEX moves_live ON moves (game_id, undone_at, id);

CREATE TABLE timers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    due_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seat, kind)
);
CREATE INDEX timers_due ON timers (due_at);

CREATE TABLE settings (
    guild_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);

CREATE TABLE users (
    user_id INTEGER PRIMARY KEY,
    language TEXT NOT NULL
);

CREATE TABLE requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('undo', 'abandon')),
    user_id INTEGER NOT NULL,
    version INTEGER NOT NULL,         -- game version when asked (an undo goes stale after it)
    target INTEGER,                   -- undo: version of the first move to take back
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'granted', 'refused', 'stale')),
    created_at TEXT NOT NULL
);
CREATE INDEX requests_open ON requests (game_id, status);

CREATE TABLE consents (
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    agree INTEGER NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (request_id, user_id)
);
