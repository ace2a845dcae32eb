"""The local table: play through the emulator from a terminal, as a guild member would.

`python -m localdiscord.table` starts the emulator and the bot (its own process, pointed at
the emulator through DISCORD_API_BASE), then reads lines: slash commands as in Discord,
numbers to press buttons or pick menu options, `user NAME` for hot-seat play, `threads` and
`open N` to move into threads. Every image the bot posts is saved under var/local/.
"""

from __future__ import annotations

import argparse
import contextlib
import shlex
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from localdiscord import tableparse
from localdiscord.errors import ApiError
from localdiscord.harness import BotHarness
from localdiscord.interactions import FAILED_TEXT
from localdiscord.local import Actor, ChannelRef, InteractionRef, Seen
from localdiscord.messages import walk_components
from localdiscord.model import Json
from localdiscord.seen import CONTROL_TYPES
from localdiscord.slash import NoSuchControlError, UsageError, clip, resolve_path
from localdiscord.textview import Control, Renderer, option_index

LOOK_PUBLIC = 10  # `look` shows the channel's last public messages ...
LOOK_EPHEMERAL = 3  # ... and only the newest ephemeral replies among them
WATCH_EVERY = 0.5  # seconds between looks for a message changed while you read (item 34)

HELP = """You can type:
  /command sub name:value ...   run a slash command, as in Discord
                                (quote values with spaces: name:"two words")
  /                             list the commands;  /game new ?  lists a command's options
  /game new game:tr?            suggestions for an option (static choices or the bot's)
  N                             press button N (the [N] shown under a message)
  N a   or   N a,c   or  N Red  pick option(s) in menu N
  look                          show the last messages here again
  dismiss N  or  dismiss        hide the reply "only you" see that holds [N] (or all of them
                                here), as Discord's "Dismiss message"
  wait [N]                      wait up to N s (default 10) for the bot to post something
  say TEXT                      post a plain message
  threads                       list the threads you can open;  open N  enters thread N
  open dm                       read the bot's direct messages to you
  back                          return to the main channel
  user NAME                     act as another user (hot-seat); users lists them
  help                          this text;  quit  (or Ctrl-D) leaves
Tab completes commands, options and choices."""


def describe_api_error(error: ApiError) -> str:
    """Return an API error as one sentence: the first field error, else its message."""
    node: object = error.errors or {}
    path: list[str] = []
    while isinstance(node, dict) and node:
        found = node.get("_errors")
        if isinstance(found, list) and found:
            return f"{'.'.join(path) or 'request'}: {found[0].get('message', error.message)}"
        key = next(iter(node))
        path.append(key)
        node = node[key]
    return error.message


def quoted(value: object) -> str:
    """Return an option value as it is typed here: quoted when it holds a space ("bowl 2")."""
    text = str(value)
    return f'"{text}"' if " " in text else text


