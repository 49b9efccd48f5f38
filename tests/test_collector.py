"Training-data collector: episodes as JSONL, outcomes from visible tests only, atomic appends, resumable `collect` (scripted LLM double only)."
import itertools, json, threading, warnings
from pathlib import Path
import pytest
from typer.testing import CliRunner
import mcts_codegen.bench.runner as B
import mcts_codegen.learn.collector as C
from mcts_codegen.learn.collector import (SCHEMA_VERSION, TrainingCollector, TrainingExample, collector_for, episode_outcome, finished_problems,
                                    read_examples, run_collect)
from mcts_codegen.core.config import create_preset
from mcts_codegen.core.engine import MCTSEngine
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.testing import ScriptedClient
from mcts_codegen.core.problem import CallTest, Problem
from mcts_codegen.core.loaders import load_humaneval

MARK = 'HIDDEN-ONLY-7f3a'
PROMPT = 'def absdiff(a, b):\n    """Absolute difference.\n    >>> absdiff(1, 3)\n    2\n    >>> absdiff(5, 2)\n    3\n    """\n'
VISIBLE = [CallTest(call='absdiff(1, 3)', expected=2), CallTest(call='absdiff(5, 2)', expected=3)]

def toy(hidden=None, pid='toy/absdiff'):
    return Problem(id=pid, entry_point='absdiff', prompt=PROMPT, visible_tests=VISIBLE, hidden_test=hidden)

def fence(body): return f"```python\ndef absdiff(a, b):\n    return {body}\n```"

def varied(right_at=None):
    "Distinct wrong programs (half of them pass one visible test), the right one at call `right_at`."
    k = itertools.count()
    def reply(msgs):
        i = next(k)
        if i == right_at: return fence('abs(a - b)')
        return fence(f"{'a - b' if i % 2 else 'b - a'} + {i} - {i}")
    return reply

@pytest.fixture(scope='module')
def ex():
    e = Executor(create_preset('DATA_COLLECTION', executor__workers=2).executor)
    yield e
    e.close()

def search(ex, reply, problem=None, tmp=None, save_policy=True, **ov):
    cfg = create_preset('DATA_COLLECTION', **({'n_iter': 6, 'n_variants': 2} | ov))
    col = TrainingCollector(tmp, save_policy=save_policy, llm='scripted', seed=0, preset=cfg.preset)
    res = MCTSEngine(ScriptedClient(reply), cfg, executor=ex, recorder=col).search(problem or toy())
    return col, res

def lines(path): return Path(path).read_text().splitlines()

# ---------------------------------------------------------------- recording

def test_search_recorded_as_one_episode(ex, tmp_path):
    col, res = search(ex, varied(right_at=5), tmp=tmp_path)
    ls = lines(col.path)
    exs = [TrainingExample.model_validate_json(l) for l in ls]
    assert col.episodes == 1 and col.examples == len(exs) >= 2
    assert {e.schema_version for e in exs} == {SCHEMA_VERSION}
    assert len({e.episode_id for e in exs}) == 1
    assert [e.index for e in exs] == list(range(len(exs))) and {e.episode_size for e in exs} == {len(exs)}
    assert exs[0].action == 'root' and exs[0].state_code == '' and exs[0].key is None and exs[0].order == 0
    # each node of the final tree is one example: expanded ones first, in order, then the leaves (order -1)
    nodes = list(res.root.walk())
    assert sorted(e.key or '' for e in exs) == sorted(n.key or '' for n in nodes)
    n_exp = sum(1 for n in nodes if n.expansions > 0 or n.children)
    assert [e.order for e in exs] == list(range(n_exp)) + [-1] * (len(nodes) - n_exp)
    assert all(not e.child_codes for e in exs[n_exp:]) and all(e.reward is not None for e in exs[1:])
    # the seed schema's fields are all there
    seed = {'state_code', 'state_problem', 'state_hash', 'depth', 'llm_action_probs', 'mcts_action_probs', 'llm_value_estimate',
            'outcome', 'episode_id', 'timestamp', 'visits', 'q_value'}
    assert seed <= set(json.loads(ls[0]))

