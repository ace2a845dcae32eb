"""Accuracy on real player questions (tests/lookup/questions.toml): top-1 >= 90 %, top-3 >= 98 %.

Run with `-s` to see the figures and the misses.
"""

import tomllib
from collections import Counter
from pathlib import Path

from engine.lookup import RulesIndex

QUESTIONS = Path(__file__).with_name("questions.toml")
TOP1_TARGET = 0.90
TOP3_TARGET = 0.98


def _questions() -> list[dict[str, object]]:
    with QUESTIONS.open("rb") as handle:
        return list(tomllib.load(handle)["q"])


def test_the_question_set_is_large_and_bilingual(real_index: RulesIndex):
    questions = _questions()
    langs = Counter(q["lang"] for q in questions)
    assert len(questions) >= 150
    assert min(langs["en"], langs["es"]) >= 0.45 * len(questions)
    for q in questions:
        for expected in (q["expect"], *q.get("also", [])):  # type: ignore[misc]
            assert real_index.get(str(expected), "en") is not None, q


def test_top1_and_top3_accuracy(real_index: RulesIndex):
    questions = _questions()
    top1 = top3 = 0
    misses = []
    for q in questions:
        accepted = {q["expect"], *q.get("also", [])}  # type: ignore[misc]
        result = real_index.lookup(str(q["text"]), q["lang"], q.get("game"))  # type: ignore[arg-type]
        ranked = result.ranked_ids() if result.found else []
        top1 += bool(ranked) and ranked[0] in accepted
        top3 += any(i in accepted for i in ranked[:3])
        if not ranked or ranked[0] not in accepted:
            misses.append(f"  {q['text']!r}: expected {q['expect']}, got {ranked[:3]}")
    n = len(questions)
    # The issue asks for the figures to be printed (pytest -s shows them).
    print(f"\nlookup accuracy over {n} questions: top-1 {top1 / n:.1%}, top-3 {top3 / n:.1%}")  # noqa: T201
    print("\n".join(misses))  # noqa: T201
    assert top1 / n >= TOP1_TARGET
    assert top3 / n >= TOP3_TARGET
