"Orchestrator integration tests: HRM, TRM, the meta-controller and the AUTO pipeline, on the scripted LLM double (and one on the 0.5B model, marked llm)."
import json, shutil, threading, http.server
from pathlib import Path
import pytest
from typer.testing import CliRunner
import mcts_codegen.core.llm as llm
from mcts_codegen.core.config import create_preset
from mcts_codegen.core.problem import Problem, CallTest
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.loaders import load_humaneval
from mcts_codegen.testing import ScriptedClient
from mcts_codegen.lab.agents import HRMAgent, TRMAgent
from mcts_codegen.core.orchestrator import (AutoAgent, BestOfNAgent, MetaController, UnifiedSearchOrchestrator,
                                       FEATURES, replay, make_agent, default_controller, features)
from mcts_codegen.bench.runner import run_problem, parse_strategies
from mcts_codegen.core.utils import run_sync

ROOT = Path(__file__).parent.parent
RES05 = ROOT/'results/legacy/humaneval/qwen2.5-coder-0.5b'
SECRET = 'assert candidate(12345) == 67890  # hidden-only'
SQ = Problem(id='sq', prompt='def sq(x):\n    """Square x.\n    >>> sq(3)\n    9\n    >>> sq(-2)\n    4\n    """\n', entry_point='sq',
             visible_tests=[CallTest(call='sq(3)', expected=9), CallTest(call='sq(-2)', expected=4)], hidden_test=SECRET)
RIGHT, WRONG = "```python\ndef sq(x):\n    return x * x\n```", "```python\ndef sq(x):\n    return x * 3\n```"

@pytest.fixture(scope='module')
def ex():
    e = Executor(create_preset('FAST', executor__workers=2).executor)
    yield e
    e.close()

def prompts(client): return [m['content'] for r in client.log for m in r['messages']]

def test_best_of_n_stops_at_first_clean_program_without_visible_tests(ex):
    "The one stop rule: on a problem without visible tests, best-of-n submits the first program that runs cleanly, not after N draws."
    rec = load_humaneval('38')[0]
    ep = rec['entry_point']
    crash, clean = f"```python\ndef {ep}(s, x=1/0):\n    return s\n```", f"```python\ndef {ep}(s):\n    return s\n```"
    c = ScriptedClient([crash, clean, clean, clean, clean])
    r = run_sync(run_problem('best-of-n', rec, c, ex, n=5))
    assert r.visible_tests == 0 and r.llm_calls == 2 and r.stats['chosen'] == 1

def hrm_model(log):
    "Plans `double` first (the composition is wrong), then `twice` after seeing the evidence."
    def reply(msgs):
        u = msgs[-1]['content']
        log.append(u)
        if 'Break the following' in u:
            name = 'twice' if 'earlier plan' in u else 'double'
            return f'```python\ndef {name}(x: int) -> int:\n    """Two times x.\n    >>> {name}(3)\n    6\n    """\n```'
        if 'Complete the following' in u and 'def double(x' in u and 'helper functions' not in u: return "```python\ndef double(x):\n    return 2 * x\n```"
        if 'Complete the following' in u and 'def twice(x' in u and 'helper functions' not in u: return "```python\ndef twice(x):\n    return x + x\n```"
        if 'twice' in u: return "```python\ndef quad(x):\n    return twice(twice(x))\n```"
        return "```python\ndef quad(x):\n    return double(x) + 1\n```"
    return reply

QUAD = Problem(id='quad', prompt='def quad(x):\n    """Four times x.\n    >>> quad(2)\n    8\n    """\n', entry_point='quad',
               visible_tests=[CallTest(call='quad(2)', expected=8), CallTest(call='quad(0)', expected=0)], hidden_test=SECRET)

def test_hrm_plans_solves_helpers_composes_and_replans_with_evidence(ex):
    log = []
    o = HRMAgent(llm=ScriptedClient(hrm_model(log)), executor=ex).solve(QUAD, 10)
    assert o.passed and 'def twice' in o.code and 'return twice(twice(x))' in o.code
    assert [r['helpers'] for r in o.stats['rounds']] == [['double'], ['twice']] and o.stats['rounds'][0]['helpers_passed'] == 1
    plans = [u for u in log if 'Break the following' in u]
    assert len(plans) == 2 and 'earlier plan' in plans[1] and 'quad(2)' in plans[1]  # the failing evidence went back to the planner
    assert not any(SECRET in u for u in log)

@pytest.mark.parametrize('budget', [1, 2, 3, 4, 6])
def test_hrm_and_trm_keep_to_the_budget(ex, budget):
    for a in (HRMAgent(llm=ScriptedClient(hrm_model([])), executor=ex), TRMAgent(llm=ScriptedClient(lambda m: WRONG), executor=ex, cycles=9, patience=9)):
        o = a.solve(QUAD if a.name == 'hrm' else SQ, budget)
        assert o.llm_calls <= budget, (a.name, budget, o.llm_calls)

