"""Run every distinct visible-passing program of the pools on its problem's rule-made corner inputs (`scorers.corner_inputs`,
made from the prompt alone) and keep each program's behaviour. Cached under /tmp (behaviours carry no label)."""
from __future__ import annotations
import asyncio, json, pickle, sys, time
from pathlib import Path
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.config import Config
from mcts_codegen.core.problem import Problem
from mcts_codegen.core.select import behaviours
from mcts_codegen.learn.scorers import corner_inputs
from mcts_codegen.learn.verifier import visible_all

ROOT = Path(__file__).resolve().parents[2]
ENTRY = {r['task_id']: r['entry_point'] for r in map(json.loads, (ROOT/'data/corpus/corpus.jsonl').open())}

def corner_sigs(rows:list[dict], model:str, k:int=32, mutate:bool=False, cache:Path=Path('/tmp/i81')) -> dict[tuple[str,str],tuple]:
    "{(problem, code): behaviour on the problem's corner inputs} for the visible-passing rows."
    f = cache/f"corners-{model}-{k}{'-mutate' if mutate else ''}.pkl"
    if f.is_file(): return pickle.loads(f.read_bytes())
    vis = visible_all(rows)
    todo = {}
    for r, v in zip(rows, vis):
        if v: todo.setdefault(r['problem_id'], {}).setdefault(r['code'], r.get('prompt'))
    out, t0 = {}, time.time()
    async def go(ex):
        sem = asyncio.Semaphore(4)
        async def one(pid, codes):
            prompt = next(iter(codes.values()))
            calls = corner_inputs(prompt, ENTRY[pid], k, mutate=mutate)
            p = Problem(id=pid, prompt=prompt, entry_point=ENTRY[pid])
            async with sem: sigs = await behaviours(p, list(codes), calls, ex)
            for c, s in zip(codes, sigs): out[pid, c] = s
        await asyncio.gather(*(one(pid, codes) for pid, codes in todo.items()))
    with Executor(Config().executor) as ex: asyncio.run(go(ex))
    print(f"{model}{' (mutate)' if mutate else ''}: {len(out)} programs of {len(todo)} problems on corner inputs in {time.time() - t0:.0f}s", file=sys.stderr)
    f.write_bytes(pickle.dumps(out))
    return out
