"""Text folding and tokens for rule lookups: accents, case, stop words and a light stemmer.

Folding (`fold`, engine/core/folding.py, shared with typed move labels) follows the research
brief (shared notes, part B4): Unicode NFKD, then drop the combining marks, so "acción",
"ACCION" and "accion" are the same key ("ñ" folds to "n").
The stop words are the question words of English and Spanish players ("how much does a ...",
"¿cuánto cuesta un ..."), removed before the full-text and fuzzy stages only.
"""

from engine import games
from engine.core.folding import fold

_STOP_TEXT = """
a an the of to in on at for with by from and or is are was be been can could do does did
how what whats when where which who whom why much many i me my we our you your it its
this that these those there their they them he she his her if then than as about into
get gets got have has had will would should shall may might must not no any some all
happen happens work works mean means rule rules explain tell please game
el la los las un una unos unas de del al a y o u e en con por para que se su sus es son
esta este esto estos estas ese esa hay como cuando donde cual cuales quien quienes cuanto
cuanta cuantos cuantas lo le les me mi mis te tu tus yo nos si no ni mas muy pero
hace hacen sirve funciona significa puedo puede pueden tengo tiene tienen regla reglas
juego otro otra otros otras
"""
# English, then Spanish (folded: no accents) question and filler words.
STOP_WORDS: frozenset[str] = frozenset(_STOP_TEXT.split())


def game_words() -> dict[str, str]:
    """Return the query words that name a lookup topic ("desempate en trajano"), folded.

    A game named in the query narrows the search to that game (each game's spec lists them).
    """
    return {fold(word): topic.id for topic in games.topics() for word in topic.words}


def words(text: str) -> list[str]:
    """Return the folded words of a text, in order."""
    folded = fold(text)
    return folded.split() if folded else []


def content_words(text: str) -> list[str]:
    """Return the folded words of a text without stop words (all of them if only stop words)."""
    all_words = words(text)
    # One-letter words are noise ("people's" folds to "people s"), digits are kept.
    kept = [w for w in all_words if w not in STOP_WORDS and (len(w) > 1 or w.isdigit())]
    return kept or all_words


def stem(word: str) -> str:
    """Return a crude shared stem for English and Spanish word forms (plural, verb endings).

    "salary" and "salaries" share "salar", "activa" and "activar" share "activ"; used as a
    full-text prefix, so it only has to cut words short enough that their variants start with it.
    """
    if len(word) <= 5 or word.isdigit():
        return word
    return word[: max(5, len(word) - 2)]
