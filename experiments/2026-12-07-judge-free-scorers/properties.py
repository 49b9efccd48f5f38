"""Model-written properties as a filter (issue 81 item 2, the fourth method), on the committed pools.

    PYTHONPATH=. python experiments/2026-12-07-judge-free-scorers/properties.py MODEL [SPLIT ...]   (needs eval.py's caches under /tmp/i81)

For each dev or test problem whose distinct visible-passing programs are right and wrong (where the choice matters), the model (greedy, from the prompt alone)
writes `prop(args, out)`: False when `out` cannot be what the function returns for `args` by its specification. The
sandbox judges every (corner input, output) pair the programs produced on the rule-made corner + mutated inputs (the
outputs `eval.py` cached; a program raising is not judged). Nothing is run outside the sandbox. A property counts only when
every program of the largest behaviour cluster (ties by draw order) satisfies it on every judged pair; then the programs
that violate it are dropped: failures drop, never add. The choosers then pick among the programs left. Model outputs are
cached in properties.jsonl beside this file (the properties carry no label); labels only score the choice."""
from __future__ import annotations
import ast, asyncio, json, re, sys, time
from collections import Counter, defaultdict
from pathlib import Path
import numpy as np
from mcts_codegen.core.llm import LocalClient
from mcts_codegen.core.problem import Problem
from mcts_codegen.core.config import Config
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.select import behaviours
from mcts_codegen.learn.verifier import visible_all, label_of
from mcts_codegen.learn.scorers import corner_inputs, same_errors
sys.path.insert(0, str(Path(__file__).parent))
from pools import pools
from corners import corner_sigs, ENTRY

HERE = Path(__file__).parent
ASK = ("Here is the specification of a Python function:\n```python\n{prompt}\n```\n"
       "Write a Python function `prop(args, out)`. `args` is the tuple of arguments a call of `{entry}` received and `out` is what "
       "the call returned. `prop` returns False when `out` cannot be right for `args` according to the specification, and True "
       "otherwise. Check only what the specification makes certain, such as the type of `out`, its length, its order, its range, "
       "or a relation between `out` and `args`; do not compute the exact answer. Reply with one Python code block.")
HARNESS = """
import ast as _ast
def _judge_(pairs):
    res = []
    for a, o in pairs:
        try:
            r = prop(_ast.literal_eval(a), _ast.literal_eval(o))
            res.append('1' if r is True else '0' if r is False else '.')
        except Exception:
            res.append('.')
    return ''.join(res)  # one character a pair: the sandbox shortens long values
"""

def code_of(text:str) -> str:
    m = re.findall(r"```(?:python)?\n(.*?)```", text, re.S)
    return (m[0] if m else text).strip() + '\n'

async def write_props(model:str, probs:dict[str,str], cache:Path) -> dict[str,str]:
    "The model's `prop` source for every problem id in `probs` (its prompt), cached in `cache`."
    got = {json.loads(l)['problem_id']: json.loads(l)['prop'] for l in cache.open()} if cache.is_file() else {}
    todo = [p for p in probs if p not in got]
    if todo:
        c, t0 = LocalClient(model, n_threads=1), time.time()
        with cache.open('a') as f:
            for p in todo:
                msg = [dict(role='user', content=ASK.format(prompt=probs[p].strip(), entry=ENTRY[p]))]
                comp, = await c.complete(msg, n=1, temperature=0.0, max_tokens=400, seed=0)
                got[p] = code_of(comp.text)
                f.write(json.dumps(dict(problem_id=p, model=model, prop=got[p])) + '\n'); f.flush()
        print(f"{model}: {len(todo)} properties written in {time.time() - t0:.0f}s", file=sys.stderr)
    return got

def args_of(call:str, entry:str) -> str:
    "The argument tuple of `entry(...)` as source."
    return '(' + call[len(entry) + 1:-1] + ',)'

