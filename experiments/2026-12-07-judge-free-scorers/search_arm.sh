#!/usr/bin/env bash
# Issue 81 item 3, prepared and not yet run: the cluster chooser inside mcts-balanced, with the stop rule and tie-break chosen on
# the dev pools' replay (stop_rules.py: agree-2/order): `--verifier results/verifier/clusters-agree2-order` (nothing trained, no
# model call) doubts every visible-passing program until two draws behave alike on the corner inputs, then the search ends and
# submits the earliest drawn program of the largest cluster (verify_choice, verify_stop); with no such pair it spends its ten
# completions and then chooses. N = 10, the response cache off, one model per call.
# Its baseline for problems solved is the committed mcts-balanced rows of the same benchmark (same settings without the verifier): corpus rows in
# results/corpus/MODEL, HumanEval and NewEval protocol v3 rows in results/humaneval-v3 and results/neweval-v3.
# Order = priority (the corpus dev split to choose settings first, then the reported sets); resumable: rerun and every bench call
# skips finished problems. Hours of CPU per model (about 75 s a problem for the 1.5B model on 2 cores).
#   bash experiments/2026-12-07-judge-free-scorers/search_arm.sh [MODEL]
set -euo pipefail
cd "$(dirname "$0")/../.."
M=${1:-qwen2.5-coder-1.5b}
BASE="mcts-codegen bench --n 10 --llm local:$M --no-cache --concurrency 1 --quiet --strategy mcts-balanced"
B="$BASE --verifier results/verifier/clusters-agree2-order --set experimental.verify_choice=true --set experimental.verify_stop=true"
# Item 5, cost: the dev split's first 20 problems (ids 0-99) go first, and mcts-balanced runs again on them right after the arm,
# cache-free, into this folder, so cost.py compares seconds measured under the same load (committed rows ran in other sessions).
$B --data data/corpus/corpus.jsonl --out results/corpus --split dev --problems 0-99
$BASE --data data/corpus/corpus.jsonl --out experiments/2026-12-07-judge-free-scorers/cost --split dev --problems 0-99
python experiments/2026-12-07-judge-free-scorers/cost.py results/corpus/$M+verifier-clusters-agree2-order* \
  experiments/2026-12-07-judge-free-scorers/cost/$M --out experiments/2026-12-07-judge-free-scorers/cost/$M.json
$B --data data/corpus/corpus.jsonl --out results/corpus --split dev
$B --data data/corpus/corpus.jsonl --out results/corpus --split test
$B --out results/humaneval-v3 --problems 82-163
[ -f ../shared/problems/neweval.jsonl ] && $B --data ../shared/problems/neweval.jsonl --out results/neweval-v3
