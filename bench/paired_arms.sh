#!/usr/bin/env bash
# Two arms advancing together over problem ranges, so that a run cut short leaves both on the same problems; every bench call
# skips finished problems (resumable, locked). Used by bench/verifier_humaneval.sh and bench/verifier_small.sh.
#   BENCH="mcts-codegen bench ..." ARM="--verifier ... --set ..." bash bench/paired_arms.sh RANGE [RANGE ...]
# Each RANGE runs `$BENCH $ARM --problems RANGE`, then `$BENCH --problems RANGE` (the same settings without ARM).
set -euo pipefail
cd "$(dirname "$0")/.."
for r in "$@"; do
  $BENCH $ARM --problems "$r"
  $BENCH --problems "$r"
done
