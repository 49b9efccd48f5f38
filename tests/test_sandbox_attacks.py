"""Attack battery for the sandboxed executor.

Every hostile program must be *contained* (host files, other processes, the parent and its memory unaffected; nothing left
running) and must get a *failing verdict*. Run with `pytest tests/test_sandbox_attacks.py -s` to see the attack table.
"""
import json, os, resource, secrets, shutil, socket, subprocess, sys, tempfile, threading, time
from pathlib import Path
import pytest

try: import mcts_codegen  # noqa: F401
except ImportError: sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from mcts_codegen.core.config import ExecutorConfig
from mcts_codegen.sandbox.executor import Executor, CodeExecutionResult, SandboxUnavailable, LAYERS

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
    first = getattr(e, 'first_pids', workers)  # an executor made by one test only: its workers as they are
    assert workers == first, f"a worker was replaced: {first} -> {workers}"
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
    "Growing 1 MB at a time must end at the memory limit, not at the deadline."
    # ~0.2 s on a quiet machine, but starved CI runners passed the battery's 1.5 s deadline first (status 'timeout', three runs
    # in a row): a 30 s deadline for this run leaves the memory limit as the only thing that can end it.
    code = 'def f():\n    l = []\n    while True: l.append(b"x" * 2**20)\n'
    assert attack(ex, 'gradual growth (1 MB steps)', code, [('f()', 1)], timeout=30).status == 'memory'

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

# ---- issue 14: the red-team battery's classes ----

LIBC = 'import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n'

def test_sysv_shm_persists(ex):
    "A 200 MB System V segment kept (IPC_PRIVATE, no IPC_RMID): it must not outlive the run nor charge later runs."
    code = LIBC + 'def f():\n    return libc.shmget(0, 200 << 20, 0o1666)\n'
    r = attack(ex, 'SysV shm segment of 200 MB', code, [('f()', -2)], detail='seccomp refuses shmget; own IPC namespace anyway')
    assert r.tests[0].got == '-1', r.tests[0]
    assert not [l for l in Path('/proc/sysvipc/shm').read_text().splitlines()[1:] if l.split()[3] == str(200 << 20)]

def test_sysv_msg_queue_carries_data(ex):
    "A message queue with a fixed key: the next run must not find it."
    code = LIBC + 'def f():\n    return libc.msgget(0x4d435453, 0o1666)\n'
    r = attack(ex, 'SysV message queue between runs', code, [('f()', -2)], detail='msgget refused; a queue would die with the run')
    assert r.tests[0].got == '-1'
    assert '4d435453' not in Path('/proc/sysvipc/msg').read_text().lower() and str(0x4d435453) not in Path('/proc/sysvipc/msg').read_text()

def test_ipc_namespace_without_seccomp():
    "With seccomp off, the run's own IPC namespace alone makes a segment and a queue vanish at the end of the run."
    try: e = Executor(ExecutorConfig(workers=1, timeout=TIMEOUT, cache=False), layers=[l for l in LAYERS if l != 'seccomp'])
    except SandboxUnavailable as err: pytest.skip(f'no sandbox on this host: {err}')
    with e:
        if 'ipcns' not in e.isolation: pytest.skip('no IPC namespace here')
        plant = LIBC + 'def f():\n    q = libc.msgget(0x4d435453, 0o1666)\n    return [q >= 0, libc.shmget(0x4d435454, 64 << 20, 0o1666) >= 0]\n'
        assert e.run(plant, [('f()', [True, True])]).passed  # really created, inside the run
        look = LIBC + 'def f():\n    return [libc.msgget(0x4d435453, 0o666), libc.shmget(0x4d435454, 0, 0o666)]\n'
        r = attack(e, 'SysV IPC, seccomp off', look, [('f()', [0, 0])], detail='IPC namespace per run: gone with the run')
        assert r.tests[0].got == '[-1, -1]'
        assert '4d435454' not in Path('/proc/sysvipc/shm').read_text() and str(0x4d435454) not in Path('/proc/sysvipc/shm').read_text()

