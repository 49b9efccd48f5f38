"""How the verifier's penalty is chosen, judged on train problems only: K folds by problem over the labelled train rows
(fold k is scored, fold k+1 chooses the penalty, the rest fit, as `experiments/2026-11-27-verifier-probes/verifier_cv.py` deals them), for several seeds.
Each rule picks one of `train_verifier`'s penalties from the chooser fold's AUC among visible-passing candidates:

- `best`: the highest AUC (what `train_verifier` did before 2026-12-03);
- `tol0.01`, `tol0.02`: the strongest penalty within that much of the highest (`train_verifier(tol=)`; 0.02 is its default);
- `strongest`: always the strongest penalty tried.

Prints and writes each rule's pooled held-out AUC among visible-passing candidates, per seed and on average.

    python experiments/2026-11-27-verifier-probes/verifier_penalty.py --data data/candidates/qwen2.5-coder-1.5b [--seeds 6] [--out results/verifier/qwen2.5-coder-1.5b/penalty_cv.json]
"""
from __future__ import annotations
import json, sys
from pathlib import Path
import numpy as np
from mcts_codegen.core.utils import sigmoid
from mcts_codegen.learn.verifier import auc, feature_table, fit_logistic, label_of, normalise, candidate_rows, visible_all
sys.path.insert(0, str(Path(__file__).parent))  # the scripts beside this one
from verifier_cv import folds_of, fold_parser

L2S = (0.1, 1.0, 10.0, 100.0)  # train_verifier's default penalties
RULES = ('best', 'tol0.01', 'tol0.02', 'strongest')

def choose(rule:str, a:dict[float, float]) -> float:
    "The penalty `rule` picks from the chooser fold's AUC of each penalty."
    if rule == 'best': return max(a, key=lambda l: (a[l], l))
    if rule == 'strongest': return max(a)
    t = float(rule[3:])
    return max(l for l in a if a[l] >= max(a.values()) - t)

def compare(rows:list[dict], k:int=5, seeds:int=6) -> dict:
    "Each rule's pooled held-out AUC among visible-passing train candidates, per seed."
    rows = [r for r in map(normalise, rows) if r.get('split') == 'train' and label_of(r) is not None]
    rs, X, _ = feature_table(rows)  # features are computed among a problem's own candidates, so one table serves every fold
    pid, y, vis = np.array([str(r['problem_id']) for r in rs]), np.array([bool(label_of(r)) for r in rs]), visible_all(rs)
    def fit(I, l2):
        mu, sd = X[I].mean(0), X[I].std(0); sd[sd < 1e-9] = 1.0
        w, b = fit_logistic((X[I] - mu) / sd, y[I].astype(float), l2)
        return lambda J: sigmoid(((X[J] - mu) / sd) @ w + b)
    out = {r: [] for r in RULES}
    for seed in range(seeds):
        folds = folds_of(sorted(set(pid)), k, seed)  # verifier_cv's deal of problems into folds
        scores = {r: np.zeros(len(rs)) for r in RULES}
        for i in range(k):
            te, dv = np.isin(pid, list(folds[i])), np.isin(pid, list(folds[(i + 1) % k]))
            I, D, T = np.where(~te & ~dv)[0], np.where(dv)[0], np.where(te)[0]
            fits = {l2: fit(I, l2) for l2 in L2S}
            a = {l2: auc(y[D][vis[D]], fits[l2](D)[vis[D]]) or 0.0 for l2 in L2S}
            for r in RULES: scores[r][T] = fits[choose(r, a)](T)
        for r in RULES: out[r].append(round(auc(y[vis], scores[r][vis]), 4))
    return dict(folds=k, seeds=seeds, problems=len(set(pid)), candidates=len(rs), visible_pass=int(vis.sum()), penalties=list(L2S),
                rules={r: dict(per_seed=v, mean=round(float(np.mean(v)), 4)) for r, v in out.items()})

if __name__ == '__main__':
    a = fold_parser(__doc__).parse_args()
    d = compare(candidate_rows(a.data), a.folds, a.seeds)
    for r, v in d['rules'].items(): print(f"{r:10s} mean {v['mean']:.4f}  per seed {v['per_seed']}")
    if a.out: Path(a.out).write_text(json.dumps(d, indent=1) + '\n'); print(f"written to {a.out}")
