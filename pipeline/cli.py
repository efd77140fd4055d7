"""The `judge` command line: options in, a call to `pipeline.commands`, errors out as one-line messages.

The only module that imports click. A `PipelineError` becomes its message and exit status 1,
never a traceback.
"""

from __future__ import annotations

import errno
import gc
import os
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from pipeline import __version__
from pipeline.errors import PipelineError, naming

F = TypeVar("F", bound=Callable[..., Any])


def _clean_errors(func: F) -> F:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PipelineError as err:
            log_echo(f"error: {err}", err=True)
            sys.exit(1)
        except OSError as err:  # a full disk, a read-only folder, a file not allowed: one line naming the file
            click.echo(f"error: {_os_error_message(err)}", err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


def log_echo(text: str, err: bool = False) -> None:
    """Print `text` as lines of a workflow's log: each on its own, none beginning a workflow command
    (`escape.log_line`), whatever player text it quotes."""
    from pipeline.escape import log_line  # here: `judge datc`'s start-up imports none of it

    for line in text.split("\n"):
        click.echo(log_line(line), err=err)


_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG}


def _os_error_message(err: OSError) -> str:
    """``cannot write games/demo/results/x.yaml: No space left on device``."""
    verb = "write" if err.errno in _WRITE_ERRORS else "open"
    what = err.strerror or str(err)
    return f"cannot {verb} {err.filename}: {what}" if err.filename is not None else f"cannot {verb} a file: {what}"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="judge")
def cli() -> None:
    """Run play-by-mail strategy games from a git repository."""


@cli.command("datc")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--map", "map_name", default="standard", show_default=True, help="Map the cases are played on.")
@click.option("--all", "show_all", is_flag=True, help="Also list the cases that pass.")
@click.option(
    "--profile",
    "profile_name",
    default=None,
    help="Diplomacy rule profile the cases are played under: standard (the 2000 rulebook, the default) or "
    "standard-2023.",
)
@_clean_errors
def datc_command(files: tuple[Path, ...], map_name: str, show_all: bool, profile_name: str | None) -> None:
    """Adjudicate DATC test cases (jDip/godip text format) and report the failing ones."""
    from pipeline.commands import datc

    summary = datc.run(files, map_name, click.echo, show_all, profile_name)
    sys.exit(1 if summary.failed else 0)


@cli.command("cases")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--all", "show_all", is_flag=True, help="Also list the cases that pass.")
@_clean_errors
def cases_command(paths: tuple[Path, ...], show_all: bool) -> None:
    """Play rule cases (YAML, see docs/rule-cases.md) and report the failing ones."""
    from pipeline.commands import cases

    outcomes = cases.run(paths, click.echo, show_all)
    sys.exit(0 if all(o.passed for o in outcomes) else 1)


@cli.command("check-map")
@click.argument("file", type=click.Path(path_type=Path))
@_clean_errors
def check_map_command(file: Path) -> None:
    """Check a map file and list every problem in it with its line."""
    from pipeline.storage.maps import load_board

    board = load_board(file)
    click.echo(f"{file}: map {board.name!r} is valid: {len(board.spaces)} spaces, {len(board.powers)} powers")


game_folder = click.argument("folder", type=click.Path(path_type=Path, file_okay=False))


wheel_option = click.option(
    "--wheel",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="The wheel of this release (pbem_pipeline-VERSION-py3-none-any.whl), kept in the repository.",
)


@cli.command("init")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@wheel_option
@_clean_errors
def init_command(folder: Path, wheel: Path) -> None:
    """Make FOLDER a club's games repository for this release: the site, the workflows, the issue form,
    CODEOWNERS, a README for its administrator, and the release's hash-locked requirements (docs/club.md)."""
    from pipeline.commands import club

    written = club.init(folder, wheel)
    click.echo(f"wrote {len(written)} files in {folder} for judge {__version__}: read its README.md next")


