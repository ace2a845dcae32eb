"""`python -m localdiscord`: open the local table (see localdiscord.table)."""

import sys

from localdiscord.table import main

sys.exit(main())
