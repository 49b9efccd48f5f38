#!/usr/bin/env python
"""Write data/corpus/corpus_js.jsonl: the corpus's problems whose signatures take and return JSON-like values, in JavaScript.

    python tools/corpus_js.py [--src data/corpus/corpus.jsonl] [--out data/corpus/corpus_js.jsonl] [--sample N] [--seed 0]

For each problem of the Python corpus (task_id Corpus/N → CorpusJS/N, `source_task_id` links back; split and tags kept):
- the prompt becomes a JSDoc comment (description, `@param`/`@returns` types, the docstring's examples as `call // => value`)
  over `function name(args) {`, ending at the body's brace as MultiPL-E's prompts do;
- the hidden test is written MultiPL-E's way: the Python reference is run on the inputs of the problem's own hidden test
  and on every input of its seeded randomized comparison (or, with `--sample N`, a seeded sample of N of them), and each
  expected value is written as a JavaScript literal in `assert.deepStrictEqual(candidate(...), ...)`; so a JavaScript
  problem's hidden test checks the calls its Python original checks (about 190 distinct ones), not a weaker subset;
- the reference and the wrong programs are translated by rules (`tools/py2js.py`);
- the pairs the Python corpus marks `distinct` stay marked, with `JS_DISTINCT`'s pairs that look alike in JSDoc wording only.
Then every record is checked in the sandbox (`corpus.check_problems`): a problem stays only if its reference passes and its
examples agree; a wrong program stays only if it fails the hidden test; a problem needs 3 wrong programs left.
The Python reference runs here, in this process: it is the project's own trusted corpus."""
import argparse, ast, copy, json, math, random, re, sys
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT/'tools')]
from mcts_codegen.core.jsdoc import js_repr, js_hidden_test
from mcts_codegen.core.visible import extract_record
import py2js

SAFE = 2 ** 53

def js_type(a) -> str:
    "The JSDoc type of a Python annotation; ValueError when its values are not JSON-like."
    if a is None: raise ValueError('no annotation')
    if isinstance(a, ast.Constant) and a.value is None: return 'null'
    if isinstance(a, ast.Name):
        m = dict(int='number', float='number', str='string', bool='boolean')
        if a.id in m: return m[a.id]
        raise ValueError(a.id)
    if isinstance(a, ast.Subscript) and isinstance(a.value, ast.Name):
        n, s = a.value.id, a.slice
        args = list(s.elts) if isinstance(s, ast.Tuple) else [s]
        if n in ('list', 'List'): return f"Array<{js_type(args[0])}>"
        if n in ('tuple', 'Tuple'):
            if len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is Ellipsis: return f"Array<{js_type(args[0])}>"
            return '[' + ', '.join(map(js_type, args)) + ']'
        if n in ('dict', 'Dict'):
            if js_type(args[0]) != 'string': raise ValueError('dict keys must be strings')
            return f"Object<string, {js_type(args[1])}>"
        if n == 'Optional': return f"({js_type(args[0])}|null)"
        if n == 'Union': return '(' + '|'.join(map(js_type, args)) + ')'
    if isinstance(a, ast.BinOp) and isinstance(a.op, ast.BitOr): return f"({js_type(a.left)}|{js_type(a.right)})"
    raise ValueError(ast.unparse(a))

def has_dict(a) -> bool: return a is not None and re.search(r'\b(dict|Dict)\[', ast.unparse(a)) is not None

def json_like(v, d=0) -> bool:
    "Whether `v` crosses to JavaScript unchanged (tuples become arrays)."
    if d > 50: return False
    if v is None or isinstance(v, (bool, str)): return True
    if isinstance(v, int): return abs(v) <= SAFE
    if isinstance(v, float): return math.isfinite(v)
    if isinstance(v, (list, tuple)): return all(json_like(o, d + 1) for o in v)
    if isinstance(v, dict): return all(isinstance(k, str) for k in v) and all(json_like(o, d + 1) for o in v.values())
    return False

