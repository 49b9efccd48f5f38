"`mcts-codegen solve` paths that need no model: bad input, JSON output and --collect (scripted LLM double, unit tests only)."
import json
from pathlib import Path
from typer.testing import CliRunner
import mcts_codegen.core.llm as llm
from mcts_codegen.testing import ScriptedClient
from mcts_codegen.service.cli import app
from mcts_codegen.learn.collector import read_examples

ROOT = Path(__file__).parent.parent
RLE = ('```python\ndef run_length_encode(s: str) -> str:\n    out, i = [], 0\n    while i < len(s):\n        j = i\n'
       '        while j < len(s) and s[j] == s[i]: j += 1\n        out.append(f"{s[i]}{j - i}"); i = j\n    return "".join(out)\n```')

def test_solve_json_and_collect(monkeypatch, tmp_path):
    monkeypatch.setattr(llm, 'get_client', lambda spec=None, cfg=None, **kw: ScriptedClient(lambda m: RLE))
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--json', '--quiet', '--collect', '--data-dir', str(tmp_path)])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout[r.stdout.index('['):])
    assert out[0]['passed'] and out[0]['llm_calls'] == 1
    ex = read_examples(tmp_path)
    assert ex and all(e.problem_id == 'rle' and e.outcome == 1.0 for e in ex)

def test_solve_without_collect_writes_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(llm, 'get_client', lambda spec=None, cfg=None, **kw: ScriptedClient(lambda m: RLE))
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--quiet', '--data-dir', str(tmp_path)])
    assert r.exit_code == 0 and 'passed ·' in r.output and not any(tmp_path.iterdir())


# ---- issue 12: exit codes, one-line errors, nothing written before validation

def scripted(monkeypatch, reply=lambda m: RLE):
    monkeypatch.setattr(llm, 'get_client', lambda spec=None, cfg=None, **kw: ScriptedClient(reply))

def one_error(r) -> str:
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    lines = [l for l in r.output.splitlines() if l.startswith('error:')]
    assert len(lines) == 1 and 'Traceback' not in r.output, r.output
    return lines[0]

WRONG = '```python\ndef run_length_encode(s: str) -> str:\n    return s\n```'

def test_exit_code_1_when_not_solved(monkeypatch):
    scripted(monkeypatch, lambda m: WRONG)
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--quiet', '--preset', 'FAST', '--max-calls', '2', '--json'])
    assert r.exit_code == 1, r.output
    out = json.loads(r.stdout[r.stdout.index('['):])
    assert out[0]['status'] == 'failed' and out[0]['llm_calls'] == 2

def test_zero_budgets_are_rejected(monkeypatch):
    scripted(monkeypatch)
    for opt in ('--max-calls', '--n-iter'):
        for v in ('0', '-1'):
            r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), opt, v])
            e = one_error(r)
            assert r.exit_code == 2 and f'{opt} must be at least 1' in e and 'search.' not in e, (opt, r.output)

def test_output_paths_that_are_files(monkeypatch, tmp_path):
    scripted(monkeypatch)
    f = tmp_path/'file'; f.write_text('x')
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--collect', '--data-dir', str(f), '--quiet'])
    assert r.exit_code == 2 and 'is a file, not a folder' in one_error(r)
    for cmd in (['bench', '--problems', '0'], ['collect', '--problems', '0']):
        r = CliRunner().invoke(app, cmd + ['--out', str(f/'sub'), '--llm', 'openai:m', '--base-url', 'http://127.0.0.1:9/v1', '-q'])
        assert r.exit_code == 2 and 'is a file, not a folder' in one_error(r), (cmd, r.output)
    assert f.read_text() == 'x'

def test_bad_model_files_are_one_line_errors(tmp_path):
    bad = tmp_path/'model.gguf'; bad.write_text('not a model')
    for spec, words in ((f'local:{bad}', 'not a GGUF file'), ('local:/nonexistent/model.gguf', 'no model file')):
        for cmd in (['solve', str(ROOT/'data/examples/rle.py')], ['bench', '--problems', '0', '--out', str(tmp_path/'res')]):
            r = CliRunner().invoke(app, cmd + ['--llm', spec, '-q'])
            assert r.exit_code == 2 and words in one_error(r), (spec, cmd, r.output)
    assert not (tmp_path/'res').exists()  # a bad spec leaves no results folder behind

