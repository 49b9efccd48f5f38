"""Coder-Reviewer's reviewer term on a subset of the pools: log p(docstring | program) from one prefill of an embedded model
(llama.cpp, its logits read directly; no generation). The program is shown without its docstring, then the docstring follows
as the one the program was written for; the score is the mean log-probability of the docstring's tokens. Cached under /tmp.

    nice -n 19 python experiments/2026-12-07-judge-free-scorers/reviewer.py POOL_MODEL REVIEWER_MODEL SPLIT [SECONDS]   (REVIEWER_THREADS=1 beside a benchmark)

Subset: the distinct visible-passing programs of the SPLIT's problems that hold both a right and a wrong visible-passing
candidate (where the choice matters; the labels pick the subset, never the score), until SECONDS run out."""
from __future__ import annotations
import ast, json, os, pickle, sys, time
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).parent))
from pools import choice_matters

def undocumented(code:str) -> str:
    "`code` with the docstrings of its functions removed (comments go too: `ast.unparse`)."
    try: t = ast.parse(code)
    except SyntaxError: return code
    for n in ast.walk(t):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.body and isinstance(n.body[0], ast.Expr) and isinstance(getattr(n.body[0], 'value', None), ast.Constant) and isinstance(n.body[0].value.value, str):
            n.body = n.body[1:] or [ast.Pass()]
    return ast.unparse(t)

def docstring(prompt:str, entry:str) -> str:
    t = ast.parse(prompt + '\n    pass\n') if not prompt.rstrip().endswith(':') else ast.parse(prompt + '\n    pass\n')
    f = next(n for n in ast.walk(t) if isinstance(n, ast.FunctionDef) and n.name == entry)
    return ast.get_docstring(f, clean=False) or ''

def review(llm, code:str, doc:str, entry:str) -> float:
    "Mean log p(docstring tokens | program, cue)."
    head = f"{undocumented(code)}\n\n# The docstring that {entry} was written for:\n\"\"\""
    a = llm.tokenize(head.encode(), add_bos=False)
    b = llm.tokenize(doc.encode(), add_bos=False, special=False)
    toks = (a + b)[-2000:]
    nb = min(len(b), len(toks) - 1)
    llm.reset(); llm.eval(toks)
    L = np.asarray(llm.scores[len(toks) - nb - 1:len(toks) - 1], dtype=np.float64)
    L = L - L.max(1, keepdims=True); lp = L - np.log(np.exp(L).sum(1, keepdims=True))
    return float(np.mean(lp[np.arange(nb), toks[len(toks) - nb:]]))

if __name__ == '__main__':
    pool_model, rev_model, split = sys.argv[1:4]; budget = float(sys.argv[4]) if len(sys.argv) > 4 else 600
    from mcts_codegen.core.llm import new_llama  # loads as the embedded client does (without the extra buffer types that crash AMX builds)
    cache = Path(f'/tmp/i81/reviewer-{pool_model}-{rev_model}.pkl')
    got = pickle.loads(cache.read_bytes()) if cache.is_file() else {}
    entry = {r['task_id']: r['entry_point'] for r in map(json.loads, open(Path(__file__).resolve().parents[2]/'data/corpus/corpus.jsonl'))}
    mixed = choice_matters(pool_model, split)
    todo = [(p, c) for p, rs in sorted(mixed.items()) for c in dict.fromkeys(r['code'] for r in rs) if (p, c) not in got]
    llm = new_llama(Path.home()/f'.cache/mcts_codegen/models/{rev_model}-instruct-q4_k_m.gguf', n_ctx=2048, logits_all=True, n_threads=int(os.environ.get("REVIEWER_THREADS", 2)), verbose=False)
    t0, n = time.time(), 0
    for p, c in todo:
        if time.time() - t0 > budget: break
        got[p, c] = review(llm, c, docstring(mixed[p][0]['prompt'], entry[p]), entry[p]); n += 1
        if n % 10 == 0: cache.write_bytes(pickle.dumps(got))
    cache.write_bytes(pickle.dumps(got))
    print(f"{pool_model} pools, {rev_model} reviewer, {split}: {n} programs in {time.time() - t0:.0f}s ({(time.time() - t0) / max(n, 1):.2f} s each); "
          f"{sum(1 for p, c in todo)} were to do over {len(mixed)} problems; cache holds {len(got)}")
