"Training dataset: tokenisation, splits by problem, collate shapes and masks, DataLoader, and loading with Hugging Face `datasets`."
import itertools, json, pickle
from pathlib import Path
import pytest

torch = pytest.importorskip('torch')  # the learning extra: pip install "mcts_codegen[learn]"
from mcts_codegen.learn.collector import TrainingExample, hf_features, run_collect
from mcts_codegen.learn.dataset import (ByteTokenizer, MCTSDataset, collate_states, encode_program, encode_state, get_tokenizer,
                                  split_problems)
from mcts_codegen.core.llm import model_file
from mcts_codegen.testing import ScriptedClient
from mcts_codegen.core.loaders import load_humaneval

def ex(pid='P/0', ep='e0', n_children=2, policy=True, code='def f():\n    return 1\n', reward=0.0, outcome=0.5, **kw):
    visits = list(range(1, n_children + 1))
    d = dict(episode_id=ep, problem_id=pid, state_problem=f"def f():\n    '''{pid}'''\n", state_code=code, state_hash='h', reward=reward,
             outcome=outcome, q_value=0.25, depth=1, child_codes=[f"def f():\n    return {j}\n" for j in range(n_children)],
             child_keys=[f"k{j}" for j in range(n_children)], child_actions=['refine'] * n_children,
             child_rewards=[-1.0 + j / max(n_children, 1) for j in range(n_children)])
    if policy:
        d |= dict(child_visits=visits, mcts_action_probs=[v / sum(visits) for v in visits] if visits else [],
                  llm_action_probs=[1 / n_children] * n_children if n_children else [])
    return TrainingExample(**(d | kw))

def write(path, exs):
    path.write_text(''.join(e.model_dump_json() + '\n' for e in exs))
    return path

# ---------------------------------------------------------------- tokenisation

def test_byte_tokenizer_roundtrip_and_specials():
    t = ByteTokenizer()
    s = 'def f(x):\n    return "é✓"  # any language, any text\n'
    ids = t.encode(s)
    assert t.decode(ids) == s and min(ids) >= 4 and max(ids) < t.vocab_size == 260
    assert len({t.pad_id, t.bos_id, t.sep_id, t.eos_id}) == 4 and t.pad_id == 0

def test_truncation_keeps_problem_head_and_program_tail():
    t = ByteTokenizer()
    ids = encode_state(t, 'HEAD' + 'x' * 100, 'y' * 100 + 'TAIL', max_problem=4, max_code=4)
    assert ids[0] == t.bos_id and ids[-1] == t.eos_id and ids.index(t.sep_id) == 5
    assert t.decode(ids[1:5]) == 'HEAD' and t.decode(ids[6:10]) == 'TAIL'
    assert t.decode(encode_program(t, 'abcdef', 3)) == 'def'

def test_qwen_vocabulary_is_optional():
    with pytest.raises(FileNotFoundError, match='no such model file'): get_tokenizer('/no/such/model.gguf')
    try: model_file('qwen2.5-coder-0.5b')
    except FileNotFoundError: pytest.skip('the embedded 0.5B model is not on this machine (mcts-codegen models fetch qwen2.5-coder-0.5b)')
    pytest.importorskip('llama_cpp')
    t = get_tokenizer('qwen2.5-coder-0.5b')
    try:
        s = 'def f(x):\n    return x + 1\n'
        ids = t.encode(s)
        assert len(ids) < len(s) / 2 and t.decode(ids) == s and t.pad_id >= max(ids)
        ds = MCTSDataset([ex()], tokenizer=t)
        b = ds.collate([ds[0]])
        assert b['input_ids'].max() < t.vocab_size and (b['input_ids'][~b['attention_mask']] == t.pad_id).all()
    finally: t.close()

# ---------------------------------------------------------------- splits

def test_split_by_problem_has_no_overlap():
    exs = [ex(pid=f"P/{p}", ep=f"e{p}-{r}") for p in range(30) for r in range(3)]
    ds = MCTSDataset(exs)
    parts = ds.split((0.8, 0.1, 0.1), seed=0)
    sets = [{e.problem_id for e in d.examples} for d in parts]
    assert [len(s) for s in sets] == [24, 3, 3]
    assert not (sets[0] & sets[1] or sets[0] & sets[2] or sets[1] & sets[2])
    assert sum(len(d) for d in parts) == len(ds)
    assert [d.problem_ids for d in ds.split(seed=0)] == [d.problem_ids for d in parts]  # fixed seed, same split
    assert [d.problem_ids for d in ds.split(seed=1)] != [d.problem_ids for d in parts]
    ids = [e.problem_id for e in exs]
    assert split_problems(list(reversed(ids)), seed=0) == split_problems(ids, seed=0)  # the order of the input does not matter
    assert tuple(d.problem_ids for d in parts) == tuple(sorted(p) for p in split_problems(ids, seed=0))
    with pytest.raises(ValueError): split_problems(['a'], (0.5, -0.1))

# ---------------------------------------------------------------- items and batches

