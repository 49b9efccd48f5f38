"""How alike are the fresh samples of one prompt? Distinct programs among N fresh samples, whole-function against body-only
generation and at a few temperatures, on a dev split (tuning data: the hidden check scores each sample, as oracle@10 does).

    python experiments/2026-12-04-sample-diversity/diversity.py [--llm local:qwen2.5-coder-0.5b] [--problems 0-81] [--n 10] [--arms whole@0.8,body@0.8,body@1.0]
    python experiments/2026-12-04-sample-diversity/diversity.py --n 1 --arms body@0,tight@0 --out experiments/2026-12-04-sample-diversity/prefill-greedy   (greedy answers; tight: the prefill without opening blank lines)

Why: with body-only generation the search spends more of its budget on programs it already has (`duplicates` in the rows'
stats: 0.24 of the 0.5B model's completions on HumanEval against 0.10 with whole functions). Each arm draws N fresh samples
of every problem with the search's request (`SolveContext.fresh`, seeds as a search draws them), one problem at a time,
arms alternating which goes first (`experiments/2026-11-26-body-only-generation/generation.py`'s order); the response cache and the sandbox's cache are off. Per arm: distinct programs per
problem (syntax trees without docstrings, `engine.code_key`), distinct programs that pass every visible test, samples that
pass the hidden check, and problems with at least one right sample (oracle@N). Rows go to OUT/<llm>/rows.jsonl as they
finish (a rerun resumes), the summary to summary.json beside them. Only dev problems: HumanEval 0-81 (or a --data file's
records with split dev).
"""
from __future__ import annotations
import argparse, asyncio, json, re, sys, time
from contextlib import contextmanager
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parents[1]/"2026-11-26-body-only-generation"))  # generation.py, the body-only generation experiment
from generation import records, pending, locked_rows, append_row  # experiments/2026-11-26-body-only-generation/generation.py's problem selection, run order, locked rows file
from mcts_codegen.core import agents
from mcts_codegen.bench.runner import bench_config, mcnemar
from mcts_codegen.core.engine import code_key
from mcts_codegen.sandbox.executor import Executor, hidden_verdict
from mcts_codegen.core.llm import get_client, body_ok
from mcts_codegen.core.loaders import problem_from_humaneval
from mcts_codegen.core.orchestrator import Meter, SolveContext, program_of

GENERATIONS = ('whole', 'body', 'tight') # 'tight': body-only with the prefill's leading blank lines dropped (`tight_prefill`)

def parse_arm(a:str) -> tuple[str, float]:
    "'body@1.0' -> ('body', 1.0)."
    g, _, t = a.partition('@')
    if g not in GENERATIONS or not t: raise SystemExit(f"--arms: {a!r} is not GENERATION@TEMPERATURE ({', '.join(GENERATIONS)}), e.g. body@1.0")
    return g, float(t)

plain_prefill = agents.body_prefill # the library's prefill, put back after every draw

def tight_prefill(problem):
    "`agents.body_prefill` without the blank lines most HumanEval prompts open with: the fence is followed by code, as a model writes it."
    pre = plain_prefill(problem)
    return None if pre is None else '```python\n' + pre.removeprefix('```python\n').lstrip('\n')

@contextmanager
def prefill_of(generation:str):
    "The body prefill of `generation` in force ('tight' swaps in `tight_prefill` for the draw; a probe of a candidate setting, not a library option)."
    agents.body_prefill = tight_prefill if generation == 'tight' else plain_prefill
    try: yield
    finally: agents.body_prefill = plain_prefill

async def draw(rec:dict, client, ex:Executor, cfg, n:int) -> dict:
    "N fresh samples of one problem with `cfg`'s generation and temperature: distinct programs, visible and hidden passes."
    problem = problem_from_humaneval(rec).search_view()
    c = SolveContext(problem, Meter(client), ex, n, cfg, None, {}, body=await body_ok(client))
    t0 = time.perf_counter()
    comps = await c.complete(c.fresh(), n, False, c.base + 1)
    secs = time.perf_counter() - t0
    codes = [program_of(problem, o.text) for o in comps]
    vis = [await c.visible(x) for x in codes]
    hid = [(await hidden_verdict(ex, x, rec['test'], rec['entry_point'])).passed if x is not None else False for x in codes]
    keys = [code_key(x) if x is not None else None for x in codes]
    vkeys = {k for k, v in zip(keys, vis) if k is not None and v is not None and v.passed and problem.visible_tests}
    return dict(task_id=rec['task_id'], samples=len(codes), distinct=len({k for k in keys if k is not None}), visible_pass=sum(bool(v and v.passed) for v in vis),
                distinct_visible_pass=len(vkeys), hidden_pass=sum(hid), completion_tokens=sum(o.completion_tokens or 0 for o in comps), seconds=round(secs, 2))

