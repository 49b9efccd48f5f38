"""Can the code model itself, asked what the function returns, tell visible-passing programs apart? Where a problem's
visible-passing candidates disagree on a model-written input, the model is shown only the problem text (signature and
docstring with its examples) and the call, and asked for the value, `--samples` times. A candidate whose output is the
value the model expects gets credit: the `judge` features (`judge_share`, `judge_top`, `has_judge`).

This is evidence the visible tests cannot give (the S* idea of distinguishing inputs, judged by the model that wrote the
programs rather than by a stronger one). It reads no hidden test and no label: the problem text, the call and the
candidates' outputs are what the search itself has, so dev and test problems are judged as train ones are.

    python experiments/2026-11-27-verifier-probes/judge_outputs.py ask --data data/candidates/qwen2.5-coder-1.5b [--llm local:qwen2.5-coder-1.5b] \
        [--samples 8] [--splits train,dev,test] [--limit N] [--out results/verifier/qwen2.5-coder-1.5b/judge.jsonl]
    python experiments/2026-11-27-verifier-probes/judge_outputs.py accuracy --data data/candidates/qwen2.5-coder-1.5b   # train labels only
    python experiments/2026-11-27-verifier-probes/judge_outputs.py fit --data data/candidates/qwen2.5-coder-1.5b [--splits dev | dev,test] [--dissect]

`ask` appends one line per problem (fsync'd; a rerun skips the problems already there). `accuracy` measures the judge on
train problems, where a hidden-passing candidate's output is the truth. `fit` compares the verifier with and without the
judge features on dev (and on test, once, when asked), by the rule fixed for every new feature group: a model keeps the
group only if it raises the dev figure its objective's penalty is chosen by.
"""
from __future__ import annotations
import argparse, ast, json, os, sys, time
from collections import Counter, defaultdict
from pathlib import Path
import numpy as np
from mcts_codegen.core.utils import run_sync
from mcts_codegen.learn.verifier import normalise, candidate_rows

JUDGE = ('has_judge', 'judge_share', 'judge_top') # the judge features

def norm(v) -> str|None:
    "A value's text, compared as Python values where it parses (`'a'` and `\"a\"` alike); None for an exception or nothing."
    if v is None: return None
    s = str(v).strip()
    if not s or s.startswith('error') or s.startswith('Traceback'): return None
    try: return repr(ast.literal_eval(s))
    except Exception: return s

def outputs_of(r:dict) -> list:
    "A data-engine row's outputs on its inputs ('error:Type' where it raised, as `verifier.normalise` writes them)."
    return normalise(r).get('outputs') or []

def disputes(rows:list[dict]) -> dict[str,dict]:
    "Per problem: the model-written inputs on which its visible-passing candidates disagree (problems with none are left out)."
    by = defaultdict(list)
    for r in rows: by[str(r['problem_id'])].append(r)
    out = {}
    for pid, rs in by.items():
        vp = [r for r in rs if r.get('visible_passed')]
        if len(vp) < 2: continue
        k, ins = vp[0].get('n_tests') or 0, vp[0].get('inputs') or []
        js = [j for j in range(k, len(ins)) if len({norm(outputs_of(r)[j]) if j < len(outputs_of(r)) else None for r in vp}) > 1]
        if js: out[pid] = dict(split=rs[0].get('split'), prompt=rs[0]['prompt'], calls=[ins[j] for j in js], at=js)
    return out

def messages(prompt:str, call:str) -> list[dict]:
    "The question, with the answer prefilled up to the value."
    return [dict(role='user', content=f"Here is a Python function's specification:\n```python\n{prompt.rstrip()}\n```\n"
                                      f"What does `{call}` return? Answer with the Python value only."),
            dict(role='assistant', content=f"```python\n>>> {call}\n")]

async def ask_one(client, prompt:str, call:str, samples:int, seed:int) -> list[str]:
    "The model's answers for one call: `samples` at temperature 0.7."
    ms = messages(prompt, call)
    cs = await client.complete(ms, n=samples, temperature=0.7, max_tokens=48, seed=seed, stop=['\n', '```'])
    pre = ms[-1]['content']
    return [(c.text[len(pre):] if c.text.startswith(pre) else c.text).strip().split('\n')[0] for c in cs]  # the value: the prefill's echo left out

