"""Can a cheap signal choose among the programs that pass every visible test? A probe on labelled train candidates
(train labels may be used for tuning), before any of it goes into the library.

    python experiments/2026-11-27-verifier-probes/choice_probe.py --data data/candidates/qwen2.5-coder-1.5b [--judge] [--mutated 48] [--out results/verifier/qwen2.5-coder-1.5b/choice_probe.json]

For every labelled train problem with a visible-passing program, each rule picks among its distinct visible-passing
programs, weighted by how often each was drawn; a problem scores the share of the picked draws that pass the hidden test
(ties split evenly), so a column's sum is the expected number of problems solved by choosing that way:
- `random`: any visible-passing draw (the stop rule "first to pass", in expectation);
- `likelihood`: the program with the highest mean token log-probability;
- `greedy`: the greedy answer when it passes the visible tests (else any);
- `model_inputs`: the largest behaviour cluster on the model-written inputs the data engine recorded (`collect`);
- `mutated_inputs`: the largest cluster on inputs mutated from the docstring's examples (no model call: each literal
  argument nudged, emptied, reversed, cut, doubled; arguments crossed between examples);
- `agreement`: on every input (model-written and mutated), each program scores the share of the draws that return
  what it returns; the program with the most in sum wins (a per-input majority vote, where the largest cluster needs
  one behaviour on every input at once);
- `agreement_likelihood`: agreement (as a share of the problem's best) plus `a` times the mean token log-probability
  over 0.1, `a` chosen from a grid on four fifths of the problems and scored on the fifth (5 folds by problem, 3 seeds;
  a problem's value is its held-out share averaged over the seeds), so the column is not tuned on what it scores;
- `judge` (with --judge): on the inputs (both kinds) where visible-passing programs return different values, the code
  model is asked which value the specification requires (multiple choice, asked twice in opposite orders); the program
  whose values it picks most often wins, ties by cluster size;
- `oracle`: 1 if any visible-passing program passes the hidden test.
Then a replay of the stop rule: each labelled problem's first ten draws in the order they were made (the greedy answer
first), stopped after the first, second or third visible-passing draw or at the budget, the choice made by votes, by
likelihood, or by both (the weight chosen on other folds) among the visible-passing programs drawn by then.
The hidden verdicts are read only to score the rules, never by a rule.
"""
from __future__ import annotations
import argparse, asyncio, json, math, random, re, time
from collections import Counter, defaultdict
from pathlib import Path
from mcts_codegen.core.agents import system_prompt
from mcts_codegen.learn.collector import CANDIDATES_FILE
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.llm import get_client
from mcts_codegen.core.loaders import load_humaneval, problem_from_humaneval
from mcts_codegen.learn.records import iter_jsonl
from mcts_codegen.core.select import behaviours, mutated_calls, plurality, voted
from verifier_cv import top_share  # a rule's chance of a right choice, the same measure as the verifier's `chosen`

LETTERS = 'ABCD'
def judge_messages(prompt:str, call:str, options:list[str]) -> list[dict]:
    "Ask which of `options` the specification requires `call` to return."
    opts = '\n'.join(f"{LETTERS[i]}) {o}" for i, o in enumerate(options))
    u = (f"Here is a function's specification:\n\n```python\n{prompt.strip()}\n```\n\nRead the description carefully, every clause. "
         f"What must `{call}` return?\n\n{opts}\n\nAnswer with the letter of the right value only.")
    return [dict(role='system', content=system_prompt()), dict(role='user', content=u)]

def _value(b) -> str|None: return None if b[0] != 'value' else b[1] if isinstance(b[1], str) else repr(b[1])

GRID = (0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 10)  # weights of the likelihood against the votes

def blended(d:dict, a:float) -> float:
    "The right share of a problem's choice by votes plus `a` times the likelihood (per 0.1 nats)."
    p = d['programs']
    s = voted(p['votes'], p['lp'], a)
    return top_share(p['right'], p['w'], lambda i: s[i])

def cross_fit(per:list[dict], value=blended, folds:int=5, seeds=(0, 1, 2)) -> tuple[list[float], list[float]]:
    "Per seed, the weight each fold chose on the others by `value(problem, weight)`; (each problem's held-out value averaged over the seeds, the weights chosen)."
    held, chosen = defaultdict(list), []
    for seed in seeds:
        ps = list(range(len(per))); random.Random(seed).shuffle(ps)
        for k in range(folds):
            test = set(ps[k::folds])
            a = max(GRID, key=lambda a: sum(value(per[i], a) for i in ps if i not in test))
            chosen.append(a)
            for i in test: held[i].append(value(per[i], a))
    return [sum(held[i]) / len(held[i]) for i in range(len(per))], chosen

STOPS = (1, 2, 3, 10)  # a replayed search stops after this many visible-passing draws (10: it spends the budget)

def replay(rs:list[dict], vp:list[dict], sigs:list, budget:int=10) -> dict:
    "The first `budget` draws of a problem in the order they were made (the greedy answer first): for each stop rule in `STOPS`, the draws spent and, per weight of `GRID`, the right share of the choice by votes (among the drawn visible-passing programs) plus the weighted likelihood."
    at, out = {r['key']: i for i, r in enumerate(vp)}, {}
    draws = sorted(rs, key=lambda r: r['index'])[:budget]
    for k in STOPS:
        n, seen = 0, 0
        for n, r in enumerate(draws, 1):
            seen += bool(r['visible_passed'])
            if seen >= k: break
        got = Counter(at[r['key']] for r in draws[:n] if r['visible_passed'])
        idx, w = list(got), list(got.values())
        votes = plurality([sigs[i] for i in idx], w)
        lab, lp = [vp[i]['hidden_passed'] for i in idx], [vp[i].get('logprob_mean') for i in idx]
        out[str(k)] = dict(draws=n, right={str(a): (top_share(lab, w, voted(votes, lp, a).__getitem__) if idx else 0.0) for a in GRID})
    return out

