"""JavaScript end to end, as a newcomer meets it: `solve stub.js` on the scripted double (its verdict, its `--json` naming the
language, the program cut to the function), a one-line rc-2 error for a stub that is not JavaScript, dropped examples named by
line; the body-only request for an embedded model; and the real 0.5B model on a stub (marked llm)."""
import asyncio, json, shutil, subprocess
from pathlib import Path
import pytest
from typer.testing import CliRunner
from mcts_codegen.service.cli import app
from mcts_codegen.core.agents import GeneratorAgent
from mcts_codegen.core.loaders import load_problem
from mcts_codegen.testing import ScriptedClient
from test_newcomer import double, no_model, one_error

pytestmark = pytest.mark.skipif(shutil.which('node') is None, reason='Node.js is not installed')

STUB = '''/**
 * Add two numbers.
 * @param {number} a
 * @param {number} b
 * @returns {number}
 * @example
 * add(2, 3) // => 5
 * > add(-1, 1)
 * 0
 */
function add(a, b) {
}
'''
ADD = "Sure:\n```javascript\nfunction add(a, b) {\n  return a + b;\n}\nconsole.log(add(2, 3));\n```"

def test_solve_js_stub(monkeypatch, tmp_path):
    (f := tmp_path/'add.js').write_text(STUB)
    double(monkeypatch, lambda m: ADD)
    r = CliRunner().invoke(app, ['solve', str(f), '--quiet', '--json', '--preset', 'FAST'])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout[r.stdout.index('['):])[0]
    assert out['language'] == 'javascript' and out['status'] == 'passed' and out['result']['n_tests'] == 2
    assert 'function add(a, b)' in out['code'] and 'console.log' not in out['code']  # test code is no part of the program
    double(monkeypatch, lambda m: ADD.replace('a + b', 'a - b'))
    r = CliRunner().invoke(app, ['solve', str(f), '--quiet', '--json', '--preset', 'FAST', '--max-calls', '2'])
    assert r.exit_code == 1 and json.loads(r.stdout[r.stdout.index('['):])[0]['status'] == 'failed', r.output

def test_bad_js_stub_is_one_line(monkeypatch, tmp_path):
    no_model(monkeypatch)
    (f := tmp_path/'bad.js').write_text('/** Add. */\nfunction add(a, b {\n}\n')
    r = CliRunner().invoke(app, ['solve', str(f), '--quiet'])
    assert r.exit_code == 2 and 'not valid JavaScript (line 2' in one_error(r), r.output
    (f := tmp_path/'none.js').write_text('const x = 1;\n')
    r = CliRunner().invoke(app, ['solve', str(f), '--quiet'])
    assert r.exit_code == 2 and 'defines no top-level function' in one_error(r), r.output

def test_dropped_examples_are_named(tmp_path):
    (f := tmp_path/'add.js').write_text(STUB.replace(' * > add(-1, 1)\n * 0', ' * add(2, 3) // => 6\n * add(1, 1) // => two'))
    with pytest.warns(UserWarning) as w:
        p = load_problem(f)
    msg = str(w[0].message)
    assert p.visible_tests == [] and 'conflicting expected values for add(2, 3) (line 7, line 8)' in msg and '(line 9)' in msg, msg

def test_body_request_for_js(tmp_path):
    "An embedded model (generation 'body') is asked for the body after the opening brace, stopping at the closing brace."
    (f := tmp_path/'add.js').write_text(STUB)
    p, seen = load_problem(f), []
    c = ScriptedClient(lambda m: '  return a + b;\n}\nconsole.log(add(1, 2));', prefill=True)
    vs, _, _ = asyncio.run(GeneratorAgent(c).propose(p, 1))
    req = c.log[0]
    assert req['messages'][-1]['role'] == 'assistant' and req['messages'][-1]['content'].endswith('function add(a, b) {\n') and '\n}' in req['stop']
    assert vs and vs[0].code.rstrip().endswith('function add(a, b) {\n  return a + b;\n}')

@pytest.mark.llm
def test_solve_js_stub_with_embedded_model(tmp_path):
    exe = shutil.which('mcts-codegen') or pytest.skip('mcts-codegen is not installed (pip install -e .)')
    (f := tmp_path/'add.js').write_text(STUB)
    r = subprocess.run([exe, 'solve', str(f), '--llm', 'local:qwen2.5-coder-0.5b', '--preset', 'FAST', '--json', '--quiet'],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout)[0]
    assert out['language'] == 'javascript' and out['passed'] and 'function add' in out['code']

