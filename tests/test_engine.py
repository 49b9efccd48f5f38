"Engine behaviour with the scripted LLM double (unit tests only) and the real sandbox."
import asyncio, random
import pytest
from mcts_codegen.core.config import create_preset
from mcts_codegen.core.problem import Problem, CallTest
from mcts_codegen.core.engine import MCTSEngine, SearchResult, code_key
from mcts_codegen.sandbox.executor import Executor
from mcts_codegen.testing import ScriptedClient

SENTINEL = 'ZZ_HIDDEN_ONLY_7f3a'
P = Problem(id='t/sq', entry_point='sq',
            prompt='def sq(x):\n    """Square x.\n    >>> sq(3)\n    9\n    >>> sq(-2)\n    4\n    """\n',
            visible_tests=[CallTest(call='sq(3)', expected=9), CallTest(call='sq(-2)', expected=4)],
            hidden_test=f'def check(candidate):\n    assert candidate(5) == 25  # {SENTINEL}\n')

WRONG = ['def sq(x):\n    return x * 3\n', 'def sq(x):\n    return x + 1\n', 'def sq(x):\n    return abs(x) * 3\n',
         'def sq(x):\n    return 9\n', 'def sq(x):\n    return x ** 3\n']
RIGHT = 'def sq(x):\n    return x * x\n'

@pytest.fixture(scope='module')
def ex():
    e = Executor(create_preset('FAST', executor__workers=2).executor)
    yield e
    e.close()

class SpyExecutor:
    "Wraps the executor and records everything it is asked to run."
    def __init__(self, inner): self.inner, self.runs = inner, []
    async def arun(self, code, tests, language='python', timeout=None):
        self.runs.append((code, [t.call for t in tests]))
        return await self.inner.arun(code, tests, language=language, timeout=timeout)
    def close(self): pass

def fence(c): return f"```python\n{c}```"

def test_hidden_tests_never_reach_prompts_or_executor(ex):
    seen = []
    def reply(msgs):
        seen.append(msgs)
        return fence(random.Random(len(seen)).choice(WRONG + [RIGHT]))
    spy = SpyExecutor(ex)
    eng = MCTSEngine(ScriptedClient(reply), create_preset('FAST', n_iter=10, early_stop=False), executor=spy)
    res = eng.search(P)
    assert seen and spy.runs
    assert all(SENTINEL not in m['content'] and 'candidate(5)' not in m['content'] for msgs in seen for m in msgs)
    assert all(SENTINEL not in code and calls == ['sq(3)', 'sq(-2)'] for code, calls in spy.runs)
    assert SENTINEL not in res.model_dump_json()

def test_early_stop_and_budget(ex):
    eng = MCTSEngine(ScriptedClient([fence(c) for c in WRONG[:3] + [RIGHT] + WRONG]), create_preset('FAST', n_iter=50, max_llm_calls=20), executor=ex)
    res = eng.search(P)
    assert res.passed and res.code == RIGHT and res.solved_at_call == 4 and res.llm_calls == 4
    eng = MCTSEngine(ScriptedClient(lambda m: fence(random.choice(WRONG))), create_preset('FAST', n_iter=50, max_llm_calls=7), executor=ex)
    res = eng.search(P)
    assert not res.passed and res.llm_calls <= 7 and res.code is not None

class SlowScripted(ScriptedClient):
    "Yields to the event loop before answering, as a real client does, so concurrent reflections interleave."
    async def complete(self, *a, **kw):
        await asyncio.sleep(0.01)
        return await super().complete(*a, **kw)

@pytest.mark.parametrize('cap', [3, 5, 8])
def test_reflections_of_concurrent_siblings_respect_the_budget(ex, cap):
    rng = random.Random(cap)
    def reply(msgs):
        if 'Score: X/10' in msgs[-1]['content']: return 'Score: 3/10\nWrong.'
        return fence(rng.choice(WRONG))
    eng = MCTSEngine(SlowScripted(reply), create_preset('FAST', n_iter=20, n_variants=3, reflector_weight=0.5, max_llm_calls=cap), executor=ex)
    res = eng.search(P)
    assert res.stats['reflections'] > 0 and res.llm_calls <= cap

