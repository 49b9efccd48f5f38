"""Do the learned parts earn their place once they learn from the corpus? One table, on the corpus's test split.

    python experiments/2026-12-02-learners-corpus/learners_corpus.py --model qwen2.5-coder-1.5b --nets runs/nets/qwen2.5-coder-1.5b \
        [--nets-hidden runs/nets/qwen2.5-coder-1.5b-hidden] --verifier runs/verifier/qwen2.5-coder-1.5b [--reflector 60] [--out experiments/2026-12-02-learners-corpus/learners/qwen2.5-coder-1.5b.json]
        [--sections retrieval]   # recompute only these sections; the --out file keeps the others
    python experiments/2026-12-02-learners-corpus/learners_corpus.py --model qwen2.5-coder-0.5b --split dev --sections scorers --reflector 0 --nets ... --verifier ... \
        --out experiments/2026-12-02-learners-corpus/learners/dev/qwen2.5-coder-0.5b.json   # the scorers on the dev split's candidates, to see whether a test figure holds

- **Router.** Fitted on the committed baseline rows of the corpus's dev split (`results/corpus/MODEL/`: greedy, best-of-n,
  mcts-balanced; hidden verdicts as labels, as `router.fit` does on HumanEval 0-81) and replayed on the test split's rows,
  beside the shipped router (fitted on HumanEval) and the strategies it routes between. A replay is an estimate from
  committed rows (see `router.replay`); the rows' engine versions are reported.
- **Value networks at choosing.** Each scorer ranks the model's test candidates (greedy + fresh samples, `collect
  --split test`, labelled here in memory by the hidden tests, which only score): the value network shipped (distilled
  from HumanEval searches), the value network distilled from the corpus train split's searches (`mcts-codegen train
  --data data/candidates/MODEL/episodes`), with `--nets-hidden` the same network trained on the train candidates' hidden
  verdicts (`--value-target hidden --labels data/candidates/MODEL`), the verifier (train split's labels), and the visible
  pass fraction.
  `auc_all`, `auc_visible_pass` (among candidates passing every visible test) and `chosen` (problems solved in
  expectation when each problem submits the visible-passing candidate the scorer ranks first, ties split).
- **Retrieval memory from train-split solutions.** The greedy answer with retrieved context (`bench --rag`, an index built by
  `mcts-codegen rag build --candidates data/candidates/MODEL --data data/corpus/corpus.jsonl`: each train problem's most
  likely collected program that passes its hidden tests, plus standard-library notes) against the greedy answer without it,
  on the test split, paired (exact McNemar), from committed rows (`results/corpus/MODEL+rag/`).
- **The LLM reflector** (`agents.ReflectorAgent`, the model itself) grades a seeded sample of `--reflector` distinct
  visible-passing test candidates; every scorer's AUC on that sample sits beside it, with milliseconds per state.
  `--sections router,retrieval,scorers` (no `reflector`) keeps an earlier run's grades when the sample is the same.
"""
from __future__ import annotations
import argparse, json, random, statistics, time
from collections import Counter
from pathlib import Path
import numpy as np
from mcts_codegen.core.agents import ReflectorAgent
from mcts_codegen.bench.runner import mcnemar
from mcts_codegen.learn.collector import label_rows
from mcts_codegen.bench.corpus import split_ids
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.llm import get_client
from mcts_codegen.core.loaders import load_humaneval, problem_from_humaneval
from mcts_codegen.learn.networks import NetValueModel
from mcts_codegen.retrieval.rag import memory_from_candidates
from mcts_codegen.core.router import default_controller, fit, replay
from mcts_codegen.core.utils import run_sync
from mcts_codegen.learn.verifier import auc, label_of, load_verifier, candidate_rows, visible_all
import sys
sys.path.insert(0, str(Path(__file__).parents[1]/'2026-11-27-verifier-probes'))  # verifier_cv.py, the verifier probes' folds
from verifier_cv import chosen

