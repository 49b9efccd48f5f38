"""Fault injection: the real CLI (a subprocess) against a real HTTP server on 127.0.0.1 that refuses, hangs, stalls mid-answer,
returns 401/404/429/500, drops the connection or answers garbage. Each case checks the message, the exit code, the time to
fail, and that result files stay consistent. Timeouts are small so the whole file runs in well under a minute."""
import json, os, socket, subprocess, sys, threading, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from pathlib import Path
import pytest

ROOT = Path(__file__).parent.parent
RLE = ROOT/'data/examples/rle.py'
CODE = ('```python\ndef run_length_encode(s: str) -> str:\n    out, i = [], 0\n    while i < len(s):\n        j = i\n'
        '        while j < len(s) and s[j] == s[i]: j += 1\n        out.append(f"{s[i]}{j - i}"); i = j\n    return "".join(out)\n```')


def completion(text: str, model: str = 'm') -> dict:
    return dict(id='x', object='chat.completion', created=0, model=model, usage=dict(prompt_tokens=5, completion_tokens=5, total_tokens=10),
                choices=[dict(index=0, finish_reason='stop', message=dict(role='assistant', content=text))])


class FaultServer:
    "An OpenAI-compatible server whose `models` and `chat` behaviours are picked per test: a callable of the request count, or a fault name."
    def __init__(self, models='ok', chat='ok', delay=0.0):
        self.models, self.chat, self.delay, self.hits, self.stop = models, chat, delay, {'models': 0, 'chat': 0}, threading.Event()
        srv = self
        class H(BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'
            def log_message(self, *a): pass
            def reply(self, status, body, ctype='application/json'):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status); self.send_header('Content-Type', ctype); self.send_header('Content-Length', str(len(data)))
                self.end_headers(); self.wfile.write(data)
            def act(self, what, i, ok):
                b = what(i) if callable(what) else what
                if b == 'ok': return self.reply(200, ok())
                if b == 'hang': srv.stop.wait(30); return
                if b == 'stall':  # headers and the start of a body, then silence
                    self.send_response(200); self.send_header('Content-Type', 'application/json'); self.send_header('Content-Length', '400')
                    self.end_headers(); self.wfile.write(b'{"id": "x", "choices": ['); self.wfile.flush(); srv.stop.wait(30); return
                if b == 'drop': self.close_connection = True; self.connection.shutdown(socket.SHUT_RDWR); return
                if b == 'garbage': return self.reply(200, b'<html>this is not an API</html>', 'text/html')
                if isinstance(b, int): return self.reply(b, dict(error=dict(message=f'status {b}', type='x', code=None)))
                if isinstance(b, tuple): return self.reply(*b)
                raise ValueError(b)
            def do_GET(self):
                srv.hits['models'] += 1
                if not self.path.endswith('/v1/models'): return self.reply(404, dict(error=dict(message='not found')))
                self.act(srv.models, srv.hits['models'], lambda: dict(object='list', data=[dict(id='m', object='model')]))
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
                srv.hits['chat'] += 1
                if not self.path.endswith('/v1/chat/completions'): return self.reply(404, dict(error=dict(message='not found')))
                time.sleep(srv.delay)
                self.act(srv.chat, srv.hits['chat'], lambda: completion(CODE, json.loads(body)['model']))
        self.httpd = ThreadingHTTPServer(('127.0.0.1', 0), H)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/v1"
        threading.Thread(target=self.httpd.serve_forever, kwargs=dict(poll_interval=0.05), daemon=True).start()

    def close(self): self.stop.set(); self.httpd.shutdown(); self.httpd.server_close()


@pytest.fixture
def server():
    made = []
    def make(**kw):
        made.append(FaultServer(**kw)); return made[-1]
    yield make
    for s in made: s.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0)); return s.getsockname()[1]


def env(tmp_path):
    e = {k: v for k, v in os.environ.items() if not k.startswith(('OPENAI_', 'MCTS_CODEGEN_'))}
    # the fault cases count the search's requests: whole functions (no prefill probe, issue 33; probes that fail are tested in test_generation.py)
    return e | dict(PYTHONPATH=str(ROOT), MCTS_CODEGEN_CACHE=str(tmp_path/'cache'), NO_COLOR='1', MCTS_CODEGEN_LLM__GENERATION='whole')


def cli(tmp_path, *args, timeout=60, **kw):
    "Run `python -m mcts_codegen ARGS`; (rc, stdout, stderr, seconds)."
    t0 = time.time()
    r = subprocess.run([sys.executable, '-m', 'mcts_codegen', *map(str, args)], capture_output=True, text=True, timeout=timeout,
                       env=env(tmp_path), cwd=tmp_path, **kw)
    return r.returncode, r.stdout, r.stderr, time.time() - t0


def solve(tmp_path, url, *more):
    return cli(tmp_path, 'solve', RLE, '--llm', 'openai:m', '--base-url', url, '--preset', 'FAST', '--quiet', '--timeout', 1, '--max-retries', 1, *more)


