"""The hybrid-search measurement: the same held-out problems searched with the LLM reflector alone and with the trained networks.

    python bench/hybrid.py results/humaneval/qwen2.5-coder-0.5b results/humaneval/qwen2.5-coder-0.5b+nets [--problems 82-163]

Prints, per arm, the pass rate on the hidden tests, LLM calls per problem split into code completions and reflector
calls, and the network's value calls; then the paired comparison of the two arms and of each against mcts-balanced
(tests only, no reflector) on the same problems.
"""
import argparse, json, statistics
from mcts_codegen.benchmark import load_results, paired

ap = argparse.ArgumentParser()
ap.add_argument('without'); ap.add_argument('with_nets'); ap.add_argument('--problems', default='82-163')
a = ap.parse_args()
base = load_results(a.without, ids=a.problems)
arms = {'LLM reflector (no networks)': base['mcts-hybrid'], 'value + policy networks': load_results(a.with_nets, ids=a.problems)['mcts-hybrid']}
if 'mcts-balanced' in base: arms = {'tests only (mcts-balanced)': base['mcts-balanced'], **arms}

def st(r): return r.stats if isinstance(r.stats, dict) else json.loads(r.stats or '{}')
print("| arm | problems | pass@1 | LLM calls mean | completions mean | reflector calls mean | network values mean | problems at the cap | s per problem |")
print("|---|---|---|---|---|---|---|---|---|")
for name, b in arms.items():
    rs = b.per_problem
    refl = [st(r).get('reflections', 0) for r in rs]
    print(f"| {name} | {len(rs)} | {100 * b.pass_at_1:.1f}% ({b.solved}) | {statistics.mean(r.llm_calls for r in rs):.2f} | "
          f"{statistics.mean(r.llm_calls - x for r, x in zip(rs, refl)):.2f} | {statistics.mean(refl):.2f} | "
          f"{statistics.mean(st(r).get('net_values', 0) for r in rs):.2f} | {sum(r.llm_calls >= r.n for r in rs)} | {statistics.mean(r.wall_time for r in rs):.0f} |")
names = list(arms)
print("\n| A vs B | problems | A | B | A only | B only | McNemar p | calls A / B |")
print("|---|---|---|---|---|---|---|---|")
for i in range(len(names)):
    for j in range(i + 1, len(names)):
        A, B = arms[names[j]], arms[names[i]]
        p = paired(A, B)
        ca = {r.task_id: r.llm_calls for r in A.per_problem}; cb = {r.task_id: r.llm_calls for r in B.per_problem}
        both = sorted(set(ca) & set(cb))
        print(f"| {names[j]} vs {names[i]} | {p['problems']} | {p['a_pass']} | {p['b_pass']} | {p['wins']} | {p['losses']} | {p['p_mcnemar']:.2g} | "
              f"{sum(ca[t] for t in both) / len(both):.2f} / {sum(cb[t] for t in both) / len(both):.2f} |")
