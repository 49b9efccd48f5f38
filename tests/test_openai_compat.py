"The OpenAI-compatible chat (`mcts_codegen.service.openai_compat`) with real clients: the official `openai` SDK and the `llm` CLI against a real uvicorn server (scripted LLM double, real sandbox), every error in OpenAI's shape, and the embedded 0.5B model end to end."
import json, os, shutil, subprocess, sys, time
from pathlib import Path
import pytest
httpx = pytest.importorskip('httpx')
openai = pytest.importorskip('openai')
pytest.importorskip('fastapi'); pytest.importorskip('uvicorn')
from openai import OpenAI
from serve_scripted import start, stop, free_port, SQ, SQ_JS, CUBE, RIGHT

TOKEN = 'chat-token-7c2e'
AUTH = {'Authorization': f'Bearer {TOKEN}'}
FENCED = f"Write this function, please:\n```python\n{SQ}```\nThanks."

@pytest.fixture(scope='module')
def srv(tmp_path_factory):
    d = tmp_path_factory.mktemp('chat')
    p, url = start(d / 'jobs.db', d / 'server.log', delay=0.05, workers=1, queue=1, max_body=8192, max_calls=20, max_prompt=2000, token=TOKEN)
    yield url, d / 'server.log'
    stop(p)

def client(url, key=TOKEN, **kw): return OpenAI(base_url=url + '/v1', api_key=key, max_retries=0, timeout=60, **kw)

def program(content:str) -> str:
    "The program in the answer's fenced block."
    assert content.startswith('```python\n'), content
    return content.split('```python\n', 1)[1].split('```', 1)[0]