def test_identical_programs_are_one_node_and_not_rerun(ex):
    spy = SpyExecutor(ex)
    same = ['def sq(x):\n    return x * 3\n', 'def sq(x):\n    # triple\n    return x * 3\n', 'def sq(x):\n    "doc"\n    return x*3\n']
    eng = MCTSEngine(ScriptedClient(lambda m: fence(random.choice(same))), create_preset('FAST', n_iter=8, max_llm_calls=12), executor=spy)
    res = eng.search(P)
    assert res.tree_size == 2 and len(spy.runs) == 1 and res.stats['duplicates'] == res.llm_calls - 1
    assert len({code_key(c) for c in same}) == 1

def test_submission_is_chosen_from_visible_evidence(ex):
    # partial (1/2 visible) beats none; no hidden information is available to the choice
    progs = ['def sq(x):\n    return x + 1\n', 'def sq(x):\n    return 9\n', 'def sq(x):\n    return 1/0\n']
    eng = MCTSEngine(ScriptedClient([fence(c) for c in progs] * 5), create_preset('FAST', n_iter=3, max_llm_calls=3), executor=ex)
    res = eng.search(P)
    assert res.code == 'def sq(x):\n    return 9\n' and res.result.n_passed == 1

def test_a_wrong_visible_example_is_tolerated(ex):
    "A docstring example that no correct program passes: the search keeps going to the budget and submits the best share."
    p = P.model_copy(update=dict(visible_tests=P.visible_tests + [CallTest(call='sq(2)', expected=5)]))  # wrong: sq(2) is 4
    progs = [WRONG[3], RIGHT, WRONG[0]]
    res = MCTSEngine(ScriptedClient([fence(c) for c in progs] * 5), create_preset('FAST', n_iter=20, max_llm_calls=6), executor=ex).search(p)
    assert res.code == RIGHT and res.result.n_passed == 2 and not res.passed
    assert res.llm_calls == 6 and res.solved_at_call is None

def test_llm_failure_never_crashes(ex):
    calls = {'n': 0}
    def flaky(m):
        calls['n'] += 1
        if calls['n'] <= 1: raise RuntimeError('503 from server')  # the first request fails after retries
        return fence(RIGHT)
    res = MCTSEngine(ScriptedClient(flaky), create_preset('FAST', n_iter=6), executor=ex).search(P)
    assert res.stats['failed_expansions'] >= 1 and res.passed

def test_tree_invariants_after_search(ex):
    eng = MCTSEngine(ScriptedClient(lambda m: fence(random.choice(WRONG) + f'\n# {random.random()}\nZ = {random.randint(0, 10**6)}\n')),
                     create_preset('THOROUGH', n_iter=15, max_llm_calls=40), executor=ex)
    res = eng.search(P)
    for n in res.root.walk():
        assert -1 <= n.q <= 1 and n.visits >= sum(c.visits for c in n.children) and n.virtual_loss == 0
        assert n.depth <= 15
    assert res.tree_size == res.root.size()
    assert SearchResult.model_validate_json(res.model_dump_json()).code == res.code

def test_no_visible_tests_stops_at_first_clean_program(ex):
    p = P.model_copy(update=dict(visible_tests=[]))
    res = MCTSEngine(ScriptedClient([fence('def sq(x):\n    return 1/0 +\n'), fence(RIGHT), fence(RIGHT)]), create_preset('FAST'), executor=ex).search(p)
    assert res.code == RIGHT and not res.passed and res.llm_calls == 2
    # a clean greedy answer ends it at once: no further samples are paid for
    res = MCTSEngine(ScriptedClient([fence(RIGHT)] * 5), create_preset('FAST'), executor=ex).search(p)
    assert res.code == RIGHT and res.llm_calls == 1

