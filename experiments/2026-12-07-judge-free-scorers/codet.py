"""CodeT's dual agreement and B4 on the pools (issue 81 item 2's untried methods): the model writes `assert f(...) == value` tests
from the prompt alone (one greedy answer of at most 300 tokens, prefilled with `assert f(` as CodeT's prompt ends), every distinct visible-passing program runs them, and programs that pass the same tests form a consensus
set, scored by CodeT (programs x tests passed; also B4's repository variant, tests x sqrt(programs)) or by B4's posterior (beta
priors: beta_0 in 1e4, 1e5, 1e6 and alpha 1e3, the defaults of github.com/ZJU-CTAG/B4, beta_0 chosen on dev). Ties: the earliest
drawn, as the cluster chooser breaks them.

    nice -n 19 python experiments/2026-12-07-judge-free-scorers/codet.py MODEL SPLIT [SECONDS]   (CODET_THREADS=1 beside a benchmark)
    python experiments/2026-12-07-judge-free-scorers/codet.py MODEL SPLIT --eval                 # writes codet.json

Subset: the problems of SPLIT where the choice matters (a right and a wrong visible-passing candidate), as reviewer.py picks them
(the labels choose the subset, never a score). The hidden tests only label. Tests are cached under /tmp/i81 (no label in them)."""
from __future__ import annotations
import ast, asyncio, json, os, pickle, sys, time
from collections import Counter
from pathlib import Path
import numpy as np
from scipy.special import betaln
sys.path.insert(0, str(Path(__file__).parent))
from pools import pools, choice_matters, CORPUS
from mcts_codegen.learn.verifier import label_of, within_auc

HERE, CACHE = Path(__file__).parent, Path('/tmp/i81')
ENTRY = {r['task_id']: r['entry_point'] for r in map(json.loads, CORPUS.open())}

def ask(prompt:str, entry:str, k:int=10) -> list[dict]:
    user = (f"Here is a function to test:\n\n```python\n{prompt.strip()}\n```\n\nWrite {k} different tests of `{entry}` as assert statements, "
            f"`assert {entry}(...) == expected`, each on one line: typical cases, edge cases (empty, zero, one element, negative numbers, ties) "
            "and tricky ones, with the result the description requires. Only valid inputs. One ```python code block.")
    return [dict(role='user', content=user), dict(role='assistant', content=f"```python\nassert {entry}(")]  # prefilled, as CodeT's prompt ends

def asserts(text:str, entry:str) -> list[tuple[str, object]]:
    "The (call, expected value) of each `assert entry(...) == literal` line of the answer's code."
    out = []
    for line in text.splitlines():
        s = line.strip()
        if not s.startswith('assert '): continue
        try: t = ast.parse(s).body[0]
        except SyntaxError: continue
        c = t.test
        if not (isinstance(c, ast.Compare) and len(c.ops) == 1 and isinstance(c.ops[0], ast.Eq)): continue
        a, b = c.left, c.comparators[0]
        if not (isinstance(a, ast.Call) and isinstance(a.func, ast.Name) and a.func.id == entry): a, b = b, a
        if not (isinstance(a, ast.Call) and isinstance(a.func, ast.Name) and a.func.id == entry): continue
        try: out.append((ast.unparse(a), ast.literal_eval(b)))
        except (ValueError, SyntaxError, TypeError): continue
    return list({(c, repr(v)): (c, v) for c, v in out}.values())

def tests_file(model:str) -> Path: return HERE/f'codet-tests-{model}.jsonl'

def load_tests(model:str) -> dict[str,dict]:
    "The model-written tests kept beside this script: {problem: {texts, tests: [(call, value)]}} (made from the prompt alone: no label)."
    f = tests_file(model)
    return {r['problem_id']: dict(texts=r['texts'], tests=[(c, ast.literal_eval(v)) for c, v in r['tests']]) for r in map(json.loads, f.open())} if f.is_file() else {}

def write_tests(model:str, split:str, budget:float):
    from mcts_codegen.core.config import Config
    from mcts_codegen.core.llm import get_client
    got = load_tests(model)
    todo = [(p, rs[0]['prompt']) for p, rs in choice_matters(model, split).items() if p not in got]
    cfg = Config().llm.model_copy(update=dict(n_threads=int(os.environ.get('CODET_THREADS', 2)), cache=False))
    llm = get_client(f'local:{model}', cfg)
    t0 = time.time()
    for p, prompt in todo:
        if time.time() - t0 > budget: break
        g = asyncio.run(llm.complete(ask(prompt, ENTRY[p]), n=1, temperature=0.0, max_tokens=300, seed=0, stop=['```']))
        texts = [c.text for c in g]  # the embedded client's text leads with the prefilled answer
        got[p] = dict(texts=texts, tests=asserts('\n'.join(texts), ENTRY[p]))
        with tests_file(model).open('a') as f: f.write(json.dumps(dict(problem_id=p, split=split, seconds=round(time.time() - t0, 1), texts=texts, tests=[(c, repr(v)) for c, v in got[p]['tests']])) + '\n')
        print(f"{p}: {len(got[p]['tests'])} tests ({time.time() - t0:.0f}s)", flush=True)
    print(f"{len(got)} problems have tests; {time.time() - t0:.0f}s", flush=True)

