"The verifier in the search (choice, stop rule, value) with the scripted double and stub verifiers, its isolation from hidden tests, and its CLI end to end."
import asyncio, json
import numpy as np
import pytest
from typer.testing import CliRunner
from mcts_codegen.bench.runner import bench_config, run_problem
from mcts_codegen.service.cli import app
from mcts_codegen.core.config import create_preset
from mcts_codegen.core.engine import MCTSEngine, Verifier
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.core.problem import Problem, CallTest
from mcts_codegen.testing import ScriptedClient
from mcts_codegen.learn.verifier import (candidate_features, synth_candidates, train_verifier, save_verifier, load_verifier, evaluate, add_hidden,
                                   normalise, candidate_rows)

SECRET = 'assert candidate(12345) == 67890'
TOY = Problem(id='toy/absdiff', entry_point='absdiff', hidden_test=f"def check(candidate):\n    {SECRET}\n",
              prompt='def absdiff(a, b):\n    """Absolute difference.\n    >>> absdiff(1, 3)\n    2\n    >>> absdiff(5, 2)\n    3\n    """\n',
              visible_tests=[CallTest(call='absdiff(1, 3)', expected=2), CallTest(call='absdiff(5, 2)', expected=3)])
FOOLS = 'def absdiff(a, b):\n    return b - a if a < b else 3\n'  # passes both examples, wrong elsewhere
RIGHT = 'def absdiff(a, b):\n    return abs(a - b)\n'
FAILS = 'def absdiff(a, b):\n    return a + b\n'
fence = lambda c: f"```python\n{c}```"

class Stub:
    "A verifier stand-in: P = 0.9 for programs calling abs(, 0.2 for the rest; records what it was given."
    threshold = 0.5
    def __init__(self): self.calls = []
    def trust(self, problem, cands):
        self.calls.append((problem, cands))
        return [0.9 if 'abs(' in c['code'] else 0.2 for c in cands]

@pytest.fixture(scope='module')
def ex():
    e = Executor(bench_config(executor__workers=2).executor)
    yield e
    e.close()

def search(answers, ex, verifier=None, **kw):
    cfg = create_preset('FAST', n_variants=1, executor__workers=1, **kw)
    return MCTSEngine(ScriptedClient(answers), cfg, executor=ex, verifier=verifier).search(TOY)

def test_stub_is_a_verifier(): assert isinstance(Stub(), Verifier)

def test_choice_submits_the_trusted_program_not_the_first_visible_pass(ex):
    ans = [fence(FOOLS), fence(RIGHT)] * 3
    kw = dict(max_llm_calls=2, pass_k=2)  # two visible passes, so that there is a choice
    plain = search(ans, ex, Stub(), **kw)
    test = search(ans, ex, Stub(), verify_choice=True, **kw)
    assert plain.code.strip() == FOOLS.strip()  # by visible evidence: the first pass
    assert test.code.strip() == RIGHT.strip() and test.stats['trust'] == 0.9
    assert search(ans, ex, None, verify_choice=True, **kw).code.strip() == FOOLS.strip()  # no verifier: the setting does nothing

def test_stop_rule_keeps_searching_past_a_doubted_pass(ex):
    ans = [fence(FOOLS), fence(FAILS), fence(RIGHT)] * 3
    off = search(ans, ex, Stub(), max_llm_calls=6)
    assert off.llm_calls == 1 and off.code.strip() == FOOLS.strip()  # the first visible pass ends the search
    on = search(ans, ex, Stub(), max_llm_calls=6, verify_stop=True, verify_choice=True)
    assert on.llm_calls == 3 and on.code.strip() == RIGHT.strip()  # on past the doubted pass, until one it trusts
    assert on.stats['doubted'] == 1 and on.status == 'passed'
    doubted = search([fence(FOOLS)] + [fence(FAILS.replace('a + b', f'a + b + {i}')) for i in range(9)], ex, Stub(), max_llm_calls=4, n_iter=40, verify_stop=True)
    assert doubted.llm_calls == 4 and doubted.code.strip() == FOOLS.strip()  # never trusted: the budget ends it, the pass is still submitted
    stricter = search(ans, ex, Stub(), max_llm_calls=6, verify_stop=True, verify_threshold=0.95)
    assert stricter.stats['doubted'] == 2  # the threshold setting overrides the verifier's own: the right program is doubted too

