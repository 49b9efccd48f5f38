#!/usr/bin/env bash
# The corpus baselines (issue 32) on the fixed protocol: greedy, best-of-n, mcts-balanced and oracle@10 on the corpus's
# dev and test splits, N = 10 completions, the response cache off (seconds are cache-free), one model per call.
# Rows go to results/corpus/<model>/<strategy>.jsonl (dev and test problems in one file; `bench/report.py` splits them
# by the corpus's `split` field). Order = priority: a run cut short leaves whole strategies done. Resumable: rerun the
# script and every bench call skips finished problems.
#   bash bench/corpus_baselines.sh [model]      (model: qwen2.5-coder-1.5b, the default, or qwen2.5-coder-0.5b)
# Cost on a 2-core machine: about 140 greedy completions and 3 x 1,400 more for the 10-completion strategies (the
# corpus is hard, so most problems spend the whole budget): hours per model, not minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
M=${1:-qwen2.5-coder-1.5b}
B="mcts-codegen bench --n 10 --llm local:$M --data data/corpus/corpus.jsonl --out results/corpus --no-cache --concurrency 1 --quiet"
# the greedy answers experiments/2026-11-26-body-only-generation/generation.py already decoded on dev (its body arm: same request, version and protocol)
[ -f "experiments/2026-11-26-body-only-generation/generation/$M+greedy/rows.jsonl" ] && python bench/corpus_from_generation.py --model "$M"
$B --split dev --strategy greedy
$B --split test --strategy greedy
$B --split dev --strategy best-of-n,mcts-balanced,oracle
$B --split test --strategy best-of-n,mcts-balanced,oracle