@cli.command("new")
@game_folder
@click.option(
    "--profile",
    "profile_name",
    default="standard",
    show_default=True,
    help="Rules and map: a profile's name (standard, standard-2023: Diplomacy by the 2000 or the 2023 rulebook; "
    "judge, objectif: Machiavelli as the e-mail judge or as Objectif played it; each other family's own, "
    "docs/rule-options.md).",
)
@click.option("--title", default=None, help="Title of the game (default: the folder's name).")
@click.option(
    "--dice-secret-file",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Write the game master's dice secret there (readable by you only) instead of printing it.",
)
@click.option("--demo", is_flag=True, help="A demo game: secret orders with a key pair kept in the open.")
@click.option("--map", "map_name", default=None, help="The map (or board, or scenario) instead of the profile's.")
@click.option(
    "--options",
    "options_file",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    default=None,
    help="A YAML file of rule options, fixed in game.yaml when the game is created.",
)
@click.option("--master", "masters", multiple=True, metavar="LOGIN", help="A game master's GitHub login (repeat).")
@click.option(
    "--player", "players", multiple=True, metavar="POWER=LOGIN", help="Who plays a power: its GitHub login (repeat)."
)
@click.option("--secret", is_flag=True, help="Secret orders: players send encrypted files (a key pair is made).")
@click.option("--public-key", default=None, help="The game's age public key, if its private half exists already.")
@click.option(
    "--key-file",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Write the game's new private key there (readable by you only) instead of printing it.",
)
@_clean_errors
def new_command(
    folder: Path,
    profile_name: str,
    title: str | None,
    dice_secret_file: Path | None,
    demo: bool,
    map_name: str | None,
    options_file: Path | None,
    masters: tuple[str, ...],
    players: tuple[str, ...],
    secret: bool,
    public_key: str | None,
    key_file: Path | None,
) -> None:
    """Create a game in FOLDER with its first state."""
    import secrets

    from pipeline.commands import game
    from pipeline.storage.sealed import generate_key

    seating = game.Seating(masters, _players(players), secret, public_key)
    options = game.options_file(options_file)
    created = game.new_game(
        folder, profile_name, title, lambda: secrets.token_hex(32), demo, map_name, options, seating, generate_key
    )
    click.echo(f"created {created.game.title!r} in {folder}: first turn {created.game.current_turn()}")
    if created.dice_secret is not None:
        line = f"{created.game.id} {created.dice_secret}"
        if dice_secret_file is not None:
            _write_private(dice_secret_file, line + "\n")
            click.echo(f"the dice secret is in {dice_secret_file}: add its line to the JUDGE_DICE_SECRETS secret")
        else:
            click.echo(f"dice secret (keep it; add this line to the JUDGE_DICE_SECRETS secret): {line}")
    if created.identity is not None:
        where = "the JUDGE_AGE_IDENTITY secret of the adjudication environment, never to the repository"
        if key_file is not None:
            _write_private(key_file, created.identity + "\n")
            click.echo(f"the game's private key is in {key_file}: add its line to {where}")
        else:
            click.echo(f"the game's private key (keep it; add this line to {where}): {created.identity}")


def _players(given: tuple[str, ...]) -> dict[str, str]:
    """`--player POWER=LOGIN` options as a mapping; a usage error for one not so written."""
    found: dict[str, str] = {}
    for text in given:
        power, sep, login = text.partition("=")
        if not sep or not power or not login:
            raise click.BadParameter(f"{text!r} is not POWER=LOGIN, like france=some-login", param_hint="--player")
        found[power.strip()] = login.strip()
    return found


def _write_private(path: Path, text: str) -> None:
    """A file only its owner can read, never over an existing one."""
    import os

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise PipelineError(f"{path} exists already; not overwritten") from None
    with naming(path), os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


def _now() -> datetime:
    return datetime.now(UTC)


identity_option = click.option(
    "--identity",
    "identity_file",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="A file of age private keys (else the JUDGE_AGE_IDENTITY environment variable).",
)


@cli.command("upgrade")
@click.argument("folder", default=".", type=click.Path(path_type=Path, file_okay=False, exists=True))
@wheel_option
@identity_option
@_clean_errors
def upgrade_command(folder: Path, wheel: Path, identity_file: Path | None) -> None:
    """Move the club's repository FOLDER to this release: every game replayed under it first (refused,
    nothing written, if a game's past would change), then the requirements, the wheel, the workflows, the
    issue form and the site's assets written again (docs/club.md)."""
    from pipeline.commands import upgrade

    old = upgrade.upgrade(folder, wheel, click.echo, identity_file)
    click.echo(f"{folder}: upgraded from release {old} to {__version__}; commit the change")


