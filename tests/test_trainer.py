"Distillation trainer on a tiny synthetic set (scripted searches, never a model): loss falls, exact resume, early stopping, AUC, logs, engine adapters, `mcts-codegen train`."
import itertools, json, math, random
from dataclasses import replace
from pathlib import Path
import pytest

torch = pytest.importorskip('torch')  # the learning extra: pip install "mcts_codegen[learn]"
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner
from mcts_codegen.service.cli import app
from mcts_codegen.core.config import create_preset
from mcts_codegen.learn.dataset import MCTSDataset, hidden_labels
from mcts_codegen.core.engine import MCTSEngine, PolicyModel, ValueModel
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.testing import ScriptedClient, scripted_episodes
from mcts_codegen.learn.networks import NetConfig, NetPolicyModel, NetValueModel, PolicyValueNet, load_checkpoint, load_models, masked_log_softmax
from mcts_codegen.core.problem import CallTest, Problem
from mcts_codegen.learn.trainer import (DistillationTrainer, TrainConfig, distillation_loss, evaluate, latency_report, rank_auc,
                                  top1_agreement, train_distillation, warmup_cosine)

torch.set_num_threads(1)  # tiny networks: one thread is fastest, and far faster on a busy machine
TINY = NetConfig(d_model=32, n_layers=1, n_heads=2, d_ff=64, dropout=0.0, max_problem_len=128, max_code_len=128, max_child_len=128, max_children=6)

@pytest.fixture(scope='module')
def data(tmp_path_factory):
    d = tmp_path_factory.mktemp('episodes')
    s = scripted_episodes(d)
    assert s.episodes == 12 and not s.errors
    return d

@pytest.fixture(scope='module')
def splits(data):
    return MCTSDataset(data, **TINY.dataset_kwargs()).split((0.5, 0.25, 0.25), seed=0)

def trainer(splits, cfg=TINY, seed=0, **kw):
    torch.manual_seed(seed)
    tr, va, _ = splits
    return DistillationTrainer(PolicyValueNet(cfg), tr, va, **(dict(batch_size=4, lr=3e-3, patience=0) | kw))

# ---------------------------------------------------------------- training

def test_synthetic_set_has_both_outcomes_and_policies(splits):
    for part in splits:
        assert {e.outcome for e in part.examples} == {-1.0, 1.0}
    tr = splits[0]
    assert any(len(e.child_codes) >= 2 and e.mcts_action_probs for e in tr.examples)

def test_loss_decreases(splits):
    t = trainer(splits, epochs=10)
    h = t.fit()
    assert len(h) == 10 and t.epoch == 10 and t.step == 10 * t.steps_per_epoch
    assert h[-1]['train_loss'] < 0.7 * h[0]['train_loss']
    assert h[-1]['train_value_loss'] < h[0]['train_value_loss']
    assert all(math.isfinite(x['val_loss']) for x in h)

def test_resume_continues_from_the_saved_epoch_with_identical_state(splits, tmp_path):
    cfg = replace(TINY, dropout=0.1)  # dropout draws random numbers: the RNG state must come back too
    full = trainer(splits, cfg, epochs=6); full.fit()
    cut = trainer(splits, cfg, epochs=6, out_dir=tmp_path)
    cut.cfg.epochs = 3; cut.fit()  # the run stops after epoch 3 (the schedule spans 6)
    ck = load_checkpoint(tmp_path/'last.pt')
    assert ck['epoch'] == 3 and len(ck['history']) == 3
    rest = trainer(splits, cfg, seed=123, epochs=6).resume(tmp_path)  # another init: everything comes from the checkpoint
    assert (rest.epoch, rest.step, rest.best) == (3, cut.step, cut.best)
    assert rest.sched.last_epoch == cut.sched.last_epoch and rest.sched.get_last_lr() == cut.sched.get_last_lr()
    rest.fit()
    assert rest.epoch == 6
    for (k, a), b in zip(full.net.state_dict().items(), rest.net.state_dict().values()): assert torch.equal(a, b), k
    so, sr = full.opt.state_dict()['state'], rest.opt.state_dict()['state']
    assert so.keys() == sr.keys() and all(torch.equal(so[i]['exp_avg'], sr[i]['exp_avg']) for i in so)
    strip = lambda h: [{k: v for k, v in x.items() if k != 'time_s'} for x in h]
    assert strip(rest.history) == strip(full.history)

