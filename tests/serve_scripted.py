"""Run the service on uvicorn with the scripted LLM double (tests and the load test only, never a default).

    python tests/serve_scripted.py --port 8765 --db /tmp/jobs.db [--delay 0.05] [--right-after 3] [--workers 2] [--queue 16]

The double answers every request for the `sq` problem of the tests: wrong programs first, then (after
`--right-after` requests, 0: never) the right one; in JavaScript when the request holds the JavaScript stub (`SQ_JS`). `--delay` seconds per request stand in for a model's latency.
The sandbox is the real one. The app has the OpenAI-compatible chat routes (`--plain-chat 0`: a chat without a stub gets a 400).
"""
import argparse, asyncio, itertools, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
try: from mcts_codegen.testing import ScriptedClient
except ImportError: from mcts_codegen.core.llm import ScriptedClient
from functools import partial
from mcts_codegen.service.server import create_app, Limits
from mcts_codegen.service.openai_compat import add_chat
from mcts_codegen.service.obs import setup_logging
try: import mcts_codegen.lab.agents  # the lab's strategies, as `mcts-codegen serve` loads them: an AUTO job routes to reflexion, HRM, TRM
except ImportError: pass  # the code before they moved to the lab

SQ = 'def sq(x):\n    """Square x.\n    >>> sq(3)\n    9\n    >>> sq(-2)\n    4\n    """\n'
WRONG = ['def sq(x):\n    return x * 3\n', 'def sq(x):\n    return x + 1\n', 'def sq(x):\n    return abs(x) * 3\n',
         'def sq(x):\n    return 9\n', 'def sq(x):\n    return x ** 3\n', 'def sq(x):\n    return -x\n', 'def sq(x):\n    return x - 1\n']
RIGHT = 'def sq(x):\n    return x * x\n'
SQ_JS = '/**\n * Square x.\n * @param {number} x\n * @returns {number}\n * @example\n * sq(3) // => 9\n * sq(-2) // => 4\n */\nfunction sq(x) {\n}\n'
WRONG_JS = ['function sq(x) {\n  return x * 3;\n}\n', 'function sq(x) {\n  return x + 1;\n}\n']
RIGHT_JS = 'function sq(x) {\n  return x * x;\n}\n'
CUBE = 'def cube(x):\n    """Cube x.\n    >>> cube(2)\n    8\n    """\n'  # the double never solves it: a long job

def double(delay:float, right_after:int):
    "A scripted client whose requests take `delay` s; the right program comes after `right_after` requests (0: never)."
    n = itertools.count(1)
    wrong, wrong_js = itertools.cycle(WRONG), itertools.cycle(WRONG_JS)
    def reply(msgs):
        k = next(n)
        if 'def cube' in msgs[-1]['content']: return f"```python\ndef cube(x):\n    return x * {k}\n```"  # never right, never repeated
        if 'function sq(' in msgs[-1]['content']:
            return f"```javascript\n{RIGHT_JS if right_after and k % right_after == 0 else next(wrong_js)}```"
        code = RIGHT if right_after and k % right_after == 0 else next(wrong)
        return f"```python\n{code}```"
    class Slow(ScriptedClient):
        async def complete(self, *a, **kw):
            if delay: await asyncio.sleep(delay)
            out = await super().complete(*a, **kw)
            self.log.clear()  # the double's record of requests would grow without end in a long-running server
            return out
    return Slow(reply)

def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', type=int, required=True); ap.add_argument('--db', required=True)
    ap.add_argument('--delay', type=float, default=0.0); ap.add_argument('--right-after', type=int, default=3)
    ap.add_argument('--workers', type=int, default=2); ap.add_argument('--queue', type=int, default=16)
    ap.add_argument('--max-body', type=int, default=64 * 1024); ap.add_argument('--max-calls', type=int, default=50)
    ap.add_argument('--max-prompt', type=int, default=20_000); ap.add_argument('--token', default=''); ap.add_argument('--log-level', default='INFO')
    ap.add_argument('--open-metrics', type=int, default=0); ap.add_argument('--plain-chat', type=int, default=1)
    a = ap.parse_args(argv)
    import uvicorn
    setup_logging(level=a.log_level)
    lim = Limits(workers=a.workers, queue=a.queue, max_body=a.max_body, max_calls=a.max_calls, max_prompt=a.max_prompt, retry_after=2)
    app = create_app(a.db, llm=double(a.delay, a.right_after), limits=lim, token=a.token, save_every=0.1, open_metrics=bool(a.open_metrics),
                     routes=[partial(add_chat, plain=bool(a.plain_chat))])
    uvicorn.run(app, host='127.0.0.1', port=a.port, log_config=None, access_log=False, timeout_graceful_shutdown=5)

def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0)); return s.getsockname()[1]

def start(db, log, port:int|None=None, timeout:float=60, **opts):
    "Start this server in a subprocess (logs to `log`); returns (process, base URL) once /readyz answers 200."
    import subprocess, time, httpx
    port = port or free_port()
    args = [sys.executable, __file__, '--port', str(port), '--db', str(db)]
    for k, v in opts.items(): args += [f"--{k.replace('_', '-')}", str(v)]
    p = subprocess.Popen(args, stdout=open(log, 'ab'), stderr=subprocess.STDOUT)
    url, t0 = f"http://127.0.0.1:{port}", time.time()
    auth = {'Authorization': f"Bearer {opts['token']}"} if opts.get('token') else {}
    while time.time() - t0 < timeout:
        if p.poll() is not None: raise RuntimeError(f"server exited with {p.returncode}: {Path(log).read_text()[-2000:]}")
        try:
            if httpx.get(url + '/readyz', headers=auth, timeout=2).status_code == 200: return p, url
        except httpx.HTTPError: pass
        time.sleep(0.1)
    p.kill(); raise RuntimeError(f"server not ready in {timeout}s: {Path(log).read_text()[-2000:]}")

def stop(p):
    "Stop a server started by `start` (SIGTERM, then SIGKILL)."
    import subprocess
    if p.poll() is None:
        p.terminate()
        try: p.wait(10)
        except subprocess.TimeoutExpired: p.kill(); p.wait()

if __name__ == '__main__': main()
