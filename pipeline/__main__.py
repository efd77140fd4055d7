"""`python -m pipeline` runs the `judge` command line."""

from pipeline.cli import main

main()
