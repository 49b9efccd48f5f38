"Property tests of the tree invariants: Q in [-1, 1], visits never decrease, parents count their children's visits."
import math
from hypothesis import given, settings, strategies as st
from mcts_codegen.core.node import Node, clip, ucb1, puct

ops = st.lists(st.tuples(st.sampled_from(['add', 'backprop', 'vl', 'unvl']),
                         st.integers(0, 10_000),
                         st.floats(allow_nan=True, allow_infinity=True, width=32),
                         st.floats(0, 1)), max_size=200)

def _run(seq):
    root, nodes, history = Node(), [], []
    nodes.append(root)
    for op, i, x, p in seq:
        n = nodes[i % len(nodes)]
        before = {id(m): m.visits for m in nodes}
        if op == 'add': nodes.append(n.add_child(f'c{len(nodes)}', prior=p))
        elif op == 'backprop': n.backprop(x)
        elif op == 'vl': n.add_virtual_loss()
        else: n.remove_virtual_loss()
        history.append((before, {id(m): m.visits for m in nodes}))
    return root, nodes, history

@settings(max_examples=300, deadline=None)
@given(ops)
def test_q_bounded_and_visits_monotone(seq):
    root, nodes, history = _run(seq)
    for m in nodes:
        assert -1.0 <= m.q <= 1.0
        assert abs(m.value_sum) <= m.visits + 1e-9
        assert m.virtual_loss >= 0
    for before, after in history:
        assert all(after[k] >= v for k, v in before.items())

@settings(max_examples=300, deadline=None)
@given(ops)
def test_parent_visits_cover_children(seq):
    root, nodes, _ = _run(seq)
    for m in nodes:
        assert m.visits >= sum(c.visits for c in m.children)
        for c in m.children: assert c.depth == m.depth + 1 and c.parent is m
    assert root.size() == len(nodes)

@settings(max_examples=200, deadline=None)
@given(ops, st.sampled_from(['ucb1', 'puct']), st.floats(0, 10))
def test_best_child_is_a_child_with_max_score(seq, rule, c):
    root, nodes, _ = _run(seq)
    for m in nodes:
        b = m.best_child(rule, c)
        if not m.children: assert b is None; continue
        f = ucb1 if rule == 'ucb1' else puct
        N = m.visits + m.virtual_loss
        scores = [f(ch, N, c) for ch in m.children]
        assert b in m.children and f(b, N, c) == max(scores)
        assert m.children.index(b) == scores.index(max(scores))   # first on ties

@given(st.floats(allow_nan=True, allow_infinity=True))
def test_clip(x):
    y = clip(x)
    assert -1 <= y <= 1 and (math.isnan(x) or y == max(-1, min(1, x)))
