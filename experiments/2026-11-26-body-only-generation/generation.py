"""Wall time of whole-function against body-only generation (`llm.generation`), measured as a user of `solve` waits for it.

    python experiments/2026-11-26-body-only-generation/generation.py [--llm local:qwen2.5-coder-1.5b] [--strategy mcts-balanced] [--problems 0-81]
                               [--data FILE [--split dev]] [--n 10] [--seed 0] [--arms whole,body] [--out experiments/2026-11-26-body-only-generation/generation]

Both arms run in one run, one problem at a time, alternating problem by problem (problem k runs 'whole' first when k is
even, 'body' first when it is odd), so that load on the machine affects both alike; the response cache and the sandbox's
result cache are off, and an embedded model forgets the prompt cells it kept before each run, so no arm feeds on the
other's work. Rows (each with its submitted program) go to OUT/<llm>+<strategy>/rows.jsonl as they finish (a rerun resumes: finished (problem, arm) pairs
are kept), and the summary to summary.json beside them: per arm the median and p90 seconds per problem, generated
(completion) tokens per completion, completions per problem, prompt tokens saved by kept cells, and the solve rate;
then the ratios body/whole and the paired McNemar p of the two arms' verdicts.
"""
from __future__ import annotations
import argparse, asyncio, json, math, re, statistics, sys, time
from contextlib import contextmanager
from pathlib import Path
from mcts_codegen.bench.runner import bench_config, run_problem, mcnemar, ProblemResult
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.llm import get_client
from mcts_codegen.core.loaders import load_humaneval
from mcts_codegen.learn.records import RunLock

ARMS = ('whole', 'body')

def records(problems:str|None, data:str|None, split:str|None) -> list[dict]:
    "The problems to run: HumanEval ids (or a --data file's), and with `split` only the records of that split."
    recs = load_humaneval(problems, data)
    if split is not None:
        if not any('split' in r for r in recs): raise SystemExit(f"--split {split}: the records of {data or 'HumanEval'} have no 'split' field; leave --split out or use --problems")
        recs = [r for r in recs if r.get('split') == split]
    if not recs: raise SystemExit(f"no problems selected (--problems {problems}, --data {data}, --split {split})")
    return recs

def order(k:int, arms:tuple[str,...]) -> list[str]:
    "The arms of the k-th problem in the order they run: alternating which goes first."
    return list(arms) if k % 2 == 0 else list(arms)[::-1]

def pending(recs:list[dict], arms, done:set) -> list[tuple[int,dict,str]]:
    "(k, record, arm) of every problem and arm not in `done` (pairs of task id and arm), in the order they run (`order`)."
    return [(k, rec, a) for k, rec in enumerate(recs) for a in order(k, arms) if (rec['task_id'], a) not in done]

@contextmanager
def locked_rows(folder:Path):
    "Under `folder`'s run lock (one run at a time): its rows file and the rows written so far."
    folder.mkdir(parents=True, exist_ok=True)
    lock = RunLock(folder).acquire()
    try: yield folder/'rows.jsonl', read_rows(folder/'rows.jsonl')
    finally: lock.release()

def append_row(path:Path, row:dict):
    "One finished row, appended as a line of its own (a cut-off last line is skipped by `read_rows`)."
    with path.open('a') as f: f.write(json.dumps(row) + '\n')

def quantile(xs:list[float], q:float) -> float|None:
    "The q-quantile of `xs` (nearest rank), None when empty."
    if not xs: return None
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]

def innermost(client):
    "The client under any wrappers."
    while getattr(client, 'inner', None) is not None: client = client.inner
    return client

def _forget(client):
    "Drop the prompt cells an embedded model kept from earlier requests (other clients keep nothing of ours)."
    if hasattr(c := innermost(client), 'forget'): c.forget()

def read_rows(path:Path) -> list[dict]:
    "The rows written so far (a cut-off last line is skipped)."
    if not path.exists(): return []
    out = []
    for line in path.read_text().splitlines():
        try: out.append(json.loads(line))
        except json.JSONDecodeError: pass
    return out

def summarize(rows:list[dict], arms:tuple[str,...]=ARMS) -> dict:
    "Per arm: cache-free time per problem (median, p90 by nearest rank), tokens per completion, completions per problem, solve rate; then body/whole ratios and McNemar."
    ok = [r for r in rows if not r.get('error')]
    by = {a: {r['task_id']: r for r in ok if r['arm'] == a} for a in arms}
    out = {'arms': {}}
    for a, rs in by.items():
        v = list(rs.values())
        calls = sum(r['llm_calls'] for r in v)
        t = [r.get('wall_time_nocache') or r['wall_time'] for r in v]  # cache-free seconds, as the results page reads them
        out['arms'][a] = dict(problems=len(v), median_s=statistics.median(t) if t else None, p90_s=quantile(t, 0.9),
                              completion_tokens_per_completion=sum(r.get('completion_tokens') or 0 for r in v) / calls if calls else None,
                              prompt_tokens_per_completion=sum(r.get('prompt_tokens') or 0 for r in v) / calls if calls else None,
                              completions_per_problem=calls / len(v) if v else None,
                              reused_tokens_per_problem=sum(r.get('reused_tokens') or 0 for r in v) / len(v) if v else None,
                              solve_rate=sum(r['passed'] for r in v) / len(v) if v else None, solved=sum(r['passed'] for r in v))
    if len(arms) == 2:
        a, b = arms[0], arms[1]  # ratios: second over first (body/whole with the default arms)
        ids = [t for t in by[a] if t in by[b]]
        x, y = [by[a][t]['passed'] for t in ids], [by[b][t]['passed'] for t in ids]
        sa, sb = out['arms'][a], out['arms'][b]
        ratio = lambda k: (sb[k] / sa[k]) if sa[k] and sb[k] is not None else None
        out['paired'] = dict(problems=len(ids), **{f"{a}_only": sum(i and not j for i, j in zip(x, y)), f"{b}_only": sum(j and not i for i, j in zip(x, y))},
                             p_mcnemar=mcnemar(x, y))
        out['ratios'] = {f"{b}/{a}": {k: ratio(k) for k in ('median_s', 'p90_s', 'completion_tokens_per_completion', 'completions_per_problem', 'solve_rate')}}
    return out

