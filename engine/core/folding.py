"""Folding text for matching what people type: accents, case and punctuation do not count.

Unicode NFKD, then the combining marks dropped, so "acción", "ACCION" and "accion" are the same
key ("ñ" folds to "n"); every run of characters other than a-z and 0-9 becomes one space. Rule
look-ups (engine/lookup/text.py) and typed move labels (engine/core/play.py) share it.
"""

import re
import unicodedata

_NON_WORD = re.compile(r"[^0-9a-z]+")


def fold(text: str) -> str:
    """Return the text lower-cased, without accents, with runs of other characters as one space."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", bare.casefold()).strip()
