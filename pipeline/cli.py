"""The `judge` command line: options in, a call to `pipeline.commands`, errors out as one-line messages.

The only module that imports click. A `PipelineError` becomes its message and exit status 1,
never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from pipeline import __version__
from pipeline.errors import PipelineError

F = TypeVar("F", bound=Callable[..., Any])


def _clean_errors(func: F) -> F:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PipelineError as err:
            click.echo(f"error: {err}", err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="judge")
def cli() -> None:
    """Run play-by-mail strategy games from a git repository."""


@cli.command("datc")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--map", "map_name", default="standard", show_default=True, help="Map the cases are played on.")
@click.option("--all", "show_all", is_flag=True, help="Also list the cases that pass.")
@_clean_errors
def datc_command(files: tuple[Path, ...], map_name: str, show_all: bool) -> None:
    """Adjudicate DATC test cases (jDip/godip text format) and report the failing ones."""
    from pipeline.commands import datc

    summary = datc.run(files, map_name, click.echo, show_all)
    sys.exit(1 if summary.failed else 0)


@cli.command("check-map")
@click.argument("file", type=click.Path(path_type=Path))
@_clean_errors
def check_map_command(file: Path) -> None:
    """Check a map file and list every problem in it with its line."""
    from pipeline.storage.maps import load_board

    board = load_board(file)
    click.echo(f"{file}: map {board.name!r} is valid: {len(board.spaces)} spaces, {len(board.powers)} powers")


def main() -> None:
    cli(prog_name="judge")
