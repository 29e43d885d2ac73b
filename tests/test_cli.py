"""The command line: one line for what went wrong and what to do, exit 2 / 1, no traceback.

Most cases run `doublesix.cli.main` in this process; Ctrl+C, a closed pipe and a real server
start run the installed `doublesix` command.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from doublesix.cli.main import build_parser, main

DOUBLESIX = str(Path(sys.executable).parent / "doublesix")
# a serve check that regressed would start a real server in this process and never return
pytestmark = pytest.mark.timeout(120)
REPO = Path(__file__).resolve().parents[1]
PYTEST_TMP = re.compile(r"/[^\s'\"]*/pytest-of-[^/]+/pytest-\d+(?:/popen-gw\d+)?")


def fails(argv: list[str], capsys: pytest.CaptureFixture[str], status: int) -> str:
    """Run the command, expect *status* and exactly one line on stderr; return that line.

    argparse's own mistakes too: no usage block, no SystemExit (README: "one line").
    """
    code = main(argv)
    err = capsys.readouterr().err
    assert code == status, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    # the folder pytest made for a test is as long as pytest makes it (pytest-N, and
    # popen-gwN under make check's workers): the limit is on the words around the path
    assert len(PYTEST_TMP.sub("/tmp/T", lines[0])) < 240
    return lines[0]


# -- serve: everything checked before the server starts ----------------------------------

@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("DOUBLESIX_")]:
        monkeypatch.delenv(var)


@pytest.mark.usefixtures("no_env")
def test_serve_names_a_path_it_cannot_write(capsys: pytest.CaptureFixture[str]) -> None:
    # sysfs refuses new files even to root, so this holds wherever the tests run
    line = fails(["serve", "--port", "0", "--db", "sqlite:////sys/doublesix-test.db"], capsys, 1)
    assert "/sys/doublesix-test.db" in line and "--db" in line


@pytest.mark.usefixtures("no_env")
def test_serve_refuses_a_file_that_is_not_a_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, just some words\n" * 50)
    line = fails(["serve", "--port", "0", "--db", f"sqlite:///{notes}"], capsys, 1)
    assert str(notes) in line and "not a SQLite database" in line
    assert notes.read_text().startswith("not a database")  # untouched


@pytest.mark.usefixtures("no_env")
def test_serve_refuses_a_path_through_a_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    line = fails(["serve", "--port", "0", "--db", f"sqlite:///{tmp_path}/file/x.db"], capsys, 1)
    assert f"{tmp_path}/file is a file, not a folder" in line


@pytest.mark.usefixtures("no_env")
def test_a_sqlite_path_that_cannot_be_opened_is_not_asked_if_it_is_running(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file has no server to be running: the line names what is wrong with the path."""
    # procfs refuses new folders even to root
    line = fails(["serve", "--port", "0", "--db", "sqlite:////proc/doublesix/x.db"], capsys, 1)
    assert "is it running" not in line
    assert line.endswith("cannot create /proc/doublesix for --db 'sqlite:////proc/doublesix/"
                         "x.db': no such file or directory; give another --db path"), line
    line = fails(["serve", "--port", "0", "--db", f"sqlite:///{tmp_path}"], capsys, 1)
    assert line.endswith(f"cannot open {tmp_path}: it is a folder, not a file; name a file in"
                         f" it, e.g. --db sqlite:///{tmp_path}/doublesix.db"), line