def table(model:str, splits=('dev', 'test')) -> list[dict]:
    rows = [r for r in pools(model) if label_of(r) is not None and r['split'] in splits]
    cs2 = corner_sigs(rows, model, mutate=True)
    vis = visible_all(rows)
    by = defaultdict(dict)  # (split, problem) -> code -> (first index, label, prompt)
    for r, v in zip(rows, vis):
        if v:
            d = by[r['split'], r['problem_id']]
            if r['code'] not in d or int(r['index']) < d[r['code']][0]: d[r['code']] = (int(r['index']), bool(label_of(r)), r['prompt'])
    multi = {k: d for k, d in by.items() if 0 < sum(v[1] for v in d.values()) < len(d)}  # where the choice matters: the labels pick the subset, never the score
    props = asyncio.run(write_props(model, {p: next(iter(d.values()))[2] for (_, p), d in multi.items()}, HERE/f'properties-{model}.jsonl'))
    out = []
    with Executor(Config().executor) as ex:
        for (sp, p), d in sorted(multi.items()):
            codes = sorted(d, key=lambda c: d[c][0])  # draw order
            calls = corner_inputs(next(iter(d.values()))[2], ENTRY[p], 32, mutate=True)
            sigs = [cs2.get((p, c)) for c in codes]
            pairs = [[(args_of(calls[i], ENTRY[p]), v[1]) for i, v in enumerate(s or ()) if i < len(calls) and v[0] == 'value'] for s in sigs]
            src = props[p] + HARNESS + f'\n_PAIRS_ = {pairs!r}\n'
            sig, = asyncio.run(behaviours(Problem(id=p, prompt='', entry_point=ENTRY[p]), [src], [f'_judge_(_PAIRS_[{j}])' for j in range(len(codes))], ex))
            got = [v[1] if v[0] == 'value' else None for v in (sig or ())]
            got = [g if g is None or isinstance(g, str) and not g.startswith("'") else ast.literal_eval(g) for g in got]  # the value, or its repr
            verdict = got if any(isinstance(g, str) for g in got) else None  # a program's own failure to be judged leaves it unknown
            viol = [g.count('0') if isinstance(g, str) else None for g in got] if verdict is not None else [None] * len(codes)
            cl = defaultdict(list)
            for j, s in enumerate(sigs): cl[same_errors(s)].append(j)
            top = max(cl.values(), key=lambda g: (len(g), -min(g)))  # the largest cluster, ties by draw order
            counts = all(viol[j] == 0 for j in top) and any(v for v in viol if v)
            kind = ('not judged' if verdict is None else 'counts' if counts else 'the largest cluster violates it' if any(viol[j] for j in top)
                    else 'every program satisfies it' if all(v == 0 for v in viol) else 'unknown for some of the largest cluster')
            keep = [j for j in range(len(codes)) if not (counts and viol[j])]
            size = {j: len(g) for g in cl.values() for j in g}
            lab = [d[c][1] for c in codes]
            pick = lambda js, key: lab[max(js, key=key)]
            out.append(dict(model=model, split=sp, problem_id=p, programs=len(codes), right=sum(lab), property_ran=verdict is not None, outcome=kind,
                            counts=bool(counts), dropped=len(codes) - len(keep), dropped_right=sum(lab[j] for j in range(len(codes)) if j not in keep),
                            first=lab[0], first_kept=pick(keep, lambda j: -j), clusters=pick(range(len(codes)), lambda j: (size[j], -j)),
                            clusters_kept=pick(keep, lambda j: (size[j], -j))))
    return out

if __name__ == '__main__':
    model, splits = sys.argv[1], tuple(sys.argv[2:]) or ('dev', 'test')
    out = table(model, splits)
    f = HERE/'properties_rows.jsonl'
    old = [json.loads(l) for l in f.open()] if f.is_file() else []
    f.write_text(''.join(json.dumps(o) + '\n' for o in [o for o in old if o['model'] != model] + out))
    for sp in splits:
        rs = [o for o in out if o['split'] == sp]
        print(f"{model} {sp}: {len(rs)} problems where the choice matters; property ran on {sum(o['property_ran'] for o in rs)}, "
              f"counted (the largest cluster satisfies it and someone violates it) on {sum(o['counts'] for o in rs)}; dropped {sum(o['dropped'] for o in rs)} programs, "
              f"{sum(o['dropped_right'] for o in rs)} of them right. Solved among these: first drawn {sum(o['first'] for o in rs)} -> {sum(o['first_kept'] for o in rs)} after drops; "
              f"clusters (ties by order) {sum(o['clusters'] for o in rs)} -> {sum(o['clusters_kept'] for o in rs)}")
        print('   ', dict(Counter(o['outcome'] for o in rs)))
