"Fixtures shared by the test files; the lab's levers loaded, as the CLI loads them, so the lab strategies and settings run."
import json
import pytest
import mcts_codegen.lab.levers  # registers widening, RAVE, plans/repair and agreement in the engine
import mcts_codegen.lab.agents  # registers reflexion, HRM and TRM in the orchestrator's `make_agent`

@pytest.fixture
def tiny_data(tmp_path):
    "A HumanEval-format problem file of two problems, `Tiny/0` and `Tiny/1` (f_i(x) = x + i), for `--data`."
    recs = [dict(task_id=f"Tiny/{i}", prompt=f"def f{i}(x):\n    \"\"\"Add {i}.\n    >>> f{i}(1)\n    {i + 1}\n    \"\"\"\n", entry_point=f"f{i}",
                 test=f"def check(c):\n    assert c(1) == {i + 1}\n") for i in range(2)]
    f = tmp_path/'tiny.jsonl'
    f.write_text(''.join(json.dumps(r) + '\n' for r in recs))
    return f
