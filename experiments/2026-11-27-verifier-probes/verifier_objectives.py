"""The pooled and the pairwise verifier side by side on dev (where the objective is chosen) and test (reported once): AUC over
all candidates and among visible-passing ones, the within-problem AUC (`verifier.within_auc`), fooled caught at each verifier's
own dev threshold, and `chosen`: problems solved in expectation when each problem submits the visible-passing candidate the
verifier trusts most (ties split), beside random choice and the oracle (problems with a right visible-passing candidate).
Dev and test rows are labelled in memory from the corpus (`collector.label_rows`), as `verifier eval` does.

    mcts-codegen verifier train --data data/candidates/MODEL --problems data/corpus/corpus.jsonl --out runs/verifier/MODEL
    mcts-codegen verifier train --data data/candidates/MODEL --problems data/corpus/corpus.jsonl --out runs/verifier/MODEL-pairwise --objective pairwise
    python experiments/2026-11-27-verifier-probes/verifier_objectives.py --model MODEL [--pooled runs/verifier/MODEL] [--pairwise runs/verifier/MODEL-pairwise] [--out FILE]

writes results/verifier/MODEL/objectives.json (or --out). Verifiers trained with `--lend` (another model's train rows in
the fit) are scored on MODEL's own candidates, like any other.
"""
from __future__ import annotations
import argparse, json, sys
from pathlib import Path
import numpy as np
from mcts_codegen.learn.collector import label_rows
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.learn.verifier import auc, by_problem, fooled_caught, label_of, load_verifier, candidate_rows, visible_all, within_auc
sys.path.insert(0, str(Path(__file__).parent))  # the scripts beside this one
from verifier_cv import chosen

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT/'data/corpus/corpus.jsonl'

def r4(x): return None if x is None else round(float(x), 4)

def split_figures(rows:list[dict], verifiers:dict) -> dict:
    "Every verifier's figures on `rows` (one split), with random choice and the oracle."
    rows = [r for grp in by_problem(rows).values() for r in grp]  # the order `score_rows` gives its scores in
    y, vis, pid = np.array([label_of(r) for r in rows], bool), visible_all(rows), [r['problem_id'] for r in rows]
    out = dict(candidates=len(rows), problems=len(set(pid)), visible_pass=int(vis.sum()), fooled=int((vis & ~y).sum()),
               oracle=len({p for p, v, l in zip(pid, vis, y) if v and l}), random_chosen=chosen(pid, y, np.zeros(len(rows)), vis))
    for name, v in verifiers.items():
        rs, s = v.score_rows(rows)  # each candidate beside its problem's others
        assert [r['problem_id'] for r in rs] == pid
        out[name] = dict(auc_all=r4(auc(y, s)), auc_visible_pass=r4(auc(y[vis], s[vis])), within_auc=r4(within_auc(pid, y, s, vis)),
                         fooled_caught_at_dev=r4(fooled_caught(y, s, vis, threshold=v.threshold)), chosen=chosen(pid, y, s, vis), meta=v.meta)
    return out

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--model', required=True)
    ap.add_argument('--pooled', help='folder of the pooled verifier (default runs/verifier/MODEL)')
    ap.add_argument('--pairwise', help='folder of the pairwise verifier (default runs/verifier/MODEL-pairwise)')
    ap.add_argument('--splits', default='dev,test')
    ap.add_argument('--out', help='file written (default results/verifier/MODEL/objectives.json)')
    a = ap.parse_args()
    vs = dict(pooled=load_verifier(a.pooled or ROOT/'runs/verifier'/a.model), pairwise=load_verifier(a.pairwise or ROOT/'runs/verifier'/f'{a.model}-pairwise'))
    for n, v in vs.items():
        if v.meta.get('objective', 'pooled') != n: sys.exit(f"--{n}: that verifier was trained with objective {v.meta.get('objective', 'pooled')!r}")
    splits = a.splits.split(',')
    raw = [r for r in candidate_rows(ROOT/'data/candidates'/a.model, raw=True) if r.get('split') in splits]
    with Executor() as ex: rows = [r for r in label_rows(raw, CORPUS, splits, ex) if label_of(r) is not None]
    res = dict(model=a.model, engines=sorted({r.get('engine_version') for r in raw}))
    for sp in splits:
        res[sp] = split_figures([r for r in rows if r.get('split') == sp], vs)
        f = res[sp]
        print(f"{sp}: {f['problems']} problems, {f['visible_pass']} visible-passing, oracle {f['oracle']}, random choice {f['random_chosen']}")
        for n in vs: print(f"  {n:8s} chosen {f[n]['chosen']:6.2f}  within-problem AUC {f[n]['within_auc']}  AUC visible-passing {f[n]['auc_visible_pass']}  all {f[n]['auc_all']}  fooled caught at dev {f[n]['fooled_caught_at_dev']}")
    out = (Path(a.out) if a.out else ROOT/'results/verifier'/a.model/'objectives.json').resolve()
    out.parent.mkdir(parents=True, exist_ok=True); out.write_text(json.dumps(res, indent=1) + '\n'); print('wrote', out)

if __name__ == '__main__': main()
