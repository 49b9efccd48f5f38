"""Attack battery for the sandboxed executor.

Every hostile program must be *contained* (host files, other processes, the parent and its memory unaffected; nothing left
running) and must get a *failing verdict*. Run with `pytest tests/test_sandbox_attacks.py -s` to see the attack table.
"""
import os, resource, secrets, socket, subprocess, sys, tempfile, threading, time
from pathlib import Path
import pytest

try: import mcts_codegen  # noqa: F401
except ImportError: sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from mcts_codegen.config import ExecutorConfig
from mcts_codegen.executor import Executor, CodeExecutionResult, SandboxUnavailable

pytestmark = pytest.mark.skipif(not sys.platform.startswith('linux'), reason='the sandbox battery needs Linux')

FAKE_KEY = 'sk-test-' + secrets.token_hex(16)
TIMEOUT = 1.5
ROWS: list[tuple[str, str, str, str]] = []

def _rss_mb() -> float: return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

@pytest.fixture(scope='module')
def ex(request):
    "One executor for the whole battery, created after a fake API key is put in the parent's environment."
    old = os.environ.get('OPENAI_API_KEY')
    os.environ['OPENAI_API_KEY'] = FAKE_KEY
    t0, rss0 = time.monotonic(), _rss_mb()
    try: e = Executor(ExecutorConfig(workers=2, timeout=TIMEOUT, memory_mb=256, cache=False))
    except SandboxUnavailable as err: pytest.skip(f'no sandbox on this host: {err}')
    e.isolation
    e.run('x = 1', [('x', 1)]); e.run('x = 1', [('x', 1)])  # start both workers
    e.first_pids = _worker_pids(e)
    yield e
    tag, cg_dirs = e._pool.tag, list(e._pool.cg_dirs)
    e.close()
    if old is None: os.environ.pop('OPENAI_API_KEY', None)
    else: os.environ['OPENAI_API_KEY'] = old
    left = _tagged_procs(tag)
    ROWS.append(('after close()', '-', 'contained' if not left and not any(Path(d).exists() for d in cg_dirs) else f'LEFT: {left}', 'no process, cgroup or dir left'))
    _print_table(request, time.monotonic() - t0, _rss_mb() - rss0)
    assert not left, f"processes left after close: {left}"
    assert not any(Path(d).exists() for d in cg_dirs)

def _print_table(request, secs, drss):
    lines = ['', f"{'attack':<42}{'verdict':<15}{'containment':<12}detail", '-' * 110]
    lines += [f"{a:<42}{v:<15}{c:<12}{d}" for a, v, c, d in ROWS]
    lines.append(f"battery: {len(ROWS)} rows in {secs:.1f} s; parent max RSS grew {drss:.0f} MB")
    cap = request.config.pluginmanager.get_plugin('capturemanager')
    with cap.global_and_fixture_disabled() if cap else open(os.devnull):  # show the table even without -s
        print('\n'.join(lines), flush=True)

def _worker_pids(e) -> list[int]: return [w.hello['pid'] for w in e._pool.workers if w]

def _status(pid) -> dict:
    try: return dict(l.split(':\t', 1) for l in Path(f'/proc/{pid}/status').read_text().splitlines() if ':\t' in l)
    except OSError: return {}

def _tagged_procs(tag) -> list[int]:
    "Pids of processes in this executor's cgroups."
    out = []
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try:
            if tag in Path(f'/proc/{p}/cgroup').read_text(): out.append(int(p))
        except OSError: pass
    return out

