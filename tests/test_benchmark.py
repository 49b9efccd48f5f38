"HumanEval benchmark: the honest protocol, results files, resume, shared samples, Ray = local, and the `bench` command (scripted LLM double only)."
import asyncio, itertools, json, os, re, warnings
from pathlib import Path
import pytest
from typer.testing import CliRunner
import mcts_codegen.bench.runner as B
from mcts_codegen.bench.runner import (STRATEGIES, BenchmarkResult, ProblemResult, ResultsLog, bench_config, latest_results, pass_at_k,
                                    load_results, read_results, run_benchmark, run_problem)
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.llm import CachedClient, LLMError
from mcts_codegen.testing import ScriptedClient
from mcts_codegen.core.loaders import load_humaneval
from mcts_codegen.core.config import create_preset

IDS = '0-4'
RECS = load_humaneval(IDS)
SOL = {r['entry_point']: r['prompt'] + r['canonical_solution'] for r in RECS}
CANON = {r['entry_point']: r['canonical_solution'] for r in RECS}
EP_OF = {r['entry_point']: r['task_id'] for r in RECS}
SUBMITTING = [s for s, k in STRATEGIES.items() if k == 'submitted']

def fence(c): return f"```python\n{c}\n```"

def entry_of(text):
    "The entry point of the problem a prompt or program is about."
    return next(e for e in SOL if re.search(rf"def {e}\(", text))

def hidden_only(rec):
    "Assert lines of the hidden test that do not appear in the prompt: text only the hidden test holds."
    return [l.strip() for l in rec['test'].splitlines() if l.strip().startswith('assert') and l.strip() not in rec['prompt']]

HIDDEN = {r['task_id']: hidden_only(r) for r in RECS}
assert all(len(v) >= 3 for v in HIDDEN.values())

def stateless_reply(msgs):
    "Right at once on problem 0, right when refining on 1 and 3, never right on 2 and 4; a function of the prompt only (after a prefilled answer, the body alone)."
    body = msgs[-1]['role'] == 'assistant'  # a body request: the answer is prefilled up to the body
    u = msgs[-2]['content'] + msgs[-1]['content'] if body else msgs[-1]['content']
    ep = entry_of(u)
    tid = EP_OF[ep]
    right = tid == 'HumanEval/0' or (tid in ('HumanEval/1', 'HumanEval/3') and 'This attempt is wrong' in u)
    if body: return (CANON[ep] if right else '    return None\n') + '```'
    if right: return fence(SOL[ep])
    return fence(f"def {ep}(*args):\n    return None")

@pytest.fixture(scope='module')
def ex():
    e = Executor(bench_config(executor__workers=2).executor)
    yield e
    e.close()

class Events:
    "What happened, in order, per problem."
    def __init__(self): self.log = []
    def of(self, tid): return [e for e in self.log if e[1] == tid]

class GuardClient:
    "Fails the run if any prompt holds text only the hidden tests hold; otherwise answers with varied programs."
    def __init__(self, events):
        self.events, self.name, self.leaks, self.k = events, 'guard', [], itertools.count()
        self.inner = ScriptedClient(self.reply)
        self.usage = self.inner.usage

    def reply(self, msgs):
        u = msgs[-1]['content']
        ep = entry_of(u)
        i = next(self.k)
        if EP_OF[ep] in ('HumanEval/0', 'HumanEval/1') and ('This attempt is wrong' in u or i % 3 == 2): return fence(SOL[ep])
        if i % 5 == 4: return "I cannot write this function."  # no program
        return fence(f"def {ep}(*args):\n    return {i % 4}")  # distinct wrong programs

    async def complete(self, messages, n=1, temperature=0.0, max_tokens=512, seed=None, stop=None):
        text = '\n'.join(str(m['content']) for m in messages)
        self.events.log.append(('llm', EP_OF[entry_of(messages[-1]['content'])]))
        for tid, lines in HIDDEN.items():
            for l in lines:
                if l in text: self.leaks.append((tid, l)); raise AssertionError(f"hidden test text reached a prompt: {l}")
        return await self.inner.complete(messages, n, temperature, max_tokens, seed, stop)