class Table:
    """The read-eval-print loop of the local table."""

    def __init__(self, harness: BotHarness, out_dir: Path, write: Callable[[str], None],
                 read: Callable[[str], str], settle: float = 0.5) -> None:  # fmt: skip
        self.h = harness
        self.ld = harness.ld
        self.write = write
        self.read = read
        self.settle = settle
        self.actor: Actor = next(iter(harness.users.values()))
        self.channel: ChannelRef = harness.channel
        self.renderer = Renderer(out_dir)
        self.shown: dict[tuple[int, int], Seen] = {}
        self.noted: dict[tuple[int, int], int] = {}  # (user, channel) -> unread count noted
        self.marked: dict[tuple[int, int], int] = {}  # (user, channel) -> read mark sent
        self.dismissed: set[tuple[int, int]] = set()  # (user, message): replies put away
        self.lock = threading.RLock()  # one of: a typed line, or the watcher printing news
        self.stopped = threading.Event()

    # loop --------------------------------------------------------------------------------------

    def prompt(self) -> str:
        """Return the prompt: who you are and where."""
        mark = "~" if self.channel.is_thread else ("" if self.channel.name == "dm" else "#")
        return f"{self.actor.name}@{mark}{self.channel.name}> "

    def run(self) -> None:
        """Read lines until quit or end of input; meanwhile print what changes here."""
        self.write(f"You are {self.actor.name} in #{self.channel.name}. Type help for help.")
        watcher = threading.Thread(target=self.watch, name="table-watch", daemon=True)
        watcher.start()
        try:
            while True:
                try:
                    line = self.read(self.prompt())
                except (EOFError, KeyboardInterrupt):
                    break
                with self.lock:
                    if not self.handle(line):
                        break
        finally:
            self.stopped.set()
            watcher.join(timeout=2 * WATCH_EVERY + 1)

    def watch(self) -> None:
        """Print a message of this channel as soon as it appears or changes (playtest item 34).

        A board edited while its turn goes on (an AI's move, another player's) shows at once,
        as in a Discord client, not at the next typed line.
        """
        while not self.stopped.wait(WATCH_EVERY):
            try:
                with self.lock:
                    if self.stopped.is_set():
                        return
                    if self.changed_here():
                        self.show()
            except Exception:  # an emulator going away ends the watching only
                return

    def changed_here(self) -> bool:
        """Tell whether a message here is new or changed since it was last printed."""
        key = self.actor.id
        return any(
            self.shown.get((key, m.id)) != m
            for m in self.actor.messages(self.channel)
            if (key, m.id) not in self.dismissed
        )

    def handle(self, line: str) -> bool:
        """Handle one line; return False to quit."""
        line = line.strip()
        word, _, rest = line.partition(" ")
        try:
            if not line:
                return True
            if line.startswith("/"):
                self.slash(line)
            elif word.isdigit():
                self.pick(int(word), rest.strip())
            elif word in ("quit", "exit"):
                return False
            else:
                self.word(word, rest.strip())
        except UsageError as exc:
            self.write(f"! {exc}")
        except ApiError as exc:  # what Discord's own client would refuse, e.g. a long message
            self.write(f"! Discord refuses that: {describe_api_error(exc)}")
        except (TimeoutError, AssertionError) as exc:  # the bot did not answer in time
            self.write(f"! No answer: {str(exc).splitlines()[0] if str(exc) else 'timed out'}")
        except Exception as exc:  # no line typed at the table may end it
            where = self.renderer.out_dir / "table.log"
            with contextlib.suppress(OSError), where.open("a", encoding="utf-8") as fh:
                fh.write(f"{line[:200]!r}\n{traceback.format_exc()}\n")
            self.write(f"! That did not work ({type(exc).__name__}: {exc}); details in {where}.")
        return True

    def word(self, word: str, rest: str) -> None:
        """Handle the non-slash commands."""
        match word:
            case "help" | "?":
                self.write(HELP)
            case "look" | "l":
                self.show(everything=True)
            case "dismiss":
                self.dismiss(rest)
            case "wait" | "w":
                self.wait_for_news(rest)
            case "say":
                self.actor.say(self.channel, rest)
                self.follow(None)
            case "threads":
                self.list_threads()
            case "open":
                self.open_thread(rest)
            case "back":
                self.channel = self.h.channel
                self.show(everything=True)
            case "user":
                self.switch_user(rest)
            case "users":
                self.write("Users: " + ", ".join(self.h.users))
            case _:
                raise UsageError(f"Unknown input {clip(word)!r}; type help.")

    # slash commands ---------------------------------------------------------------------------

    def slash(self, line: str) -> None:
        """Run, explain or suggest for a slash command line."""
        parsed = tableparse.parse(line)
        commands = self.ld.commands(self.actor)
        if not parsed.path:
            self.write("Commands:\n" + "\n".join(tableparse.describe_commands(commands)))
            return
        in_dm = self.channel.name == "dm" and not self.channel.is_thread
        world, uid = self.ld.world, self.actor.id
        _, walked, defs = self.ld.call(lambda: resolve_path(world, parsed.path, in_dm, uid))
        if parsed.asking == "":
            self.write(f"/{' '.join(walked)} options:")
            self.write("\n".join(tableparse.describe_option(o) for o in defs) or "  (none)")
        elif parsed.asking is not None:
            self.suggest(parsed, defs)
        else:
            options: dict[str, object] = dict(parsed.options)
            empty = [name for name, value in options.items() if value == ""]
            if empty:  # Discord's client sends no empty option
                raise UsageError(f"{clip(empty[0])}: give a value ({clip(empty[0])}:VALUE).")
            for opt in defs:
                if opt["type"] == 11 and opt["name"] in options:  # a file: read it from disk
                    path = Path(str(options[opt["name"]])).expanduser()
                    if not path.is_file():
                        raise UsageError(f"{opt['name']}: no file at {path}.")
                    options[opt["name"]] = (path.name, path.read_bytes())
            self.follow(self.actor.slash(self.channel, parsed.path, options))

    def suggest(self, parsed: tableparse.SlashLine, defs: list[Json]) -> None:
        """Show suggestions for the option the user asked about with `?`."""
        name = parsed.asking or ""
        opt = next((o for o in defs if o["name"] == name), None)
        if opt is None:
            raise UsageError(f"No option {name!r} here.")
        partial = parsed.options.get(name, "")
        if opt.get("autocomplete"):
            choices = self.actor.autocomplete(self.channel, parsed.path, parsed.options, name)
        else:
            choices = list(opt.get("choices") or [])
            choices = [c for c in choices if str(c["value"]).startswith(partial)]
        if not choices:
            self.write(tableparse.describe_option(opt))
            return
        for choice in choices:
            self.write(f"  {name}:{quoted(choice['value'])}  ({choice['name']})")

    def completions(self, line: str) -> list[str]:
        """Tab completions for a slash line; options with autocomplete ask the bot."""
        if not line.startswith("/"):
            return []
        found = tableparse.complete(self.ld.commands(self.actor), line)
        last = line.rpartition(" ")[2]
        if found or ":" not in last:
            return found
        try:
            parsed = tableparse.parse(line)
            name = last.split(":", 1)[0]
            choices = self.actor.autocomplete(self.channel, parsed.path, parsed.options, name)
        except (UsageError, TimeoutError, AssertionError):
            return []
        return [f"{name}:{quoted(c['value'])}" for c in choices]

    # components --------------------------------------------------------------------------------

    def pick(self, number: int, rest: str) -> None:
        """Press button N, or pick options in menu N.

        A control its message no longer has (the message was edited since it was printed: a
        board whose turn went on) is refused, nothing sent, as a Discord client (which always
        shows the message as it is) never sends it; the message is printed as it is now.
        """
        controls = self.renderer.controls
        if not 1 <= number <= len(controls):
            raise UsageError(f"There is no [{number}] on screen; type look.")
        try:
            self.press(controls[number - 1], number, rest)
        except NoSuchControlError:
            self.write(
                f"! That message changed since it was shown: [{number}] is no longer on it, "
                "so nothing was sent. Type look, or press on its current controls."
            )
            self.show()

    def press(self, ctl: Control, number: int, rest: str) -> None:
        """Press a button, or pick options in a menu (`rest`: the options' letters or labels)."""
        if not ctl.is_select:
            if rest:
                raise UsageError(f"[{number}] is a button: type {number} alone to press it.")
            self.follow(self.actor.click(ctl.message_id, ctl.component["custom_id"]))
            return
        options = ctl.component.get("options") or []
        if not rest:
            raise UsageError(f"Say which option: {number} a  (or {number} a,b).")
        values = []
        for token in (t.strip() for t in rest.split(",")):
            index = option_index(token)
            ok = index is not None and 0 <= index < len(options)
            values.append(str(options[index]["value"]) if ok and index is not None else token)
        self.follow(self.actor.select(ctl.message_id, ctl.component["custom_id"], values))

    def dismiss(self, which: str) -> None:
        """Put away an ephemeral reply (the one holding control N), or all of them here.

        As Discord's "Dismiss message": only the reply goes, for this user; nothing is sent.
        """
        here = [m for m in self.actor.messages(self.channel) if m.ephemeral]
        if which:
            if not which.isdigit() or not 1 <= int(which) <= len(self.renderer.controls):
                raise UsageError(f"There is no [{clip(which)}] on screen; type look.")
            held = self.renderer.controls[int(which) - 1].message_id
            here = [m for m in here if m.id == held]
            if not here:
                raise UsageError(f"[{which}] is not in a reply only you see.")
        gone = [m for m in here if (self.actor.id, m.id) not in self.dismissed]
        if not gone:
            raise UsageError("No reply only you see is on screen here.")
        self.dismissed.update((self.actor.id, m.id) for m in gone)
        self.write(f"(dismissed {len(gone)} repl{'y' if len(gone) == 1 else 'ies'})")
        self.show(everything=True)

    def fill_modal(self, opened: InteractionRef) -> None:
        """Ask for each field of the modal the bot opened, then submit it."""
        modal = opened.modal or {}
        self.write(f"== {modal.get('title', 'Form')} ==")
        values: dict[str, str] = {}
        for comp in modal.get("components") or []:
            label = comp.get("label") if comp.get("type") == 18 else None
            for item in walk_components([comp]):
                if item.get("type") == 4:
                    values[item["custom_id"]] = self.read(f"  {label or item.get('label')}: ")
        self.follow(self.actor.submit(opened, values))

    def follow(self, ix: InteractionRef | None) -> None:
        """Wait for the bot's answer to an action, then show what changed."""
        if ix is not None:
            try:
                ix.wait_acked(timeout=self.ld.emulator.desk.ack_timeout + 2)
            except AssertionError:
                self.write(f"! {FAILED_TEXT}")
            if ix.modal is not None:
                self.fill_modal(ix)
                return
            if ix.response_type == 5:
                self.await_reply(ix, timeout=60)
        time.sleep(self.settle)
        self.show()

    def await_reply(self, ix: InteractionRef, timeout: float) -> None:
        """Wait for a deferred reply, printing meanwhile what changes here (playtest item 115).

        A board edited while the bot works on the answer ("is thinking…") shows at once, as
        the watcher would show it: the typed line holds the watcher's lock until it returns.
        """
        deadline = time.monotonic() + timeout
        while not ix.replied():
            if time.monotonic() >= deadline:
                ix.wait_reply(timeout=0.1)  # raises, saying what the bot did meanwhile
                return
            if self.changed_here():
                self.show()
            time.sleep(WATCH_EVERY / 5)

    # reading ------------------------------------------------------------------------------------

    def show(self, everything: bool = False) -> None:
        """Print new or changed messages here, and note activity elsewhere."""
        key = self.actor.id
        msgs = [m for m in self.actor.messages(self.channel) if (key, m.id) not in self.dismissed]
        self.renderer.names = self.ld.call(
            lambda: {u.id: u.name for u in self.ld.world.users.values()}
        )
        fresh = [m for m in msgs if everything or self.shown.get((key, m.id)) != m]
        # An older message whose edit only took its controls away (a board retired, every
        # one at a game's end) is one line, not printed again: a client shows that edit in
        # place, up the scroll, and the end stayed on screen (playtest item 98).
        stripped = [m for m in fresh if not everything and self._only_lost_controls(m)]
        fresh = [m for m in fresh if m not in stripped]
        self.shown.update(((key, m.id), m) for m in stripped)
        if everything:  # the last public messages and only the newest ephemeral replies, so a
            # pile of replies never pushes the board off the screen (playtest item 36)
            public = [m for m in fresh if not m.ephemeral][-LOOK_PUBLIC:]
            private = [m for m in fresh if m.ephemeral][-LOOK_EPHEMERAL:]
            fresh = sorted([*public, *private], key=lambda m: m.id)
            # The older ones count as read: else the next show (the watcher's, half a second
            # later) printed every one never printed, the whole channel (playtest item 66).
            self.shown.update(((key, m.id), m) for m in msgs)
        # A new or edited public message with controls numbers afresh; an ephemeral reply's
        # controls are numbered after the ones on screen, which stay pressable. Renumbering
        # shows again the ephemeral replies whose controls were on screen, with their new numbers.
        if everything or any((m.buttons() or m.selects()) and not m.ephemeral for m in fresh):
            held = {c.message_id for c in self.renderer.controls}
            ids = {m.id for m in fresh}
            carried = [
                m
                for m in msgs
                if m.ephemeral and m.id in held and m.id not in ids and not everything
            ]
            fresh = sorted([*fresh, *carried], key=lambda m: m.id)
            self.renderer.controls = []
        # Printed oldest first, numbered public messages first: a reply only you see (an "out
        # of date" answer) older than the board does not push the board's menu to [4]; the
        # board keeps its usual numbers, the replies' controls come after (item 98).
        lines: dict[int, list[str]] = {}
        for msg in sorted(fresh, key=lambda m: m.ephemeral):  # stable: oldest first in each
            self.shown[(key, msg.id)] = msg
            lines[msg.id] = self.renderer.message(msg)
        for msg in fresh:
            for line in lines[msg.id]:
                self.write(line)
        if stripped:
            many = len(stripped) > 1
            self.write(
                f"  ({len(stripped)} earlier message{'s' if many else ''} here lost "
                f"{'their' if many else 'its'} buttons and menus: edited in place)"
            )
        self.mark_read(msgs)
        self.note_elsewhere()

    def _only_lost_controls(self, msg: Seen) -> bool:
        """Tell whether `msg`, printed before, was edited only to take its controls away."""
        before = self.shown.get((self.actor.id, msg.id))
        if before is None or msg.ephemeral or msg.controls() or not before.controls():
            return False
        return (msg.content, msg.embeds, msg.attachments, msg.components) == (
            before.content,
            before.embeds,
            before.attachments,
            [c for c in before.components if not _controls_row(c)],
        )

    def mark_read(self, msgs: list[Seen]) -> None:
        """Keep, with the world, that this channel is read up to its newest message here.

        Without it a restart counted every message read before as new ("(29 new in ~Troyes
        n.º 1)", playtest item 80).
        """
        newest = max((m.id for m in msgs), default=0)
        place = (self.actor.id, self.channel.id)
        if newest > self.marked.get(place, 0):
            self.marked[place] = newest
            self.actor.mark_read(self.channel, newest)

    def note_elsewhere(self) -> None:
        """Mention unread messages in the user's other channels and threads."""
        dm = self.actor.dm()
        places = [self.h.channel, *self.actor.threads(), *([dm] if dm else [])]
        marks = self.actor.read_marks()  # what was read here before a restart, too
        for place in places:
            if place.id == self.channel.id:
                continue
            unread = [
                m
                for m in self.actor.messages(place)
                if (self.actor.id, m.id) not in self.shown and m.id > marks.get(place.id, 0)
            ]
            if unread and self.noted.get((self.actor.id, place.id)) != len(unread):
                self.noted[(self.actor.id, place.id)] = len(unread)
                where = f"~{place.name}" if place.is_thread else f"#{place.name}"
                where = "your DMs (open dm)" if place.name == "dm" else where
                self.write(f"  ({len(unread)} new in {where})")

    def list_threads(self) -> None:
        """List the threads this user can open."""
        threads = self.actor.threads()
        if not threads:
            self.write("No threads you can open.")
        for i, thread in enumerate(threads, 1):
            self.write(f"  {i}. ~{thread.name}")

    def open_thread(self, which: str) -> None:
        """Enter a thread by number (from `threads`) or name."""
        threads = self.actor.threads()
        if which == "dm":
            dm = self.actor.dm()
            if dm is None:
                raise UsageError("The bot has not sent you a direct message.")
            threads = [dm]
        chosen = next((t for t in threads if t.name == which), None)
        if chosen is None and which.isdigit() and 1 <= int(which) <= len(threads):
            chosen = threads[int(which) - 1]
        if chosen is None:
            raise UsageError("No such thread; type threads.")
        self.channel = chosen
        self.show(everything=True)

    def switch_user(self, name: str) -> None:
        """Act as another user (created and joined to the guild if new)."""
        if not name:
            raise UsageError("Say who: user NAME.")
        if name not in self.h.users:
            self.h.users[name] = self.ld.user_or_new(name)
        self.actor = self.h.users[name]
        if self.channel.id != self.h.channel.id:
            self.channel = self.h.channel
        self.write(f"You are now {name}.")
        msgs = self.actor.messages(self.channel)
        if not any((self.actor.id, m.id) in self.shown for m in msgs):
            for old in msgs[:-5]:  # first time here: the last five messages are enough
                self.shown[(self.actor.id, old.id)] = old
        self.show()

    def wait_for_news(self, seconds: str) -> None:
        """Wait (up to N seconds, default 10) until something new appears here, then show it."""
        limit = float(seconds) if seconds.replace(".", "", 1).isdigit() else 10.0
        before = {(m.id, m.content) for m in self.actor.messages(self.channel)}
        end = time.monotonic() + limit
        while time.monotonic() < end:
            now = self.actor.messages(self.channel)
            if {(m.id, m.content) for m in now} != before:
                break
            time.sleep(0.1)
        else:
            self.write("(nothing new)")
        time.sleep(self.settle)
        self.show()


