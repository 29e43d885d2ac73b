"""`doublesix play`: scripted games through injected input and output streams."""

from __future__ import annotations

import io

from doublesix.bots.base import RandomBot
from doublesix.cli import build_parser
from doublesix.core.actions import Action
from doublesix.terminal import TerminalGame, main
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
                 "Компьютер:", "Ваш ход:"):
        assert word in text
    assert "недоступен" not in text  # the random level exists: no notice
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
    assert "— Сдача 2 —" in text and "Счёт: вы" in text and "Матч окончен" in text


def test_a_missing_level_falls_back_to_random_with_a_notice() -> None:
    code, text = play(["--seed", "1", "--level", "no-such-level"], "q\n")
    assert code == 0
    notices = [line for line in text.splitlines() if "недоступен" in line]
    assert len(notices) == 1 and "no-such-level" in notices[0]
    assert "До встречи" in text


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
    # white has no 6 in seed 000: the computer draws before it can play
    assert "Компьютер берёт костяшку из базара." in text


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
    code, text = play(["--preset", "kozel", "--players", "3"], "")
    assert code == 2 and "4 players" in text