class SpyExecutor:
    "Wraps the sandbox; records every visible run and every hidden check, per problem."
    def __init__(self, inner, events): self.inner, self.events = inner, events
    async def arun(self, code, tests, language='python', timeout=None):
        self.events.log.append(('run', EP_OF[entry_of(code)], code, [t.call for t in tests]))
        return await self.inner.arun(code, tests, language=language, timeout=timeout)
    async def arun_check(self, code, check, entry_point, language='python', timeout=None):
        self.events.log.append(('check', EP_OF[entry_point], code))
        return await self.inner.arun_check(code, check, entry_point, language=language, timeout=timeout)
    def close(self): pass

@pytest.mark.parametrize('strategy', list(STRATEGIES))
def test_hidden_tests_never_reach_the_search(ex, tmp_path, strategy):
    ev = Events()
    client, spy = GuardClient(ev), SpyExecutor(ex, ev)
    res = run_benchmark(strategy, IDS, client, n=4, out=tmp_path, executor=spy, concurrency=2, progress=False)[strategy]
    assert not client.leaks
    assert res.problems == 5 and res.errors == 0
    from mcts_codegen.core.loaders import problem_from_humaneval
    for rec in RECS:
        tid, evs = rec['task_id'], ev.of(rec['task_id'])
        visible = {t.call for t in problem_from_humaneval(rec).visible_tests}
        checks = [i for i, e in enumerate(evs) if e[0] == 'check']
        pr = next(r for r in res.per_problem if r.task_id == tid)
        if strategy in SUBMITTING:
            assert len(checks) == 1 + len(pr.pool_passed), (tid, len(checks))  # the hidden test runs on the submitted program, then (the engine's strategies) once on each program that passed the visible tests, to score the choice
            assert evs[checks[0]][2] == (pr.code if pr.code is not None else rec['prompt'])
        elif strategy == 'sample': assert len(checks) == sum(1 for e in evs if e[0] == 'run')  # the estimator: one check per parsed sample
        if strategy == 'oracle':  # the upper bound: no visible runs, one check per parsed sample, and it stops at the first pass
            assert not any(e[0] == 'run' for e in evs) and len(checks) <= len(pr.sample_passed) == pr.llm_calls == pr.stats['drawn']
            assert pr.sample_passed.count(True) == int(pr.passed) and (not pr.passed or pr.sample_passed[-1])
        # the check comes after the strategy has finished: no model call and no visible run after the first check
        else: assert all(e[0] == 'check' for e in evs[checks[0]:])
        for e in evs:
            if e[0] == 'run': assert set(e[3]) <= visible and not any(l in e[2] for l in HIDDEN[tid])
        assert not any(l in pr.model_dump_json() for l in HIDDEN[tid])

def test_submitted_answer_is_chosen_by_visible_evidence(ex):
    rec = RECS[1]
    progs = [fence(f"def separate_paren_groups(s):\n    return {v}") for v in ('None', "['()']", "['()', '()']")]
    r = asyncio.run(run_problem('best-of-n', rec, ScriptedClient(progs), ex, n=3))
    assert r.stats['chosen'] == 0 and r.stats['drawn'] == 3  # all fail every visible test: ties go to the first
    r = asyncio.run(run_problem('best-of-n', rec, ScriptedClient(progs[:1] + [fence(SOL['separate_paren_groups'])] * 2), ex, n=3))
    assert r.stats['chosen'] == 1 and r.passed and r.visible_frac == 1.0
    assert r.stats['drawn'] == 2 and r.llm_calls == 2  # a sample that passes every visible test ends the draw: later ones could only tie