def _contained(e) -> str:
    "Check that the executor is healthy and that nothing but the workers and their idle pre-forked children is alive."
    workers = _worker_pids(e)
    assert workers == e.first_pids, f"a worker was replaced: {e.first_pids} -> {workers}"
    assert all(_status(w) for w in workers), 'a worker died'
    if e._pool.cg:
        for i, cg in e._pool.cg.items():
            procs = [int(p) for p in Path(cg['cg_dir'], 'cgroup.procs').read_text().split()]
            others = [p for p in procs if p != workers[i]]
            assert len(others) <= 1, f"worker {i} cgroup holds {procs}"
            for p in others:  # the idle child forked ahead for the next run: give it a moment to finish entering the sandbox
                end = time.monotonic() + 2
                while (st := _status(p)) and st['Uid'].split()[0] != '65534' and time.monotonic() < end: time.sleep(0.01)
                assert not st or (int(st['PPid']) == workers[i] and st['Uid'].split()[0] == '65534'), st
    else:
        assert len(_tagged_procs(e._pool.tag)) <= 2 * len(workers)
    return 'contained'

def attack(e, name:str, code:str, tests:list, detail:str='', **kw) -> CodeExecutionResult:
    "Run an attack through call tests; it must fail and be contained; record the row."
    r = e.run(code, tests, **kw)
    assert not r.passed and r.status != 'passed', f"{name}: PASSED"
    ROWS.append((name, r.status, _contained(e), detail or (r.error_type or '') + (': ' + r.error_message[:50] if r.error_message else '')))
    return r

def attack_check(e, name:str, code:str, check:str, entry:str, detail:str='', **kw) -> CodeExecutionResult:
    "Run an attack through an assert test (nonce); it must fail and be contained."
    r = e.run_check(code, check, entry, **kw)
    assert not r.passed, f"{name}: PASSED"
    ROWS.append((name, r.status, _contained(e), detail or (r.error_type or '')))
    return r

# ---- runaway programs ----

def test_infinite_loop(ex):
    t = time.monotonic()
    r = attack(ex, 'infinite loop', 'def f():\n    while True: pass\n', [('f()', 1)])
    assert r.status == 'timeout' and time.monotonic() - t < TIMEOUT + 2

def test_loop_catching_base_exception(ex):
    code = 'def f():\n    while True:\n        try:\n            while True: pass\n        except BaseException:\n            pass\n'
    assert attack(ex, 'loop catching BaseException', code, [('f()', 1)]).status == 'timeout'

def test_sleep_past_deadline(ex):
    assert attack(ex, 'time.sleep(60)', 'import time\ndef f():\n    time.sleep(60)\n    return 1\n', [('f()', 1)]).status == 'timeout'

@pytest.mark.parametrize('mod', ['os', 'posix'])
def test_fork_bomb(ex, mod):
    code = f'import {mod}\ndef f():\n    while True:\n        try: {mod}.fork()\n        except OSError: pass\n'
    r = attack(ex, f'fork bomb ({mod}.fork)', code, [('f()', 1)], detail='pids.max and RLIMIT_NPROC; swept at the deadline')
    assert r.status in ('timeout', 'killed', 'memory')

# ---- memory ----

def test_allocate_10gb(ex):
    rss = _rss_mb()
    r = attack(ex, '10 GB allocation', 'def f():\n    return len(bytearray(10 * 2**30))\n', [('f()', 10 * 2**30)])
    assert r.status == 'memory' and _rss_mb() - rss < 50

def test_gradual_growth(ex):
    code = 'def f():\n    l = []\n    while True: l.append(b"x" * 2**20)\n'
    assert attack(ex, 'gradual growth (1 MB steps)', code, [('f()', 1)]).status == 'memory'

# ---- filesystem ----

@pytest.fixture
def open_dir():
    "A world-writable directory (mode 0777, no sticky bit): only the sandbox, not file permissions, protects it."
    d = tempfile.mkdtemp(prefix='attack_'); os.chmod(d, 0o777)
    yield Path(d)
    subprocess.run(['rm', '-rf', d])

