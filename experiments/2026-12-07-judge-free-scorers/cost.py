"""Issue 81 item 5: what the cluster chooser costs in the search, against mcts-balanced run in the same session on the same problems.

    python experiments/2026-12-07-judge-free-scorers/cost.py ARM_FOLDER BASE_FOLDER [--out cost.json]

The folders are bench result folders holding `mcts-balanced.jsonl`. `search_arm.sh` fills them back to back, cache-free, so both
ran under the same load. Read with the benchmark's own readers (`load_results`: the latest row of each problem, one engine version
per strategy) and compared on the problems both finished: median cache-free seconds per problem and their ratio (the issue's
goal: at most 1.5), mean completions and tokens, and the paired verdicts (`stats.paired`)."""
from __future__ import annotations
import argparse, json, statistics as st
from pathlib import Path
from mcts_codegen.bench.runner import load_results
from mcts_codegen.bench.scores import subset
from mcts_codegen.bench.stats import paired

def side(b) -> dict:
    rs = b.per_problem
    return dict(median_s=round(st.median(r.cache_free_time for r in rs), 1), completions=round(b.calls_mean, 2),
                generated_tokens=round(st.mean(r.completion_tokens or 0 for r in rs), 1), tokens=round(b.tokens_mean, 1),
                solved=b.solved, cache_hits=b.cache_hits, engine=b.engine)

def cost(arm:Path, base:Path) -> dict:
    a, b = (load_results(f).get('mcts-balanced') for f in (arm, base))
    if a is None or b is None: raise SystemExit(f"error: {arm if a is None else base} holds no mcts-balanced rows; run search_arm.sh first")
    ids = {r.task_id for r in a.per_problem} & {r.task_id for r in b.per_problem}
    if not ids: raise SystemExit(f"error: {arm} and {base} share no finished problem; run search_arm.sh first")
    a, b = subset(a, ids), subset(b, ids)
    out = dict(problems=len(ids), arm=side(a), base=side(b), verdicts=paired(a, b))
    out['seconds_ratio'] = round(out['arm']['median_s'] / out['base']['median_s'], 2)
    return out

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('arm', type=Path); ap.add_argument('base', type=Path); ap.add_argument('--out', type=Path)
    a = ap.parse_args()
    c = cost(a.arm, a.base)
    print(json.dumps(c, indent=1))
    if a.out: a.out.write_text(json.dumps(c, indent=1) + '\n')