def ask(a):
    from mcts_codegen.core.config import LLMConfig
    from mcts_codegen.core.llm import get_client
    rows = candidate_rows(a.data, raw=True)
    todo = {p: d for p, d in disputes(rows).items() if d['split'] in a.splits}
    out = Path(a.out or Path('results/verifier')/Path(a.data).name/'judge.jsonl'); out.parent.mkdir(parents=True, exist_ok=True)
    done = {json.loads(l)['problem_id'] for l in out.read_text().splitlines() if l.strip()} if out.exists() else set()
    todo = [(p, d) for p, d in sorted(todo.items()) if p not in done][:a.limit]
    client = get_client(a.llm, LLMConfig(cache=False, batch_decode=True))
    t0 = time.perf_counter()
    with open(out, 'a') as f:
        for i, (pid, d) in enumerate(todo):
            t = time.perf_counter()
            answers = [run_sync(ask_one(client, d['prompt'], c, a.samples, a.seed)) for c in d['calls']]
            f.write(json.dumps(dict(problem_id=pid, split=d['split'], calls=d['calls'], at=d['at'], raw=answers, llm=a.llm, samples=a.samples,
                                    seed=a.seed, seconds=round(time.perf_counter() - t, 2))) + '\n'); f.flush(); os.fsync(f.fileno())
            el = time.perf_counter() - t0
            print(f"judge {i + 1}/{len(todo)} {pid} ({len(d['calls'])} calls) · {el:.0f}s elapsed · ETA {el / (i + 1) * (len(todo) - i - 1):.0f}s", file=sys.stderr, flush=True)


def judged(path) -> dict[str,dict]:
    "The judge file by problem: per disputed input, its position and the Counter of the model's normalised answers."
    out = {}
    for l in Path(path).read_text().splitlines():
        if not l.strip(): continue
        d = json.loads(l)
        out[d['problem_id']] = dict(at=d['at'], votes=[Counter(x for x in map(norm, ans) if x is not None) for ans in d['raw']])
    return out

def judge_features(r:dict, j:dict|None) -> dict[str,float]:
    "`JUDGE` of one data-engine row given its problem's judge entry (zeros where the problem was not judged)."
    if not j: return dict.fromkeys(JUDGE, 0.0)
    o, sh, top = outputs_of(r), [], []
    for at, v in zip(j['at'], j['votes']):
        mine, n = norm(o[at]) if at < len(o) else None, sum(v.values())
        sh.append(v[mine] / n if n and mine is not None else 0.0)
        top.append(float(bool(n) and mine is not None and v[mine] == max(v.values())))
    return dict(has_judge=1.0, judge_share=float(np.mean(sh)), judge_top=float(np.mean(top)))

def accuracy(a):
    print(json.dumps(judge_accuracy(candidate_rows(a.data, raw=True), judged(a.judge or Path('results/verifier')/Path(a.data).name/'judge.jsonl'))))

def judge_accuracy(rows:list[dict], js:dict) -> dict:
    "On train problems: how often the model's plurality answer is the output of a hidden-passing candidate, against picking one of the visible-passing candidates' outputs at random and their majority output."
    by = defaultdict(list)
    for r in rows: by[str(r['problem_id'])].append(r)
    hit = chance = n = major = 0
    for pid, j in js.items():
        rs = by.get(pid)
        if not rs or rs[0].get('split') != 'train': continue
        right = [r for r in rs if r.get('hidden_passed')]
        vp = [r for r in rs if r.get('visible_passed')]
        if not right: continue
        for at, v in zip(j['at'], j['votes']):
            truth = {norm(outputs_of(r)[at]) for r in right}
            if len(truth) != 1 or None in truth: continue  # right programs disagree (an input outside the spec): no truth
            outs = Counter(norm(outputs_of(r)[at]) for r in vp)
            n += 1; chance += 1 / len(outs)
            hit += bool(v) and v.most_common(1)[0][0] in truth
            top = [o for o, k in outs.items() if k == max(outs.values())]
            major += sum(o in truth for o in top) / len(top)  # the candidates' own majority (agreement), ties split
    return dict(inputs=n, judge_right=hit, chance=round(chance, 2), majority_right=round(major, 2))