@cli.command("rules-version")
@game_folder
@click.option("--to", "to", type=int, required=True, help="The version of the family's rules the game moves to.")
@_clean_errors
def rules_version_command(folder: Path, to: int) -> None:
    """Move the game in FOLDER on to a newer version of its family's rules, from its current turn on: the
    game masters' decision, recorded in its game.yaml; the turns played keep theirs (docs/club.md)."""
    from pipeline.commands import rules_version

    rules_version.move(folder, to, click.echo)


@cli.command("status")
@game_folder
@_clean_errors
def status_command(folder: Path) -> None:
    """Which powers have sent orders for the current turn, and its deadline."""
    from pipeline.commands import game

    game.status(folder, click.echo, _now())


@cli.command("validate")
@game_folder
@click.option("--author", default=None, help="GitHub login of whoever sent the files: each must be theirs to write.")
@click.option(
    "--file",
    "sent",
    multiple=True,
    type=click.Path(path_type=Path),
    help="A file that was sent (a pull request's change; repeat): these are checked against --author.",
)
@identity_option
@_clean_errors
def validate_command(folder: Path, author: str | None, sent: tuple[Path, ...], identity_file: Path | None) -> None:
    """Check the current turn's order files, print them as read, or list every problem."""
    from pipeline.commands import game

    game.validate(folder, click.echo, author, list(sent) if sent else None, identity_file)


@cli.command("orders-from-issue")
@click.option("--games", "games_dir", default="games", show_default=True, type=click.Path(path_type=Path))
@click.option("--author", required=True, help="GitHub login of the issue's author: the power must be theirs to order.")
@click.option(
    "--sender",
    required=True,
    help="GitHub login of whoever opened or edited the issue (the event's sender): it must be the author.",
)
@click.option(
    "--body-file",
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="The issue's body, as the 'Orders' issue form wrote it.",
)
@click.option(
    "--report", "report_file", type=click.Path(path_type=Path, dir_okay=False), help="Write the comment there."
)
@_clean_errors
def orders_from_issue_command(
    games_dir: Path, author: str, sender: str, body_file: Path, report_file: Path | None
) -> None:
    """Write the order file an issue of the order form asks for, once it validates (public orders only)."""
    from pipeline.commands import issue_orders

    lines: list[str] = []

    def echo(line: str) -> None:
        lines.append(line)
        log_echo(line)

    body = body_file.read_text(encoding="utf-8", errors="replace")
    try:
        path = issue_orders.orders_from_issue(games_dir, body, author, echo, sender)
    except PipelineError as err:
        if report_file is not None:
            report_file.write_text(
                issue_orders.issue_report(author, False, [*lines, *str(err).splitlines()]), encoding="utf-8"
            )
        raise
    echo(f"written: {path}")
    if report_file is not None:
        report_file.write_text(issue_orders.issue_report(author, True, lines), encoding="utf-8")


@cli.command("check-pull-request")
@click.option("--base", required=True, help="The commit the pull request goes into (checked out here).")
@click.option("--head", required=True, help="The pull request's head commit (fetched, never checked out).")
@click.option("--author", required=True, help="GitHub login of the pull request's author.")
@click.option(
    "--repo", "repo_dir", default=".", type=click.Path(path_type=Path, file_okay=False), help="The base's checkout."
)
@click.option(
    "--report", "report_file", type=click.Path(path_type=Path, dir_okay=False), help="Write the report there."
)
@click.option(
    "--number", type=click.IntRange(min=1), default=None, help="The pull request's number (the merge's message)."
)
@click.option(
    "--merge-commit",
    "merge_file",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="If it passes, make the merge commit of exactly what was checked and write its id there (to push).",
)
@_clean_errors
def check_pull_request_command(
    base: str,
    head: str,
    author: str,
    repo_dir: Path,
    report_file: Path | None,
    number: int | None,
    merge_file: Path | None,
) -> None:
    """Whether a pull request of orders may be merged: exit 0 if so, 1 if not, the report saying why."""
    from pipeline.commands import pull_request

    title = f"Orders from pull request #{number}" if number is not None else "Orders from a pull request"
    message = f"{title}\n\nChecked by judge check-pull-request as {author}." if merge_file is not None else None
    check = pull_request.check_pull_request(repo_dir, base, head, author, log_echo, message)
    if report_file is not None:
        report_file.write_text(check.report, encoding="utf-8")
    if check.merge is not None and merge_file is not None:
        merge_file.write_text(check.merge + "\n", encoding="ascii")
    sys.exit(0 if check.passed else 1)


