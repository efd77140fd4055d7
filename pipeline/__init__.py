"""Play-by-mail strategy games run from a git repository: rules core, storage, command line."""

__version__ = "0.2.0"