def test_value_blends_the_verifier_into_the_reward(ex):
    r = search([fence(FOOLS)], ex, Stub(), max_llm_calls=1, verify_weight=0.5)
    node = r.root.children[0]
    assert node.reward == pytest.approx(0.5 * 1 + 0.5 * (2 * 0.2 - 1))  # the visible reward 1, blended with 2P-1

def test_the_verifier_never_sees_a_hidden_test(ex):
    stub = Stub()
    search([fence(FOOLS), fence(FAILS), fence(RIGHT)] * 2, ex, stub, max_llm_calls=6, verify_stop=True, verify_choice=True, verify_weight=0.3)
    assert stub.calls
    for problem, cands in stub.calls:
        assert problem.hidden_test is None
        assert SECRET not in json.dumps(cands) and '12345' not in repr(problem)
        assert all(set(c) <= {'code', 'origin', 'visible', 'n_visible', 'visible_pass', 'logprob_mean', 'logprob_sum', 'n_tokens'} for c in cands)

def test_the_verifier_never_sees_a_hidden_test_in_a_benchmark(ex, monkeypatch):
    "Through the benchmark's honest protocol: the hidden check exists, the verifier is on, and it never meets the hidden test."
    for k in ('VERIFY_CHOICE', 'VERIFY_STOP'): monkeypatch.setenv(f'MCTS_CODEGEN_EXPERIMENTAL__{k}', 'true')
    rec = dict(task_id='Toy/0', prompt=TOY.prompt, entry_point='absdiff', test=TOY.hidden_test.replace('candidate(12345) == 67890', 'candidate(-1, 1) == 2'))
    stub = Stub()
    r = asyncio.run(run_problem('mcts-balanced', rec, ScriptedClient([fence(FOOLS), fence(RIGHT)] * 3), ex, n=4, verifier=stub))
    assert r.error is None and r.passed and stub.calls
    for problem, cands in stub.calls:
        assert problem.hidden_test is None and 'candidate(-1, 1)' not in repr(problem) + json.dumps(cands)

def test_features_never_read_labels_or_hidden_fields():
    rows = synth_candidates(6, 4, seed=1)
    for r in rows[:4]:
        peers = [q for q in rows if q['problem_id'] == r['problem_id']]
        x = dict(r, label=not r['label'], hidden_test=SECRET, test=SECRET)
        assert candidate_features(r, peers) == candidate_features(x, [x if q is r else q for q in peers])

def test_train_save_load_and_evaluate(tmp_path):
    rows = synth_candidates(60, 8, seed=2)
    v = train_verifier(rows)
    save_verifier(v, tmp_path/'v')
    w = load_verifier(tmp_path/'v')
    assert np.allclose(w.score_rows(rows)[1], v.score_rows(rows)[1]) and w.threshold == v.threshold
    d = evaluate(w, rows, 'test')
    assert d['auc_visible_pass'] > 0.6 and d['candidates'] == sum(r['split'] == 'test' for r in rows)
    p = w.trust(Problem(id='synth/0', prompt=rows[0]['prompt'], entry_point='f0'), [dict(code=r['code'], visible=r['visible']) for r in rows[:3]])
    assert len(p) == 3 and all(0 <= x <= 1 for x in p)

