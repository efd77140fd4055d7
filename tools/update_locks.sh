#!/usr/bin/env bash
# The hash-locked requirements, from pyproject.toml (pip-tools): requirements.txt, what the judge needs
# to run and to build (the workflows and a club repository install it); requirements-dev.txt, that and
# the tests' tools (.ci/run). Packages from pypi.org only, whatever this machine's pip configuration says.
set -euo pipefail
cd "$(dirname "$0")/.."
compile() {
    env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="tools/update_locks.sh" \
        pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url \
        --no-emit-find-links --index-url https://pypi.org/simple --build-deps-for wheel "$@" pyproject.toml
}
compile --output-file requirements.txt
compile --extra dev --output-file requirements-dev.txt
