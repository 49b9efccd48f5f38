"""Judge-free scorers on the committed candidate pools (issue 81 item 2), beside the learned verifier, for one or both models.

    python experiments/2026-12-07-judge-free-scorers/eval.py [MODEL ...]   (default: both embedded models)

Train fits (the verifier, the combination), dev chooses (the verifier's penalty, every threshold, the scorer 'chosen on dev'),
test reports. Per scorer and split: AUC among visible-passing candidates (pooled over problems, and within problems),
expected problems solved by submitting the scorer's first choice among the visible-passing candidates (ties split evenly),
and the share of fooled programs (visible-passing, wrong) caught at the threshold that keeps 95% of dev's right ones.
Writes rows.jsonl (one row per model, scorer and split) and table.md beside this file."""
from __future__ import annotations
import json, sys
from collections import defaultdict
from pathlib import Path
import numpy as np
from mcts_codegen.learn.verifier import (train_verifier, visible_all, label_of, auc, within_auc, keep_threshold, fooled_caught,
                                   fit_logistic, by_problem)
from mcts_codegen.learn.scorers import cluster_scores, overlap_scores, same_errors
from mcts_codegen.core.select import plurality
sys.path.insert(0, str(Path(__file__).parent))
from pools import pools
from corners import corner_sigs

HERE = Path(__file__).parent
SCORES = Path('/tmp/i81/scores.jsonl')  # every candidate's scores (labels of dev and test inside: kept out of the repository)
MODELS = ['qwen2.5-coder-1.5b', 'qwen2.5-coder-0.5b']

def model_sig(r): o = r.get('outputs'); return tuple(map(str, o)) if isinstance(o, list) and o else None

def group_scores(rows, vis, sig, fn):
    "Score each visible-passing row by `fn` over its problem's visible-passing rows' behaviours (`sig`); others get -1."
    s, idx = np.full(len(rows), -1.0), defaultdict(list)
    for i, (r, v) in enumerate(zip(rows, vis)):
        if v: idx[r['problem_id']].append(i)
    for ix in idx.values():
        for i, x in zip(ix, fn([sig(rows[i]) for i in ix])): s[i] = x
    return s

def per_problem(rows, y, vis, s) -> dict[str,float]:
    "Each problem's chance of a right submission when it submits its top-scored visible-passing candidate (ties: the mean over the tied)."
    out, idx = {}, defaultdict(list)
    for i, (r, v) in enumerate(zip(rows, vis)):
        if v: idx[r['problem_id']].append(i)
    for p, ix in idx.items():
        top = max(s[i] for i in ix)
        out[p] = float(np.mean([y[i] for i in ix if s[i] >= top - 1e-12]))
    return out

def expected_solved(rows, y, vis, s) -> float: return sum(per_problem(rows, y, vis, s).values())

