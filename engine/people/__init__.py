"""People around a game (issue 16, part B): watchers, results, ratings and history.

`engine.people.service.People` works over the bot's one database (migration 0008) beside the
session service; substitutes are a part of the session service itself
(`engine/sessions/substitutes.py`). The rules are in docs/people.md.
"""