def cases(rec:dict, sample:int|None, seed:int) -> list:
    "(arguments, value) of the reference on the hidden test's own inputs and its JSON-like random ones (a seeded sample of `sample` of them, if given)."
    ns = {}
    exec(rec['prompt'] + rec['canonical_solution'], ns)
    ref, calls = ns[rec['entry_point']], []
    def rec_call(*a, **k):
        if k: raise ValueError('keyword arguments')
        args = copy.deepcopy(a)
        v = ref(*copy.deepcopy(a))
        calls.append((list(args), copy.deepcopy(v)))
        return v
    tns = {}
    exec(rec['test'], tns)
    tns['check'](rec_call)
    head = rec['test'].split('import random')[0]
    n_own = len(re.findall(r'\bcandidate\(', head))
    own, rest = calls[:n_own], [c for c in calls[n_own:] if json_like(c)]  # a random input JavaScript cannot hold (an int past 2**53) is skipped
    picked = own + (rest if sample is None else random.Random(seed).sample(rest, min(sample, len(rest))))
    out, seen = [], set()
    for a, v in picked:
        k = repr(a)
        if k in seen: continue
        seen.add(k); out.append((a, v))
    return out

_WORDS = [(r'\bNone\b', 'null'), (r'\bTrue\b', 'true'), (r'\bFalse\b', 'false'), (r'\ba list\b', 'an array'), (r'\blists\b', 'arrays'),
          (r'\blist\b', 'array'), (r'\ba tuple\b', 'an array'), (r'\btuples\b', 'arrays'), (r'\btuple\b', 'array'),
          (r'\ba dict\b', 'an object'), (r'\bdicts\b', 'objects'), (r'\bdict\b', 'object'), (r'\bdictionary\b', 'object')]

def jsdoc_prompt(rec:dict, fn:ast.FunctionDef, examples:list[str]) -> str:
    "The JSDoc prompt: description, types, examples, and the signature up to the body's brace."
    doc = ast.get_docstring(fn, clean=True) or ''
    desc = []
    for l in doc.split('\n'):
        if l.strip().startswith('>>>'): break
        desc.append(l)
    text = '\n'.join(desc).strip()
    for pat, rep in _WORDS: text = re.sub(pat, rep, text)
    lines = ['/**'] + [f" * {l}".rstrip() for l in text.split('\n')]
    for a in fn.args.args: lines.append(f" * @param {{{js_type(a.annotation)}}} {py2js.jsname(a.arg)}")
    lines.append(f" * @returns {{{js_type(fn.returns)}}}")
    lines += [' * @example'] + [f" * {e}" for e in examples] + [' */']
    args = ', '.join(py2js.jsname(a.arg) for a in fn.args.args)
    return '\n'.join(lines) + f"\nfunction {rec['entry_point']}({args}) {{\n"

def js_example(call:str, expected, entry:str) -> str:
    "A docstring example as `call // => value`; ValueError if its call is not the entry point on literals."
    node = ast.parse(call, mode='eval').body
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == entry) or node.keywords: raise ValueError(call)
    args = [ast.literal_eval(a) for a in node.args]
    if not json_like(args) or not json_like(expected): raise ValueError('not JSON-like')
    return f"{entry}({', '.join(map(js_repr, args))}) // => {js_repr(expected)}"

def translate(rec:dict, sample:int|None, seed:int) -> dict:
    "The JavaScript record of one Python record (before the sandbox check); ValueError or `Unsupported` when it cannot be."
    tree = ast.parse(rec['prompt'])
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == rec['entry_point'])
    if fn.args.defaults or fn.args.vararg or fn.args.kwonlyargs: raise ValueError('defaults')
    js_type(fn.returns); [js_type(a.annotation) for a in fn.args.args]
    dict_in = [py2js.jsname(a.arg) for a in fn.args.args if has_dict(a.annotation)]
    dict_out = has_dict(fn.returns)
    cs = cases(rec, sample, seed)
    if len(cs) < 15 or not all(json_like(a) and json_like(v) for a, v in cs): raise ValueError('values are not JSON-like')
    x = extract_record(rec)
    exs = [js_example(t.call, t.expected, rec['entry_point']) for t in x.tests]
    ref = py2js.translate_body(rec['prompt'], rec['canonical_solution'], rec['entry_point'], dict_in, dict_out)
    wrong = []
    for w in rec.get('wrong', []):
        try: wrong.append(py2js.translate_body(rec['prompt'], w, rec['entry_point'], dict_in, dict_out))
        except (py2js.Unsupported, SyntaxError): pass
    if len(wrong) < 3: raise ValueError('fewer than 3 wrong programs translate')
    num = rec['task_id'].rsplit('/', 1)[-1]
    return dict(task_id=f"CorpusJS/{num}", source_task_id=rec['task_id'], language='javascript', prompt=jsdoc_prompt(rec, fn, exs),
                entry_point=rec['entry_point'], canonical_solution=ref, test=js_hidden_test(rec['entry_point'], cs),
                wrong=wrong, split=rec['split'], tags=rec['tags'])

