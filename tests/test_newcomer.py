"""What a new user meets first, on the scripted LLM double (unit tests only, never a model, but for the one test marked `llm`): the README's
first Python example, honest verdicts, the stubs people write (a `pass` body), output that markup-like text cannot garble, a one-line
answer (rc 2, naming the option) to every bad input, given before any model is built, and the `--json` fields."""
import json, os, re, shutil, subprocess, sys, time, warnings
from pathlib import Path
import pytest
from typer.testing import CliRunner
import mcts_codegen.core.llm as llm
from mcts_codegen import solve, MCTSEngine
from mcts_codegen.service.cli import app
from mcts_codegen.core.config import ConfigError, create_preset
from mcts_codegen.core.loaders import ProblemLoadError
from mcts_codegen.testing import ScriptedClient
import mcts_codegen.bench.runner, mcts_codegen.learn.collector  # noqa: F401 (imported here, so that they bind the real `get_client`, never a test's stand-in)

ROOT = Path(__file__).parent.parent
ADD = "```python\nfrom typing import *\nfrom collections import *\n\ndef add(a, b):\n    return a + b\n\ndef check_add():\n    assert add(2, 3) == 5\n\ncheck_add()\nprint(add(1, 1))\n```"

def double(monkeypatch, reply=lambda m: ADD):
    "Every client the library builds is the scripted double; returns the list of specs asked for."
    asked = []
    def get(spec=None, cfg=None, **kw):
        asked.append(spec); return ScriptedClient(reply)
    monkeypatch.setattr(llm, 'get_client', get)
    return asked

def no_model(monkeypatch):
    "Fail the test if anything builds an LLM client."
    def boom(*a, **k): raise AssertionError('a model was built before the input was checked')
    monkeypatch.setattr(llm, 'get_client', boom)

def one_error(r) -> str:
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert 'Traceback' not in r.output, r.output
    lines = [l for l in r.output.splitlines() if l.startswith('error:')]
    assert len(lines) == 1, r.output
    return lines[0]

# ---- the README's first Python example, as written, with the model swapped for the double

def test_readme_first_python_example(monkeypatch, capsys):
    readme = (ROOT/'README.md').read_text()
    code = re.search(r'```python\n(.*?)```', readme, re.S)[1]
    asked = double(monkeypatch)
    ns = {}
    exec(compile(code, 'README.md', 'exec'), ns)
    res = next(v for v in ns.values() if type(v).__name__ == 'SearchResult')
    out = capsys.readouterr().out
    assert asked, 'the example never built an LLM client'
    assert res.status in ('passed', 'failed', 'unverified', 'error') and res.summary().startswith(f"{res.problem_id}: {res.status} (")
    if 'def add' in code:
        assert res.status == 'passed' and res.passed and f"{res.problem_id}: passed (" in out
        assert res.code.strip() == 'def add(a, b):\n    return a + b'  # the submitted program is clean: no star imports, no check_add, no print

# ---- verdicts

CONFLICT = 'def double(x):\n    """Double x.\n    >>> double(2)\n    4\n    >>> double(2)\n    5\n    """\n'

def test_contradicting_examples_are_bad_input_before_any_model(monkeypatch, tmp_path):
    f = tmp_path/'double.py'; f.write_text(CONFLICT)
    no_model(monkeypatch)
    t0 = time.monotonic()
    r = CliRunner().invoke(app, ['solve', str(f), '--quiet', '--json', '--preset', 'FAST'])
    assert r.exit_code == 2 and time.monotonic() - t0 < 5, r.output
    e = one_error(r)
    assert 'double(2)' in e and 'line 3' in e and 'line 5' in e and 'contradict' in e, e  # the call and both lines
    with pytest.raises(ProblemLoadError, match=r'double\(2\) at line 3'): solve(CONFLICT, ScriptedClient([]), 'FAST')

