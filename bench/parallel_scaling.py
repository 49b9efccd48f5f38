"""Wall-time speedup of the search with k expansions in flight (`search.parallel = k`), against an OpenAI-compatible server.

By default it starts the latency-simulating server (`bench/sim_server.py`) in this process on 127.0.0.1; with
`--base-url` it talks to a real one instead (e.g. `python -m llama_cpp.server --model ...gguf --port 8094`).
Every k runs the same problems with the same LLM-call budget and the real sandbox; the speedup is wall(k=1)/wall(k),
measured in the same run (absolute seconds from a shared machine are not comparable across runs).

    python bench/parallel_scaling.py --ks 1,2,4,8,16 --calls 32 --token-delay 0.01 --tokens 60
    python bench/parallel_scaling.py --ks 1,2,4 --calls 8 --base-url http://127.0.0.1:8094/v1 --model qwen --problems 0-1 --no-early-stop
    python bench/parallel_scaling.py --ks 1s,1,2,4,8 --calls 8 --local qwen2.5-coder-0.5b --batch-decode --n-variants 1 --problems 0-1 --no-early-stop

With `--local MODEL` the search runs on the embedded model in this process (`LocalClient`); with `--batch-decode` the
requests of in-flight expansions are decoded together in one llama.cpp batch (`decoder.Decoder.sample`). `--rounds R`
runs the ks R times, interleaved, and keeps each k's median wall time (a shared machine's load drifts).
"""
from __future__ import annotations
import argparse, asyncio, json, os, sys, threading, time
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from mcts_codegen.core.config import create_preset
from mcts_codegen.core.problem import Problem, CallTest
from mcts_codegen.core.engine import MCTSEngine
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.llm import OpenAIClient

TOY = Problem(id='toy/absdiff', entry_point='absdiff',
              prompt='def absdiff(a, b):\n    """Absolute difference.\n    >>> absdiff(1, 3)\n    2\n    """\n',
              visible_tests=[CallTest(call='absdiff(1, 3)', expected=2), CallTest(call='absdiff(5, 2)', expected=3)])

def problems_for(spec:str|int) -> list[Problem]:
    "`toy` repeated, or HumanEval ids ('0-3')."
    if isinstance(spec, int): return [TOY.model_copy(update=dict(id=f'toy/{i}')) for i in range(spec)]
    from mcts_codegen.core.loaders import load_humaneval, problem_from_humaneval
    return [problem_from_humaneval(r) for r in load_humaneval(spec)]

