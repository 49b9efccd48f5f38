#!/usr/bin/env bash
# The fixed protocol (issue 13) on HumanEval and NewEval: one stop rule, no canonical curation, the engine version on
# every row, budget n=10 completions. mcts-balanced is the search (chosen before these runs); mcts-levers is its
# ablation arm on the dev half (0-81). The router (issue 16) is refitted on the dev half's rows and `auto` runs
# live on all 164; HRM and TRM run alone on the test half. Order = priority: a run cut short leaves whole
# strategies done. Resumable: rerun the script and every bench call skips finished problems.
#   bash bench/protocol_v2.sh [model]        (model: qwen2.5-coder-0.5b, the default, or qwen2.5-coder-1.5b)
set -euo pipefail
M=${1:-qwen2.5-coder-0.5b}
R=results/humaneval-v2/$M
B="mcts-codegen bench --n 10 --llm local:$M --out results/humaneval-v2 --concurrency 2 --quiet"
$B --problems 0-81 --strategy greedy,best-of-n,mcts-balanced
$B --problems 82-163 --strategy greedy,best-of-n,mcts-balanced
$B --problems 0-163 --strategy oracle
NE="mcts-codegen bench --n 10 --llm local:$M --data ../shared/problems/neweval.jsonl --out results/neweval-v2 --concurrency 2 --quiet"
$NE --strategy greedy,best-of-n,mcts-balanced,oracle
if [ "$M" = qwen2.5-coder-0.5b ]; then  # the shipped router: fitted on the 0.5B model's dev-half rows (hidden verdicts of 0-81 only)
    python -c "from mcts_codegen.core.orchestrator import MetaController as M; c = M.fit('$R'); c.save('mcts_codegen/core/router.json'); print(c)"
fi
$B --problems 0-163 --strategy auto
$NE --strategy auto  # the shipped router on problems held out from it entirely
$B --problems 0-81 --strategy mcts-levers
$B --problems 0-163 --strategy reflexion  # 82-163 ran first (committed); 0-81 is still to run
$B --problems 82-163 --strategy hrm,trm
$B --problems 0-81 --strategy mcts-balanced --set llm.tree_sample=1  # issue 13 lever 1: prefix-tree sampling (results in $R+tree_sample-1/)
$B --problems 0-81 --strategy mcts-balanced --set search.parallel=8  # issue 15: 8 expansions in flight, paired with mcts-balanced (in $R+parallel-8/)
$B --problems 0-81 --strategy mcts-balanced --set search.n_variants=1  # issue 15's pair where 8 in flight fit in the cap: one variant per expansion, 1 in flight ...
$B --problems 0-81 --strategy mcts-balanced --set search.n_variants=1 --set search.parallel=8  # ... and 8 in flight
$B --problems 0-81 --strategy mcts-balanced --set experimental.widening=pw  # issue 15's ablation: progressive widening in place of the widen arm (in $R+widening-pw/)
$B --problems 0-81 --strategy mcts-balanced --set experimental.rave=10  # issue 15: RAVE over expansion kinds (in $R+rave-10/)
