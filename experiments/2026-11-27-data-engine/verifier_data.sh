#!/usr/bin/env bash
# Issue 34 end to end for one embedded model: the data engine's candidates on the corpus (train with hidden verdicts,
# dev and test without), then the verifier fitted on train, chosen on dev, and scored on test with its ablations into
# results/verifier/<model>/eval.json (and dev's into dev_eval.json). Resumable and locked: rerun it and every step skips what is done (a killed
# collection loses no finished problem). Fresh samples besides the greedy answer, model-written inputs, one problem at
# a time: SAMPLES per train problem (default 20: 345 train problems x 21 = 7,245 labelled candidates), EVAL_SAMPLES per
# dev and test problem (default 10: the search's budget is ten completions, so these candidates are drawn as a search
# would draw them, and twice as many problems fit in an hour; AUC varies more with problems than with draws).
#   bash experiments/2026-11-27-data-engine/verifier_data.sh [model]     (qwen2.5-coder-1.5b, the default, or qwen2.5-coder-0.5b)
#   RUNS=/elsewhere SAMPLES=30 bash experiments/2026-11-27-data-engine/verifier_data.sh qwen2.5-coder-0.5b
# The candidates go to data/candidates/<model>/ (RUNS overrides): the project's own training data, committed after each
# session's collection. Train rows carry hidden verdicts (train labels may be kept); dev and test rows are collected without.
# Cost on a 2-core machine: minutes per problem (31 completions of the 0.5B model took about 3 min), so the train split
# alone is many hours; on a cluster, add --engine ray --ray-address HEAD:6379 to the collect lines (see nbs/20_collector).
set -euo pipefail
cd "$(dirname "$0")/../.."
M=${1:-qwen2.5-coder-1.5b}
R=${RUNS:-data/candidates}/$M  # committed: runs/ is not, and a new checkout would lose hours of collection
P=data/corpus/corpus.jsonl
C="mcts-codegen collect --data $P --llm local:$M --out $R --concurrency 1"
$C --samples "${SAMPLES:-20}" --split train --exclude results/corpus
$C --samples "${EVAL_SAMPLES:-10}" --split dev
$C --samples "${EVAL_SAMPLES:-10}" --split test
mcts-codegen verifier train --data "$R" --problems $P --out "runs/verifier/$M"
mcts-codegen verifier eval --data "$R" --problems $P --model "runs/verifier/$M" --name "$M" --split test --ablation
mcts-codegen verifier eval --data "$R" --problems $P --model "runs/verifier/$M" --name "$M" --split dev --ablation  # dev_eval.json, beside the test figures
