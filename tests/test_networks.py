"Policy/value networks: property tests (shapes, value bounds, policy a distribution, padded children inert, padding invariance), checkpoints, engine adapters."
import math
import pytest

torch = pytest.importorskip('torch')  # the learning extra: pip install "mcts_codegen[learn]"
from hypothesis import given, settings, strategies as st, HealthCheck
from mcts_codegen.learn.dataset import ByteTokenizer, collate_states, encode_state
from mcts_codegen.core.engine import PolicyModel, ValueModel
from mcts_codegen.learn.networks import (NetConfig, PolicyValueNet, NetPolicyModel, NetValueModel, load_models, load_net, masked_log_softmax,
                                   save_net, torch_threads)
from mcts_codegen.core.problem import Problem

torch.set_num_threads(1)  # tiny networks: one thread is fastest, and far faster on a busy machine
CFG = NetConfig(d_model=32, n_layers=2, n_heads=4, d_ff=64, max_problem_len=48, max_code_len=48, max_child_len=40)
torch.manual_seed(0)
NET = PolicyValueNet(CFG).eval()
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

def item(n_tokens, kids, g):
    "A dataset-like item with random tokens: `kids` lists the children's lengths."
    k = len(kids)
    return dict(input_ids=torch.randint(4, 260, (n_tokens,), generator=g),
                child_ids=[torch.randint(4, 260, (n,), generator=g) for n in kids],
                value=torch.tensor(0.), q=torch.tensor(0.), reward=torch.tensor(0.), has_reward=True, has_policy=k > 0, depth=0,
                policy=torch.full((k,), 1 / max(k, 1)), prior=torch.full((k,), 1 / max(k, 1)), child_reward=torch.zeros(k),
                problem_id='P', episode_id='E')

states = st.lists(st.tuples(st.integers(1, 60), st.lists(st.integers(1, 45), max_size=5)), min_size=1, max_size=4)

def batch_of(spec, seed):
    g = torch.Generator().manual_seed(seed)
    return collate_states([item(n, kids, g) for n, kids in spec])

def run(b, net=NET):
    with torch.inference_mode(): return net(b)

# ---------------------------------------------------------------- properties

@FAST
@given(spec=states, seed=st.integers(0, 2**16))
def test_output_shapes_bounds_and_distribution(spec, seed):
    b = batch_of(spec, seed)
    B, K = b['child_mask'].shape
    out = run(b)
    assert out['value'].shape == (B,) and out['logits'].shape == out['log_policy'].shape == (B, K)
    assert torch.isfinite(out['value']).all() and (out['value'].abs() <= 1).all()
    p = out['log_policy'].exp()
    has = b['child_mask'].any(-1)
    assert torch.allclose(p.sum(-1)[has], torch.ones(int(has.sum())), atol=1e-5)
    assert (p[~has] == 0).all() and (p[~b['child_mask']] == 0).all()
    assert torch.isfinite(out['logits'][b['child_mask']]).all()

@FAST
@given(spec=states, seed=st.integers(0, 2**16), junk_seed=st.integers(0, 2**16))
def test_padded_children_get_zero_probability_and_change_nothing(spec, seed, junk_seed):
    b = batch_of(spec, seed)
    out = run(b)
    pad = ~b['child_mask']
    g = torch.Generator().manual_seed(junk_seed)
    b2 = dict(b, child_ids=b['child_ids'].clone(), child_attention_mask=b['child_attention_mask'].clone())
    junk = torch.randint(0, 260, b['child_ids'].shape, generator=g)
    b2['child_ids'][pad] = junk[pad]  # any tokens in padded child slots ...
    b2['child_attention_mask'][pad] = torch.rand(b['child_ids'].shape, generator=g)[pad] < 0.5  # ... even "real-looking" masks
    tok_pad = ~b['child_attention_mask'] & b['child_mask'].unsqueeze(-1)  # and padding tokens inside real children
    b2['child_ids'][tok_pad] = junk[tok_pad]
    out2 = run(b2)
    assert (out2['log_policy'].exp()[pad] == 0).all()
    assert torch.allclose(out['log_policy'].exp(), out2['log_policy'].exp(), atol=1e-6)
    assert torch.equal(out['value'], out2['value'])

@FAST
@given(spec=states, seed=st.integers(0, 2**16))
def test_a_state_scores_the_same_alone_or_in_a_padded_batch(spec, seed):
    g = torch.Generator().manual_seed(seed)
    items = [item(n, kids, g) for n, kids in spec]
    both = run(collate_states(items))
    for i, x in enumerate(items):
        alone = run(collate_states([x]))
        k = len(x['child_ids'])
        assert torch.allclose(alone['value'][0], both['value'][i], atol=1e-5)
        assert torch.allclose(alone['log_policy'].exp()[0, :k], both['log_policy'].exp()[i, :k], atol=1e-5)

@FAST
@given(logits=st.lists(st.floats(-1e4, 1e4), min_size=1, max_size=6), data=st.data())
def test_masked_softmax_is_a_distribution_over_the_mask(logits, data):
    mask = data.draw(st.lists(st.booleans(), min_size=len(logits), max_size=len(logits)))
    p = masked_log_softmax(torch.tensor([logits]), torch.tensor([mask])).exp()[0]
    assert torch.isfinite(p).all() and (p[~torch.tensor(mask)] == 0).all()
    assert math.isclose(float(p.sum()), 1.0 if any(mask) else 0.0, abs_tol=1e-5)