def pass_matrix(model:str, split:str) -> dict[str, tuple[list[str], np.ndarray]]:
    "Each problem's distinct visible-passing programs and their pass matrix on the model's tests (cached)."
    from mcts_codegen.sandbox.executor import Executor
    from mcts_codegen.core.config import Config
    from mcts_codegen.core.problem import CallTest
    f = CACHE/f'codet-matrix-{model}-{split}.pkl'
    out = pickle.loads(f.read_bytes()) if f.is_file() else {}
    tests = load_tests(model)
    async def go(ex):
        for p, rs in choice_matters(model, split).items():
            if p not in tests or p in out: continue
            codes, ts = list(dict.fromkeys(r['code'] for r in rs)), [CallTest(call=c, expected=v, source='model') for c, v in tests[p]['tests']]
            E = np.zeros((len(codes), len(ts)), np.int8)
            if ts:
                for i, c in enumerate(codes):
                    res = await ex.arun(c, ts)
                    for j, o in enumerate(res.tests): E[i, j] = o.passed
            out[p] = (codes, E)
    with Executor(Config().executor) as ex: asyncio.run(go(ex))
    f.write_bytes(pickle.dumps(out))
    return out

def consensus(E:np.ndarray) -> list[tuple[list[int], tuple]]:
    "Programs grouped by the tests they pass: (rows, layout)."
    g = {}
    for i in range(len(E)): g.setdefault(tuple(E[i].tolist()), []).append(i)
    return [(ix, lay) for lay, ix in g.items()]

def b4(E:np.ndarray, beta0:float, alpha:float=1e3) -> np.ndarray:
    "Each program's score: the log posterior of its consensus set being the right programs and the tests they pass (B4)."
    s = np.zeros(len(E))
    for ix, lay in consensus(E):
        x = np.zeros(len(E), bool); x[ix] = True; y = np.array(lay, bool)
        bl = lambda n1, n, a=1, b=1: betaln(n1 + a, n - n1 + b)
        E1, E0 = E[~x][:, y], E[~x][:, ~y]
        s[ix] = bl(y.sum(), len(y), a=alpha) + bl(x.sum(), len(x), a=alpha) + bl(E1.sum(), E1.size) + bl(E0.sum(), E0.size, b=beta0)
    return s

def scorers(E:np.ndarray) -> dict[str, np.ndarray]:
    out = {}
    for name, f in (('codet: programs x tests passed', lambda n, t: n * t), ('codet (B4 repo): tests passed x sqrt(programs)', lambda n, t: t * n ** 0.5),
                    ('max pass', lambda n, t: t), ('consensus size (tests only)', lambda n, t: n)):
        s = np.zeros(len(E))
        for ix, lay in consensus(E): s[ix] = f(len(ix), sum(lay))
        out[name] = s
    for b0 in (1e4, 1e5, 1e6): out[f'B4, beta_0 {b0:.0e}'] = b4(E, b0)
    return out

def evaluate(model:str, split:str):
    "Within-problem AUC and expected problems solved by the first choice, on the candidate rows of the problems with tests, as reviewer_eval.py counts them, beside eval.py's scorers."
    from eval import per_problem, SCORES
    M, ms = pass_matrix(model, split), choice_matters(model, split)
    first = {}
    for r in pools(model): first[r['problem_id'], r['code']] = min(first.get((r['problem_id'], r['code']), 99), int(r['index']))
    mine = {}  # scorer: {(problem, code): score}, ties broken by draw order
    for p, (codes, E) in M.items():
        lo = np.array([first[p, c] for c in codes], float)
        for k, sc in scorers(E).items():
            for c, x, o in zip(codes, sc, lo): mine.setdefault(k, {})[p, c] = x - 1e-6 * o / 100
    rows = [r for r in map(json.loads, SCORES.open()) if r['model'] == model and r['split'] == split and r['visible_pass'] and r['problem_id'] in M]
    pid, y, vis = [r['problem_id'] for r in rows], np.array([r['label'] for r in rows], bool), np.ones(len(rows), bool)
    S = {k: np.array([m[r['problem_id'], r['code']] for r in rows]) for k, m in mine.items()}
    S |= {n: np.array([r['scores'][k] for r in rows]) for n, k in (('first drawn', 'first_drawn'), ('random visible-passing', 'random'), ('learned verifier', 'verifier'),
                                                                     ('cluster share, corner + mutated inputs, ties by draw order', 'corner2_size+order'))}
    res = {k: dict(within_auc=round(within_auc(pid, y, s, vis), 4), solved=round(sum(per_problem(rows, y, vis, s).values()), 2)) for k, s in S.items()}
    nt = [E.shape[1] for _, E in M.values()]
    out = dict(model=model, split=split, problems=len(M), candidates=len(rows), programs=sum(len(c) for c, _ in M.values()),
               tests_per_problem=round(float(np.mean(nt)), 1) if nt else 0, no_tests=sum(t == 0 for t in nt),
               tests_right=round(float(np.mean([right_tests(ms[p], *M[p]) for p in M])), 3) if M else None, scorers=res)
    f = HERE/'codet.json'
    old = json.loads(f.read_text()) if f.is_file() else []
    f.write_text(json.dumps([o for o in old if (o['model'], o['split']) != (model, split)] + [out], indent=1))
    for k, v in res.items(): print(f"{k:60} within AUC {v['within_auc']}  solved {v['solved']} of {out['problems']}")
    print({k: v for k, v in out.items() if k != 'scorers'})

def right_tests(rows:list[dict], codes:list[str], E:np.ndarray) -> float:
    "The share of the model's tests that every right visible-passing program of a problem passes (a test's quality, for the note; labels only)."
    lab = {r['code']: bool(label_of(r)) for r in rows}
    ok = [i for i, c in enumerate(codes) if lab.get(c)]
    return float(E[ok].all(0).mean()) if ok and E.shape[1] else 0.0

if __name__ == '__main__':
    model, split = sys.argv[1:3]
    if '--eval' in sys.argv: evaluate(model, split)
    else: write_tests(model, split, float(sys.argv[3]) if len(sys.argv) > 3 else 3600)
