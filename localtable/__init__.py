"""A local table to play the games without Discord (terminal front end)."""