@cli.command("run-games")
@click.option("--games", "games_dir", default="games", show_default=True, type=click.Path(path_type=Path))
@click.option(
    "--action",
    type=click.Choice(["adjudicate", "force", "rerun"]),
    default="adjudicate",
    show_default=True,
    help="adjudicate: every game whose turn is due; force: one game's turn now; rerun: one game again from --turn.",
)
@click.option("--game", "game_id", default=None, help="One game (a folder of --games); force and rerun need it.")
@click.option("--turn", default=None, help="force: the turn being played; rerun: the first turn to play again.")
@click.option("--actor", required=True, help="GitHub login of whoever asked: force and rerun are for game masters.")
@click.option(
    "--summary", "summary_file", type=click.Path(path_type=Path, dir_okay=False), help="Append the summary there."
)
@identity_option
@_clean_errors
def run_games_command(
    games_dir: Path,
    action: str,
    game_id: str | None,
    turn: str | None,
    actor: str,
    summary_file: Path | None,
    identity_file: Path | None,
) -> None:
    """Adjudicate the games that are due (or force or rerun one), then replay and verify each one changed."""
    from pipeline.commands import run_games

    run = run_games.run_games(games_dir, action, game_id, turn, actor, log_echo, _now(), identity_file)
    if summary_file is not None:
        with summary_file.open("a", encoding="utf-8") as out:
            out.write(run.summary)
    if run.waiting:  # not a failure: the turn waits for its masters, who rule or force it
        click.echo(f"waiting for a ruling: {', '.join(run.waiting)}")
    click.echo(f"changed: {', '.join(run.changed) or 'none'}")
    sys.exit(1 if run.failed else 0)


@cli.command("adjudicate")
@game_folder
@click.option("--force", is_flag=True, help="Adjudicate even if some powers have not sent orders.")
@click.option("--all", "all_turns", is_flag=True, help="Go on with every following turn whose orders are in.")
@click.option(
    "--when-due", is_flag=True, help="Only if all orders are in or the deadline has passed; else say why not."
)
@identity_option
@_clean_errors
def adjudicate_command(folder: Path, force: bool, all_turns: bool, when_due: bool, identity_file: Path | None) -> None:
    """Adjudicate the current turn: write its results and the next state."""
    from pipeline.commands import game

    game.adjudicate(folder, click.echo, force, all_turns, when_due, _now(), identity_file)


@cli.command("rerun")
@game_folder
@click.argument("turn")
@identity_option
@_clean_errors
def rerun_command(folder: Path, turn: str, identity_file: Path | None) -> None:
    """Re-adjudicate the game from TURN on with the order files as they are now (the game master's fix)."""
    from pipeline.commands import game

    count = game.rerun(folder, turn, click.echo, identity_file)
    click.echo(f"{count} turn(s) adjudicated again from {turn}")


@cli.command("replay")
@click.argument("folders", nargs=-1, required=True, type=click.Path(path_type=Path, file_okay=False))
@click.option("--check", is_flag=True, help="Fail if any committed file differs from the replay.")
@_clean_errors
def replay_command(folders: tuple[Path, ...], check: bool) -> None:
    """Re-adjudicate each game (FOLDERS...) from its first state and compare with the committed files."""
    from pipeline.commands import game

    failed = False
    for folder in folders:
        if len(folders) > 1:
            click.echo(f"{folder}:")
        differences = game.replay(folder, click.echo)
        for path in differences:
            click.echo(f"differs: {path}")
        click.echo("replay matches the committed files" if not differences else f"{len(differences)} file(s) differ")
        failed = failed or bool(differences)
    if check and failed:
        sys.exit(1)