@pytest.mark.usefixtures("no_env")
def test_serve_names_an_unreachable_postgresql_without_its_password(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("asyncpg")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://doublesix:secret@127.0.0.1:{port}/doublesix"
    line = fails(["serve", "--port", "0", "--db", url], capsys, 1)
    assert f"PostgreSQL at 127.0.0.1:{port}" in line and "refused" in line
    assert "secret" not in line


@pytest.mark.slow  # builds a venv without the server extra: make test, not check
@pytest.mark.usefixtures("no_env")
def test_a_missing_extra_names_a_command_that_installs_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`pip install "doublesix[…]"` asks an index for a package that is not on one."""
    import importlib.util

    from doublesix.server.ops import preflight

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "asyncpg" else real(name, *a))
    monkeypatch.chdir(REPO)
    line = fails(["serve", "--port", "0", "--db", "postgresql://u@127.0.0.1:1/d"], capsys, 1)
    python = os.path.relpath(sys.executable) if sys.executable.startswith(str(REPO)) \
        else sys.executable
    command = f'{python} -m pip install -e ".[server,postgres]"'
    assert line.endswith(f"postgres extra: `{command}`"), line
    # and it works: pip, offline and installing nothing, finds what to install there
    dry = subprocess.run([*command.replace('"', "").split(), "--dry-run", "--no-deps",
                          "--no-index", "--no-build-isolation"],
                         cwd=REPO, capture_output=True, text=True, timeout=180)
    assert dry.returncode == 0 and "Would install doublesix" in dry.stdout, dry.stderr
    # from elsewhere the clone is named by its path
    monkeypatch.chdir("/")
    assert f'-m pip install -e "{REPO}[server]"`' in preflight.install_hint("server")


@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize(("var", "value", "words"), [
    ("DOUBLESIX_PORT", "abc", "DOUBLESIX_PORT='abc' is not a whole number"),
    ("DOUBLESIX_PORT", "70000", "DOUBLESIX_PORT 70000 is not a port"),
    ("DOUBLESIX_COMPUTER_DELAY", "soon", "DOUBLESIX_COMPUTER_DELAY='soon' is not a number"),
])
def test_serve_names_a_bad_variable(var: str, value: str, words: str,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(var, value)
    assert words in fails(["serve", "--db", "memory://"], capsys, 2)


@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize(("argv", "words"), [
    (["--port", "99999"], "'99999' is not a port"),
    (["--port", "-1"], "'-1' is not a port"),
    (["--workers", "0"], "'0' is not a number of processes"),
    (["--workers", "2"], "--workers 2 needs --db postgresql://"),
    (["--db", "mysql://x"], "unknown storage scheme 'mysql'"),
    (["--log-level", "loud"], "invalid choice: 'loud'"),
])
def test_serve_refuses_a_bad_command_line(argv: list[str], words: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert words in fails(["serve", *argv], capsys, 2)


@pytest.mark.usefixtures("no_env")
def test_a_port_in_use_is_reported_before_the_database_is_opened(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = tmp_path / "data" / "doublesix.db"
        line = fails(["serve", "--port", str(port), "--db", f"sqlite:///{db}"], capsys, 1)
    assert f"port {port} on 127.0.0.1 is already in use" in line and "--port" in line
    assert not (tmp_path / "data").exists()  # not even the folder was made


def test_serve_starts_on_the_port_it_names(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOUBLESIX_")}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([DOUBLESIX, "serve", "--port", str(port), "--db", "memory://"],
                            stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        assert proc.stderr is not None
        seen = ""
        deadline = time.monotonic() + 30
        while "Uvicorn running on" not in seen and time.monotonic() < deadline:
            seen += proc.stderr.readline()
        assert f"Uvicorn running on http://127.0.0.1:{port} " in seen, seen
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(b"GET /api/health HTTP/1.0\r\n\r\n")
            assert conn.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(15) == 0  # Ctrl+C is a normal stop for a server
    assert not (tmp_path / "data").exists()


# -- arena, play, bench ----------------------------------------------------------------

@pytest.mark.parametrize(("argv", "words"), [
    (["medium", "meduim"], "unknown bot 'meduim': did you mean 'medium'?"),
    (["hard:foo=1", "easy"], "hard takes no option 'foo'; it takes ms, samples"),
    (["hard:ms=soon", "easy"], "ms needs a number"),
    (["easy:ms=5", "hard"], "only hard and omniscient take options"),
    (["easy", "medium", "--players", "5"], "players must be 2, 3 or 4"),
    (["easy", "medium", "--blocked-points", "lots"], "blocked_points must be one of"),
    (["easy", "medium", "--games", "0"], "'0' is not a whole number above 0"),
])
def test_arena_refuses_before_it_plays(argv: list[str], words: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert words in fails(["arena", *argv], capsys, 2)


def test_arena_offers_omniscient(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "omniscient:depth=2", "random", "--games", "1", "--json"]) == 0
    assert '"bot_a": "omniscient:depth=2"' in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "words"), [
    (["play", "--level", "foo"], "unknown level 'foo'"),
    (["play", "--level", "hrad"], "did you mean 'hard'?"),
    (["play", "--players", "5"], "players must be 2, 3 or 4"),
    (["bench", "--seconds", "0"], "'0' is not above 0"),
    (["bench", "--preset", "101", "--players", "3", "--seconds", "0.1"], "2 players"),
])
def test_play_and_bench_refuse_a_bad_command_line(argv: list[str], words: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    line = fails(argv, capsys, 2)
    assert words in line
    assert capsys.readouterr().out == ""  # nothing of a game was printed


@pytest.mark.parametrize(("argv", "line"), [
    # what a newcomer types first: each was argparse's usage block and a bare statement
    (["serve", "--port", "99999"],
     "doublesix serve: --port: '99999' is not a port: use 1 to 65535"),
    (["play", "--seed", "abc"], "doublesix play: --seed 'abc' is not a whole number: --seed is"
     " the seed of the deals, to play the same game again (default: random)"),
    (["arena", "medium"], "doublesix arena: missing BOT_B: write `doublesix arena BOT_A BOT_B`"
     " (`doublesix arena --help` describes every option)"),
    (["pley"], "doublesix: unknown command 'pley': did you mean 'play'? choose one of replay,"
     " verify, bench, play, arena, serve, analyse, analyze; `doublesix --help` says more"),
    ([], "doublesix: no command given: write `doublesix COMMAND`, COMMAND one of replay, verify,"
     " bench, play, arena, serve, analyse, analyze (`doublesix --help` says what each does)"),
    (["play", "--sed", "3"], "doublesix play: unknown option --sed: did you mean --seed?"
     " `doublesix play --help` lists the options"),
    (["replay", "a.json", "b.json"], "doublesix replay: one argument too many: 'b.json';"
     " `doublesix replay --help` shows what the command takes"),
    (["play", "--preset", "kozle"], "doublesix play: --preset: invalid choice: 'kozle': did you"
     " mean 'kozel'? choose one of draw, block, 101, kozel"),
    (["play", "--seed"], "doublesix play: --seed needs a value: --seed is the seed of the deals,"
     " to play the same game again (default: random)"),
    (["bench", "--json=1"], "doublesix bench: --json takes no value: write --json alone"),
    (["play", "--preset", "101", "--players", "3"], "doublesix play: a match to a target is for"
     " 2 players or 2 pairs: set players to 2 (pairs: kozel), or play draw or block with 3 or 4"),
])
def test_a_mistake_is_one_line_that_says_what_to_do(
        argv: list[str], line: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert fails(argv, capsys, 2) == line


def test_every_option_given_nonsense_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each option of each command that argparse checks (a number, a choice), given a value
    no option takes: one line that names the option."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, parser in sub.choices.items():
        positionals = [a for a in parser._actions if not a.option_strings]
        for action in parser._actions:
            if not action.option_strings or action.nargs == 0:
                continue  # --help, --json and such take no value
            if action.type is None and action.choices is None:
                continue  # text (--host, --db): judged by the command, tested above
            flag = action.option_strings[0]
            argv = [name, *(["x"] * len(positionals)), flag, "ω"]
            line = fails(argv, capsys, 2)
            assert line.startswith(f"{parser.prog}: {flag}"), line  # analyze: analyse


def test_debug_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from doublesix.cli.errors import UsageError

    with pytest.raises(UsageError):
        main(["--debug", "play", "--level", "foo"])
    with pytest.raises(UsageError):
        main(["play", "--level", "foo", "--debug"])
    monkeypatch.setenv("DOUBLESIX_DEBUG", "1")
    with pytest.raises(UsageError):
        main(["play", "--level", "foo"])


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert re.fullmatch(r"doublesix \d+\.\d+\.\d+\S*\n", capsys.readouterr().out)


def test_every_option_says_what_it_does_and_its_default() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert {"serve", "play", "arena", "replay", "bench"} <= set(sub.choices)
    for name, parser in sub.choices.items():
        assert parser.description, name
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.option_strings or action.dest}"
            has_default = action.option_strings and not isinstance(
                action, argparse._StoreTrueAction)
            if has_default:
                assert "default" in str(action.help), f"{name} {action.option_strings}"


# -- the terminal game as a process: Ctrl+C and a closed pipe ------------------------------

def test_ctrl_c_in_play_says_goodbye_without_a_traceback() -> None:
    # a shell without job control starts background jobs with SIGINT ignored, and Python
    # keeps it ignored: give the game the terminal's default, as a person at a keyboard has
    proc = subprocess.Popen([DOUBLESIX, "play", "--seed", "3", "--level", "easy"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None
    seen = ""
    while "Ваш ход" not in seen:
        seen += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    # stdin stays open until the process ends: at the end of the input it would leave as q
    assert proc.wait(30) == 130
    out, err = proc.communicate(timeout=15)
    assert "До встречи!" in out and "Traceback" not in err and "KeyboardInterrupt" not in err


def test_play_into_a_closed_pipe_ends_quietly() -> None:
    moves = "\n".join(f"{n} {e}" for n in range(1, 16) for e in "lr") + "\nd\np\n"
    proc = subprocess.Popen([DOUBLESIX, "play", "--seed", "5", "--level", "random"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write((moves * 40).encode())
    proc.stdin.close()
    proc.stdout.readline()  # what `| head -1` reads, then it goes away
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(30) == 141
    assert err == ""


def test_the_readme_lists_every_command_and_serve_flag() -> None:
    readme = (REPO / "README.md").read_text()
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in sub.choices:
        assert f"`doublesix {name}" in readme, name
    for action in sub.choices["serve"]._actions:
        for flag in action.option_strings:
            if flag.startswith("--") and flag not in ("--help", "--debug"):
                assert f"`{flag}" in readme, flag
    arena_section = readme[readme.index("`doublesix arena"):]
    assert "omniscient" in arena_section[:2000]
