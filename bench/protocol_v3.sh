#!/usr/bin/env bash
# The headline protocol on the final code (issue 33): protocol v2's rules (one stop rule, no canonical curation, N = 10
# completions, the engine version on every row) with body-only generation, the default since 2026-11-27: HumanEval 0-163
# and NewEval, greedy, mcts-balanced, best-of-n, oracle@10 and the router (auto), one problem at a time. The response
# cache stays on (the BENCHMARK preset), so oracle@10 reuses best-of-n's samples where the requests are the same; the rows'
# cache-free seconds (`llm_time_miss`, `wall_time_nocache`) are what the results page reports. The corpus rows are
# `bash bench/corpus_baselines.sh MODEL` (already on body-only generation). `bench/report.py` moves a model's headline
# to these rows once greedy, best-of-n, mcts-balanced and oracle cover all 164 HumanEval and all 20 NewEval problems
# (`report.protocol`); until then it shows protocol v2 and says so under the table.
# Order = priority: a run cut short leaves whole strategies done. Resumable: rerun the script and every bench call skips
# finished problems (results/humaneval-v3/MODEL/greedy.jsonl is already complete for both models).
#   bash bench/protocol_v3.sh [model]        (model: qwen2.5-coder-1.5b, the default, or qwen2.5-coder-0.5b)
# Cost on a 2-core machine, 1.5B model: roughly 15 s per greedy problem and a few minutes per searched one, so about
# 6 hours in all; the 0.5B model about half that.
set -euo pipefail
cd "$(dirname "$0")/.."
M=${1:-qwen2.5-coder-1.5b}
B="mcts-codegen bench --n 10 --llm local:$M --out results/humaneval-v3 --concurrency 1 --quiet"
NE="mcts-codegen bench --n 10 --llm local:$M --data ../shared/problems/neweval.jsonl --out results/neweval-v3 --concurrency 1 --quiet"
$B --problems 0-163 --strategy greedy
$NE --strategy greedy
$B --problems 0-163 --strategy mcts-balanced
$NE --strategy mcts-balanced
$B --problems 0-163 --strategy best-of-n,oracle
$NE --strategy best-of-n,oracle
$B --problems 0-163 --strategy auto
$NE --strategy auto