@cli.command("verify")
@click.argument("folders", nargs=-1, required=True, type=click.Path(path_type=Path, file_okay=False))
@identity_option
@_clean_errors
def verify_command(folders: tuple[Path, ...], identity_file: Path | None) -> None:
    """Check every die of each game against its hash chain, and revealed orders against their ciphertext."""
    from pipeline.commands import game

    failed = False
    for folder in folders:
        try:
            problems = game.verify(folder, click.echo, identity_file)
        except PipelineError as err:  # a game that cannot be read: said, and the other games still checked
            click.echo(f"error: {err}", err=True)
            failed = True
            continue
        for problem in problems:
            click.echo(f"error: {problem}", err=True)
        failed = failed or bool(problems)
    sys.exit(1 if failed else 0)


@cli.command("publish-secrets")
@game_folder
@identity_option
@_clean_errors
def publish_secrets_command(folder: Path, identity_file: Path | None) -> None:
    """Publish an ended game's private key and dice secret (secrets.yaml), so anyone can verify all of it."""
    from pipeline.commands.publish_secrets import publish_secrets

    publish_secrets(folder, click.echo, identity_file)


@cli.command("keygen")
@click.option(
    "--out",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Write the private key there (readable by you only); else print it.",
)
@_clean_errors
def keygen_command(out: Path | None) -> None:
    """Make an age key pair: the public key goes in game.yaml, the private one stays secret."""
    from pipeline.storage.sealed import generate_key

    identity, public = generate_key()
    if out is not None:
        _write_private(out, f"# public key: {public}\n{identity}\n")
        click.echo(f"private key written to {out}")
    else:
        click.echo(f"# public key: {public}")
        click.echo(identity)
        return
    click.echo(f"public key: {public}")


@cli.command("encrypt")
@game_folder
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None, help="Where to write it.")
@_clean_errors
def encrypt_command(folder: Path, file: Path, out: Path | None) -> None:
    """Check an order FILE for the game's current turn and encrypt it to the game's key (and the player's)."""
    from pipeline.commands import secret_orders

    written = secret_orders.encrypt_orders(folder, file, out, click.echo)
    click.echo(f"encrypted to {written}: commit that file, not the plain one")


@cli.command("decrypt")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@identity_option
@_clean_errors
def decrypt_command(file: Path, identity_file: Path | None) -> None:
    """Print the text of an encrypted FILE (orders, a private report) with your private key."""
    from pipeline.commands import secret_orders

    click.echo(secret_orders.decrypt_file(file, identity_file), nl=False)


@cli.command("legal-orders")
@game_folder
@click.option("--power", default=None, help="Only this power (id or name); else every power.")
@click.option(
    "--out", type=click.Path(path_type=Path, dir_okay=False), default=None, help="Write the JSON there; else print it."
)
@_clean_errors
def legal_orders_command(folder: Path, power: str | None, out: Path | None) -> None:
    """Every legal order of the current turn, as JSON for an order form (docs/legal-orders.md)."""
    from pipeline.commands import legal_orders

    text = legal_orders.legal_orders(folder, power)
    if out is None:
        click.echo(text, nl=False)
        return
    legal_orders.write(text, out)
    click.echo(f"wrote {out}", err=True)


