"`prune_program` over generated programs: the pruned program gives the same results on the visible calls, and the model's extras are gone."
import contextlib, io
from hypothesis import given, settings, strategies as st, HealthCheck
from mcts_codegen.core.problem import prune_program

HELPERS = {  # name: (source, names it calls)
    'h_sq': ("def h_sq(x):\n    return x * x\n", ()),
    'h_inc': ("def h_inc(x):\n    return x + LIMIT\n", ('LIMIT',)),
    'h_both': ("def h_both(x):\n    return h_sq(h_inc(x))\n", ('h_sq', 'h_inc')),
    'h_sqrt': ("def h_sqrt(x):\n    return int(sqrt(abs(x)))\n", ('sqrt',)),
    'h_count': ("def h_count(x):\n    return Counter(str(x)).most_common(1)[0][1]\n", ('Counter',)),
    'h_gcd': ("def h_gcd(x):\n    return math.gcd(x, 12)\n", ('math',)),
    'h_tab': ("def h_tab(x):\n    return SQ.get(x % 3, -1)\n", ('SQ',)),
}
TABLE = "SQ = {}\nfor _k in range(3):\n    SQ[_k] = _k * _k\n"  # a table filled at load time
EXTRAS = ["def check_f():\n    assert f(1) == f(1)\n", "def test_f():\n    print(f(2))\n", "check_f()\n" , "print(f(3))\n",
          "assert f(0) == f(0)\n", "if __name__ == '__main__':\n    print(f(4))\n", "def unused(y):\n    return y - 1\n", "UNUSED = 5\n",
          "for _i in range(2):\n    f(_i)\n"]
HEAD = ["from math import *\n", "from collections import *\n", "from typing import *\n", "import math, os\n", "import sys\n", "LIMIT = 3\n",
        "sys.setrecursionlimit(sys.getrecursionlimit())\n"]

@st.composite
def programs(draw):
    used = draw(st.lists(st.sampled_from(sorted(HELPERS)), unique=True, max_size=4))
    head = draw(st.lists(st.sampled_from(HEAD), unique=True, max_size=len(HEAD)))
    # every name a helper needs must be bound: add what is missing
    for h in list(used):
        for dep in HELPERS[h][1]:
            if dep in HELPERS and dep not in used: used.append(dep)
    needs = {d for h in used for d in HELPERS[h][1]}
    if 'LIMIT' in needs and "LIMIT = 3\n" not in head: head.append("LIMIT = 3\n")
    if 'sqrt' in needs and "from math import *\n" not in head: head.append("from math import *\n")
    if 'Counter' in needs and "from collections import *\n" not in head: head.append("from collections import *\n")
    if 'math' in needs and "import math, os\n" not in head: head.append("import math, os\n")
    if 'SQ' in needs: head.append(TABLE)
    if "sys.setrecursionlimit(sys.getrecursionlimit())\n" in head and "import sys\n" not in head: head.insert(0, "import sys\n")
    head.sort(key=lambda s: not s.startswith(('from', 'import')))  # imports first, then constants and setup
    extras = draw(st.lists(st.sampled_from(EXTRAS), unique=True, max_size=4))
    if "check_f()\n" in extras and EXTRAS[0] not in extras: extras.append(EXTRAS[0])
    body = ' + '.join([f"{h}(x)" for h in used] or ['x'])
    f = f"def f(x: int) -> int:\n    return {body}\n"
    defs = [HELPERS[h][0] for h in used] + draw(st.permutations([e for e in extras if e.startswith('def ')]))
    tail = [e for e in extras if not e.startswith('def ')]
    return ''.join(head) + '\n' + '\n'.join(defs + [f]) + '\n' + ''.join(tail)

def results(code, calls):
    ns = {'__name__': '__main__'}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, '<p>', 'exec'), ns)
        out = []
        for c in calls:
            try: out.append(('ok', eval(c, ns)))
            except Exception as e: out.append(('err', type(e).__name__))
    return out

@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.lists(st.integers(-50, 50), min_size=1, max_size=4))
def test_pruned_program_gives_the_same_visible_results(code, xs):
    calls = [f"f({x})" for x in xs]
    pruned = prune_program(code, 'f')
    assert results(pruned, calls) == results(code, calls), (code, pruned)
    assert 'check_f' not in pruned and 'test_f' not in pruned and 'print(' not in pruned and 'unused' not in pruned and 'UNUSED' not in pruned
    assert 'import *' not in pruned and '__main__' not in pruned and 'assert' not in pruned
    assert prune_program(pruned, 'f') == pruned  # a clean program stays as it is

def test_prompt_definitions_stay():
    prompt = 'from typing import List\n\ndef encode(s: str) -> str:\n    return s[::-1]\n\ndef decode(s: str) -> str:\n    """Undo encode."""\n'
    code = prompt.replace('    """Undo encode."""\n', '    return s[::-1]\n') + '\ndef check():\n    assert decode(encode("ab")) == "ab"\n'
    out = prune_program(code, 'decode', keep=prompt)
    assert 'def encode' in out and 'def check' not in out and 'from typing import List' in out

def test_engine_submits_the_pruned_program_only_when_visible_results_agree():
    "A helper reached only through a string is invisible to `prune_program`; the engine's rerun on the visible tests catches it."
    from mcts_codegen import solve
    from mcts_codegen.testing import ScriptedClient
    stub = 'def f(x):\n    """Double.\n    >>> f(2)\n    4\n    """\n'
    extra = "\n\ndef check_f():\n    assert f(2) == 4\n```"
    sneaky = "```python\nfrom typing import *\n\ndef helper(x):\n    return 2 * x\n\ndef f(x):\n    return globals()['helper'](x)" + extra
    res = solve(stub, ScriptedClient([sneaky]), 'FAST', max_calls=1)
    assert res.status == 'passed' and 'def helper' in res.code and 'check_f' in res.code and 'pruned' not in res.stats, res.code
    plain = "```python\nfrom typing import *\n\ndef helper(x):\n    return 2 * x\n\ndef f(x):\n    return helper(x)" + extra
    res = solve(stub, ScriptedClient([plain]), 'FAST', max_calls=1)
    assert res.status == 'passed' and 'check_f' not in res.code and 'import' not in res.code and res.stats['pruned'] > 0 and res.result.n_passed == 1, res.code
