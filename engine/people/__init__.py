"""Players' time around long games (issue 16, part A): settings, quiet hours, vacations.

`People` (service.py) over `PeopleStore` (store.py, migration 0007), with the pure time
arithmetic in hours.py. It sits above the session service: docs/people.md.
"""

from engine.people.hours import Day
from engine.people.service import ALLOWANCE, People, Ping, PlayerSettings, Vacation

__all__ = ["ALLOWANCE", "Day", "People", "Ping", "PlayerSettings", "Vacation"]
