"""Can a cheap signal choose among the programs that pass every visible test? A probe on labelled train candidates
(train labels may be used for tuning), before any of it goes into the library.

    python bench/choice_probe.py --data data/candidates/qwen2.5-coder-1.5b [--judge] [--out results/verifier/qwen2.5-coder-1.5b/choice_probe.json]

For every labelled train problem with a visible-passing program, each rule picks among its distinct visible-passing
programs, weighted by how often each was drawn; a problem scores the share of the picked draws that pass the hidden test
(ties split evenly), so a column's sum is the expected number of problems solved by choosing that way:
- `random`: any visible-passing draw (the stop rule "first to pass", in expectation);
- `likelihood`: the program with the highest mean token log-probability;
- `greedy`: the greedy answer when it passes the visible tests (else any);
- `model_inputs`: the largest behaviour cluster on the model-written inputs the data engine recorded (`collect`);
- `mutated_inputs`: the largest cluster on inputs mutated from the docstring's examples (no model call: each literal
  argument nudged, emptied, reversed, cut, doubled; arguments crossed between examples);
- `judge` (with --judge): on the inputs (both kinds) where visible-passing programs return different values, the code
  model is asked which value the specification requires (multiple choice, asked twice in opposite orders); the program
  whose values it picks most often wins, ties by cluster size;
- `oracle`: 1 if any visible-passing program passes the hidden test.
The hidden verdicts are read only to score the rules, never by a rule.
"""
from __future__ import annotations
import argparse, ast, asyncio, json, math, random, re, time
from collections import Counter, defaultdict
from pathlib import Path
from mcts_codegen.agents import system_prompt
from mcts_codegen.collector import CANDIDATES_FILE
from mcts_codegen.executor import Executor
from mcts_codegen.llm import get_client
from mcts_codegen.loaders import load_humaneval, problem_from_humaneval
from mcts_codegen.records import iter_jsonl
from mcts_codegen.select import behaviours
from verifier_cv import top_share  # a rule's chance of a right choice, the same measure as the verifier's `chosen`

