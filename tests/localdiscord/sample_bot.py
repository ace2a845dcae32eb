"""A small, real discord.py bot used only by the emulator tests (never shipped).

It exercises what the real bot will use: a slash command group with options, choices and
autocomplete, a persistent DynamicItem button and select, a modal, threads, an ephemeral
reply with an attachment, a deferred reply with a file, a DM, and a deliberately slow handler.
Its only state is a JSON file at DATABASE_PATH, so it survives being killed.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import re
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from localdiscord import point_discord_py_at

log = logging.getLogger("sample_bot")
GAMES = ["trajan", "troyes", "troyes-ladies"]
PNG = b"\x89PNG\r\n\x1a\n" + b"sample-board" * 10


class Store:
    """A tiny JSON store: games and who joined them."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, Any]:
        if self.path.exists():
            return dict(json.loads(self.path.read_text()))
        return {"next": 1, "games": {}}

    def save(self, data: dict[str, Any]) -> None:
        self.path.write_text(json.dumps(data))


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sb:join:(?P<game>\d+)"):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"sb:join:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: SampleBot = interaction.client
        data = bot.store.load()
        players = data["games"].setdefault(str(self.game), [])
        if interaction.user.name not in players:
            players.append(interaction.user.name)
        bot.store.save(data)
        await interaction.response.edit_message(content=f"Game {self.game}: {', '.join(players)}")


class ColourSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"sb:colour:(?P<game>\d+)"
):
    def __init__(self, game: int) -> None:
        options = [discord.SelectOption(label=c.title(), value=c) for c in ("red", "blue", "green")]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"sb:colour:{game}", placeholder="Pick a colour", options=options
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ColourSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"You picked {self.item.values[0]}", ephemeral=True)


class CountButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sb:count:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="+1", custom_id=f"sb:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CountButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()  # a component defer: type 6, no thinking message
        await asyncio.sleep(0.1)
        view = discord.ui.View(timeout=None)
        view.add_item(CountButton(self.n + 1))
        await interaction.edit_original_response(content=f"Count: {self.n + 1}", view=view)
        await interaction.followup.send(f"counted {self.n + 1}", ephemeral=True)


class Feedback(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Your note", custom_id="note")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            f"Thanks, {interaction.user.name}: {self.text.value}"
        )