def test_degenerate_output_never_crashes_the_search(ex):
    "Small models sometimes repeat themselves until the token limit; the parser raises RecursionError on such chains."
    junk = [fence('def sq(x):\n    return x' + ' + 1' * 20000 + '\n'), 'x = ' + '-' * 5000 + '1', fence(RIGHT)]
    res = MCTSEngine(ScriptedClient(junk * 3), create_preset('FAST', n_iter=5), executor=ex).search(P)
    assert res.passed and res.code == RIGHT and res.stats['unparsed'] >= 1
    r = ex.run('def sq(x):\n    return x' + ' + 1' * 20000 + '\n', P.visible_tests)
    assert r.status == 'syntax_error' and not r.passed

# --- seams: one formula for selection, the one-import API, no private names across modules

def test_widen_arm_is_scored_by_the_selection_rules():
    import math
    from mcts_codegen.core.engine import Search
    from mcts_codegen.core.node import Node
    rng = random.Random(0)
    for sel in ('puct', 'ucb1'):
        cfg = create_preset('FAST', selection=sel, c_explore=rng.uniform(0.5, 2), widen_prior=rng.uniform(0.1, 1))
        s, (c, w) = Search.__new__(Search), (cfg.search.c_explore, cfg.search.widen_prior)
        s.s = cfg.search
        for _ in range(50):
            n = Node()
            n.visits, n.value_sum, n.virtual_loss, n.expansions = rng.randint(0, 40), rng.uniform(-5, 5), rng.randint(0, 2), rng.randint(0, 6)
            N, k = n.visits + n.virtual_loss, n.expansions + n.virtual_loss  # a childless node's virtual loss is its own expansions in flight
            old = (n.q + c * math.sqrt(math.log(max(N, 1)) / (1 + k)) if sel == 'ucb1'
                   else n.q + c * w * math.sqrt(max(N, 1)) / (1 + k))  # the formulas `widen_score` used to repeat
            assert s.widen_score(n) == pytest.approx(old)

def test_solve_takes_source_path_id_or_problem(tmp_path):
    from mcts_codegen import solve
    right = lambda m: fence(RIGHT)
    src = P.prompt
    (tmp_path/'sq.py').write_text(src)
    for prob, pid in ((src, 'sq'), (tmp_path/'sq.py', 'sq'), (str(tmp_path/'sq.py'), 'sq'), (P, 't/sq')):
        r = solve(prob, ScriptedClient(right), 'FAST', executor__workers=1)
        assert (r.problem_id, r.passed, r.llm_calls) == (pid, True, 1)
    with pytest.raises(ValueError, match='no such file'): solve(str(tmp_path/'nope.py'), ScriptedClient([]))

def test_import_is_cheap_and_the_api_is_one_import():
    import subprocess, sys
    code = ("import sys, mcts_codegen\nheavy = [m for m in ('llama_cpp', 'torch', 'openai', 'numpy') if m in sys.modules]\n"
            "from mcts_codegen import solve, Problem, MCTSEngine, create_preset, get_client\n"
            "print(heavy, [m for m in ('llama_cpp', 'torch') if m in sys.modules], MCTSEngine.from_spec.__doc__ is not None)")
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == '[] [] True'

def test_no_module_imports_a_private_name_of_another():
    import re
    from pathlib import Path
    import mcts_codegen
    pkg = Path(mcts_codegen.__file__).parent
    mods = {p.stem for p in pkg.rglob('*.py')}  # every layer's folder
    bad = []
    for f in pkg.rglob('*.py'):
        if f.name == '_modidx.py': continue
        for i, line in enumerate(f.read_text().splitlines(), 1):
            for m in re.finditer(r'from (?:\.+|mcts_codegen\.)((?:\w+\.)*)(\w+) import \(?([^#]*)', line):
                bad += [f"{f.name}:{i}: {m[2]}.{n}" for n in re.findall(r'\b(_\w+)', m[3]) if m[2] != f.stem and not n.startswith('__')]
            bad += [f"{f.name}:{i}: {m[0]}" for m in re.finditer(r'\b(\w+)\.(_[a-z]\w*)\b', line) if m[1] in mods and m[1] != f.stem]
    assert not bad, bad