def show(s:dict) -> str:
    "The summary as a few lines of text."
    f = lambda v, d=2: '-' if v is None else f"{v:.{d}f}"
    lines = [f"{'arm':6} {'problems':>8} {'median s':>9} {'p90 s':>8} {'gen tok/compl':>13} {'compl/problem':>13} {'reused tok/problem':>18} {'solved':>8}"]
    for a, r in s['arms'].items():
        lines.append(f"{a:6} {r['problems']:>8} {f(r['median_s'], 1):>9} {f(r['p90_s'], 1):>8} {f(r['completion_tokens_per_completion'], 1):>13} "
                     f"{f(r['completions_per_problem']):>13} {f(r['reused_tokens_per_problem'], 0):>18} {r['solved']:>4}/{r['problems']:<3}")
    for name, rs in s.get('ratios', {}).items():
        lines.append(f"{name}: " + ', '.join(f"{k} {f(v)}" for k, v in rs.items()))
    if 'paired' in s:
        p = s['paired']
        lines.append(f"paired on {p['problems']} problems: " + ', '.join(f"{k} {v}" for k, v in p.items() if k not in ('problems', 'p_mcnemar')) + f"; McNemar p = {p['p_mcnemar']:.3g}")
    return '\n'.join(lines)

async def run(recs:list[dict], # problems (HumanEval-format records)
              folder:Path, # where rows.jsonl and summary.json go
              make_client, # arm -> an `LLMClient` set to that generation (one per arm, made once)
              strategy:str='mcts-balanced', n:int=10, seed:int=0,
              arms:tuple[str,...]=ARMS, llm_name:str|None=None, progress=print) -> dict:
    "Run every problem under every arm, alternating, resuming from `folder`; the summary."
    with locked_rows(folder) as (path, rows):
        done = {(r['task_id'], r['arm']) for r in rows if not r.get('error')}
        clients = {a: make_client(a) for a in arms}
        for c in clients.values():
            if hasattr(i := innermost(c), 'load'): i.load()  # an embedded model is loaded before the clock runs
        cfgs = {a: bench_config(seed, llm__generation=a, llm__cache=False, executor__cache=False) for a in arms}
        with Executor(cfgs[arms[0]].executor) as ex:
            for k, rec, a in pending(recs, arms, done):
                c = clients[a]
                _forget(c)
                u0 = c.usage.reused_tokens
                r = await run_problem(strategy, rec, c, ex, n, seed, llm_name or c.name, cfgs[a])
                row = dict(arm=a, order=order(k, arms).index(a), reused_tokens=c.usage.reused_tokens - u0) | r.model_dump(mode='json', exclude={'stats'})
                append_row(path, row)
                progress(f"{rec['task_id']} {a}: {'pass' if r.passed else 'fail'} {r.wall_time:.1f}s {r.llm_calls} completions "
                         f"{r.completion_tokens} generated tokens" + (f" error: {r.error}" if r.error else ''))
        s = summarize(read_rows(path), arms)
        s['settings'] = dict(strategy=strategy, n=n, seed=seed, arms=list(arms), llm=llm_name, problems=[r['task_id'] for r in recs])
        (folder/'summary.json').write_text(json.dumps(s, indent=2))
        return s

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--llm', default='local:qwen2.5-coder-1.5b')
    ap.add_argument('--strategy', default='mcts-balanced')
    ap.add_argument('--problems', default=None, help="ids (default: 0-81, HumanEval's dev half; every problem of --data)")
    ap.add_argument('--data', default=None, help='a HumanEval-format problem file (.jsonl[.gz]) instead of HumanEval')
    ap.add_argument('--split', default=None, help="only the records whose 'split' field is this, e.g. dev")
    ap.add_argument('--n', type=int, default=10, help='budget: LLM completions per problem')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--arms', default=','.join(ARMS), help='generation settings to compare, in order (ratios: second/first)')
    ap.add_argument('--out', default='experiments/2026-11-26-body-only-generation/generation')
    a = ap.parse_args(argv)
    arms = tuple(x.strip() for x in a.arms.split(','))
    if bad := [x for x in arms if x not in ARMS]: raise SystemExit(f"--arms: unknown {bad}; use {', '.join(ARMS)}")
    recs = records(a.problems or (None if a.data else '0-81'), a.data, a.split)
    folder = Path(a.out)/re.sub(r'[^\w.+-]+', '-', f"{a.llm.split(':', 1)[-1].split('/')[-1]}+{a.strategy}")
    def make(arm): return get_client(bench_config(a.seed, llm__spec=a.llm, llm__generation=arm, llm__cache=False).llm)
    t0 = time.time()
    s = asyncio.run(run(recs, folder, make, a.strategy, a.n, a.seed, arms, a.llm, progress=lambda m: print(m, file=sys.stderr, flush=True)))
    print(show(s))
    print(f"{len(recs)} problems × {len(arms)} arms in {time.time() - t0:.0f} s; rows and summary in {folder}", file=sys.stderr)

if __name__ == '__main__': main()
