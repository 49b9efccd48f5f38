"`mcts-codegen solve` paths that need no model: bad input, JSON output and --collect (scripted LLM double, unit tests only)."
import json
from pathlib import Path
from typer.testing import CliRunner
import mcts_codegen.llm as llm
from mcts_codegen.testing import ScriptedClient
from mcts_codegen.cli import app
from mcts_codegen.collector import read_examples

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
    assert r.exit_code == 0 and 'PASS' in r.output and not any(tmp_path.iterdir())
