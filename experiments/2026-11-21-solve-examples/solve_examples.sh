#!/usr/bin/env bash
# Solve each example problem with each embedded model, one process per problem (so peak RSS is per problem).
# Writes experiments/2026-11-21-solve-examples/solve_examples/<model>/<problem>.json and prints a table.   Usage: [MODELS="qwen2.5-coder-1.5b"] bash experiments/2026-11-21-solve-examples/solve_examples.sh [PRESET]
set -euo pipefail
cd "$(dirname "$0")/../.."
preset=${1:-BALANCED}
for m in ${MODELS:-qwen2.5-coder-0.5b qwen2.5-coder-1.5b}; do
  mkdir -p experiments/2026-11-21-solve-examples/solve_examples/$m
  for f in data/examples/*.py; do
    n=$(basename "$f" .py)
    mcts-codegen solve "$f" --llm local:$m --preset "$preset" --json --quiet > experiments/2026-11-21-solve-examples/solve_examples/$m/$n.json 2> experiments/2026-11-21-solve-examples/solve_examples/$m/$n.log || true  # exit 1 means not passed: recorded, not fatal
  done
done
python - <<'PY'
import json, glob
print(f"{'model':20} {'problem':16} {'solved':7} {'LLM calls':>9} {'tokens':>7} {'generated':>9} {'iters':>5} {'time s':>7} {'peak RSS MiB':>12}")
for f in sorted(glob.glob('experiments/2026-11-21-solve-examples/solve_examples/*/*.json')):
    r = json.load(open(f))[0]
    print(f"{f.split('/')[-2]:20} {r['problem_id']:16} {str(r['passed']):7} {r['llm_calls']:>9} {r['tokens']:>7} {r.get('completion_tokens', '-'):>9} {r['iterations']:>5} {r['wall_time']:>7.1f} {r['peak_rss_mb']:>12.0f}")
PY
