"""Bounded load test of the service: N concurrent clients for T seconds on the scripted LLM double and the real sandbox.

    python bench/load_server.py [--clients 50] [--duration 60] [--workers 2] [--delay 0.05] [--out results/load_server.json]

Each client loops until the time is up: submit the `sq` problem (POST /v1/solve), follow its Server-Sent Events to
the end, fetch its tree. A 429 (queue full) is counted as `rejected` and honoured (the client waits Retry-After);
anything else that is not a success is an error. Reported: jobs finished per second, p50/p99 of the whole job
(submit to end event) and of the submit request, errors (goal 0), and the server's resident memory after the
warm-up and at the end (goal: flat). The server runs in its own process; this script only talks HTTP to it.
"""
import argparse, asyncio, json, statistics, sys, tempfile, time
from pathlib import Path
import httpx
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests'))
from serve_scripted import start, stop, SQ

def rss_mb(pid:int) -> float:
    "Resident memory of process `pid` in MiB."
    for line in Path(f'/proc/{pid}/status').read_text().splitlines():
        if line.startswith('VmRSS:'): return int(line.split()[1]) / 1024
    return float('nan')

def pct(xs:list[float], q:float) -> float:
    if not xs: return float('nan')
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]

async def client(c:httpx.AsyncClient, deadline:float, st:dict, max_calls:int):
    while time.monotonic() < deadline:
        t0 = time.monotonic()
        try:
            r = await c.post('/v1/solve', json=dict(prompt=SQ, max_calls=max_calls, preset='FAST'))
            st['submit'].append(time.monotonic() - t0)
            if r.status_code == 429:
                st['rejected'] += 1
                await asyncio.sleep(float(r.headers.get('retry-after', 1)))
                continue
            if r.status_code != 202: st['errors'].append(f"POST {r.status_code}: {r.text[:100]}"); continue
            jid, status = r.json()['id'], None
            async with c.stream('GET', f'/v1/jobs/{jid}/events') as s:
                ev = None
                async for line in s.aiter_lines():
                    if line.startswith('event: '): ev = line[7:]
                    elif line.startswith('data: ') and ev == 'end': status = json.loads(line[6:])['status']; break
            if status != 'done': st['errors'].append(f"job {jid} ended {status}"); continue
            t = await c.get(f'/v1/jobs/{jid}/tree')
            if t.status_code != 200 or not t.json()['nodes']: st['errors'].append(f"tree {t.status_code}"); continue
            st['jobs'].append(time.monotonic() - t0)
        except httpx.HTTPError as e: st['errors'].append(f"{type(e).__name__}: {e}")

async def run(a, url:str, pid:int) -> dict:
    st = dict(jobs=[], submit=[], errors=[], rejected=0)
    limits = httpx.Limits(max_connections=a.clients + 10, max_keepalive_connections=a.clients + 10)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as c:
        # warm-up: a few jobs so allocator pools, caches and sandbox workers exist before the first memory reading
        await asyncio.gather(*(client(c, time.monotonic() + a.warmup, dict(jobs=[], submit=[], errors=[], rejected=0), a.max_calls) for _ in range(min(a.clients, 8))))
        rss0, t0 = rss_mb(pid), time.monotonic()
        samples = []
        async def sampler():
            while time.monotonic() - t0 < a.duration:
                samples.append((round(time.monotonic() - t0, 1), round(rss_mb(pid), 1))); await asyncio.sleep(5)
        await asyncio.gather(sampler(), *(client(c, t0 + a.duration, st, a.max_calls) for _ in range(a.clients)))
        wall = time.monotonic() - t0
        rss1 = rss_mb(pid)
        m = (await c.get('/metrics')).text
    calls = sum(float(l.split()[-1]) for l in m.splitlines() if l.startswith('mcts_llm_calls_total'))
    execs = sum(float(l.split()[-1]) for l in m.splitlines() if l.startswith('mcts_executions_total'))
    return dict(clients=a.clients, duration_s=round(wall, 1), workers=a.workers, llm_delay_s=a.delay, max_calls=a.max_calls,
                jobs=len(st['jobs']), jobs_per_s=round(len(st['jobs']) / wall, 2),
                job_p50_s=round(pct(st['jobs'], .5), 3), job_p99_s=round(pct(st['jobs'], .99), 3),
                submit_p50_ms=round(1000 * pct(st['submit'], .5), 1), submit_p99_ms=round(1000 * pct(st['submit'], .99), 1),
                errors=len(st['errors']), error_examples=st['errors'][:5], rejected_429=st['rejected'],
                server_rss_after_warmup_mb=round(rss0, 1), server_rss_end_mb=round(rss1, 1), rss_growth_mb=round(rss1 - rss0, 1),
                rss_samples=samples, llm_calls_total=calls, executions_total=execs)

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--clients', type=int, default=50); ap.add_argument('--duration', type=float, default=60)
    ap.add_argument('--workers', type=int, default=2); ap.add_argument('--queue', type=int, default=64)
    ap.add_argument('--delay', type=float, default=0.05, help="seconds per scripted LLM request")
    ap.add_argument('--max-calls', type=int, default=6); ap.add_argument('--warmup', type=float, default=5)
    ap.add_argument('--out', type=Path, default=None, help="write the figures here as JSON")
    a = ap.parse_args()
    if not (1 <= a.clients <= 500 and 1 <= a.duration <= 600): ap.error('--clients must be 1-500 and --duration 1-600 s (a bounded test)')
    tmp = Path(tempfile.mkdtemp(prefix='mcts-load-'))
    p, url = start(tmp / 'jobs.db', tmp / 'server.log', delay=a.delay, right_after=3, workers=a.workers, queue=a.queue, log_level='WARNING')
    try: res = asyncio.run(run(a, url, p.pid))
    finally: stop(p)
    print(json.dumps(res, indent=1))
    if a.out:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_text(json.dumps(res, indent=1) + '\n')

if __name__ == '__main__': main()