def test_namespace_calls_refused(ex):
    "The worker's seccomp filter lets it unshare/setns the run's namespaces: a child cannot (no capabilities; user namespaces refused)."
    code = LIBC + """import os
def f():
    fd = os.open('.', os.O_RDONLY)
    return [libc.unshare(0x10000000), libc.unshare(0x20000000), libc.unshare(0x08000000), libc.unshare(0x20000),
            libc.setns(fd, 0x20000000), libc.mount(b'none', b'.', b'tmpfs', 0, None)]
"""
    r = attack(ex, 'unshare/setns/mount from the run', code, [('f()', [0] * 6)], detail='no CAP_SYS_ADMIN; CLONE_NEWUSER refused')
    assert r.tests[0].got == str([-1] * 6), r.tests[0]

@pytest.fixture
def nobody_proc():
    "A host process running as the sandbox uid (65534), as another worker's pre-forked child or a host daemon would."
    if not shutil.which('setpriv') or os.geteuid() != 0: pytest.skip('needs root and setpriv')
    p = subprocess.Popen(['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', 'sleep', '60'])
    time.sleep(0.2)
    yield p
    p.kill(); p.wait()

def test_process_controls_on_other_pids(ex, nobody_proc):
    "prlimit, setpriority, sched_setaffinity, kill and /proc/<pid>/cmdline on a host process of the same uid."
    pid = nobody_proc.pid
    prio = os.getpriority(os.PRIO_PROCESS, pid)  # inherited from this process (not 0 when the suite runs under `nice`)
    code = f'''import os, resource, signal
def f():
    done = []
    for name, act in [('prlimit', lambda: resource.prlimit({pid}, resource.RLIMIT_NOFILE, (3, 3))),
                      ('setpriority', lambda: os.setpriority(os.PRIO_PROCESS, {pid}, 19)),
                      ('affinity', lambda: os.sched_setaffinity({pid}, {{0}})),
                      ('cmdline', lambda: open('/proc/{pid}/cmdline').read()),
                      ('kill', lambda: os.kill({pid}, signal.SIGSTOP))]:
        try: act(); done.append(name)
        except OSError: pass
    return done
'''
    r = attack(ex, 'prlimit/renice/pin/kill another pid', code, [('f()', ['prlimit'])], detail='own PID namespace; seccomp: pid 0 only')
    assert r.tests[0].got == '[]', r.tests[0]
    limits = Path(f'/proc/{pid}/limits').read_text()
    assert not any(l.startswith('Max open files') and l.split()[3] == '3' for l in limits.splitlines()) and os.getpriority(os.PRIO_PROCESS, pid) == prio
    assert _status(pid).get('State', '').startswith('S')

def test_own_process_controls_still_work(ex):
    "Limits, niceness and affinity of the run itself stay allowed."
    code = 'import os, resource\ndef f():\n    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64)); os.nice(1); os.sched_setaffinity(0, os.sched_getaffinity(0))\n    return os.getpid()\n'
    r = ex.run(code, [('f()', 1)])
    assert r.tests[0].error is None, r.tests[0]

def test_other_runs_and_dev_shm(ex):
    "List /dev/shm (where run dirs live) and climb to the other worker's dir."
    code = 'import os\ndef f():\n    out = []\n    for p in ("/dev/shm", "..", "../..", "../../w0", "../../w1", "/proc"):\n        try: out.append(os.listdir(p))\n        except OSError: pass\n    return out\n'
    r = attack(ex, "/dev/shm, other runs' dirs, /proc", code, [('f()', [['run1']])], detail='Landlock: none readable')
    assert r.tests[0].got == '[]', r.tests[0]

@pytest.fixture
def unix_listener():
    d = tempfile.mkdtemp(prefix='attack_'); os.chmod(d, 0o777)
    path = os.path.join(d, 'host.sock')
    s = socket.socket(socket.AF_UNIX); s.bind(path); os.chmod(path, 0o777); s.listen(5)
    yield path
    s.close(); subprocess.run(['rm', '-rf', d])

