"""`doublesix play`: a game in the terminal against the computer, Russian by default.

The human sits at seat 0; every other seat is a bot from :func:`doublesix.bots.make_bot`,
which sees only its PlayerView. The human is shown their own view too: the line, the two
ends, their numbered hand, the boneyard's size and the opponents' tile counts.

Input: a tile's number, plus ``l`` / ``r`` (``л`` / ``п``) when it fits both ends;
``d`` (``д``) to draw, ``p`` (``п``) to pass, ``n`` for a new shuffle when four doubles allow
it, ``q`` to leave. In ``101`` the single draw happens by itself, as in seed 003.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from doublesix.bots import Bot, make_bot
from doublesix.core.actions import Action, ActionKind, End
from doublesix.core.errors import InvalidSetup
from doublesix.core.match import Match
from doublesix.core.notation import record_of
from doublesix.core.outcome import Bonus, BonusKind, Outcome, Reason
from doublesix.core.rules import Ruleset, find_preset
from doublesix.core.tiles import Tile
from doublesix.core.tiles import name as tile_name
from doublesix.core.view import PlayerView
from doublesix.errors import UsageError
from doublesix.terminal.format import fill, plural, wrap_items
from doublesix.terminal.pairs import (
    PAIR_TEXTS,
    match_end_lines,
    result_lines,
    score_line,
    seat_name,
    seats_line,
)
from doublesix.terminal.records import save_record

HUMAN = 0
#: the exit status after Ctrl+C, as a shell reports SIGINT
INTERRUPTED = 130

TEXTS: dict[str, dict[str, str]] = {
    "ru": {
        "title": "Домино «дубль-шесть», {mode}.\nВы играете против компьютера, уровень: "
                 "{level}.",
        "level.easy": "лёгкий",
        "level.medium": "средний",
        "level.hard": "сложный",
        "level.random": "случайные ходы",
        "penalties": "Очки здесь штрафные: кто наберёт больше {target}, тот проиграл.",
        "how": "Как ходить: номер костяшки (3), а если она подходит к обоим концам, то ещё "
               "l или r — слева или справа (3 l); d — добор, p — пас, n — пересдача "
               "(при четырёх дублях), q — выход.",
        "mode.draw": "с добором из базара",
        "mode.block": "без добора",
        "mode.101": "до {target} очков",
        "deal": "— Сдача {n} —",
        "line": "Цепочка: {line}",
        "empty": "Цепочка: стол пуст.",
        "ends": "Концы: {left} и {right}",
        "boneyard": "Базар: {n} {tiles}",
        "counts": "{who}: {n} {tiles}",
        "hand": "Ваши костяшки (* — можно сыграть):",
        "score": "Штрафные очки: вы {me}, {them}; больше {target} — проигрыш.",
        "hanging": "Повисло очков: {n}.",
        "prompt": "Ваш ход ({help}; q — выход): ",
        "help.play": "номер костяшки",
        "help.lead": "номер костяшки",
        "help.draw": "d — добор",
        "help.pass": "p — пас",
        "help.redeal": "n — пересдача",
        "must_lead": "Начинать нужно с: {tiles}.",
        "bad.input": "Не понимаю «{text}». Введите {help}.",
        "bad.number": "Костяшки с номером {n} у вас нет.",
        "bad.lead": "С костяшки {tile} начинать нельзя: можно только {tiles}.",
        "bad.fit": "Костяшка {tile} не подходит ни к {left}, ни к {right}.",
        "bad.fit1": "Костяшка {tile} не подходит к {value}.",
        "bad.end": "Костяшка {tile} не подходит к этому концу.",
        "bad.which": "Костяшка {tile} подходит к обоим концам: добавьте l или r.",
        "bad.must_play": "Сначала сыграйте подходящую костяшку: добор и пас сейчас нельзя.",
        "bad.no_draw": "Добирать сейчас нельзя.",
        "bad.no_pass": "Пасовать сейчас нельзя: {why}.",
        "bad.why_draw": "сначала доберите из базара",
        "bad.no_redeal": "Пересдача возможна только с четырьмя дублями и больше.",
        "you.play": "Вы ставите {tile} {side}.",
        "you.lead": "Вы начинаете с {tile}.",
        "you.draw": "Вы берёте из базара: {tile}.",
        "you.auto": "Подходящей костяшки нет — добор: {tile}.",
        "you.miss": "Не подошла: ход переходит дальше.",
        "you.pass": "Вы пасуете.",
        "you.redeal": "Вы просите пересдачу.",
        "bot.play": "{who} ставит {tile} {side}.",
        "bot.lead": "{who} начинает с {tile}.",
        "bot.draw": "{who} берёт костяшку из базара.",
        "bot.draws": "{who} берёт {n} {tiles} из базара.",
        "bot.pass": "{who}: пас.",
        "bot.redeal": "{who} просит пересдачу.",
        "left": "слева",
        "right": "справа",
        "computer": "Компьютер",
        "computer.n": "Компьютер {n}",
        "you": "Вы",
        "you.short": "вы",
        "tiles": "костяшка костяшки костяшек",
        "tiles.taken": "костяшку костяшки костяшек",
        "domino": "Домино! {who} выкладывает последнюю костяшку.",
        "domino.you": "Домино! Вы выложили последнюю костяшку.",
        "fish": "Рыба! Ходить больше некому.",
        "draw_result": "Ничья: очков поровну, никто ничего не получает.",
        "won": "Вы выиграли: {points} очков.",
        "lost": "{who} выигрывает: {points} очков.",
        "pips": "Очки на руках: {pips}.",
        "hands": "{who}: {tiles}",
        "penalty": "{who}: +{points} к счёту.",
        "penalty.you": "Вам записано +{points}.",
        "bonus": "  {name}: {points}",
        "bonus.lead": "начали с {tile}",
        "bonus.finish": "закончили костяшкой {tile}",
        "bonus.lone": "одинокий дубль {tile}",
        "bonus.hanging": "повисшие очки",
        "tied_fish": "Очков поровну: {n} очков повисло до следующей сдачи.",
        "match.won": "Матч окончен: вы победили!",
        "match.lost": "Матч окончен: победил компьютер.",
        "next": "Enter — следующая сдача, q — выход: ",
        "bye": "До встречи!",
    },
    "en": {
        "title": "Double-six dominoes, {mode}.\nYou play against the computer, level: "
                 "{level}.",
        "level.easy": "easy",
        "level.medium": "medium",
        "level.hard": "hard",
        "level.random": "random moves",
        "penalties": "Points are penalties here: whoever goes above {target} loses.",
        "how": "How to move: a tile's number (3), plus l or r, left or right, when it fits "
               "both ends (3 l); d = draw, p = pass, n = redeal (with four doubles), q = quit.",
        "mode.draw": "drawing from the boneyard",
        "mode.block": "no drawing",
        "mode.101": "to {target} points",
        "deal": "— Deal {n} —",
        "line": "Line: {line}",
        "empty": "Line: the table is empty.",
        "ends": "Ends: {left} and {right}",
        "boneyard": "Boneyard: {n} {tiles}",
        "counts": "{who}: {n} {tiles}",
        "hand": "Your tiles (* = playable):",
        "score": "Penalty points: you {me}, {them}; above {target} loses.",
        "hanging": "Hanging points: {n}.",
        "prompt": "Your move ({help}; q = quit): ",
        "help.play": "a tile's number",
        "help.lead": "a tile's number",
        "help.draw": "d = draw",
        "help.pass": "p = pass",
        "help.redeal": "n = ask for a redeal",
        "must_lead": "You must lead with: {tiles}.",
        "bad.input": "I do not understand '{text}'. Type {help}.",
        "bad.number": "You have no tile number {n}.",
        "bad.lead": "{tile} may not lead: only {tiles}.",
        "bad.fit": "{tile} fits neither {left} nor {right}.",
        "bad.fit1": "{tile} does not fit {value}.",
        "bad.end": "{tile} does not fit that end.",
        "bad.which": "{tile} fits both ends: add l or r.",
        "bad.must_play": "A tile of yours fits: play it; no drawing or passing now.",
        "bad.no_draw": "You cannot draw now.",
        "bad.no_pass": "You cannot pass now: {why}.",
        "bad.why_draw": "draw from the boneyard first",
        "bad.no_redeal": "A redeal needs four doubles or more.",
        "you.play": "You play {tile} {side}.",
        "you.lead": "You lead with {tile}.",
        "you.draw": "You draw {tile}.",
        "you.auto": "Nothing fits, so you draw: {tile}.",
        "you.miss": "It does not fit: the turn passes on.",
        "you.pass": "You pass.",
        "you.redeal": "You ask for a redeal.",
        "bot.play": "{who} plays {tile} {side}.",
        "bot.lead": "{who} leads with {tile}.",
        "bot.draw": "{who} draws from the boneyard.",
        "bot.draws": "{who} draws {n} {tiles} from the boneyard.",
        "bot.pass": "{who} passes.",
        "bot.redeal": "{who} asks for a redeal.",
        "left": "on the left",
        "right": "on the right",
        "computer": "The computer",
        "computer.n": "Computer {n}",
        "you": "You",
        "you.short": "you",
        "tiles": "tile tiles tiles",
        "tiles.taken": "tile tiles tiles",
        "domino": "Domino! {who} laid the last tile.",
        "domino.you": "Domino! You laid your last tile.",
        "fish": "Blocked (fish)! Nobody can move.",
        "draw_result": "A draw: equal points, nobody scores.",
        "won": "You win {points} points.",
        "lost": "{who} wins {points} points.",
        "pips": "Pips in hand: {pips}.",
        "hands": "{who}: {tiles}",
        "penalty": "{who}: +{points} to the score.",
        "penalty.you": "You add {points} to your score.",
        "bonus": "  {name}: {points}",
        "bonus.lead": "led with {tile}",
        "bonus.finish": "finished with {tile}",
        "bonus.lone": "a lone double {tile}",
        "bonus.hanging": "hanging points",
        "tied_fish": "Equal points: {n} points hang until the next deal.",
        "match.won": "The match is over: you win!",
        "match.lost": "The match is over: the computer wins.",
        "next": "Enter = next deal, q = quit: ",
        "bye": "Goodbye!",
    },
}

_LEFT = {"l", "л", "left", "слева"}
_RIGHT = {"r", "п", "right", "справа"}
_DRAW = {"d", "д", "draw", "добор"}
_PASS = {"p", "п", "pass", "пас"}
_REDEAL = {"n", "н", "redeal", "пересдача"}
_QUIT = {"q", "й", "quit", "exit", "выход"}


_BONUS_KEYS = {BonusKind.LEAD: "bonus.lead", BonusKind.FINISH: "bonus.finish",
               BonusKind.LONE_DOUBLE: "bonus.lone", BonusKind.HANGING: "bonus.hanging"}


class Quit(Exception):
    """The player left (q, or the end of the input)."""


def pretty(tile: Tile) -> str:
    return f"[{tile.low}|{tile.high}]"


class TerminalGame:
    """One game (a match in 101) between the human at seat 0 and bots elsewhere."""

    def __init__(
        self,
        game: Match,
        bots: dict[int, Bot],
        inp: TextIO,
        out: TextIO,
        lang: str = "ru",
    ) -> None:
        self.game = game
        self.bots = bots
        self.inp = inp
        self.out = out
        self.texts = {**TEXTS[lang], **PAIR_TEXTS[lang]}

    # -- small helpers --------------------------------------------------------------------
    def t(self, key: str, **values: object) -> str:
        return self.texts[key].format(**values)

    def say(self, key: str, **values: object) -> None:
        self.out.write(fill(self.t(key, **values)) + "\n")

    def ask(self, key: str, **values: object) -> str:
        self.out.write(self.t(key, **values))
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise Quit
        text = line.strip().lower()
        if text in _QUIT:
            raise Quit
        return text

    def tiles(self, n: int, key: str = "tiles") -> str:
        """The word for *n* tiles ("tiles.taken": after a verb, «берёт 1 костяшку»)."""
        return plural(n, self.t(key).split())

    def short(self, seat: int) -> str:
        """A seat's name inside a sentence (lower case)."""
        return self.t("you.short") if seat == HUMAN else self.who(seat).lower()

    def who(self, seat: int) -> str:
        if seat == HUMAN:
            return self.t("you")
        paired = seat_name(self.game.rules, HUMAN, seat, self.texts)
        if paired is not None:
            return paired
        if len(self.bots) == 1:
            return self.t("computer")
        return self.t("computer.n", n=seat)

    # -- the game -------------------------------------------------------------------------
    def run(self) -> int:
        try:
            self.say("how")
            while True:
                self.play_deal()
                if self.game.is_over:
                    return 0
                self.ask("next")
                self.game.next_deal()
        except Quit:
            self.out.write("\n")
            self.say("bye")
            return 0
        except KeyboardInterrupt:  # Ctrl+C leaves as q does; the status says it was cut short
            self.out.write("\n")
            self.say("bye")
            return INTERRUPTED

    def play_deal(self) -> None:
        game = self.game
        if game.rules.is_match:
            self.say("deal", n=game.deal_number)
        shown = -1
        while not game.deal_over:
            seat = game.to_move
            assert seat is not None
            if seat == HUMAN:
                if shown != game.version:
                    self.show()
                    shown = game.version
                self.human_turn()
            else:
                self.bot_turn(seat)
        self.show_result()

    def show(self) -> None:
        view = PlayerView.of(self.game, HUMAN)
        self.out.write("\n")
        if view.line:
            # as the tiles lie, each turned to join its neighbours
            tiles = [f"[{a}|{b}]" for a, b in view.line]
            self.out.write(wrap_items(self.t("line", line=""), tiles) + "\n")
            assert view.ends is not None
            self.say("ends", left=view.ends[0], right=view.ends[1])
        else:
            self.say("empty")
        if view.rules.draw_rule != "none":
            self.say("boneyard", n=view.boneyard_size, tiles=self.tiles(view.boneyard_size))
        for seat, size in enumerate(view.hand_sizes):
            if seat != HUMAN:
                self.say("counts", who=self.who(seat), n=size, tiles=self.tiles(size))
        if view.match is not None:
            self.show_score(view)
        playable = {a.tile for a in view.legal if a.tile is not None}
        self.say("hand")
        hand = [f"{n}){pretty(tile)}{'*' if tile in playable else ''}"
                for n, tile in enumerate(view.hand, 1)]
        self.out.write(wrap_items("  ", hand, sep="  ") + "\n")
        if view.lead_options:
            self.say("must_lead", tiles=", ".join(str(t) for t in view.lead_options))

    def show_score(self, view: PlayerView) -> None:
        status = view.match
        assert status is not None
        if view.rules.teams:
            self.out.write(score_line(status, view.rules, HUMAN, self.texts) + "\n")
            if status.hanging:
                self.say("hanging", n=status.hanging)
            return
        them = ", ".join(
            f"{self.short(s)} {score}" for s, score in enumerate(status.scores) if s != HUMAN
        )
        self.say("score", me=status.scores[HUMAN], them=them, target=status.target)
        if status.hanging:
            self.say("hanging", n=status.hanging)

    # -- the human's turn -----------------------------------------------------------------
    def human_turn(self) -> None:
        game = self.game
        legal = game.legal_actions()
        if legal == [Action.parse("draw")] and game.rules.draw_rule == "one_then_pass":
            # seed 003: the single draw is automatic; say what came
            event = game.apply(legal[0], HUMAN)
            assert event.drawn is not None
            self.say("you.auto", tile=event.drawn)
            if game.to_move != HUMAN:
                self.say("you.miss")
            return
        while True:
            text = self.ask("prompt", help=self.help(legal))
            action, problem = self.parse(text, legal)
            if action is not None:
                break
            self.out.write(problem + "\n")
        event = game.apply(action, HUMAN)
        self.announce_human(action, event.drawn)

    def parse(self, text: str, legal: list[Action]) -> tuple[Action | None, str]:
        """The action the player means, or None and a polite reason."""
        view = PlayerView.of(self.game, HUMAN)
        words = text.replace(",", " ").split()
        if len(words) == 1 and not words[0].isdigit():
            # "3l" as well as "3 l"
            head = words[0].rstrip("lrлп")
            if head.isdigit() and head != words[0]:
                words = [head, words[0][len(head):]]
        if len(words) == 1 and words[0] in _DRAW | _PASS | _REDEAL:
            return self.simple(words[0], legal, view)
        if not words or not words[0].isdigit() or len(words) > 2:
            return None, self.t("bad.input", text=text, help=self.help(legal))
        number = int(words[0])
        if not 1 <= number <= len(view.hand):
            return None, self.t("bad.number", n=number)
        tile = view.hand[number - 1]
        if view.ends is None:
            lead = Action.play(tile)
            if lead in legal:
                return lead, ""
            return None, self.t("bad.lead", tile=tile, tiles=self.lead_list(view))
        fits = [a for a in legal if a.tile == tile]
        left, right = view.ends
        if not fits:  # plays are forced, so a tile that fits an end is always legal
            if left == right:
                return None, self.t("bad.fit1", tile=tile, value=left)
            return None, self.t("bad.fit", tile=tile, left=left, right=right)
        if len(words) == 1:
            # with the same value at both ends the side changes nothing that matters
            if len(fits) == 1 or left == right:
                return fits[-1], ""
            return None, self.t("bad.which", tile=tile)
        side = words[1]
        end = End.LEFT if side in _LEFT else End.RIGHT if side in _RIGHT else None
        if end is None:
            return None, self.t("bad.input", text=text, help=self.help(legal))
        wanted = Action.play(tile, end)
        if wanted in legal:
            return wanted, ""
        return None, self.t("bad.end", tile=tile)

    def simple(
        self, word: str, legal: list[Action], view: PlayerView
    ) -> tuple[Action | None, str]:
        plays = any(a.kind is ActionKind.PLAY for a in legal)
        if word in _REDEAL:
            action = Action.parse("redeal")
            return (action, "") if action in legal else (None, self.t("bad.no_redeal"))
        if word in _DRAW:
            action = Action.parse("draw")
            if action in legal:
                return action, ""
            return None, self.t("bad.must_play" if plays else "bad.no_draw")
        action = Action.parse("pass")
        if action in legal:
            return action, ""
        if plays:
            return None, self.t("bad.must_play")
        return None, self.t("bad.no_pass", why=self.t("bad.why_draw"))

    def help(self, legal: list[Action]) -> str:
        kinds = {a.kind for a in legal}
        parts = []
        if ActionKind.PLAY in kinds:
            lead = any(a.end is None for a in legal if a.kind is ActionKind.PLAY)
            parts.append(self.t("help.lead" if lead else "help.play"))
        if ActionKind.DRAW in kinds:
            parts.append(self.t("help.draw"))
        if ActionKind.PASS in kinds:
            parts.append(self.t("help.pass"))
        if ActionKind.REDEAL in kinds:
            parts.append(self.t("help.redeal"))
        return "; ".join(parts)

    def lead_list(self, view: PlayerView) -> str:
        return ", ".join(str(t) for t in view.lead_options)

    def announce_human(self, action: Action, drawn: Tile | None) -> None:
        if action.kind is ActionKind.PLAY:
            if action.end is None:
                self.say("you.lead", tile=action.tile)
            else:
                self.say("you.play", tile=action.tile, side=self.t(action.end.value))
        elif action.kind is ActionKind.DRAW:
            self.say("you.draw", tile=drawn)
        elif action.kind is ActionKind.PASS:
            self.say("you.pass")
        else:
            self.say("you.redeal")

    # -- the computer's turn --------------------------------------------------------------
    def bot_turn(self, seat: int) -> None:
        """The bot's action; a run of draws is told once, with the count («берёт 4 костяшки»)."""
        drawn = 0
        while True:
            action = self.bots[seat].choose(PlayerView.of(self.game, seat))
            self.game.apply(action, seat)
            if action.kind is not ActionKind.DRAW:
                break
            drawn += 1
            if self.game.deal_over or self.game.to_move != seat:
                break
        who = self.who(seat)
        if drawn > 1:
            self.say("bot.draws", who=who, n=drawn, tiles=self.tiles(drawn, "tiles.taken"))
        elif drawn == 1:
            self.say("bot.draw", who=who)
        if action.kind is ActionKind.DRAW:
            return
        if action.kind is ActionKind.PLAY:
            if action.end is None:
                self.say("bot.lead", who=who, tile=action.tile)
            else:
                self.say("bot.play", who=who, tile=action.tile, side=self.t(action.end.value))
        elif action.kind is ActionKind.PASS:
            self.say("bot.pass", who=who)
        else:
            self.say("bot.redeal", who=who)

    # -- the end of a deal ----------------------------------------------------------------
    def show_result(self) -> None:
        game = self.game
        deal = game.deal
        outcome = deal.outcome
        if outcome is None:  # a redeal voids a deal; the match deals again at once
            return
        self.out.write("\n")
        if outcome.reason is Reason.DOMINO:
            # the seat that went out (in kozel the winner is a pair)
            out = outcome.out if outcome.out is not None else outcome.winner
            assert out is not None
            if out == HUMAN:
                self.say("domino.you")
            else:
                self.say("domino", who=self.who(out))
        else:
            self.say("fish")
        for seat in range(game.rules.players):
            if seat != HUMAN and deal.hand(seat):
                tiles = " ".join(pretty(t) for t in deal.hand(seat))
                self.say("hands", who=self.who(seat), tiles=tiles)
        self.say("pips", pips=", ".join(f"{self.short(s)} {p}" for s, p in enumerate(outcome.pips)))
        if game.rules.is_match:
            self.show_match_result(outcome)
        elif outcome.winner is None:
            self.say("draw_result")
        elif outcome.winner == HUMAN:
            self.say("won", points=outcome.points)
        else:
            self.say("lost", who=self.who(outcome.winner), points=outcome.points)

    def bonus_name(self, bonus: Bonus) -> str:
        """A bonus of the scoring ("начали с 0-0", "повисшие очки"…) in the game's language."""
        tile = "" if bonus.tile is None else tile_name(bonus.tile)
        return self.t(_BONUS_KEYS[bonus.kind], tile=tile)

    def show_match_result(self, outcome: Outcome) -> None:
        rules = self.game.rules
        if rules.teams:
            self.show_pairs_result(outcome)
            return
        if outcome.loser is None:
            self.say("tied_fish", n=outcome.hanging)
        else:
            if outcome.loser == HUMAN:
                self.say("penalty.you", points=outcome.points)
            else:
                self.say("penalty", who=self.who(outcome.loser), points=outcome.points)
            for bonus in outcome.bonuses:
                self.say("bonus", name=self.bonus_name(bonus), points=bonus.points)
        view = PlayerView.of(self.game, HUMAN)
        self.show_score(view)
        if self.game.is_over:
            self.say("match.won" if self.game.winner == HUMAN else "match.lost")

    def show_pairs_result(self, outcome: Outcome) -> None:
        """Kozel: the pairs' counts, what the losing pair adds, «Козлы!» at the end."""
        rules = self.game.rules
        for line in result_lines(outcome, rules, HUMAN, self.texts):
            self.out.write(line + "\n")
        if outcome.loser is None:
            self.say("tied_fish", n=outcome.hanging)
        for bonus in outcome.bonuses:
            self.say("bonus", name=self.bonus_name(bonus), points=bonus.points)
        view = PlayerView.of(self.game, HUMAN)
        self.show_score(view)
        if self.game.is_over and view.match is not None:
            for line in match_end_lines(view.match, rules, HUMAN, self.texts):
                self.out.write(line + "\n")