def test_results_survive_a_crash_and_resume_runs_only_the_rest(ex, tmp_path):
    class Boom(BaseException): pass
    def reply(msgs):
        if 'truncate_number' in msgs[-1]['content']: raise Boom()
        return stateless_reply(msgs)
    with pytest.raises(Boom): run_benchmark('greedy', '0-2', ScriptedClient(reply, name='m'), n=3, out=tmp_path, executor=ex, concurrency=1, progress=False)
    f = tmp_path/'m'/'greedy.jsonl'
    assert [r.task_id for r in read_results(f)] == ['HumanEval/0', 'HumanEval/1']
    c = ScriptedClient(stateless_reply, name='m')
    res = run_benchmark('greedy', '0-2', c, n=3, out=tmp_path, executor=ex, concurrency=1, progress=False)['greedy']
    assert c.usage.completions == 1 and res.problems == 3 and res.solved == 1
    c = ScriptedClient([], name='m')  # would fail if asked
    assert run_benchmark('greedy', '0-2', c, n=3, out=tmp_path, executor=ex, progress=False)['greedy'] == res
    assert c.usage.calls == 0
    # another budget is another run: nothing is reused
    c = ScriptedClient(stateless_reply, name='m')
    run_benchmark('greedy', '0-2', c, n=5, out=tmp_path, executor=ex, progress=False)
    assert c.usage.completions == 3

@pytest.mark.filterwarnings('ignore:.*skipping a bad line')
def test_torn_and_bad_lines_are_reported_and_skipped(ex, tmp_path):
    run_benchmark('greedy', '0-1', ScriptedClient(stateless_reply, name='m'), n=3, out=tmp_path, executor=ex, concurrency=1, progress=False)
    f = tmp_path/'m'/'greedy.jsonl'
    lines = f.read_text().splitlines()
    f.write_text(lines[0] + '\nnot json at all\n' + lines[1][:40])  # a bad line, then a torn last line
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        assert [r.task_id for r in read_results(f)] == ['HumanEval/0']
        c = ScriptedClient(stateless_reply, name='m')
        res = run_benchmark('greedy', '0-1', c, n=3, out=tmp_path, executor=ex, progress=False)['greedy']
    msgs = [str(x.message) for x in w]
    assert any(f"{f}:2:" in m for m in msgs) and any(f"{f}:3:" in m for m in msgs)
    assert c.usage.completions == 1 and res.problems == 2
    assert [r.task_id for r in read_results(f)] == ['HumanEval/0', 'HumanEval/1']  # the torn line did not swallow the new one

def test_model_errors_are_recorded_and_rerun(ex, tmp_path):
    def down(msgs): raise LLMError('model at http://x failed after 5 attempts: could not connect')
    for s in ('greedy', 'mcts-fast'):
        res = run_benchmark(s, '0', ScriptedClient(down, name='m'), n=3, out=tmp_path, executor=ex, progress=False)[s]
        assert res.errors == 1 and res.solved == 0 and 'could not connect' in res.per_problem[0].error
    c = ScriptedClient(stateless_reply, name='m')
    res = run_benchmark('greedy,mcts-fast', '0', c, n=3, out=tmp_path, executor=ex, progress=False)
    assert all(b.errors == 0 and b.solved == 1 for b in res.values()) and c.usage.completions == 2

def test_samples_are_shared_through_the_response_cache(ex, tmp_path):
    inner = ScriptedClient(stateless_reply, name='m')
    cached = CachedClient(inner, tmp_path/'cache.sqlite')
    run = lambda s: run_benchmark(s, '0-2', cached, n=4, out=tmp_path, executor=ex, resume=False, progress=False)[s]
    a = run('sample')
    assert inner.usage.completions == 12
    b, o = run('best-of-n'), run('oracle')
    assert inner.usage.completions == 12  # the same 4 samples per problem, now asked for one at a time
    assert [r.llm_calls for r in b.per_problem] == [r.llm_calls for r in o.per_problem] == [1, 4, 4]  # both stop at the right first sample of problem 0
    assert b.cache_hits == o.cache_hits == 9 and [r.passed for r in b.per_problem] == [r.passed for r in o.per_problem] == [True, False, False]
    g = run('greedy')
    assert inner.usage.completions == 15
    m = run('mcts-fast')  # its first requests are the greedy one and the first sample: both cached
    assert all(r.cache_hits >= min(2, r.llm_calls) for r in m.per_problem)
    assert run('reflexion').per_problem[0].cache_hits == 1
    a2 = run('sample')  # a rerun replays the same completions
    assert [r.sample_passed for r in a2.per_problem] == [r.sample_passed for r in a.per_problem] and a2.cache_hits == 12