def test_write_outside_tmpdir(ex, open_dir):
    targets = [open_dir/'pwned.txt', Path(tempfile.gettempdir())/f'pwned_{secrets.token_hex(4)}', Path('/work/pwned.txt')]
    code = f'''import os
def f():
    ok = []
    for p in {[str(t) for t in targets]!r} + [os.path.join(os.path.dirname(os.getcwd()), 'planted')]:
        try:
            with open(p, 'w') as fh: fh.write('pwned')
            ok.append(p)
        except OSError: pass
    return ok
'''
    r = attack(ex, 'write outside the temp dir', code, [('len(f())', len(targets) + 1)], detail="0777 dir, /tmp, /work, the worker's dir: all refused")
    assert r.tests[0].got == '0' and not any(t.exists() for t in targets)

def test_delete_outside_tmpdir(ex, open_dir):
    victim = open_dir/'victim.txt'; victim.write_text('precious'); os.chmod(victim, 0o666)
    code = f'import os\ndef f():\n    os.remove({str(victim)!r})\n    return True\n'
    r = attack(ex, 'delete a file outside', code, [('f()', True)])
    assert victim.read_text() == 'precious' and 'PermissionError' in r.tests[0].error

def test_read_etc_shadow(ex):
    shadow = Path('/etc/shadow').read_text() if os.access('/etc/shadow', os.R_OK) else 'x'
    r = attack(ex, 'read /etc/shadow', 'def f():\n    return open("/etc/shadow").read()\n', [('f()', shadow)])
    assert r.tests[0].got is None and 'PermissionError' in r.tests[0].error

def test_read_project_files(ex):
    "Hidden benchmark tests live in the repo: a candidate must not be able to read them."
    data = Path(__file__).resolve().parent.parent / 'data' / 'HumanEval.jsonl.gz'
    code = f'def f():\n    return len(open({str(data)!r}, "rb").read())\n'
    r = attack(ex, 'read data/HumanEval.jsonl.gz (hidden tests)', code, [('f()', data.stat().st_size)])
    assert r.tests[0].got is None and 'PermissionError' in (r.tests[0].error or '')
    code = f'import os\ndef f():\n    return os.listdir({str(data.parent.parent)!r})\n'
    r = attack(ex, 'list the project directory', code, [('f()', sorted(os.listdir(data.parent.parent)))])
    assert r.tests[0].got is None and not r.passed

# ---- secrets ----

def test_env_secret(ex):
    r = attack(ex, 'OPENAI_API_KEY from os.environ', 'import os\ndef f():\n    return os.environ.get("OPENAI_API_KEY")\n', [('f()', FAKE_KEY)], detail='got None: empty environment')
    assert r.tests[0].got == 'None'

def test_proc_self_environ(ex):
    code = 'def f():\n    return open("/proc/self/environ", "rb").read().decode()\n'
    r = attack(ex, '/proc/self/environ', code, [('f()', FAKE_KEY)])
    assert FAKE_KEY not in (r.tests[0].got or '') and FAKE_KEY not in r.stdout

def test_parent_environ(ex):
    "The worker's environ (empty), the executor's (unreadable), and every other process's."
    code = f'''import os
def f():
    found, seen = [], []
    for pid in [os.getppid(), {os.getpid()}] + [int(p) for p in os.listdir('/proc') if p.isdigit()]:
        try: env = open(f'/proc/{{pid}}/environ', 'rb').read().decode(errors='replace')
        except OSError: continue
        seen.append(pid)
        for kv in env.split('\\0'):
            if kv.startswith('OPENAI_API_KEY='): found.append(kv.split('=', 1)[1])
    return found[0] if found else None
'''
    r = attack(ex, "parent's /proc/<pid>/environ", code, [('f()', FAKE_KEY)], detail='worker env is empty; other uids and /proc unreadable')
    assert r.tests[0].got == 'None' or 'PermissionError' in (r.tests[0].error or '')  # with Landlock /proc is not even listable