CORPUS = Path('data/corpus/corpus.jsonl')
SHIPPED_NET = Path('results/nets/qwen2.5-coder-0.5b/best.pt')
STRATEGIES = ('greedy', 'best-of-n', 'mcts-balanced', 'oracle')
SECTIONS = ('router', 'retrieval', 'scorers', 'reflector')  # scorers: the candidates and the scorers; reflector: the LLM grading its sample (needs scorers)

def r4(x): return None if x is None or x != x else round(float(x), 4)

def test_ids() -> set[str]: return {f'Corpus/{i}' for i in split_ids('test', data=CORPUS).split(',')}

def jsonl(p:Path) -> list[dict]: return [json.loads(l) for l in p.read_text().splitlines() if l.strip()]

def retrieval_rows(model:str) -> dict|None:
    "Greedy with retrieved context from the train-split memory against greedy without it, paired on the test split (None without the rag rows)."
    d, test = Path('results/corpus'), test_ids()
    if not (f := d/f'{model}+rag'/'greedy.jsonl').is_file(): return None
    on, off = ({r['task_id']: r for r in jsonl(p) if r['task_id'] in test} for p in (f, d/model/'greedy.jsonl'))
    ids = sorted(on.keys() & off.keys(), key=lambda t: int(t.split('/')[1]))
    per = lambda rs, k: round(sum(r.get(k) or 0 for r in rs) / len(rs), 1)
    out = {}
    for name, rs in (('greedy', off), ('greedy + retrieval (train-split memory)', on)):
        g = [rs[i] for i in ids]
        out[name] = dict(problems=len(g), solved=sum(r['passed'] for r in g), calls=round(sum(r['llm_calls'] for r in g) / len(g), 2),
                         prompt_tokens=per(g, 'prompt_tokens'), completion_tokens=per(g, 'completion_tokens'), engines=sorted(Counter(r.get('engine_version') for r in g)))
    a, b = [off[i]['passed'] for i in ids], [on[i]['passed'] for i in ids]
    out['paired'] = dict(won=sum(y and not x for x, y in zip(a, b)), lost=sum(x and not y for x, y in zip(a, b)), p=r4(mcnemar(a, b)))
    mem = memory_from_candidates(Path('data/candidates')/model, CORPUS)  # what `rag build --candidates` puts in the memory (the index itself is not committed)
    out['memory'] = dict(records=len(mem), problems=len({r.problem_id for r in mem}), source=f'data/candidates/{model}',
                         build=f'mcts-codegen rag build --candidates data/candidates/{model} --data {CORPUS} --store STORE')
    return out

def router_rows(model:str) -> dict:
    "The corpus-fitted and the shipped router replayed on the test split, beside the strategies' own rows."
    folder, test = Path('results/corpus')/model, test_ids()
    out = {}
    for s in STRATEGIES:
        rs = [r for r in jsonl(folder/f'{s}.jsonl') if r['task_id'] in test]
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

def by_problem(rows:list[dict]) -> list[list[int]]:
    "The row indices of each problem."
    by = {}
    for i, r in enumerate(rows): by.setdefault(r['problem_id'], []).append(i)
    return list(by.values())

def scores_of(net:NetValueModel, rows:list[dict], groups:list[list[int]]) -> tuple[np.ndarray, float]:
    "Values of every row (batched per problem, `groups`) and the median milliseconds of one state alone."
    s = np.zeros(len(rows))
    for idx in groups: s[idx] = net.values(rows[idx[0]]['prompt'], [rows[i]['code'] for i in idx])
    ts = []
    for r in rows[:40]:
        t0 = time.perf_counter(); net.value(r['prompt'], r['code']); ts.append(1000 * (time.perf_counter() - t0))
    return s, statistics.median(ts)

def figures(rows, y, vis, s) -> dict:
    return dict(auc_all=r4(auc(y, s)), auc_visible_pass=r4(auc(y[vis], s[vis])), chosen=chosen([r['problem_id'] for r in rows], y, s, vis))

NET_CORPUS, NET_HIDDEN = 'value net, corpus train states', 'value net, corpus train states, hidden target'