def test_pass_at_k_and_summary():
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3) and pass_at_k(10, 0, 10) == 0 and pass_at_k(10, 1, 10) == 1
    rs = [ProblemResult(task_id=f"HumanEval/{i}", strategy='sample', llm='m', n=10, sample_passed=[j < i for j in range(10)], llm_calls=10, tokens=100 * i)
          for i in range(3)]
    b = BenchmarkResult.from_results(rs)
    assert b.kind == 'estimator' and set(b.pass_at_k) == {1, 5, 10}
    assert b.pass_at_1 == pytest.approx((0 + 0.1 + 0.2) / 3) and b.pass_at_k[10] == pytest.approx(2 / 3)
    assert b.tokens_max == 200 and b.total_tokens == 300 and b.calls_max == 10
    assert BenchmarkResult.model_validate_json(b.model_dump_json()) == b
    with pytest.raises(ValueError): BenchmarkResult.from_results(rs + [rs[0].model_copy(update=dict(n=5))])

def test_ray_engine_matches_local_pool(tmp_path):
    ray_mod = pytest.importorskip('ray')
    import sys
    ray_mod.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # Ray workers cannot import this test module
    def reply(msgs):  # a function of the prompt only, so every Ray actor answers alike
        return stateless_reply(msgs)
    cfg = bench_config(executor__workers=1)
    strategies = 'greedy,best-of-n,reflexion,mcts-fast'
    key = lambda r: (r.task_id, r.code, r.passed, r.hidden_status, r.llm_calls, r.tokens, r.visible_frac, r.iterations)
    loc = run_benchmark(strategies, '0-2', ScriptedClient(reply, name='m'), n=3, out=tmp_path/'local', cfg=cfg, concurrency=2, progress=False)
    ray = run_benchmark(strategies, '0-2', ScriptedClient(reply, name='m'), n=3, out=tmp_path/'ray', cfg=cfg, engine='ray', concurrency=2, progress=False)
    for s in loc:
        assert [key(r) for r in ray[s].per_problem] == [key(r) for r in loc[s].per_problem]
        assert sorted(map(key, read_results(tmp_path/'ray'/'m'/f"{s}.jsonl"))) == sorted(map(key, loc[s].per_problem))
    assert loc['reflexion'].solved == 2

def test_bench_command(monkeypatch, tmp_path):
    from mcts_codegen.service.cli import app
    clients = []
    def fake_get_client(spec, cfg):
        assert spec == 'local:qwen2.5-coder-0.5b' and cfg.cache
        clients.append(ScriptedClient(stateless_reply, name='qwen2.5-coder-0.5b', prefill=True)); return clients[-1]  # as an embedded model: it continues a prefilled answer
    monkeypatch.setattr(B, 'get_client', fake_get_client)
    runner = CliRunner()
    args = ['bench', '--problems', '0-2', '--strategy', 'greedy,best-of-n', '-s', 'mcts-fast', '--n', '3', '--llm', 'local:qwen2.5-coder-0.5b',
            '--out', str(tmp_path), '--concurrency', '2', '-q']
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    d = tmp_path/'qwen2.5-coder-0.5b'
    assert {p.name for p in d.iterdir() if p.name != '.lock'} == {'greedy.jsonl', 'best-of-n.jsonl', 'mcts-fast.jsonl', 'summary.json', 'pass1.png', 'solve_vs_calls.png'}
    assert set(json.loads((d/'summary.json').read_text())) == {'greedy', 'best-of-n', 'mcts-fast'}
    assert 'mcts-fast' in r.stdout and 'pass@1' in r.stdout and len(clients) == 1
    r = runner.invoke(app, args + ['--resume'])  # finished: no client is even built
    assert r.exit_code == 0 and len(clients) == 1
    for bad in (['--strategy', 'beam'], ['--engine', 'spark'], ['--problems', '999'], ['--n', '0'], ['--data', str(tmp_path/'none.jsonl')]):
        r = runner.invoke(app, ['bench', '--out', str(tmp_path), '-q'] + bad)
        assert r.exit_code == 2, (bad, r.output)

