#!/usr/bin/env bash
# Issue 34's third use of the verifier, its value in the reward, measured on and off: the corpus pairwise arm (the pairwise
# verifier choosing and spending the budget, engine adf1d54963) with `verify_weight=0.5`, the weight HYBRID blends the LLM
# reflector with, fixed before the run; every new program's reward becomes 0.5 * its visible-test reward + 0.5 * (2P - 1),
# so the verifier steers selection as well as the choice. The arm without it is the committed pairwise arm on the same
# problems (`results/corpus/qwen2.5-coder-1.5b+verifier-pairwise_..._verify_threshold-1.0/`). 1.5B model, corpus test split,
# problem by problem; rerun the script and the bench skips finished problems (resumable, locked).
#   bash experiments/2026-12-06-pairwise-verifier-search/verifier_value.sh
# Cost on a 2-core machine: about 100 s a problem (the pairwise arm's rate), some 3.5 hours for the 121 test problems.
set -euo pipefail
cd "$(dirname "$0")/../.."
M=qwen2.5-coder-1.5b
mcts-codegen bench --n 10 --llm local:$M --data data/corpus/corpus.jsonl --out results/corpus --split test --no-cache --concurrency 1 --quiet \
  --strategy mcts-balanced --verifier results/verifier/$M/pairwise --set llm.logprobs=true --set llm.batch_decode=true \
  --set experimental.verify_choice=true --set experimental.verify_stop=true --set experimental.verify_threshold=1.0 --set experimental.verify_weight=0.5
