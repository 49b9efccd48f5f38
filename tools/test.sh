#!/usr/bin/env bash
# The project's test command (README): notebook tests, then pytest (including the embedded-model tests).
set -euo pipefail
cd "$(dirname "$0")/.."
nbdev-test --n-workers 1
python -m pytest -q -p no:cacheprovider "$@"