def test_context_reaches_every_prompt_and_its_own_folder(ex, tmp_path):
    class Ctx:
        def __init__(self): self.asked = []
        def context(self, problem, code=None, feedback=None):
            self.asked.append((problem.id, code is not None))
            return f"# CONTEXT-MARK for {problem.entry_point}"
    seen = []
    def reply(msgs):
        seen.append(msgs[-1]['content'])
        return stateless_reply(msgs)
    ctx = Ctx()
    strategies = 'greedy,best-of-n,reflexion,mcts-fast,oracle'
    res = run_benchmark(strategies, '1-2', ScriptedClient(reply, name='m'), n=3, out=tmp_path, executor=ex, progress=False, context=ctx)
    assert all(b.errors == 0 for b in res.values())
    bad = [s[:80] for s in seen if not s.startswith('# CONTEXT-MARK for ')]
    assert seen and not bad, bad
    assert {t for t, _ in ctx.asked} == {'HumanEval/1', 'HumanEval/2'} and any(r for _, r in ctx.asked)  # refinements ask with their code
    assert sorted(p.name for p in tmp_path.iterdir()) == ['m+rag']

def test_a_run_over_part_of_the_problems_keeps_the_folders_wider_summary(tmp_path):
    cfg = bench_config(0, executor__workers=2)
    run_benchmark('greedy', '0-2', ScriptedClient(stateless_reply, name='m'), n=3, out=tmp_path, cfg=cfg, progress=False)
    run_benchmark('best-of-n', '1-2', ScriptedClient(stateless_reply, name='m'), n=3, out=tmp_path, cfg=cfg, progress=False)
    summ = json.loads((tmp_path/'m'/'summary.json').read_text())
    assert set(summ) == {'greedy'} and summ['greedy']['problems'] == 3  # best-of-n covers 2 of the 3: left out, not mixed in
    assert load_results(tmp_path/'m', ids='1-2')['best-of-n'].problems == 2
    run_benchmark('best-of-n', '0', ScriptedClient(stateless_reply, name='m'), n=3, out=tmp_path, cfg=cfg, progress=False)
    assert set(json.loads((tmp_path/'m'/'summary.json').read_text())) == {'greedy', 'best-of-n'}

# --- the fixed protocol: engine versions, cache-free seconds, other problem files, the generated results page -----------------

class SlowCached(ScriptedClient):
    "Answers like the double, after `delay` seconds, marking its completions as answered by the response cache."
    def __init__(self, *a, delay=0.3, **kw): super().__init__(*a, **kw); self.delay = delay
    async def complete(self, *a, **kw):
        await asyncio.sleep(self.delay)
        return [c.__class__(**(vars(c) | dict(cached=True))) for c in await super().complete(*a, **kw)]

def test_engine_version_tells_retrieval_settings_apart():
    "Retrieval's ranking settings enter the engine version once off their defaults; where the index lives never does."
    base = B.engine_version('mcts-balanced', create_preset('BENCHMARK'))
    on = B.engine_version('mcts-balanced', create_preset('BENCHMARK', rag__enabled=True, rag__store_path='/tmp/some/index'))
    assert on == base  # default ranking: the rows of an arm run with --rag keep the version they were written with
    assert B.engine_version('mcts-balanced', create_preset('BENCHMARK', rag__enabled=True, rag__top_k=2)) != on
    assert B.engine_version('mcts-balanced', create_preset('BENCHMARK', rag__top_k=2)) == base  # retrieval off: its settings decide nothing

def test_engine_version_follows_behaviour_not_source(monkeypatch):
    "A rewrite that decides the same keeps the version; one decision changed alters it."
    import functools
    import mcts_codegen.core.engine as E
    import mcts_codegen.bench.versions as V
    cfg = create_preset('BENCHMARK')
    base = {s: B.engine_version(s, cfg) for s in ('mcts-balanced', 'reflexion')}
    orig = E.visible_reward
    @functools.wraps(orig)
    def reward(result): return orig(result) + 0.0  # wrapped and rewritten, same values
    monkeypatch.setattr(E, 'visible_reward', reward); V._TRACES.clear()
    assert B.engine_version('mcts-balanced', cfg) == base['mcts-balanced']
    monkeypatch.setattr(E, 'visible_reward', lambda r: -orig(r)); V._TRACES.clear()  # prefers failing programs: other nodes are expanded
    assert B.engine_version('mcts-balanced', cfg) != base['mcts-balanced']
    assert B.engine_version('reflexion', cfg) == base['reflexion']  # reflexion never asks the engine's reward
    monkeypatch.undo(); V._TRACES.clear()
    assert B.engine_version('mcts-balanced', cfg) == base['mcts-balanced']

