"Ordinary behaviour of the sandboxed executor: verdicts, errors, cache, JavaScript, concurrency, isolation fallback."
import asyncio, json, os, subprocess, sys, threading, time
from pathlib import Path
import pytest

try: import mcts_codegen  # noqa: F401
except ImportError: sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import mcts_codegen.sandbox.executor as E
from mcts_codegen.core.config import ExecutorConfig
from mcts_codegen.sandbox.executor import Executor, CodeExecutionResult, SandboxUnavailable, feedback, probe_layers
from mcts_codegen.core.problem import CallTest

pytestmark = pytest.mark.skipif(not sys.platform.startswith('linux'), reason='the sandbox needs Linux')

def make(cfg:ExecutorConfig, **kw) -> Executor:
    "An executor, or skip the test on a host that cannot sandbox (tests of the refusal itself do not use this)."
    try: return Executor(cfg, **kw)
    except SandboxUnavailable as e: pytest.skip(f'no sandbox on this host: {e}')

@pytest.fixture(scope='module')
def ex():
    e = make(ExecutorConfig(workers=2, timeout=3))
    yield e
    e.close()

ADD = 'def add(a, b):\n    return a + b\n'

def test_passing_and_failing_calls(ex):
    r = ex.run(ADD, [CallTest(call='add(1, 2)', expected=3), ('add("a", "b")', 'ab')])
    assert (r.status, r.passed, r.n_passed, r.n_tests, r.pass_frac) == ('passed', True, 2, 2, 1.0)
    r = ex.run(ADD, [('add(1, 2)', 3), ('add(2, 2)', 5)])
    assert (r.status, r.passed, r.n_passed) == ('failed', False, 1)
    assert (r.tests[1].got, r.tests[1].expected, r.tests[1].error) == ('4', '5', None)

def test_strict_values(ex):
    code = 'def f(x): return x'
    r = ex.run(code, [('f([1, 2])', (1, 2)), ('f(True)', 1), ('f(0.1 + 0.2)', 0.3), ('f({1: (2,)})', {1: (2,)}), ('f({3, 1})', {1, 3}),
                      ('f(None)', None), ('f(float("nan"))', float('nan')), ('f(b"x")', b'x')])
    assert [t.passed for t in r.tests] == [False, False, True, True, True, True, True, True]

def test_large_results_still_judged(ex):
    "A long list of small ints, and a few long ints, are plain correct answers, not a flood."
    r = ex.run('def f(n): return list(range(n))\ndef g(): return [7 ** 2000, -(7 ** 2000)]', [('f(200000)', list(range(200000))), ('g()', [7 ** 2000, -(7 ** 2000)])])
    assert r.passed, r.tests

def test_big_int(ex):
    r = ex.run('import math\ndef f(n): return math.factorial(n)', [('f(2000)', __import__('math').factorial(2000))])
    assert r.passed

def test_exception_in_one_call_and_trimmed_traceback(ex):
    code = 'def inv(x):\n    y = x * 2\n    return 1 / (y - 2)\n'
    r = ex.run(code, [('inv(0)', -0.5), ('inv(1)', 0), ('inv(2)', 0.5)])
    assert [t.passed for t in r.tests] == [True, False, True]
    assert r.tests[1].error == 'ZeroDivisionError: division by zero'
    assert (r.status, r.error_type) == ('failed', 'ZeroDivisionError')
    assert 'File "<candidate>", line 3, in inv' in r.traceback and 'return 1 / (y - 2)' in r.traceback
    assert 'harness' not in r.traceback and 'executor' not in r.traceback and 'sandbox' not in r.traceback

def test_syntax_error_needs_no_process():
    with make(ExecutorConfig(workers=1)) as e:
        r = e.run('def f(:\n    return 1\n', [('f()', 1)])
        assert (r.status, r.error_type, r.n_tests, r.passed) == ('syntax_error', 'SyntaxError', 1, False)
        assert 'line 1' in r.error_message
        assert e._pool.workers == [None]  # no worker was started
        assert e.run('return 5', []).status == 'syntax_error'

def test_load_error_and_stdout(ex):
    r = ex.run('print("hello")\nimport nonexistent_module_xyz\n', [('1', 1)])
    assert (r.status, r.error_type, r.stdout) == ('runtime_error', 'ModuleNotFoundError', 'hello\n')
    assert r.tests[0].error == 'not run'

def test_timeout_keeps_earlier_calls(ex):
    code = 'def f(x):\n    while x > 1: pass\n    return x\n'
    t = time.monotonic()
    r = ex.run(code, [('f(0)', 0), ('f(1)', 1), ('f(2)', 2), ('f(0)', 0)], timeout=0.5)
    assert time.monotonic() - t < 3
    assert r.status == 'timeout' and [t.passed for t in r.tests] == [True, True, False, False]
    assert [t.error for t in r.tests[2:]] == ['timeout', 'not run']