@cli.command("site")
@click.option("--games", "games_dir", default="games", show_default=True, type=click.Path(path_type=Path))
@click.option("--site", "site_dir", default="site", show_default=True, type=click.Path(path_type=Path))
@click.option("--repo-url", default=None, help="The repository on GitHub (default: repo_url of mkdocs.yml).")
@click.option(
    "--site-url",
    default=None,
    help="The site's address, for the feed's links (default: site_url of mkdocs.yml, else in GitHub Actions the "
    "repository's GitHub Pages address).",
)
@click.option(
    "--cache",
    "cache_dir",
    default=None,
    type=click.Path(path_type=Path),
    help="Where each game's pages are kept between runs (default: _build/cache/judge-site beside the site folder).",
)
@click.option("--no-cache", is_flag=True, help="Make every game's pages again, and keep none.")
@_clean_errors
def site_command(
    games_dir: Path, site_dir: Path, repo_url: str | None, site_url: str | None, cache_dir: Path | None, no_cache: bool
) -> None:
    """Write the games' pages into the site folder (hand-written pages are left alone); a game whose files
    have not changed since the last run takes its pages from the cache."""
    from pipeline.publish.site import CACHE, build_site, mkdocs_setting, pages_url

    site_url = site_url or mkdocs_setting(site_dir, "site_url") or pages_url(os.environ.get("GITHUB_REPOSITORY", ""))
    cache = None if no_cache else cache_dir or site_dir.absolute().parent / CACHE
    files = build_site(games_dir, site_dir, repo_url=repo_url, site_url=site_url, cache_dir=cache)
    click.echo(f"wrote {len(files)} page(s) under {site_dir / 'games'}")


@cli.command("build-site")
@click.option(
    "--config",
    default="mkdocs.yml",
    show_default=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="The site's MkDocs configuration.",
)
@_clean_errors
def build_site_command(config: Path) -> None:
    """Build the site with `mkdocs build --strict`, unless the built site already is the one its sources make
    (docs/site.md, "Nothing changed, nothing built"); the build's date is the last commit's."""
    from pipeline.publish.built_site import build_if_changed

    outcome = build_if_changed(config)
    if outcome.built:
        click.echo(f"built the site of {config} (its date: {outcome.date_source})")
    else:
        click.echo(f"the built site of {config} is already the one its sources make: nothing to build")


@cli.command("render")
@game_folder
@click.argument("turn")
@click.option("--lang", type=click.Choice(["en", "fr"]), default="en", show_default=True, help="Language of the names.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None, help="SVG file to write.")
@_clean_errors
def render_command(folder: Path, turn: str, lang: str, out: Path | None) -> None:
    """Draw the map of a turn as SVG, with the turn's orders and their results once it is adjudicated."""
    from pipeline.commands import render

    render.render(folder, turn, click.echo, lang, out)


@cli.command("report")
@game_folder
@click.argument("turn", required=False)
@click.option(
    "--lang", type=click.Choice(["en", "fr"]), default="en", show_default=True, help="Language of the report."
)
@click.option(
    "--power", default=None, help="A power's own report (its private report decrypted with the keys at hand)."
)
@click.option("--master", is_flag=True, help="The game master's view: everything (needs the game's key).")
@identity_option
@_clean_errors
def report_command(
    folder: Path, turn: str | None, lang: str, power: str | None, master: bool, identity_file: Path | None
) -> None:
    """Print the report of an adjudicated TURN (default: the last) of a game whose family writes its own
    reports: the public one, a power's (--power) or the game master's (--master)."""
    from pipeline.commands import report

    click.echo(report.report(folder, turn, lang, power, master, identity_file), nl=False)


@cli.command("codeowners")
@click.option(
    "--games",
    "games_dir",
    default="games",
    show_default=True,
    type=click.Path(path_type=Path, file_okay=False),
    help="Folder of the games (the patterns are always written for /games/).",
)
@click.option(
    "--write",
    "write_path",
    default=None,
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the text to this file (.github/CODEOWNERS) instead of printing it.",
)
@_clean_errors
def codeowners_command(games_dir: Path, write_path: Path | None) -> None:
    """CODEOWNERS from every game.yaml: each game's folder to its masters (players are not code owners)."""
    from pipeline.commands import codeowners

    text = codeowners.codeowners(games_dir)
    if write_path is None:
        click.echo(text, nl=False)
        return
    codeowners.write(text, write_path)
    click.echo(f"wrote {write_path}")


def main() -> None:
    """The `judge` process. When its command is done the process ends: what it still holds is frozen first,
    so that the interpreter's last round of the cycle collector, at exit, does not go through all of it again
    (after a DATC run of 0.6 s, 16 ms for nothing: the end of the process frees it all)."""
    try:
        cli(prog_name="judge")
    finally:
        gc.freeze()