def test_trm_carries_a_structured_state_and_stops_by_its_rule(ex):
    c = ScriptedClient(lambda m: ("NOTES: multiply x by itself\n" + RIGHT) if 'State of the work' in m[-1]['content'] else WRONG)
    o = TRMAgent(llm=c, executor=ex).solve(SQ, 10)
    assert o.passed and o.llm_calls == 2 and 'multiply x by itself' in o.stats['notes'][1]
    st = prompts(c)[-1]
    assert 'Current best program (1/2 visible tests pass)' in st and 'Notes so far' in st and 'cycle 1' in st
    # never better: stops after `patience` cycles without progress, and a worse revision never replaces the best program
    worse = "```python\ndef sq(x):\n    return x +\n```"
    o = TRMAgent(llm=ScriptedClient([WRONG, worse, worse, worse]), executor=ex, cycles=3, patience=2).solve(SQ, 10)
    assert o.llm_calls == 3 and o.code is not None and 'x * 3' in o.code

def test_external_implementations_callable_and_http(ex):
    reqs = []
    def impl(req):
        reqs.append(req)
        return dict(code=None if len(reqs) == 1 else 'def sq(x):\n    return x * x\n', notes=f"step {len(reqs)}", llm_calls=1, tokens=10)
    o = TRMAgent(impl, llm=ScriptedClient([]), executor=ex).solve(SQ, 10)
    assert o.passed and o.llm_calls == 2 and len(reqs) == 2 and reqs[1]['state']['notes'] == ['step 1']
    assert reqs[0]['agent'] == 'trm' and reqs[0]['budget'] == {'llm_calls': 10} and SECRET not in json.dumps(reqs)

    class H(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            req = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
            body = json.dumps(dict(code='def sq(x):\n    return 9\n', llm_calls=3) if req['agent'] == 'hrm' else {'oops': 1}).encode()
            self.send_response(200); self.send_header('Content-Type', 'application/json'); self.end_headers(); self.wfile.write(body)
        def log_message(self, *a): pass
    srv = http.server.ThreadingHTTPServer(('127.0.0.1', 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    try:
        o = HRMAgent(url, llm=ScriptedClient([]), executor=ex, rounds=2).solve(SQ, 10)
        assert not o.passed and o.visible.n_passed == 1 and o.llm_calls == 6  # its claim is checked here: 1 of 2 visible tests; its reported calls count
        with pytest.raises(ValueError, match="'code'"): TRMAgent(url, llm=ScriptedClient([]), executor=ex).solve(SQ, 10)
    finally: srv.shutdown()
    with pytest.raises(RuntimeError, match='did not answer'): HRMAgent('http://127.0.0.1:9/', llm=ScriptedClient([]), executor=ex).solve(SQ, 10)

def test_meta_controller_learns_from_the_training_half_only(tmp_path):
    "Changing every hidden verdict of problems 82-163 changes nothing in the controller; replay refuses training problems."
    ctl = MetaController.fit(RES05)
    assert set(ctl.models) >= {'best-of-n', 'mcts-balanced', 'reflexion'} and ctl.trained_on.endswith('0-81')
    assert all(m['n'] == 82 for m in ctl.models.values())
    d = tmp_path/'flipped'
    shutil.copytree(RES05, d)
    for f in d.glob('*.jsonl'):
        rows = [json.loads(l) for l in f.read_text().splitlines()]
        for r in rows:
            if int(r['task_id'].split('/')[1]) >= 82: r['passed'] = not r['passed']; r['visible_frac'] = 0.5
        f.write_text(''.join(json.dumps(r) + '\n' for r in rows))
    assert MetaController.fit(d).models == ctl.models
    with pytest.raises(ValueError, match='trained on'): replay(ctl, RES05, '80-90')
    rep = replay(ctl, RES05, '82-163')
    assert len(rep) == 82 and all(r['route'][0] == 'greedy' and r['calls'] <= 10 for r in rep)
    # saved and loaded: the same decisions, without scikit-learn
    ctl.save(tmp_path/'r.json')
    back = MetaController.load(tmp_path/'r.json')
    f = features(SQ, None)
    assert back.route(f).next == ctl.route(f).next and back.route(f).probs == pytest.approx(ctl.route(f).probs)
    assert default_controller().models  # the package ships a fitted controller

def test_auto_routes_cheapest_first_and_never_shows_the_hidden_test(ex):
    one = MetaController({'reflexion': dict(mean=[0.0] * len(FEATURES), scale=[1.0] * len(FEATURES), coef=[0.0] * len(FEATURES), intercept=0.0, calls=3.0)})
    c = ScriptedClient([RIGHT])
    o = AutoAgent(one, llm=c, executor=ex).solve(SQ, 10)
    assert o.passed and o.llm_calls == 1 and o.stats['route'] == ['greedy']
    c = ScriptedClient(lambda m: RIGHT if 'This attempt is wrong' in m[-1]['content'] else WRONG)
    o = AutoAgent(one, llm=c, executor=ex).solve(SQ, 10)
    assert o.passed and o.stats['route'] == ['greedy', 'reflexion'] and o.llm_calls == 2  # reflexion's greedy request is not paid twice
    assert o.stats['decisions'][0]['next'] == 'reflexion' and not any(SECRET in p for p in prompts(c))
    # a controller that expects nothing to help stops after greedy
    o = AutoAgent(MetaController(one.models, min_p=0.99), llm=ScriptedClient([WRONG]), executor=ex).solve(SQ, 10)
    assert o.stats['route'] == ['greedy'] and o.llm_calls == 1 and o.stats['decisions'][0]['next'] is None
    # an escalation gets what is left, and the engine's greedy request (already made) on top: the budget is spent exactly, never more
    for s in ('mcts-balanced', 'mcts-fast', 'reflexion', 'best-of-n', 'hrm'):
        ctl = MetaController({s: one.models['reflexion']})
        c = ScriptedClient(lambda m: WRONG.replace('x * 3', f"x * {len(m[-1]['content']) % 97}"))
        o = AutoAgent(ctl, llm=c, executor=ex).solve(SQ, 6)
        assert o.llm_calls == sum(r['n'] for r in c.log) <= 6 and o.stats['route'] == ['greedy', s], (s, o.llm_calls)
        if s != 'hrm': assert o.llm_calls == 6, (s, o.llm_calls)
    # the shipped controller, on a model that is always wrong: it escalates and keeps to the budget
    o = AutoAgent(llm=ScriptedClient(lambda m: WRONG), executor=ex).solve(SQ, 6)
    assert not o.passed and o.llm_calls <= 6 and len(o.stats['route']) >= 1

def test_unified_orchestrator_cli_and_bench_strategies(ex, monkeypatch):
    with UnifiedSearchOrchestrator(ScriptedClient(lambda m: RIGHT), create_preset('AUTO'), ex) as orch:
        r = orch.search(SQ)
    assert r.passed and r.llm_calls == 1 and r.stats['route'] == ['greedy'] and orch.budget == 10
    rle = ('```python\ndef run_length_encode(s: str) -> str:\n    out, i = [], 0\n    while i < len(s):\n        j = i\n'
           '        while j < len(s) and s[j] == s[i]: j += 1\n        out.append(f"{s[i]}{j - i}"); i = j\n    return "".join(out)\n```')
    monkeypatch.setattr(llm, 'get_client', lambda spec=None, cfg=None, **kw: ScriptedClient(lambda m: rle))
    res = CliRunner().invoke(__import__('mcts_codegen.service.cli', fromlist=['app']).app, ['solve', str(ROOT/'data/examples/rle.py'), '--preset', 'AUTO', '--json', '--quiet'])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout[res.stdout.index('['):])
    assert out[0]['stats']['route'] == ['greedy'] and out[0]['status'] == 'passed' and out[0]['llm_calls'] == 1
    assert parse_strategies('auto,hrm,trm') == ['auto', 'hrm', 'trm']
    assert [make_agent(s).name for s in ('auto', 'hrm', 'trm', 'mcts-balanced')] == ['auto', 'hrm', 'trm', 'mcts-balanced']

def test_server_runs_preset_auto(tmp_path):
    pytest.importorskip('fastapi'); pytest.importorskip('httpx')
    import time
    from fastapi.testclient import TestClient
    from mcts_codegen.service.server import create_app
    app = create_app(tmp_path/'jobs.db', llm=ScriptedClient(lambda m: RIGHT), token='')
    with TestClient(app) as c:
        t0 = time.time()
        while c.get('/readyz').status_code != 200 and time.time() - t0 < 30: time.sleep(0.1)
        r = c.post('/v1/solve', json=dict(prompt=SQ.prompt, preset='AUTO', max_calls=5))
        assert r.status_code == 202, r.text
        jid = r.json()['id']
        while (j := c.get(f'/v1/jobs/{jid}').json())['status'] not in ('done', 'failed') and time.time() - t0 < 60: time.sleep(0.1)
    assert j['status'] == 'done' and j['result']['passed'] and j['result']['stats']['route'] == ['greedy'], j

@pytest.mark.llm
def test_auto_on_the_embedded_model():
    "The AUTO pipeline end to end on the 0.5B model, within a budget of 3 calls."
    with UnifiedSearchOrchestrator('local:qwen2.5-coder-0.5b', create_preset('AUTO', max_llm_calls=3)) as orch:
        r = orch.solve(SQ)
    assert r.llm_calls <= 3 and r.stats['route'][0] == 'greedy' and r.code is not None

def test_auto_with_a_failing_model_is_an_error_not_a_crash(ex):
    from mcts_codegen.core.llm import LLMError
    class Down:
        name, usage = 'down', None
        async def complete(self, *a, **k): raise LLMError('the server is down', kind='timeout')
    with UnifiedSearchOrchestrator(Down(), create_preset('AUTO'), ex) as orch:
        r = orch.solve(SQ)
    assert r.status == 'error' and 'down' in r.error and r.code is None and r.stats['llm_error_kind'] == 'timeout'

def test_hrm_checks_a_planner_answer_that_is_already_the_program(ex):
    "Small models often answer the planner with the whole function: it is checked without a compose call."
    c = ScriptedClient(lambda m: RIGHT)
    o = HRMAgent(llm=c, executor=ex).solve(SQ, 10)
    assert o.passed and o.llm_calls == 1 and o.stats['rounds'][0].get('direct')