def fit(a):
    "The verifier of each objective fitted on train with and without `JUDGE`; chosen on dev, test scored only when asked."
    from mcts_codegen.learn.collector import label_rows
    from mcts_codegen.sandbox.executor import Executor
    from mcts_codegen.learn.verifier import OBJECTIVES, auc, feature_table, label_of, train_verifier, visible_all, within_auc
    sys.path.insert(0, str(Path(__file__).parent))
    from verifier_cv import chosen
    js = judged(a.judge or Path('results/verifier')/Path(a.data).name/'judge.jsonl')
    every = candidate_rows(a.data, raw=True)
    acc = judge_accuracy(every, js)  # before any dev or test row is labelled
    raw = [r for r in every if r.get('split') in set(a.splits) | {'train'}]
    with Executor() as ex: rows = [r for r in label_rows(raw, a.problems, [s for s in a.splits if s != 'train'], ex) if label_of(r) is not None]
    tables = {}
    for sp in ['train'] + a.splits:
        rs, X, names = feature_table([r for r in rows if r.get('split') == sp])
        J = np.array([[judge_features(r, js.get(str(r['problem_id'])))[k] for k in JUDGE] for r in rs], float).reshape(len(rs), len(JUDGE))
        tables[sp] = (rs, X, names, J)
    def figures(v, sp):
        rs, X, names, J = tables[sp]
        s = v.prob(np.hstack([X, J])[:, [(names + list(JUDGE)).index(n) for n in v.names]])
        y, vis, pid = np.array([label_of(r) for r in rs], bool), visible_all(rs), [str(r['problem_id']) for r in rs]
        r4 = lambda x: None if x is None else round(float(x), 4)
        return dict(auc_visible_pass=r4(auc(y[vis], s[vis])), within_auc=r4(within_auc(pid, y, s, vis)), chosen=chosen(pid, y, s, vis),
                    random_chosen=chosen(pid, y, np.zeros(len(rs)), vis), oracle=len({p for p, v_, l in zip(pid, vis, y) if v_ and l}),
                    judged_problems=len({p for p, j in zip(pid, J[:, 0]) if j}))
    out = dict(data=str(a.data), judge_problems=len(js), judge_inputs=sum(len(j['at']) for j in js.values()), splits=a.splits,
               train_accuracy=acc)
    def fitted(obj, keep):
        "The verifier of `obj` fitted on train (penalty chosen on dev) with the judge features `keep` added."
        ix = [JUDGE.index(k) for k in keep]
        tb = {sp: (t[0], np.hstack([t[1], t[3][:, ix]]), t[2] + list(keep)) for sp, t in tables.items() if sp in ('train', 'dev')}
        v = train_verifier([], tables=tb, objective=obj)
        d = dict(l2=v.meta['l2'], **{sp: figures(v, sp) for sp in a.splits})
        if keep: d['weights'] = {n: round(float(w), 4) for n, w in zip(v.names, v.w) if n in JUDGE}
        return d
    show = lambda name, d: print(name, json.dumps({sp: {k: d[sp][k] for k in ('auc_visible_pass', 'within_auc', 'chosen')} for sp in a.splits}), flush=True)
    for obj in OBJECTIVES:
        for name, keep in ((obj, ()), (f'{obj}+judge', JUDGE)):
            out[name] = fitted(obj, keep); show(name, out[name])
    if a.dissect:  # which judge feature carries the figure: each alone, and the group less each
        out['dissection'] = {}
        for obj in OBJECTIVES:
            for keep in [(k,) for k in JUDGE] + [tuple(x for x in JUDGE if x != k) for k in JUDGE]:
                name = f"{obj}+{'+'.join(keep)}"
                out['dissection'][name] = fitted(obj, keep); show(name, out['dissection'][name])
    if a.out: Path(a.out).write_text(json.dumps(out, indent=1) + '\n')

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('cmd', choices=['ask', 'accuracy', 'fit'])
    ap.add_argument('--data', required=True, help='a collect folder (data/candidates/MODEL)')
    ap.add_argument('--llm', default='local:qwen2.5-coder-1.5b')
    ap.add_argument('--samples', type=int, default=8)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--splits', default='train,dev,test', type=lambda s: s.split(','))
    ap.add_argument('--limit', type=int, default=None)
    ap.add_argument('--judge', default=None, help='the judge file (default: results/verifier/MODEL/judge.jsonl)')
    ap.add_argument('--problems', default='data/corpus/corpus.jsonl', help='the problem file, to label dev/test rows for `fit`')
    ap.add_argument('--out', default=None)
    ap.add_argument('--dissect', action='store_true', help='`fit`: also each judge feature alone and the group less each')
    a = ap.parse_args(argv)
    dict(ask=ask, accuracy=accuracy, fit=fit)[a.cmd](a)

if __name__ == '__main__': main()