def test_early_stopping_triggers(splits, tmp_path):
    t = trainer(splits, epochs=20, lr=0.0, patience=2, out_dir=tmp_path)  # nothing can improve after epoch 1
    h = t.fit()
    assert t.stopped and t.epoch == 3 and [x['improved'] for x in h] == [True, False, False]
    assert len((tmp_path/'metrics.jsonl').read_text().splitlines()) == 3
    t.fit()  # a stopped run stays stopped
    assert t.epoch == 3
    t2 = trainer(splits, epochs=20, lr=0.0, patience=2).resume(tmp_path/'last.pt')
    assert t2.stopped and t2.fit() == h

def test_checkpoints_logs_and_plot(splits, tmp_path):
    t = trainer(splits, epochs=3, out_dir=tmp_path)
    t.fit()
    assert {p.name for p in tmp_path.iterdir()} == {'best.pt', 'last.pt', 'metrics.jsonl', 'metrics.csv', 'loss.png'}
    rows = [json.loads(l) for l in (tmp_path/'metrics.jsonl').read_text().splitlines()]
    assert [r['epoch'] for r in rows] == [1, 2, 3]
    assert {'train_loss', 'val_loss', 'val_value_auc', 'val_policy_top1', 'lr'} <= set(rows[0])
    assert (tmp_path/'metrics.csv').read_text().splitlines()[0].startswith('epoch,step,lr,train_loss')
    assert (tmp_path/'loss.png').read_bytes()[:4] == b'\x89PNG'
    best = min(rows, key=lambda r: r['val_loss'])['epoch']
    assert load_checkpoint(tmp_path/'best.pt')['epoch'] == best

def test_warmup_then_cosine():
    f = warmup_cosine(100, 10, 0.0)
    xs = [f(s) for s in range(101)]
    assert xs[:10] == sorted(xs[:10]) and xs[10] == 1.0 and xs[10:] == sorted(xs[10:], reverse=True) and xs[100] == 0.0

# ---------------------------------------------------------------- losses and metrics

def test_loss_ignores_padded_children_and_is_zero_at_a_perfect_fit(splits):
    tr = splits[0]
    b = tr.collate([tr[i] for i in range(len(tr))])
    perfect = dict(value=b['value'], log_policy=masked_log_softmax(b['policy'].clamp(min=1e-30).log(), b['child_mask']))
    L = distillation_loss(perfect, b, prior_weight=0.0)
    assert float(L['loss']) == pytest.approx(0.0, abs=1e-5)
    with torch.inference_mode():
        out = PolicyValueNet(TINY).eval()(b)
        out2 = dict(out, log_policy=out['log_policy'].masked_fill(~b['child_mask'], 123.0))  # garbage at padded children
        assert float(distillation_loss(out, b)['loss']) == pytest.approx(float(distillation_loss(out2, b)['loss']))

def test_rank_auc_known_cases():
    assert rank_auc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]) == 0.75
    assert rank_auc([1, 2, 3, 4], [0, 0, 1, 1]) == 1.0 and rank_auc([4, 3, 2, 1], [0, 0, 1, 1]) == 0.0
    assert rank_auc([1, 1, 1, 1], [0, 1, 0, 1]) == 0.5
    assert rank_auc([1, 2, 2, 3], [0, 0, 1, 1]) == pytest.approx(0.875)  # one tied pair counts a half
    assert math.isnan(rank_auc([1, 2], [0, 0])) and math.isnan(rank_auc([], []))

@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=2, max_size=30))
def test_rank_auc_equals_the_pairwise_definition(xs):
    s, y = [a for a, _ in xs], [b for _, b in xs]
    pos, neg = [a for a, b in xs if b], [a for a, b in xs if not b]
    if not pos or not neg: return
    brute = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg) / (len(pos) * len(neg))
    assert rank_auc(s, y) == pytest.approx(brute)

def test_top1_agreement_counts_ties_as_agreement():
    m = torch.tensor([[True, True, True], [True, True, False]])
    t = torch.tensor([[0.5, 0.5, 0.0], [0.2, 0.8, 0.0]])
    assert top1_agreement(torch.tensor([[0., 1., 0.], [5., 1., 9.]]), t, m).tolist() == [1.0, 0.0]