def test_every_example_gets_the_episode_outcome(ex, tmp_path):
    col, res = search(ex, varied(right_at=5), tmp=tmp_path)
    exs = read_examples(col.path)
    assert res.passed and {e.outcome for e in exs} == {1.0} and all(e.episode_passed for e in exs)
    # states themselves differ: their own rewards are not the outcome
    assert {e.reward for e in exs if e.reward is not None} != {1.0}

def test_outcome_is_the_visible_score_of_the_submitted_program(ex, tmp_path):
    col, res = search(ex, lambda m: fence('a - b'), tmp=tmp_path)  # passes 1 of 2 visible tests, every time
    assert res.result.n_passed == 1 and episode_outcome(res) == 0.0
    assert {e.outcome for e in read_examples(col.path)} == {0.0}
    col2, res2 = search(ex, lambda m: 'no code here', tmp=tmp_path/'none', max_llm_calls=4)
    assert res2.code is None and {e.outcome for e in read_examples(col2.path)} == {-1.0}

def test_hidden_test_never_reaches_outcome_or_file(ex, tmp_path, monkeypatch):
    checks = []
    orig = Executor.arun_check
    async def spy(self, *a, **k):
        checks.append(a); return await orig(self, *a, **k)
    monkeypatch.setattr(Executor, 'arun_check', spy)
    fails = f'assert False, "{MARK}"'  # a hidden test no program passes
    col_h, res_h = search(ex, varied(right_at=5), toy(hidden=fails), tmp_path/'h')
    col_n, res_n = search(ex, varied(right_at=5), toy(hidden=None), tmp_path/'n')
    eh, en = read_examples(col_h.path), read_examples(col_n.path)
    assert {e.outcome for e in eh} == {e.outcome for e in en} == {1.0}
    strip = lambda e: e.model_dump(exclude={'episode_id', 'timestamp'})
    assert [strip(e) for e in eh] == [strip(e) for e in en]
    text = col_h.path.read_text()
    assert MARK not in text and 'assert False' not in text
    assert checks == []  # the hidden check was never run
    # and handing the collector the full problem directly leaks nothing either
    col_h.on_end(toy(hidden=fails), res_h)
    assert MARK not in col_h.path.read_text()

def test_visit_distribution_is_from_the_final_tree(ex, tmp_path):
    snaps = []
    class Spy(TrainingCollector):
        def on_expand(self, problem, node, children):
            if node.parent is None: snaps.append([c.visits for c in node.children])
            super().on_expand(problem, node, children)
    cfg = create_preset('DATA_COLLECTION', n_iter=8, n_variants=2)
    col = Spy(tmp_path)
    res = MCTSEngine(ScriptedClient(varied()), cfg, executor=ex, recorder=col).search(toy())
    root = read_examples(col.path)[0]
    final = [c.visits for c in res.root.children]
    assert root.child_visits == final and root.visits == res.root.visits
    assert root.mcts_action_probs == pytest.approx([v / sum(final) for v in final])
    assert snaps[0] != final  # what on_expand saw was not final
    assert sum(root.llm_action_probs) == pytest.approx(1.0)
    assert root.child_keys == [c.key for c in res.root.children] and set(root.child_actions) == {'fresh'}
    exs = read_examples(col.path)
    keys = {e.key for e in exs}
    for e in exs[1:]:  # every state hangs off an expanded state of the same episode
        assert (e.parent_key is None) == (e.action == 'fresh') and (e.parent_key is None or e.parent_key in keys)

def test_save_policy_off_empties_policy_fields(ex, tmp_path):
    col, _ = search(ex, varied(), tmp=tmp_path, save_policy=False)
    for e in read_examples(col.path):
        assert e.mcts_action_probs == e.llm_action_probs == e.child_visits == []
    assert read_examples(col.path)[0].child_codes  # the children are kept