def test_memory_secret(ex):
    "Search the sandboxed process's own memory (inherited from the worker) for the key."
    code = 'import gc\ndef f():\n    key = "sk-" + "test-"\n    return [o for o in gc.get_objects() if isinstance(o, str) and key in o][:1]\n'
    r = attack(ex, "secret in the child's memory", code, [('f()', [FAKE_KEY])], detail='worker started with an empty environment')
    assert FAKE_KEY not in (r.tests[0].got or '')

# ---- network ----

def _listen(kind):
    s = socket.socket(socket.AF_INET, kind); s.bind(('127.0.0.1', 0)); s.settimeout(0.1)
    if kind == socket.SOCK_STREAM: s.listen(5)
    got = []
    def loop():
        end = time.monotonic() + 6
        while time.monotonic() < end and not got:
            try: got.append(s.accept() if kind == socket.SOCK_STREAM else s.recvfrom(100))
            except (socket.timeout, OSError): pass
    t = threading.Thread(target=loop, daemon=True); t.start()
    return s, got, t

NET = {socket.SOCK_STREAM: ('TCP to a host listener', 'c = socket.create_connection(("127.0.0.1", {port}), timeout=1)\n    c.sendall(b"pwned")'),
       socket.SOCK_DGRAM: ('UDP to a host listener', 'u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n    u.sendto(b"pwned", ("127.0.0.1", {port}))')}

@pytest.mark.parametrize('kind', [socket.SOCK_STREAM, socket.SOCK_DGRAM], ids=['tcp', 'udp'])
def test_network_to_host(ex, kind):
    s, got, t = _listen(kind)
    name, send = NET[kind]
    code = f'import socket\ndef f():\n    {send.format(port=s.getsockname()[1])}\n    return True\n'
    r = attack(ex, name, code, [('f()', True)])
    time.sleep(0.3)
    assert not got, 'the listener got a connection or a datagram'
    s.close()
    assert r.tests[0].error

# ---- processes ----

def test_kill_parent(ex):
    code = f'''import os, signal
def f():
    hit = []
    for pid in (os.getppid(), {os.getpid()}, 1):
        if pid in (0, os.getpid()): continue  # in its own PID namespace the run is pid 1 and its parent is outside (0)
        try: os.kill(pid, signal.SIGKILL); hit.append(pid)
        except OSError: pass
    return hit
'''
    r = attack(ex, 'os.kill(os.getppid(), 9)', code, [('len(f())', 3)], detail='also the executor and pid 1: all refused')
    assert r.tests[0].got == '0'

def test_daemon_outlives_run(ex):
    "A double-forked, setsid'd daemon reports its pid, then the run ends: it must be gone."
    code = '''import os, time
def f():
    r, w = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.write(w, str(os.getpid()).encode()); time.sleep(120); os._exit(0)
        os._exit(0)
    time.sleep(0.2)
    return int(os.read(r, 20))
'''
    r = attack(ex, 'double-forked daemon', code, [('f()', -1)], detail='killed by the cgroup sweep')
    pid = int(r.tests[0].got)
    time.sleep(0.05)
    st = _status(pid)
    assert not st or st.get('Uid', '').split()[0] != '65534', f"daemon {pid} survived: {st}"

def test_stdout_flood(ex):
    t = time.monotonic()
    r = attack(ex, '1 GB of stdout', 'import sys\ndef f():\n    for _ in range(2**14): sys.stdout.write("x" * 2**16)\n    return 1\n', [('f()', 1)])
    assert r.status == 'output_limit' and len(r.stdout) + len(r.stderr) <= ExecutorConfig().max_output and time.monotonic() - t < TIMEOUT

# ---- faking a pass ----

@pytest.mark.parametrize('how', ['sys.exit(0)', 'os._exit(0)'])
def test_early_exit_call_tests(ex, how):
    code = f'import os, sys\ndef f(): return 1\n{how}\n'
    r = attack(ex, f'{how} before the calls', code, [('f()', 1)])
    assert r.n_passed == 0

