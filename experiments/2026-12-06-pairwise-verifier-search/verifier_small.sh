#!/usr/bin/env bash
# Issue 34's 0.5B table: mcts-balanced with the 0.5B model's own pairwise verifier choosing and spending the budget (the
# settings of the 1.5B model's corpus arm: verify_choice, verify_stop, verify_threshold=1.0, logprobs, batch decoding), beside
# the same llm settings without a verifier, corpus test split. The verifier was fitted on the 0.5B model's train candidates and
# chosen on dev, fixed before this run:
#   mcts-codegen verifier train --data data/candidates/qwen2.5-coder-0.5b --problems data/corpus/corpus.jsonl \
#     --objective pairwise --drop agreement --out results/verifier/qwen2.5-coder-0.5b/pairwise
# The two arms advance together, some fifteen test problems at a time (id ranges of the corpus), so that a run cut short
# leaves both on the same problems; rerun the script and every bench call skips finished problems (resumable, locked).
#   bash experiments/2026-12-06-pairwise-verifier-search/verifier_small.sh
# Cost on a 2-core machine: about 60 s a problem for each arm (the verifier arm's 86 problems of 2026-12-06 took 86 minutes), some
# 4 hours for both arms on the 121 test problems.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash experiments/2026-12-06-pairwise-verifier-search/verifier_arms.sh qwen2.5-coder-0.5b "--data data/corpus/corpus.jsonl --out results/corpus --split test" 0-69 70-155 156-247 248-307 308-380 381-463 464-519 520-579