def test_evaluate_reports_metrics_on_held_out_problems(splits):
    _, va, te = splits
    torch.manual_seed(0)
    m = evaluate(PolicyValueNet(TINY), te)
    assert m['states'] == len(te) and m['positives'] == sum(e.outcome == 1.0 for e in te.examples)
    assert 0 <= m['value_auc'] <= 1 and 0 <= m['policy_top1'] <= 1 and 0 < m['policy_chance'] <= 1
    assert {'loss', 'value_loss', 'policy_loss', 'prior_loss', 'prior_top1', 'choice_states'} <= set(m)
    lat = latency_report(PolicyValueNet(TINY), te, batch_sizes=(1, 4), reps=1)
    assert set(lat) == {'value_b1', 'policy_b1', 'value_b4', 'policy_b4'} and all(v > 0 for v in lat.values())

def test_reward_target_leaves_out_the_root_and_labels_programs(splits):
    tr = splits[0]
    b = tr.collate([tr[i] for i in range(len(tr))])
    assert (~b['has_reward']).any() and b['has_reward'].any()  # roots have no program, hence no reward
    out = dict(value=torch.where(b['has_reward'], b['reward'], torch.full_like(b['reward'], 0.9)), log_policy=torch.zeros_like(b['policy']))
    assert float(distillation_loss(out, b, value_target='reward')['value_loss']) == pytest.approx(0.0, abs=1e-6)  # root rows: no term
    assert float(distillation_loss(out, b, value_target='value')['value_loss']) > 0
    m = evaluate(PolicyValueNet(TINY), splits[2], value_target='reward')
    te = splits[2].examples
    assert m['positives'] == sum(e.reward is not None and e.reward >= 1 - 1e-6 for e in te)

# ---------------------------------------------------------------- in the engine

def test_trained_networks_drive_a_real_search(splits, tmp_path):
    t = trainer(splits, epochs=2, out_dir=tmp_path); t.fit()
    vm, pm = load_models(tmp_path)
    assert isinstance(vm, ValueModel) and isinstance(pm, PolicyModel)
    values, priors = [], []
    class SpyV:
        def value(self, problem, code, result): v = vm.value(problem, code, result); values.append(v); return v
    class SpyP:
        def priors(self, problem, parent, codes): p = pm.priors(problem, parent, codes); priors.append((parent, p)); return p
    prob = Problem(id='toy/absdiff', entry_point='absdiff', prompt='def absdiff(a, b):\n    "Absolute difference."\n',
                   visible_tests=[CallTest(call='absdiff(1, 3)', expected=2), CallTest(call='absdiff(5, 2)', expected=3)])
    k = itertools.count()
    def reply(msgs):
        i = next(k)
        body = 'abs(a - b)' if i == 7 else ('a - b' if i % 2 else f'b - a + {i} - {i}')
        return f"```python\ndef absdiff(a, b):\n    return {body}\n```"
    cfg = create_preset('FAST', n_iter=8, n_variants=3, reflector_weight=0.5, early_stop=True, executor__workers=2)
    with Executor(cfg.executor) as ex:
        res = MCTSEngine(ScriptedClient(reply), cfg, executor=ex, value_model=SpyV(), policy_model=SpyP()).search(prob)
    assert res.passed and res.result.n_passed == 2
    assert values and all(-1 <= v <= 1 for v in values)  # failing programs were valued by the network
    assert priors and all(math.isclose(sum(p), 1.0, abs_tol=1e-9) for _, p in priors)
    assert any(par is not None for par, _ in priors)  # refinements too, with their parent as the state
    kids = res.root.children
    assert kids and all(c.prior > 0 for c in kids)

# ---------------------------------------------------------------- one call and the CLI