def test_host_unix_socket(ex, unix_listener):
    code = f'import socket\ndef f():\n    s = socket.socket(socket.AF_UNIX)\n    s.connect({unix_listener!r})\n    return "connected"\n'
    r = attack(ex, 'connect to a host pathname UNIX socket', code, [('f()', 'connected')], detail='seccomp: no socket(); socketpair only')
    assert 'PermissionError' in (r.tests[0].error or ''), r.tests[0]
    assert ex.run('import socket\ndef f():\n    a, b = socket.socketpair(); a.send(b"x"); return b.recv(1)\n', [('f()', b'x')]).passed

def test_parent_stall_by_huge_int(ex):
    "A million-digit integer on the result channel (58 s of the caller's time before)."
    code = "import os\ndef f():\n    os.write(3, b'{\"i\": 0, \"v\": ' + b'7' * 1_000_000 + b'}\\n')\n    os._exit(0)\n"
    t = time.monotonic()
    r = attack(ex, '1M-digit integer on the result channel', code, [('f()', 1)], detail='digits capped by the longest expected')
    assert time.monotonic() - t < TIMEOUT + 1.0 and r.error_type == 'MalformedResult', (time.monotonic() - t, r.error_type)
    code = "import os\ndef f():\n    os.write(3, b'{\"i\": 0, \"v\": [' + b','.join([b'9' * 4000] * 3000) + b']}\\n')\n    os._exit(0)\n"
    t = time.monotonic()
    r = attack(ex, '3,000 integers of 4,000 digits', code, [('f()', 1)], detail='budget for all long integers')
    assert time.monotonic() - t < TIMEOUT + 1.0 and r.error_type == 'MalformedResult', (time.monotonic() - t, r.error_type)

def test_parent_stall_by_many_records(ex):
    "Millions of tiny records (40 s of the caller's time before)."
    code = "import os\ndef f():\n    os.write(3, b'{}\\n' * 4_000_000)\n    return 1\n"
    t = time.monotonic()
    r = attack(ex, '4M tiny records on the result channel', code, [('f()', 1)], detail='count capped: one per call, plus one')
    assert time.monotonic() - t < TIMEOUT + 1.0 and r.status in ('runtime_error', 'output_limit'), (time.monotonic() - t, r.status)

def test_forged_error_record_types(ex):
    "Error records with non-string fields (a pydantic ValidationError before): a verdict, not an exception."
    code = "import os\nos.write(3, b'{\"load_error\": {\"type\": 1, \"msg\": [2], \"tb\": {}}}\\n')\nos._exit(0)\ndef f(): return 1\n"
    r = attack(ex, 'forged error record (non-string fields)', code, [('f()', 1)])
    assert r.error_type == 'MalformedResult'
    code = "import os\ndef f():\n    os.write(3, b'{\"i\": 0, \"err\": {\"type\": null, \"msg\": 3}}\\n{\"done\": true}\\n')\n    os._exit(0)\n"
    assert attack(ex, 'forged call error record', code, [('f()', 1)]).error_type == 'MalformedResult'

def test_deep_expression_cache_key():
    "A ~1000-deep expression: RecursionError in the cache key (ast.dump) before."
    with Executor(ExecutorConfig(workers=1, timeout=TIMEOUT, cache=True)) as e:
        code = 'def f():\n    return ' + '+'.join(['1'] * 3000) + '\n'
        r = e.run(code, [('f()', 3000)])
        assert r.status in ('passed', 'syntax_error'), r  # either way a verdict
        ROWS.append(('3000-term expression (cache key)', r.status, 'contained', 'RecursionError in ast.dump caught: text key'))
        r = e.run('x = ' + '-' * 5000 + '1', [('x', 1)])
        assert isinstance(r, CodeExecutionResult) and not r.passed
        import ast  # where compile still succeeds but `ast.dump` does not (a deeper caller stack): the key falls back to the text
        node = ast.Constant(1)
        for _ in range(5000): node = ast.BinOp(node, ast.Add(), ast.Constant(1))
        tree = ast.Module([ast.Assign([ast.Name('x', ast.Store())], node)], [])
        assert isinstance(e._key('call', 'python', 'x = 1', tree, [], '', '', 1.0), str)

