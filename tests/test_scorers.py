"Invariants of the judge-free scorers: corner inputs are calls of the entry point made from the prompt alone; cluster and overlap scores order programs by how many behave like them."
import ast
from hypothesis import given, settings, strategies as st
from mcts_codegen.learn.scorers import corner_inputs, corner_values, cluster_scores, overlap_scores

TYPES = ['int', 'str', 'float', 'bool', 'list[int]', 'list[str]', 'tuple[int, int]', 'list[tuple[int, str]]', 'dict[str, int]', 'int | None', 'set[int]', 'Foo']

@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3), st.lists(st.integers(-50, 50), max_size=3))
def test_corner_inputs_are_calls_of_the_entry_point(types, nums):
    params = ', '.join(f'a{i}: {t}' for i, t in enumerate(types))
    doc = ' '.join(map(str, nums))
    prompt = f'def f({params}) -> int:\n    """Bounds {doc}."""\n'
    calls = corner_inputs(prompt, 'f', k=40)
    assert len(calls) <= 40 and len(set(calls)) == len(calls)
    for c in calls:
        e = ast.parse(c, mode='eval').body
        assert isinstance(e, ast.Call) and e.func.id == 'f' and len(e.args) == len(types)
        [ast.literal_eval(a) for a in e.args]  # literal arguments only: nothing to run at make time

def test_corner_inputs_never_read_more_than_the_prompt():
    "The same prompt gives the same calls whatever else exists (no hidden test, no reference to read)."
    p = 'def g(xs: list[int]) -> int:\n    """Sum of xs; at most 100 values.\n    >>> g([1, 2])\n    3\n    """\n'
    assert corner_inputs(p, 'g') == corner_inputs(p, 'g')
    assert 'g([])' in corner_inputs(p, 'g', k=100) and 'g([100, 100])' not in corner_inputs(p.replace('100', 'a hundred'), 'g', k=100)
    assert any('100' in c for c in corner_inputs(p, 'g', k=100))  # a boundary the docstring names
    assert corner_values('int', (100,))[-3:] == [99, 100, 101]

@given(st.lists(st.one_of(st.none(), st.tuples(st.integers(0, 2), st.integers(0, 2))), min_size=1, max_size=12))
def test_cluster_and_overlap_scores(sigs):
    c, o = cluster_scores(sigs), overlap_scores(sigs)
    assert len(c) == len(o) == len(sigs)
    for s, x, y in zip(sigs, c, o):
        assert 0 <= x <= 1 and 0 <= y <= 1
        if s is None: assert x == 0 and y == 0
        else: assert y >= x - 1e-12  # identical programs agree on every input, and more may agree on some
    for i, si in enumerate(sigs):  # same behaviour, same score
        for j, sj in enumerate(sigs):
            if si == sj: assert c[i] == c[j] and o[i] == o[j]