def test_hidden_state_flag(tmp_path):
    "With `hidden=True` the verifier reads `embedding` (filled by a `HiddenState`; here a stand-in that never loads a model)."
    class Lengths:
        def embed(self, prompt, code): return [len(code) / 100, code.count('if') / 3, float('abs(' in code)]
    rows = add_hidden(synth_candidates(40, 6, seed=3), Lengths())
    v = train_verifier(rows, hidden=True)
    assert {'h0', 'h1', 'h2'} <= set(v.names) and v.hidden
    save_verifier(v, tmp_path)
    assert load_verifier(tmp_path, Lengths()).trust(TOY, [dict(code=RIGHT)])[0] > 0
    with pytest.raises(ValueError, match='add_hidden'): candidate_features(dict(problem_id='p', code='x'), hidden=True)
    f = tmp_path/'c.jsonl'; f.write_text(''.join(json.dumps(r) + '\n' for r in rows))
    run = CliRunner().invoke
    assert run(app, ['verifier', 'train', '--data', str(f), '--out', str(tmp_path/'h'), '--hidden']).exit_code == 0
    r = run(app, ['bench', '--verifier', str(tmp_path/'h'), '--problems', '0', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9'])
    assert r.exit_code == 2 and 'hidden state' in r.output  # the search does not compute it yet: refused, not a crash mid-run

def test_refuses_leaks_and_missing_splits():
    rows = synth_candidates(10, 3, seed=4)
    with pytest.raises(ValueError, match='one split'): train_verifier(rows + [dict(rows[0], split='test')])
    with pytest.raises(ValueError, match="split 'train'"): train_verifier([r for r in rows if r['split'] != 'train'])

def test_data_engine_names_plug_in(tmp_path):
    "A row in the data engine's likely names reads like one in the verifier's."
    r = synth_candidates(1, 1, seed=5)[0]
    alt = dict(task_id=r['problem_id'], split=r['split'], prompt=r['prompt'], code=r['code'], kind=r['origin'], visible_results=r['visible'],
               logprob=r['logprob_sum'], lp_mean=r['logprob_mean'], tokens=r['n_tokens'], gen_outputs=r['outputs'], hidden_pass=r['label'])
    f = tmp_path/'c.jsonl'; f.write_text(json.dumps(alt) + '\n')
    assert candidate_features(candidate_rows(f)[0]) == candidate_features(r)

def test_cli_train_eval_and_bench_errors(tmp_path):
    run = CliRunner().invoke
    data = tmp_path/'c.jsonl'
    assert run(app, ['verifier', 'synth', '--out', str(data), '--problems', '30', '--per', '6']).exit_code == 0
    r = run(app, ['verifier', 'train', '--data', str(data), '--out', str(tmp_path/'v')])
    assert r.exit_code == 0, r.output
    r = run(app, ['verifier', 'eval', '--data', str(data), '--model', str(tmp_path/'v'), '--name', 'local:toy', '--out', str(tmp_path/'res'), '--ablation'])
    assert r.exit_code == 0, r.output
    d = json.loads((tmp_path/'res/toy/eval.json').read_text())
    assert {'auc_all', 'auc_visible_pass', 'fooled_caught', 'candidates', 'problems'} <= set(d) and len(d['ablation']) == 8
    assert run(app, ['verifier', 'train', '--data', str(tmp_path/'none.jsonl'), '--out', str(tmp_path/'v')]).exit_code == 2
    r = run(app, ['verifier', 'train', '--data', str(data), '--out', str(tmp_path/'pw'), '--objective', 'pairwise'])
    assert r.exit_code == 0 and 'within a problem' in r.output, r.output
    assert json.loads((tmp_path/'pw/verifier.json').read_text())['meta']['objective'] == 'pairwise'
    r = run(app, ['verifier', 'train', '--data', str(data), '--out', str(tmp_path/'lw'), '--objective', 'listwise'])
    assert r.exit_code == 2 and 'pooled, pairwise' in r.output and not (tmp_path/'lw').exists()
    assert run(app, ['verifier', 'eval', '--data', str(data), '--model', str(tmp_path)]).exit_code == 2
    r = run(app, ['bench', '--verifier', str(tmp_path/'nowhere'), '--problems', '0', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9'])
    assert r.exit_code == 2 and 'verifier train' in r.output

# --- the search feeds the verifier what collection recorded; dev and test rows labelled at evaluation, in memory

def test_the_search_hands_the_verifier_what_collection_records(ex):
    "Feature by feature, the search's candidate of each draw equals the collected row of the same draw (the old search passed no likelihood, no repeats, no greedy origin)."
    from mcts_codegen.learn.collector import collect_unit, candidates_config
    progs = [RIGHT, FOOLS, RIGHT, FAILS] + [FAILS.replace('a + b', f'a + b + {i}') for i in range(8)]
    rec = dict(task_id=TOY.id, split='train', prompt=TOY.prompt, entry_point='absdiff', test=TOY.hidden_test)
    cfg = candidates_config(samples=5, n_variants=2, parallel=1, verify_choice=True)  # verify_choice: asked at every evaluation, the path unchanged
    u = asyncio.run(collect_unit(rec, ScriptedClient([fence(c) for c in progs], logprob=-0.3), ex, cfg, 'scripted', n_inputs=0))
    rows = [r.model_dump() for r in u.records]
    class Last:
        threshold, groups = 0.5, ['likelihood', 'static', 'visible']
        def trust(self, problem, cands): self.cands = cands; return [0.5] * len(cands)
    last = Last()
    MCTSEngine(ScriptedClient([fence(c) for c in progs], logprob=-0.3), cfg, executor=ex, verifier=last).search(TOY)
    cands = [dict(c, problem_id=TOY.id, prompt=TOY.prompt) for c in last.cands]
    assert len(cands) == len(rows) == 6 and [c['code'] for c in cands] == [r['code'] for r in rows]
    assert cands[0]['origin'] == 'greedy' and cands[2]['code'] == cands[0]['code']  # the greedy answer, and a repeat of it
    for c, r in zip(cands, rows): assert candidate_features(c, cands) == candidate_features(r, rows)
    assert candidate_features(cands[0], cands)['has_lp'] == 1 and candidate_features(cands[0], cands)['greedy'] == 1

def test_a_verifier_needing_evidence_the_search_lacks_is_refused_or_warned(ex, tmp_path):
    rows = synth_candidates(30, 6, seed=6)
    full, search_one = train_verifier(rows), train_verifier(rows, drop=['agreement'])
    assert full.groups == ['likelihood', 'agreement', 'static', 'visible'] and search_one.groups == ['likelihood', 'static', 'visible']
    with pytest.warns(UserWarning, match='agreement'): MCTSEngine(ScriptedClient([]), create_preset('VERIFIED', executor__workers=1), verifier=full).close()
    with pytest.warns(UserWarning, match='no log-probabilities'):  # a client that reports none: the likelihood features would be zeros
        search([fence(RIGHT)], ex, search_one, max_llm_calls=1, verify_choice=True)
    run = CliRunner().invoke
    for v, name in ((full, 'full'), (search_one, 'search')): save_verifier(v, tmp_path/name)
    bench = ['bench', '--problems', '0', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9', '--verifier']
    r = run(app, bench + [str(tmp_path/'full')])
    assert r.exit_code == 2 and '--drop agreement' in r.output
    r = run(app, bench + [str(tmp_path/'search')])
    assert r.exit_code == 2 and 'llm.logprobs=true' in r.output
    r = run(app, bench + [str(tmp_path/'search'), '--set', 'llm.logprobs=true'])
    assert r.exit_code == 3, r.output  # the verifier is accepted; the server at port 9 is not there

def test_votes_spend_the_budget_and_submit_the_majority_on_mutated_inputs(ex):
    from mcts_codegen.learn.verifier import VotesVerifier
    other = 'def absdiff(a, b):\n    return a - b if a > b else b - a\n'  # right too: another program, the same behaviour
    ans = [fence(FOOLS), fence(RIGHT), fence(other)] * 2
    run = lambda **kw: MCTSEngine(ScriptedClient(ans, logprob=-0.3), create_preset('FAST', n_variants=1, executor__workers=1, max_llm_calls=3, **kw),
                                  executor=ex, verifier=VotesVerifier()).search(TOY)  # equal likelihoods: the votes decide
    off = run()
    assert off.llm_calls == 1 and off.code.strip() == FOOLS.strip()  # no verify_* setting: the first visible pass ends it
    on = run(verify_stop=True, verify_choice=True)
    assert on.llm_calls == 3 and on.status == 'passed'  # every pass doubted: the budget is spent
    assert on.code.strip() in (RIGHT.strip(), other.strip())  # two right draws outvote the one that fools the examples
    assert on.stats['doubted'] == 3
    r = CliRunner().invoke(app, ['bench', '--problems', '0', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9', '--verifier', 'votes'])
    assert r.exit_code == 2 and 'llm.logprobs=true' in r.output and '--drop' not in r.output  # votes read the likelihood; nothing to retrain
    r = CliRunner().invoke(app, ['bench', '--problems', '0', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9', '--verifier', 'votes', '--set', 'llm.logprobs=true'])
    assert r.exit_code == 3, r.output  # accepted; the server at port 9 is not there
    r = CliRunner().invoke(app, ['solve', 'HumanEval/0', '--preset', 'VERIFIED', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9'])
    assert r.exit_code == 3 and 'verifier on: votes' in r.output, r.output  # the preset names the votes verifier and asks for log-probabilities
    with pytest.warns(UserWarning, match='no verifier'): MCTSEngine(ScriptedClient([]), create_preset('VERIFIED', executor__workers=1)).close()  # from Python: said, not silent

@pytest.fixture
def collected(tmp_path):
    "Candidate rows of a 6-problem file (train, dev and test), as collect writes them: train labelled, dev and test not; the file they came from."
    from mcts_codegen.learn.collector import run_candidates
    from test_collect_candidates import Double, _records
    pf = tmp_path/'problems.jsonl'
    pf.write_text(''.join(json.dumps(r) + '\n' for r in _records()))
    for s in ('train', 'dev', 'test'): run_candidates(pf, s, Double(_records()), tmp_path/'cands', samples=5, n_inputs=3, concurrency=2, progress=False)
    return tmp_path/'cands', pf

def test_train_and_eval_label_dev_and_test_rows_in_memory(collected, tmp_path):
    cands, pf = collected
    f = cands/'candidates.jsonl'
    before = f.read_bytes()
    assert {r['split'] for r in candidate_rows(f) if r['label'] is None} == {'dev', 'test'}
    run = CliRunner().invoke
    r = run(app, ['verifier', 'train', '--data', str(cands), '--problems', str(pf), '--out', str(tmp_path/'v')])
    assert r.exit_code == 0, r.output
    assert 'labelled 6 dev rows in memory' in r.output and 'reading likelihood, agreement, static, visible' in r.output
    r = run(app, ['verifier', 'eval', '--data', str(cands), '--problems', str(pf), '--model', str(tmp_path/'v'), '--name', 'double', '--out', str(tmp_path/'res'), '--ablation'])
    assert r.exit_code == 0, r.output
    d = json.loads((tmp_path/'res/double/eval.json').read_text())
    assert (d['candidates'], d['problems'], d['split']) == (6, 1, 'test') and {'auc_all', 'auc_visible_pass', 'fooled_caught'} <= set(d)
    assert f.read_bytes() == before  # no label reached the candidates file

def test_unlabelled_rows_without_a_problem_file_name_the_fix(collected, tmp_path):
    cands, pf = collected
    run = CliRunner().invoke
    for args in (['verifier', 'train', '--data', str(cands), '--out', str(tmp_path/'v')],
                 ['verifier', 'eval', '--data', str(cands), '--model', str(tmp_path/'v')]):
        if args[1] == 'eval': save_verifier(train_verifier(synth_candidates(20, 4, seed=7)), tmp_path/'v')
        r = run(app, args)
        errs = [l for l in r.output.splitlines() if l.startswith('error:')]
        assert r.exit_code == 2 and len(errs) == 1 and '--problems' in errs[0] and 'Traceback' not in r.output, r.output
    with pytest.raises(ValueError, match='--problems FILE'): train_verifier(candidate_rows(cands/'candidates.jsonl'))
    other = tmp_path/'other.jsonl'  # the problems in other splits: refused, not labelled
    other.write_text(''.join(json.dumps(dict(json.loads(l), split='train')) + '\n' for l in pf.read_text().splitlines()))
    r = run(app, ['verifier', 'train', '--data', str(cands), '--problems', str(other), '--out', str(tmp_path/'v2')])
    assert r.exit_code == 2 and 'one split' in r.output

def test_a_killed_and_resumed_collection_counts_each_candidate_once(collected, tmp_path):
    "A unit cut short by a kill is collected again on resume: the verifier reads only the complete attempt, as the collector's own reader does."
    from mcts_codegen.learn.records import read_candidates as records_of
    cands, _ = collected
    lines = (cands/'candidates.jsonl').read_text().splitlines()
    first = json.loads(lines[0])
    unit = [l for l in lines if json.loads(l)['attempt'] == first['attempt']]
    torn = [json.dumps({**json.loads(l), 'attempt': 'killed'}) for l in unit[:-1]]  # the same unit, all but its last row written
    f = tmp_path/'resumed.jsonl'
    f.write_text('\n'.join(torn + [torn[0][:40]] + lines) + '\n')  # the torn attempt, its cut line, then everything again
    got = candidate_rows(f)
    assert len(got) == len(lines) == len(records_of(f)) and not any(r['attempt'] == 'killed' for r in got)
    assert len(candidate_rows(cands/'candidates.jsonl')) == len(lines)

def test_lent_rows_never_change_the_own_rows_features():
    "Another model's lent train rows add rows to fit on, and leave every own candidate's features (computed among its siblings) as they were; leaks are refused."
    from mcts_codegen.learn.verifier import LENT, feature_table, lend
    own, other = synth_candidates(n_problems=30, seed=0), synth_candidates(n_problems=30, seed=3)
    other = [r | dict(split='train') for r in other if r['split'] == 'train']  # the other model's rows of the same train problem ids
    both = lend(own, other)
    assert len(both) == len(own) + len(other) and all(r['problem_id'].startswith(LENT) for r in both[len(own):])
    rs0, X0, n0 = feature_table(own)
    rs1, X1, n1 = feature_table(both)
    k = [i for i, r in enumerate(rs1) if not str(r['problem_id']).startswith(LENT)]
    assert n0 == n1 and [r['code'] for r in rs0] == [rs1[i]['code'] for i in k]
    np.testing.assert_array_equal(X0, X1[k])  # without the prefix, shared problem ids would make the two models' programs each other's peers
    v = train_verifier(both)
    assert v.meta['lent_rows'] == len(other) and v.meta['dev_rows'] == sum(r['split'] == 'dev' for r in own)
    with pytest.raises(ValueError, match='is a dev problem'): lend(own, [r | dict(split='train') for r in own if r['split'] == 'dev'])

def test_clusters_spend_the_budget_and_submit_the_largest_cluster_on_corner_inputs(ex):
    "The untrained clusters verifier (`--verifier clusters`): programs that pass the examples meet inputs made from the prompt; the largest behaviour cluster wins, with no log-probabilities needed."
    from mcts_codegen.learn.scorers import ClustersVerifier
    other = 'def absdiff(a, b):\n    return a - b if a > b else b - a\n'  # right too: another program, the same behaviour
    ans = [fence(FOOLS), fence(RIGHT), fence(other)] * 2
    res = MCTSEngine(ScriptedClient(ans), create_preset('FAST', n_variants=1, executor__workers=1, max_llm_calls=3, verify_stop=True, verify_choice=True),
                     executor=ex, verifier=ClustersVerifier()).search(TOY)
    assert res.llm_calls == 3 and res.status == 'passed' and res.code.strip() in (RIGHT.strip(), other.strip())
    r = CliRunner().invoke(app, ['bench', '--problems', '0', '--llm', 'openai:x', '--base-url', 'http://127.0.0.1:9', '--verifier', 'clusters'])
    assert r.exit_code == 3 and 'verifier on: clusters' in r.output, r.output  # accepted without log-probabilities; the server at port 9 is not there

def test_clusters_with_agree_stop_once_two_draws_agree_and_ties_go_to_the_earliest(ex, tmp_path):
    "`ClustersVerifier(agree=2, tie='order')`: the search ends at the second draw that behaves like an earlier one, not at the budget, and submits the earliest of that cluster; the settings survive `save_verifier`/`load_verifier`."
    from mcts_codegen.learn.scorers import ClustersVerifier
    from mcts_codegen.learn.verifier import save_verifier, load_verifier
    other = 'def absdiff(a, b):\n    return a - b if a > b else b - a\n'  # right too: the same behaviour as RIGHT
    cfg = lambda: create_preset('FAST', n_variants=1, executor__workers=1, max_llm_calls=10, verify_stop=True, verify_choice=True)
    v = ClustersVerifier(agree=2, tie='order')
    res = MCTSEngine(ScriptedClient([fence(FOOLS), fence(RIGHT), fence(other)] * 4), cfg(), executor=ex, verifier=v).search(TOY)
    assert res.llm_calls == 3 and res.status == 'passed' and res.code.strip() == RIGHT.strip()
    res = MCTSEngine(ScriptedClient([fence(FOOLS), fence(RIGHT), fence(other)] * 4), cfg(), executor=ex, verifier=ClustersVerifier()).search(TOY)
    assert res.llm_calls == 10  # without agree every program is doubted: the budget is spent
    w = load_verifier(save_verifier(v, tmp_path/'c').parent)
    assert (w.agree, w.tie, w.threshold) == (2, 'order', 0.5) and w.state() == v.state()
