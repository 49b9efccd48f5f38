"""Would more labelled train problems of the same kind make the verifier better? A learning curve on train problems only:
K folds by problem over `--data`'s labelled train rows (fold k is scored, fold k+1 chooses the penalty and threshold, as
`experiments/2026-11-27-verifier-probes/verifier_cv.py` deals them), the verifier fitted on a nested, seeded share of the remaining problems (1/8, 1/4, 1/2,
all), for several seeds. A figure that still climbs at the full share says rows would help; a flat one says they would not.

    python experiments/2026-11-27-verifier-probes/verifier_curve.py --data data/candidates/qwen2.5-coder-1.5b [--objective pooled|pairwise] [--seeds 6] \
        [--out results/verifier/qwen2.5-coder-1.5b/curve_pooled.json]

Per share, pooled over folds and averaged over seeds: the held-out AUC among visible-passing candidates, the within-problem
AUC (`verifier.within_auc`) and `chosen` (problems solved in expectation when each submits its visible-passing candidate the
verifier ranks first, ties split), beside a random pick and `oracle`. Train labels only: nothing here reads dev or test.
"""
from __future__ import annotations
import json, random, sys
from pathlib import Path
import numpy as np
from mcts_codegen.learn.verifier import OBJECTIVES, auc, feature_table, label_of, train_verifier, visible_all, within_auc
sys.path.insert(0, str(Path(__file__).parent))  # the scripts beside this one
from verifier_cv import chosen, fold_parser, folds_of
from verifier_pool import train_rows

SHARES = (0.125, 0.25, 0.5, 1.0)

def curve(rows:list[dict], k:int=5, seeds:int=6, objective:str='pooled', shares=SHARES) -> dict:
    "Held-out figures of verifiers fitted on each share of the fitting problems, per seed."
    rs, X, names = feature_table(rows)  # a candidate's features depend only on its problem's candidates: one table serves every fold
    pid = np.array([str(r['problem_id']) for r in rs]); y = np.array([bool(label_of(r)) for r in rs]); vis = visible_all(rs)
    def table(mask): return ([r for r, m in zip(rs, mask) if m], X[mask], names)
    pids, out = sorted(set(pid)), {s: [] for s in shares}
    for seed in range(seeds):
        got = {s: dict(s=[], i=[]) for s in shares}
        for i, test in enumerate(fs := folds_of(pids, k, seed)):
            dev = fs[(i + 1) % k]
            fit = sorted(set(pids) - test - dev)
            random.Random(1000 * seed + i).shuffle(fit)
            te, dv = np.isin(pid, list(test)), np.isin(pid, list(dev))
            for s in shares:
                tr = np.isin(pid, fit[:max(1, round(s * len(fit)))])
                tb = dict(train=table(tr), dev=table(dv))
                v = train_verifier([], tables=tb, objective=objective)
                got[s]['s'] += list(v.prob(X[te][:, [names.index(n) for n in v.names]])); got[s]['i'] += list(np.flatnonzero(te))
        for s, g in got.items():
            ix = np.array(g['i']); sc = np.array(g['s'])
            out[s].append(dict(auc_visible_pass=round(auc(y[ix][vis[ix]], sc[vis[ix]]), 4), within_auc=round(within_auc(list(pid[ix]), y[ix], sc, vis[ix]), 4),
                               chosen=chosen(list(pid[ix]), y[ix], sc, vis[ix])))
            print(f"seed {seed} share {s:5.3f} {out[s][-1]}", flush=True)
    means = {str(s): {m: round(float(np.mean([d[m] for d in v])), 4) for m in v[0]} for s, v in out.items()}
    return dict(objective=objective, folds=k, seeds=seeds, problems=len(pids), candidates=len(rs), visible_pass=int(vis.sum()),
                fit_problems=round(len(pids) * (k - 2) / k), oracle=len({p for p, a, b in zip(pid, y, vis) if a and b}),
                random=chosen(list(pid), y, np.zeros(len(y)), vis), per_seed={str(s): v for s, v in out.items()}, mean=means)

if __name__ == '__main__':
    ap = fold_parser(__doc__)
    ap.add_argument('--objective', default='pooled', choices=OBJECTIVES)
    a = ap.parse_args()
    d = curve(train_rows(a.data), a.folds, a.seeds, a.objective)
    for s, m in d['mean'].items(): print(f"share {s:6s} mean {m}")
    print(f"random {d['random']}, oracle {d['oracle']}, about {d['fit_problems']} fitting problems at the full share")
    if a.out: Path(a.out).write_text(json.dumps(d, indent=1) + '\n'); print(f"written to {a.out}")
