"Body-only generation (`llm.generation`, issue 33): whole-function requests unchanged, bodies through the scripted double, servers probed for prefill, tokens apart, and the wall-time benchmark (scripted double only, never a model)."
import asyncio, importlib.util, json, threading
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from pathlib import Path

import pytest
from typer.testing import CliRunner

import mcts_codegen.core.llm as llm
import mcts_codegen.core.openai_client as openai_client
from mcts_codegen.core.agents import BODY_STOP, GeneratorAgent, fresh_messages
from mcts_codegen.bench.runner import bench_config, run_problem
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.llm import OpenAIClient, body_ok
from mcts_codegen.core.problem import Problem
from mcts_codegen.testing import ScriptedClient

HERE = Path(__file__).parent

# ---- the scenario (base-compatible: tests/data/whole_requests.json was written by running this section with the code of 819ba27)
REC = dict(task_id='Toy/0', prompt='from typing import List\n\n\ndef add(a: int, b: int) -> int:\n    """Add two numbers.\n    >>> add(1, 2)\n    3\n    """\n',
           entry_point='add', test='def check(c):\n    assert c(1, 2) == 3\n    assert c(2, 5) == 7\n')
STRATEGIES = ['greedy', 'best-of-n', 'reflexion', 'mcts-balanced', 'mcts-plan', 'mcts-repair']
WRONG, RIGHT = '    return a - b\n', '    return a + b\n'

def reply(right_at:int=4):
    "Wrong answers until request `right_at`, then right ones: a whole function in a fence, or the body alone after a prefilled answer."
    k = [0]
    def f(msgs):
        k[0] += 1
        body = RIGHT if k[0] >= right_at else WRONG
        if msgs[-1]['role'] == 'assistant': return body + '```\nThis adds the numbers.'
        plan = 'Plan:\n1. Add a and b.\n\n' if 'Plan:' in msgs[-1]['content'] else ''
        return f"{plan}```python\ndef add(a: int, b: int) -> int:\n{body}```\nThis adds the numbers."
    return f

def scripted_run(strategy:str, generation:str, prefill:bool=True):
    "The request log and result row of one scripted problem under `strategy`, with a double that can continue a prefilled answer, set to `generation`."
    sc = ScriptedClient(reply())
    sc.prefill, sc.generation = prefill, generation  # a backend able to prefill, told which generation to use
    async def go():
        cfg = bench_config(0, llm__cache=False)
        with Executor(cfg.executor) as ex: return await run_problem(strategy, REC, sc, ex, n=6, seed=0, cfg=cfg)
    r = asyncio.run(go())
    return [dict(messages=l['messages'], n=l['n'], temperature=l['temperature'], max_tokens=l['max_tokens'], seed=l['seed'], stop=l['stop']) for l in sc.log], r

# ---- 'whole' sends today's requests, byte for byte

def test_whole_requests_are_unchanged():
    "The requests of scripted searches under 'whole' equal those recorded with the code before the setting (tests/data/whole_requests.json, written at 819ba27)."
    gold = json.loads((HERE/'data'/'whole_requests.json').read_text())
    for s in STRATEGIES:
        log, r = scripted_run(s, 'whole')
        assert json.dumps(log, sort_keys=True) == json.dumps(gold[s], sort_keys=True), s
        assert r.error is None and r.prompt_tokens + r.completion_tokens == r.tokens

def test_whole_when_the_backend_cannot_prefill():
    "Generation 'body' with a backend that cannot continue a prefilled answer: today's requests."
    gold = json.loads((HERE/'data'/'whole_requests.json').read_text())
    for s in ('greedy', 'mcts-balanced'): assert scripted_run(s, 'body', prefill=False)[0] == gold[s]

# ---- 'body': the answer prefilled, the body generated, a whole program downstream

def test_body_requests_prefill_the_answer_and_stop_at_the_function_end():
    for s in STRATEGIES:
        wlog, w = scripted_run(s, 'whole')
        log, r = scripted_run(s, 'body')
        assert r.error is None and r.passed == w.passed and (r.passed or s == 'greedy'), s
        for l in log:
            if 'Plan:' in l['messages'][-1]['content']:  # a plan: asked for as before, stopping after its code block
                assert l['messages'][-1]['role'] == 'user' and l['stop'] == ['\n```\n'], s
                continue
            assert l['messages'][-1] == dict(role='assistant', content='```python\n' + REC['prompt'].rstrip() + '\n'), s
            assert l['stop'] == BODY_STOP, s
        first = log[0]['messages'] if log[0]['messages'][-1]['role'] == 'user' else log[0]['messages'][:-1]
        assert first == wlog[0]['messages'], s  # the whole-function request, unchanged: the answer begun after it
        assert r.completion_tokens < w.completion_tokens and r.prompt_tokens + r.completion_tokens == r.tokens, s

# ---- OpenAI-compatible servers: prefill detected once per server, fallback where there is none