def test_rows_record_engine_version_and_cache_free_seconds(ex):
    rec = RECS[2]  # never solved: best-of-n draws all 3
    r = asyncio.run(run_problem('best-of-n', rec, SlowCached(stateless_reply, name='m'), ex, n=3))
    assert r.engine_version == B.engine_version('best-of-n', bench_config(), body=False) and r.cache_hits == 3  # the double cannot continue a prefilled answer
    assert r.wall_time > 0.85 and r.wall_time_nocache < r.wall_time - 0.8 and r.llm_time_miss < 0.05
    b = BenchmarkResult.from_results([r])
    assert b.time_nocache == r.wall_time_nocache and b.engine == r.engine_version
    r = asyncio.run(run_problem('best-of-n', rec, SlowCached(stateless_reply, name='m', delay=0.0), ex, n=3))
    legacy = r.model_copy(update=dict(engine_version=None, wall_time_nocache=None, llm_time_miss=None))
    assert BenchmarkResult.from_results([legacy]).time_nocache is None and legacy.version == 'legacy'  # hits, and their time unknown

def test_a_changed_search_reruns_everywhere_and_mixed_versions_are_refused(tmp_path):
    a, b = bench_config(0, executor__workers=2), bench_config(0, executor__workers=2, temperature=0.5)
    run = lambda ids, cfg, **kw: run_benchmark('best-of-n', ids, ScriptedClient(stateless_reply, name='m'), n=3, out=tmp_path, cfg=cfg, progress=False, **kw)
    run('0-2', a)
    assert load_results(tmp_path/'m')['best-of-n'].engine == B.engine_version('best-of-n', a, body=False)
    with pytest.warns(UserWarning, match='mix engine versions'): got = run('1', b)  # a resumed run does not count rows of another version as done
    assert got['best-of-n'].problems == 1 and got['best-of-n'].engine == B.engine_version('best-of-n', b, body=False)
    with pytest.raises(ValueError, match=r'mix engine versions .*--allow-mixed'): load_results(tmp_path/'m')
    mixed = load_results(tmp_path/'m', allow_mixed=True)['best-of-n']
    assert mixed.engine.startswith('mixed: ') and sorted(mixed.engine_versions.values()) == [1, 2]
    run('0-2', b)  # the strategy rerun everywhere: one version again
    assert load_results(tmp_path/'m')['best-of-n'].engine_versions == {B.engine_version('best-of-n', b, body=False): 3}
    assert len(read_results(tmp_path/'m'/'best-of-n.jsonl')) == 6  # 3 + 1 + the 2 not yet run with b

def load_report():
    "bench/report.py as a module (bench/ is not a package)."
    import importlib.util
    spec = importlib.util.spec_from_file_location('report', Path(__file__).parent.parent/'bench'/'report.py')
    rep = importlib.util.module_from_spec(spec); spec.loader.exec_module(rep)
    return rep

def test_report_refuses_mixed_versions_and_prints_the_halves(tmp_path, capsys):
    rep = load_report()
    log = ResultsLog(tmp_path/'greedy.jsonl')
    for i, v in ((0, 'aaaa'), (90, 'aaaa')): log.append(ProblemResult(task_id=f'HumanEval/{i}', strategy='greedy', llm='m', n=3, passed=True, engine_version=v))
    rep.main([str(tmp_path)])
    out = capsys.readouterr().out
    assert '· dev 0-81' in out and '· test 82-163' in out and '· all' in out and '| aaaa |' in out
    log.append(ProblemResult(task_id='HumanEval/1', strategy='greedy', llm='m', n=3, engine_version='bbbb'))
    with pytest.raises(SystemExit, match='mix engine versions'): rep.main([str(tmp_path)])
    rep.main([str(tmp_path), '--allow-mixed'])
    assert 'Mixed engine versions' in capsys.readouterr().out