def test_train_distillation_and_resume(data, tmp_path):
    r = train_distillation(data, tmp_path, TINY, TrainConfig(epochs=2, batch_size=8, lr=3e-3), split=(0.5, 0.25, 0.25), progress=False)
    assert r['epochs'] == 2 and sum(r['states'].values()) == len(MCTSDataset(data)) > 36 and r['test']['states'] == r['states']['test']
    other = replace(TINY, d_model=64)  # ignored on resume: the checkpoint's network is used
    r2 = train_distillation(data, tmp_path, other, TrainConfig(epochs=3, batch_size=8, lr=3e-3), split=(0.5, 0.25, 0.25), resume=True, progress=False)
    assert r2['epochs'] == 3 and r2['net_config']['d_model'] == 32
    assert json.loads((tmp_path/'eval.json').read_text())['epochs'] == 3

def test_cli_train(data, tmp_path):
    out = tmp_path/'ckpt'
    args = ['train', '--data', str(data), '--out', str(out), '--batch-size', '8', '--lr', '3e-3', '--d-model', '32', '--layers', '1',
            '--heads', '2', '--max-tokens', '128', '--threads', '1']
    r = CliRunner().invoke(app, args + ['--epochs', '2'])
    assert r.exit_code == 0, r.output
    assert '2 epochs' in r.output and 'value AUC' in r.output and 'latency' in r.output
    assert {'best.pt', 'last.pt', 'metrics.jsonl', 'metrics.csv', 'loss.png', 'eval.json'} <= {p.name for p in out.iterdir()}
    r = CliRunner().invoke(app, args + ['--epochs', '3', '--resume', '-q'])
    assert r.exit_code == 0, r.output
    assert '3 epochs' in r.output and 'epoch   1' not in r.output
    assert [json.loads(l)['epoch'] for l in (out/'metrics.jsonl').read_text().splitlines()] == [1, 2, 3]
    vm, pm = load_models(out)
    assert -1 <= vm.value('def f():\n    pass\n', 'def f():\n    return 1\n') <= 1
    r = CliRunner().invoke(app, ['train', '--data', str(tmp_path/'nothing'), '--out', str(out)])
    assert r.exit_code == 2 and 'no such file' in r.output
    for bad, why in ((['--split', '0.5,0.5'], 'three shares'), (['--value-target', 'nope'], 'choose value, q, reward or hidden'),
                     (['--value-target', 'hidden'], 'go together')):
        r = CliRunner().invoke(app, ['train', '--data', str(data), '--out', str(tmp_path/'bad')] + bad)
        assert r.exit_code == 2 and why in r.output, r.output
    r = CliRunner().invoke(app, args + ['--out', str(tmp_path/'rw'), '--epochs', '1', '--value-target', 'reward', '--split', '0.5,0.25,0.25', '-q'])
    assert r.exit_code == 0 and 'positives: programs passing every visible test' in r.output, r.output

def test_hidden_value_target(tmp_path):
    "The value head can learn the hidden verdicts of train candidates: labelled states only, the right ones as AUC positives."
    from mcts_codegen.service.cli import app
    root = Path(__file__).resolve().parents[1]/'data/candidates/qwen2.5-coder-1.5b'
    eps = {}
    for line in (root/'episodes/episodes.jsonl').read_text().splitlines():
        eps.setdefault(json.loads(line)['episode_id'], []).append(line)
    keep = [ls for ls in eps.values() if len(ls) > 5][:24]
    (tmp_path/'eps.jsonl').write_text(''.join(l + '\n' for ls in keep for l in ls))
    lab = hidden_labels(root)
    ds = MCTSDataset(tmp_path/'eps.jsonl', labels=lab, max_problem_len=32, max_code_len=32, max_child_len=8)
    b = ds.collate([ds[i] for i in range(len(ds))])
    roots = b['depth'] == 0
    assert b['has_hidden'][~roots].all() and not b['has_hidden'][roots].any()
    with pytest.raises(ValueError, match='needs labels'): train_distillation(tmp_path/'eps.jsonl', tmp_path/'x', TINY, TrainConfig(epochs=1, value_target='hidden'), progress=False)
    r = CliRunner().invoke(app, ['train', '--data', str(tmp_path/'eps.jsonl'), '--out', str(tmp_path/'h'), '--value-target', 'hidden', '--labels', str(root),
                                 '--epochs', '1', '--d-model', '32', '--layers', '1', '--heads', '2', '--max-tokens', '64', '--threads', '1', '-q'])
    assert r.exit_code == 0 and 'positives: programs passing the hidden tests' in r.output, r.output
    assert json.loads((tmp_path/'h'/'eval.json').read_text())['train_config']['value_target'] == 'hidden'