def test_llm_failure_writes_nothing(ex, tmp_path):
    class Down:
        name = 'down'
        async def complete(self, *a, **k): raise ConnectionError('server down')
    col = TrainingCollector(tmp_path)
    MCTSEngine(Down(), create_preset('DATA_COLLECTION', max_llm_calls=3), executor=ex, recorder=col).search(toy())
    assert (col.episodes, col.skipped) == (0, 1)
    assert not col.path.exists() or col.path.read_text() == ''

def test_collector_for():
    assert collector_for(create_preset('FAST')) is None
    c = collector_for(create_preset('DATA_COLLECTION', data__out_dir='/tmp/x-never-written', seed=3), llm='m')
    assert c.path == Path('/tmp/x-never-written/episodes.jsonl') and c.save_policy and c.meta == dict(llm='m', seed=3, preset='DATA_COLLECTION')

# ---------------------------------------------------------------- atomic appends and the reader

def test_crash_mid_write_leaves_a_torn_line_that_the_reader_skips(ex, tmp_path, monkeypatch):
    col, res = search(ex, varied(right_at=5), tmp=tmp_path)
    n_good = len(lines(col.path))
    real = B.os.write
    def crash(fd, data):  # the process dies in the middle of a line, half way through the write
        cut = len(data) // 2
        while data[cut - 1:cut] == b'\n': cut += 1
        real(fd, data[:cut]); raise SystemExit('killed')
    monkeypatch.setattr(B.os, 'write', crash)
    with pytest.raises(SystemExit): col.on_end(toy(pid='toy/crashed').search_view(), res)
    monkeypatch.setattr(B.os, 'write', real)
    col.on_end(toy(pid='toy/after').search_view(), res)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        exs = read_examples(col.path)
    msgs = [str(x.message) for x in w]
    torn = next(i for i, l in enumerate(lines(col.path), 1) if l.startswith('{') and not l.endswith('}'))
    assert any(f"{col.path}:{torn}: skipping a bad line" in m for m in msgs), msgs
    assert any('incomplete episode toy/crashed' in m for m in msgs), msgs
    assert {e.problem_id for e in exs} == {'toy/absdiff', 'toy/after'}
    assert len(exs) == 2 * n_good
    with warnings.catch_warnings(record=True):
        warnings.simplefilter('always')
        assert finished_problems(tmp_path) == {'toy/absdiff', 'toy/after'}  # the crashed one is run again by resume
        assert len(read_examples(col.path, complete=False)) > 2 * n_good

def test_concurrent_episodes_never_interleave(tmp_path):
    col = TrainingCollector(tmp_path)
    def ep(t): return [TrainingExample(episode_id=f"e{t}", problem_id=f"p{t}", state_problem='x' * 5000, state_code='y' * 5000,
                                       state_hash='h', episode_size=40, index=i) for i in range(40)]
    ts = [threading.Thread(target=col.log.append_episode, args=(ep(t),)) for t in range(8)]
    for t in ts: t.start()
    for t in ts: t.join()
    ids = [json.loads(l)['episode_id'] for l in lines(col.path)]
    assert len(ids) == 320
    assert all(len(set(ids[i:i + 40])) == 1 for i in range(0, 320, 40))  # each episode's lines are contiguous

def test_reader_skips_bad_and_newer_lines_with_file_and_line(tmp_path):
    p = tmp_path/'episodes.jsonl'
    good = TrainingExample(episode_id='e', problem_id='p', state_problem='x', state_code='', state_hash='h').model_dump_json()
    newer = json.dumps(json.loads(good) | dict(schema_version=SCHEMA_VERSION + 1, episode_id='e2'))
    p.write_text('\n'.join([good, 'not json', '[1, 2]', newer, '{"episode_id": "e3"}', good.replace('"e"', '"e4"')]) + '\n')
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        exs = read_examples(tmp_path)
    assert [e.episode_id for e in exs] == ['e', 'e4']
    msgs = ' | '.join(str(x.message) for x in w)
    for i in (2, 3, 4, 5): assert f"{p}:{i}: skipping a bad line" in msgs
    assert 'newer' in msgs

# ---------------------------------------------------------------- collect