def test_exit_inside_call(ex):
    r = attack(ex, 'os._exit(0) inside a call', 'import os\ndef f(x):\n    if x == 2: os._exit(0)\n    return x\n', [('f(1)', 1), ('f(2)', 2), ('f(3)', 3)])
    assert [t.passed for t in r.tests] == [True, False, False]

@pytest.mark.parametrize('how', ['sys.exit(0)', 'os._exit(0)'])
def test_early_exit_assert_tests(ex, how):
    code = f'import os, sys\ndef f(x): return x + 1\n{how}\n'
    check = 'def check(candidate):\n    assert candidate(1) == 3\n'
    attack_check(ex, f'{how} before the asserts (nonce)', code, check, 'f')
    code2 = f'import os, sys\ndef f(x):\n    {how}\n'
    attack_check(ex, f'{how} inside the check (nonce)', code2, check, 'f')

def test_always_equal(ex):
    code = 'class Yes:\n    def __eq__(self, o): return True\n    def __ne__(self, o): return False\ndef f(): return Yes()\n'
    r = attack(ex, '__eq__ always True', code, [('f()', 42)])
    assert r.tests[0].error.startswith('UnsupportedValue')

def test_int_subclass(ex):
    code = 'class I(int):\n    def __eq__(self, o): return True\ndef f(): return I(0)\n'
    attack(ex, 'int subclass with __eq__', code, [('f()', 42)])

def test_forged_result_records(ex):
    "Write fake result lines to the result pipe before the real ones."
    code = 'import os\nos.write(3, b\'{"i": 0, "v": 42}\\n{"done": true}\\n\')\ndef f(): return 0\n'
    r = attack(ex, 'forged result records on fd 3', code, [('f()', 42)], detail='more records than the harness writes: malformed')
    assert r.tests[0].error in ('malformed result', 'more than one result for this call') and r.error_type == 'MalformedResult'

def test_no_carry_over_between_runs(ex):
    "Runs that mark the standard stream objects (made once per worker), leave unflushed output and a file: later runs see none of it."
    plant = ('import os, sys\nsys.stdout.write("LEAK"); sys.stderr.write("LEAK")\nsys.stdout.planted = sys.stdin.planted = "LEAK"\n'
             'open("planted.txt", "w").write("LEAK")\ndef f(): os._exit(0)\n')
    for _ in range(4): assert not ex.run(plant, [('f()', 1)]).passed
    code = ('import os, sys\ndef f():\n    return [getattr(s, "planted", None) for s in (sys.stdin, sys.stdout, sys.stderr)] + [sorted(os.listdir("."))]\n')
    for i in range(4):
        r = (attack if i == 3 else lambda e, n, c, t, **k: e.run(c, t))(ex, 'state left by earlier runs', code, [('f()', ['LEAK', 'LEAK', None, ['planted.txt']])],
                                                                            detail='fresh streams and an empty temp dir in every run')
        assert r.tests[0].got == '[None, None, None, []]' and 'LEAK' not in r.stdout + r.stderr, r

def test_worker_descriptors(ex):
    "The worker keeps descriptors open (the paths of the Landlock rules, /dev/null): none reaches the program."
    code = 'import os\ndef f():\n    out = []\n    for fd in range(3, 1024):\n        try: os.fstat(fd); out.append(fd)\n        except OSError: pass\n    return out\n'
    r = attack(ex, "the worker's open descriptors", code, [('f()', [3, 100])], detail='only fds 0-3 (stdio, results) are open')
    assert r.tests[0].got == '[3]', r.tests[0].got

def test_survives_everything(ex):
    "After the battery the same workers still judge correctly."
    r = ex.run('def add(a, b): return a + b\n', [('add(1, 2)', 3)])
    assert r.passed
    ROWS.append(('normal program after the battery', r.status, _contained(ex), 'same workers, same verdicts'))
