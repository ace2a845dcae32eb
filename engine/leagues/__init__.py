"""Weekly community leagues (issue 8): seasons, Swiss seating, standings, ratings, schedule.

Pure logic: model.py (settings, records), seating.py, standings.py (points, tie-breaks,
OpenSkill), divisions.py, schedule.py (the weekly state machine). I/O: store.py, a
repository over the bot's one database (engine/db/). The facade for the cogs and the session
manager is service.LeagueService; what it returns and the GamePort it drives are in actions.py.
"""