def test_run_check(ex):
    check = 'def check(candidate):\n    assert candidate(2) == 4\n    assert candidate(3) == 9\n'
    assert ex.run_check('def sq(x): return x * x', check, 'sq').status == 'passed'
    r = ex.run_check('def sq(x): return x + x', check, 'sq')
    assert (r.status, r.error_type, r.n_tests) == ('failed', 'AssertionError', 1)
    assert 'assert candidate(3) == 9' in r.traceback

def test_stdlib_imports(ex):
    "Modules the worker did not preimport load too (the interpreter may live where the sandbox uid cannot reach it)."
    r = ex.run('import hashlib, statistics, fractions, datetime\ndef f(): return hashlib.md5(b"x").hexdigest()', [('f()', '9dd4e461268c8034f5c8564e155c67a6')])
    assert r.passed, r.error_message

def test_result_json_roundtrip_and_feedback(ex):
    r = ex.run(ADD, [('add(1, 2)', 3), ('add(1, 1)', 3), ('add(1)', 1)])
    assert CodeExecutionResult.model_validate_json(r.model_dump_json()) == r
    fb = feedback(r)
    assert '1/3 tests passed' in fb and 'add(1, 1) returned 2, expected 3' in fb and 'TypeError' in fb
    assert len(feedback(r, max_chars=50)) == 50
    assert feedback(ex.run(ADD, [('add(1, 2)', 3)])) == 'All 1 tests passed.'

def test_cache_hit(ex):
    n = ex.n_runs
    r1 = ex.run('def f(x):\n    return x + 1\n', [('f(1)', 2)])
    r2 = ex.run('def f(x):   # the same program, reformatted\n\n    return (x + 1)\n', [('f(1)', 2)])
    assert (r1.cached, r2.cached, r2.passed) == (False, True, True)
    assert ex.n_runs == n + 1
    assert not ex.run('def f(x):\n    return x + 1\n', [('f(1)', 3)]).cached  # other tests: other key

def test_no_cache_for_timeouts(ex):
    code = 'def f():\n    while True: pass\n'
    assert not ex.run(code, [('f()', 1)], timeout=0.3).cached
    assert not ex.run(code, [('f()', 1)], timeout=0.3).cached

def test_javascript(ex):
    code = 'function add(a, b) { return a + b; }\nconst pair = (a, b) => [a, b];\nasync function later(x) { return x * 2; }\n'
    r = ex.run(code, [('add(1, 2)', 3), ('pair("x", 1.5)', ['x', 1.5]), ('({a: 1, b: [true, null]})', {'a': 1, 'b': [True, None]}),
                      ('later(21)', 42), ('add(1, 1)', 3), ('nope(1)', 1)], language='javascript')
    assert [t.passed for t in r.tests] == [True, True, True, True, False, False]
    assert r.tests[5].error.startswith('ReferenceError') and r.status == 'failed'
    assert ex.run('function f( { return 1 }', [('f()', 1)], language='javascript').status == 'syntax_error'
    assert ex.run('while (true) {}', [('1', 1)], language='javascript', timeout=0.5).status == 'timeout'
    chk = 'function check(c) { if (c(2) !== 4) throw new Error("wrong"); }'
    assert ex.run_check('function sq(x) { return x * x; }', chk, 'sq', language='javascript').passed
    assert not ex.run_check('function sq(x) { return x + 1; }', chk, 'sq', language='javascript').passed

def test_pool_concurrency():
    "Two workers run two sleepers at once; the thread-safe API and the asyncio API both use them."
    with make(ExecutorConfig(workers=2, cache=False)) as e:
        e.isolation; e.run('x=1', [('x', 1)]); e.run('x=1', [('x', 1)])
        code = 'import time\ndef f(i):\n    time.sleep(0.4)\n    return i\n'
        out = [None] * 4
        def go(i): out[i] = e.run(code, [(f'f({i})', i)])
        t = time.monotonic()
        ths = [threading.Thread(target=go, args=(i,)) for i in range(4)]
        for th in ths: th.start()
        for th in ths: th.join()
        dt = time.monotonic() - t
        assert all(r.passed for r in out) and 0.75 < dt < 1.5, dt
        async def many(): return await asyncio.gather(*[e.arun(code, [(f'f({i})', i)]) for i in range(4)])
        t = time.monotonic()
        rs = asyncio.run(many())
        assert all(r.passed for r in rs) and time.monotonic() - t < 1.5
        assert asyncio.run(e.arun_check('def f(): return 1', 'def check(c): assert c() == 1', 'f')).passed