def test_bad_ids_and_records(monkeypatch, tmp_path):
    scripted(monkeypatch)
    r = CliRunner().invoke(app, ['solve', 'HumanEval/-1'])
    assert r.exit_code == 2 and 'bad HumanEval id' in one_error(r)
    rec = tmp_path/'r.jsonl'
    rec.write_text(json.dumps(dict(task_id='t/1', prompt='def f(x:\n', entry_point='f')) + '\n')
    r = CliRunner().invoke(app, ['solve', str(rec)])
    assert r.exit_code == 2 and 'does not parse' in one_error(r)

def test_no_visible_tests_warning_is_one_line(monkeypatch, tmp_path):
    scripted(monkeypatch, lambda m: '```python\ndef shout(s):\n    return s.upper()\n```')
    stub = tmp_path/'shout.py'; stub.write_text('def shout(s: str) -> str:\n    "Upper-case s."\n')
    r = CliRunner().invoke(app, ['solve', str(stub), '--quiet', '--preset', 'FAST'])
    w = [l for l in r.output.splitlines() if 'no visible tests found' in l]
    assert len(w) == 1 and w[0].startswith('warning: ') and 'UserWarning' not in r.output and 'warnings.warn' not in r.output
    assert r.exit_code == 1 and 'unverified' in r.output, r.output  # no tests: the program only runs cleanly, which is not a pass

def test_entry_points_and_version():
    import subprocess, sys
    from mcts_codegen import __version__
    env = {'PYTHONPATH': str(ROOT), 'PATH': '/usr/bin:/bin'}
    for mod in ('mcts_codegen', 'mcts_codegen.service.cli'):
        p = subprocess.run([sys.executable, '-m', mod, '--version'], capture_output=True, text=True, env=env, timeout=60)
        assert p.returncode == 0 and p.stdout.strip() == f'mcts-codegen {__version__}', (mod, p.stdout, p.stderr)
    p = subprocess.run([sys.executable, '-m', 'mcts_codegen.service.cli', 'solve', '--help'], capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 0 and '--timeout' in p.stdout and '--max-retries' in p.stdout

def test_progress_counts_calls_against_the_budget(monkeypatch):
    "A bar per problem counts its calls against the budget; with several problems, a bar over them counts problems."
    import mcts_codegen.service.cli as C, tqdm.auto
    bars = []
    class Bar:
        def __init__(self, total=None, unit=None, **kw): self.total, self.unit, self.n, self.kw, self.closed = total, unit, 0, kw, False; bars.append(self)
        def update(self, k): self.n += k
        def set_postfix(self, **kw): self.postfix = kw
        def close(self): self.closed = True
    monkeypatch.setattr(tqdm.auto, 'tqdm', Bar)
    scripted(monkeypatch, lambda m: WRONG)
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--preset', 'FAST', '--max-calls', '3'])
    assert r.exit_code == 1, r.output
    calls = [b for b in bars if b.unit == 'call']
    assert len(calls) == 1 and calls[0].total == 3 and calls[0].n == 3 and calls[0].postfix['failed'] == 0 and calls[0].closed
    assert 'if it spends the budget' in calls[0].kw['bar_format']  # its ETA is an upper bound, and says so
    assert all(b.kw.get('disable') for b in bars if b.unit == 'problem')  # one problem: no bar over problems
    bars.clear()
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), str(ROOT/'data/examples/roman.py'), '--preset', 'FAST', '--max-calls', '2'])
    assert r.exit_code == 1, r.output
    (outer,) = [b for b in bars if b.unit == 'problem']
    assert outer.total == 2 and outer.n == 2 and outer.closed and not outer.kw.get('disable')
    assert [b.n for b in bars if b.unit == 'call'] == [2, 2]