async def probe(rows:list[dict], corpus:str, llm=None, max_inputs:int=3, n_mutated:int=24) -> list[dict]:
    "One line per labelled train problem with a visible-passing program: what each rule's choice scores."
    recs, byp, ex, out = {r['task_id']: r for r in load_humaneval(None, corpus)}, defaultdict(list), Executor(), []
    for r in rows:
        if r.get('split') == 'train' and r.get('hidden_passed') is not None: byp[r['problem_id']].append(r)
    for pid, rs in byp.items():
        view, progs = problem_from_humaneval(recs[pid]).search_view(), {}
        for r in rs: progs.setdefault(r['key'], r)
        vp = [r for r in progs.values() if r['visible_passed']]
        if not vp:
            out.append(dict(problem=pid, visible_pass=0, draws=min(len(rs), 10))); continue
        draws = Counter(r['key'] for r in rs)
        w, lab = [draws[r['key']] for r in vp], [r['hidden_passed'] for r in vp]
        model = [tuple(map(str, r.get('outputs') or [])) + tuple(map(str, r.get('raised') or [])) for r in vp]
        mut = mutated_calls(view.visible_tests, view.entry_point, k=n_mutated)
        # one sandbox run per program: on the model-written inputs and the mutated ones
        inputs = list(dict.fromkeys((rs[0].get('inputs') or []) + mut))
        sigs = [s or () for s in await behaviours(view, [r['code'] for r in vp], inputs, ex)] if inputs else [()] * len(vp)
        at = {c: j for j, c in enumerate(inputs)}
        fz = [tuple(s[at[c]] for c in mut if at[c] < len(s)) for s in sigs]
        d = dict(problem=pid, visible_pass=len(vp), right=sum(lab), random=top_share(lab, w, lambda i: 0),
                 likelihood=top_share(lab, w, lambda i: vp[i].get('logprob_mean') or -math.inf), greedy=top_share(lab, w, lambda i: vp[i].get('made') == 'greedy'),
                 model_inputs=top_share(lab, w, _weights(model, w)), mutated_inputs=top_share(lab, w, _weights(fz, w)))
        votes = plurality(sigs, w)
        d |= dict(agreement=top_share(lab, w, lambda i: votes[i]), programs=dict(votes=[round(v, 4) for v in votes], lp=[vp[i].get('logprob_mean') for i in range(len(vp))], w=w, right=lab),
                  replay=replay(rs, vp, sigs))
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
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in d.items() if k not in ('programs', 'replay')}), flush=True)
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
    ap.add_argument('--mutated', type=int, default=24, help='inputs mutated from the examples, per problem')
    ap.add_argument('--out', type=Path)
    a = ap.parse_args()
    rows, t0 = list(iter_jsonl(a.data/CANDIDATES_FILE)), time.time()
    rows_of = defaultdict(list)
    for r in rows: rows_of[r['problem_id']].append(r)
    llm = get_client(f'local:{a.data.name}') if a.judge else None
    every = asyncio.run(probe(rows, a.corpus, llm, a.max_inputs, a.mutated))
    per, none = [d for d in every if d['visible_pass']], [d for d in every if not d['visible_pass']]
    held, weights = cross_fit(per)
    for d, h in zip(per, held): d['agreement_likelihood'] = h
    cols = [c for c in ('random', 'likelihood', 'greedy', 'model_inputs', 'mutated_inputs', 'agreement', 'agreement_likelihood', 'judge', 'oracle') if per and c in per[0]]
    mixed = [d for d in per if 0 < d['right'] < d['visible_pass']]
    tot = dict(problems=len(per), mixed=len(mixed), **{c: round(sum(d[c] for d in per), 2) for c in cols},
               mixed_sums={c: round(sum(d[c] for d in mixed), 2) for c in cols})
    if a.judge: tot['judge_calls'] = sum(d['judge_calls'] for d in per)
    tot['weights_chosen'] = dict(sorted(Counter(weights).items()))
    rep = {}
    for k in map(str, STOPS):  # every labelled problem replayed, those without a visible-passing draw too (they spend the budget and solve nothing)
        right = lambda d, a, k=k: d['replay'][k]['right'][str(a)]
        held_k, _ = cross_fit(per, right)
        rep[k] = dict(draws=round((sum(d['replay'][k]['draws'] for d in per) + sum(d['draws'] for d in none)) / len(every), 2),
                      votes=round(sum(right(d, 0) for d in per), 2), likelihood=round(sum(right(d, GRID[-1]) for d in per), 2), both=round(sum(held_k), 2))
    tot['replay'] = dict(problems=len(every), oracle=sum(any(r['hidden_passed'] for r in sorted(rows_of[d['problem']], key=lambda r: r['index'])[:10]) for d in every), stops=rep)
    print(json.dumps({k: v for k, v in tot.items()}))
    if a.out:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        head = json.dumps(dict(settings=dict(data=str(a.data), model=a.data.name, judge=a.judge, max_inputs=a.max_inputs, mutated=a.mutated,
                                             seconds=round(time.time() - t0)), totals=tot), indent=1)
        a.out.write_text(head[:-2] + ',\n "problems": [\n' + ',\n'.join(json.dumps(d) for d in every) + '\n ]\n}\n')  # a problem per line