# ---- the JavaScript corpus (tools/corpus_js.py), translated from the Python corpus by rules (tools/py2js.py)

ROOT = Path(__file__).parent.parent

def test_corpus_js_keeps_splits_and_links():
    src = {r['task_id']: r for r in map(json.loads, open(ROOT/'data/corpus/corpus.jsonl'))}
    js = [json.loads(l) for l in open(ROOT/'data/corpus/corpus_js.jsonl')]
    assert len(js) >= 150 and all(r['language'] == 'javascript' for r in js)
    assert all(r['split'] == src[r['source_task_id']]['split'] and r['entry_point'] == src[r['source_task_id']]['entry_point'] for r in js)
    assert all(r['prompt'].startswith('/**') and r['prompt'].endswith('{\n') and len(r['wrong']) >= 3 for r in js)
    assert {r['split'] for r in js} == {'train', 'dev', 'test'}

def test_corpus_js_hidden_tests_check_what_their_python_originals_check():
    "Each hidden test is the one `tools/corpus_js.py` writes today: every JSON-like call of the Python original's hidden test, not a sample."
    import sys
    sys.path.insert(0, str(ROOT/'tools'))
    import corpus_js
    from mcts_codegen.core.jsdoc import js_hidden_test
    src = {r['task_id']: r for r in map(json.loads, open(ROOT/'data/corpus/corpus.jsonl'))}
    js = [r for r in map(json.loads, open(ROOT/'data/corpus/corpus_js.jsonl')) if r['split'] == 'test']
    for r in js[::9]:  # 9 of the test split's problems
        assert r['test'] == js_hidden_test(r['entry_point'], corpus_js.cases(src[r['source_task_id']], None, 0)), r['task_id']
    assert sorted(r['test'].count('assert.') for r in js)[len(js) // 2] >= 150  # the median problem checks 150 calls or more (the Python originals: about 190)

def test_js_records_checked_in_a_shared_run_find_what_each_finds_alone(tmp_path):
    "`problems check` judges JavaScript records eight to a sandbox run; a record whose wrong program loops, or whose reference is broken, still gets the findings of a run of its own."
    from mcts_codegen.bench.corpus import check_problems, check_record
    from mcts_codegen.core.utils import run_sync
    from mcts_codegen.sandbox.executor import Executor, ExecutorConfig
    recs = [r for r in map(json.loads, open(ROOT/'data/corpus/corpus_js.jsonl')) if r['split'] == 'train'][:10]
    recs[9]['wrong'].append('  while (true) {}\n}\n')  # a wrong program that loops: the second shared run (records 8 and 9) stops at the budget
    recs[4]['canonical_solution'] = '  return null;\n}\n'  # a broken reference, in the first shared run (records 0-7)
    recs[7]['wrong'].append(recs[7]['canonical_solution'])  # a "wrong" program that passes
    (f := tmp_path/'js.jsonl').write_text(''.join(json.dumps(r) + '\n' for r in recs))
    key = lambda fs: sorted((x.level, x.where, x.msg) for x in fs if 'near-duplicate' not in x.msg)
    with Executor(ExecutorConfig(cache=False)) as ex:
        shared = key(check_problems(f, executor=ex, against=[]))
        alone = key([x for r in recs for x in run_sync(check_record(r, ex))])
    assert shared == alone
    assert any(w.endswith('canonical_solution') for _, w, _ in shared) and any(w == f"{recs[7]['task_id']} wrong[{len(recs[7]['wrong']) - 1}]" for _, w, _ in shared)

def test_py2js_keeps_python_semantics():
    "Floor division and modulo of negatives, negative indices, slices with steps, deep ==, truthiness of [] and dicts as Maps, run under Node.js."
    import sys
    sys.path.insert(0, str(ROOT/'tools'))
    import py2js
    from mcts_codegen.sandbox.executor import Executor
    prompt = 'def f(xs: list[int], s: str) -> list:\n    """Doc."""\n'
    body = ("    d = {}\n    for x in xs:\n        d[x % 3] = d.get(x % 3, 0) + x // 2\n    out = [s[::-2], s[-1] if s else '', xs[1:-1], [] or [0], xs == [1, 2]]\n"
            "    return out + [sorted(d.items()), -7 // 2, -7 % 3, 2 ** 10, len(s), 'a' in s]\n")
    ns = {}; exec(prompt + body, ns)
    code = 'function f(xs, s) {\n' + py2js.translate_body(prompt, body, 'f')
    cases = [([1, 2], 'abcde'), ([-5, 7, 0, 3], ''), ([], 'xa')]
    with Executor() as ex:
        r = ex.run(code, [(f"f({json.dumps(a)}, {json.dumps(s)})", json.loads(json.dumps(ns['f'](a, s)))) for a, s in cases], language='javascript')
    assert r.passed, [(t.call, t.got, t.expected, t.error) for t in r.tests]

# ---- everything else that takes a problem: collect, the verifier, retrieval

def _js_train(n=2):
    return [r for r in map(json.loads, open(ROOT/'data/corpus/corpus_js.jsonl')) if r['split'] == 'train'][:n]

class JSDouble:
    "A scripted model for JavaScript records: the reference for even seeds, the first wrong program for odd ones (tests only)."
    def __init__(self, recs): self.recs, self.name = recs, 'jsdouble'
    async def complete(self, messages, n=1, temperature=0.0, max_tokens=512, seed=None, stop=None):
        from mcts_codegen.core.llm import Completion
        text = messages[-1]['content']
        r = next(r for r in self.recs if f"function {r['entry_point']}(" in text)
        return [Completion(f"```javascript\n{r['prompt']}{r['canonical_solution'] if ((seed or 0) + i) % 2 == 0 else r['wrong'][0]}```", 10, 20, 'stop', -0.3)
                for i in range(n)]

def test_collect_labels_js_candidates_by_their_hidden_test(tmp_path):
    from mcts_codegen.learn.collector import run_candidates
    from mcts_codegen.learn.records import read_candidates
    recs = _js_train()
    (p := tmp_path/'js.jsonl').write_text(''.join(json.dumps(r) + '\n' for r in recs))
    run_candidates(p, 'train', JSDouble(recs), tmp_path/'out', samples=3, n_inputs=3, concurrency=1, progress=False)
    rows = read_candidates(tmp_path/'out')
    assert rows and {r.problem_id for r in rows} == {r['task_id'] for r in recs}
    assert {(r.visible_passed, r.hidden_passed) for r in rows} >= {(True, True)}
    assert all(r.hidden_passed is not None for r in rows) and not all(r.hidden_passed for r in rows)

def test_verifier_refuses_js_in_one_line(monkeypatch, tmp_path):
    (f := tmp_path/'add.js').write_text(STUB)
    no_model(monkeypatch)
    monkeypatch.setenv('MCTS_CODEGEN_LLM__LOGPROBS', '1'); monkeypatch.setenv('MCTS_CODEGEN_LLM__BATCH_DECODE', '1')
    r = CliRunner().invoke(app, ['solve', str(f), '--quiet', '--verifier', 'votes'])
    assert r.exit_code == 2 and 'the verifier reads Python programs only' in one_error(r), r.output

def test_bench_refuses_a_verifier_on_js_problems_before_the_model_loads(monkeypatch, tmp_path):
    no_model(monkeypatch)
    n = sum(json.loads(l)['split'] == 'test' for l in open(ROOT/'data/corpus/corpus_js.jsonl'))
    r = CliRunner().invoke(app, ['bench', '--data', str(ROOT/'data/corpus/corpus_js.jsonl'), '--split', 'test', '--verifier', 'clusters', '--out', str(tmp_path),
                                 '-s', 'mcts-balanced', '--llm', 'local:qwen2.5-coder-0.5b', '--quiet'])
    assert r.exit_code == 2 and 'the verifier reads Python programs only' in one_error(r) and f'{n} JavaScript problems are selected' in one_error(r), r.output
    assert not any(tmp_path.iterdir())  # nothing written

def test_retrieval_says_it_has_nothing_for_js(tmp_path):
    from mcts_codegen.retrieval.rag import RAGContextProvider
    (f := tmp_path/'add.js').write_text(STUB)
    with pytest.warns(UserWarning, match='retrieval holds Python solutions'):
        assert RAGContextProvider(index=None).context(load_problem(f)) == ''