def table(model:str) -> list[dict]:
    rows = pools(model)
    rows = [r for r in rows if label_of(r) is not None]
    v = train_verifier(rows)
    rows, pv = v.score_rows(rows)  # grouped by problem
    y, vis = np.array([label_of(r) for r in rows], bool), visible_all(rows)
    split = np.array([r['split'] for r in rows])
    cs, cs2 = corner_sigs(rows, model), corner_sigs(rows, model, mutate=True)
    corner = lambda r: same_errors(cs.get((r['problem_id'], r['code'])))  # every exception alike, as ClustersVerifier counts them
    raw = lambda r: cs.get((r['problem_id'], r['code']))
    corner2 = lambda r: same_errors(cs2.get((r['problem_id'], r['code'])))  # corner inputs and mutated example arguments
    both = lambda r: (model_sig(r) or ()) + (corner(r) or ()) if (model_sig(r) or corner(r)) else None
    order = np.array([-float(r['index']) for r in rows])  # the earliest drawn first: the greedy answer, then the samples
    S = {'verifier': pv, 'random': np.zeros(len(rows)), 'first_drawn': order}
    S['corner_raw_size'] = group_scores(rows, vis, raw, cluster_scores)  # exceptions told apart by type
    for name, sig in (('model', model_sig), ('corner', corner), ('corner2', corner2), ('both', both)):
        S[f'{name}_size'] = group_scores(rows, vis, sig, cluster_scores)
        S[f'{name}_overlap'] = group_scores(rows, vis, sig, overlap_scores)
        S[f'{name}_votes'] = group_scores(rows, vis, sig, plurality)  # the votes arm's rule (select.plurality), on these inputs
    # the combination: a logistic model over the verifier's logit and the cluster scores, fitted on train's visible-passing rows
    names = ['verifier', 'both_size', 'both_overlap', 'model_size', 'corner_size', 'corner_overlap', 'corner2_size', 'corner2_overlap']
    X = np.column_stack([np.log(np.clip(S['verifier'], 1e-6, 1 - 1e-6) / (1 - np.clip(S['verifier'], 1e-6, 1 - 1e-6)))] + [S[n] for n in names[1:]])
    tr = (split == 'train') & vis
    mu, sd = X[tr].mean(0), X[tr].std(0) + 1e-9
    best = None
    for l2 in (0.1, 1.0, 10.0, 100.0):
        w, b = fit_logistic((X[tr] - mu) / sd, y[tr].astype(float), l2)
        sc = (X - mu) / sd @ w + b
        d = (split == 'dev') & vis
        a = within_auc([r['problem_id'] for r in np.array(rows)[d]], y[d], sc[d], vis[d]) or 0
        if best is None or a > best[0]: best = (a, l2, sc, w)
    S['combination'] = best[2]
    for n in ('model_size', 'corner_size', 'corner_overlap', 'both_overlap'):  # the cluster score first, the verifier breaking its ties
        S[f'{n}+verifier'] = S[n] + 1e-3 * S['verifier']
    for n in ('corner_size', 'corner2_size'):  # the cluster score first, the earliest drawn breaking its ties (`ClustersVerifier(tie='order')`)
        S[f'{n}+order'] = S[n] + 1e-4 * (order - order.min()) / 100
    out = []
    for name, s in S.items():
        thr = keep_threshold(s[(split == 'dev') & vis & y])
        for sp in ('dev', 'test'):
            m = split == sp
            rs, ym, vm, sm = [r for r, k in zip(rows, m) if k], y[m], vis[m], s[m]
            pid = [r['problem_id'] for r in rs]
            mixed = len({p for p in pid if any(a and b for q, a, b in zip(pid, ym, vm) if q == p) and any(b and not a for q, a, b in zip(pid, ym, vm) if q == p)})
            mine, base = per_problem(rs, ym, vm, sm), per_problem(rs, ym, vm, S['verifier'][m])
            won, lost = sum(mine[p] > base[p] + 1e-9 for p in mine), sum(mine[p] < base[p] - 1e-9 for p in mine)
            out.append(dict(model=model, scorer=name, split=sp, mixed=mixed, vs_verifier=dict(better=won, worse=lost), problems=len(set(pid)), visible_pass=int(vm.sum()), fooled=int((vm & ~ym).sum()),
                            auc_visible_pass=_r(auc(ym[vm], sm[vm])), within_auc=_r(within_auc(pid, ym, sm, vm)),
                            solved=round(expected_solved(rs, ym, vm, sm), 2), oracle=len({p for p, a, b in zip(pid, ym, vm) if a and b}),
                            fooled_caught=_r(fooled_caught(ym, sm, vm, threshold=thr)), threshold=_r(thr),
                            **(dict(l2=best[1], weights=dict(zip(names, map(_r, best[3])))) if name == 'combination' else {})))
    with SCORES.open('a') as f:  # every candidate's scores, for the reviewer's subset (reviewer_eval.py); not committed
        for i, r in enumerate(rows):
            f.write(json.dumps(dict(model=model, split=r['split'], problem_id=r['problem_id'], code=r['code'], label=bool(y[i]), visible_pass=bool(vis[i]),
                                    logprob_mean=r.get('logprob_mean'), scores={k: float(v[i]) for k, v in S.items()})) + '\n')
    # the scorer chosen on dev: most expected solved there, then within-problem AUC
    dev = [o for o in out if o['split'] == 'dev' and o['scorer'] not in ('random',)]
    pick = max(dev, key=lambda o: (o['solved'], o['within_auc'] or 0))['scorer']
    for o in out: o['chosen_on_dev'] = o['scorer'] == pick
    return out

def _r(x): return None if x is None else round(float(x), 4)

def markdown(rows:list[dict]) -> str:
    lines = ['| model | scorer | AUC vis-pass (test) | within-problem AUC (test) | expected solved (test) | problems better / worse than the verifier (test) | fooled caught at 95% kept (test) | dev: solved / within AUC |',
             '|---|---|---|---|---|---|---|---|']
    by = {(o['model'], o['scorer'], o['split']): o for o in rows}
    for (m, s, sp), o in by.items():
        if sp != 'test': continue
        d = by[m, s, 'dev']
        lines.append(f"| {m} | {s}{' (chosen on dev)' if o['chosen_on_dev'] else ''} | {o['auc_visible_pass']} | {o['within_auc']} | {o['solved']} of {o['oracle']} | "
                     f"{o['vs_verifier']['better']} / {o['vs_verifier']['worse']} | {o['fooled_caught']} of {o['fooled']} | {d['solved']} of {d['oracle']} / {d['within_auc']} |")
    mixed = {(o['model'], o['split']): o['mixed'] for o in rows}
    lines.append('')
    lines += [f"{m}, {sp}: {n} problems hold both a right and a wrong visible-passing candidate (where the choice matters)" for (m, sp), n in mixed.items()]
    return '\n'.join(lines) + '\n'

if __name__ == '__main__':
    SCORES.unlink(missing_ok=True)
    out = [o for m in (sys.argv[1:] or MODELS) for o in table(m)]
    (HERE/'rows.jsonl').write_text(''.join(json.dumps(o) + '\n' for o in out))
    (HERE/'table.md').write_text(markdown(out))
    print(markdown(out))
