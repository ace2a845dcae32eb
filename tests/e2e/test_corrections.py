"""/card through the real bot tells the server's corrections from provisional figures (issue 20)."""

from pathlib import Path

from localdiscord.harness import BotHarness

MERCHANT = """
[[card]]
id = "merchant"
hire = { value = 4, verified = true, source = "the card, read by the server's owner" }
"""


def test_card_marks_the_figures_this_servers_operator_corrected(make_table, tmp_path: Path):
    corrections = tmp_path / "overrides" / "troyes"
    corrections.mkdir(parents=True)
    (corrections / "activities.toml").write_text(MERCHANT, encoding="utf-8")
    table: BotHarness = make_table(extra_env={"DATA_OVERRIDES": str(corrections.parent)})
    alice = table.users["alice"]
    table.ld.wait_commands("card")

    card = alice.slash(table.channel, "card", {"name": "merchant"}).wait_reply()
    embed = card.embeds[0]
    assert "**Hiring cost:** 4 ‡" in embed["description"]
    # not corrected: still provisional
    assert "**Dice pips per cube or use:** 3 †" in embed["description"]
    names = [f["name"] for f in embed["fields"]]
    assert names == ["✎ Corrected on this server"]  # the † is explained once, in the footer
    assert embed["footer"]["text"] == "† not yet verified against the rulebook"
    (image,) = card.attachments
    assert image.filename == "card.png"

    other = alice.slash(table.channel, "card", {"name": "archer"}).wait_reply()
    assert "‡" not in other.embeds[0]["description"]
    assert not other.embeds[0].get("fields")  # no correction, and the † said in the footer only