def test_report_never_shows_cached_seconds_as_free():
    "A row whose completions the response cache served has cache-free seconds that leave the model out: the results page says so instead of printing them."
    rep = load_report()
    row = lambda s, hits: {'wall_time_nocache': s, 'wall_time': s + 40, 'llm_calls': 4, 'cache_hits': hits}
    assert rep.median_s([row(10.0, 0), row(30.0, 0)]) == '20.0'
    assert rep.median_s([row(0.0, 4), row(0.1, 3)]) == '(cached)'  # an oracle derived from best-of-n's samples, not free
    assert rep.median_s([row(10.0, 1), row(30.0, 0)], '.0f', ' s') == '20 s (12% of completions cached)'

def test_journal_notes_keep_the_figures_of_their_day():
    "A dated note quotes the figures it was written with (bench/reporting/frozen.json), not what later rows say; the results page stays short."
    rep = load_report()
    heads = [h for h, _ in rep.notes() if h]
    assert heads and set(heads) <= set(rep.frozen()), "a dated note is not frozen: python bench/report.py --freeze"
    text = rep.notes_text()
    stop = next(p for p in text.split('\n\n') if p.startswith('**2026-12-04 · a learned stop rule'))
    assert 'was stopped at 67 of the test problems' in stop  # the pairwise arm's count that day; its rows reached 121 on 2026-12-06
    assert '(not yet measured)' not in text and rep.PAGE.stat().st_size <= 40_000

NEWEVAL = Path(os.environ.get('NEWEVAL', Path(__file__).resolve().parent.parent.parent/'shared'/'problems'/'neweval.jsonl'))

@pytest.mark.skipif(not NEWEVAL.is_file(), reason='NewEval lives outside the repository, at ../shared/problems/neweval.jsonl (or set NEWEVAL=PATH)')
def test_neweval_runs_by_the_same_protocol(ex, tmp_path):
    recs = load_humaneval('0-1', NEWEVAL)
    sol = {r['entry_point']: r['prompt'] + r['canonical_solution'] for r in recs}
    seen = []
    def reply(msgs):
        seen.append(msgs[-1]['content'])
        return fence(next(s for e, s in sol.items() if f"def {e}(" in msgs[-1]['content']))
    res = run_benchmark('greedy,best-of-n', 'NewEval/0-1', ScriptedClient(reply, name='m'), n=2, out=tmp_path, executor=ex, progress=False, data=NEWEVAL)
    assert [r.task_id for r in res['greedy'].per_problem] == ['NewEval/0', 'NewEval/1'] and res['greedy'].solved == 2
    hidden = [l.strip() for r in recs for l in r['test'].splitlines() if l.strip().startswith('assert') and l.strip() not in r['prompt']]
    assert hidden and not any(h in s for h in hidden for s in seen)  # the hidden tests stay hidden
    assert load_results(tmp_path/'m', ids='0-1', data=NEWEVAL)['greedy'].solved == 2

def test_results_page_and_readme_headline_are_generated_from_the_committed_rows():
    "nbs/results.md and the README's headline table are exactly what bench/report.py renders from results/ (fix: python bench/report.py --write)."
    rep = load_report()
    stale = rep.stale()
    assert not stale, '\n'.join(stale) + "\nstale: run `python bench/report.py --write` and commit the result"

def test_headline_names_the_command_for_javascript_baselines_that_have_no_rows(monkeypatch):
    "A '—' in the headline's JavaScript column for a baseline comes with the command that runs it; a full column has no such line."
    load_report()
    from reporting import common as C
    real = C.corpus_test
    js = lambda missing: lambda m, s, bench='corpus': (('—', []) if s in missing else ('5.6% (4/72)', ['v'])) if bench == 'corpus_js' else real(m, s, bench)
    monkeypatch.setattr(C, 'corpus_test', js({'oracle'}))
    assert f"A '—' in the JavaScript column: that baseline has no rows yet (`{C.JS_BENCH}`" in '\n'.join(C.headline())
    monkeypatch.setattr(C, 'corpus_test', js(set()))
    assert "in the JavaScript column" not in '\n'.join(C.headline())

