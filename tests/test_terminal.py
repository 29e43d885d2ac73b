"""`doublesix play`: scripted games through injected input and output streams."""

from __future__ import annotations

import io
import re

import pytest

from doublesix.bots.base import RandomBot
from doublesix.cli.errors import UsageError
from doublesix.cli.main import build_parser
from doublesix.core.actions import Action
from doublesix.core.outcome import Bonus, BonusKind, Outcome, Reason
from doublesix.core.tiles import Tile
from doublesix.terminal.format import wrap_items
from doublesix.terminal.game import TerminalGame, main
from tests.core.helpers import dealt, position

# every command a player could type, over and over: refusals just ask again
EVERYTHING = "\n".join([f"{n} {e}" for n in range(1, 16) for e in "lr"] + ["d", "p"]) + "\n"
SEED_000 = [["6-6", "1-6", "4-5", "1-1", "4-4", "1-5", "0-0"],
            ["1-2", "0-3", "3-3", "3-5", "2-3", "0-2", "2-2"]]


def play(argv: list[str], typed: str) -> tuple[int, str]:
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    code = main(args, io.StringIO(typed), out)
    return code, out.getvalue()


def test_a_whole_game_in_russian() -> None:
    code, text = play(["--seed", "5", "--level", "random"], EVERYTHING * 30)
    assert code == 0
    for word in ("Домино «дубль-шесть»", "Цепочка:", "Концы:", "Базар:", "Ваши костяшки",
                 "Компьютер:", "Ваш ход ("):
        assert word in text
    assert "Вы выиграли" in text or "выигрывает" in text or "Ничья" in text
    assert "Очки на руках:" in text


def test_english_and_block_mode() -> None:
    code, text = play(["--seed", "7", "--preset", "block", "--lang", "en", "--level", "random"],
                      EVERYTHING * 30)
    assert code == 0
    assert "Your tiles" in text and "Boneyard" not in text  # undealt tiles are out of play
    assert "You win" in text or "wins" in text or "A draw" in text


def test_a_101_match_goes_on_deal_after_deal() -> None:
    code, text = play(["--seed", "5", "--preset", "101", "--level", "random"], EVERYTHING * 200)
    assert code == 0
    assert "— Сдача 2 —" in text and "Штрафные очки: вы" in text and "Матч окончен" in text


def test_an_unknown_level_is_refused_before_the_game_starts() -> None:
    args = build_parser().parse_args(["play", "--level", "no-such-level"])
    out = io.StringIO()
    with pytest.raises(UsageError, match="no-such-level"):
        main(args, io.StringIO("q\n"), out)
    assert out.getvalue() == ""  # not a word of a game that cannot be played


def test_end_of_input_leaves_quietly() -> None:
    code, text = play(["--seed", "2", "--level", "random"], "")
    assert code == 0 and "До встречи" in text


def scripted(typed: list[str], lang: str = "ru") -> str:
    game = dealt("draw", SEED_000)
    out = io.StringIO()
    TerminalGame(game, {1: RandomBot(3)}, io.StringIO("\n".join(typed) + "\nq\n"), out,
                 lang).run()
    return out.getvalue()


def test_illegal_input_is_refused_politely_and_asked_again() -> None:
    # the hand is shown sorted: 0-0 1-1 1-5 1-6 4-4 4-5 6-6; 6-6 must lead
    text = scripted(["what", "9", "1", "d", "p", "7"])
    assert "Начинать нужно с: 6-6." in text
    assert "Не понимаю «what»" in text
    assert "Костяшки с номером 9 у вас нет." in text
    assert "С костяшки 0-0 начинать нельзя: можно только 6-6." in text
    assert text.count("Сначала сыграйте подходящую костяшку") == 2
    assert "Вы начинаете с 6-6." in text
    # white has no 6 in seed 000: the computer draws before it can play, told in one line
    drawn = re.findall(r"Компьютер берёт (\d+) (\w+) из базара\.", text)
    assert drawn and all(word == plural_ru_taken(int(n)) for n, word in drawn)


def test_each_tile_goes_only_where_it_fits() -> None:
    game = dealt("draw", SEED_000, first=["2-4", "0-6"])
    out = io.StringIO()
    game.apply(Action.parse("play 6-6"), 0)
    game.apply(Action.parse("draw"), 1)
    game.apply(Action.parse("draw"), 1)
    game.apply(Action.parse("play 0-6 left"), 1)  # ends 0 and 6
    # hand: 0-0 1-1 1-5 1-6 4-4 4-5 -> 0-0 fits the left end only; 1-6 the right only
    typed = "2\n1 r\n4 l\n4\nq\n"
    TerminalGame(game, {1: RandomBot(1)}, io.StringIO(typed), out, "en").run()
    text = out.getvalue()
    assert "1-1 fits neither 0 nor 6." in text
    assert "0-0 does not fit that end." in text
    assert "1-6 does not fit that end." in text
    assert "You play 1-6 on the right." in text