def test_exit_code_is_0_only_when_every_problem_passed(monkeypatch, tmp_path):
    (tmp_path/'a.py').write_text('def add(a, b):\n    """Add.\n    >>> add(2, 3)\n    5\n    """\n')
    (tmp_path/'b.py').write_text('def add2(a, b):\n    "Add, no examples."\n')
    double(monkeypatch, lambda m: ADD.replace('def add(', 'def add2(') if 'add2' in json.dumps(m) else ADD)
    r = CliRunner().invoke(app, ['solve', str(tmp_path/'a.py'), '--quiet'])
    assert r.exit_code == 0 and 'passed ·' in r.output, r.output
    r = CliRunner().invoke(app, ['solve', str(tmp_path/'a.py'), str(tmp_path/'b.py'), '--quiet'])
    assert r.exit_code == 1 and 'unverified' in r.output, r.output
    h = CliRunner().invoke(app, ['solve', '--help']).output
    assert 'unverified' in h and 'Exit code 0: every problem passed' in ' '.join(h.split())

# ---- output that cannot be garbled

MARKUP = '''def is_balanced(s):
    """Whether brackets balance.
    >>> is_balanced('a(b[c]{d}e)')
    True
    >>> is_balanced('[/b]')
    False
    >>> is_balanced('[bold]x[/bold]')
    True
    """
'''

def test_markup_like_text_is_printed_as_written(monkeypatch, tmp_path):
    f = tmp_path/'is_balanced[bold].py'; f.write_text(MARKUP)
    wrong = "```python\ndef is_balanced(s):\n    if s == '[/b]': raise ValueError('[/b] closes [c]')\n    return '[bold]'\n```"
    double(monkeypatch, lambda m: wrong)
    monkeypatch.setenv('COLUMNS', '200')
    r = CliRunner().invoke(app, ['solve', str(f), '--preset', 'FAST', '--max-calls', '2'])  # progress bar on
    assert r.exit_code == 1, r.output
    assert 'MarkupError' not in r.output
    for text in ("is_balanced('a(b[c]{d}e)')", "is_balanced('[/b]')", "is_balanced('[bold]x[/bold]')", "got '[bold]', expected True",
                 "[/b] closes [c]", "is_balanced[bold]"):
        assert text in r.output, (text, r.output)
    # errors and warnings: a bad file whose name looks like markup
    r = CliRunner().invoke(app, ['solve', str(tmp_path/'no[/b]such[bold].py'), '--quiet'])
    assert r.exit_code == 2 and 'no[/b]such[bold].py' in one_error(r)
    r = CliRunner().invoke(app, ['solve', str(bad := tmp_path/'x.py'), '--preset', '[/b]'])
    assert r.exit_code == 2 and "unknown preset '[/b]'" in one_error(r)
    bad = tmp_path/'bad[c].py'; bad.write_text('def f(:\n')
    r = CliRunner().invoke(app, ['solve', str(bad), '--quiet'])
    assert r.exit_code == 2 and 'bad[c].py' in one_error(r)
    # a library note (log warning) with markup-like text
    import logging
    from mcts_codegen.service.cli import NoteHandler
    h = NoteHandler(); rec = logging.LogRecord('mcts_codegen', logging.WARNING, __file__, 1, 'server [/b] said [bold]no', None, None)
    h.emit(rec)  # click prints it as plain text: must not raise

# ---- every bad input answered before any model loads

def test_bad_inputs_fail_fast_with_one_line(monkeypatch, tmp_path):
    no_model(monkeypatch)
    empty = tmp_path/'empty'; empty.mkdir()
    stub = str(ROOT/'data/examples/rle.py')
    cases = [(['solve', str(empty)], 'holds no problem files'),
             (['solve', ''], 'empty'),
             (['solve', '   \n'], 'empty'),
             (['solve', stub, '--max-calls', '-1'], '--max-calls must be at least 1'),
             (['solve', stub, '--n-iter', '0'], '--n-iter must be at least 1'),
             (['solve', stub, '--api-key-env', 'MCTS_NO_SUCH_VAR_31'], '--api-key-env MCTS_NO_SUCH_VAR_31'),
             (['collect'], 'collect needs --problems'),
             (['bench'], 'bench needs --problems'),
             (['collect', '--problems', '0', '--max-calls', '-1'], '--max-calls must be at least 1')]
    if sys.platform.startswith('linux'):
        cases += [(['collect', '--problems', '0', '--out', '/proc/nope'], '--out /proc/nope'),
                  (['bench', '--problems', '0', '--strategy', 'greedy', '--out', '/proc/nope'], '--out /proc/nope')]
    for args, words in cases:
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and words in one_error(r), (args, r.output)
    assert not list(empty.iterdir())