def test_deep_tree_cleanup(ex):
    "A 2,000-level directory tree, partly without permissions: cleanup is iterative and the run dir goes."
    code = 'import os\ndef f():\n    for i in range(2000):\n        os.mkdir("d"); os.chdir("d")\n    open("x", "w").write("x"); os.chmod(".", 0)\n    return 1\n'
    attack(ex, '2,000-deep directory tree', code, [('f()', 2)], detail='fd-based iterative rmtree')
    runs = [p for w in ex._pool.base.iterdir() if w.is_dir() for p in w.iterdir() if p.name.startswith('run')]
    assert len(runs) <= len(_worker_pids(ex)), runs  # only the pre-forked children's fresh dirs

def test_strict_comparison(ex):
    "Dict keys and set members by type; an int expected wants an int."
    code = 'def keys(): return {True: "a", 2.0: "b"}\ndef fkey(): return {1: "a", 2.0: "b"}\ndef members(): return {1, 2.0}\ndef near(): return 3.0000001\n'
    r = attack(ex, 'lax comparison (keys, members, float for int)', code,
               [('keys()', {1: 'a', 2: 'b'}), ('fkey()', {1: 'a', 2: 'b'}), ('members()', {1, 2}), ('near()', 3)],
               detail='keys/members by type; no tolerance for an int')
    assert [t.passed for t in r.tests] == [False, False, False, False]

def test_setuid_is_not_filesystem_isolation():
    "cgroup+netns+setuid+seccomp, no Landlock: refused without allow_unsafe (the child could read the hidden tests)."
    from mcts_codegen.sandbox.executor import is_protected
    assert not is_protected(['cgroup', 'setsid', 'rlimits', 'tmpdir', 'netns', 'setuid', 'seccomp'])
    assert not is_protected(['netns', 'landlock', 'seccomp'], root=True) and is_protected(['netns', 'landlock', 'setuid'], root=True)
    with pytest.raises(SandboxUnavailable): Executor(ExecutorConfig(workers=1), layers=['cgroup', 'netns', 'setuid', 'seccomp'])
    ROWS.append(('setuid without Landlock', 'refused', 'contained', 'SandboxUnavailable unless allow_unsafe'))