RECS = load_humaneval('0-2')
SOL = {r['entry_point']: r['prompt'] + r['canonical_solution'] for r in RECS}

def he_reply(msgs):
    "Right on HumanEval/0, wrong elsewhere; a function of the prompt only."
    u = msgs[-1]['content']
    ep = next(e for e in SOL if f"def {e}(" in u)
    return f"```python\n{SOL[ep]}\n```" if ep == 'has_close_elements' else f"```python\ndef {ep}(*a):\n    return None\n```"

KW = dict(concurrency=2, progress=False, n_iter=3, n_variants=2)

def test_collect_is_resumable(ex, tmp_path):
    c1 = ScriptedClient(he_reply)
    s = run_collect('0', c1, out=tmp_path, executor=ex, **KW)
    assert (s.episodes, s.skipped, s.solved, s.errors) == (1, 0, 1, {})
    c2 = ScriptedClient(he_reply)
    s = run_collect('0-2', c2, out=tmp_path, executor=ex, **KW)
    assert (s.problems, s.skipped, s.episodes) == (3, 1, 2)
    assert not any('has_close_elements' in m['messages'][-1]['content'] for m in c2.log)  # the finished problem cost nothing
    c3 = ScriptedClient([])
    s = run_collect('0-2', c3, out=tmp_path, executor=ex, **KW)
    assert (s.skipped, s.episodes) == (3, 0) and c3.usage.calls == 0
    s = run_collect('0', ScriptedClient(he_reply), out=tmp_path, executor=ex, seed=1, **KW)  # another seed is another episode
    assert s.episodes == 1
    exs = read_examples(s.path)
    assert sorted({(e.problem_id, e.seed) for e in exs}) == [('HumanEval/0', 0), ('HumanEval/0', 1), ('HumanEval/1', 0), ('HumanEval/2', 0)]
    assert {e.outcome for e in exs if e.problem_id == 'HumanEval/0'} == {1.0}
    text = s.path.read_text()
    for r in RECS:  # no hidden assert made it into the data
        for l in r['test'].splitlines():
            if l.strip().startswith('assert') and l.strip() not in r['prompt']: assert l.strip() not in text

def test_collect_counts_llm_failures_as_errors(ex, tmp_path):
    class Down:
        name = 'down'
        async def complete(self, *a, **k): raise ConnectionError('server down')
    s = run_collect('0-1', Down(), out=tmp_path, executor=ex, max_llm_calls=2, **KW)
    assert s.episodes == 0 and set(s.errors) == {'HumanEval/0', 'HumanEval/1'} and 'server down' in s.errors['HumanEval/0']
    assert finished_problems(tmp_path) == set()

def test_collect_command(tmp_path, monkeypatch):
    from mcts_codegen.service.cli import app
    got = []
    def fake(spec, cfg=None):
        got.append(spec); return ScriptedClient(he_reply)
    monkeypatch.setattr(C, 'get_client', fake)
    monkeypatch.setenv('MCTS_CODEGEN_EXECUTOR__WORKERS', '2')
    out = tmp_path/'c'
    args = ['collect', '--problems', '0-1', '--llm', 'local:qwen2.5-coder-0.5b', '--out', str(out), '--n-iter', '3', '--quiet']
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    assert got == ['local:qwen2.5-coder-0.5b'] and '2 episodes' in r.output
    exs = read_examples(out)
    assert {e.problem_id for e in exs} == {'HumanEval/0', 'HumanEval/1'}
    assert {(e.llm, e.preset) for e in exs} == {('local:qwen2.5-coder-0.5b', 'DATA_COLLECTION')}
    assert all(e.mcts_action_probs for e in exs if e.child_codes)  # DATA_COLLECTION saves the policy
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0 and '0 episodes' in r.output and '2 already there' in r.output and len(got) == 1
    r = CliRunner().invoke(app, ['collect', '--problems', '0', '--preset', 'QUICK', '--out', str(out)])
    assert r.exit_code == 2 and 'DATA_COLLECTION' in r.output
