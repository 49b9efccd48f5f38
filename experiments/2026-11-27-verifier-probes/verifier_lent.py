"""A model's verifiers fitted on its own labelled train candidates plus another model's (`verifier train --lend`), every
figure from one in-memory labelling of the dev and test candidates (the CLI commands below label them once per command).
Each lent candidate keeps its own problem group (`verifier.lend`), so its features are computed among its own model's
siblings; the penalty and threshold are chosen on MODEL's own dev candidates, and MODEL's candidates are what is scored.

    python experiments/2026-11-27-verifier-probes/verifier_lent.py --model MODEL --lend OTHER [--splits dev]      # dev first: which fit does MODEL keep?
    python experiments/2026-11-27-verifier-probes/verifier_lent.py --model MODEL --lend OTHER --splits dev,test   # then test, reported once

It does what these commands do (same functions, same figures), in one process:

    mcts-codegen verifier train --data data/candidates/MODEL --problems data/corpus/corpus.jsonl --lend data/candidates/OTHER --out runs/verifier/MODEL+lent [--objective pairwise --out runs/verifier/MODEL+lent-pairwise]
    python experiments/2026-11-27-verifier-probes/verifier_objectives.py --model MODEL --pooled runs/verifier/MODEL+lent --pairwise runs/verifier/MODEL+lent-pairwise --out results/verifier/MODEL+lent/objectives.json
    mcts-codegen verifier eval --data data/candidates/MODEL --problems data/corpus/corpus.jsonl --lend data/candidates/OTHER --model runs/verifier/MODEL+lent --name MODEL+lent --split SPLIT --ablation
    mcts-codegen verifier train ... --lend data/candidates/OTHER --drop agreement [--objective pairwise] --out results/verifier/MODEL+lent/noagree (pairwise)
    python experiments/2026-11-27-verifier-probes/verifier_stop.py --model MODEL --stop results/verifier/MODEL+lent/noagree --choose results/verifier/MODEL+lent/pairwise --out results/verifier/MODEL+lent/stop_replay.json

Writes results/verifier/MODEL+lent/{objectives.json, dev_eval.json, eval.json (with test), stop_replay.json, noagree/,
pairwise/} and runs/verifier/MODEL+lent[-pairwise]/. The hidden verdicts of dev and test problems are read only to score.
"""
from __future__ import annotations
import argparse, json, sys, time
from pathlib import Path
from mcts_codegen.learn.collector import label_rows
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.learn.verifier import ablation, evaluate, label_of, lend, candidate_rows, save_verifier, train_verifier, write_eval
sys.path.insert(0, str(Path(__file__).parent))  # the scripts beside this one
import verifier_objectives, verifier_stop

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT/'data/corpus/corpus.jsonl'
TAG = '+lent'

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--model', required=True)
    ap.add_argument('--lend', required=True, help="the other model, whose labelled train candidates join the fit")
    ap.add_argument('--splits', default='dev', help="dev (choose), or dev,test (report)")
    a = ap.parse_args()
    splits, t0 = a.splits.split(','), time.time()
    raw = candidate_rows(ROOT/'data/candidates'/a.model, raw=True)
    with Executor() as ex: rows = label_rows(raw, CORPUS, splits, ex)
    print(f"labelled {', '.join(splits)} in memory ({time.time() - t0:.0f} s)", flush=True)
    rows = lend(rows, candidate_rows(ROOT/'data/candidates'/a.lend))
    res, runs = ROOT/'results/verifier'/(a.model + TAG), ROOT/'runs/verifier'
    vs = dict(pooled=train_verifier(rows), pairwise=train_verifier(rows, objective='pairwise'))
    save_verifier(vs['pooled'], runs/(a.model + TAG)); save_verifier(vs['pairwise'], runs/f'{a.model}{TAG}-pairwise')
    search = dict(stop=train_verifier(rows, drop=['agreement']), choose=train_verifier(rows, drop=['agreement'], objective='pairwise'))
    paths = dict(stop=res/'noagree', choose=res/'pairwise')
    for k, v in search.items(): save_verifier(v, paths[k])
    own = [r for r in rows if r.get('split') in splits and label_of(r) is not None]  # lent rows are all of the train split
    engines = sorted({r.get('engine_version') for r in raw if r.get('split') in splits})
    obj, stop = dict(model=a.model, lend=a.lend, engines=engines), dict(model=a.model, lend=a.lend, budget=10, engines=engines,
        stop=dict(path=str(paths['stop'].relative_to(ROOT)), threshold=round(search['stop'].threshold, 4), meta=search['stop'].meta),
        choose=dict(path=str(paths['choose'].relative_to(ROOT)), meta=search['choose'].meta))
    for sp in splits:
        part = [r for r in own if r['split'] == sp]
        f = obj[sp] = verifier_objectives.split_figures(part, vs)
        print(f"{sp}: {f['problems']} problems, {f['visible_pass']} visible-passing, oracle {f['oracle']}, random {f['random_chosen']}; "
              + '; '.join(f"{n} chosen {f[n]['chosen']} within {f[n]['within_auc']} AUC vis {f[n]['auc_visible_pass']} all {f[n]['auc_all']}" for n in vs), flush=True)
        x = stop[sp] = verifier_stop.split_figures(part, search['stop'], search['choose'])
        print(f"  stop replay: " + ', '.join(f"{k} {x[k]['solved']} at {x[k]['draws']}" for k in verifier_stop.RULES), flush=True)
        d = evaluate(vs['pooled'], rows, sp)
        d['ablation'] = ablation(rows, sp)
        print(f"  eval: AUC {d['auc_all']}, visible pass {d['auc_visible_pass']}, fooled caught {d['fooled_caught']} (dev threshold {d['fooled_caught_at_dev']}); wrote {write_eval(d, a.model + TAG, ROOT/'results/verifier')}", flush=True)
    for name, d in (('objectives.json', obj), ('stop_replay.json', stop)):
        (res/name).write_text(json.dumps(d, indent=1) + '\n')
    print(f"wrote {res.relative_to(ROOT)} in {time.time() - t0:.0f} s")

if __name__ == '__main__': main()
