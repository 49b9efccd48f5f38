"""JavaScript end to end, as a newcomer meets it: `solve stub.js` on the scripted double (its verdict, its `--json` naming the
language, the program cut to the function), a one-line rc-2 error for a stub that is not JavaScript, dropped examples named by
line; the body-only request for an embedded model; and the real 0.5B model on a stub (marked llm)."""
import asyncio, json, shutil, subprocess
from pathlib import Path
import pytest
from typer.testing import CliRunner
from mcts_codegen.cli import app
from mcts_codegen.agents import GeneratorAgent
from mcts_codegen.loaders import load_problem
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
