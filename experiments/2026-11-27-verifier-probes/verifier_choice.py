"""Does a within-problem objective choose better than the pooled verifier? Judged on train problems only: K folds by problem
over the labelled train rows (fold k is scored, fold k+1 chooses the penalty, the rest fit, dealt by `verifier_cv.folds_of`),
for several seeds. The search uses the verifier to pick one program among a problem's visible-passing candidates, and a pooled
fit can rank problems (easy ones score high) without ranking siblings. Compared, each with `train_verifier`'s own penalty rule
on the chooser fold:

- `pooled`: `train_verifier(objective='pooled')`, the shipped verifier's objective;
- `pairwise`: `train_verifier(objective='pairwise')`, a ranker of a problem's (right, wrong) visible-passing pairs, calibrated;
- `random`: every visible-passing candidate alike.

Reported per objective, pooled over folds and averaged over seeds: `chosen`, problems solved in expectation when each held-out
problem submits its top-ranked visible-passing candidate (ties split); the within-problem AUC (`verifier.within_auc`); and the
AUC among visible-passing candidates.

    python experiments/2026-11-27-verifier-probes/verifier_choice.py --data data/candidates/qwen2.5-coder-1.5b [--seeds 6] [--out results/verifier/qwen2.5-coder-1.5b/choice_cv.json]
"""
from __future__ import annotations
import json, sys
from pathlib import Path
import numpy as np
from mcts_codegen.learn.verifier import auc, feature_table, label_of, normalise, candidate_rows, train_verifier, visible_all, within_auc
sys.path.insert(0, str(Path(__file__).parent))  # the scripts beside this one
from verifier_cv import chosen, folds_of, fold_parser

OBJECTIVES = ('pooled', 'pairwise', 'random')  # `train_verifier(objective=)`, and every visible-passing candidate alike

def compare(rows:list[dict], k:int=5, seeds:int=6) -> dict:
    "Each objective's held-out `chosen` and within-problem AUC over `seeds` deals of `k` folds of the train problems."
    rows = [r for r in map(normalise, rows) if r.get('split') == 'train' and label_of(r) is not None]
    rs, X, names = feature_table(rows)  # features are computed among a problem's own candidates, so one table serves every fold
    pid, y, vis = np.array([str(r['problem_id']) for r in rs]), np.array([bool(label_of(r)) for r in rs]), visible_all(rs)
    out = {o: dict(chosen=[], within_auc=[], auc_visible_pass=[], l2=[]) for o in OBJECTIVES}
    for seed in range(seeds):
        folds = folds_of(sorted(set(pid)), k, seed)
        for o in OBJECTIVES:
            s = np.zeros(len(rs))
            for i in range(k):
                te, dv = np.isin(pid, list(folds[i])), np.isin(pid, list(folds[(i + 1) % k]))
                I, D, T = np.where(~te & ~dv)[0], np.where(dv)[0], np.where(te)[0]
                if o == 'random': continue
                tb = {sp: ([rs[j] for j in J], X[J], names) for sp, J in (('train', I), ('dev', D))}
                v = train_verifier(rows, tables=tb, objective=o)  # its penalty chosen on fold i+1, as on dev
                s[T] = v.prob(X[T]); out[o]['l2'].append(v.meta['l2'])
            out[o]['chosen'].append(chosen(pid, y, s, vis))
            out[o]['within_auc'].append(round(within_auc(pid, y, s, vis), 4))
            out[o]['auc_visible_pass'].append(round(auc(y[vis], s[vis]), 4))
    mixed = len({p for p in set(pid[vis]) if len(set(y[vis & (pid == p)])) == 2})
    mean = lambda v: round(float(np.mean(v)), 4)
    return dict(folds=k, seeds=seeds, problems=len(set(pid)), candidates=len(rs), visible_pass=int(vis.sum()),
                oracle=len(set(pid[vis & y])), mixed_problems=mixed,
                objectives={o: dict(chosen_mean=round(float(np.mean(v['chosen'])), 2), within_auc_mean=mean(v['within_auc']), auc_visible_pass_mean=mean(v['auc_visible_pass']),
                                    chosen=v['chosen'], within_auc=v['within_auc'], auc_visible_pass=v['auc_visible_pass'], l2_counts={str(l): v['l2'].count(l) for l in sorted(set(v['l2']))})
                            for o, v in out.items()})

if __name__ == '__main__':
    a = fold_parser(__doc__).parse_args()
    res = compare(candidate_rows(a.data), a.folds, a.seeds)
    print(f"{res['problems']} train problems, {res['candidates']} candidates, {res['visible_pass']} visible-passing; oracle {res['oracle']}, {res['mixed_problems']} problems with a right and a wrong visible-passing candidate")
    for o, v in res['objectives'].items(): print(f"{o:9s} chosen {v['chosen_mean']:6.2f}  within-problem AUC {v['within_auc_mean']:.4f}  AUC among visible-passing {v['auc_visible_pass_mean']:.4f}  penalties {v['l2_counts']}")
    if a.out: Path(a.out).write_text(json.dumps(res, indent=1) + '\n'); print('wrote', a.out)