def test_isolation_layers_here():
    with make(ExecutorConfig(workers=1)) as e:
        iso = e.isolation
    assert {'setsid', 'rlimits', 'tmpdir'} <= set(iso)
    assert set(iso) <= set(probe_layers())

def test_fallback_requires_allow_unsafe(monkeypatch):
    with pytest.raises(SandboxUnavailable): Executor(ExecutorConfig(workers=1), layers=[])
    with pytest.raises(SandboxUnavailable): Executor(ExecutorConfig(workers=1), layers=['cgroup', 'seccomp'])  # no filesystem guard
    with pytest.raises(ValueError): Executor(layers=['magic'])
    monkeypatch.setattr(E, 'probe_layers', lambda: ['setsid', 'rlimits', 'tmpdir'])  # a host with nothing to offer
    with pytest.raises(SandboxUnavailable, match='allow_unsafe'): Executor(ExecutorConfig(workers=1))
    with Executor(ExecutorConfig(workers=1, allow_unsafe=True)) as e:
        assert e.isolation == ['setsid', 'rlimits', 'tmpdir']
        assert e.run(ADD, [('add(1, 2)', 3)]).passed

def test_partial_stack_without_root_layers():
    "What a non-root user gets (no cgroup, no setuid): orphans are still found (subreaper) and killed."
    layers = [l for l in ('netns', 'landlock', 'seccomp') if l in probe_layers()]
    if not layers: pytest.skip('no unprivileged layer available')
    with make(ExecutorConfig(workers=1, timeout=2, allow_unsafe=os.geteuid() == 0), layers=layers) as e:  # as root, a child without setuid is root: unsafe
        assert 'cgroup' not in e.isolation and 'setuid' not in e.isolation
        code = 'import os, time\ndef f():\n    r, w = os.pipe()\n    if os.fork() == 0:\n        os.setsid()\n        if os.fork() == 0:\n            os.write(w, str(os.getpid()).encode()); time.sleep(60)\n        os._exit(0)\n    time.sleep(0.1)\n    return int(os.read(r, 20))\n'
        r = e.run(code, [('f()', 0)])
        pid = int(r.tests[0].got)
        time.sleep(0.05)
        assert not Path(f'/proc/{pid}').exists() or 'Z' in Path(f'/proc/{pid}/stat').read_text().split()[2]
        assert e.run(ADD, [('add(1, 2)', 3)]).passed

def test_closed_executor_refuses():
    e = make(ExecutorConfig(workers=1)); e.close()
    with pytest.raises(RuntimeError): e.run(ADD, [('add(1, 2)', 3)])

def test_stale_leftovers_removed(monkeypatch):
    "Directories and cgroups of executors whose process died (e.g. by SIGKILL) are removed by the next pool to start."
    dead = 999_999_999  # above any pid_max
    d = Path('/dev/shm' if Path('/dev/shm').is_dir() else '/tmp') / f'mcts_exec_{dead}_stale'
    d.mkdir(exist_ok=True)
    roots = E.cgroup_roots()
    cg = [r/f'mcts_codegen-{dead}-abcdef/w0' for r in roots.values() if 'unified' not in roots]
    for c in cg: c.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(E, '_STALE_DONE', False)
    with make(ExecutorConfig(workers=1)) as e:
        assert e.run(ADD, [('add(1, 2)', 3)]).passed
    assert not d.exists() and not any(c.parent.exists() for c in cg)

_FIRST_RUN = """
import sys
from mcts_codegen.core.config import ExecutorConfig
from mcts_codegen.sandbox.executor import Executor
with Executor(ExecutorConfig(workers=1)) as e: r = e.run('def add(a, b):\\n    return a + b\\n', [('add(1, 2)', 3)])
print(r.status, r.error_type, r.error_message)
"""

def test_stale_leftovers_removed_by_several_processes_at_once():
    "Processes starting together (Ray actors after a killed run) remove the same leftovers; none of their first runs may fail for it (they were 'killed': FileNotFoundError)."
    roots = E.cgroup_roots()
    if not roots or 'unified' in roots: pytest.skip('needs cgroup v1 roots to plant leftovers in')
    dead = 999_999_998
    tops = [r/f'mcts_codegen-{dead}-{k:06x}' for r in roots.values() for k in range(60)]
    for t in tops:
        for i in range(4): (t/f'w{i}').mkdir(parents=True, exist_ok=True)
    procs = [subprocess.Popen([sys.executable, '-c', _FIRST_RUN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[1]) for _ in range(4)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [o.split()[:1] for o, _ in outs] == [['passed']] * 4, [(o, err[-500:]) for o, err in outs]
    assert not any(t.exists() for t in tops)
