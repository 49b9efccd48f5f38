"""Coder-Reviewer on the subset reviewer.py scored (the 0.5B pools' test problems where the choice matters), beside the other
scorers on the same subset: within-problem AUC and expected problems solved by the first choice. reviewer.json keeps one entry
per (pool, reviewer, split); a run replaces its own.

    PYTHONPATH=. python experiments/2026-12-07-judge-free-scorers/reviewer_eval.py [POOL_MODEL REVIEWER_MODEL SPLIT]"""
import json, pickle, sys
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).parent))
from eval import per_problem, SCORES
from pools import pools
from mcts_codegen.learn.verifier import within_auc

HERE = Path(__file__).parent

def main(pool='qwen2.5-coder-0.5b', rev='qwen2.5-coder-0.5b', split='test'):
    got = pickle.loads(Path(f'/tmp/i81/reviewer-{pool}-{rev}.pkl').read_bytes())
    rows = [json.loads(l) for l in SCORES.open()] if SCORES.is_file() else None
    assert rows, "run eval.py first (it writes scores.jsonl)"
    rows = [r for r in rows if r['model'] == pool and r['split'] == split and r['visible_pass'] and (r['problem_id'], r['code']) in got]
    pid, y, vis = [r['problem_id'] for r in rows], np.array([r['label'] for r in rows], bool), np.ones(len(rows), bool)
    rv = np.array([got[r['problem_id'], r['code']] for r in rows]); cd = np.array([r['logprob_mean'] if r['logprob_mean'] is not None else -10 for r in rows])
    first = {}
    for r in pools(pool): first[r['problem_id'], r['code']] = min(first.get((r['problem_id'], r['code']), 99), int(r['index']))
    S = {'reviewer': rv, 'coder': cd, 'coder+reviewer': rv + cd, 'first drawn': np.array([-first[r['problem_id'], r['code']] for r in rows])} | {k: np.array([r['scores'][k] for r in rows]) for k in rows[0]['scores']}
    out = dict(pool=pool, reviewer=rev, split=split, problems=len(set(pid)), candidates=len(rows), programs=len({(r['problem_id'], r['code']) for r in rows}),
               scorers={k: dict(within_auc=round(within_auc(pid, y, s, vis), 4), solved=round(sum(per_problem(rows, y, vis, s).values()), 2)) for k, s in S.items()})
    f = HERE/'reviewer.json'
    old = json.loads(f.read_text()) if f.is_file() else []
    old = [old] if isinstance(old, dict) else old  # the first run wrote one entry
    keep = [o for o in old if (o['pool'], o['reviewer'], o['split']) != (pool, rev, split)]
    f.write_text(json.dumps(keep + [out], indent=1))
    for k, v in out['scorers'].items(): print(f"{k:24} within AUC {v['within_auc']}  solved {v['solved']} of {out['problems']}")

if __name__ == '__main__': main(*sys.argv[1:])