def test_item_and_collate_shapes_and_masks():
    exs = [ex(n_children=0, ep='a', reward=None, code=''), ex(n_children=2, ep='b'), ex(n_children=11, ep='c'), ex(n_children=3, policy=False, ep='d')]
    ds = MCTSDataset(exs, max_children=8, max_child_len=16, max_code_len=20, max_problem_len=12)
    items = [ds[i] for i in range(4)]
    assert [len(x['child_ids']) for x in items] == [0, 2, 8, 3]
    # over the cap, the most visited children are kept (visits 4..11 of 1..11), in order, and renormalised
    assert items[2]['policy'].tolist() == pytest.approx([v / sum(range(4, 12)) for v in range(4, 12)])
    b = collate_states(items, ds.tok.pad_id)
    B, K, Lc = 4, 8, 18  # Lc: 16 tokens + BOS + EOS
    L = max(len(x['input_ids']) for x in items)
    assert b['input_ids'].shape == b['attention_mask'].shape == (B, L) and b['input_ids'].dtype == torch.long
    assert b['child_ids'].shape == b['child_attention_mask'].shape == (B, K, Lc)
    for k in ('child_mask', 'policy', 'prior', 'child_reward'): assert b[k].shape == (B, K), k
    for k in ('value', 'q', 'reward', 'has_reward', 'has_policy', 'depth'): assert b[k].shape == (B,), k
    assert b['child_mask'].sum(1).tolist() == [0, 2, 8, 3]
    assert b['attention_mask'].sum(1).tolist() == [len(x['input_ids']) for x in items]
    assert (b['input_ids'][~b['attention_mask']] == 0).all() and (b['child_ids'][~b['child_attention_mask']] == 0).all()
    assert (b['child_attention_mask'].any(-1) == b['child_mask']).all()
    assert (b['policy'][~b['child_mask']] == 0).all() and (b['prior'][~b['child_mask']] == 0).all()
    assert b['has_policy'].tolist() == [False, True, True, False]
    assert b['policy'][b['has_policy']].sum(1).tolist() == pytest.approx([1.0, 1.0])
    assert b['policy'][3].abs().sum() == 0  # saved without policy: no target
    assert b['value'].tolist() == [0.5] * 4 and b['has_reward'].tolist() == [False, True, True, True]
    assert b['problem_id'] == ['P/0'] * 4 and b['episode_id'] == ['a', 'b', 'c', 'd']

def test_loader_shuffles_reproducibly_and_covers_every_state():
    ds = MCTSDataset([ex(ep=f"e{i}", n_children=i % 4) for i in range(23)])
    order = lambda seed: [e for b in ds.loader(batch_size=5, seed=seed) for e in b['episode_id']]
    assert order(0) == order(0) and order(0) != order(1)
    assert sorted(order(0)) == sorted(f"e{i}" for i in range(23))
    assert [len(b['value']) for b in ds.loader(batch_size=5, shuffle=False)] == [5, 5, 5, 5, 3]
    assert len(pickle.loads(pickle.dumps(ds))) == 23  # picklable, for DataLoader worker processes

# ---------------------------------------------------------------- from collected files

@pytest.fixture(scope='module')
def collected(tmp_path_factory):
    "Episodes of scripted searches on four HumanEval problems (right on the even ones at their third request)."
    out = tmp_path_factory.mktemp('data')
    recs = load_humaneval('0-3')
    sol = {r['entry_point']: r['prompt'] + r['canonical_solution'] for r in recs}
    calls = {e: itertools.count() for e in sol}
    def reply(msgs):
        u = msgs[-1]['content']
        ep = next(e for e in sol if f"def {e}(" in u)
        i = next(calls[ep])
        code = sol[ep] if ep in ('has_close_elements', 'truncate_number') and i >= 2 else f"def {ep}(*a):\n    return {i}"
        return f"```python\n{code}\n```"
    s = run_collect('0-3', ScriptedClient(reply), out=out, concurrency=2, progress=False, n_iter=4, n_variants=2, executor__workers=2)
    assert s.episodes == 4 and not s.errors
    return s.path

def test_dataset_over_collected_files(collected, tmp_path):
    ds = MCTSDataset(collected.parent)
    assert len(ds) >= 4 and ds.problem_ids == [f"HumanEval/{i}" for i in range(4)]
    by_ep = {}
    for e in ds.examples: by_ep.setdefault(e.episode_id, set()).add(e.outcome)
    assert all(len(v) == 1 for v in by_ep.values())
    b = next(iter(ds.loader(batch_size=len(ds))))
    assert set(b['value'].tolist()) <= {-1.0, 1.0}
    # many files at once: the same file twice under two names
    (tmp_path/'b.jsonl').write_text(collected.read_text())
    assert len(MCTSDataset([collected, tmp_path/'b.jsonl'])) == 2 * len(ds)
    assert len(MCTSDataset(str(tmp_path/'*.jsonl'))) == len(ds)

def test_load_dataset_json(collected, tmp_path):
    datasets = pytest.importorskip('datasets')
    hf = datasets.load_dataset('json', data_files=str(collected), split='train', cache_dir=str(tmp_path/'hf'))
    ds = MCTSDataset(collected)
    assert len(hf) == len(ds)
    for i in (0, len(ds) - 1):
        r, e = hf[i], ds.examples[i]
        assert (r['child_codes'], r['child_visits'], r['mcts_action_probs'], r['outcome']) == (e.child_codes, e.child_visits, e.mcts_action_probs, e.outcome)
    assert hf.features['mcts_action_probs'].feature.dtype == 'float64' and hf.features['child_codes'].feature.dtype == 'string'

def test_load_dataset_json_with_a_late_typed_column(tmp_path):
    "A column null in the loader's first block and set later needs `features=hf_features()`."
    datasets = pytest.importorskip('datasets')
    exs = [ex(ep=f"e{i}", llm_value_estimate=None if i < 40 else 0.5) for i in range(60)]
    p = write(tmp_path/'late.jsonl', exs)
    with pytest.raises(Exception): datasets.load_dataset('json', data_files=str(p), split='train', chunksize=2048, cache_dir=str(tmp_path/'a'))
    hf = datasets.load_dataset('json', data_files=str(p), split='train', chunksize=2048, features=hf_features(), cache_dir=str(tmp_path/'b'))
    assert hf['llm_value_estimate'][0] is None and hf['llm_value_estimate'][-1] == 0.5