def test_value_stays_bounded_when_saturated():
    net = PolicyValueNet(CFG).eval()
    with torch.no_grad():
        for p in net.value_net.head.parameters(): p.mul_(1e4)
    b = batch_of([(30, [5, 6]), (10, [])], 1)
    v = run(b, net)['value']
    assert torch.isfinite(v).all() and (v.abs() <= 1).all()

def test_training_mode_gradients_are_finite_with_padding_and_leaves():
    net = PolicyValueNet(CFG).train()
    b = batch_of([(30, [5, 6, 7]), (10, []), (3, [2])], 2)
    out = net(b)
    lp = torch.where(b['child_mask'], out['log_policy'], torch.zeros_like(out['log_policy']))
    (out['value'].square().sum() - (b['policy'] * lp).sum()).backward()
    grads = [p.grad for p in net.parameters() if p.grad is not None]
    assert grads and all(torch.isfinite(g).all() for g in grads)

def test_sizes_and_shared_encoder():
    net = PolicyValueNet()
    assert net.policy_net.encoder is net.value_net.encoder is net.encoder
    n = net.n_params()
    assert n == sum(p.numel() for p in set(net.parameters())) and 300_000 < n < 3_000_000
    assert NetConfig().max_len <= 2048

def test_long_inputs_are_cut_not_rejected():
    with torch.inference_mode():
        ids = torch.randint(4, 260, (2, CFG.max_len + 50)); m = torch.ones_like(ids, dtype=torch.bool)
        assert NET.value_net(ids, m).shape == (2,)

# ---------------------------------------------------------------- checkpoints and adapters

PROB = Problem(id='toy/add', entry_point='add', prompt='def add(a, b):\n    "Sum of a and b."\n')

def test_checkpoint_roundtrip(tmp_path):
    save_net(NET, tmp_path/'best.pt')
    net = load_net(tmp_path)
    assert net.cfg == CFG and not net.training
    b = batch_of([(20, [4, 5]), (7, [3])], 3)
    assert torch.equal(run(b)['logits'], run(b, net)['logits'])
    (tmp_path/'junk.pt').write_bytes(b'not a checkpoint')
    with pytest.raises(Exception): load_net(tmp_path/'junk.pt')
    torch.save(dict(format='other'), tmp_path/'other.pt')
    with pytest.raises(ValueError, match='not a policy/value'): load_net(tmp_path/'other.pt')

def test_adapters_satisfy_engine_protocols(tmp_path):
    save_net(NET, tmp_path/'last.pt')
    vm, pm = load_models(tmp_path)
    assert isinstance(vm, ValueModel) and isinstance(pm, PolicyModel) and vm.net is pm.net
    assert isinstance(NetValueModel(NET), ValueModel) and isinstance(NetPolicyModel(tmp_path/'last.pt'), PolicyModel)
    with pytest.raises(ValueError, match='does not fit'):
        NetValueModel(PolicyValueNet(NetConfig(vocab_size=100, d_model=32, n_layers=1, n_heads=2, d_ff=32)), ByteTokenizer())

@FAST
@given(codes=st.lists(st.text(max_size=300), min_size=1, max_size=6), parent=st.none() | st.text(max_size=200))
def test_priors_are_a_distribution_over_any_codes(codes, parent):
    ps = NetPolicyModel(NET).priors(PROB, parent, codes)
    assert len(ps) == len(codes) and all(p >= 0 for p in ps) and math.isclose(sum(ps), 1.0, abs_tol=1e-9)

@FAST
@given(code=st.text(max_size=2000))
def test_value_is_a_float_in_bounds_for_any_code(code):
    v = NetValueModel(NET).value(PROB, code, None)
    assert isinstance(v, float) and -1 <= v <= 1

def test_adapters_match_the_network_on_dataset_encoding():
    vm, pm = load_models(NET)
    tok, code = ByteTokenizer(), 'def add(a, b):\n    return a + b\n'
    ids = torch.tensor([encode_state(tok, PROB.prompt, code, CFG.max_problem_len, CFG.max_code_len)])
    with torch.inference_mode(): v = float(NET.value_net(ids, torch.ones_like(ids, dtype=torch.bool))[0])
    assert math.isclose(vm.value(PROB, code), v, abs_tol=1e-6) and math.isclose(vm.value(PROB.prompt, code), v, abs_tol=1e-6)
    assert vm.values(PROB, []) == [] and pm.priors(PROB, None, []) == []
    # batching several codes gives each the value it gets alone
    vs = vm.values(PROB, [code, 'pass', 'x' * 500])
    assert all(math.isclose(a, vm.value(PROB, c), abs_tol=1e-5) for a, c in zip(vs, [code, 'pass', 'x' * 500]))

def test_adapters_restore_the_thread_setting():
    n = torch.get_num_threads()
    with torch_threads(n + 1): assert torch.get_num_threads() == n + 1
    assert torch.get_num_threads() == n
    NetValueModel(NET, threads=1).value(PROB, 'pass')
    assert torch.get_num_threads() == n
