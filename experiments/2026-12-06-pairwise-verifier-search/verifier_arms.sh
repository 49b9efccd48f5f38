#!/usr/bin/env bash
# Issue 34's pairwise-verifier arm beside the same llm settings without it, one model, advancing together over problem ranges so
# that a run cut short leaves both on the same problems; every bench call skips finished problems (resumable, locked).
#   bash experiments/2026-12-06-pairwise-verifier-search/verifier_arms.sh MODEL "DATA AND OUTPUT FLAGS" RANGE [RANGE ...]
# The arm: mcts-balanced with the model's committed pairwise verifier (results/verifier/MODEL/pairwise) choosing and spending the
# budget (verify_choice, verify_stop, verify_threshold=1.0); both arms with logprobs and batch decoding, N = 10, no cache.
# Used by experiments/2026-12-06-pairwise-verifier-search/verifier_humaneval.sh and experiments/2026-12-06-pairwise-verifier-search/verifier_small.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
M=$1 DATA=$2; shift 2
B="mcts-codegen bench --n 10 --llm local:$M $DATA --no-cache --concurrency 1 --quiet --strategy mcts-balanced --set llm.logprobs=true --set llm.batch_decode=true"
V="--verifier results/verifier/$M/pairwise --set experimental.verify_choice=true --set experimental.verify_stop=true --set experimental.verify_threshold=1.0"
for r in "$@"; do
  $B $V --problems "$r"
  $B --problems "$r"
done
