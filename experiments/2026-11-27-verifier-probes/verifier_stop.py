"""A learned stop rule, replayed on collected candidates: each problem's first ten draws in the order they were made (the
greedy answer first), as a search that draws until it stops would see them. Three rules, each submitting one program:

- `first`: stop at the first draw that passes every visible test and submit it (the stop rule of today's searches);
- `budget`: spend all ten draws and submit the visible-passing draw the pairwise verifier ranks first;
- `learned`: stop at the first visible-passing draw the stop verifier trusts (its score at or above its own dev
  threshold) and submit it; if none is trusted, spend the budget and submit as `budget` does.

Without a visible-passing draw a rule submits the draw with the highest visible pass fraction (the first on ties). Scores
are taken with each candidate beside all ten of its problem's draws (a search would see only those drawn so far). The
stop verifier should be one trained with `--drop agreement`: a search asks the model for no inputs of its own, so the
agreement features of collected candidates would be missing there. Dev and test rows are labelled in memory from the
corpus (`collector.label_rows`) and the labels only score the rules.

    mcts-codegen verifier train --data data/candidates/MODEL --problems data/corpus/corpus.jsonl --drop agreement --out results/verifier/MODEL/noagree
    python experiments/2026-11-27-verifier-probes/verifier_stop.py --model MODEL --stop results/verifier/MODEL/noagree --choose results/verifier/MODEL/pairwise

writes results/verifier/MODEL/stop_replay.json (or --out).
"""
from __future__ import annotations
import argparse, json
from pathlib import Path
import numpy as np
from mcts_codegen.learn.collector import label_rows
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.bench.stats import mcnemar
from mcts_codegen.learn.verifier import by_problem, label_of, load_verifier, candidate_rows, visible_all

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT/'data/corpus/corpus.jsonl'
RULES = ('first', 'budget', 'learned')
PAIRS = (('learned', 'first'), ('learned', 'budget'), ('budget', 'first'))  # won and lost are the first rule's

def fallback(draws:list[dict]) -> dict:
    "The draw with the highest visible pass fraction, the first on ties."
    return max(draws, key=lambda r: (r.get('visible_pass') or 0, -r['index']))

def replay(draws:list[dict], stop:np.ndarray, rank:np.ndarray, threshold:float) -> dict:
    "Each rule's submitted draw and draws spent, for one problem's draws (in order) with their stop and rank scores, and whether a draw was trusted."
    vis = visible_all(draws)
    def best(n):  # at the end of `n` draws: the visible-passing draw ranked first, else the fallback
        idx = [i for i in range(n) if vis[i]]
        return (draws[max(idx, key=lambda i: (rank[i], -i))] if idx else fallback(draws[:n]), n)
    first = next(((draws[i], i + 1) for i in range(len(draws)) if vis[i]), None) or (fallback(draws), len(draws))
    trusted = next((i for i in range(len(draws)) if vis[i] and stop[i] >= threshold), None)
    learned = (draws[trusted], trusted + 1) if trusted is not None else best(len(draws))
    return dict(first=first, budget=best(len(draws)), learned=learned), trusted is not None

def split_figures(rows:list[dict], stop, choose, budget:int=10) -> dict:
    "Each rule's problems solved and mean draws on one split, with paired counts and exact McNemar p against the others."
    out, got, trusted = {}, {k: [] for k in RULES}, 0
    grouped = by_problem(rows)
    for pid, grp in grouped.items():
        draws = sorted(grp, key=lambda r: r['index'])[:budget]
        rs, s = stop.score_rows(draws); _, c = choose.score_rows(draws)
        assert [r['index'] for r in rs] == [r['index'] for r in draws]
        sub, t = replay(draws, s, c, stop.threshold)
        trusted += t
        for k, (r, n) in sub.items(): got[k].append((bool(label_of(r)), n))
    for k in RULES:
        out[k] = dict(solved=sum(y for y, _ in got[k]), draws=round(float(np.mean([n for _, n in got[k]])), 2))
    for a, b in PAIRS:
        ya, yb = [y for y, _ in got[a]], [y for y, _ in got[b]]
        out[f'{a}_vs_{b}'] = dict(won=sum(x and not z for x, z in zip(ya, yb)), lost=sum(z and not x for x, z in zip(ya, yb)), p=round(mcnemar(ya, yb), 4))
    vis = visible_all(rows)
    return out | dict(problems=len(grouped), trusted=trusted,  # trusted: problems where the learned rule stopped at a trusted draw
                      oracle=len({r['problem_id'] for r, v in zip(rows, vis) if v and label_of(r) and r['index'] < budget}))

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--model', required=True)
    ap.add_argument('--stop', required=True, help='folder of the verifier whose dev threshold stops the search (a pooled one)')
    ap.add_argument('--choose', required=True, help='folder of the verifier that chooses at the budget (the pairwise one)')
    ap.add_argument('--splits', default='dev,test')
    ap.add_argument('--budget', type=int, default=10)
    ap.add_argument('--out', help='file written (default results/verifier/MODEL/stop_replay.json)')
    a = ap.parse_args()
    stop, choose = load_verifier(a.stop), load_verifier(a.choose)
    splits = a.splits.split(',')
    raw = [r for r in candidate_rows(ROOT/'data/candidates'/a.model, raw=True) if r.get('split') in splits]
    with Executor() as ex: rows = [r for r in label_rows(raw, CORPUS, splits, ex) if label_of(r) is not None]
    res = dict(model=a.model, budget=a.budget, stop=dict(path=a.stop, threshold=round(stop.threshold, 4), meta=stop.meta),
               choose=dict(path=a.choose, meta=choose.meta), engines=sorted({r.get('engine_version') for r in raw}))
    for sp in splits:
        f = res[sp] = split_figures([r for r in rows if r.get('split') == sp], stop, choose, a.budget)
        print(f"{sp}: {f['problems']} problems, oracle {f['oracle']}; " + ', '.join(f"{k} {f[k]['solved']} at {f[k]['draws']} draws" for k in RULES)
              + '; ' + ', '.join(f"{k}: {v['won']}/{v['lost']} p={v['p']}" for k, v in f.items() if '_vs_' in k))
    out = (Path(a.out) if a.out else ROOT/'results/verifier'/a.model/'stop_replay.json').resolve()
    out.write_text(json.dumps(res, indent=1) + '\n')
    print('wrote', out)

if __name__ == '__main__': main()