def scorer_sections(a, secs:list[str], old:dict) -> dict:
    """The candidates, each scorer's figures on them and the reflector's sample: the `candidates`, `scorers` and `reflector_sample` keys.
    A scorer whose model is not given (`--nets`, `--verifier`, `--nets-hidden`) keeps its figures from the earlier run `old` when the
    candidates are the same, and so does the reflector without the reflector section; `kept` lists what was kept."""
    res = {}
    raw = [r for r in candidate_rows(Path('data/candidates')/a.model, raw=True) if r.get('split') == a.split]
    with Executor() as ex: rows = [r for r in label_rows(raw, CORPUS, (a.split,), ex) if label_of(r) is not None]
    y, vis = np.array([label_of(r) for r in rows], bool), visible_all(rows)
    res['candidates'] = dict(rows=len(rows), problems=len({r['problem_id'] for r in rows}), visible_pass=int(vis.sum()), right=int(y.sum()),
                             engines=sorted(Counter(r.get('engine_version') for r in raw)),
                             oracle=len({r['problem_id'] for r, v, l in zip(rows, vis, y) if v and l}))
    same_rows = old.get('candidates') == res['candidates']
    groups, ms = by_problem(rows), {}
    sc = dict(visible_fraction=np.array([r.get('visible_pass') or 0 for r in rows], float))
    if a.verifier:
        v, sc['verifier'] = load_verifier(a.verifier), np.zeros(len(rows))
        for idx in groups: sc['verifier'][idx] = v.prob(v.matrix([rows[i] for i in idx]))  # each candidate beside its problem's others
    for name, path in (('value net, HumanEval states (shipped)', SHIPPED_NET), (NET_CORPUS, a.nets), (NET_HIDDEN, a.nets_hidden)):
        if path: sc[name], ms[name] = scores_of(NetValueModel(Path(path)), rows, groups)
    res['scorers'] = {k: figures(rows, y, vis, s) | ({'ms_per_state': round(ms[k], 2)} if k in ms else {}) for k, s in sc.items()}
    for name, path in ((NET_CORPUS, a.nets), (NET_HIDDEN, a.nets_hidden)):  # the training run's own held-out figures (`train` writes eval.json beside best.pt)
        if path and (ev := Path(path).parent/'eval.json').is_file():
            e = json.loads(ev.read_text())
            res['scorers'][name]['training'] = dict(value_target=e['train_config']['value_target'], epochs=e['epochs'], states=e['states'], problems=e['problems'],
                                                    heldout_value_auc=r4(e['test'].get('value_auc')), heldout_positives=e['test'].get('positives'))
    kept = [k for k in ('verifier', NET_CORPUS, NET_HIDDEN) if k not in sc and same_rows and k in old.get('scorers', {})]
    missing = [k for k in ('verifier', NET_CORPUS) if k not in sc and k not in kept]
    if missing: raise SystemExit(f"no figures for {', '.join(missing)}: give --verifier and --nets (an earlier run's figures are kept only for the same candidates)")
    res['scorers'] |= {k: old['scorers'][k] for k in kept}
    res['scorers'] = {k: res['scorers'][k] for k in ('visible_fraction', 'verifier', 'value net, HumanEval states (shipped)', NET_CORPUS, NET_HIDDEN) if k in res['scorers']}
    res['scorers']['random visible-passing'] = dict(chosen=chosen([r['problem_id'] for r in rows], y, np.zeros(len(rows)), vis))
    if a.reflector:
        recs = {r['task_id']: r for r in load_humaneval(None, CORPUS)}
        seen, pool = set(), []
        for i, r in enumerate(rows):
            if vis[i] and (r['problem_id'], r['code']) not in seen: seen.add((r['problem_id'], r['code'])); pool.append(i)
        pick = sorted(random.Random(a.seed).sample(pool, min(a.reflector, len(pool))))
        ys = y[pick]
        same = dict(candidates=len(pick), right=int(ys.sum()), problems=len({rows[i]['problem_id'] for i in pick}))
        o = old.get('reflector_sample') if same_rows else None
        o = o if o and all(o[k] == v for k, v in same.items()) else None
        sample = {k: r4(auc(ys, s[pick])) for k, s in sc.items()} | {k: o['auc'][k] for k in kept if o and k in o['auc']}
        if o and 'reflector' not in secs:
            print("reflector: the sample is the one graded before; its grades' AUC and latency are kept", flush=True)
            res['reflector_sample'] = same | dict(ms_per_state=o['ms_per_state'], auc={'LLM reflector': o['auc']['LLM reflector']} | sample)
            kept.append('LLM reflector')
        else:
            agent, vals, ts = ReflectorAgent(get_client(f'local:{a.model}')), [], []
            for n, i in enumerate(pick):
                r = rows[i]; p = problem_from_humaneval(recs[r['problem_id']]).search_view()
                t1 = time.perf_counter()
                vals.append(run_sync(agent.evaluate(p, r['code'], f"All {r.get('n_visible')} tests passed.")).value)
                ts.append(1000 * (time.perf_counter() - t1))
                print(f"reflector {n + 1}/{len(pick)}: {vals[-1]:+.1f} ({'right' if y[i] else 'wrong'}), {ts[-1] / 1000:.1f} s", flush=True)
            res['reflector_sample'] = same | dict(ms_per_state=round(statistics.median(ts), 1), auc={'LLM reflector': r4(auc(ys, np.array(vals)))} | sample)
    if kept: res['kept'] = kept; print(f"kept from the earlier run (same candidates): {', '.join(kept)}", flush=True)
    return res

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--model', required=True); ap.add_argument('--nets', help='the value network distilled from the corpus train split (for the scorers section)')
    ap.add_argument('--nets-hidden', help='the value network trained on the hidden verdicts of the corpus train candidates (--value-target hidden)')
    ap.add_argument('--verifier', help='the verifier folder (for the scorers section)'); ap.add_argument('--reflector', type=int, default=60, help='visible-passing candidates the LLM grades (0: none)')
    ap.add_argument('--seed', type=int, default=0); ap.add_argument('--out')
    ap.add_argument('--split', default='test', choices=('test', 'dev'), help='whose candidates the scorers rank (dev: only the scorers section, to check a test figure on the tuning split)')
    ap.add_argument('--sections', default=','.join(SECTIONS), help=f"comma list of {', '.join(SECTIONS)}: recompute only these; an existing --out file keeps the rest")
    a = ap.parse_args()
    secs = [x.strip() for x in a.sections.split(',') if x.strip()]
    if bad := [x for x in secs if x not in SECTIONS]: ap.error(f"--sections: unknown {', '.join(bad)}; choose from {', '.join(SECTIONS)}")
    if 'reflector' in secs and 'scorers' not in secs: ap.error('the reflector section needs the scorers section (it scores the same sample)')
    if a.split != 'test' and secs != ['scorers']: ap.error(f"--split {a.split} scores candidates only: give --sections scorers (the router and retrieval sections are test-split replays)")
    t0 = time.time()
    old = json.loads(Path(a.out).read_text()) if a.out and Path(a.out).is_file() else {}
    res = dict(old) if set(secs) != set(SECTIONS) else {}
    if 'scorers' in secs or 'settings' not in res:
        given = dict(nets=a.nets, nets_hidden=a.nets_hidden, verifier=a.verifier)
        res['settings'] = old.get('settings', {}) | {k: v for k, v in given.items() if v} | dict(model=a.model, shipped_net=str(SHIPPED_NET), reflector=a.reflector, seed=a.seed) | ({'split': a.split} if a.split != 'test' else {})
    if 'router' in secs: res['router'] = router_rows(a.model)
    if 'retrieval' in secs:
        if (rr := retrieval_rows(a.model)) is None: print(f"retrieval: no rows in results/corpus/{a.model}+rag/greedy.jsonl; skipped")
        else: res['retrieval'] = rr
    if 'scorers' in secs:
        for k in ('reflector_sample', 'kept'): res.pop(k, None)
        res |= scorer_sections(a, secs, old)
        res['settings']['seconds'] = round(time.time() - t0)
    print(json.dumps({k: res[k] for k in res if k != 'settings'}, indent=1))
    if a.out: Path(a.out).parent.mkdir(parents=True, exist_ok=True); Path(a.out).write_text(json.dumps(res, indent=1) + '\n')

if __name__ == '__main__': main()