def choose_bots(rules: Ruleset, level: str, seed: int) -> dict[int, Bot]:
    """A bot of *level* for every seat but the human's (an unknown level: UsageError)."""
    try:
        return {seat: make_bot(level, seed + seat) for seat in range(1, rules.players)}
    except ValueError as exc:
        raise UsageError(f"--level: {exc}") from None


def main(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    inp = inp if inp is not None else sys.stdin
    out = out if out is not None else sys.stdout
    lang = getattr(args, "lang", "ru") or "ru"
    texts = {**TEXTS[lang], **PAIR_TEXTS[lang]}
    try:
        rules = find_preset(args.preset, players=getattr(args, "players", None))
    except InvalidSetup as exc:
        raise UsageError(f"{exc}") from None
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    bots = choose_bots(rules, args.level, seed)  # checked before a word is printed
    mode = texts[f"mode.{rules.preset}"].format(target=rules.target)
    level = texts.get(f"level.{args.level}", args.level)
    out.write(fill(texts["title"].format(mode=mode, level=level)) + "\n")
    if rules.is_match:
        out.write(fill(texts["penalties"].format(target=rules.target)) + "\n")
    if rules.teams:
        out.write(fill(seats_line(rules, HUMAN, texts)) + "\n")
    game = Match(rules, seed=seed)
    try:
        return TerminalGame(game, bots, inp, out, lang).run()
    finally:  # Ctrl-C too: the deals played so far can still be reviewed
        if getattr(args, "save", None):
            save_record(args.save, record_of(game, seed))