def one_error_line(err: str) -> str:
    "The single `error:` line of stderr (and no traceback)."
    assert 'Traceback' not in err, err
    lines = [l for l in err.splitlines() if l.startswith('error:')]
    assert len(lines) == 1, err
    return lines[0]


# ---- fails before the search: preflight, in seconds, rc 3

def test_refused_port_fails_fast(tmp_path):
    rc, out, err, t = solve(tmp_path, f"http://127.0.0.1:{free_port()}/v1")
    assert rc == 3 and t < 10, (rc, t, err)
    assert 'could not connect' in one_error_line(err) and '--base-url' in err


@pytest.mark.parametrize('models,chat,words', [(401, 401, 'API key'), ('garbage', 'garbage', 'not a chat completion'),
                                                ('hang', 'hang', 'no answer within 1')])
def test_bad_server_fails_preflight(tmp_path, server, models, chat, words):
    s = server(models=models, chat=chat)
    rc, out, err, t = solve(tmp_path, s.url)
    assert rc == 3 and t < 10, (rc, t, err)
    assert words in one_error_line(err) and 'LLM unavailable' in err


def test_base_url_without_v1(tmp_path, server):
    s = server()
    rc, out, err, t = solve(tmp_path, s.url[:-3])
    assert rc == 3 and 'ends in /v1' in one_error_line(err) and t < 10


def test_malformed_url_is_bad_input(tmp_path):
    rc, out, err, t = solve(tmp_path, 'not-a-url')
    assert rc == 2 and 'http://HOST:PORT/v1' in one_error_line(err)


# ---- fails during the search: retries with notes, then the circuit breaker, rc 3

@pytest.mark.parametrize('chat,retries,note', [(500, 1, 'HTTP 500'), ('drop', 1, 'connection was dropped'), ('stall', 0, 'no answer within 1 s'),
                                                ('hang', 1, 'no answer within 1 s')])
def test_server_failing_mid_search(tmp_path, server, chat, retries, note):
    s = server(chat=chat)
    rc, out, err, t = solve(tmp_path, s.url, '--json', '--max-retries', retries)
    assert rc == 3, (rc, err)
    # 3 calls in a row (the breaker), each 1 + `retries` attempts of at most 1 s (--timeout) with backoffs under 1 s, plus start-up
    assert t < 3 * (retries + 1) * 2 + 10, t
    if retries: assert note in err and ', retry 1/1 in' in err  # a visible note per retry
    assert note in one_error_line(err) and 'calls in a row failed' in err
    res = json.loads(out)[0]
    assert res['status'] == 'error' and res['llm_calls'] == 0 and res['llm_failures'] == 3 and res['code'] is None
    assert s.hits['chat'] == 3 * (retries + 1)  # then nothing more is sent


def test_transient_429_is_retried_and_solves(tmp_path, server):
    s = server(chat=lambda i: 429 if i == 1 else 'ok')
    rc, out, err, t = solve(tmp_path, s.url, '--json')
    assert rc == 0, err
    assert 'HTTP 429' in err and 'retry 1/1' in err
    res = json.loads(out)[0]
    assert res['passed'] and res['status'] == 'passed' and res['llm_calls'] == 1 and res['llm_failures'] == 0


def test_context_overflow_is_bad_input(tmp_path, server):
    s = server(chat=(400, dict(error=dict(message="This model's maximum context length is 2048 tokens", type='invalid_request_error'))))
    rc, out, err, t = solve(tmp_path, s.url)
    assert rc == 2 and 'context' in one_error_line(err) and s.hits['chat'] == 1  # fatal: not retried


def test_broken_record_is_rejected_before_any_request(tmp_path, server):
    s = server()
    rec = tmp_path/'broken.json'
    rec.write_text(json.dumps(dict(task_id='t/1', prompt='def f(x:\n    """f(1) == 1"""\n', entry_point='f')))
    rc, out, err, t = cli(tmp_path, 'solve', rec, '--llm', 'openai:m', '--base-url', s.url, '--quiet')
    assert rc == 2 and 'does not parse' in one_error_line(err)
    assert s.hits == {'models': 0, 'chat': 0}


def test_a_problem_file_a_benchmark_cannot_score_is_rejected_by_line(tmp_path, server):
    s, ok = server(), dict(task_id='X/0', prompt='def f(x):\n    """f(1) == 1"""\n', entry_point='f', test='def check(c): assert c(1) == 1')
    for bad, words in (({'prompt': 'x'}, ":2 lacks 'task_id'"), (dict(ok, task_id='X/1', test=''), ":2 (X/1) lacks 'test'"),
                       (dict(ok, task_id='X/one'), ":2 (X/one): task_id 'X/one' is not a numbered id"), (dict(ok, task_id='Y/0'), ":2 (Y/0): problem number 0 is used twice")):
        f = tmp_path/'p.jsonl'
        f.write_text(json.dumps(ok) + '\n' + json.dumps(bad) + '\n')
        for cmd in (['bench', '--data', f, '--strategy', 'greedy', '--n', 1], ['collect', '--data', f, '--split', 'train']):
            rc, out, err, t = cli(tmp_path, *cmd, '--llm', 'openai:m', '--base-url', s.url, '--out', tmp_path/'out', '-q')
            assert rc == 2 and f'p.jsonl{words}' in one_error_line(err), (cmd, bad, err)
            assert not (tmp_path/'out').exists()
    assert s.hits == {'models': 0, 'chat': 0}


