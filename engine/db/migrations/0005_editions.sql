-- Rules editions (issue 20): the data each edition of a game's rules was read from, kept by
-- its digest for as long as a stored game needs it, and the edition each game was started
-- under (so a running game finishes under its own rules after an upgrade).

CREATE TABLE editions (
    game        TEXT    NOT NULL,
    digest      TEXT    NOT NULL,            -- sha256 of the data files (engine/core/editions.py)
    rules       INTEGER NOT NULL,            -- the engine's rules version
    files       TEXT    NOT NULL,            -- JSON: data file name -> its text
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (game, digest)
);

CREATE TABLE game_editions (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    digest      TEXT    NOT NULL,
    rules       INTEGER NOT NULL,
    set_at      TEXT    NOT NULL
);
