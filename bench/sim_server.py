"""A latency-simulating OpenAI-compatible chat server, for measuring how the search scales with requests in flight.

Standard library only; listens on 127.0.0.1 only. It does no inference: each completion "decodes" `--tokens`
tokens at `--token-delay` seconds per step after a `--prefill` delay, and answers with a program that runs but is
wrong (the function named in the prompt returning a number drawn from the request's seed), so a search never stops
early and spends its whole budget. A reviewer's request ("Score: X/10") gets a score.

Batching: the server has `--slots` decoding slots (like llama.cpp's `--parallel` or vLLM's batch). Sequences in
slots decode together; each step of a batch of b sequences takes token_delay·(1 + batch_cost·(b−1)), so
batch_cost=0 is an ideal batching server (memory-bound decoding on a GPU) and batch_cost=1 a server that gains
nothing from batching. Sequences beyond the slots wait. The `n` parameter is honoured (n sequences of one request).

    python bench/sim_server.py --port 8093 --token-delay 0.01 --tokens 60 --slots 16 --max-seconds 600
"""
from __future__ import annotations
import argparse, json, random, re, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class Batcher:
    "Decoding slots shared by every request: admits up to `slots` sequences, each step's time grows with the batch."
    def __init__(self, slots:int, token_delay:float, batch_cost:float):
        self.slots, self.delay, self.cost = slots, token_delay, batch_cost
        self.cv, self.active, self.peak, self.sequences = threading.Condition(), 0, 0, 0

    def decode(self, tokens:int):
        "Block for the time `tokens` decoding steps take at the current batch size."
        with self.cv:
            while self.active >= self.slots: self.cv.wait()
            self.active += 1; self.sequences += 1; self.peak = max(self.peak, self.active)
        try:
            for _ in range(tokens):
                time.sleep(self.delay * (1 + self.cost * (self.active - 1)))
        finally:
            with self.cv: self.active -= 1; self.cv.notify()

def answer(messages:list[dict], seed:int) -> str:
    "A wrong program for the function the prompt names (or a review score)."
    text = '\n'.join(str(m.get('content', '')) for m in messages)
    if 'Score: X/10' in text or "'Score:" in text: return f"Score: {seed % 11}/10"
    names = re.findall(r'def\s+([A-Za-z_]\w*)\s*\(', text)
    name = names[-1] if names else 'f'
    return f"```python\ndef {name}(*args, **kwargs):\n    return {seed % 97 - 50}\n```"

def make_server(port:int=0, token_delay:float=0.01, tokens:int=60, prefill:float=0.0, slots:int=16, batch_cost:float=0.0,
                honour_n:bool=True) -> ThreadingHTTPServer:
    "The server (not started): `srv.serve_forever()` in a thread; `srv.batcher` has the counters."
    batcher, lock = Batcher(slots, token_delay, batch_cost), threading.Lock()
    stats = dict(requests=0, in_flight=0, peak_requests=0)
    class H(BaseHTTPRequestHandler):
        def log_message(self, *a): pass
        def _json(self, code, obj):
            b = json.dumps(obj).encode()
            self.send_response(code); self.send_header('Content-Type', 'application/json'); self.send_header('Content-Length', str(len(b)))
            self.end_headers(); self.wfile.write(b)
        def do_GET(self):
            if self.path.rstrip('/').endswith('/models'): return self._json(200, dict(object='list', data=[dict(id='sim', object='model')]))
            self._json(404, dict(error=dict(message='not found')))
        def do_POST(self):
            if not self.path.rstrip('/').endswith('/chat/completions'): return self._json(404, dict(error=dict(message='not found')))
            try: body = json.loads(self.rfile.read(int(self.headers.get('Content-Length', 0))) or b'{}')
            except ValueError: return self._json(400, dict(error=dict(message='body is not JSON')))
            msgs = body.get('messages') or []
            n = int(body.get('n', 1)) if honour_n else 1
            seed = body.get('seed'); seed = random.randrange(1 << 30) if seed is None else int(seed)
            k = min(tokens, int(body.get('max_tokens') or tokens))
            with lock: stats['requests'] += 1; stats['in_flight'] += 1; stats['peak_requests'] = max(stats['peak_requests'], stats['in_flight'])
            try:
                if prefill: time.sleep(prefill)
                ts = [threading.Thread(target=batcher.decode, args=(k,)) for _ in range(n)]
                for t in ts: t.start()
                for t in ts: t.join()
            finally:
                with lock: stats['in_flight'] -= 1
            pt = sum(len(str(m.get('content', '')).split()) for m in msgs)
            ch = [dict(index=i, finish_reason='stop', message=dict(role='assistant', content=answer(msgs, seed + i))) for i in range(n)]
            self._json(200, dict(id='sim', object='chat.completion', created=int(time.time()), model=body.get('model', 'sim'),
                                 choices=ch, usage=dict(prompt_tokens=pt, completion_tokens=k * n, total_tokens=pt + k * n)))
    srv = ThreadingHTTPServer(('127.0.0.1', port), H)
    srv.daemon_threads = True
    srv.batcher, srv.stats = batcher, stats
    return srv

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--port', type=int, default=8093)
    ap.add_argument('--token-delay', type=float, default=0.01, help='seconds per decoding step of a lone sequence')
    ap.add_argument('--tokens', type=int, default=60, help='tokens per completion (capped by max_tokens)')
    ap.add_argument('--prefill', type=float, default=0.0, help='seconds per request before decoding')
    ap.add_argument('--slots', type=int, default=16, help='sequences decoded together at most')
    ap.add_argument('--batch-cost', type=float, default=0.0, help='extra step time per extra sequence in the batch (0: ideal batching)')
    ap.add_argument('--ignore-n', action='store_true', help='answer one choice whatever n says (like some servers)')
    ap.add_argument('--max-seconds', type=float, default=3600, help='shut down after this long')
    a = ap.parse_args()
    srv = make_server(a.port, a.token_delay, a.tokens, a.prefill, a.slots, a.batch_cost, not a.ignore_n)
    t = threading.Timer(a.max_seconds, srv.shutdown); t.daemon = True; t.start()
    print(f"sim server on http://127.0.0.1:{srv.server_address[1]}/v1 for at most {a.max_seconds:.0f}s", flush=True)
    try: srv.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt: pass
    print(json.dumps(dict(srv.stats, peak_sequences=srv.batcher.peak, sequences=srv.batcher.sequences)))

if __name__ == '__main__': main()
