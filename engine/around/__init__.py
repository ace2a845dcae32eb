"""Around around a game (issue 16, part B): watchers, results, ratings and history.

`engine.around.service.Around` works over the bot's one database (migration 0008) beside the
session service; substitutes are a part of the session service itself
(`engine/sessions/substitutes.py`). The rules are in docs/around.md.
"""
