"""Issue 81 item 5: what the cluster chooser costs in the search, against mcts-balanced run in the same session on the same problems.

    python experiments/2026-12-07-judge-free-scorers/cost.py ARM_ROWS BASE_ROWS [--out cost.json]

ARM_ROWS and BASE_ROWS are bench rows (`<folder>/mcts-balanced.jsonl`). `search_arm.sh` writes them back to back, range by range,
cache-free, so both ran under the same load. Compared on the problems both finished: median cache-free seconds per problem and
their ratio (the issue's goal: at most 1.5), mean completions, generated and prompt tokens, and the engine versions of each."""
from __future__ import annotations
import argparse, json, statistics as st
from pathlib import Path

def rows(p:Path) -> dict[str, dict]:
    return {r['task_id']: r for r in map(json.loads, p.read_text().splitlines()) if r.get('error') is None}

def side(rs:list[dict]) -> dict:
    return dict(median_s=round(st.median(r['wall_time_nocache'] for r in rs), 1),
                completions=round(st.mean(r['llm_calls'] for r in rs), 2),
                generated_tokens=round(st.mean(r['completion_tokens'] for r in rs), 1),
                prompt_tokens=round(st.mean(r['prompt_tokens'] for r in rs), 1),
                solved=sum(bool(r['passed']) for r in rs), cache_hits=sum(r['cache_hits'] for r in rs),
                engines=sorted({r['engine_version'] for r in rs}))

def cost(arm:Path, base:Path) -> dict:
    a, b = rows(arm), rows(base)
    common = sorted(a.keys() & b.keys(), key=lambda t: int(t.split('/')[-1]))
    if not common: raise SystemExit(f"error: {arm} and {base} share no finished problem; run search_arm.sh first")
    out = dict(problems=len(common), arm=side([a[t] for t in common]), base=side([b[t] for t in common]))
    out['seconds_ratio'] = round(out['arm']['median_s'] / out['base']['median_s'], 2)
    return out

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('arm', type=Path); ap.add_argument('base', type=Path); ap.add_argument('--out', type=Path)
    a = ap.parse_args()
    for p in (a.arm, a.base):
        if not p.is_file(): raise SystemExit(f"error: {p}: no such rows file; give a bench folder's mcts-balanced.jsonl")
    c = cost(a.arm, a.base)
    print(json.dumps(c, indent=1))
    if a.out: a.out.write_text(json.dumps(c, indent=1) + '\n')