def test_solve_and_bench_with_trained_networks(data, tmp_path, monkeypatch):
    import mcts_codegen.core.llm as llm
    from mcts_codegen.bench.runner import bench_config, run_benchmark
    ck = tmp_path/'ckpt'
    train_distillation(data, ck, TINY, TrainConfig(epochs=1, batch_size=8, lr=3e-3), split=(0.5, 0.25, 0.25), progress=False)
    k = itertools.count()
    def reply(msgs):  # wrong first, then right; reflector prompts get a grade
        if 'Score:' in msgs[-1]['content']: return 'Score: 5/10'
        return "```python\ndef absdiff(a, b):\n    return " + ('a - b' if next(k) == 0 else 'abs(a - b)') + "\n```"
    monkeypatch.setattr(llm, 'get_client', lambda spec=None, cfg=None, **kw: ScriptedClient(reply))
    stub = tmp_path/'absdiff.py'
    stub.write_text('def absdiff(a, b):\n    """Absolute difference.\n    >>> absdiff(1, 3)\n    2\n    >>> absdiff(5, 2)\n    3\n    """\n')
    r = CliRunner().invoke(app, ['solve', str(stub), '--preset', 'HYBRID', '--value-net', str(ck), '--json', '-q', '--max-calls', '4'])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout[r.stdout.index('['):])
    assert out[0]['passed'] and out[0]['stats']['net_values'] >= 1  # the failing first program was valued by the network
    r = CliRunner().invoke(app, ['solve', str(stub), '--value-net', str(tmp_path/'nope')])
    assert r.exit_code == 2 and 'no such checkpoint' in r.output
    vm, pm = load_models(ck)
    res = run_benchmark('mcts-hybrid', '0', ScriptedClient(lambda m: 'Score: 5/10'), n=2, out=tmp_path/'res', value_model=vm, policy_model=pm,
                        cfg=bench_config(executor__workers=1), progress=False)
    assert res['mcts-hybrid'].problems == 1 and [p.name for p in (tmp_path/'res').iterdir()] == ['scripted+nets']

# ---------------------------------------------------------------- the committed data and network

ROOT = Path(__file__).resolve().parents[1]
EPISODES, NETS = ROOT/'data'/'episodes'/'qwen2.5-coder-0.5b.jsonl', ROOT/'results'/'nets'/'qwen2.5-coder-0.5b'

def test_committed_episodes_are_training_problems_only_and_hold_no_hidden_tests():
    from mcts_codegen.learn.records import read_examples
    from mcts_codegen.core.loaders import load_humaneval
    exs = read_examples(EPISODES)
    ids = {e.problem_id for e in exs}
    assert len(exs) > 300 and ids <= {f"HumanEval/{i}" for i in range(82)}  # 82-163 are held out for the hybrid measurement
    text = '\n'.join(e.state_problem + e.state_code + ''.join(e.child_codes) for e in exs)  # decoded: JSON escapes quotes
    recs = {r['task_id']: r for r in load_humaneval(sorted(int(i.split('/')[1]) for i in ids))}
    for pid in ids:  # lines of each hidden test that appear nowhere in its prompt never reach the data
        hidden = [l.strip() for l in recs[pid]['test'].splitlines() if l.strip().startswith('assert') and l.strip() not in recs[pid]['prompt']]
        assert hidden and not any(h in text for h in hidden), pid

def test_committed_network_loads_and_values_programs():
    vm, pm = load_models(NETS)
    p = 'def add(a, b):\n    """Sum of a and b.\n    >>> add(1, 2)\n    3\n    """\n'
    vs = [vm.value(p, c) for c in ('def add(a, b):\n    return a + b\n', 'def add(a, b):\n    pass\n')]
    assert all(-1 <= v <= 1 for v in vs)
    ps = pm.priors(p, None, ['def add(a, b):\n    return a + b\n', 'def add(a, b):\n    return a - b\n'])
    assert math.isclose(sum(ps), 1.0, abs_tol=1e-9)
    ev = json.loads((NETS/'eval.json').read_text())
    assert ev['train_config']['value_target'] == 'reward' and 0 <= ev['test']['value_auc'] <= 1
