-- The AI that actually made each move (issue 15). A seat stored as 'hard' plays at the
-- operator's cap (AI_MAX_LEVEL) when the cap is lower, and a hard search past its wall-clock
-- safety plays the normal player's move: the ratings rate an AI seat at the level that
-- played (engine/around/service.py), not at the level stored in seats.ai. NULL: a person's
-- move or a standing answer, and every move stored before this migration.

ALTER TABLE moves ADD COLUMN ai TEXT;
