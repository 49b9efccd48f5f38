"""Do the learned parts earn their place once they learn from the corpus? One table, on the corpus's test split.

    python bench/learners_corpus.py --model qwen2.5-coder-1.5b --nets runs/nets/qwen2.5-coder-1.5b \
        --verifier runs/verifier/qwen2.5-coder-1.5b [--reflector 60] [--out results/learners/qwen2.5-coder-1.5b.json]

- **Router.** Fitted on the committed baseline rows of the corpus's dev split (`results/corpus/MODEL/`: greedy, best-of-n,
  mcts-balanced; hidden verdicts as labels, as `router.fit` does on HumanEval 0-81) and replayed on the test split's rows,
  beside the shipped router (fitted on HumanEval) and the strategies it routes between. A replay is an estimate from
  committed rows (see `router.replay`); the rows' engine versions are reported.
- **Value networks at choosing.** Each scorer ranks the model's test candidates (greedy + fresh samples, `collect
  --split test`, labelled here in memory by the hidden tests, which only score): the value network shipped (distilled
  from HumanEval searches), the value network distilled from the corpus train split's searches (`mcts-codegen train
  --data data/candidates/MODEL/episodes`), the verifier (train split's labels), and the visible pass fraction.
  `auc_all`, `auc_visible_pass` (among candidates passing every visible test) and `chosen` (problems solved in
  expectation when each problem submits the visible-passing candidate the scorer ranks first, ties split).
- **The LLM reflector** (`agents.ReflectorAgent`, the model itself) grades a seeded sample of `--reflector` distinct
  visible-passing test candidates; every scorer's AUC on that sample sits beside it, with milliseconds per state.
"""
from __future__ import annotations
import argparse, json, random, statistics, time
from collections import Counter
from pathlib import Path
import numpy as np
from mcts_codegen.agents import ReflectorAgent
from mcts_codegen.collector import label_rows
from mcts_codegen.corpus import split_ids
from mcts_codegen.executor import Executor
from mcts_codegen.llm import get_client
from mcts_codegen.loaders import load_humaneval, problem_from_humaneval
from mcts_codegen.networks import NetValueModel
from mcts_codegen.router import default_controller, fit, replay
from mcts_codegen.utils import run_sync
from mcts_codegen.verifier import auc, label_of, load_verifier, read_candidates, visible_all
from verifier_cv import chosen

CORPUS = Path('data/corpus/corpus.jsonl')
SHIPPED_NET = Path('results/nets/qwen2.5-coder-0.5b/best.pt')
STRATEGIES = ('greedy', 'best-of-n', 'mcts-balanced', 'oracle')

def r4(x): return None if x is None or x != x else round(float(x), 4)

