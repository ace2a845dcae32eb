"""The database errors a repository may catch, whatever the backend raised."""


class DatabaseError(Exception):
    """A statement failed in the database (PostgreSQL's errors arrive as this or a subclass)."""


class IntegrityError(DatabaseError):
    """A statement broke a uniqueness, foreign-key, NOT NULL or CHECK constraint."""


class MigrationError(RuntimeError):
    """The migration files, or the migrations recorded in a database, do not add up."""
