"""An early read of the verifier on train problems only, before the dev and test candidates exist: K folds by problem
over the labelled train rows (fold k is scored, fold k+1 chooses the penalty and threshold, the rest fit), every
scorer's held-out scores pooled over the folds. Train labels are allowed for tuning; this reports nothing on dev or test.

    python experiments/2026-11-27-verifier-probes/verifier_cv.py --data data/candidates/qwen2.5-coder-1.5b [--folds 5] [--visible-only] [--hidden] [--out results/verifier/qwen2.5-coder-1.5b/train_cv.json]

With --hidden, --data is a file written by `mcts-codegen verifier embed` (the rows with the code model's hidden state), and the
table gains the verifier less the hidden state and the hidden state alone; --centre subtracts from each embedding the mean of its
problem's embedded candidates (no label read), so that what is left is how a program differs from its siblings.

Prints one line per scorer (the baselines, the verifier, the verifier less each feature group): AUC over all candidates,
AUC among the candidates that pass every visible test, and the share of visible-passing wrong programs caught at the
threshold that keeps 95% of the visible-passing right ones (fixed on each fold's chooser, pooled), and `chosen`: the problems solved
in expectation when each problem submits its visible-passing candidate that the scorer ranks highest (ties split), out of
`oracle`, the problems with a right visible-passing candidate.
"""
from __future__ import annotations
import argparse, json, random
from pathlib import Path
import numpy as np
from mcts_codegen.learn.verifier import BASELINES, GROUPS, label_of, metrics, normalise, candidate_rows, split_tables, train_verifier, visible_all

def fold_parser(doc:str) -> argparse.ArgumentParser:
    "The arguments of a script that compares rules over seeded folds of a collect folder's labelled train rows."
    ap = argparse.ArgumentParser(description=doc.split('\n\n')[0])
    ap.add_argument('--data', required=True, help="a collect folder (its labelled train rows are used)")
    ap.add_argument('--folds', type=int, default=5)
    ap.add_argument('--seeds', type=int, default=6)
    ap.add_argument('--out', help="JSON file to write")
    return ap

def folds_of(pids:list[str], k:int, seed:int=0) -> list[set[str]]:
    "The problems dealt into `k` folds after a seeded shuffle."
    p = sorted(pids); random.Random(seed).shuffle(p)
    return [set(p[i::k]) for i in range(k)]

def fold_splits(rows:list[dict], test:set[str], dev:set[str]) -> list[dict]:
    "`rows` relabelled for one fold: problems in `test` are scored, those in `dev` choose, the rest fit."
    return [dict(r, split='test' if r['problem_id'] in test else 'dev' if r['problem_id'] in dev else 'train') for r in rows]