@pytest.mark.llm
def test_readme_one_import_example_runs_on_the_embedded_model(capsys):
    "The Python example of README's 'Using it', as written, on the 0.5B model."
    import re
    from pathlib import Path
    readme = (Path(__file__).parent.parent/'README.md').read_text()
    code = re.search(r'## Using it\s+```python\n(.*?)```', readme, re.S)[1]
    assert 'from mcts_codegen import solve' in code and "local:qwen2.5-coder-0.5b" in code
    ns = {}
    exec(compile(code, 'README.md', 'exec'), ns)
    res = ns['res']
    assert type(res).__name__ == 'SearchResult' and res.passed and 'def add' in res.code
    assert ': passed (' in capsys.readouterr().out

# --- the levers: plan-level branching, targeted repair, the expansion rule, choice by agreement ----------------------------

def lever_reply(seen, programs):
    "A double answering each kind of prompt in kind: test inputs, a plan and code, or a bare function; programs are played in order."
    it = iter(programs)
    def reply(msgs):
        u = msgs[-1]['content']; seen.append(u)
        if 'different calls of `sq`' in u: return "```python\nsq(0)\nsq(2)\nsq(-3)\n```"
        code = next(it, RIGHT)
        return f"Plan:\n1. step {len(seen)}\n\n{fence(code)}" if "'Plan:'" in u else fence(code)
    return reply

def test_plan_branching_revises_the_plan_after_a_failure(ex):
    seen = []
    eng = MCTSEngine(ScriptedClient(lever_reply(seen, [WRONG[3], WRONG[0], WRONG[1], WRONG[2]])), create_preset('PLAN', max_llm_calls=8), executor=ex)
    res = eng.search(P)
    kinds = [n.action for n in res.root.walk() if n is not res.root]
    assert set(kinds) == {'plan'} and res.stats['plan'] == len(kinds) and res.stats.get('refine', 0) == 0
    revisions = [u for u in seen if 'A previous plan was:\n1. step' in u]
    assert revisions and all('The function written from it is wrong' in u and 'revised plan' in u for u in revisions)
    assert res.passed and res.code == RIGHT and res.llm_calls <= 8

def test_plans_held_back_until_plain_samples_fail(ex):
    "`plan_after`: the greedy answer and the first fresh samples are plain code; only later root expansions ask for a plan."
    seen = []
    cfg = create_preset('BALANCED', fresh='plan', plan_after=4, fix='refine', root_min=8, max_llm_calls=8)
    res = MCTSEngine(ScriptedClient(lever_reply(seen, WRONG * 3)), cfg, executor=ex).search(P)
    asked = ["'Plan:'" in u for u in seen]
    assert asked[:4] == [False] * 4 and any(asked[4:]), asked  # 1 greedy + 3 samples plain; plans after
    first = []
    MCTSEngine(ScriptedClient(lever_reply(first, WRONG * 3)), create_preset('BALANCED', fresh='plan', max_llm_calls=4), executor=ex).search(P)
    assert "'Plan:'" in first[0]  # plan_after=0: the greedy answer is plan-made too, as before

class Notes:
    "A context provider that marks every prompt it is asked for."
    def context(self, problem, code=None, feedback=None): return 'RETRIEVED_NOTE_42'

def test_retrieval_held_back_until_the_greedy_answer_fails(ex):
    "`rag_after=1`: the greedy answer's prompt stays plain; the prompts after its failure carry the retrieved context."
    def run(**kw):
        seen = []
        def reply(msgs):
            seen.append(msgs[-1]['content'])
            return fence(WRONG[len(seen) % len(WRONG)])
        MCTSEngine(ScriptedClient(reply), create_preset('BALANCED', max_llm_calls=5, **kw), executor=ex, context=Notes()).search(P)
        return ['RETRIEVED_NOTE_42' in u for u in seen]
    after = run(rag_after=1)
    assert after[0] is False and len(after) > 1 and all(after[1:]), after
    assert all(run()), 'rag_after=0: every prompt carries the context, as before'

