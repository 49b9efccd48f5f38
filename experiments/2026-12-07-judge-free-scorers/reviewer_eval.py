"""Coder-Reviewer on the subset reviewer.py scored (the 0.5B pools' test problems where the choice matters), beside the other
scorers on the same subset: within-problem AUC and expected problems solved by the first choice. Appends to reviewer.json."""
import json, pickle, sys
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).parent))
from eval import per_problem, SCORES
from mcts_codegen.learn.verifier import within_auc

HERE = Path(__file__).parent

def main(pool='qwen2.5-coder-0.5b', rev='qwen2.5-coder-0.5b', split='test'):
    got = pickle.loads(Path(f'/tmp/i81/reviewer-{pool}-{rev}.pkl').read_bytes())
    rows = [json.loads(l) for l in SCORES.open()] if SCORES.is_file() else None
    assert rows, "run eval.py first (it writes scores.jsonl)"
    rows = [r for r in rows if r['model'] == pool and r['split'] == split and r['visible_pass'] and (r['problem_id'], r['code']) in got]
    pid, y, vis = [r['problem_id'] for r in rows], np.array([r['label'] for r in rows], bool), np.ones(len(rows), bool)
    rv = np.array([got[r['problem_id'], r['code']] for r in rows]); cd = np.array([r['logprob_mean'] if r['logprob_mean'] is not None else -10 for r in rows])
    S = {'reviewer': rv, 'coder': cd, 'coder+reviewer': rv + cd} | {k: np.array([r['scores'][k] for r in rows]) for k in rows[0]['scores']}
    out = dict(pool=pool, reviewer=rev, split=split, problems=len(set(pid)), candidates=len(rows), programs=len(got),
               scorers={k: dict(within_auc=round(within_auc(pid, y, s, vis), 4), solved=round(sum(per_problem(rows, y, vis, s).values()), 2)) for k, s in S.items()})
    (HERE/'reviewer.json').write_text(json.dumps(out, indent=1))
    for k, v in out['scorers'].items(): print(f"{k:24} within AUC {v['within_auc']}  solved {v['solved']} of {out['problems']}")

if __name__ == '__main__': main(*sys.argv[1:])