def mutations(v, rng:random.Random) -> list:
    "Nearby values of one literal argument."
    if isinstance(v, bool): return [not v]
    if isinstance(v, int): return [0, 1, -1, v + 1, v - 1, -v, 2 * v, v + 7]
    if isinstance(v, float): return [0.0, v + 0.5, -v, v * 2]
    if isinstance(v, str): return ['', v[:1], v[::-1], v + v, v[1:], v[:-1], v.upper(), ' ' + v] + ([v[:len(v) // 2], v.replace(v[0], v[-1])] if len(v) > 2 else [])
    if isinstance(v, (list, tuple)):
        t, l = type(v), list(v)
        out = [t([]), t(l[:1]), t(l[::-1]), t(l + l[:1]), t(l[1:]), t(l[:-1]), t(sorted(l, key=repr))]
        if l:
            i = rng.randrange(len(l))
            out += [t(l[:i] + [s] + l[i + 1:]) for s in mutations(l[i], rng)[:3]]
        return out
    if isinstance(v, dict):
        ks = list(v)
        return [{}] + ([{k: v[k] for k in ks[1:]}, {k: v[k] for k in ks[:-1]}] if ks else [])
    return []

def mutated_calls(tests, entry:str, k:int=24, seed:int=0) -> list[str]:
    "Up to `k` calls of `entry` made from the visible tests' literal arguments: one argument mutated, or crossed with another example's."
    rng, argsets = random.Random(seed), []
    for t in tests:
        try:
            c = ast.parse(t.call, mode='eval').body
            argsets.append(([ast.literal_eval(a) for a in c.args], {kw.arg: ast.literal_eval(kw.value) for kw in c.keywords}))
        except Exception: continue
    out = [(args[:i] + [m] + args[i + 1:], kws) for args, kws in argsets for i, a in enumerate(args) for m in mutations(a, rng)]
    out += [(a1[:i] + [a2[i]] + a1[i + 1:], k1) for a1, k1 in argsets for a2, _ in argsets
            if a1 is not a2 and len(a1) == len(a2) >= 2 for i in range(len(a1))]
    calls = list(dict.fromkeys(f"{entry}({', '.join([repr(a) for a in args] + [f'{n}={v!r}' for n, v in kws.items()])})" for args, kws in out))
    rng.shuffle(calls)
    return calls[:k]

LETTERS = 'ABCD'
def judge_messages(prompt:str, call:str, options:list[str]) -> list[dict]:
    "Ask which of `options` the specification requires `call` to return."
    opts = '\n'.join(f"{LETTERS[i]}) {o}" for i, o in enumerate(options))
    u = (f"Here is a function's specification:\n\n```python\n{prompt.strip()}\n```\n\nRead the description carefully, every clause. "
         f"What must `{call}` return?\n\n{opts}\n\nAnswer with the letter of the right value only.")
    return [dict(role='system', content=system_prompt()), dict(role='user', content=u)]

def _value(b) -> str|None: return None if b[0] != 'value' else b[1] if isinstance(b[1], str) else repr(b[1])

async def probe(rows:list[dict], corpus:str, llm=None, max_inputs:int=3) -> list[dict]:
    "One line per labelled train problem with a visible-passing program: what each rule's choice scores."
    recs, byp, ex, out = {r['task_id']: r for r in load_humaneval(None, corpus)}, defaultdict(list), Executor(), []
    for r in rows:
        if r.get('split') == 'train' and r.get('hidden_passed') is not None: byp[r['problem_id']].append(r)
    for pid, rs in byp.items():
        view, progs = problem_from_humaneval(recs[pid]).search_view(), {}
        for r in rs: progs.setdefault(r['key'], r)
        vp = [r for r in progs.values() if r['visible_passed']]
        if not vp: continue
        draws = Counter(r['key'] for r in rs)
        w, lab = [draws[r['key']] for r in vp], [r['hidden_passed'] for r in vp]
        model = [tuple(map(str, r.get('outputs') or [])) + tuple(map(str, r.get('raised') or [])) for r in vp]
        mut = mutated_calls(view.visible_tests, view.entry_point)
        # one sandbox run per program: on the mutated inputs, and with --judge on the model-written ones too (the judge's pool)
        inputs = list(dict.fromkeys(((rs[0].get('inputs') or []) if llm is not None else []) + mut))
        sigs = [s or () for s in await behaviours(view, [r['code'] for r in vp], inputs, ex)] if inputs else [()] * len(vp)
        at = {c: j for j, c in enumerate(inputs)}
        fz = [tuple(s[at[c]] for c in mut if at[c] < len(s)) for s in sigs]
        d = dict(problem=pid, visible_pass=len(vp), right=sum(lab), random=top_share(lab, w, lambda i: 0),
                 likelihood=top_share(lab, w, lambda i: vp[i].get('logprob_mean') or -math.inf), greedy=top_share(lab, w, lambda i: vp[i].get('made') == 'greedy'),
                 model_inputs=top_share(lab, w, _weights(model, w)), mutated_inputs=top_share(lab, w, _weights(fz, w)))
        if llm is not None:
            ranked = []
            for j, call in enumerate(inputs):
                vals = Counter()
                for s, wi in zip(sigs, w):
                    if j < len(s) and (v := _value(s[j])) is not None: vals[v] += wi
                if len(vals) >= 2:
                    p = [c / sum(vals.values()) for c in vals.values()]
                    ranked.append((-sum(x * math.log(x) for x in p), j, [v for v, _ in vals.most_common(4)]))
            votes, calls = [0] * len(vp), 0
            for _, j, opts in sorted(ranked, reverse=True)[:max_inputs]:
                for order in (opts, opts[::-1]):
                    c, = await llm.complete(judge_messages(view.prompt, inputs[j], order), n=1, temperature=0.0, max_tokens=3)
                    calls += 1
                    m = re.search(r'[A-D]', c.text)
                    if not m or LETTERS.index(m.group()) >= len(order): continue
                    chosen = order[LETTERS.index(m.group())]
                    for i, s in enumerate(sigs): votes[i] += j < len(s) and _value(s[j]) == chosen
            size = _weights(sigs, w)
            d |= dict(judge=top_share(lab, w, lambda i: (votes[i], size(i))), judge_inputs=len(ranked), judge_calls=calls)
        d['oracle'] = float(any(r['hidden_passed'] for r in vp))
        out.append(d)
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in d.items()}), flush=True)
    return out

def _weights(sigs:list, w:list[int]):
    "Draws behind each program's behaviour (its cluster's size)."
    c = Counter()
    for s, wi in zip(sigs, w): c[s] += wi
    return lambda i: c[sigs[i]]

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--data', type=Path, required=True, help='a collect folder (its candidates.jsonl)')
    ap.add_argument('--corpus', default='data/corpus/corpus.jsonl')
    ap.add_argument('--judge', action='store_true', help="also ask the code model (the folder's name) to judge values")
    ap.add_argument('--max-inputs', type=int, default=3, help='inputs judged per problem')
    ap.add_argument('--out', type=Path)
    a = ap.parse_args()
    rows, t0 = list(iter_jsonl(a.data/CANDIDATES_FILE)), time.time()
    llm = get_client(f'local:{a.data.name}') if a.judge else None
    per = asyncio.run(probe(rows, a.corpus, llm, a.max_inputs))
    cols = [c for c in ('random', 'likelihood', 'greedy', 'model_inputs', 'mutated_inputs', 'judge', 'oracle') if per and c in per[0]]
    mixed = [d for d in per if 0 < d['right'] < d['visible_pass']]
    tot = dict(problems=len(per), mixed=len(mixed), **{c: round(sum(d[c] for d in per), 2) for c in cols},
               mixed_sums={c: round(sum(d[c] for d in mixed), 2) for c in cols})
    if a.judge: tot['judge_calls'] = sum(d['judge_calls'] for d in per)
    print(json.dumps(tot))
    if a.out:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_text(json.dumps(dict(settings=dict(data=str(a.data), model=a.data.name, judge=a.judge, max_inputs=a.max_inputs,
                                                       seconds=round(time.time() - t0)), totals=tot, problems=per), indent=1) + '\n')