def router_rows(model:str) -> dict:
    "The corpus-fitted and the shipped router replayed on the test split, beside the strategies' own rows."
    folder = Path('results/corpus')/model
    test = {f'Corpus/{i}' for i in split_ids('test', data=CORPUS).split(',')}
    out = {}
    for s in STRATEGIES:
        rs = [r for r in map(json.loads, (folder/f'{s}.jsonl').read_text().splitlines()) if r['task_id'] in test]
        out[s] = dict(problems=len(rs), solved=sum(r['passed'] for r in rs), calls=round(sum(r['llm_calls'] for r in rs) / len(rs), 2),
                      engines=sorted(Counter(r.get('engine_version') for r in rs)))
    ctl = fit(folder, 'dev', data=CORPUS)
    for name, c in (('router, corpus dev rows', ctl), ('router, shipped (HumanEval 0-81)', default_controller())):
        rep = replay(c, folder, 'test', data=CORPUS)
        out[name] = dict(problems=len(rep), solved=sum(r['passed'] for r in rep), calls=round(sum(r['calls'] for r in rep) / len(rep), 2),
                         routes=dict(Counter('>'.join(r['route']) for r in rep).most_common()))
    base = out['mcts-balanced']['calls']
    for k in ('router, corpus dev rows', 'router, shipped (HumanEval 0-81)'): out[k]['fewer_calls_than_mcts_balanced'] = round(1 - out[k]['calls'] / base, 3)
    out['fitted_on'] = dict(dev_problems=sum(m['n'] for m in ctl.models.values()) // max(1, len(ctl.models)), models=sorted(ctl.models))
    return out

def scores_of(net:NetValueModel, rows:list[dict]) -> tuple[np.ndarray, float]:
    "Values of every row (batched per problem) and the median milliseconds of one state alone."
    s = np.zeros(len(rows))
    by = {}
    for i, r in enumerate(rows): by.setdefault(r['problem_id'], []).append(i)
    for idx in by.values(): s[idx] = net.values(rows[idx[0]]['prompt'], [rows[i]['code'] for i in idx])
    ts = []
    for r in rows[:40]:
        t0 = time.perf_counter(); net.value(r['prompt'], r['code']); ts.append(1000 * (time.perf_counter() - t0))
    return s, statistics.median(ts)

def figures(rows, y, vis, s) -> dict:
    return dict(auc_all=r4(auc(y, s)), auc_visible_pass=r4(auc(y[vis], s[vis])), chosen=chosen([r['problem_id'] for r in rows], y, s, vis))

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--model', required=True); ap.add_argument('--nets', required=True, help='the value network distilled from the corpus train split')
    ap.add_argument('--verifier', required=True); ap.add_argument('--reflector', type=int, default=60, help='visible-passing candidates the LLM grades (0: none)')
    ap.add_argument('--seed', type=int, default=0); ap.add_argument('--out')
    a = ap.parse_args()
    t0 = time.time()
    res = dict(settings=dict(model=a.model, nets=a.nets, verifier=a.verifier, shipped_net=str(SHIPPED_NET), reflector=a.reflector, seed=a.seed))
    res['router'] = router_rows(a.model)
    raw = [r for r in read_candidates(Path('data/candidates')/a.model, raw=True) if r.get('split') == 'test']
    with Executor() as ex: rows = [r for r in label_rows(raw, CORPUS, ('test',), ex) if label_of(r) is not None]
    y, vis = np.array([label_of(r) for r in rows], bool), visible_all(rows)
    res['candidates'] = dict(rows=len(rows), problems=len({r['problem_id'] for r in rows}), visible_pass=int(vis.sum()), right=int(y.sum()),
                             engines=sorted(Counter(r.get('engine_version') for r in raw)),
                             oracle=len({r['problem_id'] for r, v, l in zip(rows, vis, y) if v and l}))
    v = load_verifier(a.verifier)
    by = {}
    for i, r in enumerate(rows): by.setdefault(r['problem_id'], []).append(i)
    sc = dict(visible_fraction=np.array([r.get('visible_pass') or 0 for r in rows], float), verifier=np.zeros(len(rows)))
    for idx in by.values(): sc['verifier'][idx] = v.prob(v.matrix([rows[i] for i in idx]))  # each candidate beside its problem's others
    ms = {}
    for name, path in (('value net, HumanEval states (shipped)', SHIPPED_NET), ('value net, corpus train states', Path(a.nets))):
        sc[name], ms[name] = scores_of(NetValueModel(path), rows)
    res['scorers'] = {k: figures(rows, y, vis, s) | ({'ms_per_state': round(ms[k], 2)} if k in ms else {}) for k, s in sc.items()}
    res['scorers']['random visible-passing'] = dict(chosen=chosen([r['problem_id'] for r in rows], y, np.zeros(len(rows)), vis))
    if a.reflector:
        recs = {r['task_id']: r for r in load_humaneval(None, CORPUS)}
        seen, pool = set(), []
        for i, r in enumerate(rows):
            if vis[i] and (r['problem_id'], r['code']) not in seen: seen.add((r['problem_id'], r['code'])); pool.append(i)
        pick = sorted(random.Random(a.seed).sample(pool, min(a.reflector, len(pool))))
        agent, vals, ts = ReflectorAgent(get_client(f'local:{a.model}')), [], []
        for n, i in enumerate(pick):
            r = rows[i]; p = problem_from_humaneval(recs[r['problem_id']]).search_view()
            t1 = time.perf_counter()
            vals.append(run_sync(agent.evaluate(p, r['code'], f"All {r.get('n_visible')} tests passed.")).value)
            ts.append(1000 * (time.perf_counter() - t1))
            print(f"reflector {n + 1}/{len(pick)}: {vals[-1]:+.1f} ({'right' if y[i] else 'wrong'}), {ts[-1] / 1000:.1f} s", flush=True)
        ys = y[pick]
        res['reflector_sample'] = dict(candidates=len(pick), right=int(ys.sum()), problems=len({rows[i]['problem_id'] for i in pick}),
                                       ms_per_state=round(statistics.median(ts), 1),
                                       auc={'LLM reflector': r4(auc(ys, np.array(vals)))} | {k: r4(auc(ys, s[pick])) for k, s in sc.items()})
    res['settings']['seconds'] = round(time.time() - t0)
    print(json.dumps({k: res[k] for k in res if k != 'settings'}, indent=1))
    if a.out: Path(a.out).parent.mkdir(parents=True, exist_ok=True); Path(a.out).write_text(json.dumps(res, indent=1) + '\n')

if __name__ == '__main__': main()