def test_python_inputs(monkeypatch, tmp_path):
    for bad in ('', '   \n'):
        with pytest.raises(ProblemLoadError, match='the problem is empty'): solve(bad, ScriptedClient([]))
    with pytest.raises(ProblemLoadError, match='holds no problem files'): solve(tmp_path, ScriptedClient([]))
    res = solve(str(ROOT/'data/examples/rle.py'), ScriptedClient(lambda m: 'no code here'), 'FAST', max_calls=2)
    assert res.llm_calls == 2 and res.stats['budget'] == 2  # max_calls is max_llm_calls
    with pytest.raises(ConfigError, match='max_calls and max_llm_calls'): solve(str(ROOT/'data/examples/rle.py'), 'openai:m', max_calls=2, max_llm_calls=3)
    f = tmp_path/'add.py'; f.write_text('def add(a, b):\n    """Add.\n    >>> add(2, 3)\n    5\n    """\n')
    with MCTSEngine(ScriptedClient(lambda m: ADD), create_preset('FAST')) as eng:
        for p in (f, str(f), f.read_text()):  # whatever `solve` takes: a path, its name, a stub's source
            assert eng.search(p).status == 'passed'
    from mcts_codegen.core.orchestrator import UnifiedSearchOrchestrator
    with UnifiedSearchOrchestrator(ScriptedClient(lambda m: ADD), create_preset('AUTO')) as orch: assert orch.search(str(f)).status == 'passed'

