"""Markdown tables of committed HumanEval results: scores with budgets, paired comparisons, and the shortfall against oracle@N.

    python bench/report.py results/humaneval/qwen2.5-coder-0.5b [more folders]
"""
import sys
from pathlib import Path
from mcts_codegen.benchmark import load_results, paired, shortfall, ANCHORS

ORDER = ['greedy', 'sample', 'best-of-n', 'reflexion', 'mcts-fast', 'mcts-balanced', 'mcts-thorough', 'oracle']

def label(b):
    return {'estimator': f"sample (pass@1 estimate)", 'upper bound': f"oracle@{b.n} (upper bound)"}.get(b.kind, b.strategy)

def table(res):
    print("| strategy | pass@1 | solved | LLM calls mean / max | tokens mean / max | s per problem (mean / max) | peak RSS |")
    print("|---|---|---|---|---|---|---|")
    for s in sorted(res, key=lambda s: ORDER.index(s) if s in ORDER else 99):
        b = res[s]
        print(f"| {label(b)} | {100 * b.pass_at_1:.1f}% | {b.solved}/{b.problems} | {b.calls_mean:.2f} / {b.calls_max} | "
              f"{b.tokens_mean:.0f} / {b.tokens_max} | {b.avg_time:.1f} / {b.max_time:.0f} | {b.peak_memory_mb:.0f} MiB |")

def comparisons(res):
    pairs = [('mcts-balanced', s) for s in ('greedy', 'best-of-n', 'reflexion')] + [('best-of-n', 'greedy'), ('reflexion', 'greedy')]
    rows = [paired(res[a], res[b]) for a, b in pairs if a in res and b in res]
    if not rows: return
    print("\n| A vs B | problems | A | B | A−B (points) | A only | B only | McNemar p |")
    print("|---|---|---|---|---|---|---|---|")
    for p in rows:
        print(f"| {p['a']} vs {p['b']} | {p['problems']} | {p['a_pass']} | {p['b_pass']} | {p['diff_pts']:+.1f} | {p['wins']} | {p['losses']} | {p['p_mcnemar']:.2g} |")

def gaps(res):
    if 'oracle' not in res: return
    print("\n| strategy | oracle solves, strategy does not | visible tests fooled | no visible pass found | no visible tests |")
    print("|---|---|---|---|---|")
    for s in ('best-of-n', 'reflexion', 'mcts-balanced'):
        if s not in res: continue
        g = shortfall(res[s], res['oracle'])
        print(f"| {s} | {sum(map(len, g.values()))} | {len(g['visible tests fooled'])} | {len(g['no visible pass found'])} | {len(g['no visible tests'])} |")

for folder in sys.argv[1:]:
    res = load_results(folder)
    ids = None
    print(f"\n### {Path(folder).name}\n")
    table(res); comparisons(res); gaps(res)