class BadTranslator(app_commands.Translator):
    """Returns a localized name Discord rejects (uppercase with a space)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.spain_spanish and string.message == "ping":
            return "Hola Mundo"
        return None


class SampleBot(commands.Bot):
    def __init__(self, store: Store, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.members = bool(os.environ.get("SAMPLE_MEMBERS_INTENT"))
        super().__init__(command_prefix=commands.when_mentioned, intents=intents)
        self.store = store
        self.guild_id = guild_id
        self.sync_error: str | None = None

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton, ColourSelect, CountButton)
        add_commands(self.tree)
        if os.environ.get("SAMPLE_BAD_TRANSLATION"):
            await self.tree.set_translator(BadTranslator())
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        try:
            synced = await self.tree.sync(guild=guild)
            print(f"SYNCED {len(synced)}", flush=True)  # noqa: T201
        except discord.HTTPException as exc:
            print(f"SYNC FAILED {exc.status} {exc.code} {exc.text}", flush=True)  # noqa: T201


game = app_commands.Group(name="game", description="Play a game")


async def game_name_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if current.lower() in g]


@game.command(name="new", description="Start a new game")
@app_commands.describe(game="Which game", players="How many seats", ai="AI seats")
@app_commands.autocomplete(game=game_name_autocomplete)
async def game_new(
    interaction: discord.Interaction[Any],
    game: str,
    players: app_commands.Range[int, 2, 4],
    ai: app_commands.Range[int, 0, 3] = 0,
) -> None:
    bot: SampleBot = interaction.client
    data = bot.store.load()
    number = data["next"]
    data["next"] += 1
    data["games"][str(number)] = []
    bot.store.save(data)
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(number))
    view.add_item(ColourSelect(number))
    await interaction.response.send_message(
        f"Game {number}: {game} for {players} ({ai} AI), locale {interaction.locale.value}",
        embed=discord.Embed(title=f"{game.title()} #{number}", description="Waiting for players"),
        view=view,
    )


def add_commands(tree: app_commands.CommandTree[Any]) -> None:
    tree.add_command(game)

    @tree.command(name="ping", description="Ping the bot")
    async def ping(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pong")

    @tree.command(name="latency", description="The gateway latency the bot measured")
    async def latency(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"latency {interaction.client.latency:.3f}")

    @tree.command(name="hand", description="An ephemeral reply with a button")
    async def hand(interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CountButton(100))
        await interaction.response.send_message("Your hand", view=view, ephemeral=True)

    @tree.command(name="secret", description="An ephemeral reply with a file")
    async def secret(interaction: discord.Interaction[Any]) -> None:
        file = discord.File(io.BytesIO(PNG), filename="hand.png")
        await interaction.response.send_message("Your hand", file=file, ephemeral=True)

    @tree.command(name="board", description="A deferred reply with an image")
    async def board(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.2)
        file = discord.File(io.BytesIO(PNG), filename="board.png")
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        await interaction.followup.send("The board", file=file, embed=embed)

    @tree.command(name="awaited", description="A deferred reply that waits for a go-ahead")
    async def awaited(interaction: discord.Interaction[Any]) -> None:
        # While it waits, the channel changes; the reply comes once SAMPLE_GO_FILE exists
        # (the test creates it when the table printed the change: item 115).
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel: Any = interaction.channel
        await channel.send("working meanwhile")
        go = Path(os.environ.get("SAMPLE_GO_FILE", "go.txt"))
        for _ in range(100):
            if await asyncio.to_thread(go.exists):
                break
            await asyncio.sleep(0.1)
        seen = await asyncio.to_thread(go.exists)
        answer = "Done." if seen else "Answered unseen."
        await interaction.followup.send(answer, ephemeral=True)

    @tree.command(name="feedback", description="Open a modal")
    async def feedback(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(Feedback())

    @tree.command(name="thread", description="Open a public and a private thread")
    async def thread(interaction: discord.Interaction[Any], name: str) -> None:
        await interaction.response.send_message(f"Opening {name}")
        message = await interaction.original_response()
        public = await message.create_thread(name=name)
        await public.send(f"Welcome to {name}")
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        private = await channel.create_thread(name=f"{name}-private")
        await private.add_user(interaction.user)
        await private.send(f"Private for {interaction.user.mention}")

    @tree.command(name="dm", description="Send you a direct message")
    async def dm(interaction: discord.Interaction[Any]) -> None:
        await interaction.user.send("psst")
        await interaction.response.send_message("Sent you a DM", ephemeral=True)

    @tree.command(name="pick", description="Pick a member with a user select")
    async def pick(interaction: discord.Interaction[Any]) -> None:
        select: discord.ui.UserSelect[Any] = discord.ui.UserSelect(placeholder="Who?")

        async def chosen(inner: discord.Interaction[Any]) -> None:
            await inner.response.send_message(f"You chose {select.values[0].name}")

        select.callback = chosen  # type: ignore[method-assign, assignment]
        view = discord.ui.View(timeout=60)
        view.add_item(select)
        await interaction.response.send_message("Pick someone", view=view)

    @tree.command(name="count", description="A counter kept in the button's custom_id")
    async def count(interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CountButton(0))
        await interaction.response.send_message("Count: 0", view=view)

    @tree.command(name="temp", description="A reply that deletes itself")
    async def temp(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("temporary")
        await interaction.delete_original_response()
        await interaction.followup.send("deleted it", ephemeral=True)

    @tree.command(name="upload", description="Reads an uploaded file")
    async def upload(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes {data[:4]!r}")

    @tree.command(name="admin", description="Only for members who can manage the server")
    @app_commands.default_permissions(manage_guild=True)
    async def admin(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("admin ok", ephemeral=True)

    @tree.command(name="members", description="Lists the cached guild members")
    async def members(interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild is not None
        names = sorted(m.name for m in interaction.guild.members if not m.bot)
        await interaction.response.send_message(", ".join(names))

    @tree.command(name="slow", description="Answers too late on purpose")
    async def slow(interaction: discord.Interaction[Any]) -> None:
        await asyncio.sleep(4)
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as exc:
            print(f"SLOW LATE {exc.code}", flush=True)  # noqa: T201

    @tree.command(name="burst", description="Posts n messages in the channel at once")
    async def burst(interaction: discord.Interaction[Any], n: int) -> None:
        await interaction.response.defer(thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        sent = await asyncio.gather(*(channel.send(f"burst {i}") for i in range(n)))
        await interaction.followup.send(f"sent {len(sent)}")

    @tree.command(name="post", description="Posts in this channel (optionally with a file)")
    async def post(interaction: discord.Interaction[Any], text: str, file: bool = False) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        files = [discord.File(io.BytesIO(PNG), filename="p.png")] if file else []
        try:
            await channel.send(text, files=files)
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"forbidden {exc.code}", ephemeral=True)
            return
        await interaction.response.send_message("posted", ephemeral=True)

    @tree.command(name="open", description="Opens a public thread on a new message")
    async def open_thread(interaction: discord.Interaction[Any], name: str) -> None:
        await interaction.response.send_message(f"opening {name}")
        message = await interaction.original_response()
        try:
            await message.create_thread(name=name)
        except discord.Forbidden as exc:
            await interaction.followup.send(f"forbidden {exc.code}", ephemeral=True)
            return
        await interaction.followup.send("opened", ephemeral=True)

    @tree.command(name="roles", description="Names your roles, and what the bot may do here")
    async def roles(interaction: discord.Interaction[Any]) -> None:
        member = interaction.user
        assert isinstance(member, discord.Member)
        names = sorted(r.name for r in member.roles if not r.is_default())
        app = interaction.app_permissions
        await interaction.response.send_message(
            f"roles: {','.join(names) or '-'}; bot attach={app.attach_files}"
        )

    @tree.command(name="grant", description="Creates a role and gives it to you")
    async def grant(interaction: discord.Interaction[Any], name: str) -> None:
        guild = interaction.guild
        member = interaction.user
        assert guild is not None
        assert isinstance(member, discord.Member)
        try:
            role = await guild.create_role(name=name)
            await member.add_roles(role)
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"forbidden {exc.code}")
            return
        await interaction.response.send_message(f"granted {role.id}")

    @tree.command(name="huge", description="Tries to send a message over 2000 characters")
    async def huge(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            print(f"HUGE REJECTED {exc.status} {exc.code}", flush=True)  # noqa: T201
            await interaction.response.send_message("too long", ephemeral=True)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    point_discord_py_at(os.environ["DISCORD_API_BASE"])
    store = Store(Path(os.environ.get("DATABASE_PATH", "sample.json")))
    bot = SampleBot(store, int(os.environ["DEV_GUILD_ID"]))
    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