def test_a_tile_fitting_both_ends_needs_a_side() -> None:
    game = position("draw", [[1, 3], [3, 5]], [["1-5", "0-0"], ["6-6"]], 0)
    out = io.StringIO()
    TerminalGame(game, {1: RandomBot(1)}, io.StringIO("2\n2 l\nq\n"), out, "ru").run()
    text = out.getvalue()
    assert "Костяшка 1-5 подходит к обоим концам: добавьте l или r." in text
    assert "Вы ставите 1-5 слева." in text


def plural_ru_taken(n: int) -> str:
    """«берёт N …»: written out here from the grammar, apart from the code under test."""
    last, last_two = n % 10, n % 100
    if last == 1 and last_two != 11:
        return "костяшку"
    if last in (2, 3, 4) and last_two not in (12, 13, 14):
        return "костяшки"
    return "костяшек"


def screen_lines(text: str) -> list[str]:
    """The lines a terminal shows: typed input (not echoed here) would end each prompt's line."""
    for prompt in re.findall(r"(?:Ваш ход|Your move) \([^)]*\): ", text):
        text = text.replace(prompt, "\n")
    return text.splitlines()


@pytest.mark.parametrize(("preset", "lang", "seed"), [
    ("draw", "ru", 5), ("draw", "en", 6), ("block", "ru", 7), ("101", "ru", 5), ("101", "en", 8),
])
def test_every_line_fits_80_columns_and_the_instructions_come_once(
        preset: str, lang: str, seed: int) -> None:
    code, text = play(["--seed", str(seed), "--preset", preset, "--lang", lang,
                       "--level", "random"], EVERYTHING * 200)
    assert code == 0
    too_long = [line for line in screen_lines(text) if len(line) > 80]
    assert too_long == []
    how = "Как ходить" if lang == "ru" else "How to move"
    assert text.count(how) == 1
    turns = len(re.findall(r"(?:Ваш ход|Your move) \(", text))
    assert turns > 5 and all(len(p) <= 60 for p in re.findall(r"(?:Ваш ход|Your move) [^:]*: ",
                                                            text))


def test_a_long_line_of_tiles_and_a_big_hand_wrap() -> None:
    line = [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [3, 4], [4, 4], [4, 5],
            [5, 5], [5, 6], [6, 6]]
    mine = ["0-2", "0-3", "0-4", "0-5", "0-6", "1-3", "1-4", "1-5", "1-6", "2-4", "2-5", "2-6",
            "3-5"]
    game = position("draw", line, [mine, ["4-6"]], 0, boneyard=["3-6"])
    out = io.StringIO()
    TerminalGame(game, {1: RandomBot(3)}, io.StringIO("q\n"), out, "ru").run()
    lines = screen_lines(out.getvalue())
    assert max(len(line) for line in lines) <= 80
    at = next(i for i, line in enumerate(lines) if line.startswith("Ваши костяшки"))
    assert lines[at + 1].startswith("  1)[0|2]") and lines[at + 2].startswith("  ")
    assert "13)[3|5]" in lines[at + 2]
    chain = wrap_items("Цепочка: ", [f"[{a}|{b}]" for a, b in line * 2])
    assert [len(x) for x in chain.splitlines()] == [79, 69]  # 14 tiles a line
    assert chain.splitlines()[1].startswith(" " * len("Цепочка: ") + "[")


def test_a_run_of_computer_draws_is_one_line_with_the_right_plural() -> None:
    runs = []
    for seed in range(1, 12):
        _, text = play(["--seed", str(seed), "--level", "random"], EVERYTHING * 30)
        lines = text.splitlines()
        single = "Компьютер берёт костяшку из базара."
        assert not any(a == b == single for a, b in zip(lines, lines[1:], strict=False))
        runs += re.findall(r"Компьютер берёт (\d+) (\w+) из базара\.", text)
    assert runs, "no computer drew twice in a row in eleven games"
    assert all(word == plural_ru_taken(int(n)) for n, word in runs)


def test_101_says_the_points_are_penalties_from_the_start() -> None:
    code, text = play(["--seed", "5", "--preset", "101", "--level", "random"], EVERYTHING * 200)
    assert code == 0
    first_deal = text.index("— Сдача 1 —")
    assert "штрафные" in text[:first_deal]
    assert "Штрафные очки: вы" in text and "больше 101 — проигрыш" in text


@pytest.mark.parametrize(("level", "word"), [("easy", "лёгкий"), ("medium", "средний"),
                                             ("hard", "сложный")])
