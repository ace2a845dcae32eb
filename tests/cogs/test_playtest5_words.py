"""Word fixes from the fifth playtest (docs/playtest-2026-12.md, "Fifth playtest")."""

from cogs.common import errors
from engine.sessions import NotAllowedError


def test_a_refused_ai_level_lists_the_allowed_levels_in_the_readers_words():
    # `/game new ai_level:hard` on a bot whose operator allows up to normal: the Spanish
    # reply listed the engine's values, "Este bot solo ofrece estos niveles de IA: easy, normal."
    error = NotAllowedError("error.ai.level_not_allowed", levels="easy, normal")
    es = "Este bot solo ofrece estos niveles de IA: fácil, normal."
    assert errors.error_text(error, "es") == es
    assert errors.error_text(error, "en") == "This bot offers only these AI levels: easy, normal."
