"""A terminal game of Trajan: you play seat 0 against greedy AI seats (`make run` fallback).

Run `python -m localtable.terminal`. Each of your decisions lists the legal moves, numbered;
type a number or the move's notation ("bowl 3", "sow 2 pink white", "build 4"). Commands:
`board` shows the board again, `help` lists the commands, `quit` leaves the game.
"""

import secrets
import sys
from collections.abc import Callable
from typing import Any

from engine.ai.players import GreedyPlayer
from engine.core.errors import GameError
from engine.core.play import parse_action
from engine.trajan.actions import (
    Build,
    ChooseBowl,
    DrawStartCard,
    PickTrajan,
    PortTake,
    TakeTrajan,
)
from engine.trajan.game import TrajanEngine
from engine.trajan.state import ACTIONS, TrajanState
from engine.trajan.text import ROMAN, name
from engine.trajan.view import PlayerView, TrajanView

HUMAN = 0
COLOURS = {"B": "blue", "Y": "yellow", "G": "green", "O": "orange", "P": "pink", "W": "white"}
SHIP_NAMES = ("same goods", "different goods", "pairs")
HELP = "Type a number or a move's notation. Commands: board, help, quit."

Ask = Callable[[str], str]
Say = Callable[[str], None]


def _markers(codes: str) -> str:
    return " ".join(COLOURS[c] for c in codes) or "-"