def test_solve_says_when_the_cap_leaves_fewer_expansions_in_flight(monkeypatch):
    "search.parallel=8 under a cap of 10 calls with 3 variants per expansion: at most 3 fit in flight, and `solve` says so (and nothing when they fit)."
    scripted(monkeypatch)
    monkeypatch.setenv('MCTS_CODEGEN_SEARCH__PARALLEL', '8')
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--quiet', '--max-calls', '10'])
    assert r.exit_code == 0, r.output
    assert 'search.parallel=8' in r.output and 'at most 3 expansions in flight' in r.output and '--max-calls' in r.output
    r = CliRunner().invoke(app, ['solve', str(ROOT/'data/examples/rle.py'), '--quiet', '--max-calls', '40'])
    assert r.exit_code == 0 and 'expansions in flight' not in r.output, r.output

def test_bench_says_when_the_cap_leaves_fewer_expansions_in_flight(monkeypatch, tmp_path):
    "The same note from `bench`, per engine strategy, naming --n (its budget option); none for a strategy without a tree, nor when they fit."
    scripted(monkeypatch)
    args = ['bench', '--problems', '0', '--strategy', 'greedy,oracle,mcts-balanced', '--quiet', '--set', 'search.parallel=8', '--out', str(tmp_path)]
    r = CliRunner().invoke(app, args + ['--n', '10'])
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    notes = [l for l in r.output.splitlines() if l.startswith('note:')]
    assert notes == [l for l in notes if 'mcts-balanced: search.parallel=8' in l and 'at most 3 expansions in flight' in l and '--n' in l] and len(notes) == 1, r.output
    r = CliRunner().invoke(app, args + ['--n', '40'])
    assert 'expansions in flight' not in r.output, r.output

def test_bench_data_runs_every_problem_of_its_file_by_default(tiny_data, tmp_path):
    "`bench --data FILE` without --problems selects the file's problems (not HumanEval's 0-163): it gets as far as the LLM, which is unreachable here (exit 3)."
    cmd = ['bench', '--data', str(tiny_data), '--strategy', 'greedy', '--out', str(tmp_path/'res'), '--llm', 'openai:m', '--base-url', 'http://127.0.0.1:9/v1', '-q']
    r = CliRunner().invoke(app, cmd)
    assert r.exit_code == 3, r.output  # past problem selection: the server is what fails
    r = CliRunner().invoke(app, cmd + ['--problems', '0-5'])
    assert r.exit_code == 2 and "ids are 0..1" in one_error(r), r.output

def test_bench_split_selects_the_split_and_names_the_fix(tiny_data, tmp_path):
    "`bench --split` runs only that split of a file with splits (as far as the unreachable LLM, exit 3), refuses a file without splits and an empty selection (exit 2), and takes HumanEval's halves."
    base = ['--strategy', 'greedy', '--out', str(tmp_path/'res'), '--llm', 'openai:m', '--base-url', 'http://127.0.0.1:9/v1', '-q']
    r = CliRunner().invoke(app, ['bench', '--data', str(tiny_data), '--split', 'dev'] + base)
    assert r.exit_code == 2 and "no 'split' field" in one_error(r), r.output
    recs = [json.loads(l) | dict(split=s) for l, s in zip(tiny_data.read_text().splitlines(), ['train', 'dev'])]
    split_file = tmp_path/'split.jsonl'
    split_file.write_text(''.join(json.dumps(r) + '\n' for r in recs))
    r = CliRunner().invoke(app, ['bench', '--data', str(split_file), '--split', 'dev'] + base)
    assert r.exit_code == 3, r.output
    r = CliRunner().invoke(app, ['bench', '--data', str(split_file), '--split', 'dev', '--problems', '0'] + base)
    assert r.exit_code == 2 and 'no problem of that split' in one_error(r), r.output
    r = CliRunner().invoke(app, ['bench', '--split', 'train'] + base)
    assert r.exit_code == 2 and "HumanEval has no 'train' split" in one_error(r), r.output

def test_a_misspelt_setting_is_refused_before_anything_runs(monkeypatch, tmp_path):
    "`--set search.nope=1` once went through (a known section took an unknown field silently) and started a real run; now it exits 2 naming the section's fields."
    def never(*a, **kw): raise AssertionError('no client may be made for bad input')
    monkeypatch.setattr(llm, 'get_client', never)
    r = CliRunner().invoke(app, ['bench', '--problems', '0-3', '--out', str(tmp_path), '--set', 'search.nope=1'])
    assert r.exit_code == 2 and 'unknown setting search.nope' in r.output and 'n_iter' in r.output, r.output
    assert not any(tmp_path.iterdir())