def test_bench_set_runs_an_ablation_arm_in_its_own_folder(monkeypatch, tmp_path):
    from mcts_codegen.service.cli import app
    monkeypatch.setattr(B, 'get_client', lambda spec, cfg: ScriptedClient(stateless_reply, name='m'))
    base = ['bench', '--problems', '1', '-s', 'mcts-fast', '--n', '3', '--llm', 'local:qwen2.5-coder-0.5b', '--out', str(tmp_path), '-q']
    r = CliRunner().invoke(app, base + ['--set', 'experimental.fix=repair', '--set', 'root_min=2'])
    assert r.exit_code == 0, r.output
    arm = read_results(tmp_path/'qwen2.5-coder-0.5b+fix-repair_root_min-2'/'mcts-fast.jsonl')
    assert 'MCTS_CODEGEN_EXPERIMENTAL__FIX' not in os.environ  # restored after the run
    assert CliRunner().invoke(app, base).exit_code == 0
    plain = read_results(tmp_path/'qwen2.5-coder-0.5b'/'mcts-fast.jsonl')
    assert arm[0].engine_version != plain[0].engine_version
    r = CliRunner().invoke(app, base + ['--set', 'llm.tree_sample=1'])  # a sampling arm: its own folder and engine version
    assert r.exit_code == 0, r.output
    tree = read_results(tmp_path/'qwen2.5-coder-0.5b+tree_sample-1'/'mcts-fast.jsonl')
    assert tree[0].engine_version not in (plain[0].engine_version, arm[0].engine_version) and 'MCTS_CODEGEN_LLM__TREE_SAMPLE' not in os.environ
    for bad in (['--set', 'fix'], ['--set', 'experimental.fix=patch'], ['--set', 'search.fix=repair'], ['--set', 'llm.spec=x'], ['--set', 'llm.tree_entropy=-1']):
        r = CliRunner().invoke(app, base + bad)
        assert r.exit_code == 2 and '--set' in r.output, (bad, r.output)

def test_a_row_says_whether_it_asked_for_bodies(ex):
    "A run that asks for function bodies (a client that continues a prefilled answer) records the body version; one that cannot, the whole-function version."
    body, whole = ScriptedClient(stateless_reply, name='m', prefill=True), ScriptedClient(stateless_reply, name='m')
    rb, rw = (asyncio.run(run_problem('greedy', RECS[0], c, ex, n=3)) for c in (body, whole))
    assert body.log[0]['messages'][-1]['role'] == 'assistant' and whole.log[0]['messages'][-1]['role'] == 'user'
    assert rb.engine_version == B.engine_version('greedy', bench_config(), body=True) == B.engine_version('greedy', bench_config())
    assert rw.engine_version == B.engine_version('greedy', bench_config(), body=False) != rb.engine_version

class LoadedChecks:
    "The real sandbox, except that the hidden check of a right program times out at the default timeout, as on a loaded machine."
    def __init__(self, ex): self.ex, self.cfg, self.timeouts = ex, ex.cfg, []
    def __getattr__(self, k): return getattr(self.ex, k)
    async def arun_check(self, code, check, entry_point, language='python', timeout=None):
        self.timeouts.append(timeout)
        r = await self.ex.arun_check(code, check, entry_point, language, timeout)
        return r.model_copy(update=dict(status='timeout', passed=False)) if timeout is None and r.passed else r

def test_a_hidden_check_that_times_out_runs_again_with_more_time(ex):
    "The final check of a row is `hidden_verdict`: a timeout reruns with RECHECK times the timeout, which decides; a failure is not rerun."
    from mcts_codegen.sandbox.executor import RECHECK
    sb = LoadedChecks(ex)
    r = asyncio.run(run_problem('greedy', RECS[0], ScriptedClient(stateless_reply, name='m'), sb, n=3))
    assert (r.passed, r.hidden_status) == (True, 'passed') and sb.timeouts == [None, RECHECK * ex.cfg.timeout]
    sb.timeouts.clear()
    r = asyncio.run(run_problem('greedy', RECS[2], ScriptedClient(stateless_reply, name='m'), sb, n=3))
    assert (r.passed, r.hidden_status) == (False, 'failed') and sb.timeouts == [None]