def test_planted_symlink_req_json(tmp_path):
    "Without Landlock another run of the same uid could plant req.json -> a host file in a run dir: the root worker must not follow it."
    from mcts_codegen.sandbox.worker import _Runs
    victim = tmp_path/'victim'; victim.write_text('keep')
    run = tmp_path/'run'; run.mkdir(); (run/'req.json').symlink_to(victim)
    w = _Runs(); w.layers, w.c = ['setuid'], dict(uid=65534, gid=65534)
    dfd = os.open(run, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with pytest.raises(FileExistsError): w._write_in(dict(dfd=dfd), 'req.json', b'{}')
    finally: os.close(dfd)
    assert victim.read_text() == 'keep' and victim.stat().st_uid == os.geteuid()
    ROWS.append(('planted req.json symlink (no Landlock)', 'refused', 'contained', 'O_CREAT|O_EXCL|O_NOFOLLOW via the run dir fd'))

def test_no_landlock_fallback_for_real(tmp_path):
    "Really run without Landlock (allow_unsafe): the run's PID namespace comes with its own /proc; JavaScript req.json still works."
    try: e = Executor(ExecutorConfig(workers=1, timeout=TIMEOUT, cache=False, allow_unsafe=True), layers=[l for l in LAYERS if l != 'landlock'])
    except SandboxUnavailable as err: pytest.skip(str(err))
    with e:
        if 'pidns' not in e.isolation: pytest.skip('no PID namespace here')
        code = 'import os\ndef f():\n    return sorted(int(p) for p in os.listdir("/proc") if p.isdigit())\n'
        r = attack(e, 'no Landlock: /proc lists', code, [('f()', [0])], detail='own /proc: only the run (pid 1)')
        assert r.tests[0].got == '[1]', r.tests[0]
        if shutil.which('node'): assert e.run('function f() { return 1; }', [('f()', 1)], language='javascript').passed

def test_planted_symlink_for_real(open_dir):
    "Without Landlock, for real: a run plants req.json -> a host file in every run dir it can reach; JavaScript runs that follow must not write through it."
    if not shutil.which('node') or os.geteuid() != 0: pytest.skip('needs node and root')
    victim = open_dir/'victim'; victim.write_text('keep'); os.chmod(victim, 0o600)
    try: e = Executor(ExecutorConfig(workers=2, timeout=TIMEOUT, cache=False, allow_unsafe=True), layers=[l for l in LAYERS if l != 'landlock'])
    except SandboxUnavailable as err: pytest.skip(str(err))
    with e:
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(2) as tp: list(tp.map(lambda _: e.run('import time\ndef f(): time.sleep(0.3); return 1', [('f()', 1)]), range(2)))  # start both workers
        plant = f"""import os
def f():
    n = 0
    for w in ('w0', 'w1'):
        for k in range(1, 40):
            try: os.symlink({str(victim)!r}, f'../../{{w}}/run{{k}}/req.json'); n += 1
            except OSError: pass
    return n
"""
        tries = []
        for _ in range(6):  # each worker forks its next child just after answering; under load that can come after the plant, so try again
            time.sleep(0.5)
            r = e.run(plant, [('f()', -1)])
            js = [e.run('function f() { return 1; }', [('f()', 1)], language='javascript') for _ in range(4)]
            assert victim.read_text() == 'keep' and victim.stat().st_uid == 0 and (victim.stat().st_mode & 0o777) == 0o600
            tries.append((r.tests[0].got, [x.status for x in js]))
            if int(r.tests[0].got) >= 2 and any(x.status == 'killed' for x in js): break
        else: raise AssertionError(f'the plant never landed in another run dir: {tries}')  # the attack must really have been tried
        ROWS.append(('planted req.json symlink, for real', ','.join(sorted({x.status for x in js})), 'contained',
                     f"{r.tests[0].got} links planted; host file untouched (O_EXCL|O_NOFOLLOW)"))

def test_unprivileged_fallback_for_real(tmp_path):
    "The battery's key attacks in a worker started without root (`unshare -U`): no cgroup, no setuid, no PID namespace."
    if not shutil.which('unshare') or subprocess.run(['unshare', '-U', 'true'], capture_output=True).returncode: pytest.skip('no unprivileged user namespaces here')
    prog = tmp_path/'p.py'
    prog.write_text(f'''import os, json, sys
sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.config import ExecutorConfig
out = {{}}
with Executor(ExecutorConfig(workers=1, timeout=2, cache=False)) as e:
    out['layers'] = e.isolation
    for name, code in [('project', "def f(): return open({str(Path(__file__).resolve())!r}).read()[:3]"),
                       ('shadow', 'def f(): return open("/etc/shadow").read()[:3]'),
                       ('dev_shm', 'import os\\ndef f(): return os.listdir("/dev/shm")'),
                       ('socket', 'import socket\\ndef f(): return socket.socket(socket.AF_INET).connect(("127.0.0.1", 1))'),
                       ('shm', 'import ctypes\\ndef f(): return ctypes.CDLL(None).shmget(0, 1 << 20, 0o1666)')]:
        r = e.run(code, [('f()', 'x')]); out[name] = r.tests[0].error or r.tests[0].got
print(json.dumps(out))
''')
    p = subprocess.run(['unshare', '-U', sys.executable, str(prog)], capture_output=True, text=True, timeout=120)
    if p.returncode != 0 and 'SandboxUnavailable' in p.stderr: pytest.skip(p.stderr[-300:])
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert 'setuid' not in out['layers'] and 'cgroup' not in out['layers']
    for k in ('project', 'shadow', 'dev_shm', 'socket'): assert 'PermissionError' in str(out[k]), (k, out)
    assert out['shm'] == '-1', out
    ROWS.append(('unprivileged worker (unshare -U)', 'failed', 'contained', f"{','.join(out['layers'])}: project, shadow, /dev/shm, socket, shm refused"))

# ---- JavaScript (Node.js): the harness's own state, the hidden check and the result channel ----
needs_node = pytest.mark.skipif(shutil.which('node') is None, reason='Node.js is not installed')
JS_CHECK = "const assert = require('node:assert');\nfunction check(c) { assert.deepStrictEqual(c(3), 9); }"

@needs_node
def test_js_reads_nonce(ex):
    "Read the request (its nonce) from the run folder or the harness's variables, write the nonce and exit: the hidden check must not pass."
    code = ("var nfs = require('fs'), n = typeof req === 'object' ? req.nonce : null;\n"
            "try { n = n || JSON.parse(nfs.readFileSync('req.json', 'utf8')).nonce; } catch (e) {}\n"
            "nfs.writeSync(3, JSON.stringify({nonce: n}) + '\\n'); process.exit(0);\nfunction sq(x) { return 0; }\n")
    attack_check(ex, 'JS: forge the nonce and exit', code, JS_CHECK, 'sq', language='javascript')

@needs_node
@pytest.mark.parametrize('how', ["try { require('node:assert').deepStrictEqual = () => {}; } catch (e) {}",
                                 "require('module').prototype.require = () => ({deepStrictEqual() {}});",
                                 "globalThis.require = () => ({deepStrictEqual() {}});"], ids=['assert', 'Module.require', 'global require'])
def test_js_disarms_assert(ex, how, request):
    "Replace the assert module (or the require that loads it) before the hidden check runs."
    attack_check(ex, f'JS: disarm assert ({request.node.callspec.id})', how + '\nfunction sq(x) { return 0; }\n', JS_CHECK, 'sq', language='javascript')

@needs_node
@pytest.mark.parametrize('how', ["Array.prototype.map = function () { return [42]; };", "Array.prototype.toJSON = function () { return [42]; };",
                                 "Object.prototype.toJSON = function () { return {i: 0, v: [42]}; };", "Object.is = () => false; Number.isFinite = () => true;",
                                 "require('vm').Script.prototype.runInThisContext = function () { return [42]; };"],
                         ids=['map', 'Array.toJSON', 'Object.toJSON', 'Object.is', 'vm'])
def test_js_fakes_results(ex, how, request):
    "Replace what the harness encodes or runs with, so that [1] would read as [42]."
    attack(ex, f'JS: fake results ({request.node.callspec.id})', how + '\nfunction f() { return [1]; }\n', [('f()', [42])], language='javascript')

@needs_node
def test_js_forged_records(ex):
    code = "require('fs').writeSync(3, '{\"i\": 0, \"v\": 42}\\n{\"done\": true}\\n');\nfunction f() { return 0; }\n"
    attack(ex, 'JS: forged result records on fd 3', code, [('f()', 42)], language='javascript')

@needs_node
def test_js_runaway(ex):
    attack(ex, 'JS: infinite loop', 'function f() { while (true) {} }', [('f()', 1)], language='javascript')
    r = attack(ex, 'JS: memory bomb', 'function f() { const a = []; while (true) a.push(new Array(1e6).fill(1)); }', [('f()', 1)], language='javascript')
    assert r.status in ('memory', 'timeout', 'killed'), r.status

@needs_node
def test_js_reads_project(ex):
    code = f"function f() {{ return require('fs').readFileSync({json.dumps(str(Path(__file__).resolve()))}, 'utf8').length; }}"
    r = attack(ex, 'JS: read a project file', code, [('f()', 1)], language='javascript')
    assert r.tests[0].error and 'EACCES' in r.tests[0].error or 'ENOENT' in (r.tests[0].error or ''), r.tests[0]

@needs_node
def test_js_value_semantics(ex):
    "undefined is not null, -0 is not 0, NaN is NaN: the JavaScript verdict's own rules (`jsdoc.js_equal`)."
    from mcts_codegen.sandbox.worker import UNDEFINED
    code = 'function u() { return undefined; }\nfunction z() { return -0; }\nfunction n() { return NaN; }\n'
    r = ex.run(code, [('u()', None), ('u()', UNDEFINED), ('z()', 0), ('z()', -0.0), ('n()', float('nan'))], language='javascript')
    assert [t.passed for t in r.tests] == [False, True, False, True, True], r.tests

def test_survives_everything(ex):
    "After the battery the same workers still judge correctly."
    r = ex.run('def add(a, b): return a + b\n', [('add(1, 2)', 3)])
    assert r.passed
    ROWS.append(('normal program after the battery', r.status, _contained(ex), 'same workers, same verdicts'))
