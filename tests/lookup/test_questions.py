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
        assert real_index.get(str(q["expect"]), "en") is not None, q


def _score(index: RulesIndex, questions: list[dict[str, object]]) -> tuple[float, float, list[str]]:
    top1 = top3 = 0
    misses = []
    for q in questions:
        accepted = {q["expect"], *q.get("also", [])}  # type: ignore[misc]
        result = index.lookup(str(q["text"]), q["lang"], q.get("game"))  # type: ignore[arg-type]
        ranked = result.ranked_ids() if result.found else []
        top1 += bool(ranked) and ranked[0] in accepted
        top3 += any(i in accepted for i in ranked[:3])
        if not ranked or ranked[0] not in accepted:
            misses.append(f"  {q['text']!r}: expected {q['expect']}, got {ranked[:3]}")
    return top1 / len(questions), top3 / len(questions), misses


def test_top1_and_top3_accuracy(real_index: RulesIndex):
    questions = _questions()
    held_out = [q for q in questions if q.get("set") == "holdout"]
    top1, top3, misses = _score(real_index, questions)
    held1, held3, _ = _score(real_index, held_out)
    # The issue asks for the figures to be printed (pytest -s shows them).
    report = (
        f"\nlookup accuracy, all {len(questions)} questions: top-1 {top1:.1%}, top-3 {top3:.1%}"
        f"\n  of which {len(held_out)} held out (never tuned on): "
        f"top-1 {held1:.1%}, top-3 {held3:.1%}\nmisses:\n" + "\n".join(misses)
    )
    print(report)  # noqa: T201
    assert top1 >= TOP1_TARGET, report
    assert top3 >= TOP3_TARGET, report
