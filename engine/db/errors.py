"""The database errors a repository may catch, whatever the backend raised."""


class DatabaseError(Exception):
    """A statement failed in the database (PostgreSQL's errors arrive as this or a subclass)."""


class IntegrityError(DatabaseError):
    """A statement broke a uniqueness, foreign-key, NOT NULL or CHECK constraint."""


class TransientError(DatabaseError):
    """The server undid the transaction to break a deadlock or a write conflict (PostgreSQL).

    Nothing of it was saved, and running it again may well succeed: `Database.run` does.
    """


class MigrationError(RuntimeError):
    """The migration files, or the migrations recorded in a database, do not add up."""
