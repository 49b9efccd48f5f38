"End to end: `mcts-codegen solve` on an example problem with the embedded 0.5B model."
import json, subprocess, sys, shutil
from pathlib import Path
import pytest

pytestmark = pytest.mark.llm
ROOT = Path(__file__).parent.parent

def test_solve_example_with_embedded_model():
    exe = shutil.which('mcts-codegen') or pytest.skip('mcts-codegen is not installed (pip install -e .)')
    r = subprocess.run([exe, 'solve', str(ROOT/'data/examples/rle.py'), '--llm', 'local:qwen2.5-coder-0.5b', '--preset', 'FAST',
                        '--json', '--quiet'], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout)
    assert len(out) == 1 and out[0]['problem_id'] == 'rle'
    res = out[0]
    assert res['passed'] and 'def run_length_encode' in res['code']
    assert res['result']['n_passed'] == res['result']['n_tests'] == 4
    assert 1 <= res['llm_calls'] <= 10 and res['peak_rss_mb'] > 0
    assert 'passed ·' in r.stderr  # the human-readable report goes to stderr when --json is given
