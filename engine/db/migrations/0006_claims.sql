-- Due work claimed in the database, for several bot processes (issue 19).
-- A timer is claimed by the process that fires it until claimed_until; one that dies holding
-- it stops mattering once that time passes, and another process takes the timer over.
-- Leases: one named piece of work (a shard's league scheduler, resuming a game's AI turns)
-- held by one process until a time.

ALTER TABLE timers ADD COLUMN claimed_by TEXT;
ALTER TABLE timers ADD COLUMN claimed_until TEXT;

CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until TEXT NOT NULL
);