def test_a_russian_header_has_no_english_words(level: str, word: str) -> None:
    _, text = play(["--seed", "1", "--level", level], "q\n")
    header = text.split("Как ходить")[0]
    assert word in header and not re.search(r"[A-Za-z]", header)
    _, text = play(["--seed", "1", "--level", level, "--lang", "en"], "q\n")
    assert not re.search(r"[А-Яа-яЁё]", text)


def test_plural_forms_for_every_count_to_200() -> None:
    from doublesix.terminal.format import plural

    forms = ["костяшку", "костяшки", "костяшек"]
    assert [plural(n, forms) for n in range(201)] == [plural_ru_taken(n) for n in range(201)]
    assert plural(1, forms) == "костяшку" and plural(4, forms) == "костяшки"
    assert plural(11, forms) == "костяшек" and plural(22, forms) == "костяшки"
def test_a_kozel_match_in_pairs() -> None:
    code, text = play(["--seed", "3", "--preset", "kozel", "--level", "random"],
                      EVERYTHING * 300)
    assert code == 0
    assert "«Козёл»: пары, до 101 очков" in text
    assert "Вы играете в паре с компьютером 2 (он напротив)" in text
    for word in ("Партнёр (компьютер 2)", "Соперник (компьютер 1)", "Соперник (компьютер 3)",
                 "Счёт пар: мы", "На руках у пар:", "— Сдача 2 —", "Козлы! Матч окончен"):
        assert word in text
    assert "Базар" not in text  # every tile is dealt


def test_a_dry_goat_is_announced() -> None:
    line = [[6, 6], [6, 4], [4, 4], [4, 2], [2, 6], [6, 3], [3, 3], [3, 2], [2, 2], [2, 0],
            [0, 6], [6, 1], [1, 5], [5, 5], [5, 0], [0, 4], [4, 1], [1, 3], [3, 0], [0, 1],
            [1, 1]]
    game = position("kozel", line, [["3-4", "4-5", "1-2"], ["0-0", "2-5"], ["5-6"], ["3-5"]],
                    0, match={"scores": [0, 70], "hanging": 0, "deal": 4})
    out = io.StringIO()
    bots = {s: RandomBot(s) for s in (1, 2, 3)}
    TerminalGame(game, bots, io.StringIO("1\nq\n"), out, "ru").run()  # type: ignore[arg-type]
    text = out.getvalue()
    assert "Домино! Партнёр (компьютер 2) выкладывает последнюю костяшку." in text
    assert "На руках у пар: мы 16, они 33." in text  # a lone 0-0 counts 25, 3-5 its 8
    assert "Паре соперников записано +33." in text and "Счёт пар: мы 0, они 103" in text
    assert "Козлы! Матч окончен: мы победили" in text and "Сухой козёл!" in text


def test_three_and_four_players() -> None:
    for players, preset in (("3", "block"), ("4", "draw")):
        code, text = play(["--seed", "4", "--preset", preset, "--players", players,
                           "--level", "medium"], EVERYTHING * 60)
        assert code == 0
        others = [f"Компьютер {n}:" for n in range(1, int(players))]
        assert all(name in text for name in others), (players, others)
        assert f"Компьютер {players}:" not in text
        assert "Очки на руках:" in text


def test_kozel_refuses_other_player_counts() -> None:
    with pytest.raises(UsageError, match="4 players"):
        play(["--preset", "kozel", "--players", "3"], "")


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", ["начали с 6-6: 50", "закончили костяшкой 3-3: 25", "одинокий дубль 5-5: 50",
            "повисшие очки: 12"]),
    ("en", ["led with 6-6: 50", "finished with 3-3: 25", "a lone double 5-5: 50",
            "hanging points: 12"]),
])
def test_bonuses_are_worded_from_their_kind_and_tile(lang: str, words: list[str]) -> None:
    # an outcome made by hand, not by the scoring: the terminal reads the data, not a label
    game = position("101", [[6, 6], [6, 3]], [["1-2"], ["5-5", "0-1"]], 0)
    bonuses = (Bonus(BonusKind.LEAD, 50, Tile(6, 6).index),
               Bonus(BonusKind.FINISH, 25, Tile(3, 3).index),
               Bonus(BonusKind.LONE_DOUBLE, 50, Tile(5, 5).index), Bonus(BonusKind.HANGING, 12))
    out = io.StringIO()
    terminal = TerminalGame(game, {1: RandomBot(1)}, io.StringIO(""), out, lang)
    terminal.show_match_result(Outcome(Reason.DOMINO, 0, 137, (0, 11), loser=1, bonuses=bonuses,
                                       out=0))
    for word in words:
        assert word in out.getvalue()