def cross_validate(rows:list[dict], k:int=5, seed:int=0, visible_only:bool=False, hidden:bool=False, centre:bool=False) -> dict:
    "Pooled held-out scores of each scorer over `k` folds of the train problems (`visible_only`: fit and score only candidates passing every visible test, their features still computed among all candidates of their problem)."
    rows = [r for r in map(normalise, rows) if r.get('split') == 'train' and label_of(r) is not None]
    pids = sorted({str(r['problem_id']) for r, v in zip(rows, visible_all(rows)) if v or not visible_only})
    rows = [r for r in rows if str(r['problem_id']) in pids]
    if hidden:
        dim = len(next((r['embedding'] for r in rows if r.get('embedding') is not None), []))
        if not dim: raise ValueError("no row has an embedding: write them with `mcts-codegen verifier embed --data ... --out FILE`, then give --data FILE")
        embedded = [r.get('embedding') is not None for r in rows]  # the mask of rows with a hidden state of their own
        for r, v, e in zip(rows, visible_all(rows), embedded):
            if not e:
                if v or not visible_only: raise ValueError(f"{r['problem_id']}: a row without an embedding; embed every row (without --visible-only), or score with --visible-only")
                r['embedding'] = [0.0] * dim  # never read: rows failing a visible test are cut before fitting and scoring
        if centre:
            by = {}
            for r, e in zip(rows, embedded):
                if e: by.setdefault(r['problem_id'], []).append(r)
            for rs in by.values():
                m = np.mean([r['embedding'] for r in rs], axis=0)
                for r in rs: r['embedding'] = list(np.asarray(r['embedding']) - m)
    if len(pids) < k + 2: raise ValueError(f"{len(pids)} labelled train problems: {k} folds need at least {k + 2}")
    fs, pooled = folds_of(pids, k, seed), {}
    for i, test in enumerate(fs):
        dev = fs[(i + 1) % k]
        part = fold_splits(rows, test, dev)
        tb = split_tables(part, hidden)
        if visible_only: tb = {sp: (lambda m: ([r for r, v in zip(rs_, m) if v], X_[m], n_))(visible_all(rs_)) for sp, (rs_, X_, n_) in tb.items()}
        rs, X, names = tb['test']
        y, vis = np.array([label_of(r) for r in rs], bool), visible_all(rs)
        scores = {name: X[:, names.index(col)] for name, col in BASELINES.items()}
        drops = [[], *([g] for g in GROUPS)] + ([['hidden'], list(GROUPS)] if hidden else [])
        for drop in drops:
            v = train_verifier(part, drop=drop, tables=tb, hidden=hidden)
            name = 'verifier' if not drop else 'hidden state alone' if len(drop) > 1 else f'verifier - {drop[0]}'
            scores[name] = (v.prob(X[:, [names.index(n) for n in v.names]]), v.threshold)
        for name, s in scores.items():
            s, thr = s if isinstance(s, tuple) else (s, None)
            p = pooled.setdefault(name, dict(y=[], s=[], vis=[], caught=[], pid=[]))
            p['y'] += list(y); p['s'] += list(s); p['vis'] += list(vis); p['pid'] += [str(r['problem_id']) for r in rs]
            if thr is not None: p['caught'] += list(s[vis & ~y] < thr)
    y, vis = np.array(pooled['verifier']['y']), np.array(pooled['verifier']['vis'])
    table = []
    for name, p in pooled.items():
        m = metrics(p['y'], p['s'], p['vis'])  # AUCs of pooled scores; fooled_caught at the pooled 95% threshold
        if p['caught']: m['fooled_caught_at_dev'] = round(float(np.mean(p['caught'])), 4)
        table.append(dict(scorer=name) | m | dict(chosen=chosen(p['pid'], p['y'], p['s'], p['vis'])))
    ids = pooled['verifier']['pid']
    return dict(folds=k, seed=seed, visible_only=visible_only, **({'hidden': True, 'centre': centre} if hidden else {}), problems=len(pids), oracle=len({i for i, a, b in zip(ids, y, vis) if a and b}), candidates=len(y), visible_pass=int(vis.sum()), visible_pass_right=int((vis & y).sum()),
                fooled=int((vis & ~y).sum()), problems_with_a_right_candidate=len({str(r['problem_id']) for r in rows if label_of(r)}), table=table)

def top_share(labels:list, weights:list, key) -> float:
    "Right share of the weight on the items `key` ranks first (ties split): the chance that a choice by `key` is right."
    best = max(key(i) for i in range(len(labels)))
    top = [i for i in range(len(labels)) if key(i) == best]
    return sum(labels[i] * weights[i] for i in top) / sum(weights[i] for i in top)

def chosen(pids, y, s, vis) -> float:
    "Problems solved in expectation when each problem submits its visible-passing candidate that scores highest (ties split; a row is a draw)."
    by = {}
    for i, yy, ss, v in zip(pids, y, s, vis):
        if v: by.setdefault(i, []).append((float(ss), bool(yy)))
    return round(sum(top_share([yy for _, yy in rs], [1] * len(rs), lambda j, rs=rs: rs[j][0]) for rs in by.values()), 2)

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--data', required=True, help='a collect folder (or JSONL file) of labelled train rows')
    ap.add_argument('--folds', type=int, default=5)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--visible-only', action='store_true', help='fit and score only the candidates that pass every visible test (where choosing happens)')
    ap.add_argument('--hidden', action='store_true', help="also the code model's hidden state (--data: a `verifier embed` file)")
    ap.add_argument('--centre', action='store_true', help="with --hidden: each embedding less its problem's mean")
    ap.add_argument('--out', default=None)
    a = ap.parse_args()
    r = cross_validate(candidate_rows([a.data]), a.folds, a.seed, a.visible_only, a.hidden, a.centre)
    print(f"{r['problems']} train problems, {r['candidates']} candidates, {r['visible_pass']} pass every visible test "
          f"({r['visible_pass_right']} right, {r['fooled']} fooled); {r['folds']} folds by problem, scores pooled")
    for t in r['table']:
        print(f"  {t['scorer']:<28} AUC all {t['auc_all']}  AUC visible-pass {t['auc_visible_pass']}  fooled caught {t['fooled_caught'] if t.get('fooled_caught_at_dev') is None else t['fooled_caught_at_dev']}  chosen {t['chosen']} of {r['oracle']}")
    if a.out: Path(a.out).parent.mkdir(parents=True, exist_ok=True); Path(a.out).write_text(json.dumps(r, indent=1))

if __name__ == '__main__': main()
