"Property tests of choosing by votes and of the mutated inputs: bounded votes, order does not matter, a copy drawn again never loses ground, the likelihood only breaks what it outweighs, calls repeat and parse."
import ast, random
from hypothesis import given, settings, strategies as st
from mcts_codegen.core.problem import CallTest
from mcts_codegen.core.select import mutated_calls, mutations, plurality, voted

outcome = st.tuples(st.sampled_from(['value', 'error']), st.sampled_from(['0', '1', '2', "'a'", 'ValueError']))
sigs = st.lists(st.one_of(st.none(), st.lists(outcome, min_size=0, max_size=5).map(tuple)), min_size=1, max_size=8)

@settings(max_examples=300, deadline=None)
@given(sigs, st.data())
def test_votes_bounded_and_order_free(ss, data):
    w = data.draw(st.lists(st.integers(1, 5), min_size=len(ss), max_size=len(ss)))
    v = plurality(ss, w)
    assert len(v) == len(ss) and all(0.0 <= x <= 1.0 + 1e-12 for x in v)
    assert max(v) == 0.0 or abs(max(v) - 1.0) < 1e-12  # as a share of the best, or no input told them apart
    assert all(x == 0.0 for s, x in zip(ss, v) if not s)  # not run: no votes
    perm = data.draw(st.permutations(range(len(ss))))
    vp = plurality([ss[i] for i in perm], [w[i] for i in perm])
    assert all(abs(vp[k] - v[i]) < 1e-9 for k, i in enumerate(perm))

lp = st.one_of(st.none(), st.floats(-3.0, 0.0))

@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.floats(0.0, 1.0), lp), min_size=1, max_size=8), st.sampled_from([0, 0.1, 1, 10]))
def test_likelihood_orders_equal_votes_and_a_missing_one_ranks_last(rows, w):
    votes, lps = [v for v, _ in rows], [p for _, p in rows]
    s = voted(votes, lps, w)
    if w == 0: assert s == votes
    for i, j in [(i, j) for i in range(len(rows)) for j in range(len(rows))]:
        if votes[i] == votes[j] and lps[i] is not None and lps[j] is not None and lps[i] > lps[j] + 1e-9 and w > 0: assert s[i] > s[j]  # apart by more than rounding
        if w > 0 and lps[i] is None and lps[j] is not None: assert s[i] < s[j]  # votes are within [0, 1]: -10 nats is beyond any drawn

@settings(max_examples=200, deadline=None)
@given(sigs, st.integers(0, 7))
def test_drawing_a_program_again_never_lowers_its_rank(ss, i):
    i %= len(ss)
    w = [1] * len(ss)
    before = plurality(ss, w)
    after = plurality(ss, [x + (k == i) for k, x in enumerate(w)])
    # every program that was at or below it stays at or below it
    assert all(after[k] <= after[i] + 1e-9 for k in range(len(ss)) if before[k] <= before[i] + 1e-9)

lit = st.recursive(st.one_of(st.integers(-50, 50), st.text('abc -', max_size=6), st.booleans(), st.floats(-5, 5, allow_nan=False)),
                   lambda c: st.lists(c, max_size=4) | st.tuples(c, c), max_leaves=8)

@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(lit, min_size=1, max_size=3), min_size=1, max_size=3), st.integers(1, 40), st.integers(0, 3))
def test_mutated_calls_parse_repeat_and_stay_apart(examples, k, seed):
    tests = [CallTest(call=f"f({', '.join(map(repr, args))})") for args in examples]
    calls = mutated_calls(tests, 'f', k=k, seed=seed)
    assert calls == mutated_calls(tests, 'f', k=k, seed=seed) and len(calls) <= k and len(set(calls)) == len(calls)
    for c in calls:
        node = ast.parse(c, mode='eval').body
        assert isinstance(node, ast.Call) and node.func.id == 'f'
        [ast.literal_eval(a) for a in node.args]  # every argument is still a literal
    for args in examples:
        for a in args: assert all(type(m) is type(a) for m in mutations(a, random.Random(0)) if not isinstance(a, bool))
