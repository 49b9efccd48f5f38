"""The hybrid-search measurement: the same held-out problems searched on visible tests only, with the LLM reflector,
and with the trained networks (the reflector asked only where the value network is unsure).

    python experiments/2026-11-21-networks/hybrid.py results/legacy/humaneval/qwen2.5-coder-0.5b results/legacy/humaneval/qwen2.5-coder-0.5b+nets [--problems 82-163]

Prints each arm's pass rate on the hidden tests and its LLM calls per problem split into code completions and
reflector calls (`benchmark.call_split`), then the paired comparisons.
"""
import argparse
from mcts_codegen.bench.runner import load_results, paired, call_split

ap = argparse.ArgumentParser()
ap.add_argument('without'); ap.add_argument('with_nets'); ap.add_argument('--problems', default='82-163')
a = ap.parse_args()
base, nets = load_results(a.without, ids=a.problems), load_results(a.with_nets, ids=a.problems)
arms = {k: v for k, v in (('tests only (mcts-balanced)', base.get('mcts-balanced')), ('LLM reflector', base.get('mcts-hybrid')),
                          ('networks, reflector where unsure', nets.get('mcts-hybrid'))) if v is not None}
t = call_split(arms)
print('| arm | ' + ' | '.join(t.columns) + ' |\n|' + '---|' * (len(t.columns) + 1))
for row in t.itertuples(): print('| ' + ' | '.join(str(v) for v in row) + ' |')  # itertuples keeps each column's type
names = list(arms)
print("\n| A vs B | problems | A | B | A only | B only | McNemar p |\n|---|---|---|---|---|---|---|")
for i in range(len(names)):
    for j in range(i + 1, len(names)):
        p = paired(arms[names[j]], arms[names[i]])
        print(f"| {names[j]} vs {names[i]} | {p['problems']} | {p['a_pass']} | {p['b_pass']} | {p['wins']} | {p['losses']} | {p['p_mcnemar']:.2g} |")