class Table:
    """One game at the terminal: the engine, the state and the AI seats."""

    def __init__(self, seats: int, seed: int, ask: Ask, say: Say) -> None:
        self.engine = TrajanEngine()
        self.t = self.engine.tables
        self.state: TrajanState = self.engine.new_state({}, seats, seed)
        self.ai = GreedyPlayer()
        self.ask = ask
        self.say = say

    def n(self, kind: str, ident: str | None) -> str:
        """Return the English name of a catalog entry."""
        return name(self.t, kind, ident, "en")

    def board(self) -> str:
        """Return the whole board as text, from seat 0's point of view."""
        v = self.engine.view(self.state, HUMAN)
        lines = [self._header(v), *self._forum(v), *self._provinces(v), *self._sites(v)]
        lines += self._stacks(v)
        for p in v.players:
            lines += self._player(v, p)
        return "\n".join(lines)

    def _header(self, v: TrajanView) -> str:
        demands = ", ".join(self.n("demand", d) for d in v.demands_shown) or "none yet"
        ships = ", ".join(
            f"{SHIP_NAMES[i]} ({'front' if up else 'grey'})" for i, up in enumerate(v.ships)
        )
        return (
            f"\n=== Quarter {v.quarter}/4, round {v.round}/4 - time {v.time}/{v.cycle} - "
            f"demands: {demands} ===\nShips: {ships}. Deck {v.deck_size} cards; discard tops: "
            f"{self.n('card', v.discard_tops[0])} | {self.n('card', v.discard_tops[1])}. "
            f"Bonus tiles at the senate: {', '.join(self.n('bonus', b) for b in v.bonus_offer)}"
        )

    def _forum(self, v: TrajanView) -> list[str]:
        forum = ", ".join(self.n("forum", f) for f in v.forum if f) or "empty"
        extras = ", ".join(self.n("forum", f) for f in v.extras if f) or "empty"
        return [f"Forum: {forum}", f"Forum extra actions: {extras}"]

    def _provinces(self, v: TrajanView) -> list[str]:
        out = []
        for prov, tile in v.provinces:
            who = [f"P{p.seat + 1} leader" for p in v.players if p.leader == prov]
            who += [f"P{p.seat + 1} legionnaire" for p in v.players if prov in p.provinces]
            vp = self.t.province_vp[prov]
            out.append(
                f"  {self.n('province', prov):18} {vp:>2} VP  tile: {self.n('forum', tile):28}"
                f" {', '.join(who)}"
            )
        return ["Provinces:", *out]

    def _sites(self, v: TrajanView) -> list[str]:
        rows, cols = self.t.fig.construction_grid
        out = ["Construction sites (workers shown as P1..P4):"]
        for r in range(rows):
            cells = []
            for c in range(cols):
                site = r * cols + c
                who = "".join(str(p.seat + 1) for p in v.players if site in p.sites)
                tile = self.n("building", v.sites[site]) if v.sites[site] else "(taken)"
                cells.append(f"{site + 1:>2} {tile:15}{('P' + who) if who else '':5}")
            out.append("  " + " ".join(cells))
        return out

    def _stacks(self, v: TrajanView) -> list[str]:
        out = ["Trajan stacks (top tile, tiles left):"]
        for i, top in enumerate(v.stack_tops):
            what = self.n("category", self.t.stack_categories[i])
            shown = self._trajan(top) or "-"
            out.append(f"  {i + 1} {what:26} {shown}  ({v.stack_sizes[i]})")
        return out

    def _trajan(self, tile: str | None) -> str:
        if tile is None:
            return ""
        t = self.t.trajan[tile]
        return f"{self.n('trajan', tile)}, {t.vp} VP"

    def _player(self, v: TrajanView, p: PlayerView) -> list[str]:
        you = " (you)" if p.seat == HUMAN else ""
        out = [
            f"P{p.seat + 1}{you}: {p.vp} VP | senate space {p.senate} ({p.votes} votes) | "
            f"supply {p.supply}, workers' camp {p.workers}, military camp {p.legionnaires} | "
            f"leader: {self.n('province', p.leader)} | {p.hand_size} cards in hand"
        ]
        for i, markers in enumerate(p.bowls):
            arch = " <arch>" if p.arch == i else ""
            tile = p.slots[i]
            slot = self._trajan(tile)
            need = f" [needs {_markers(self.t.trajan[tile].colours)}]" if tile else ""
            out.append(
                f"   {ROMAN[i]:>3} {self.n('action', ACTIONS[i]):12} {_markers(markers):32}"
                f" {slot}{need}{arch}"
            )
        if p.arch < 0:
            out.append("   (all Trajan slots full: the arch stands in the centre)")
        held = ", ".join(self.n("forum", f) for f in p.forum) or "-"
        out.append(f"   tiles: {held}")
        built = ", ".join(self.n("building", b) for b in p.buildings) or "-"
        demands = ", ".join(self.n("trajan", d) for d in p.demands) or "-"
        plus2 = ", ".join(p.plus2) or "-"
        out.append(f"   buildings: {built} | Trajan demand tiles: {demands} | [+2]: {plus2}")
        bonus = [self.n("bonus", b) + " (yellow)" for b in p.bonus]
        bonus += [self.n("bonus", b) + " (grey)" for b in p.bonus_grey]
        display = ", ".join(self.n("card", c) for c in p.display) or "-"
        out.append(f"   bonus tiles: {', '.join(bonus) or '-'} | display: {display}")
        if p.hand is not None:
            out.append(f"   your hand: {', '.join(self.n('card', c) for c in p.hand) or '-'}")
        return out

    def _hint(self, action: Any) -> str:
        """Return what a choice leads to: a bowl's target, a discard pile's top card."""
        if isinstance(action, DrawStartCard | PortTake):
            pile = action.source - 1 if isinstance(action, DrawStartCard) else action.pile
            top = self.state.discards[pile][-1] if pile >= 0 and self.state.discards[pile] else None
            return f": {self.n('card', top)}" if top else ""
        if isinstance(action, PickTrajan | TakeTrajan):
            stack = self.state.stacks[action.stack]
            return f": {self._trajan(stack[-1])}" if stack else ""
        if isinstance(action, Build):
            tile = self.state.sites[action.site]
            return f": {self.n('building', tile)}" if tile else ": tile already taken"
        if not isinstance(action, ChooseBowl):
            return ""
        count = len(self.state.players[HUMAN].bowls[action.bowl])
        target = (action.bowl + count) % len(ACTIONS)
        return f": {count} marker(s), ends on {ROMAN[target]} ({self.n('action', ACTIONS[target])})"

    def human_move(self) -> bool:
        """Ask seat 0 for a move and apply it; return False if the player quits."""
        actions = self.engine.legal_actions(self.state)
        self.say("\n" + self.engine.prompt(self.state))
        labels = [self.engine.describe(a) + self._hint(a) for a in actions]
        width = max(len(label) for label in labels)
        for i, (action, label) in enumerate(zip(actions, labels, strict=True), start=1):
            self.say(f"  {i:>2}. {label:{width}}  [{self.engine.action_text(action)}]")
        while True:
            answer = self.ask("> ").strip()
            if answer.lower() in ("quit", "q", "exit"):
                return False
            if answer.lower() in ("board", "b"):
                self.say(self.board())
                continue
            if answer.lower() in ("help", "h", "?"):
                self.say(HELP)
                continue
            try:
                action = (
                    actions[int(answer) - 1]
                    if answer.isdigit() and 1 <= int(answer) <= len(actions)
                    else parse_action(self.engine, self.state, answer)
                )
                self.step(action)
            except GameError as error:
                self.say(str(error))
                continue
            return True

    def step(self, action: Any) -> None:
        """Apply an action and print its events."""
        result = self.engine.apply(self.state, action)
        for event in result.events:
            self.say("  * " + self.engine.describe_event(event))
        self.state = result.state

    def play(self) -> None:
        """Play until the end (or until seat 0 quits), then print the result."""
        shown = -1
        while self.state.pending is not None:
            pending = self.state.pending
            if pending.seat == HUMAN:
                if self.state.version != shown:  # others moved since: show the board
                    self.say(self.board())
                if not self.human_move():
                    self.say("You left the game.")
                    return
                shown = self.state.version
            else:
                self.step(self.ai.choose(self.engine, self.state))
        self.say(self.board())
        self.say(self.final())

    def final(self) -> str:
        """Return the final scores, ranks and points per category."""
        result = self.engine.result(self.state)
        if result is None:
            return ""
        lines = ["\n=== Final result ==="]
        for seat in sorted(range(len(result.scores)), key=lambda s: result.ranks[s]):
            who = "you" if seat == HUMAN else "AI"
            parts = ", ".join(f"{k} {v}" for k, v in result.breakdown[seat].items() if v)
            lines.append(
                f"{result.ranks[seat]}. P{seat + 1} ({who}): {result.scores[seat]} VP  ({parts})"
            )
        lines.append(result.tie_break)
        return "\n".join(lines)


def ask_seats(ask: Ask, say: Say) -> int:
    """Ask how many players (2-4) until the answer is valid."""
    while True:
        answer = ask("How many players, 2-4 (you are player 1; the others are AI)? ").strip()
        if answer in ("2", "3", "4"):
            return int(answer)
        say("Please answer 2, 3 or 4.")


def main(argv: list[str] | None = None, ask: Ask = input, say: Say = print) -> int:
    """Play one game of Trajan at the terminal; `argv` may give a seed."""
    args = sys.argv[1:] if argv is None else argv
    seed = int(args[0]) if args and args[0].isdigit() else secrets.randbits(63)
    say("Trajan - you are player 1. " + HELP)
    try:
        table = Table(ask_seats(ask, say), seed, ask, say)
        say(f"Seed {seed}.")
        table.play()
    except (EOFError, KeyboardInterrupt):
        say("\nBye.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