def summarize(rows:list[dict], arms:list[str]) -> dict:
    "Per arm, over the problems every arm has: means per problem and oracle@N; McNemar of oracle@N against the first arm."
    by = {a: {r['task_id']: r for r in rows if r['arm'] == a} for a in arms}
    common = sorted(set.intersection(*(set(v) for v in by.values()))) if by else []
    out = {'problems': len(common), 'arms': {}}
    for a in arms:
        rs = [by[a][t] for t in common]
        m = lambda k: round(sum(r[k] for r in rs) / len(rs), 2) if rs else None
        out['arms'][a] = dict(distinct=m('distinct'), distinct_visible_pass=m('distinct_visible_pass'), visible_pass=m('visible_pass'), hidden_pass=m('hidden_pass'),
                              oracle=sum(r['hidden_pass'] > 0 for r in rs), tokens_per_sample=round(sum(r['completion_tokens'] for r in rs) / max(1, sum(r['samples'] for r in rs)), 1),
                              p_vs_first=mcnemar([by[arms[0]][t]['hidden_pass'] > 0 for t in common], [r['hidden_pass'] > 0 for r in rs]) if rs else None)
    return out

async def run(recs, folder:Path, llm:str, arms:list[str], n:int, seed:int) -> dict:
    with locked_rows(folder) as (path, rows):
        done = {(r['task_id'], r['arm']) for r in rows}
        cfgs = {a: bench_config(seed, llm__spec=llm, llm__generation='whole' if parse_arm(a)[0] == 'whole' else 'body', search__temperature=parse_arm(a)[1], llm__cache=False, executor__cache=False) for a in arms}
        clients = {}
        for a in arms:  # one client per generation; temperature is per request
            g = cfgs[a].llm.generation
            clients[a] = next((clients[b] for b in clients if cfgs[b].llm.generation == g), None) or get_client(cfgs[a].llm)
        with Executor(cfgs[arms[0]].executor) as ex:
            for _, rec, a in pending(recs, arms, done):
                with prefill_of(parse_arm(a)[0]): r = dict(arm=a) | await draw(rec, clients[a], ex, cfgs[a], n)
                append_row(path, r); rows.append(r)
                print(f"{rec['task_id']} {a}: {r['distinct']}/{r['samples']} distinct, {r['distinct_visible_pass']} distinct visible-passing, {r['hidden_pass']} right, {r['seconds']}s", file=sys.stderr, flush=True)
        s = summarize(rows, arms) | dict(settings=dict(llm=llm, n=n, seed=seed, arms=arms, problems=[r['task_id'] for r in recs]))
        (folder/'summary.json').write_text(json.dumps(s, indent=2))
        return s

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--llm', default='local:qwen2.5-coder-0.5b')
    ap.add_argument('--problems', default=None, help="HumanEval dev ids (default 0-81); with --data, ids of its records (default: its split dev)")
    ap.add_argument('--data', default=None)
    ap.add_argument('--n', type=int, default=10)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--arms', default='whole@0.8,body@0.8,body@1.0')
    ap.add_argument('--out', default='experiments/2026-12-04-sample-diversity/diversity')
    a = ap.parse_args(argv)
    arms = [x.strip() for x in a.arms.split(',')]
    for x in arms: parse_arm(x)
    recs = records(a.problems or (None if a.data else '0-81'), a.data, 'dev' if a.data else None)
    bad = [] if a.data else [r['task_id'] for r in recs if int(r['task_id'].split('/')[1]) > 81]  # with --data, `records` keeps split dev only
    if bad: raise SystemExit(f"--problems: {', '.join(bad[:5])} are not dev problems; this probe reads hidden tests, so it runs on dev only (HumanEval 0-81, or a --data file's split dev)")
    folder = Path(a.out)/re.sub(r'[^\w.+-]+', '-', a.llm.split(':', 1)[-1].split('/')[-1])
    s = asyncio.run(run(recs, folder, a.llm, arms, a.n, a.seed))
    print(json.dumps(s['arms'], indent=1)); print(f"{s['problems']} problems; rows and summary in {folder}")

if __name__ == '__main__': main()