# ---- bench: nothing written before the checks; a dead server stops the run; files stay consistent; one run per folder

def bench(tmp_path, url, out, *more, **kw):
    return cli(tmp_path, 'bench', '--problems', '0-2', '--strategy', 'greedy', '--n', 1, '--llm', 'openai:m', '--base-url', url,
               '--out', out, '--timeout', 1, '--max-retries', 0, '--concurrency', 1, '-q', *more, **kw)


def rows(folder: Path) -> list[dict]:
    return [json.loads(l) for l in (folder/'greedy.jsonl').read_text().splitlines() if l.strip()]


def test_bench_dead_server_then_resume(tmp_path, server):
    out = tmp_path/'res'
    rc, _, err, t = bench(tmp_path, f"http://127.0.0.1:{free_port()}/v1", out)
    assert rc == 3 and not out.exists()  # refused before anything was created
    dead = server(chat=500)
    rc, _, err, t = bench(tmp_path, dead.url, out)
    assert rc == 3 and 'LLM unavailable' in one_error_line(err) and 'resume' in err
    assert dead.hits['chat'] == 3  # the breaker: the third problem is not sent anything after 3 failures... nor any later one
    rs = rows(out/'openai-m')
    assert len(rs) == 3 and all(r['error'] and r['llm_calls'] == 0 and r['llm_failures'] == 1 for r in rs)  # errors, never scored as failures
    summ = json.loads((out/'openai-m'/'summary.json').read_text())['greedy']
    assert (summ['errors'], summ['failed_calls'], summ['calls_max']) == (3, 3, 0)
    ok = server()
    rc, _, err, t = bench(tmp_path, ok.url, out)
    assert rc == 0, err
    done = [r for r in rows(out/'openai-m') if not r['error']]
    assert sorted(r['task_id'] for r in done) == ['HumanEval/0', 'HumanEval/1', 'HumanEval/2'] and ok.hits['chat'] == 3


def test_concurrent_benches_never_duplicate_work(tmp_path, server):
    s = server(delay=1.0)
    out = tmp_path/'res'
    a = subprocess.Popen([sys.executable, '-m', 'mcts_codegen', 'bench', '--problems', '0-2', '--strategy', 'greedy', '--n', '1', '--llm', 'openai:m',
                          '--base-url', s.url, '--out', str(out), '--concurrency', '1', '-q'], env=env(tmp_path), cwd=tmp_path,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        t0 = time.time()
        while s.hits['chat'] == 0 and time.time() - t0 < 30: time.sleep(0.1)  # the first run holds the folder
        rc, _, err, t = bench(tmp_path, s.url, out)
        assert rc == 2 and 'in use by another run' in one_error_line(err) and f'pid {a.pid}' in err
        assert a.wait(60) == 0, a.stderr.read()
    finally:
        if a.poll() is None: a.kill()
    ids = [r['task_id'] for r in rows(out/'openai-m')]
    assert sorted(ids) == ['HumanEval/0', 'HumanEval/1', 'HumanEval/2'] and s.hits['chat'] == 3


# ---- collect: a dead server records no episode and exits 3; a held folder is refused

def collect(tmp_path, url, out, *more):
    return cli(tmp_path, 'collect', '--problems', '0-1', '--llm', 'openai:m', '--base-url', url, '--out', out, '--preset', 'FAST',
               '--n-iter', 2, '--timeout', 1, '--max-retries', 0, '--concurrency', 1, '-q', *more)


def test_collect_dead_server_records_nothing(tmp_path, server):
    s = server(chat=500)
    out = tmp_path/'data'
    rc, _, err, t = collect(tmp_path, s.url, out)
    assert rc == 3 and 'LLM unavailable' in one_error_line(err), err
    assert s.hits['chat'] == 3  # the breaker: the second problem sends nothing
    ep = out/'episodes.jsonl'
    assert not ep.exists() or not ep.read_text().strip()  # a search cut short by the server is not training data


def test_collect_refuses_a_held_folder(tmp_path, server):
    from mcts_codegen.learn.records import RunLock
    s = server()
    out = tmp_path/'data'
    with RunLock(out):
        rc, _, err, t = collect(tmp_path, s.url, out)
    assert rc == 2 and 'in use by another run' in one_error_line(err) and s.hits['chat'] == 0