def test_serve_fails_like_solve(monkeypatch):
    pytest.importorskip('fastapi'); pytest.importorskip('uvicorn')
    h = ' '.join(CliRunner().invoke(app, ['serve', '--help']).output.split())
    assert '--base-url' in h and '--api-key-env' in h and 'OPENAI_BASE_URL' in h
    r = CliRunner().invoke(app, ['serve', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9/v1', '--port', '8931'])
    assert r.exit_code == 3 and '127.0.0.1:9' in one_error(r), r.output
    r = CliRunner().invoke(app, ['serve', '--llm', 'nonsense'])
    assert r.exit_code == 2 and one_error(r)

def test_help_says_what_runs_by_default():
    for cmd in ('collect', 'bench'):
        h = ' '.join(CliRunner().invoke(app, [cmd, '--help']).output.split())
        assert 'Needs --problems' in h, (cmd, h)

# ---- the service: the same verdict words, readiness from a real preflight, documented responses

def _app(tmp_path, client, **kw):
    from mcts_codegen.service.server import create_app
    return create_app(tmp_path/'jobs.db', llm=client, token='', **kw)

def _wait(c, jid):
    import time
    for _ in range(400):
        j = c.get(f'/v1/jobs/{jid}').json()
        if j['status'] not in ('queued', 'running'): return j
        time.sleep(0.05)
    raise AssertionError(j)

def _ready(c):
    "Wait until the app answers /readyz: a job submitted before the service is ready gets 503."
    for _ in range(400):
        if c.get('/readyz').status_code == 200: return
        time.sleep(0.05)
    raise AssertionError(c.get('/readyz').json())

def test_rest_verdicts(tmp_path):
    pytest.importorskip('fastapi')
    from fastapi.testclient import TestClient
    shout = "```python\ndef shout(s):\n    return s.upper()\n```"
    with TestClient(_app(tmp_path, ScriptedClient(lambda m: shout))) as c:
        _ready(c)
        j = _wait(c, c.post('/v1/solve', json=dict(prompt='def shout(s):\n    pass\n', max_calls=2)).json()['id'])
        assert j['status'] == 'done' and j['result']['status'] == 'unverified' and not j['result']['passed'], j
        j = _wait(c, c.post('/v1/solve', json=dict(prompt='def shout(s):\n    """>>> shout("a")\n    \'A\'\n    """\n', max_calls=2)).json()['id'])
        assert j['result']['status'] == 'passed' and j['result']['passed'], j
        assert 'searches_total{outcome="unverified"}' in c.get('/metrics').text.replace('mcts_', '')

def test_openapi_has_described_response_schemas(tmp_path):
    pytest.importorskip('fastapi')
    from fastapi.testclient import TestClient
    with TestClient(_app(tmp_path, ScriptedClient(lambda m: ''))) as c:
        spec = c.get('/openapi.json').json()
    for path, ops in spec['paths'].items():
        for method, op in ops.items():
            if path in ('/metrics', '/v1/jobs/{jid}/events'): continue
            content = op['responses'][next(k for k in op['responses'] if k.startswith('2'))]['content']['application/json']
            assert content['schema'], (method, path)
    defs = spec['components']['schemas']
    for name in ('SearchResult', 'CodeExecutionResult', 'TestOutcome', 'Job', 'Ready', 'Tree', 'TreeNode', 'Accepted'):
        props = defs[name]['properties']
        assert all(p.get('description') for p in props.values()), (name, [k for k, p in props.items() if not p.get('description')])
    assert 'root' not in defs['SearchResult']['properties']

def test_readyz_follows_a_real_preflight_of_the_backend(tmp_path):
    pytest.importorskip('fastapi')
    import time
    from fastapi.testclient import TestClient
    from mcts_codegen.core.config import LLMConfig
    dead = llm.get_client('openai:m', LLMConfig(base_url='http://127.0.0.1:9/v1', api_key='x'))
    with TestClient(_app(tmp_path, dead, recheck=0.2)) as c:
        for _ in range(100):
            r = c.get('/readyz')
            if r.json()['backend'] is not None: break
            time.sleep(0.05)
        d = r.json()
        assert r.status_code == 503 and d['status'] == 'unavailable' and d['backend'] is False and '127.0.0.1:9' in d['error'], d
    with TestClient(_app(tmp_path, ScriptedClient(lambda m: ''), recheck=0.2)) as c:
        for _ in range(200):
            r = c.get('/readyz')
            if r.status_code == 200: break
            time.sleep(0.05)
        assert r.json()['status'] == 'ready' and r.json()['backend'] is True

# ---- the stubs people write: a placeholder body is no body, in every generation mode

PLACEHOLDERS = ['    pass\n', '    ...\n', '    raise NotImplementedError\n', '    raise NotImplementedError("todo")\n', '    return None\n',
                '    # TODO: write it\n', '    # TODO\n    pass\n']
INC = 'def inc(x):\n    """Add one.\n    >>> inc(1)\n    2\n    """\n'

def like_a_model(msgs):
    "What a small model does: asked to go on after a placeholder it closes the function; shown one, it copies the stub."
    if msgs[-1]['role'] == 'assistant':
        return '```' if msgs[-1]['content'].rstrip().endswith(('pass', '...', 'NotImplementedError', 'None', '")', 'it')) else '    return x + 1\n```'
    shown = msgs[-1]['content'].split('```python\n', 1)[1].split('```', 1)[0]
    return '```python\n' + (shown if any(w in shown for w in ('pass', '...', 'NotImplemented', 'None', 'TODO')) else INC + '    return x + 1\n') + '```'

@pytest.mark.parametrize('generation', ['body', 'whole'])
def test_a_placeholder_body_is_no_body(monkeypatch, tmp_path, generation):
    monkeypatch.setenv('MCTS_CODEGEN_LLM__GENERATION', generation)
    def get(spec=None, cfg=None, **kw): return ScriptedClient(like_a_model, prefill=generation == 'body')
    monkeypatch.setattr(llm, 'get_client', get)
    for i, body in enumerate(PLACEHOLDERS):
        f = tmp_path/f'inc{i}.py'; f.write_text(INC + body)
        r = CliRunner().invoke(app, ['solve', str(f), '--quiet', '--json', '--preset', 'FAST', '--max-calls', '2'])
        assert r.exit_code == 0, (body, r.output)
        code = json.loads(r.stdout[r.stdout.index('['):])[0]['code']
        assert 'return x + 1' in code and not any(w in code for w in ('pass', '...', 'NotImplemented', 'None', 'TODO')), (body, code)

@pytest.mark.llm
def test_a_pass_stub_is_solved_by_the_small_model(tmp_path):
    exe = shutil.which('mcts-codegen') or pytest.skip('mcts-codegen is not installed (pip install -e .)')
    f = tmp_path/'add_one.py'; f.write_text('def add_one(x):\n    """Return x plus one.\n    >>> add_one(1)\n    2\n    >>> add_one(-3)\n    -2\n    """\n    pass\n')
    r = subprocess.run([exe, 'solve', str(f), '--llm', 'local:qwen2.5-coder-0.5b', '--preset', 'FAST', '--json', '--quiet'],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    res = json.loads(r.stdout)[0]
    assert res['verdict'] == 'passed' and 'pass\n' not in res['code'], res

# ---- one cap on input, answered at once

def test_a_huge_input_is_refused_at_once(monkeypatch, tmp_path):
    no_model(monkeypatch)
    big = tmp_path/'big.py'; big.write_text('x = 1;' * 1_700_000 + '\n')  # 10 MB on one line
    for args in (['solve', str(big), '--quiet'], ['problems', 'check', str(big), '-q']):
        t0 = time.monotonic()
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and time.monotonic() - t0 < 1, (args, r.output)
        if args[0] == 'solve': assert 'MCTS_CODEGEN_INPUT__MAX_PROMPT' in one_error(r) and '20,000' in one_error(r), r.output
    rec = tmp_path/'big.jsonl'; rec.write_text(json.dumps(dict(task_id='B/0', prompt='def f(x):\n    """' + 'x' * 10_000_000 + '"""\n', entry_point='f',
                                                              canonical_solution='    return x\n', test='def check(c): pass\n')) + '\n')
    for args in (['solve', str(rec), '--quiet'], ['problems', 'check', str(rec), '-q']):
        t0 = time.monotonic()
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and time.monotonic() - t0 < 1 and 'MCTS_CODEGEN_INPUT__MAX_PROMPT' in one_error(r), (args, r.output)
    monkeypatch.setenv('MCTS_CODEGEN_INPUT__MAX_PROMPT', '500')  # one setting for every entry point, the service's too
    small = tmp_path/'small.py'; small.write_text('def f(x):\n    """' + 'x' * 600 + '"""\n')
    assert 'at most 500' in one_error(CliRunner().invoke(app, ['solve', str(small), '--quiet']))
    pytest.importorskip('fastapi')
    from mcts_codegen.service.server import Limits
    assert Limits().max_prompt == 500

def test_problems_check_of_a_file_without_records(tmp_path):
    for text in ('', '\n\n'):
        f = tmp_path/'none.jsonl'; f.write_text(text)
        r = CliRunner().invoke(app, ['problems', 'check', str(f), '-q'])
        assert r.exit_code == 2 and 'holds no problem records' in one_error(r), r.output

# ---- --json: the verdict by its name, honest counts

def test_json_fields(monkeypatch, tmp_path):
    f = tmp_path/'add.py'; f.write_text('def helper(x): ...\n\n' + 'def add(a, b):\n    """Add.\n    >>> add(2, 3)\n    5\n    """\n    pass\n')
    double(monkeypatch)  # ADD: star imports, a check function, a print
    r = CliRunner().invoke(app, ['solve', str(f), '--quiet', '--json', '--preset', 'FAST'])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout[r.stdout.index('['):])[0]
    assert out['verdict'] == out['status'] == 'passed'  # `status`: the deprecated alias, for one release
    assert out['code'] == 'def add(a, b):\n    return a + b\n'  # the prompt's unused helper stub went too
    assert out['stats']['pruned'] >= 1 and out['process_peak_rss_mb'] > 0 and out['wall_time'] > 0, out

# ---- runs people watch: TensorBoard scalars, a W&B hook

def test_long_runs_write_tensorboard_scalars(monkeypatch, tmp_path):
    pytest.importorskip('torch.utils.tensorboard')
    from mcts_codegen.service.scalars import read_scalars
    double(monkeypatch)
    r = CliRunner().invoke(app, ['bench', '--problems', '0-1', '--strategy', 'greedy', '--n', '1', '--out', str(tmp_path/'res'), '-q', '--tensorboard', str(tmp_path/'tb')])
    assert r.exit_code == 0, r.output
    sc = read_scalars(tmp_path/'tb')
    assert [s for s, _ in sc['greedy/solved']] == [1, 2] and {'greedy/solved_share', 'greedy/tokens_per_s'} <= set(sc), sc
    monkeypatch.setenv('MCTS_CODEGEN_DATA__TENSORBOARD', str(tmp_path/'tb2'))  # the setting, without the flag (collect: its notebook)
    r = CliRunner().invoke(app, ['bench', '--problems', '2', '--strategy', 'greedy,best-of-n', '--n', '1', '--out', str(tmp_path/'res2'), '-q'])
    assert r.exit_code == 0, r.output
    assert {'greedy/solved', 'best-of-n/solved'} <= set(read_scalars(tmp_path/'tb2'))

def test_a_missing_scalar_backend_is_one_line_before_the_run(monkeypatch, tmp_path):
    no_model(monkeypatch)
    monkeypatch.setitem(sys.modules, 'torch.utils.tensorboard', None)  # as without the tensorboard package
    args = ['bench', '--problems', '0', '--strategy', 'greedy', '--out', str(tmp_path/'res')]
    r = CliRunner().invoke(app, args + ['--tensorboard', str(tmp_path/'tb')])
    assert r.exit_code == 2 and 'pip install "mcts_codegen[learn]"' in one_error(r), r.output
    try: import wandb  # noqa: F401
    except ImportError:
        r = CliRunner().invoke(app, args + ['--wandb'])
        assert r.exit_code == 2 and 'pip install wandb' in one_error(r), r.output
    assert not (tmp_path/'res').exists()

def test_verifier_train_writes_scalars(tmp_path):
    pytest.importorskip('torch.utils.tensorboard')
    from mcts_codegen.service.scalars import read_scalars
    assert CliRunner().invoke(app, ['verifier', 'synth', '--out', str(tmp_path/'rows.jsonl')]).exit_code == 0
    r = CliRunner().invoke(app, ['verifier', 'train', '--data', str(tmp_path/'rows.jsonl'), '--out', str(tmp_path/'v'), '--tensorboard', str(tmp_path/'tb')])
    assert r.exit_code == 0, r.output
    sc = read_scalars(tmp_path/'tb')
    assert len(sc['verifier/dev_auc']) == 4 and {'verifier/dev_auc_all', 'verifier/log10_l2'} <= set(sc), sc

def test_rest_result_names_the_verdict_and_cuts_placeholders(tmp_path):
    pytest.importorskip('fastapi')
    from fastapi.testclient import TestClient
    asked = []
    def reply(m):
        asked.append(m[-1]['content'])
        return "```python\ndef shout(s):\n    return s.upper()\n```"
    with TestClient(_app(tmp_path, ScriptedClient(reply))) as c:
        _ready(c)
        j = _wait(c, c.post('/v1/solve', json=dict(prompt='def shout(s):\n    """>>> shout("a")\n    \'A\'\n    """\n    raise NotImplementedError\n', max_calls=2)).json()['id'])
        assert j['result']['verdict'] == j['result']['status'] == 'passed', j
        assert asked and not any('NotImplementedError' in a for a in asked), asked  # the request shows the stub without its placeholder
        spec = c.get('/openapi.json').json()
    assert 'verdict' in spec['components']['schemas']['SearchResult']['properties']
