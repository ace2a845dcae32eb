"""The one database layer (issue 13): connections, transactions, migrations, SQL dialect.

`Database.open(path)` gives the bot's one database; the sessions' `Store` and the leagues'
`LeagueStore` are repositories over it. See database.py for the connection policy,
migrate.py for the numbered migrations, dialect.py for what a second engine changes.
"""

from engine.db.database import Database
from engine.db.dialect import SQLITE, Dialect
from engine.db.errors import IntegrityError, MigrationError
from engine.db.migrate import Migration, migrate, migration_files, split_statements
from engine.db.sqlite import Connection, Row

__all__ = [
    "SQLITE",
    "Connection",
    "Database",
    "Dialect",
    "IntegrityError",
    "Migration",
    "MigrationError",
    "Row",
    "migrate",
    "migration_files",
    "split_statements",
]