def scaling(ks:list[int|str], # values of `search.parallel` ('1s': k=1 decoding one request at a time, with `local` and `batch_decode`)
            calls:int=32, # LLM-call budget per problem (equal for every k)
            token_delay:float=0.01, tokens:int=60, slots:int=16, batch_cost:float=0.0, prefill:float=0.0, # simulated server
            problems:int|str=1, # a number of toy problems, or HumanEval ids ('0-3')
            exec_workers:int=4, n_variants:int=2, greedy_first:bool=True, preset:str='FAST',
            base_url:str|None=None, model:str='sim', max_tokens:int|None=None,
            timeout:float=600, # seconds a request may wait: a server that answers one request at a time queues the others
            early_stop:bool=True, # False: every k spends the whole budget even once a program passes (a real model solves easy problems at once)
            local:str|None=None, # an embedded model (e.g. 'qwen2.5-coder-0.5b') instead of a server
            batch_decode:bool=False, # with `local`: decode concurrent requests together
            threads:int|None=None, # with `local`: CPU threads
            rounds:int=1, # run the ks this many times, interleaved; each k keeps its median wall time
           ) -> list[dict]:
    "One row per k: wall seconds, LLM calls, tokens, passes, speedup against the first k."
    srv = None
    if local:
        from mcts_codegen.core.llm import LocalClient
        mk = lambda e: LocalClient(local, batch=batch_decode and not str(e).endswith('s'), n_threads=threads)
    if base_url is None and not local:
        from sim_server import make_server
        srv = make_server(0, token_delay, tokens, prefill, slots, batch_cost)
        threading.Thread(target=srv.serve_forever, kwargs=dict(poll_interval=0.05), daemon=True).start()
        base_url = f"http://127.0.0.1:{srv.server_address[1]}/v1"
    probs, rows, walls = problems_for(problems), [], {}
    try:
        with Executor(create_preset(preset, executor__workers=exec_workers).executor) as ex:
            ex.run(TOY.prompt + '    return 0\n', TOY.visible_tests)  # warm the sandbox and the HTTP client (SDK import) before timing
            async def warm():
                c = mk(1) if local else OpenAIClient(model, base_url=base_url, api_key='sim', max_retries=1)
                await c.complete([dict(role='user', content='def f():')], max_tokens=1)
                if not local: await c.aclose()
            asyncio.run(warm())
            for e in [e for _ in range(rounds) for e in ks]:
                k = int(str(e).rstrip('s'))
                over = dict(parallel=k, max_llm_calls=calls, n_iter=10_000, n_variants=n_variants, greedy_first=greedy_first, early_stop=early_stop)
                if max_tokens: over['max_tokens'] = max_tokens
                cfg = create_preset(preset, **over)
                cl = mk(e) if local else OpenAIClient(model, base_url=base_url, api_key='sim', concurrency=max(k, 1) * n_variants, max_retries=1, timeout=timeout)
                eng = MCTSEngine(cl, cfg, executor=ex)
                async def go():
                    out = []
                    for p in probs: out.append(await eng.asearch(p))
                    if not local: await cl.aclose()
                    return out
                t0 = time.perf_counter()
                res = asyncio.run(go())
                wall = time.perf_counter() - t0
                walls.setdefault(e, []).append(round(wall, 3))
                if len(walls[e]) < rounds: continue
                rows.append(dict(k=e, wall=sorted(walls[e])[(rounds - 1) // 2], walls=walls[e], llm_calls=sum(r.llm_calls for r in res), tokens=sum(r.tokens for r in res),
                                 passed=sum(r.passed for r in res), max_in_flight=max(r.stats.get('max_in_flight', 1) for r in res),
                                 errors=sum(len(r.stats['llm_errors']) for r in res)))
                rows[-1]['tok_per_s'] = round(rows[-1]['tokens'] / rows[-1]['wall'], 2)  # prompt and generated tokens
                gen = getattr(getattr(cl, 'usage', None), 'completion_tokens', None)  # tokens the model generated (decoded)
                if gen is not None: rows[-1].update(generated=gen, gen_per_s=round(gen / rows[-1]['wall'], 2))
    finally:
        if srv is not None: srv.shutdown(); srv.server_close()
    rows.sort(key=lambda r: ks.index(r['k']))
    for r in rows: r['speedup'] = round(rows[0]['wall'] / r['wall'], 2)
    return rows

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--ks', default='1,2,4,8,16', help="values of search.parallel; with --local --batch-decode, '1s' is k=1 without batched decoding (the default path)")
    ap.add_argument('--calls', type=int, default=32)
    ap.add_argument('--token-delay', type=float, default=0.01)
    ap.add_argument('--tokens', type=int, default=60)
    ap.add_argument('--slots', type=int, default=16)
    ap.add_argument('--batch-cost', type=float, default=0.0)
    ap.add_argument('--prefill', type=float, default=0.0)
    ap.add_argument('--problems', default='2', help="a number of toy problems, or HumanEval ids such as '0-3'")
    ap.add_argument('--exec-workers', type=int, default=4)
    ap.add_argument('--n-variants', type=int, default=2)
    ap.add_argument('--no-greedy-first', action='store_true')
    ap.add_argument('--base-url', default=None, help='a real OpenAI-compatible server instead of the simulated one')
    ap.add_argument('--model', default='sim')
    ap.add_argument('--max-tokens', type=int, default=None)
    ap.add_argument('--no-early-stop', action='store_true', help='spend the whole budget at every k, even after a pass (for a real model)')
    ap.add_argument('--local', default=None, help="an embedded model, e.g. qwen2.5-coder-0.5b, in place of a server")
    ap.add_argument('--batch-decode', action='store_true', help='with --local: decode the requests of in-flight expansions together')
    ap.add_argument('--threads', type=int, default=None, help='with --local: CPU threads')
    ap.add_argument('--rounds', type=int, default=1, help='run the ks this many times, interleaved; keep the median wall time')
    ap.add_argument('--note', default=None, help='free text kept with the settings, e.g. how the server was started')
    ap.add_argument('--out', default=None, help='append the settings and rows as one JSON line to this file')
    a = ap.parse_args()
    probs = int(a.problems) if a.problems.isdigit() else a.problems
    rows = scaling([k if k.endswith('s') else int(k) for k in a.ks.split(',')], a.calls, a.token_delay, a.tokens, a.slots, a.batch_cost, a.prefill, probs,
                   a.exec_workers, a.n_variants, not a.no_greedy_first, base_url=a.base_url, model=a.model, max_tokens=a.max_tokens,
                   early_stop=not a.no_early_stop, local=a.local, batch_decode=a.batch_decode, threads=a.threads, rounds=a.rounds)
    print(f"{'k':>3} {'wall s':>8} {'speedup':>8} {'calls':>6} {'tokens':>7} {'tok/s':>6} {'gen':>6} {'gen/s':>6} {'in flight':>9} {'passed':>6} {'errors':>6}")
    for r in rows: print(f"{str(r['k']):>3} {r['wall']:>8.2f} {r['speedup']:>7.2f}x {r['llm_calls']:>6} {r['tokens']:>7} {r['tok_per_s']:>6} {r.get('generated', '-'):>6} {r.get('gen_per_s', '-'):>6} {r['max_in_flight']:>9} {r['passed']:>6} {r['errors']:>6}")
    print(json.dumps(rows))
    if a.out:
        from mcts_codegen.bench.runner import engine_version
        from mcts_codegen import __version__
        rec = dict(settings={k: v for k, v in vars(a).items() if k != 'out'}, rows=rows, package=__version__,
                   engine=engine_version('mcts-fast', create_preset('FAST')), load=round(os.getloadavg()[0], 2),
                   when=time.strftime('%Y-%m-%dT%H:%M:%S'))
        Path(a.out).parent.mkdir(parents=True, exist_ok=True)
        with open(a.out, 'a') as f: f.write(json.dumps(rec) + '\n')

if __name__ == '__main__': main()
