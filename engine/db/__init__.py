"""The one database layer (issue 13): connections, transactions, migrations, SQL dialect.

`Database.open(path_or_url)` gives the bot's one database (SQLite, or PostgreSQL for a
`postgresql://` URL); the sessions' `Store` and the leagues'
`LeagueStore` are repositories over it. See database.py for the connection policy,
migrate.py for the numbered migrations, dialect.py for what a second engine changes.
"""

from engine.db.connection import Connection, Row
from engine.db.database import Database
from engine.db.dialect import POSTGRESQL, SQLITE, Dialect
from engine.db.errors import DatabaseError, IntegrityError, MigrationError, TransientError
from engine.db.migrate import Migration, migrate, migration_files, split_statements

__all__ = [
    "POSTGRESQL",
    "SQLITE",
    "Connection",
    "Database",
    "DatabaseError",
    "Dialect",
    "IntegrityError",
    "Migration",
    "MigrationError",
    "Row",
    "TransientError",
    "migrate",
    "migration_files",
    "split_statements",
]
