-- Leagues: configuration, members, seasons, weeks, tables, results, ratings, schedule steps.
-- Times are ISO 8601 UTC text. Points are exact fractions as text ("9/2").

CREATE TABLE league (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    config      TEXT    NOT NULL,              -- LeagueConfig.to_json()
    status      TEXT    NOT NULL DEFAULT 'active',
    seed        INTEGER NOT NULL,              -- seating randomness
    created_at  TEXT    NOT NULL,
    resumed_at  TEXT,
    ended_at    TEXT,
    UNIQUE (guild_id, name)
);

CREATE TABLE league_member (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    joined_at   TEXT    NOT NULL,
    left_at     TEXT,
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_absence (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    week        INTEGER NOT NULL,
    PRIMARY KEY (league_id, user_id, season, week)
);

CREATE TABLE league_season (
    id          INTEGER PRIMARY KEY,
    league_id   INTEGER NOT NULL REFERENCES league(id),
    number      INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    closed_at   TEXT,
    UNIQUE (league_id, number)
);

CREATE TABLE league_division (
    season_id   INTEGER NOT NULL REFERENCES league_season(id),
    user_id     INTEGER NOT NULL,
    division    INTEGER NOT NULL,              -- 1 = top
    PRIMARY KEY (season_id, user_id)
);

CREATE TABLE league_week (
    id              INTEGER PRIMARY KEY,
    season_id       INTEGER NOT NULL REFERENCES league_season(id),
    number          INTEGER NOT NULL,
    seated_at       TEXT    NOT NULL,
    deadline        TEXT    NOT NULL,
    deadline_done_at TEXT,
    UNIQUE (season_id, number)
);

CREATE TABLE league_table (
    id              INTEGER PRIMARY KEY,
    week_id         INTEGER NOT NULL REFERENCES league_week(id),
    number          INTEGER NOT NULL,
    division        INTEGER NOT NULL,
    game_id         TEXT,                      -- filled by the session manager
    finish_requested_at TEXT,                  -- deadline policy handed to the session manager
    result_seq      INTEGER UNIQUE,            -- order in which results were recorded
    finished_at     TEXT,
    UNIQUE (week_id, number)
);

CREATE TABLE league_seat (
    table_id    INTEGER NOT NULL REFERENCES league_table(id),
    seat        INTEGER NOT NULL,              -- game seat, 0 = first player
    user_id     INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);

CREATE TABLE league_result (
    table_id    INTEGER NOT NULL REFERENCES league_table(id),
    user_id     INTEGER NOT NULL,
    placement   INTEGER,                       -- as the game reported it; NULL if forfeited
    score       INTEGER,
    forfeited   INTEGER NOT NULL,
    rank        INTEGER NOT NULL,              -- effective rank after forfeits
    points      TEXT    NOT NULL,
    vp_share    TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE TABLE league_credit (
    week_id     INTEGER NOT NULL REFERENCES league_week(id),
    user_id     INTEGER NOT NULL,
    kind        TEXT    NOT NULL,              -- 'bye' | 'absent'
    points      TEXT    NOT NULL,
    PRIMARY KEY (week_id, user_id)
);

CREATE TABLE league_rating (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_rating_history (
    id          INTEGER PRIMARY KEY,
    league_id   INTEGER NOT NULL REFERENCES league(id),
    user_id     INTEGER NOT NULL,
    table_id    INTEGER NOT NULL REFERENCES league_table(id),
    mu_before   REAL    NOT NULL,
    sigma_before REAL   NOT NULL,
    mu_after    REAL    NOT NULL,
    sigma_after REAL    NOT NULL,
    recorded_at TEXT    NOT NULL
);

CREATE TABLE league_step (
    league_id   INTEGER NOT NULL REFERENCES league(id),
    key         TEXT    NOT NULL,              -- e.g. 's1:w3:seat'
    done_at     TEXT    NOT NULL,
    PRIMARY KEY (league_id, key)
);

CREATE INDEX league_week_by_season ON league_week (season_id, number);
CREATE INDEX league_table_by_week ON league_table (week_id);
CREATE INDEX league_result_by_user ON league_result (user_id);