def test_targeted_repair_shows_one_failing_call_and_keeps_helpers(ex):
    seen = []
    helper = 'def twice(x):\n    return 2 * x\n\ndef sq(x):\n    return twice(x) if x == 3 else 4\n'  # sq(3) wrong, sq(-2) right
    fixed = 'def sq(x):\n    return x * x if x else twice(0)\n'
    fresh = iter([helper] + WRONG)
    def reply(msgs):
        u = msgs[-1]['content']; seen.append(u)
        return fence(fixed if u.startswith('This Python function is wrong') else next(fresh))
    res = MCTSEngine(ScriptedClient(reply), create_preset('REPAIR', n_variants=2, max_llm_calls=8), executor=ex).search(P)
    rep = [u for u in seen if u.startswith('This Python function is wrong')]
    assert rep and '`sq(3)` should return 9, but it returned 6' in rep[0] and 'def twice' not in rep[0] and 'Square x' not in rep[0]
    assert res.passed and 'def twice' in res.code and 'x * x if x' in res.code and res.stats['repair'] >= 1

def test_auto_rule_repairs_near_misses_and_replans_the_rest(ex):
    from mcts_codegen.core.engine import Search
    from mcts_codegen.core.node import Node
    eng = MCTSEngine(ScriptedClient(['x']), create_preset('LEVERS'), executor=ex)
    srch = Search(eng, P, None)
    near, far = Node('def sq(x):\n    return 9\n', srch.root, action='plan'), Node('def sq(x):\n    return 0\n', srch.root, action='plan')
    near.result, far.result = ex.run(near.code, P.visible_tests), ex.run(far.code, P.visible_tests)
    assert srch.v.expansion(srch, srch.root)[0] == 'plan'
    mode, _, fail = srch.v.expansion(srch, near)
    assert mode == 'repair' and fail.call == 'sq(-2)' and fail.got == '9'
    assert srch.v.expansion(srch, far)[0] == 'plan'
    eng.cfg.experimental.fix = 'refine'
    assert srch.v.expansion(srch, near)[0] == 'refine' and srch.v.expansion(srch, srch.root)[0] == 'plan'

def test_root_min_draws_fresh_programs_before_going_deeper(ex):
    progs = [f'def sq(x):\n    return {i}\n' for i in range(12)]
    eng = MCTSEngine(ScriptedClient([fence(c) for c in progs]), create_preset('FAST', n_variants=1, root_min=4, widen_prior=0.0, max_llm_calls=6), executor=ex)
    res = eng.search(P)
    order = sorted((n for n in res.root.walk() if n is not res.root), key=lambda n: n.idx)
    assert [n.depth for n in order[:4]] == [1, 1, 1, 1] and any(n.depth == 2 for n in order)  # then the rule picks deeper nodes again

def test_agreement_breaks_ties_by_behaviour_within_the_budget(ex):
    p = P.model_copy(update=dict(visible_tests=[]))
    progs = ['def sq(x):\n    return x * 3\n', 'def sq(x):\n    return x * x\n', 'def sq(x):\n    return x ** 2\n']
    seen = []
    res = MCTSEngine(ScriptedClient(lever_reply(seen, progs)), create_preset('SELECT', max_llm_calls=4), executor=ex).search(p)
    assert res.code == progs[1] and res.llm_calls == 4 and res.stats['agreement']['changed'] and res.stats['agreement']['tied'] == 3
    assert sum('different calls of `sq`' in u for u in seen) == 1 and all(SENTINEL not in u and 'candidate(5)' not in u for u in seen)
    off = MCTSEngine(ScriptedClient(lever_reply([], progs)), create_preset('SELECT', max_llm_calls=4, agreement='off'), executor=ex).search(p)
    assert off.code == progs[0] and 'agreement' not in off.stats  # the first clean program, as without the lever
    # visible evidence first: a program passing more visible tests is never overruled by agreement
    res = MCTSEngine(ScriptedClient(lever_reply([], [WRONG[3], RIGHT, RIGHT])), create_preset('SELECT', max_llm_calls=3), executor=ex).search(P)
    assert res.code == RIGHT and 'agreement' not in res.stats

