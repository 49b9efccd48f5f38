"""Does another model's labelled train data make a verifier better? Judged on train problems only: K folds by problem over
`--data`'s labelled train rows (fold k is scored, fold k+1 chooses the penalty and threshold, the rest fit, as
`experiments/2026-11-27-verifier-probes/verifier_cv.py` deals them), for several seeds, each fold fitted twice: on `--data`'s fitting folds alone, and on
those plus `--extra`'s labelled train rows of every problem outside the scored and the choosing fold (a problem the
verifier is judged on never lends it the other model's programs). The extra rows keep their own problem groups, so each
candidate's features are still computed among its own model's siblings.

    python experiments/2026-11-27-verifier-probes/verifier_pool.py --data data/candidates/qwen2.5-coder-1.5b --extra data/candidates/qwen2.5-coder-0.5b \
        [--objective pooled|pairwise] [--seeds 6] [--out results/verifier/qwen2.5-coder-1.5b/pool_cv_pooled.json]

Per seed and arm: the pooled held-out AUC among visible-passing candidates, the within-problem AUC (`verifier.within_auc`)
and `chosen`, the problems solved in expectation when each problem submits its visible-passing candidate the verifier
ranks first (ties split), beside a random pick and `oracle`. Train labels only: nothing here reads dev or test.
"""
from __future__ import annotations
import json, sys
from pathlib import Path
import numpy as np
from mcts_codegen.learn.verifier import OBJECTIVES, auc, label_of, lend, normalise, candidate_rows, split_tables, train_verifier, visible_all, within_auc
sys.path.insert(0, str(Path(__file__).parent))  # the scripts beside this one
from verifier_cv import chosen, fold_parser, fold_splits, folds_of

ARMS = ('alone', 'with extra')

def train_rows(folder:str) -> list[dict]:
    "A collect folder's labelled train rows, normalised."
    rows = [r for r in map(normalise, candidate_rows(Path(folder))) if r.get('split') == 'train' and label_of(r) is not None]
    if not rows: raise SystemExit(f"{folder}: no labelled train rows; collect them with `mcts-codegen collect --split train`")
    return rows

def compare(rows:list[dict], extra:list[dict], k:int=5, seeds:int=6, objective:str='pooled') -> dict:
    "Each arm's held-out figures on `rows`' train problems, per seed."
    pids = sorted({r['problem_id'] for r in rows})
    out = {a: [] for a in ARMS}
    for seed in range(seeds):
        pooled = {a: dict(y=[], s=[], vis=[], pid=[]) for a in ARMS}
        for i, test in enumerate(fs := folds_of(pids, k, seed)):
            dev = fs[(i + 1) % k]
            part = fold_splits(rows, test, dev)
            lent = lend(part, [r for r in extra if r['problem_id'] not in test | dev])  # as `verifier train --lend`: their own problem groups
            for arm, rs_ in zip(ARMS, (part, lent)):
                tb = split_tables(rs_)
                v = train_verifier(rs_, tables=tb, objective=objective)
                rs, X, names = tb['test']
                p = pooled[arm]
                p['s'] += list(v.prob(X[:, [names.index(n) for n in v.names]]))
                p['y'] += [bool(label_of(r)) for r in rs]; p['vis'] += list(visible_all(rs)); p['pid'] += [r['problem_id'] for r in rs]
        for arm, p in pooled.items():
            y, s, vis = np.array(p['y'], bool), np.array(p['s']), np.array(p['vis'], bool)
            out[arm].append(dict(auc_visible_pass=round(auc(y[vis], s[vis]), 4), within_auc=round(within_auc(p['pid'], y, s, vis), 4),
                                 chosen=chosen(p['pid'], y, s, vis)))
            print(f"seed {seed} {arm:10s} {out[arm][-1]}", flush=True)
    y, vis, pid = np.array(pooled['alone']['y'], bool), np.array(pooled['alone']['vis'], bool), pooled['alone']['pid']
    means = {a: {m: round(float(np.mean([d[m] for d in v])), 4) for m in v[0]} for a, v in out.items()}
    won = {m: sum(b[m] > a[m] for a, b in zip(*out.values())) for m in out['alone'][0]}
    lost = {m: sum(b[m] < a[m] for a, b in zip(*out.values())) for m in out['alone'][0]}
    return dict(objective=objective, folds=k, seeds=seeds, problems=len(pids), candidates=len(rows), visible_pass=int(vis.sum()),
                extra_candidates=len(extra), extra_problems=len({r['problem_id'] for r in extra}), extra_visible_pass=int(visible_all(extra).sum()),
                extra_right=sum(bool(label_of(r)) for r in extra),
                oracle=len({i for i, a, b in zip(pid, y, vis) if a and b}), random=chosen(pid, y, np.zeros(len(y)), vis),
                per_seed=out, mean=means, extra_won=won, extra_lost=lost)

if __name__ == '__main__':
    ap = fold_parser(__doc__)
    ap.add_argument('--extra', required=True, help="another model's collect folder whose labelled train rows are lent to the fit")
    ap.add_argument('--objective', default='pooled', choices=OBJECTIVES)
    a = ap.parse_args()
    d = compare(train_rows(a.data), train_rows(a.extra), a.folds, a.seeds, a.objective)
    for arm, m in d['mean'].items(): print(f"{arm:10s} mean {m}")
    print(f"with extra better / worse in seeds: {d['extra_won']} / {d['extra_lost']}; random {d['random']}, oracle {d['oracle']}")
    if a.out: Path(a.out).write_text(json.dumps(d, indent=1) + '\n'); print(f"written to {a.out}")
