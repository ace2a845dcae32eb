-- People around a game (issue 16, part B): seats handed to substitutes, watchers, and the
-- results and OpenSkill ratings of every game (engine/around/, engine/sessions/substitutes.py).

-- An offer of a seat to someone else; the new holder accepts it with a button before it expires.
CREATE TABLE seat_offers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    slot INTEGER NOT NULL,
    from_user INTEGER,                -- the holder when offered (NULL: an AI seat)
    to_user INTEGER NOT NULL,
    by_user INTEGER NOT NULL,         -- who offered it: the holder, the creator or an admin
    reason TEXT NOT NULL CHECK (reason IN ('hand_over', 'replace', 'take_over')),
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'stale')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX seat_offers_open ON seat_offers (game_id, status);

-- Every change of a seat's holder, for the game log.
CREATE TABLE seat_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,         -- the game's version when it happened
    slot INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    from_user INTEGER,                -- NULL: the seat was an AI's
    from_ai TEXT,
    to_user INTEGER NOT NULL,
    by_user INTEGER NOT NULL,
    reason TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX seat_changes_by_game ON seat_changes (game_id, id);

-- Who follows a game they do not play in, and what they were told already.
CREATE TABLE watchers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    rounds INTEGER NOT NULL DEFAULT 0,       -- 1: a note at each round's end
    seen_round INTEGER NOT NULL DEFAULT 0,   -- the round the game was in when last told
    seen_version INTEGER NOT NULL DEFAULT 0, -- the game's version when last looked at
    told_end INTEGER NOT NULL DEFAULT 0,     -- 1: the final result was sent
    ended INTEGER NOT NULL DEFAULT 0,        -- 1: the game's end is recorded (game_results)
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX watchers_by_user ON watchers (user_id);
CREATE INDEX watchers_untold ON watchers (ended, told_end);

-- Games whose creator turned rating off at creation.
CREATE TABLE unrated_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    set_at TEXT NOT NULL
);

-- One row per ended game, written once with its players' rows and rating updates (so a
-- game is never rated twice, whatever restarts happen).
CREATE TABLE game_results (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,        -- 0: no server
    game TEXT NOT NULL,
    players INTEGER NOT NULL,         -- seats at the table (the rating group)
    rated INTEGER NOT NULL,
    why TEXT NOT NULL,                -- rated, abandoned, off, no_humans
    ended_at TEXT NOT NULL
);

-- Each human holder's line of an ended game: /profile and /games history.
CREATE TABLE player_games (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    place INTEGER,                    -- 1 = first (shared on ties); NULL: abandoned
    won INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    rating_after REAL,                -- the shown rating after this game, if rated
    thread_id INTEGER,
    channel_id INTEGER,
    ended_at TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX player_games_by_user ON player_games (guild_id, user_id, ended_at, game_id);

-- The OpenSkill rating of a player per server, game and player count.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,            -- mu - 3 sigma: what the leaderboard sorts by
    games INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, players, user_id)
);
-- The leaderboard reads a group best first (ties by user id) straight from this index.
CREATE INDEX ratings_board ON ratings (guild_id, game, players, ordinal DESC, user_id);
-- A profile's ratings, and the ratings of a batch of players being rated.
CREATE INDEX ratings_by_user ON ratings (user_id, guild_id, game, players);
