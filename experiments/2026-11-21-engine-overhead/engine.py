"""Engine overhead per iteration and memory of a 10,000-node tree, with the scripted LLM double (a benchmark, not a test).

    python experiments/2026-11-21-engine-overhead/engine.py [--iters 300] [--nodes 10000]

Overhead = wall time of the search minus the time spent awaiting the LLM client and the executor, per iteration.
It is printed twice: with the real sandbox (what a search pays) and with an instant stand-in executor (the engine alone).
"""
import argparse, gc, random, resource, time, tracemalloc
from mcts_codegen.core.config import create_preset
from mcts_codegen.core.problem import Problem, CallTest
from mcts_codegen.core.engine import MCTSEngine
from mcts_codegen.sandbox.executor import Executor, CodeExecutionResult, TestOutcome
from mcts_codegen.testing import ScriptedClient

P = Problem(id='bench/sq', entry_point='sq', prompt='def sq(x):\n    """Square x.\n    >>> sq(3)\n    9\n    >>> sq(-2)\n    4\n    """\n',
            visible_tests=[CallTest(call='sq(3)', expected=9), CallTest(call='sq(-2)', expected=4)])

def wrong(rng):
    "A distinct, plausible, wrong program of ~300 characters."
    k = rng.randrange(10**9)
    return (f"```python\ndef sq(x):\n    \"\"\"Square x (attempt {k}).\"\"\"\n    y = x * 3 + {k % 7}\n    if y > {k % 97}:\n"
            f"        return y - {k % 13}\n    return abs(y) + len(str({k}))\n```")

class InstantExecutor:
    "Stands in for the sandbox: a realistic failed result, no process."
    async def arun(self, code, tests, language='python', timeout=None):
        outs = [TestOutcome(call=t.call, passed=i == 0, got='7', error=None) for i, t in enumerate(tests)]
        return CodeExecutionResult(status='failed', passed=False, tests=outs, n_passed=1, n_tests=len(tests), stdout='', stderr='', wall_time=0.006, cpu_time=0.004)
    def close(self): pass

def overhead(executor, iters, seed=0):
    rng = random.Random(seed)
    cfg = create_preset('THOROUGH', n_iter=iters, max_nodes=10**6, early_stop=False)
    eng = MCTSEngine(ScriptedClient(lambda m: wrong(rng)), cfg, executor=executor)
    r = eng.search(P)
    return r

def memory(nodes, seed=1):
    rng = random.Random(seed)
    cfg = create_preset('THOROUGH', n_iter=100_000, max_nodes=nodes, early_stop=False, n_variants=4)
    eng = MCTSEngine(ScriptedClient(lambda m: wrong(rng)), cfg, executor=InstantExecutor())
    gc.collect(); tracemalloc.start()
    r = eng.search(P)
    gc.collect()
    cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return r, cur, peak

if __name__ == '__main__':
    ap = argparse.ArgumentParser(); ap.add_argument('--iters', type=int, default=300); ap.add_argument('--nodes', type=int, default=10_000)
    a = ap.parse_args()
    with Executor(create_preset('FAST').executor) as ex:
        r = overhead(ex, a.iters)
    print(f"real sandbox   : {r.iterations} iterations, {r.tree_size} nodes, {r.stats['executions']} executions, wall {r.wall_time:.2f}s "
          f"(LLM {r.stats['t_llm']:.2f}s, executor {r.stats['t_exec']:.2f}s) -> engine overhead {r.stats['overhead_ms_per_iter']:.3f} ms/iteration")
    r = overhead(InstantExecutor(), a.iters)
    print(f"instant sandbox: {r.iterations} iterations, {r.tree_size} nodes, wall {r.wall_time:.3f}s -> engine overhead {r.stats['overhead_ms_per_iter']:.3f} ms/iteration "
          f"(all-in {1000*r.wall_time/r.iterations:.3f} ms/iteration, scripted client included)")
    r, cur, peak = memory(a.nodes)
    print(f"tree of {r.tree_size} nodes (programs ~300 chars, results attached): live {cur/2**20:.1f} MiB, peak {peak/2**20:.1f} MiB (tracemalloc), "
          f"{cur/r.tree_size/1024:.2f} KiB/node; process max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1024:.0f} MiB")