def _controls_row(component: Json) -> bool:
    """Tell whether a top-level component is an action row of controls only."""
    inner = component.get("components") or []
    return component.get("type") == 1 and all(c.get("type") in CONTROL_TYPES for c in inner)


def _readline_input(completions: Callable[[str], list[str]]) -> Callable[[str], str]:
    try:
        import readline  # noqa: PLC0415 (optional: absent on some platforms)
    except ImportError:
        return input

    def completer(text: str, state: int) -> str | None:
        # Words are split on spaces only, so `text` is the whole last word ("game:tr").
        if state == 0:
            cache[:] = completions(readline.get_line_buffer())
        return cache[state] if state < len(cache) else None

    cache: list[str] = []

    readline.set_completer_delims(" ")
    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")
    return input


def main(argv: Sequence[str] | None = None) -> int:
    """Start the emulator and the bot, then run the table in this terminal."""
    parser = argparse.ArgumentParser(description="Play through a local, emulated Discord.")
    parser.add_argument("--bot", default=f"{shlex.quote(sys.executable)} bot.py",
                        help="command that starts the bot (default: python bot.py)")  # fmt: skip
    parser.add_argument("--users", default="alice,bob,carol", help="comma-separated user names")
    parser.add_argument("--channel", default="general", help="the channel you sit in")
    parser.add_argument("--out", default="var/local", help="where images and the bot log go")
    args = parser.parse_args(argv)
    out = Path(args.out)
    harness = BotHarness(
        shlex.split(args.bot), out.resolve(), users=args.users.split(","),
        channels=[args.channel], cwd=Path.cwd(), world_file=out.resolve() / "world.json",
    )  # fmt: skip
    write = print
    try:
        harness.start()
    except TimeoutError as exc:
        write(f"The bot did not connect.\n{exc}")
        harness.stop()
        return 1
    try:
        write(f"Emulator at {harness.ld.base_url}; bot log in {out / 'bot.log'}")
        if harness.ld.emulator.load_problem:
            write(f"! {harness.ld.emulator.load_problem}")
        elif harness.ld.emulator.loaded:
            write(f"Welcome back: the guild as you left it ({out / 'world.json'}).")
        table = Table(harness, out, write, input)
        if harness.ld.emulator.loaded:
            table.show(everything=True)  # where you left off
        if sys.stdin.isatty():
            table.read = _readline_input(table.completions)
        table.run()
    finally:
        harness.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
