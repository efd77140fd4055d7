"""One verb per module: plain functions the command line calls. No click here."""