class PrefillServer:
    "An OpenAI-compatible server that continues a last assistant message like vLLM ('vllm': only with continue_final_message), llama.cpp's ('llamacpp': always, unknown fields ignored), a strict one ('strict': always, unknown fields are a 400) or not at all ('openai': unknown fields are a 400, a new turn)."
    def __init__(self, kind:str):
        self.kind, self.bodies, srv = kind, [], self
        class H(BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
                srv.bodies.append(body)
                status, out = srv.answer(body)
                data = json.dumps(out).encode()
                self.send_response(status); self.send_header('Content-Type', 'application/json'); self.send_header('Content-Length', str(len(data)))
                self.end_headers(); self.wfile.write(data)
        self.httpd = ThreadingHTTPServer(('127.0.0.1', 0), H)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/v1"
        threading.Thread(target=self.httpd.serve_forever, kwargs=dict(poll_interval=0.05), daemon=True).start()

    def answer(self, body):
        if self.kind == 'down': return 503, dict(error=dict(message='overloaded'))
        if self.kind in ('openai', 'strict') and 'continue_final_message' in body: return 400, dict(error=dict(message='Unrecognized request argument supplied: continue_final_message'))
        goes_on = body['messages'][-1]['role'] == 'assistant' and (self.kind in ('llamacpp', 'strict') or (self.kind == 'vllm' and body.get('continue_final_message')))
        probe = 'capital of France' in body['messages'][0]['content']
        if probe: text = 'nce is Paris.' if goes_on else 'The capital of France is Paris.'
        else: text = RIGHT if goes_on else f"```python\ndef add(a: int, b: int) -> int:\n{RIGHT}```"
        ch = [dict(index=i, finish_reason='stop', message=dict(role='assistant', content=text)) for i in range(body.get('n', 1))]
        return 200, dict(id='x', object='chat.completion', created=0, model=body['model'], choices=ch,
                         usage=dict(prompt_tokens=50, completion_tokens=len(text.split()), total_tokens=50 + len(text.split()),
                                    prompt_tokens_details=dict(cached_tokens=20)))

    def close(self): self.httpd.shutdown(); self.httpd.server_close()

P = Problem(id='Toy/0', prompt=REC['prompt'], entry_point='add')

@pytest.mark.parametrize('kind,mode', [('vllm', 'continue'), ('llamacpp', 'continue'), ('strict', 'trailing'), ('openai', None)])
def test_servers_are_probed_once_and_asked_for_bodies_where_they_can(kind, mode, caplog):
    import logging
    srv = PrefillServer(kind)
    logging.getLogger('mcts_codegen.core.llm').addHandler(caplog.handler)
    try:
        async def go():
            c = OpenAIClient('m', base_url=srv.url, generation='body')
            with caplog.at_level('INFO', logger='mcts_codegen.core.llm'): ok = await body_ok(c)
            probes = len(srv.bodies)
            vs, spent, _ = await GeneratorAgent(c).propose(P, 2)
            again = OpenAIClient('m', base_url=srv.url, generation='body')  # another client of the same server: no second probe
            assert await body_ok(again) == ok and len(srv.bodies) == probes + 1
            await c.aclose(); await again.aclose()
            return ok, probes, vs, c
        ok, probes, vs, c = asyncio.run(go())
        assert ok == (mode is not None) and openai_client.PREFILL[(srv.url, 'm')] == mode
        assert probes == (1 if mode == 'continue' else 2)  # continue_final_message first, then a plain last assistant message
        assert ('continues' if mode else 'does not continue') in caplog.text
        req = srv.bodies[-1]
        if mode is None: assert req['messages'] == fresh_messages(P) and 'stop' not in req  # today's request
        else:
            assert req['messages'][-1]['role'] == 'assistant' and req['stop'] == BODY_STOP
            assert ('continue_final_message' in req) == (mode == 'continue')
        assert [v.code.splitlines()[-1] for v in vs] == [RIGHT.rstrip()] * 2 and all(v.code.startswith('from typing import List') for v in vs)
        assert c.usage.reused_tokens == 20  # the prompt tokens the server's cache answered, as it reports them
    finally: srv.close(); logging.getLogger('mcts_codegen.core.llm').removeHandler(caplog.handler)

def test_a_probe_without_an_answer_means_whole_functions_for_that_client():
    srv = PrefillServer('down')
    try:
        async def go():
            c = OpenAIClient('m', base_url=srv.url, generation='body')
            assert not await body_ok(c) and not await body_ok(c)  # asked once: a server that does not answer costs one probe
            await c.aclose()
        asyncio.run(go())
        assert len(srv.bodies) == 1 and (srv.url, 'm') not in openai_client.PREFILL  # not settled: a later client asks again
    finally: srv.close()

def test_a_whole_client_never_probes():
    srv = PrefillServer('vllm')
    try:
        async def go():
            c = OpenAIClient('m', base_url=srv.url)  # 'whole' unless told
            assert not await body_ok(c)
            await GeneratorAgent(c).propose(P, 1)
            await c.aclose()
        asyncio.run(go())
        assert len(srv.bodies) == 1 and srv.bodies[0]['messages'] == fresh_messages(P)
    finally: srv.close()

# ---- solve --json: tokens apart

def test_solve_json_reports_prompt_and_completion_tokens(monkeypatch):
    from mcts_codegen.service.cli import app
    def client(spec=None, cfg=None, **kw):
        sc = ScriptedClient(reply(1)); sc.prefill, sc.generation = True, 'body'; return sc
    monkeypatch.setattr(llm, 'get_client', client)
    r = CliRunner().invoke(app, ['solve', 'HumanEval/53', '--json', '--quiet', '--preset', 'FAST'])
    assert r.exit_code in (0, 1), r.output
    out = json.loads(r.stdout[r.stdout.index('['):])
    assert out[0]['completion_tokens'] > 0 and out[0]['prompt_tokens'] > 0 and out[0]['completion_tokens'] + out[0]['prompt_tokens'] == out[0]['tokens']

# ---- experiments/2026-11-26-body-only-generation/generation.py, on the scripted double only

def test_generation_benchmark_alternates_arms_resumes_and_summarizes(tiny_data, tmp_path):
    spec = importlib.util.spec_from_file_location('bench_generation', HERE.parent/'experiments'/'2026-11-26-body-only-generation'/'generation.py')
    g = importlib.util.module_from_spec(spec); spec.loader.exec_module(g)
    recs = g.records(None, str(tiny_data), None)
    calls = []
    def make(arm):
        def f(msgs):
            calls.append(arm)
            pre = msgs[-1]['content'] if msgs[-1]['role'] == 'assistant' else None
            ep = 'f0' if 'def f0' in msgs[1]['content'] else 'f1'
            body = f"    return x + {ep[1]}\n"
            return body + '```' if pre else f"```python\ndef {ep}(x):\n{body}```"
        sc = ScriptedClient(f); sc.prefill, sc.generation = True, arm; return sc
    seen = []
    s = g.run(recs, tmp_path/'out', make, strategy='mcts-fast', n=4, progress=seen.append)
    s = asyncio.run(s)
    rows = g.read_rows(tmp_path/'out'/'rows.jsonl')
    assert [(r['task_id'], r['arm']) for r in rows] == [('Tiny/0', 'whole'), ('Tiny/0', 'body'), ('Tiny/1', 'body'), ('Tiny/1', 'whole')]
    assert s['arms']['body']['solved'] == s['arms']['whole']['solved'] == 2 and s['paired']['p_mcnemar'] == 1.0
    assert s['ratios']['body/whole']['completion_tokens_per_completion'] < 1
    assert json.loads((tmp_path/'out'/'summary.json').read_text())['paired']['problems'] == 2
    n = len(calls)
    asyncio.run(g.run(recs, tmp_path/'out', make, strategy='mcts-fast', n=4, progress=seen.append))  # resumed: nothing left to run
    assert len(calls) == n and len(g.read_rows(tmp_path/'out'/'rows.jsonl')) == 4
    assert 'median' in g.show(s) and 'McNemar' in g.show(s)
    with pytest.raises(SystemExit, match='split'): g.records(None, str(tiny_data), 'dev')

# ---- experiments/2026-12-04-sample-diversity/diversity.py's probe arm 'tight', no model

def test_diversity_tight_prefill_drops_opening_blank_lines_and_is_put_back():
    spec = importlib.util.spec_from_file_location('bench_diversity', HERE.parent/'experiments'/'2026-12-04-sample-diversity'/'diversity.py')
    d = importlib.util.module_from_spec(spec); spec.loader.exec_module(d)
    import mcts_codegen.core.agents as agents
    p = Problem(id='t/0', prompt='\n\ndef f(x):\n    """Twice x."""\n', entry_point='f')
    assert agents.body_prefill(p) == '```python\n\n\ndef f(x):\n    """Twice x."""\n'  # as HumanEval's prompts open
    assert d.tight_prefill(p) == '```python\ndef f(x):\n    """Twice x."""\n'
    q = Problem(id='t/1', prompt='from typing import List\n\ndef g(xs: List[int]):\n    """Sum."""\n', entry_point='g')
    assert d.tight_prefill(q) == agents.body_prefill(q)  # no opening blank line: the same text
    with d.prefill_of('tight'): assert agents.body_prefill(p) == d.tight_prefill(p)
    assert agents.body_prefill(p).startswith('```python\n\n\n')  # put back after the draw
    with pytest.raises(RuntimeError):
        with d.prefill_of('tight'): raise RuntimeError('a failed draw')
    assert agents.body_prefill is d.plain_prefill
    with pytest.raises(SystemExit, match='GENERATION@TEMPERATURE'): d.parse_arm('tight')
