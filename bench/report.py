"""Markdown tables of committed benchmark results: scores with both budgets (completions and tokens) and cache-free seconds,
paired comparisons, and the shortfall against oracle@N; for HumanEval, the dev half (0-81), the test half (82-163) and all 164.

    python bench/report.py results/humaneval/qwen2.5-coder-0.5b [more folders] [--allow-mixed]

A strategy whose rows come from several engine versions is refused (rerun it on every problem), unless --allow-mixed,
and then its engine column says so. Rows written before versions were recorded are version `legacy`.
"""
import argparse, sys
from pathlib import Path
from mcts_codegen.benchmark import load_results, paired, shortfall, subset, HUMANEVAL_SPLITS

ORDER = ['greedy', 'sample', 'best-of-n', 'reflexion', 'mcts-fast', 'mcts-balanced', 'mcts-thorough', 'mcts-plan', 'mcts-repair', 'mcts-select', 'mcts-levers', 'oracle']

def label(b):
    return {'estimator': "sample (pass@1 estimate)", 'upper bound': f"oracle@{b.n} (upper bound)"}.get(b.kind, b.strategy)

def secs(x): return 'n/a' if x is None else f"{x:.1f}"

def table(res):
    print("| strategy | pass@1 | solved | LLM completions mean / max | tokens mean / max | s per problem, cache-free (mean / max) | peak RSS | engine |")
    print("|---|---|---|---|---|---|---|---|")
    for s in sorted(res, key=lambda s: ORDER.index(s) if s in ORDER else 99):
        b = res[s]
        print(f"| {label(b)} | {100 * b.pass_at_1:.1f}% | {b.solved}/{b.problems} | {b.calls_mean:.2f} / {b.calls_max} | "
              f"{b.tokens_mean:.0f} / {b.tokens_max} | {secs(b.time_nocache)} / {secs(b.time_nocache_max)} | {b.peak_memory_mb:.0f} MiB | {b.engine} |")
    if any(b.time_nocache is None for b in res.values()):
        print("\nn/a: legacy rows answered partly by the response cache, whose hit time was not recorded; rerun without the cache (`bench --no-cache`) for seconds.")
    if any(b.engine == 'legacy' for b in res.values()):
        print("\nengine `legacy`: rows written before engine versions were recorded (one run of unknown code version).")
    if any(b.engine.startswith('mixed') for b in res.values()):
        print("\n**Mixed engine versions** (--allow-mixed): some strategy's rows come from different code or settings; its numbers are not one experiment.")

def comparisons(res):
    pairs = ([('mcts-balanced', s) for s in ('greedy', 'best-of-n', 'reflexion')] + [('best-of-n', 'greedy'), ('reflexion', 'greedy')]
             + [(f'mcts-{x}', s) for x in ('plan', 'repair', 'select', 'levers') for s in ('mcts-balanced', 'best-of-n')])
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

def splits(res):
    "HumanEval results by half; any other problem set as a whole."
    ids = {r.task_id for b in res.values() for r in b.per_problem}
    if not all(t.startswith('HumanEval/') for t in ids): return {'all': res}
    out = {}
    for name, rng in HUMANEVAL_SPLITS.items():
        part = {s: x for s, b in res.items() if (x := subset(b, rng)) is not None}
        if part: out[name] = part
    return out

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('folders', nargs='+', type=Path)
    ap.add_argument('--allow-mixed', action='store_true', help="accept a strategy whose rows come from several engine versions")
    a = ap.parse_args(argv)
    for folder in a.folders:
        try: res = load_results(folder, allow_mixed=a.allow_mixed)
        except ValueError as e: sys.exit(f"{folder}: {e}")
        for name, part in splits(res).items():
            print(f"\n### {folder.name} · {name}\n")
            table(part); comparisons(part); gaps(part)

if __name__ == '__main__': main()
