"""Entry point for `make run`.

Interim: until the Discord cogs land, this starts a terminal game of Trajan against AI seats.
"""

import sys

from localtable.terminal import main

if __name__ == "__main__":
    sys.exit(main())
