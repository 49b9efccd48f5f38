#!/usr/bin/env bash
# Issue 34 on HumanEval: mcts-balanced with the pairwise verifier choosing and spending the budget (the corpus and NewEval
# arms' settings, engine adf1d54963), beside the same llm settings without a verifier, 1.5B model, test half 82-163 first
# (the half the project reports), then 0-81. The verifier was fitted on corpus train candidates only: HumanEval labels
# reach nothing but the final score. The two arms advance together, twenty problems at a time, so that a run cut short
# leaves both on the same problems; rerun the script and every bench call skips finished problems (resumable, locked).
#   bash experiments/2026-12-06-pairwise-verifier-search/verifier_humaneval.sh
# Cost on a 2-core machine: about 80 s a problem with the verifier and 50 s without (NewEval's rates), so some 3 hours
# for the test half and as much again for 0-81. No cache: the rows' seconds are cache-free.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash experiments/2026-12-06-pairwise-verifier-search/verifier_arms.sh qwen2.5-coder-1.5b "--out results/humaneval-v3" 82-101 102-121 122-141 142-163 0-19 20-39 40-59 60-81