def test_pass_k_keeps_drawing_past_a_fooling_program_and_agreement_outvotes_it(ex):
    fooled = 'def sq(x):\n    return {3: 9, -2: 4}.get(x, 0)\n'  # passes both visible tests, wrong elsewhere
    progs = [fooled, RIGHT, 'def sq(x):\n    return x ** 2\n', WRONG[0]]
    seen = []
    res = MCTSEngine(ScriptedClient(lever_reply(seen, progs)), create_preset('SELECT', max_llm_calls=10), executor=ex).search(P)
    assert res.code in (RIGHT, progs[2]) and res.stats['passing'] == 3 and res.stats['agreement']['tied'] == 3 and res.stats['agreement']['changed']
    assert res.llm_calls == len(seen) == 4  # the first expansion (the greedy answer, then two samples), the inputs call: it stops at the third passing program
    one = MCTSEngine(ScriptedClient(lever_reply([], progs)), create_preset('SELECT', max_llm_calls=10, pass_k=1), executor=ex).search(P)
    assert one.code == fooled and one.llm_calls == 1 and 'agreement' not in one.stats  # the common stop rule: the first passing program

def test_budget_reserved_for_agreement_is_never_overshot(ex):
    for cap in (1, 2, 3, 5):
        seen = []
        res = MCTSEngine(ScriptedClient(lever_reply(seen, WRONG * 3)), create_preset('LEVERS', max_llm_calls=cap), executor=ex).search(P)
        assert res.llm_calls <= cap and len(seen) == res.llm_calls, (cap, res.llm_calls, len(seen))

def test_tree_invariants_with_every_lever_on(ex):
    snaps = []
    def progress(d): snaps.append({id(n): n.visits for n in d['root'].walk()})
    def reply(msgs):
        u = msgs[-1]['content']
        if 'different calls of `sq`' in u: return "```python\nsq(1)\nsq(4)\n```"
        body = fence(random.choice(WRONG + ['def sq(x):\n    return x * x if x > 0 else -1\n']) + f'\n# {random.random()}\nZ = {random.randint(0, 10**6)}\n')
        return f"Plan:\n1. try\n\n{body}" if "'Plan:'" in u else body
    eng = MCTSEngine(ScriptedClient(reply), create_preset('LEVERS', n_iter=15, max_llm_calls=25), executor=ex)
    res = eng.search(P, progress)
    for n in res.root.walk():
        assert -1 <= n.q <= 1 and n.visits >= sum(c.visits for c in n.children) and n.virtual_loss == 0
        assert n.reward is None or -1 <= n.reward <= 1
    for a, b in zip(snaps, snaps[1:]): assert all(b.get(k, v) >= v for k, v in a.items())  # visits never decrease
    assert res.llm_calls <= 25 and {n.action for n in res.root.walk()} - {'root', 'plan', 'repair', 'refine'} == set()

class FlakySandbox:
    "An executor whose sandbox fails on the first program it is given (a host error, not the candidate's doing)."
    def __init__(self, inner): self.inner, self.n = inner, 0
    async def arun(self, code, tests, language='python', timeout=None):
        self.n += 1
        if self.n == 1: raise OSError('worker could not be restarted')
        return await self.inner.arun(code, tests, language=language, timeout=timeout)
    def close(self): pass

def test_a_sandbox_failure_fails_one_candidate_not_the_search(ex):
    replies = iter([fence(RIGHT), fence(WRONG[0]), fence('def sq(x):\n    return x ** 2\n'), fence(WRONG[1])] * 5)
    cfg = create_preset('FAST', max_llm_calls=6, greedy_first=True)
    eng = MCTSEngine(ScriptedClient(lambda m: next(replies)), cfg, executor=FlakySandbox(ex))
    res = eng.search(P)  # the greedy answer's run raises in the sandbox: that candidate fails, the search goes on
    assert res.llm_calls > 1
    first = next(n for n in res.root.walk() if n is not res.root and n.result is not None)
    assert first.result.error_type == 'ExecutorError' and not first.result.passed
    assert res.passed and res.result.error_type is None