# Pairs the near-duplicate check flags in their JSDoc wording only, read and found to be different tasks (2026-12-07).
JS_DISTINCT = {'CorpusJS/193': ['CorpusJS/529'],  # light_departures (departure times, one car a second) vs red_light_wait (total seconds waited)
               'CorpusJS/413': ['CorpusJS/540']}  # count_in_rect (inclusive count for any two corners) vs inside_and_border (inside and border apart)

def mark_distinct(recs:list[dict], src:list[dict]) -> list[dict]:
    "Each record's `distinct`: its original's pairs (where both are translated) and `JS_DISTINCT`'s."
    have = {r['task_id'] for r in recs}
    orig = {r['task_id']: r.get('distinct', []) for r in src}
    js = lambda t: 'CorpusJS/' + t.rsplit('/', 1)[-1] if t.startswith('Corpus/') else None
    for r in recs:
        d = [js(t) for t in orig.get(r['source_task_id'], [])] + JS_DISTINCT.get(r['task_id'], [])
        d = [t for t in dict.fromkeys(d) if t in have]
        if d: r['distinct'] = d
    return recs

def write(recs, path):
    with open(path, 'w') as f:
        for r in recs: f.write(json.dumps(r, ensure_ascii=False) + '\n')

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--src', default=str(ROOT/'data/corpus/corpus.jsonl'))
    ap.add_argument('--out', default=str(ROOT/'data/corpus/corpus_js.jsonl'))
    ap.add_argument('--sample', type=int, default=None, help="random inputs of each hidden test kept, by a seeded sample (default: all of them)")
    ap.add_argument('--seed', type=int, default=0)
    a = ap.parse_args()
    src = [json.loads(l) for l in open(a.src)]
    out, why = [], {}
    for r in src:
        try: out.append(translate(r, a.sample, a.seed))
        except Exception as e: why.setdefault(f"{type(e).__name__}: {str(e)[:50]}", []).append(r['task_id'])
    print(f"translated {len(out)} of {len(src)}; left out: " + '; '.join(f"{k} ({len(v)})" for k, v in sorted(why.items(), key=lambda kv: -len(kv[1]))[:12]), file=sys.stderr)
    from mcts_codegen.bench.corpus import check_problems
    tmp = Path(a.out).with_suffix('.candidates.jsonl')
    write(mark_distinct(out, src), tmp)
    found = check_problems(tmp, against=[])
    tmp.unlink()
    bad_rec, bad_wrong = set(), {}
    for f in found:
        if f.level != 'error': continue
        tid, field = f.where.split(' ', 1)
        if field.startswith('wrong['): bad_wrong.setdefault(tid, set()).add(int(field[6:-1]))
        else: bad_rec.add(tid)
    keep = []
    for r in out:
        if r['task_id'] in bad_rec: continue
        r['wrong'] = [w for j, w in enumerate(r['wrong']) if j not in bad_wrong.get(r['task_id'], set())]
        if len(r['wrong']) >= 3: keep.append(r)
    for r in keep: r.pop('distinct', None)
    write(mark_distinct(keep, src), a.out)  # marked again: a pair whose sibling was dropped is not named
    from collections import Counter
    print(f"kept {len(keep)} (reference failing or examples disagreeing: {len(bad_rec)}; wrong programs passing the hidden test dropped: "
          f"{sum(map(len, bad_wrong.values()))}); splits {dict(Counter(r['split'] for r in keep))}", file=sys.stderr)

if __name__ == '__main__': main()