def test_openai_client_plain_and_streamed(srv):
    url, log = srv
    c = client(url)
    assert [m.id for m in c.models.list()] == ['mcts-codegen', 'mcts-codegen:fast', 'mcts-codegen:thorough', 'mcts-codegen:auto']
    assert c.models.retrieve('mcts-codegen:fast').id == 'mcts-codegen:fast'
    r = c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'system', 'content': 'Be brief.'}, {'role': 'user', 'content': FENCED}],
                                  temperature=0.2, max_tokens=300, extra_headers={'X-Request-ID': 'chat-trace-7'})
    text = r.choices[0].message.content
    assert program(text) == RIGHT and r.choices[0].finish_reason == 'stop' and r.model == 'mcts-codegen:fast' and r.object == 'chat.completion'
    assert text.splitlines()[-1].startswith("Passed: it passes the 2 visible tests from the stub's examples") and '`sq(3)`' in text
    x = r.model_extra['mcts_codegen']
    assert x['mode'] == 'search' and x['verdict'] == 'passed' and x['n_tests'] == 2 and x['completions'] >= 1 and x['tree_size'] >= 2 and x['tokens'] > 0
    assert r.usage.total_tokens == x['tokens'] and r.id == f"chatcmpl-{x['job']}"
    job = httpx.get(f"{url}/v1/jobs/{x['job']}", headers=AUTH).json()  # the chat's search is a job of the service
    assert job['status'] == 'done' and job['request']['preset'] == 'FAST' and job['result']['code'] == RIGHT
    # streamed: a role chunk first, the same answer in content chunks, the result on the last chunk
    parts = list(c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': SQ}], stream=True, stream_options={'include_usage': True}))
    assert parts[0].choices[0].delta.role == 'assistant'
    streamed = ''.join(p.choices[0].delta.content or '' for p in parts if p.choices)
    assert program(streamed) == RIGHT and 'Passed' in streamed
    fin = [p for p in parts if p.choices and p.choices[0].finish_reason == 'stop']
    assert len(fin) == 1 and fin[0].model_extra['mcts_codegen']['verdict'] == 'passed'
    assert parts[-1].usage.total_tokens > 0 and not parts[-1].choices
    lines = [json.loads(l) for l in log.read_text().splitlines() if l.startswith('{')]
    mine = {l.get('event') for l in lines if l.get('cid') == 'chat-trace-7'}
    assert {'chat', 'job_queued', 'job_start', 'llm_call', 'job_end'} <= mine, mine  # the request's id follows it into its search
    assert TOKEN not in log.read_text()
    spec = httpx.get(url + '/openapi.json', headers=AUTH).json()
    assert {'/v1/chat/completions', '/v1/models'} <= set(spec['paths']) and all(p.get('description') for p in spec['components']['schemas']['SearchAnswer']['properties'].values())
    m = httpx.get(url + '/metrics', headers=AUTH).text
    assert 'route="/v1/chat/completions",status="200"' in m.replace('method="POST",', '')

def test_javascript_stub_is_searched(srv):
    "A JSDoc stub in a ```javascript block becomes a JavaScript job: the answer is a JavaScript program checked on the stub's @example lines."
    url, _ = srv
    r = client(url).chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': f"Write this:\n```javascript\n{SQ_JS}```"}])
    text, x = r.choices[0].message.content, r.model_extra['mcts_codegen']
    assert text.startswith('```javascript\n') and 'return x * x' in text and "Passed: it passes the 2 visible tests" in text, text
    assert x['mode'] == 'search' and x['language'] == 'javascript' and x['verdict'] == 'passed' and [t['call'] for t in x['tests']] == ['sq(3)', 'sq(-2)'], x
    job = httpx.get(f"{url}/v1/jobs/{x['job']}", headers=AUTH).json()
    assert job['language'] == 'javascript' and job['request']['language'] == 'javascript'

def test_stream_wire_format_and_hang_up(srv):
    "Raw SSE: progress as comments while the search runs, chunks, then [DONE]; a client that hangs up cancels its search."
    url, _ = srv
    body = dict(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': SQ}], stream=True)
    with httpx.stream('POST', url + '/v1/chat/completions', json=body, headers=AUTH, timeout=60) as r:
        assert r.status_code == 200 and r.headers['content-type'].startswith('text/event-stream')
        lines = [l for l in r.iter_lines() if l]
    comments = [l for l in lines if l.startswith(':')]
    assert comments and any('searching' in l for l in comments) and lines[-1] == 'data: [DONE]'
    datas = [json.loads(l[6:]) for l in lines if l.startswith('data: {')]
    assert all(d['object'] == 'chat.completion.chunk' for d in datas)
    assert lines.index(comments[-1]) < lines.index(next(l for l in lines if '"content": "```python' in l))  # progress before the program
    # a long search (the double never solves `cube`), abandoned after its first progress note
    with httpx.stream('POST', url + '/v1/chat/completions', json=body | dict(messages=[{'role': 'user', 'content': CUBE}]), headers=AUTH, timeout=60) as r:
        for l in r.iter_lines():
            if l.startswith(': searching'): break
    jid = None
    for _ in range(200):
        jobs = httpx.get(url + '/v1/jobs', headers=AUTH).json()
        jid = next(j['id'] for j in jobs if j['title'].startswith('cube'))
        if (st := httpx.get(f"{url}/v1/jobs/{jid}", headers=AUTH).json()['status']) == 'cancelled': break
        time.sleep(0.05)
    assert st == 'cancelled', st

def test_plain_chat_says_so(srv):
    url, _ = srv
    r = client(url).chat.completions.create(model='mcts-codegen', messages=[{'role': 'user', 'content': 'What is Monte Carlo Tree Search?'}])
    assert r.model_extra['mcts_codegen']['mode'] == 'plain' and 'Not searched or checked: no function stub' in r.choices[0].message.content
    assert r.usage.prompt_tokens > 0

def errs(f, kind, status, code=None, param=None):
    "Call `f`; it must raise the openai SDK's `kind` with `status` and OpenAI's error shape."
    with pytest.raises(kind) as e: f()
    err = e.value
    assert err.status_code == status and isinstance(err.body, dict) and {'message', 'type', 'param', 'code'} <= set(err.body), (status, err.body)
    assert err.body['message'] and 'Traceback' not in err.response.text
    if code: assert err.body['code'] == code, err.body
    if param: assert err.body['param'] == param, err.body
    return err

def test_errors_are_openai_shaped(srv):
    url, _ = srv
    c = client(url)
    msg = [{'role': 'user', 'content': SQ}]
    e = errs(lambda: c.chat.completions.create(model='gpt-4o', messages=msg), openai.NotFoundError, 404, 'model_not_found', 'model')
    assert 'mcts-codegen:fast' in e.body['message']
    errs(lambda: c.models.retrieve('nope'), openai.NotFoundError, 404, 'model_not_found')
    errs(lambda: client(url, key='wrong-key').chat.completions.create(model='mcts-codegen:fast', messages=msg), openai.AuthenticationError, 401, 'invalid_api_key')
    errs(lambda: client(url, key='wrong').models.list(), openai.AuthenticationError, 401)
    r = httpx.post(url + '/v1/chat/completions', json=dict(model='mcts-codegen:fast', messages=msg))  # no Authorization header at all
    assert r.status_code == 401 and r.headers['www-authenticate'] == 'Bearer' and r.json()['error']['code'] == 'invalid_api_key', r.text
    big = SQ + '#' * 2500  # over max_prompt (2000 characters), under max_body (8192 bytes)
    errs(lambda: c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': big}]), openai.BadRequestError, 400, 'context_length_exceeded', 'messages')
    e = errs(lambda: c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': '#' * 9000}]), openai.APIStatusError, 413, 'request_too_large')
    errs(lambda: c.chat.completions.create(model='mcts-codegen:fast', messages=msg, n=2), openai.BadRequestError, 400, param='n')
    errs(lambda: c.chat.completions.create(model='mcts-codegen:fast', messages=[]), openai.BadRequestError, 400, param='messages')
    r = httpx.post(url + '/v1/chat/completions', json=dict(model='mcts-codegen'), headers=AUTH)
    assert r.status_code == 400 and r.json()['error']['param'] == 'messages' and r.headers['x-request-id']

def test_full_queue_is_429_with_retry_after(srv):
    url, _ = srv
    long = dict(prompt=CUBE, max_calls=20, n_iter=200)
    ids = [httpx.post(url + '/v1/solve', json=long, headers=AUTH).json()['id']]  # it runs
    for _ in range(100):
        if httpx.get(f"{url}/v1/jobs/{ids[0]}", headers=AUTH).json()['status'] == 'running': break
        time.sleep(0.05)
    ids.append(httpx.post(url + '/v1/solve', json=long, headers=AUTH).json()['id'])  # it fills the queue (1)
    try:
        e = errs(lambda: client(url).chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': SQ}]), openai.RateLimitError, 429, 'rate_limit_exceeded')
        assert e.response.headers['retry-after'] == '2' and 'queue is full' in e.body['message']
    finally:
        for jid in ids: httpx.delete(f"{url}/v1/jobs/{jid}", headers=AUTH)

def test_not_ready_is_503_and_plain_chats_can_be_refused(tmp_path):
    "In process (FastAPI's test client as the SDK's HTTP client): a service that has not started answers 503 with Retry-After; --no-plain-chat refuses a chat without a stub."
    from functools import partial
    from fastapi.testclient import TestClient
    from mcts_codegen.service.server import create_app, Limits
    from mcts_codegen.service.openai_compat import add_chat
    from serve_scripted import double
    app = create_app(tmp_path / 'jobs.db', llm=double(0, 3), token=TOKEN, limits=Limits(retry_after=9), routes=[partial(add_chat, plain=False)])
    tc = TestClient(app)  # no lifespan: the model and the sandbox never start
    c = OpenAI(base_url='http://testserver/v1', api_key=TOKEN, http_client=tc, max_retries=0)
    for content in (SQ, FENCED):
        e = errs(lambda: c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': content}]), openai.InternalServerError, 503, 'not_ready')
        assert e.response.headers['retry-after'] == '9' and 'not ready' in e.body['message']
    errs(lambda: c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': 'hello'}]), openai.BadRequestError, 400, 'no_stub', 'messages')
    svc = app.state.svc
    svc.model_ready = svc.sandbox_ready = True
    svc.backend_ok, svc.backend_error = False, 'connection refused'  # the backend did not answer its last check
    e = errs(lambda: c.chat.completions.create(model='mcts-codegen', messages=[{'role': 'user', 'content': SQ}]), openai.InternalServerError, 503)
    assert 'connection refused' in e.body['message']
    svc.store.close()

def test_llm_cli(srv, tmp_path):
    "Simon Willison's `llm` CLI, configured as its docs say for an OpenAI-compatible server (extra-openai-models.yaml), gets the searched program."
    exe = shutil.which('llm')
    if exe is None: pytest.skip('needs the llm CLI (pip install llm; in the dev extra)')
    url, _ = srv
    (tmp_path / 'extra-openai-models.yaml').write_text(f"- model_id: mcts-fast\n  model_name: mcts-codegen:fast\n  api_base: {url}/v1\n  api_key_name: mcts\n")
    env = dict(os.environ, LLM_USER_PATH=str(tmp_path))
    for stream in ([], ['--no-stream']):
        out = subprocess.run([exe, '-m', 'mcts-fast', '--key', TOKEN, *stream, SQ], capture_output=True, text=True, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        assert program(out.stdout) == RIGHT and 'Passed' in out.stdout, out.stdout

STUB = 'def add(a, b):\n    """Return the sum of a and b.\n    >>> add(2, 3)\n    5\n    >>> add(-1, 1)\n    0\n    """\n'

@pytest.mark.llm
def test_openai_client_on_the_embedded_model(tmp_path):
    "Done when of issue 83: `mcts-codegen serve` on the 0.5B model; the openai client's answer, plain and streamed, passes the stub's examples in the sandbox."
    from mcts_codegen.sandbox.executor import Executor
    from mcts_codegen.core.config import create_preset
    from mcts_codegen.core.visible import extract_tests
    port = free_port()
    env = dict(os.environ, MCTS_CODEGEN_API_TOKEN=TOKEN)
    log = open(tmp_path / 'serve.log', 'wb')
    p = subprocess.Popen([sys.executable, '-c', 'from mcts_codegen.service.cli import app; app()', 'serve', '--port', str(port), '--llm', 'local:qwen2.5-coder-0.5b',
                          '--db', str(tmp_path / 'jobs.db')], stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f'http://127.0.0.1:{port}'
    try:
        t0 = time.time()
        while time.time() - t0 < 300:
            assert p.poll() is None, (tmp_path / 'serve.log').read_text()[-2000:]
            try:
                if httpx.get(url + '/readyz', headers=AUTH, timeout=2).status_code == 200: break
            except httpx.HTTPError: pass
            time.sleep(0.5)
        c = OpenAI(base_url=url + '/v1', api_key=TOKEN, timeout=600)
        r = c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': STUB}])
        parts = list(c.chat.completions.create(model='mcts-codegen:fast', messages=[{'role': 'user', 'content': STUB}], stream=True))
    finally:
        p.terminate(); p.wait(30); log.close()
    streamed = ''.join(x.choices[0].delta.content or '' for x in parts if x.choices)
    tests = extract_tests(STUB, 'add')
    with Executor(create_preset('FAST').executor) as ex:
        for text in (r.choices[0].message.content, streamed):
            res = ex.run(program(text), tests)
            assert res.passed and res.n_tests == 2, (text, res)
            assert 'Passed' in text.splitlines()[-1]
